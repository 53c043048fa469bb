import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestSupport
import Testing

/// Issue 27, for CI: assertions on StoreKit's fields, many scripts in one run with a JUnit report, exit
/// codes that tell a failing scenario (1) from a malformed script (2) and a refused line (3), --trace,
/// and `storefront ledger`.
@Suite("Script assertions, reports and the ledger command")
struct ScriptReportTests {
    /// A purchase of Alps Map Pack (transaction 1) and of Family Monthly with its free week
    /// (transaction 2), on 21 November 2026.
    static let purchases = """
        launch --now 2026-11-21T09:00:00Z
        press tab b tab enter
        expect "You bought Alps Map Pack."
        press enter
        press tab b b tab enter
        expect "You're subscribed to"
        press enter

        """

    /// Writes scripts into a fresh folder: name → text.
    func folder(_ scripts: [String: String]) throws -> URL {
        let folder = ScratchFolder.make("report")
        for (name, text) in scripts {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    /// Runs one script's text, as `storefront script FILE`.
    func run(_ text: String, _ arguments: [String] = []) throws -> Storefront.Run {
        let folder = try folder(["test.script": text])
        return try Storefront.run(["script", folder.appendingPathComponent("test.script").path] + arguments)
    }

    // MARK: assertions, each holding and failing

    @Test("expect-transaction compares a transaction's StoreKit field as text, and a date as a date")
    func expectTransaction() throws {
        let passing = try run(Self.purchases + """
            expect-transaction 1 productID com.trailhead.maps.alps
            expect-transaction 1 expirationDate none
            expect-transaction 2 offer.type introductory
            expect-transaction 2 offer.paymentMode freeTrial
            expect-transaction 2 purchaseDate 2026-11-21T09:00:00Z
            expect-transaction 2 expirationDate 2026-11-28T09:00:00.000Z
            expect-transaction 2 expirationDate 2026-11-28
            expect-transaction 2 currency USD
            expect-transaction 2 environment Sandbox
            """)
        #expect(passing.status == 0, "\(passing.stderr)")
        let failing = try run(Self.purchases + "expect-transaction 2 expirationDate 2027-01-21\n")
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("test.script:8: expectation failed: expect-transaction 2 expirationDate 2027-01-21"), "\(failing.stderr)")
        #expect(failing.stderr.contains("transaction 2's expirationDate is \"2026-11-28T09:00:00Z\", expected \"2027-01-21\""), "\(failing.stderr)")
    }

    @Test("expect-renewal compares a group's RenewalInfo field")
    func expectRenewal() throws {
        let passing = try run(Self.purchases + """
            expect-renewal trailhead.plus state subscribed
            expect-renewal trailhead.plus willAutoRenew true
            expect-renewal trailhead.plus renewalDate 2026-11-28T09:00:00Z
            expect-renewal trailhead.plus expirationReason none
            """)
        #expect(passing.status == 0, "\(passing.stderr)")
        let failing = try run(Self.purchases + "expect-renewal trailhead.plus willAutoRenew false\n")
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("group trailhead.plus's willAutoRenew is \"true\", expected \"false\""), "\(failing.stderr)")
    }

