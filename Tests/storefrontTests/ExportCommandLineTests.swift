import Foundation
import Testing
import TestSupport

/// `storefront export --storekit PATH` writes only to a regular file or a new path (issue 22): what is
/// not a file is refused with a message and left as it was; a symlink is followed, never replaced.
@Suite("export destinations")
struct ExportCommandLineTests {
    func export(to path: String) throws -> Storefront.Run {
        try Storefront.run(["export", "--storekit", path], timeout: 20)
    }

    /// What `lstat` says the path is, without following a link.
    func kind(_ path: String) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }

    @Test("a FIFO given to export is refused, never written or replaced")
    func fifoRefused() throws {
        let fifo = ScratchFolder.make("export").appendingPathComponent("out.storekit").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let run = try export(to: fifo)
        #expect(run.status == 2)
        #expect(run.stderr.contains("storefront: cannot write \(fifo) (--storekit): it is a FIFO (named pipe); storefront writes only to a regular file or a new path"), "\(run.stderr)")
        #expect(kind(fifo) == S_IFIFO)
    }

    @Test("a device given to export is refused, never written or replaced")
    func deviceRefused() throws {
        // A null device of the test's own where the test may make one (as root), so a failing export cannot
        // replace the system's /dev/null; elsewhere /dev/null, which only root could replace.
        var device = ScratchFolder.make("export").appendingPathComponent("null").path
        if mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) != 0 { device = "/dev/null" } // makedev(1, 3)
        let run = try export(to: device)
        #expect(run.status == 2)
        #expect(run.stderr.contains("storefront: cannot write \(device) (--storekit): it is a device; storefront writes only to a regular file or a new path"), "\(run.stderr)")
        #expect(kind(device) == S_IFCHR)
    }

    @Test("a folder given to export is refused with a message, and stays a folder")
    func folderRefused() throws {
        let folder = ScratchFolder.make("export").path
        let run = try export(to: folder)
        #expect(run.status == 2)
        #expect(run.stderr.contains("storefront: cannot write \(folder) (--storekit): it is a folder; storefront writes only to a regular file or a new path"), "\(run.stderr)")
        #expect(kind(folder) == S_IFDIR)
    }

    @Test("a symlink given to export is followed: the file it names is written and the link stays a link")
    func symlinkFollowed() throws {
        let folder = ScratchFolder.make("export")
        let target = folder.appendingPathComponent("real.storekit").path
        let link = folder.appendingPathComponent("link.storekit").path
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        #expect(symlink("real.storekit", link) == 0)
        let run = try export(to: link)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(kind(link) == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.storekit")
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("\"identifier\""))
    }

    @Test("a symlink to a FIFO or to nothing is refused; the link and what it names are left as they were")
    func symlinkToSpecialRefused() throws {
        let folder = ScratchFolder.make("export")
        let fifo = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let toFIFO = folder.appendingPathComponent("to-pipe.storekit").path
        let dangling = folder.appendingPathComponent("dangling.storekit").path
        #expect(symlink("pipe", toFIFO) == 0)
        #expect(symlink("missing/none.storekit", dangling) == 0)
        let first = try export(to: toFIFO)
        #expect(first.status == 2)
        #expect(first.stderr.contains("storefront: cannot write \(toFIFO) (--storekit): it is a FIFO (named pipe); storefront writes only to a regular file or a new path"), "\(first.stderr)")
        let second = try export(to: dangling)
        #expect(second.status == 2)
        #expect(second.stderr.contains("storefront: cannot write \(dangling) (--storekit): it is a symbolic link to missing/none.storekit, which does not exist"), "\(second.stderr)")
        #expect(kind(toFIFO) == S_IFLNK && kind(dangling) == S_IFLNK && kind(fifo) == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["dangling.storekit", "pipe", "to-pipe.storekit"])
    }

    @Test("a regular file is replaced and a new path is made")
    func regularAndNew() throws {
        let folder = ScratchFolder.make("export")
        let existing = folder.appendingPathComponent("old.storekit").path
        try "old".write(toFile: existing, atomically: false, encoding: .utf8)
        for path in [existing, folder.appendingPathComponent("new.storekit").path] {
            let run = try export(to: path)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(kind(path) == S_IFREG)
            #expect(try String(contentsOfFile: path, encoding: .utf8).contains("\"identifier\""))
        }
    }
}
