import Foundation
import StoreModel
import TestSupport
import Testing
import TextSafety

/// The real binary: options, clear messages for bad input, exit status 2.
@Suite("Command line")
struct CommandLineTests {
    @Test("--help lists the options and exits 0")
    func help() throws {
        let run = try Storefront.run(["--help"])
        #expect(run.status == 0)
        for option in ["--catalog", "--locale", "--territory", "--payments", "--now", "lint"] {
            #expect(run.stdout.contains(option), "help does not mention \(option)")
        }
    }

    @Test("each subcommand accepts exactly the options it uses: the launch options are refused where they would be ignored, exit 2")
    func subcommandsRefuseOptionsTheyIgnore() throws {
        let out = ScratchFolder.make("refused")
        defer { try? FileManager.default.removeItem(at: out) }
        let certificates = try Storefront.run(["certificates", "--out", out.path, "--catalog", "/nonexistent.json", "--ask-to-buy"])
        #expect(certificates.status == 2 && certificates.stderr.contains("Unknown option '--catalog'"), "\(certificates.stderr)")
        let lint = try Storefront.run(["lint", "--ask-to-buy"])
        #expect(lint.status == 2 && lint.stderr.contains("Unknown option '--ask-to-buy'"), "\(lint.stderr)")
        // The gallery's own --catalog is read (the root's no longer shadows it): a missing file is refused.
        let gallery = try Storefront.run(["gallery", "--catalog", "/nonexistent.json", "--out", out.appendingPathComponent("g").path])
        #expect(gallery.status == 2 && gallery.stderr.contains("no catalog file at /nonexistent.json"), "\(gallery.stderr)")
        // The root's usage is the store's, not the default subcommand's name.
        let unknown = try Storefront.run(["--bogus"])
        #expect(unknown.status == 2 && unknown.stderr.contains("Usage: storefront <options>") && !unknown.stderr.contains("launch"), "\(unknown.stderr)")
        // --payments' values are listed once.
        let help = try Storefront.run(["--help"]).stdout
        #expect(help.components(separatedBy: "screen-time").count == 2, "\(help)")
        #expect(help.contains("SUBCOMMANDS:") && help.contains("USAGE: storefront <options>"))
    }

    @Test("README's review loop tells the truth: a gallery, another with --catalog of a changed price, and --compare names the changed screens")
    func galleryCatalogIsRead() throws {
        let root = ScratchFolder.make("gallery-catalog")
        defer { try? FileManager.default.removeItem(at: root) }
        var sample = try String(contentsOf: Storefront.repository.appendingPathComponent("SampleCatalog.json"), encoding: .utf8)
        let product = try #require(sample.range(of: "\"id\": \"com.trailhead.plus.pro.monthly\""))
        let price = try #require(sample.range(of: "\"USA\": \"4.99\"", range: product.upperBound..<sample.endIndex))
        sample.replaceSubrange(price, with: "\"USA\": \"5.49\"")
        let changed = root.appendingPathComponent("New.json")
        try sample.write(to: changed, atomically: true, encoding: .utf8)
        let old = root.appendingPathComponent("old").path, new = root.appendingPathComponent("new").path
        _ = try Storefront.run(["gallery", "--out", old, "--locales", "en_US", "--sizes", "80x24"], timeout: 120)
        _ = try Storefront.run(["gallery", "--catalog", changed.path, "--out", new, "--locales", "en_US", "--sizes", "80x24"], timeout: 120)
        let compare = try Storefront.run(["gallery", "--compare", old, new, "--out", root.appendingPathComponent("compare.html").path])
        #expect(compare.status == 1, "some screens changed: \(compare.stdout)")
        #expect(compare.stdout.contains("changed store_en_US_80x24_default") && compare.stdout.contains("changed signup_en_US_80x24_default"), "\(compare.stdout)")
    }

    @Test("an unknown locale is a clear error with exit status 2")
    func unknownLocale() throws {
        let run = try Storefront.run(["--locale", "xx_YY"])
        #expect(run.status == 2)
        #expect(run.stderr.contains(#"unknown locale "xx_YY" (--locale)"#))
    }

    @Test("an unknown territory is a clear error that lists the catalog's territories, exit status 2")
    func unknownTerritory() throws {
        let run = try Storefront.run(["--territory", "ZZZ"])
        #expect(run.status == 2)
        #expect(run.stderr.contains(#"unknown territory "ZZZ" (--territory); this catalog sells in USA"#))
    }