    @Test("expect-entitlements is currentEntitlements exactly, in any order; with no ids, none")
    func expectEntitlements() throws {
        let passing = try run(Self.purchases.replacingOccurrences(of: "press tab b tab enter\n", with: "expect-entitlements\npress tab b tab enter\n")
                              + "expect-entitlements com.trailhead.plus.family.monthly com.trailhead.maps.alps\n")
        #expect(passing.status == 0, "\(passing.stderr)")
        let failing = try run(Self.purchases + "expect-entitlements com.trailhead.maps.alps\n")
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("currentEntitlements are com.trailhead.maps.alps com.trailhead.plus.family.monthly, expected com.trailhead.maps.alps"), "\(failing.stderr)")
    }

    @Test("expect-balance is a consumable's units bought and not refunded")
    func expectBalance() throws {
        let buy = "launch --now 2026-11-21T09:00:00Z\npress b tab enter\nexpect \"You bought Trail Boost.\"\npress enter\n"
        let passing = try run(buy + "expect-balance com.trailhead.boost.small 1\n")
        #expect(passing.status == 0, "\(passing.stderr)")
        let failing = try run(buy + "expect-balance com.trailhead.boost.small 2\n")
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("the balance of com.trailhead.boost.small is 1, expected 2"), "\(failing.stderr)")
    }

    @Test("expect /regex/ matches the screen with its lines joined and runs of spaces as one; expect-not the opposite")
    func expectPattern() throws {
        // The inspector pads its columns: "productID" and its value are far apart on screen.
        let passing = try run(Self.purchases + """
            press t enter
            expect /productID com\\.trailhead\\.plus\\.family\\.monthly \\(Family Monthly\\)/
            expect-not /productID com\\.trailhead\\.maps/
            expect /originalID 2 productID com/
            """)
        #expect(passing.status == 0, "\(passing.stderr)")
        let failing = try run(Self.purchases + "expect /Pro Annual$/\n")
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("the screen does not match /Pro Annual$/"), "\(failing.stderr)")
        let shown = try run(Self.purchases + "expect-not /Family Monthly \\$\\d/\n")
        #expect(shown.status == 1, "the Account screen shows the plan beside its price: \(shown.stderr)")
        #expect(shown.stderr.contains("the screen matches /Family Monthly \\$\\d/"), "\(shown.stderr)")
    }

    @Test("quoted expect stays exact: padding between columns is not one space")
    func quotedExpectStaysExact() throws {
        let run = try run(Self.purchases + "press t enter\nexpect \"productID com.trailhead.plus.family.monthly\"\n")
        #expect(run.status == 1, "\(run.stderr)")
    }

    // MARK: exit codes

    @Test("a bad regex, an unknown field name, or a value its field cannot hold (a date not in ISO 8601, a name not among the field's) is malformed: exit 2 before anything runs, naming what it can be")
    func malformed() throws {
        for (line, message) in [("expect /(unclosed/", "is not a regular expression"),
                                ("expect-transaction 1 expiryDate none", "\"expiryDate\" is not a field of StoreKit's Transaction"),
                                ("expect-renewal trailhead.plus autoRenew true", "\"autoRenew\" is not a field of StoreKit's RenewalInfo"),
                                ("expect-transaction 1 purchaseDate yesterday", "\"yesterday\" cannot be purchaseDate: it is a date in ISO 8601"),
                                ("expect-transaction 1 offer.type Introductory", "\"Introductory\" cannot be offer.type: it is one of introductory, promotional, code, winBack, or none"),
                                ("expect-transaction 1 isUpgraded yes", "\"yes\" cannot be isUpgraded: it is true or false"),
                                ("expect-transaction 1 price 4,99", "\"4,99\" cannot be price: it is an amount written as a plain decimal"),
                                ("expect-renewal trailhead.plus state Subscribed", "\"Subscribed\" cannot be state: it is one of "),
                                ("expect-balance com.trailhead.boost.small many", "expect-balance takes a consumable and a whole number")] {
            let run = try run("launch\nexpect \"Store\"\n\(line)\n")
            #expect(run.status == 2, "\(line): \(run.stderr)")
            #expect(run.stderr.contains("test.script:3: \(message)") || run.stderr.contains(message), "\(line): \(run.stderr)")
        }
    }

    @Test("an assertion naming what is not there is refused at run time: exit 3 with the line and why")
    func refused() throws {
        for (line, message) in [("expect-transaction 9 productID x", "there is no transaction 9; the last is 2"),
                                ("expect-renewal nosuch.group state subscribed", "the catalog has no subscription group \"nosuch.group\""),
                                ("expect-balance com.trailhead.maps.alps 1", "is not a consumable in the catalog"),
                                ("expect-entitlements com.example.nothing", "the catalog has no product \"com.example.nothing\"")] {
            let run = try run(Self.purchases + line + "\n")
            #expect(run.status == 3, "\(line): \(run.stderr)")
            #expect(run.stderr.contains("test.script:8: ") && run.stderr.contains(message), "\(line): \(run.stderr)")
        }
    }

    // MARK: many scripts

    @Test("a folder of scripts runs each in its own process: a line per script, a closing count, the highest exit status")
    func folderRun() throws {
        let scripts = try folder([
            "a-pass.script": Self.purchases + "expect-transaction 1 productID com.trailhead.maps.alps\nexpect \"Account\"\n",
            // Each script has its own scratch ledgers: the same relative --state starts empty in both.
            "b-pass.script": "launch --state same.sqlite\nexpect-entitlements\npress tab b tab enter\nexpect-entitlements com.trailhead.maps.alps\n",
            "c-pass.script": "launch --state same.sqlite\nexpect-entitlements\n",
            "d-fail.script": Self.purchases + "expect-balance com.trailhead.boost.small 4\nexpect \"never checked\"\n",
            "notes.txt": "not a script",
        ])
        let run = try Storefront.run(["script", scripts.path])
        #expect(run.status == 1, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines == ["PASS \(scripts.path)/a-pass.script", "PASS \(scripts.path)/b-pass.script",
                          "PASS \(scripts.path)/c-pass.script",
                          "FAIL \(scripts.path)/d-fail.script:8 expectation failed: expect-balance com.trailhead.boost.small 4",
                          "3 passed, 1 failed"], "\(run.stdout)")
        #expect(run.stderr.contains("the balance of com.trailhead.boost.small is 0, expected 4"), "the full message goes to stderr")
    }

    @Test("the exit status of many scripts is the highest: 3 refused over 2 malformed over 1 failed over 0")
    func worstStatus() throws {
        let pass = Self.purchases + "expect \"Account\"\n"
        let fail = "launch\nexpect \"never shown\"\n"
        let malformed = "launch\nexpect-transaction 1 nosuch x\n"
        let refused = "launch\nrefund approve\nexpect \"Store\"\n"
        for (scripts, status) in [([pass], Int32(0)), ([pass, fail], 1), ([fail, malformed], 2), ([malformed, refused, fail], 3)] {
            let folder = try folder(Dictionary(uniqueKeysWithValues: scripts.enumerated().map { ("\($0.offset).script", $0.element) }))
            let run = try Storefront.run(["script", folder.path, "--jobs", "2"])
            #expect(run.status == status, "\(scripts.count) scripts: \(run.stdout)\(run.stderr)")
        }
    }

    @Test("--junit writes a testsuite per script and a testcase per expectation, with the failure's message and screen")
    func junit() throws {
        let scripts = try folder([
            "pass.script": Self.purchases + "expect-entitlements com.trailhead.maps.alps com.trailhead.plus.family.monthly\n",
            "fail.script": "launch\nexpect \"Store\"\nexpect \"<never> & \\\"shown\\\"\"\nexpect \"after\"\n",
            "refused.script": "launch\nexpect \"Store\"\nrefund approve 9\nexpect \"after\"\n",
            "malformed.script": "launch\nexpect /(/\n",
        ])
        let report = scripts.appendingPathComponent("report.xml")
        let run = try Storefront.run(["script", scripts.path, "--junit", report.path, "--jobs", "3"], timeout: 60)
        #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasSuffix("1 passed, 3 failed\n"), "\(run.stdout)")

        let document = try XMLDocument(contentsOf: report, options: [])
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        func attribute(_ element: XMLElement, _ name: String) -> String? { element.attribute(forName: name)?.stringValue }
        #expect(attribute(root, "tests") == "10", "3 expectations in each of three scripts, and the malformed one")
        #expect(attribute(root, "failures") == "1")
        #expect(attribute(root, "errors") == "2")
        #expect(attribute(root, "skipped") == "2")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.count == 4)
        let fail = try #require(suites.first { attribute($0, "name")?.hasSuffix("fail.script") == true })
        let cases = fail.elements(forName: "testcase")
        #expect(cases.map { attribute($0, "name") ?? "" } == ["line 2: expect \"Store\"", "line 3: expect \"<never> & \\\"shown\\\"\"", "line 4: expect \"after\""])
        let failure = try #require(cases[1].elements(forName: "failure").first)
        #expect(attribute(failure, "message")?.contains("expectation failed") == true)
        #expect(failure.stringValue?.contains("screen (80×24) at line 3") == true, "the failure holds the screen")
        #expect(cases[2].elements(forName: "skipped").count == 1)
        let refused = try #require(suites.first { attribute($0, "name")?.hasSuffix("refused.script") == true })
        #expect(refused.elements(forName: "testcase").map { attribute($0, "name") ?? "" } == ["line 2: expect \"Store\"", "line 3: refund approve 9", "line 4: expect \"after\""])
        #expect(attribute(refused, "errors") == "1")
        // Names are the scripts' paths relative to the folder given, never absolute (the same on any
        // machine); every testcase, suite and the root carry a time.
        #expect(suites.map { attribute($0, "name") ?? "" }.sorted() == ["fail.script", "malformed.script", "pass.script", "refused.script"])
        #expect(cases.allSatisfy { attribute($0, "classname") == "fail.script" })
        #expect(root.attribute(forName: "time") != nil)
        let times = suites.flatMap { $0.elements(forName: "testcase") }.compactMap { attribute($0, "time").flatMap(Double.init) }
        #expect(times.count == 10 && times.allSatisfy { $0 >= 0 })
        #expect(suites.allSatisfy { attribute($0, "time").flatMap(Double.init) != nil })
    }

    @Test("the JUnit report removes control characters, which XML cannot hold, and escapes markup")
    func junitEscapes() throws {
        // A bell in the file's name reaches the report in its testsuite's name and the failure text.
        let scripts = try folder(["bell\u{7}<&>.script": "launch\nexpect \"a\tb\"\n"])
        let report = scripts.appendingPathComponent("report.xml")
        _ = try Storefront.run(["script", scripts.path, "--junit", report.path])
        let text = try String(contentsOf: report, encoding: .utf8)
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" })
        #expect(text.contains("bell&lt;&amp;&gt;.script"), "\(text)")
        let suite = try #require(try XMLDocument(contentsOf: report, options: []).rootElement()?.elements(forName: "testsuite").first)
        #expect(suite.attribute(forName: "name")?.stringValue == "bell<&>.script")
    }

    @Test("--jobs 0 is malformed: exit 2")
    func jobsZero() throws {
        let scripts = try folder(["a.script": "launch\nexpect \"Store\"\n"])
        let run = try Storefront.run(["script", scripts.path, "--jobs", "0"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--jobs takes a number of scripts to run at once, 1 or more"), "\(run.stderr)")
    }

    @Test("one script with no flags prints nothing on success, as before")
    func oneScriptAsBefore() throws {
        let run = try run("launch\nexpect \"Store\"\n")
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
    }

    // MARK: --trace

    @Test("--trace prints each line with its outcome and the ledger rows it changed")
    func trace() throws {
        let run = try run(Self.purchases + "expect \"Account\"\n", ["--trace"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("2 press tab b tab enter: ok\n"), "\(run.stdout)")
        #expect(run.stdout.contains("  transaction 1: productID com.trailhead.maps.alps, state purchased, purchaseDate 2026-11-21T09:00:00Z, purchasedQuantity 1"), "\(run.stdout)")
        #expect(run.stdout.contains("  renewalInfo trailhead.plus: state subscribed, willAutoRenew true, autoRenewPreference com.trailhead.plus.family.monthly"), "\(run.stdout)")
        #expect(run.stdout.contains("3 expect \"You bought Alps Map Pack.\": holds\n"), "\(run.stdout)")
    }

    // MARK: storefront ledger

    /// A ledger with the two purchases, made by a script.
    func ledger() throws -> String {
        let path = ScratchFolder.make("ledger").appendingPathComponent("ledger.sqlite").path
        let made = try run(Self.purchases.replacingOccurrences(of: "launch --now 2026-11-21T09:00:00Z", with: "launch --now 2026-11-21T09:00:00Z --state \(path)")
                           + "expect \"Account\"\n")
        #expect(made.status == 0, "\(made.stderr)")
        return path
    }

    @Test("storefront ledger prints transactions, renewal info and the log with StoreKit's field names")
    func ledgerText() throws {
        let path = try ledger()
        let run = try Storefront.run(["ledger", "--state", path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("transaction\n  id "), "\(run.stdout)")
        #expect(run.stdout.contains("  productID             com.trailhead.maps.alps\n"), "\(run.stdout)")
        #expect(run.stdout.contains("  offer.paymentMode     freeTrial\n"), "\(run.stdout)")
        #expect(run.stdout.contains("renewalInfo\n  state "), "\(run.stdout)")
    }

    @Test("storefront ledger --json prints one object per line, keys in the table's order, absent values null")
    func ledgerJSON() throws {
        let path = try ledger()
        let run = try Storefront.run(["ledger", "--state", path, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 5, "two transactions, one group's renewal info and the Server Notification each purchase made: \(run.stdout)")
        #expect(lines[3].hasPrefix(#"{"notification":{"id":1,"notificationUUID":"#), "\(lines[3])")
        #expect(lines[0].hasPrefix(#"{"transaction":{"id":1,"originalID":1,"productID":"com.trailhead.maps.alps","productType":"nonConsumable","state":"purchased","#), "\(lines[0])")
        // Typed as JSON has them (issue 54, item 5): numbers, booleans, null; amounts a plain decimal in a string.
        #expect(lines[0].contains(#""isUpgraded":false,"#) && lines[0].contains(#""purchasedQuantity":1,"#) && lines[0].contains(#""price":"4.99","#), "\(lines[0])")
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)")
        }
        let again = try Storefront.run(["ledger", "--state", path, "--json"])
        #expect(again.stdout == run.stdout, "the same ledger prints the same bytes")
    }

    @Test("storefront ledger on a missing or non-ledger file exits 2 with a clear message")
    func ledgerBadFile() throws {
        let missing = ScratchFolder.make("ledger").appendingPathComponent("nothing.sqlite").path
        let run = try Storefront.run(["ledger", "--state", missing])
        #expect(run.status == 2)
        #expect(run.stderr.contains("there is no ledger at \(missing)"), "\(run.stderr)")
        let notes = ScratchFolder.make("ledger").appendingPathComponent("notes.txt")
        try Data("notes\n".utf8).write(to: notes)
        let bad = try Storefront.run(["ledger", "--state", notes.path])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("is not a storefront ledger"), "\(bad.stderr)")
    }

    @Test("storefront ledger reads a ledger another storefront holds open (locked) without waiting or writing")
    func ledgerLocked() throws {
        let path = try ledger()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDWR)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0, "held as a running storefront holds it")
        let run = try Storefront.run(["ledger", "--state", path], timeout: 20)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("com.trailhead.maps.alps"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}
