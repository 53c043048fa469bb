import CatalogFormats
import Foundation
import Ledger
import StoreModel
import TestSupport
import Testing

/// `storefront script`: the project's own flows as scripts, and how the runner reports what goes wrong.
@Suite("Headless scripts")
struct ScriptTests {
    static let scripts = Storefront.repository.appendingPathComponent("Tests/Scripts")

    static var scriptNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: scripts.path)) ?? [])
            .filter { $0.hasSuffix(".script") }.sorted()
    }

    @Test("the flow scripts in Tests/Scripts pass", arguments: scriptNames)
    func flowScript(_ name: String) throws {
        // A script's relative --state ledger is new on every run: the runner keeps it in a scratch folder.
        let run = try Storefront.run(["script", Self.scripts.appendingPathComponent(name).path])
        #expect(run.status == 0, "\(name) failed:\n\(run.stderr)")
    }

    @Test("the flow scripts cover what QA walks: each product type, Ask to Buy, failures, renewals, refunds")
    func coverage() {
        for required in ["buy-each-product-type", "ask-to-buy", "failed-purchases", "renewals-billing-retry",
                         "refund", "interrupted-purchase", "signup-free-trial", "restore",
                         "metered-paywall", "subscribe-no-pitch", "family-member", "win-back", "account-plan-changes",
                         "account-billing-recovery", "account-family-own-plan", "account-restore-and-use",
                         "help-refund-non-consumable", "help-refund-subscription", "help-refund-consumable-declined",
                         "help-refund-twice", "help-missing-purchase", "help-feedback-draft",
                         "redeem-custom-code-new-subscriber", "redeem-one-time-code-twice", "redeem-expired-code",
                         "redeem-downgrade-code", "redeem-non-consumable-code", "redeem-outside-the-app", "redeem-open-bad-code"] {
            #expect(Self.scriptNames.contains(required + ".script"), "missing Tests/Scripts/\(required).script")
        }
    }

    /// Writes a script into a fresh folder and runs it.
    func run(_ text: String, arguments: [String] = []) throws -> (Storefront.Run, URL) {
        try run(bytes: Data(text.utf8), arguments: arguments)
    }

    /// Writes a script's exact bytes into a fresh folder and runs it.
    func run(bytes: Data, arguments: [String] = []) throws -> (Storefront.Run, URL) {
        let folder = ScratchFolder.make("script")
        let file = folder.appendingPathComponent("test.script")
        try bytes.write(to: file)
        return (try Storefront.run(["script", file.path] + arguments), folder)
    }

    @Test("past a file-size limit (ulimit -f) a new --state ledger is refused with exit 2 naming the path the person gave, and no half-made file is left")
    func fileSizeLimitLeavesNothing() throws {
        let folder = ScratchFolder.make("xfsz-script")
        defer { try? FileManager.default.removeItem(at: folder) }
        let ledger = folder.appendingPathComponent("new.sqlite").path
        let script = folder.appendingPathComponent("buy.script")
        try "launch --now 2026-11-21T09:00:00Z --state \(ledger)\nbuy com.trailhead.maps.alps\nexpect-entitlements com.trailhead.maps.alps\n"
            .write(to: script, atomically: true, encoding: .utf8)
        // 8 KiB: less than a new ledger's schema. Spawned with every signal at its default (a Foundation
        // Process would inherit what the test process ignores, and SIGXFSZ is the point here).
        let run = try Spawned.run("/bin/bash", ["-c", "ulimit -f 8; exec \"$0\" script \"$1\"", Storefront.binary.path, script.path], timeout: 60)
        #expect(run.status == 2, "not killed by SIGXFSZ (153): \(run.status) \(run.output)")
        #expect(run.output.contains("cannot use \(ledger) as the ledger"), "\(run.output)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "buy.script" }
        #expect(left.isEmpty, "left behind: \(left)")
    }

    @Test("a script interrupted by Ctrl-C, SIGTERM or SIGHUP removes its scratch folder of ledgers, then dies of the signal", arguments: [SIGINT, SIGTERM, SIGHUP])
    func interruptedScriptLeavesNothing(signal: Int32) throws {
        let folder = ScratchFolder.make("interrupted")
        defer { try? FileManager.default.removeItem(at: folder) }
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        // A relative --state path: the ledger goes in the run's own scratch folder.
        var lines = ["launch --now 2026-11-21T09:00:00Z --state ledger.sqlite"]
        for _ in 0..<2_000 { lines += ["buy com.trailhead.boost.small", "expect \"Trail Boost\""] }
        let script = folder.appendingPathComponent("long.script")
        try lines.joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
        let trace = folder.appendingPathComponent("trace").path
        // Spawned with every signal at its default, as from a shell.
        let pid = try Spawned.start("/usr/bin/env", ["TMPDIR=\(temporary.path)", Storefront.binary.path, "script", "--trace", script.path],
                                    stdout: trace, stderr: trace + ".err")
        defer { ChildProcesses.unregister(pid) }
        func scratch() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []).filter { $0.hasPrefix("storefront-script-") } }
        let deadline = Date().addingTimeInterval(30)
        while ((try? String(contentsOfFile: trace, encoding: .utf8)) ?? "").split(separator: "\n").count < 20, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(scratch().count == 1, "the run made its scratch folder")
        kill(pid, signal)
        var status: Int32 = 0
        let ended = Date().addingTimeInterval(10)
        while waitpid(pid, &status, WNOHANG) == 0, Date() < ended { Thread.sleep(forTimeInterval: 0.01) }
        if Date() >= ended { kill(pid, SIGKILL); waitpid(pid, &status, 0) }
        #expect(status & 0x7f == signal, "died of signal \(signal), as a shell expects (status \(status))")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        #expect(left.isEmpty, "left behind in TMPDIR: \(left)")
    }

    @Test("a script with CRLF line endings runs, and its expectations are checked")
    func crlf() throws {
        let (passing, _) = try run("# Windows line endings\r\nlaunch --now 2026-11-21\r\nexpect \"Trail Boost\"\r\n")
        #expect(passing.status == 0, "\(passing.stderr)")
        let (failing, _) = try run("# Windows line endings\r\nlaunch --now 2026-11-21\r\nexpect \"never shown\"\r\n")
        #expect(failing.status == 1, "the expectation ran: \(failing.stderr)")
        #expect(failing.stderr.contains("test.script:3: expectation failed: expect \"never shown\"\n"))
    }

    @Test("a script that checks nothing is an error, since it could never fail")
    func checksNothing() throws {
        for text in ["", "# only a comment\n", "launch --now 2026-11-21\npress b tab enter\n"] {
            let (run, _) = try run(text)
            #expect(run.status == 2, "\(text)")
            #expect(run.stderr.contains("test.script: the script checks nothing"), "\(text): \(run.stderr)")
        }
    }

    @Test("a lone CR, a BOM, NUL bytes, other controls and invalid UTF-8 are reported with file and line, exit 2")
    func badBytes() throws {
        let cases: [([UInt8], String)] = [
            (Array("expect \"Store\"\rpress q\n".utf8), "test.script:1: a carriage return (CR) in the middle of the line, at column 15"),
            ([0xEF, 0xBB, 0xBF] + Array("expect \"Store\"\n".utf8), "test.script:1: the file starts with a byte order mark (BOM)"),
            (Array("expect \"Store\"\npress b\0\n".utf8), "test.script:2: U+0000 (a control character) at column 8 is not allowed in a script"),
            (Array("expect \"Store\"\n\npress \u{1B}[2J\n".utf8), "test.script:3: U+001B (escape) at column 7 is not allowed"),
            (Array("# ok\nexpect \"Sto".utf8) + [0xFF] + Array("re\"\n".utf8), "test.script:2: the line is not valid UTF-8 (after column 11)"),
        ]
        for (bytes, message) in cases {
            let (run, _) = try run(bytes: Data(bytes))
            #expect(run.status == 2, "\(message)")
            #expect(run.stderr.contains(message), "\(message): \(run.stderr)")
        }
    }

    @Test("values in messages are quoted and escaped, so a value cannot pass for the message around it")
    func quotedValues() throws {
        let (failed, _) = try run(#"launch --now 2026-11-21"# + "\n" + #"expect "say \"hi\" \\ there""# + "\n")
        #expect(failed.status == 1)
        #expect(failed.stderr.contains(#"the screen does not show "say \"hi\" \\ there""# + "\n"), "\(failed.stderr)")
        let (key, _) = try run("press \"b\\\"\"\nexpect \"Store\"\n")
        #expect(key.stderr.contains(#"test.script:1: unknown key "b\"""#), "\(key.stderr)")
    }

    @Test("set family-sharing with a product the catalog cannot share stops the script with its line and the accepted ids, exit 3 (refused at run time)")
    func familySharingRefused() throws {
        let (run, _) = try run("press t\nset family-sharing com.trailhead.pass.summer\nexpect \"Store\"\n")
        #expect(run.status == 3)
        #expect(run.stderr.contains("test.script:2: \"com.trailhead.pass.summer\" is not a family-shareable"), "\(run.stderr)")
        #expect(run.stderr.contains("use off or one of \"com.trailhead.plus.family.monthly\""), "\(run.stderr)")
    }

    @Test("a malformed line is reported with its line number, exit 2, before anything runs")
    func malformedLine() throws {
        let (run, _) = try run("press b\n# a comment\n\npres tab\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains("test.script:4: unknown command \"pres\""))
        for (text, message) in [("press enterr", "test.script:1: unknown key \"enterr\""),
                                ("expect \"unclosed", "test.script:1: a quoted text is not closed"),
                                ("size 80by24", "test.script:1: \"80by24\" is not a size"),
                                ("advance 3 fortnights", "test.script:1: advance takes a duration"),
                                ("set ask-to-buy maybe", "test.script:1: \"maybe\" is not a value of ask-to-buy"),
                                ("expect", "test.script:1: expect takes a quoted text")] {
            let (bad, _) = try self.run(text)
            #expect(bad.status == 2, "\(text)")
            #expect(bad.stderr.contains(message), "\(text): \(bad.stderr)")
        }
    }

    @Test("a failed expectation exits 1 with the line, the expectation and the screen")
    func failedExpectation() throws {
        let (run, _) = try run("launch --now 2026-11-21\nexpect \"Trail Boost\"\nexpect-not \"Trail Boost\"\nexpect \"never shown\"\n")
        #expect(run.status == 1)
        #expect(run.stderr.contains("test.script:3: expectation failed: expect-not \"Trail Boost\""))
        #expect(run.stderr.contains("the screen shows \"Trail Boost\""))
        #expect(run.stderr.contains("screen (80×24) at line 3:"))
        #expect(run.stderr.contains("| Trailhead · Store"), "the screen is printed")
        #expect(!run.stderr.contains("line 4"), "the script stops at the first failure")
    }

    @Test("a snapshot is written with --record, then compared; a difference names the row")
    func snapshots() throws {
        let (first, folder) = try run("size 60x16\nlaunch --now 2026-11-21\nsnapshot store\n")
        #expect(first.status == 1)
        #expect(first.stderr.contains("run with --record"))
        let script = folder.appendingPathComponent("test.script").path
        let recorded = try Storefront.run(["script", "--record", script])
        #expect(recorded.status == 0)
        let golden = folder.appendingPathComponent("snapshots/store.txt")
        #expect(try String(contentsOf: golden, encoding: .utf8).contains("Trail Boost"))
        #expect(try Storefront.run(["script", script]).status == 0)
        try String(contentsOf: golden, encoding: .utf8).replacingOccurrences(of: "Trail Boost", with: "Trail Bust")
            .write(to: golden, atomically: true, encoding: .utf8)
        let changed = try Storefront.run(["script", script])
        #expect(changed.status == 1)
        #expect(changed.stderr.contains("differs from"))
        #expect(changed.stderr.contains("at row 4:\n  expected:  ▸ Trail Bust"))
        #expect(changed.stderr.contains("shown:     ▸ Trail Boost"))
    }

    @Test("bad launch options in a script are reported with its line")
    func badLaunch() throws {
        let (run, _) = try run("launch --locale xx_YY\nexpect \"Store\"\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains("test.script:1: unknown locale \"xx_YY\""))
        let (twice, _) = try self.run("launch\nlaunch\nexpect \"Store\"\n")
        #expect(twice.stderr.contains("test.script:2: launch comes once"))
        let (back, _) = try self.run("launch --now 2026-11-21\nadvance to 2026-01-01\nexpect \"Store\"\n")
        #expect(back.stderr.contains("simulated time only moves forward"))
    }

    @Test("nothing may follow quitting: the line is refused, exit 3")
    func afterQuit() throws {
        let (run, _) = try run("press q\nexpect \"Store\"\n")
        #expect(run.status == 3)
        #expect(run.stderr.contains("test.script:2: the app quit on line 1"))
    }

    @Test("a --state ledger carries purchases from one run to the next")
    func stateAcrossRuns() throws {
        let folder = ScratchFolder.make("state")
        let ledger = folder.appendingPathComponent("ledger.sqlite").path
        let (buy, _) = try run("launch --now 2026-11-21 --state \(ledger)\npress tab b tab enter\nexpect \"You bought Alps Map Pack.\"\n")
        #expect(buy.status == 0, "\(buy.stderr)")
        let (again, _) = try run("launch --state \(ledger)\nexpect \"✓ Owned\"\npress t\nexpect \"Alps Map Pack\"\n")
        #expect(again.status == 0, "\(again.stderr)")
    }

    @Test("a demo command works twice: a --now earlier than the --state ledger's clock keeps the ledger's clock and says so in one line, instead of exit 2")
    func earlierNowKeepsLedgerClock() throws {
        let ledger = ScratchFolder.make("earlier-now").appendingPathComponent("ledger.sqlite").path
        let launch = "launch --now 2026-11-21T09:00:00Z --state \(ledger)\n"
        let (first, _) = try run(launch + "advance 1mo\nexpect \"Store\"\n")
        #expect(first.status == 0, "\(first.stderr)")
        // The same command again: the ledger's clock (a month on) goes on; the notice names both instants.
        let (again, _) = try run(launch + "expect \"Ledger clock kept (Dec 21, 2026\"\nexpect \"--now was earlier.\"\n"
            + "press j\nexpect-not \"--now was earlier\"\n")
        #expect(again.status == 0, "\(again.stderr)")
        // Printed as text (not a terminal), the same thing is said on stderr and the store is printed.
        let printed = try Storefront.run(["--state", ledger, "--now", "2026-11-21"])
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stderr.contains("storefront: --now 2026-11-21T00:00:00Z is before the ledger's clock, which goes on from 2026-12-21"))
    }

    @Test("a script's relative --state ledger lives in a scratch folder, never where the script runs from: a second run starts as fresh as the first")
    func relativeLedgerIsScratch() throws {
        let runFrom = ScratchFolder.make("cwd")
        defer { try? FileManager.default.removeItem(at: runFrom) }
        let script = runFrom.appendingPathComponent("buy.script")
        // With a ledger kept between runs, the second run would see the map pack owned and fail.
        try Data("launch --now 2026-11-21 --state buy.sqlite\nexpect-not \"✓ Owned\"\npress tab b tab enter\nexpect \"You bought Alps Map Pack.\"\n".utf8).write(to: script)
        for attempt in 1...2 {
            let run = try Storefront.run(["script", script.path], directory: runFrom)
            #expect(run.status == 0, "run \(attempt): \(run.stderr)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: runFrom.path)
        #expect(left == ["buy.script"], "the run left \(left) where it ran")
    }

    @Test("script --ledgers keeps a relative --state ledger in the named folder, across runs")
    func ledgersFolderKeepsThem() throws {
        let runFrom = ScratchFolder.make("cwd")
        defer { try? FileManager.default.removeItem(at: runFrom) }
        let kept = runFrom.appendingPathComponent("kept")
        let script = runFrom.appendingPathComponent("buy.script")
        try Data("launch --now 2026-11-21 --state buy.sqlite\npress tab b tab enter\nexpect \"You bought Alps Map Pack.\"\n".utf8).write(to: script)
        let first = try Storefront.run(["script", script.path, "--ledgers", kept.path], directory: runFrom)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(FileManager.default.fileExists(atPath: kept.appendingPathComponent("buy.sqlite").path))
        try Data("launch --state buy.sqlite\nexpect \"✓ Owned\"\n".utf8).write(to: script)
        let second = try Storefront.run(["script", script.path, "--ledgers", kept.path], directory: runFrom)
        #expect(second.status == 0, "the ledger was kept: \(second.stderr)")
    }

    @Test("scenario settings a --state ledger kept (a flag of an earlier launch) are named at launch, until a flag sets them")
    func settingsFromLedgerAreNamed() throws {
        let ledger = ScratchFolder.make("settings").appendingPathComponent("ledger.sqlite").path
        let (first, _) = try run("launch --now 2026-11-21 --state \(ledger) --payments screen-time\nexpect \"Purchases unavailable\"\n")
        #expect(first.status == 0, "\(first.stderr)")
        let (again, _) = try run("launch --state \(ledger)\nexpect \"From the ledger: payments screen-time\"\npress j\nexpect-not \"From the ledger\"\n")
        #expect(again.status == 0, "\(again.stderr)")
        let (flagged, _) = try run("launch --state \(ledger) --payments allowed\nexpect-not \"From the ledger\"\n")
        #expect(flagged.status == 0, "\(flagged.stderr)")
    }

    @Test("a purchase reported complete survives SIGKILL, and the ledger stays intact")
    func killedMidway() throws {
        let folder = ScratchFolder.make("kill")
        let path = folder.appendingPathComponent("ledger.sqlite").path
        var lines = ["launch --now 2026-11-21T09:00:00Z --state \(path)"]
        var expectLines: Set<Int> = []
        for _ in 0..<2_000 {
            lines.append("press b tab enter")
            lines.append("expect \"You bought Trail Boost.\"")
            expectLines.insert(lines.count)
            lines.append("press enter")
        }
        let script = folder.appendingPathComponent("many.script")
        try lines.joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("trace")
        FileManager.default.createFile(atPath: output.path, contents: nil)

        let process = Process()
        process.executableURL = Storefront.binary
        process.arguments = ["script", "--trace", script.path]
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
        ChildProcesses.register(process.processIdentifier)
        defer { ChildProcesses.unregister(process.processIdentifier) }
        // --trace prints a line (its number first) once it has passed, after the ledger was saved.
        func reported() -> Int {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").filter { Int($0.prefix { $0.isNumber }).map(expectLines.contains) ?? false }.count
        }
        let deadline = Date().addingTimeInterval(60)
        while reported() < 25, process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "the script was killed mid-way, not finished")
        let complete = reported()
        #expect(complete >= 25)

        let catalog = try CatalogLoader.load(contentsOf: Storefront.sampleCatalog)
        let ledger = try Ledger(path: path, catalog: catalog, territory: catalog.territory("USA")!)
        let check = try ledger.check()
        #expect(check.integrity == "ok")
        let store = try #require(ledger.stored)
        let purchased = store.transactions.filter { $0.productID == "com.trailhead.boost.small" && $0.state == .purchased }
        #expect(purchased.count >= complete, "every purchase reported complete is in the ledger")
        #expect(store.consumableUnitsDelivered("com.trailhead.boost.small") == purchased.count)
    }
}
