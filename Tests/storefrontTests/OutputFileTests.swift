import Foundation
import Testing
import TestSupport

/// Every file the person names is written as `export --storekit` writes (issue 53, item 1): a device or
/// FIFO is never opened or replaced, a symbolic link is followed, a write error is exit 2 in plain
/// words, and a failed write leaves no partial file.
@Suite("Files the person names")
struct OutputFileTests {
    static func fixture() throws -> (folder: URL, script: String, ledger: String) {
        let folder = ScratchFolder.make("named-files")
        let ledger = folder.appendingPathComponent("ledger.sqlite").path
        let script = folder.appendingPathComponent("buy.script").path
        try "launch --now 2026-11-21T09:00:00Z --state \(ledger)\nbuy com.trailhead.maps.alps\nexpect-entitlements com.trailhead.maps.alps\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        return (folder, script, ledger)
    }

    @Test("script --cast and --junit refuse a FIFO at once (they waited forever for a reader) and a link to nothing, in plain words, exit 2")
    func refusedPlaces() throws {
        let (folder, script, _) = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("out.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let dangling = folder.appendingPathComponent("dangling.cast").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: folder.appendingPathComponent("nowhere/x.cast").path)
        for (arguments, said) in [(["--cast", fifo], "it is a FIFO (named pipe)"), (["--junit", fifo], "it is a FIFO (named pipe)"),
                                  (["--cast", dangling], "which does not exist"),
                                  (["--cast", folder.appendingPathComponent("missing/x.cast").path], "does not exist")] {
            let run = try Storefront.run(["script"] + arguments + [script], timeout: 20)
            #expect(run.status == 2, "\(arguments): \(run.status) \(run.stderr)")
            #expect(run.stderr.contains(said) && run.stderr.contains("(\(arguments[0]))"), "\(arguments): \(run.stderr)")
            #expect(!run.stderr.contains("Error Domain") && !run.stderr.contains("already exists"), "plain words: \(run.stderr)")
        }
        var info = stat()
        #expect(stat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO is still a FIFO")
    }

    @Test("script --cast through a symbolic link writes the file it names, and the link stays a link")
    func linkFollowed() throws {
        let (folder, script, _) = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("real.cast").path
        FileManager.default.createFile(atPath: target, contents: Data("old".utf8))
        let link = folder.appendingPathComponent("link.cast").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let run = try Storefront.run(["script", "--cast", link, script])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        let written = try String(contentsOfFile: target, encoding: .utf8)
        #expect(written.hasPrefix("{") && written.contains("\"version\""), "an asciicast header: \(written.prefix(80))")
    }

    @Test("past a file-size limit script --cast is exit 2 naming the limit, and leaves no partial cast or draft")
    func castPastTheLimit() throws {
        let (folder, _, _) = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A script without a ledger, so only the cast meets the limit.
        let script = folder.appendingPathComponent("walk.script").path
        try "launch --now 2026-11-21T09:00:00Z\npress j j j k k k\nexpect \"Trail Boost\"\n".write(toFile: script, atomically: true, encoding: .utf8)
        let cast = folder.appendingPathComponent("walk.cast").path
        let run = try Spawned.run("/bin/bash", ["-c", "ulimit -f 1; exec \"$0\" script --cast \"$1\" \"$2\"", Storefront.binary.path, cast, script])
        #expect(run.status == 2, "\(run.status) \(run.output)")
        #expect(run.output.contains("the file would pass the file-size limit (ulimit -f)"), "\(run.output)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("walk.cast") }
        #expect(left.isEmpty, "left behind: \(left)")
    }

    @Test("export --jws into a folder exported into before leaves only this ledger's items; into a file it is refused")
    func jwsFolder() throws {
        let (folder, script, ledger) = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Storefront.run(["script", script]).status == 0)
        let out = folder.appendingPathComponent("signed").path
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: out + "/transaction-999.jws", contents: Data("stale".utf8))
        FileManager.default.createFile(atPath: out + "/notes.txt", contents: Data("mine".utf8))
        let run = try Storefront.run(["export", "--jws", out, "--state", ledger])
        #expect(run.status == 0, "\(run.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out)
        #expect(!names.contains("transaction-999.jws"), "no stale .jws beside the new ones: \(names)")
        #expect(names.contains("notes.txt"), "what is not a .jws stays")
        #expect(names.contains { $0.hasSuffix(".jws") })
        let intoFile = try Storefront.run(["export", "--jws", script, "--state", ledger])
        #expect(intoFile.status == 2 && intoFile.stderr.contains("not a folder"), "\(intoFile.stderr)")
    }

    @Test("certificates --out makes the folders it needs and refuses a file or a device in plain words (it printed a raw NSError)")
    func certificatesFolder() throws {
        let folder = ScratchFolder.make("certificates")
        defer { try? FileManager.default.removeItem(at: folder) }
        let nested = folder.appendingPathComponent("a/b/certs").path
        let made = try Storefront.run(["certificates", "--out", nested])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(FileManager.default.fileExists(atPath: nested + "/root.der") && FileManager.default.fileExists(atPath: nested + "/root.pem"))
        let file = folder.appendingPathComponent("a-file").path
        FileManager.default.createFile(atPath: file, contents: Data())
        for (out, said) in [(file, "it is a file, not a folder"), ("/dev/full", "it is a device, not a folder")] {
            let run = try Storefront.run(["certificates", "--out", out])
            #expect(run.status == 2 && run.stderr.contains(said) && !run.stderr.contains("Error Domain"), "\(out): \(run.stderr)")
        }
    }
}
