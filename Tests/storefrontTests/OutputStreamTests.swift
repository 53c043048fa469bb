import Foundation
import Testing
import TestSupport

/// Where output goes (issue 53, item 4): a reader that went away ends the program quietly, as standard
/// tools end (of SIGPIPE); any other write error is exit 2 with one line on standard error, never a
/// crash and never a success with the output lost. Each command runs with every signal at its default,
/// as from a shell (`Spawned`).
@Suite("Output that cannot be written")
struct OutputStreamTests {
    /// A ledger with a purchase, and a script that prints a trace.
    static func fixture() throws -> (folder: URL, ledger: String, script: String) {
        let (folder, script, ledger) = try OutputFileTests.fixture()
        let made = try Storefront.run(["script", script])
        #expect(made.status == 0, "\(made.stderr)")
        return (folder, ledger, script)
    }

    static func commands(_ ledger: String, _ script: String) -> [[String]] {
        [["ledger", "--state", ledger], ["ledger", "--state", ledger, "--json"], ["script", "--trace", script],
         ["lint", Storefront.sampleCatalog.path], ["--catalog", Storefront.sampleCatalog.path]]
    }

    @Test("output to a full device (/dev/full) is exit 2 with one line on standard error: ledger, ledger --json, script --trace, lint, the plain-text store")
    func fullDevice() throws {
        let (folder, ledger, script) = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        for arguments in Self.commands(ledger, script) {
            let errors = folder.appendingPathComponent("stderr").path
            let pid = try Spawned.start(Storefront.binary.path, arguments, stdout: "/dev/full", stderr: errors)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            ChildProcesses.unregister(pid)
            let said = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            #expect(status & 0x7f == 0 && (status >> 8) & 0xff == 2, "\(arguments): status \(status), said \(said)")
            #expect(said.hasSuffix("storefront: cannot write to standard output: No space left on device\n") && !said.contains("Fatal error"),
                    "\(arguments): \(said)")
        }
    }

    @Test("a reader that went away (| head -c 1) ends the program quietly of SIGPIPE, whether the shell ignored SIGPIPE or not")
    func closedPipe() throws {
        let (folder, ledger, script) = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        for ignore in ["", "trap '' PIPE; "] {
            for arguments in Self.commands(ledger, script).filter({ $0.first == "ledger" || $0.first == "script" }) {
                // The reader reads one byte and goes; sleep first so it has gone before the bulk is written.
                let words = ([Storefront.binary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
                let run = try Spawned.run("/bin/bash", ["-c", "\(ignore){ sleep 0.2; \(words); } | head -c 0; echo \"status ${PIPESTATUS[0]}\""])
                #expect(run.output.hasSuffix("status 141\n"), "\(ignore)\(arguments): \(run.output)")
                #expect(!run.output.contains("Fatal error") && !run.output.contains("storefront:"), "quietly: \(run.output)")
            }
        }
    }
}