    @Test("territory codes are accepted in any case")
    func territoryCase() throws {
        let run = try Storefront.run(["--territory", "jpn", "--locale", "en_US"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("¥"))
    }

    @Test("an unknown payments reason exits 2 and names the choices")
    func unknownPayments() throws {
        let run = try Storefront.run(["--payments", "parental"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("screen-time"))
    }

    @Test("--error with an unknown StoreKit call or error exits 2 and names the choices")
    func unknownError() throws {
        let call = try Storefront.run(["--error", "load-everything=network-error"])
        #expect(call.status == 2)
        #expect(call.stderr.contains("use one of load-products, purchase, verification"), "\(call.stderr)")
        let error = try Storefront.run(["--error", "refund-request-sheet=solar-flare"])
        #expect(error.status == 2)
        #expect(error.stderr.contains("duplicate-request, failed (--error)"), "\(error.stderr)")
    }

    @Test("a malformed --now exits 2 with an example")
    func badNow() throws {
        let run = try Storefront.run(["--now", "yesterday"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("is not an ISO 8601 instant (--now)"))
    }

    @Test("an unknown theme exits 2 and lists the available ones")
    func unknownTheme() throws {
        let run = try Storefront.run(["--theme", "neon"])
        #expect(run.status == 2)
        #expect(run.stderr.contains(#"unknown theme "neon" (--theme); available: default, high-contrast, light"#))
    }

    @Test("a theme that restyles the system sheet is refused with its path")
    func hostileTheme() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("theme-\(UUID()).json")
        try #"{"styles": {"systemSelected": {"bg": "red"}}}"#.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let run = try Storefront.run(["--theme", url.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("$.styles.systemSelected: themes cannot restyle the system confirmation sheet"))
    }

    @Test("when standard output is not a terminal, the store prints as plain text")
    func plainListing() throws {
        let run = try Storefront.run(["--locale", "de_DE", "--territory", "DEU"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Alpen"))
        #expect(run.stdout.contains("4,99\u{00A0}€"))
    }

    @Test("a missing catalog file exits 2 and names the file")
    func missingCatalog() throws {
        let run = try Storefront.run(["--catalog", "/nonexistent/catalog.json"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("no catalog file at /nonexistent/catalog.json"))
    }

    @Test("lint reports no problems on the sample catalog")
    func lintSample() throws {
        let run = try Storefront.run(["lint", Storefront.sampleCatalog.path])
        #expect(run.status == 0)
        #expect(run.stdout.contains("no problems"))
    }

    @Test("lint lists the codes that open each offer of a JSON catalog, with their paths, as it does for a .storekit file")
    func lintListsJSONOfferCodes() throws {
        let run = try Storefront.run(["lint", Storefront.sampleCatalog.path])
        #expect(run.status == 0)
        let shown = UntrustedText.path(Storefront.sampleCatalog.path)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(shown): $.offerCodes[0].codes.custom[0]: custom code SPRINGTRAIL opens this offer"))
        #expect(lines.contains("\(shown): $.offerCodes[1].codes.oneTimeUse: 6 one-time codes open this offer, each once: "
                               + "TH7Q2K9XWM4P, TH3RV8NDC5JL, TH9BZ4FKT2QX, TH6MW1HPY8GD, TH2XC7LQS4VN, TH5JD9RGB3ZK"))
        #expect(lines.filter { $0.contains(" opens this offer") || $0.contains(" open this offer") }.count == 10,
                "one line per custom code (9) and per batch of one-time codes (1)")
        #expect(lines.last?.contains("no problems") == true)
    }

    @Test("lint names each problem of a broken catalog with its path, and exits 2")
    func lintBroken() throws {
        var text = try String(contentsOf: Storefront.sampleCatalog, encoding: .utf8)
        text = text.replacingOccurrences(of: #""type": "nonRenewing""#, with: #""type": "seasonPass""#)
        text = text.replacingOccurrences(of: #""SPRINGTRAIL""#, with: #""SPRING-TRAIL""#)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID()).json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let run = try Storefront.run(["lint", url.path])
        #expect(run.status == 2)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.contains { $0.contains(#".type: unknown product type "seasonPass""#) })
        #expect(lines.contains { $0.contains(#".codes.custom[0]: custom code "SPRING-TRAIL" may contain only ASCII letters and digits"#) })
        #expect(run.stderr.contains("2 problems"))

        let start = try Storefront.run(["--catalog", url.path])
        #expect(start.status == 2, "the store refuses to start on a broken catalog")
        #expect(start.stderr.contains("unknown product type"))
    }
}

/// Runs the built `storefront` binary.
enum Storefront {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sampleCatalog = repository.appendingPathComponent("SampleCatalog.json")

    /// The binary under test. `STOREFRONT_TEST_BINARY` names another one (absolute, or relative to the
    /// repository): `.ci/run` runs these tests a second time against README's release build
    /// (`scripts/build-release`), the binary presenters and SSH guests run.
    /// Without it, the debug build `swift test` made.
    static var binary: URL {
        if let chosen = ProcessInfo.processInfo.environment["STOREFRONT_TEST_BINARY"], !chosen.isEmpty {
            return chosen.hasPrefix("/") ? URL(fileURLWithPath: chosen) : repository.appendingPathComponent(chosen)
        }
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("storefront")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        return repository.appendingPathComponent(".build/debug/storefront")
    }

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        /// The signal the process died of, if it did (then `status` is the signal's number).
        var signal: Int32? = nil
    }

    /// Runs with the repository as working folder; output goes through files so a chatty child
    /// cannot block on a full pipe. Bounded: a child still running after `timeout` is killed.
    static func run(_ arguments: [String], environment: [String: String] = ["LANG": "en_US.UTF-8"],
                    timeout: TimeInterval = 30, directory: URL = Storefront.repository) throws -> Run {
        let folder = ScratchFolder.make("storefront")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out"), err = folder.appendingPathComponent("err")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = environment.merging(["PATH": "/usr/bin:/bin"]) { a, _ in a }
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try ChildProcesses.run(process, timeout: timeout)
        return Run(status: process.terminationStatus,
                   stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                   stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "",
                   signal: process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil)
    }
}

/// The QA options: ledger, scenario file and flags.
@Suite("QA options")
struct QAOptionTests {
    func temporary(_ name: String, _ contents: String? = nil) throws -> String {
        let folder = ScratchFolder.make("qa")
        let path = folder.appendingPathComponent(name).path
        if let contents { try contents.write(toFile: path, atomically: true, encoding: .utf8) }
        return path
    }

    @Test("--state refuses a file that is not a ledger, exit 2, and leaves it alone")
    func notALedger() throws {
        let path = try temporary("notes.txt", "my notes\n")
        let run = try Storefront.run(["--state", path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("\(path) is not a storefront ledger (not an SQLite database)"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "my notes\n")
    }

    @Test("a scenario file's bad line is reported with the file and line, exit 2")
    func badScenarioFile() throws {
        let path = try temporary("qa.scenario", "# Ask to Buy day\nask-to-buy on\nfail-next-purchase timeout\n")
        let run = try Storefront.run(["--scenario", path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("\(path):3: \"timeout\" is not a value of fail-next-purchase; use one of none, network-error"))
    }

    @Test("a scenario file over 1 MB is refused before it is read, naming its size; a FIFO is refused at once")
    func largeScenarioFile() throws {
        let path = try temporary("huge.scenario")
        // Valid lines all through, so only its size is wrong.
        try Data(String(repeating: "ask-to-buy on\n", count: 80_000).utf8).write(to: URL(fileURLWithPath: path))
        let run = try Storefront.run(["--scenario", path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("storefront: the scenario file \(path) is 1,120,000 bytes; a scenario file is at most 1,048,576 bytes (--scenario)"), "\(run.stderr)")
        let fifo = try temporary("pipe.scenario")
        #expect(mkfifo(fifo, 0o600) == 0)
        let waiting = try Storefront.run(["--scenario", fifo], timeout: 10)
        #expect(waiting.status == 2)
        #expect(waiting.stderr.contains("storefront: the scenario file \(fifo) is a FIFO (named pipe), not a file (--scenario)"), "\(waiting.stderr)")
    }

    @Test("a scenario file and flags set the switches; flags win")
    func scenarioFileAndFlags() throws {
        let scenario = try temporary("qa.scenario", "ask-to-buy on\nfail-next-purchase network-error\n")
        let script = try temporary("check.script", """
            launch --scenario \(scenario) --fail-next-purchase unknown --time-rate 5m --grace-period off
            press s
            expect "Ask to Buy               on"
            expect "Fail next purchase       unknown"
            expect "Billing grace period     off"
            expect "Time rate                monthly-renewal-every-five-minutes"
            expect "monthly every 5 min, weekly every 3 min"
            """)
        let run = try Storefront.run(["script", script])
        #expect(run.status == 0, "\(run.stderr)")
        let bad = try Storefront.run(["--time-rate", "warp"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("\"warp\" is not a value of time-rate; use one of real-time, monthly-renewal-every-hour, "))
        #expect(bad.stderr.contains(", one-renewal-every-two-seconds (--time-rate)"))
        let gone = try Storefront.run(["--time-rate", "10m"])
        #expect(gone.status == 2)
        #expect(gone.stderr.contains("\"10m\" is no longer a time rate: StoreKit Testing has no rate of a month per 10m; use one of real-time, "))
    }
}

// MARK: - Lint: hostile text and warnings (issue 8)

/// `storefront lint` on catalogs with hostile text and over-long names.
@Suite("Lint")
struct LintTests {
    func lint(_ edit: (String) -> String) throws -> Storefront.Run {
        let text = edit(try String(contentsOf: Storefront.sampleCatalog, encoding: .utf8))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID()).json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        return try Storefront.run(["lint", url.path])
    }

    @Test("very long names get a warning, said as a warning, and lint still exits 0")
    func longNameWarning() throws {
        // 17 wide characters: 17 characters (fewer than 30) but 34 cells.
        let run = try lint { $0.replacingOccurrences(of: #""ja": "ブースト5個パック""#, with: #""ja": "とてもとても長い名前の商品ですよね""#) }
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let warnings = run.stdout.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains(#".name.ja: warning: "とてもとても長い名前の商品ですよね" is 34 cells wide; a name wider than 30 cells is cut short on screen"#) == true)
        #expect(run.stdout.contains("no problems, 1 warning ("))
    }

    @Test("App Store Connect's limits, in characters: a display name over 30, a description over 45, a product id over 100 get a warning each; the sample catalog is within them")
    func appStoreConnectLimits() throws {
        #expect(try lint { $0 }.stdout.contains("no problems ("), "the bundled catalog needs no warning")
        let longID = "com.trailhead." + String(repeating: "x", count: 90)
        let run = try lint {
            $0.replacingOccurrences(of: #""en": "All Pro features for three months.""#,
                                    with: #""en": "All Pro features for three months, and then some more.""#)
                .replacingOccurrences(of: #""de": "Fünf Trail-Boosts zum günstigeren Preis.""#, with: #""de": "Fünf Trail-Boosts zum günstigeren Preis, für alle.""#)
                .replacingOccurrences(of: "\"com.trailhead.print.credit\"", with: "\"\(longID)\"")
                // 31 ASCII characters: one past App Store Connect's 30 (and 31 cells: the width warning too).
                .replacingOccurrences(of: #""en": "Summer Pass""#, with: #""en": "Summer Pass for the Whole Season""#)
        }
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let warnings = run.stdout.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(warnings.contains { $0.contains(#".description.en: warning: "All Pro features for three months, and then some more." is 54 characters; App Store Connect takes a description of at most 45"#) })
        #expect(warnings.contains { $0.contains(#".description.de: warning: "#) && $0.contains("is 50 characters") })
        #expect(warnings.contains { $0.contains(".id: warning: the product id is 104 characters; App Store Connect takes at most 100") })
        #expect(warnings.contains { $0.contains(#".name.en: warning: "Summer Pass for the Whole Season" is 32 characters; App Store Connect takes a display name of at most 30"#) })
    }

    @Test("a territory that sells subscriptions with no price-increase threshold gets a warning naming it and the key to add")
    func missingConsentThresholdWarning() throws {
        let run = try lint { $0.replacingOccurrences(of: #""JPN": { "perPeriod": "750", "annual": "7500" },"#, with: "") }
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let warnings = run.stdout.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains(#"$.priceIncreaseConsent.thresholds: warning: territory "JPN" sells subscriptions but has no threshold, so every price increase there needs consent; add "JPN": {"perPeriod": …, "annual": …}"#) == true)
    }

    @Test("hostile catalog text is printed escaped, one problem per line, and lint exits 2")
    func hostileTextEscaped() throws {
        let run = try lint {
            $0.replacingOccurrences(of: #""code": "GBR""#, with: #""code": "\u001b]0;pwned\u0007\n\u001b[2J""#)
        }
        #expect(run.status == 2)
        #expect(!run.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" })
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.contains { $0.contains(#".code: "\e]0;pwned\u{7}\n\e[2J" contains U+001B (escape)"#) })
        #expect(lines.allSatisfy { $0.contains(": $.") }, "a line that is not a problem: \(lines)")
    }
}

/// Plain-text output follows the same locale rule as the full-screen interface.
@Suite("Plain-text locale")
struct PlainTextLocaleTests {
    @Test("plain text in a locale that is not UTF-8 is an ASCII transliteration, and says so", arguments: [
        [String: String](), ["LANG": "C"], ["LC_ALL": "de_DE.ISO-8859-1"],
    ])
    func transliterates(environment: [String: String]) throws {
        let run = try Storefront.run(["--now", "2026-11-21", "--locale", "de_DE", "--territory", "JPN"], environment: environment)
        #expect(run.status == 0)
        let ascii = run.stdout.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(ascii, "\(run.stdout)")
        #expect(run.stdout.contains("800 JPY"), "\(run.stdout)")
        #expect(run.stdout.contains("Verbrauchsartikel"))
        #expect(run.stderr.contains("printed as an ASCII transliteration"))
    }

    @Test("Japanese has no faithful ASCII form: plain text in a non-UTF-8 locale refuses it and says why")
    func japaneseRefused() throws {
        let run = try Storefront.run(["--now", "2026-11-21", "--locale", "ja_JP", "--territory", "JPN"], environment: ["LANG": "C"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("LANG=C gives ASCII only, and Japanese text has no faithful ASCII form"), "\(run.stderr)")
    }

    @Test("Chinese has no faithful ASCII form either: plain text in a non-UTF-8 locale refuses every zh locale and says why",
          arguments: ["zh_CN", "zh_SG", "zh-Hans", "zh_TW"])
    func chineseRefused(locale: String) throws {
        let run = try Storefront.run(["--now", "2026-11-21", "--locale", locale], environment: ["LANG": "C"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("LANG=C gives ASCII only, and Chinese text has no faithful ASCII form"), "\(run.stderr)")
    }

    @Test("plain text in a UTF-8 locale is the real text, with nothing said")
    func utf8IsReal() throws {
        let run = try Storefront.run(["--now", "2026-11-21", "--locale", "ja_JP", "--territory", "JPN"], environment: ["LANG": "C.UTF-8"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("¥800"))
        #expect(run.stderr.isEmpty)
    }
}

/// File names are untrusted too, and special files never hang lint.
@Suite("Lint on odd files")
struct LintOddFileTests {
    @Test("a catalog path with an escape sequence is printed escaped, never raw")
    func hostilePath() throws {
        let folder = ScratchFolder.make("lint")
        let file = folder.appendingPathComponent("bad\u{1B}[2J.json")
        try Data("{".utf8).write(to: file)
        for arguments in [["lint", file.path], ["--catalog", file.path]] {
            let run = try Storefront.run(arguments)
            #expect(run.status == 2)
            let output = run.stdout + run.stderr
            #expect(!output.unicodeScalars.contains { $0 != "\n" && UntrustedText.isForbidden($0) }, "\(arguments[0])")
            #expect(output.contains(#"bad\e[2J.json"#), "\(output)")
        }
    }

    @Test("a newline in a catalog path is printed escaped, like every other control character")
    func newlineInPath() throws {
        let folder = ScratchFolder.make("lint")
        for (contents, name) in [("{", "broken\nname.json"), ("", "empty\nname.json")] {
            let file = folder.appendingPathComponent(name)
            try Data(contents.utf8).write(to: file)
            let escaped = file.path.replacingOccurrences(of: "\n", with: #"\n"#)
            for arguments in [["lint", file.path], ["--catalog", file.path]] {
                let run = try Storefront.run(arguments)
                #expect(run.status == 2)
                let output = run.stdout + run.stderr
                #expect(output.contains(escaped), "\(arguments[0]): \(output)")
                #expect(!output.split(separator: "\n").contains { $0.hasPrefix("name.json") }, "a path forged a line: \(output)")
            }
        }
        let fifo = folder.appendingPathComponent("pipe\nname.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let run = try Storefront.run(["lint", fifo], timeout: 10)
        #expect(run.status == 2)
        #expect(run.stdout.contains(fifo.replacingOccurrences(of: "\n", with: #"\n"#) + " is a FIFO (named pipe), not a catalog file"), "\(run.stdout)")
    }

    @Test("lint on a FIFO or a device says what it is, at once, exit 2")
    func specialFiles() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("lint-fifo-\(UUID())").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        for (path, kind) in [(fifo, "a FIFO (named pipe)"), ("/dev/zero", "a device")] {
            let run = try Storefront.run(["lint", path], timeout: 10)
            #expect(run.status == 2)
            #expect(run.stdout.contains("\(path) is \(kind), not a catalog file"), "\(run.stdout)")
        }
    }
}
