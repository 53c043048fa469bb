import Foundation
import GRDB
import Testing
import TestSupport

/// `--state` from the command line (issue 8): what is refused exits 2 at once with a message, and
/// printing a ledger as text (output not a terminal) only reads it.
@Suite("--state on the command line")
struct LedgerCommandLineTests {
    /// A fresh folder, and a path in it.
    func temporary(_ name: String = "ledger.sqlite") throws -> String {
        let folder = ScratchFolder.make("state")
        return folder.appendingPathComponent(name).path
    }

    /// A ledger that owns Alps Map Pack, made by a script.
    func ledgerWithAPurchase() throws -> String {
        let path = try temporary()
        let script = path + ".script"
        try "launch --now 2026-11-21 --state \(path)\npress tab b tab enter\nexpect \"You bought Alps Map Pack.\"\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        let run = try Storefront.run(["script", script])
        #expect(run.status == 0, "\(run.stderr)")
        try FileManager.default.removeItem(atPath: script)
        return path
    }

    /// Runs `launch ARGUMENTS` as a script (the writing path, as in a terminal). Its one expectation
    /// is there because a script that checks nothing is refused before it runs.
    func launch(_ arguments: String) throws -> Storefront.Run {
        let script = try temporary("launch.script")
        try "launch \(arguments)\nexpect \"Store\"\n".write(toFile: script, atomically: true, encoding: .utf8)
        return try Storefront.run(["script", script], timeout: 20)
    }

    /// The file's bytes and mtime, and what lies in its folder.
    func fileState(_ path: String) throws -> [String] {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return [try Data(contentsOf: URL(fileURLWithPath: path)).base64EncodedString(),
                "\((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"]
            + (try FileManager.default.contentsOfDirectory(atPath: folder).sorted())
    }

    @Test("--state on a FIFO or a device exits 2 at once with a message, printing or saving, and leaves no journal")
    func specialFiles() throws {
        let fifo = try temporary("pipe")
        #expect(mkfifo(fifo, 0o644) == 0)
        for run in [try Storefront.run(["--state", fifo], timeout: 20), try launch("--state \(fifo)")] {
            #expect(run.status == 2)
            #expect(run.stderr.contains("\(fifo) is not a storefront ledger (it is a FIFO (named pipe), not a file)"), "\(run.stderr)")
        }
        for run in [try Storefront.run(["--state", "/dev/null"]), try launch("--state /dev/null")] {
            #expect(run.status == 2)
            #expect(run.stderr.contains("/dev/null is not a storefront ledger (it is a device, not a file)"), "\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal"))
    }

    @Test("a ledger whose migration table is empty gets the same message viewing it and in a script, exit 2, and is left untouched")
    func emptyMigrationTable() throws {
        let path = try ledgerWithAPurchase()
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: "DELETE FROM grdb_migrations") }
        try queue.close()
        let before = try fileState(path)
        let message = "\(path) is damaged (it has a ledger's tables but its list of schema migrations, grdb_migrations, is empty); it was left as it is. Use a backup, or another --state file\n"
        // Viewing says it as the program's message; a script names its launch line first.
        for (run, prefix) in [(try Storefront.run(["--state", path]), "storefront: "), (try launch("--state \(path)"), ":1: ")] {
            #expect(run.status == 2)
            #expect(run.stderr.hasSuffix(prefix + message), "\(run.stderr)")
        }
        #expect(try fileState(path) == before)
    }

    @Test("an empty --state file exits 2 saying to delete it or pass a new name, and stays empty")
    func emptyFile() throws {
        let path = try temporary()
        FileManager.default.createFile(atPath: path, contents: nil)
        let run = try launch("--state \(path)")
        #expect(run.status == 2)
        #expect(run.stderr.contains("\(path) is an empty file, not a ledger; delete it to start a new ledger there, or pass a new file name to --state"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
    }

    @Test("printing a ledger as text only reads it: same bytes and mtime, --now saves no clock, nothing beside it")
    func plainTextReadsOnly() throws {
        let path = try ledgerWithAPurchase()
        let before = try fileState(path)
        let run = try Storefront.run(["--state", path, "--now", "2027-06-01", "--ask-to-buy"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Alps Map Pack"))
        #expect(try fileState(path) == before)

        let missing = try temporary()
        let none = try Storefront.run(["--state", missing])
        #expect(none.status == 2)
        #expect(none.stderr.contains("there is no ledger at \(missing)"))
        #expect(!FileManager.default.fileExists(atPath: missing), "printing creates no ledger")
    }

    /// Makes a folder and its files read-only for everyone, root included: `chmod`, and as root
    /// `chattr +i` (an immutable file or folder refuses writes whatever the permissions). Returns the undo.
    func makeReadOnly(_ folder: String, filesToo: Bool = true) throws -> () -> Void {
        let files = filesToo ? try FileManager.default.contentsOfDirectory(atPath: folder).map { folder + "/" + $0 } : []
        func chattr(_ flag: String) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
            process.arguments = [flag] + files + [folder]
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        for file in files { chmod(file, 0o444) }
        chmod(folder, 0o555)
        let immutable = geteuid() == 0
        if immutable { #expect(try chattr("+i") == 0, "chattr +i is needed to make a read-only place as root") }
        return {
            if immutable { _ = try? chattr("-i") }
            chmod(folder, 0o755)
            for file in files { chmod(file, 0o644) }
        }
    }

    @Test("a ledger in a read-only place is printed as text, but saving to it, or a new one there, exits 2 at once")
    func readOnlyPlace() throws {
        let path = try ledgerWithAPurchase()
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let undo = try makeReadOnly(folder)
        defer { undo() }
        let before = try fileState(path)

        let shown = try Storefront.run(["--state", path])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("Alps Map Pack"))

        let saving = try launch("--state \(path)")
        #expect(saving.status == 2)
        #expect(saving.stderr.contains("cannot save to \(path): the file is read-only"), "\(saving.stderr)")
        #expect(saving.stderr.contains("storefront --state \(path) | cat"))

        let new = folder + "/new.sqlite"
        let creating = try launch("--state \(new)")
        #expect(creating.status == 2)
        #expect(creating.stderr.contains("cannot make a ledger at \(new): the folder \(folder) is read-only"), "\(creating.stderr)")
        #expect(!creating.stderr.contains("| cat"), "no advice to print a ledger that does not exist")
        #expect(try fileState(path) == before, "nothing was written or left beside the ledger")
    }

    @Test("a writable ledger in a read-only folder exits 2 at once: each save writes a journal beside it")
    func readOnlyFolder() throws {
        let path = try ledgerWithAPurchase()
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let undo = try makeReadOnly(folder, filesToo: false)
        defer { undo() }
        let before = try fileState(path)
        let saving = try launch("--state \(path)")
        #expect(saving.status == 2)
        #expect(saving.stderr.contains("cannot save to \(path): its folder \(folder) is read-only"), "\(saving.stderr)")
        #expect(try fileState(path) == before)
    }
}
