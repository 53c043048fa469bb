import Foundation
import Testing
import TestSupport

/// Scripts that never lie (issue 54): what a script asserts, traces and writes says what happened,
/// in StoreKit's terms, the same way every time.
@Suite("Scripts that never lie")
struct ScriptTruthTests {
    /// Runs a script written to a scratch folder; the run and the folder.
    func run(_ text: String, arguments: [String] = [], environment: [String: String] = [:]) throws -> (Storefront.Run, URL) {
        let folder = ScratchFolder.make("truth")
        let script = folder.appendingPathComponent("scenario.script")
        try text.write(to: script, atomically: true, encoding: .utf8)
        let run = try Storefront.run(["script"] + arguments + [script.path],
                                     environment: ["LANG": "en_US.UTF-8", "XDG_STATE_HOME": folder.appendingPathComponent("state").path]
                                        .merging(environment) { $1 })
        return (run, folder)
    }

    @Test("a consumable's balance is bought less used: Account's \"2 left\", the detail's \"You have 2.\" and expect-balance read one function")
    func balanceCountsUsedUnits() throws {
        let (run, _) = try self.run("""
            launch
            buy com.trailhead.boost.small 7
            press a down enter enter enter enter enter
            expect "Trail Boost"
            expect "2 left"
            expect-balance com.trailhead.boost.small 2
            press escape enter
            expect "You have 2."
            """)
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test("an app whose products did not load cannot buy one: the purchase call fails with the load error, logged; an offer code (the App Store's flow) still redeems")
    func noPurchaseWithoutProducts() throws {
        let (run, _) = try self.run("""
            launch --error load-products=network-error
            expect "Can't Load"
            buy com.trailhead.maps.alps
            expect-result failed(networkError)
            expect-log "productID com.trailhead.maps.alps, quantity 1, failure networkError"
            expect-entitlements
            buy com.trailhead.plus.pro.monthly code SPRINGTRAIL
            expect-result purchased
            expect-entitlements com.trailhead.plus.pro.monthly
            """, arguments: ["--trace"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("3 buy com.trailhead.maps.alps: failed(networkError)"), "\(run.stdout)")
    }

    @Test("a refused purchase never reads as success: each buy's trace line says its outcome in StoreKit's terms, expect-result checks it, expect-log reads the Log")
    func outcomesInStoreKitTerms() throws {
        let (run, _) = try self.run("""
            launch
            buy com.trailhead.maps.alps
            expect-result purchased
            buy com.trailhead.maps.alps
            expect-result failed(alreadyOwned)
            expect-log /kind failed, productID com.trailhead.maps.alps, .*failure alreadyOwned/
            buy com.trailhead.boost.small --cancel
            expect-result userCancelled
            set ask-to-buy on
            buy com.trailhead.maps.rockies
            expect-result pending
            """, arguments: ["--trace"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").filter { $0.first?.isNumber == true }.map(String.init)
        #expect(lines.contains("2 buy com.trailhead.maps.alps: purchased"))
        #expect(lines.contains("4 buy com.trailhead.maps.alps: failed(alreadyOwned)"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("7 buy com.trailhead.boost.small --cancel: userCancelled") })
        #expect(lines.contains { $0.hasPrefix("10 buy com.trailhead.maps.rockies: pending") })

        // A wrong expectation fails (exit 1) and says what the outcome was; an outcome that is none is a malformed script (exit 2).
        let (wrong, _) = try self.run("launch\nbuy com.trailhead.maps.alps\nbuy com.trailhead.maps.alps\nexpect-result purchased\n")
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("the last purchase call's outcome is failed(alreadyOwned), expected purchased"), "\(wrong.stderr)")
        let (typo, _) = try self.run("launch\nbuy com.trailhead.maps.alps\nexpect-result failed(alredyOwned)\n")
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("outcomes are purchased, pending, userCancelled, failed("), "\(typo.stderr)")
        let (missing, _) = try self.run("launch\nexpect-log \"failure alreadyOwned\"\n")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no Log event reads"), "\(missing.stderr)")
    }

    @Test("a non-renewing pass whose time ran out stays in currentEntitlements (StoreKit keeps the latest, finished ones included); the app grants nothing for it and sells it again")
    func finishedPassStaysInCurrentEntitlements() throws {
        let (run, _) = try self.run("""
            launch --now 2026-06-01T09:00:00Z
            buy com.trailhead.pass.summer
            press end
            expect "Active until Sep 1, 2026"
            expect-entitlements com.trailhead.pass.summer
            advance 4mo
            expect-entitlements com.trailhead.pass.summer
            expect-not "Active until"
            buy com.trailhead.pass.summer
            expect-result purchased
            """)
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test("amounts compare as amounts: 19.80 holds for 19.8, 0 for 0.00; a value its field cannot hold is a malformed script, listing what it can be")
    func amountsAndValuesChecked() throws {
        let (run, _) = try self.run("""
            launch
            buy com.trailhead.boost.small 20
            expect-transaction 1 price 19.80
            expect-transaction 1 price 19.8
            buy com.trailhead.plus.pro.annual
            expect-transaction 2 offer.paymentMode freeTrial
            expect-transaction 2 price 0.00
            expect-transaction 2 price 0
            """)
        #expect(run.status == 0, "\(run.stderr)")
        let (malformed, _) = try self.run("launch\nbuy com.trailhead.plus.pro.annual\nexpect-transaction 1 offer.type Introductory\n")
        #expect(malformed.status == 2)
        #expect(malformed.stderr.contains(":3: \"Introductory\" cannot be offer.type: it is one of introductory, promotional, code, winBack, or none"), "\(malformed.stderr)")
    }

    @Test("storefront ledger --json types its values: numbers, booleans and null as JSON has them, amounts as plain decimals in strings")
    func ledgerJSONTyped() throws {
        let ledger = ScratchFolder.make("typed").appendingPathComponent("typed.sqlite").path
        let (run, _) = try self.run("launch --state \(ledger)\nbuy com.trailhead.boost.small 20\nbuy com.trailhead.plus.pro.annual\nexpect-balance com.trailhead.boost.small 20\n")
        #expect(run.status == 0, "\(run.stderr)")
        let json = try Storefront.run(["ledger", "--state", ledger, "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let first = try #require(json.stdout.split(separator: "\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: [String: Any]])
        let transaction = try #require(object["transaction"])
        #expect(transaction["id"] as? Int == 1)
        #expect(transaction["purchasedQuantity"] as? Int == 20)
        #expect(transaction["isUpgraded"] as? Bool == false)
        #expect(transaction["price"] as? String == "19.8")
        #expect(transaction["expirationDate"] is NSNull)
    }

    /// A JWS's payload, with the payloads of the JWS inside it (a notification's transaction and
    /// renewal info) in place of their signed forms: what is the same on every machine.
    static func payload(_ jws: String) -> Any? {
        let parts = jws.split(separator: ".")
        guard parts.count == 3 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let object = try? JSONSerialization.jsonObject(with: data) else { return nil }
        func unsigned(_ value: Any) -> Any {
            if let object = value as? [String: Any] { return object.mapValues(unsigned) }
            if let text = value as? String, text.count > 100, text.split(separator: ".").count == 3, let inner = payload(text) { return inner }
            return value
        }
        return unsigned(object)
    }

    @Test("the same script gives the same ledger --json bytes and export --jws payloads on any machine, in any folder, under any LANG: UUIDs are named by the script, not drawn")
    func reproducibleOutputs() throws {
        let script = """
            launch --state flow.sqlite --notify http://127.0.0.1:9/ --notify-timeout 100ms
            buy com.trailhead.plus.pro.monthly
            advance next-renewal
            buy com.trailhead.boost.small 3
            refund 3
            expect-notification REFUND
            """
        var ledgers: [String] = []
        var exports: [[String: String]] = []
        for (folderName, language) in [("one", "en_US.UTF-8"), ("two", "ja_JP.UTF-8")] {
            let folder = ScratchFolder.make(folderName)
            try script.write(to: folder.appendingPathComponent("flow.script"), atomically: true, encoding: .utf8)
            // Each run its own machine: its own signing chain and ledgers folder.
            let environment = ["LANG": language, "XDG_STATE_HOME": folder.appendingPathComponent("state").path]
            let out = folder.appendingPathComponent("out").path
            let run = try Storefront.run(["script", "--ledgers", out, folder.appendingPathComponent("flow.script").path], environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            let ledger = out + "/flow.sqlite"
            ledgers.append(try Storefront.run(["ledger", "--state", ledger, "--json"], environment: environment).stdout)
            let jws = folder.appendingPathComponent("jws")
            #expect(try Storefront.run(["export", "--jws", jws.path, "--state", ledger], environment: environment).status == 0)
            var payloads: [String: String] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: jws.path) {
                let text = try String(contentsOf: jws.appendingPathComponent(name), encoding: .utf8)
                let object = try #require(Self.payload(text), "\(name)")
                payloads[name] = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
            }
            exports.append(payloads)
        }
        #expect(!ledgers[0].isEmpty && ledgers[0] == ledgers[1], "ledger --json differs between runs")
        #expect(ledgers[0].contains("notificationUUID"))
        #expect(exports[0].count >= 6 && exports[0] == exports[1], "export payloads differ: \(Set(exports[0].keys).filter { exports[0][$0] != exports[1][$0] })")
    }

    @Test("--junit never replaces what it names: a device such as /dev/null is refused in words (exit 2) and stays a device, even for root")
    func junitNeverReplacesADevice() throws {
        var before = stat()
        #expect(stat("/dev/null", &before) == 0)
        let (run, _) = try self.run("launch\nexpect \"Store\"\n", arguments: ["--junit", "/dev/null"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("cannot write /dev/null (--junit): it is a device"), "\(run.stderr)")
        var after = stat()
        #expect(stat("/dev/null", &after) == 0)
        #expect(after.st_mode & S_IFMT == S_IFCHR && after.st_rdev == before.st_rdev, "/dev/null is still the null device")
    }

    @Test("buying again while an interrupted purchase waits makes no second request: the waiting one is still the one to resolve")
    func interruptedPurchaseAskedOnce() throws {
        let (run, _) = try self.run("""
            launch
            set interrupt-purchases on
            buy com.trailhead.maps.alps
            expect-result pending
            buy com.trailhead.maps.alps
            expect-result pending
            interrupted resolve
            expect-entitlements com.trailhead.maps.alps
            """, arguments: ["--trace"])
        #expect(run.status == 0, "\(run.stderr)")
        let events = run.stdout.split(separator: "\n").filter { $0.hasPrefix("  event ") && $0.contains("kind interrupted") }
        #expect(Set(events.map { $0.split(separator: ":")[0] }).count == 1, "one request: \(run.stdout)")
    }

    @Test("a script finds the files its launch line names beside itself, run from any folder: the repository's .storekit scripts pass from another folder")
    func filesBesideTheScript() throws {
        let scripts = Storefront.repository.appendingPathComponent("Tests/Scripts")
        let names = try FileManager.default.contentsOfDirectory(atPath: scripts.path).filter {
            $0.hasSuffix(".script") && (try? String(contentsOf: scripts.appendingPathComponent($0), encoding: .utf8))?.contains("--catalog") == true
        }.sorted()
        #expect(names.count >= 5)
        let elsewhere = ScratchFolder.make("elsewhere")
        let run = try Storefront.run(["script"] + names.map { scripts.appendingPathComponent($0).path }, directory: elsewhere)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasSuffix("\(names.count) passed, 0 failed\n"), "\(run.stdout)")
    }

    @Test("an unknown product's refusal names the catalog's closest ids, not its first six")
    func unknownProductNamesTheClosest() throws {
        let (typo, _) = try self.run("launch\nbuy com.trailhead.maps.alp\nexpect \"Store\"\n")
        #expect(typo.status == 3)
        #expect(typo.stderr.contains(#""com.trailhead.maps.alp" is not a product of the catalog; the closest are "com.trailhead.maps.alps""#), "\(typo.stderr)")
        let (part, _) = try self.run("launch\nbuy rockies\nexpect \"Store\"\n")
        #expect(part.stderr.contains(#"the closest is "com.trailhead.maps.rockies""#), "\(part.stderr)")
        let (far, _) = try self.run("launch\nbuy xyz\nexpect \"Store\"\n")
        #expect(far.stderr.contains("nor close to one; products include"), "\(far.stderr)")
    }

    @Test("one duration grammar: advance takes hours and minutes (90m, PT20H; m is minutes, mo months), so Ask to Buy's 24-hour window is testable; next-renewal with auto-renew off moves to the expiry")
    func durationsInOneGrammar() throws {
        let (run, _) = try self.run("""
            launch --now 2026-11-21T09:00:00Z
            set ask-to-buy on
            buy com.trailhead.maps.alps
            expect-result pending
            advance PT20H
            press t
            expect "Nov 22, 2026 at 5:00"
            press escape
            advance 90m
            advance 3h
            expect-log "kind askToBuy, productID com.trailhead.maps.alps"
            expect-log /status expired/
            """)
        #expect(run.status == 0, "\(run.stderr)")
        let (expiry, _) = try self.run("""
            launch --now 2026-11-21T09:00:00Z
            buy com.trailhead.plus.basic.monthly
            cancel trailhead.plus
            advance next-renewal
            expect-entitlements
            """, arguments: ["--trace"])
        #expect(expiry.status == 0, "\(expiry.stderr)")
        #expect(expiry.stdout.contains("4 advance next-renewal: now 2026-12-21T09:00:00Z"), "\(expiry.stdout)")
        let (bad, _) = try self.run("launch\nadvance 3 fortnights\nexpect \"Store\"\n")
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("90m, 20h, 2d, 1w, 1mo, 1y, or ISO 8601 like PT20H or P1M"), "\(bad.stderr)")
    }

    @Test("an offer code's redemption limit is testable: other customers' redemptions count toward it (not this account's one per offer), and clear resets the counts")
    func redemptionLimitTestable() throws {
        let (run, _) = try self.run("""
            launch --now 2026-11-21T09:00:00Z
            others-redeemed SPRING-FREE-MONTH 4999
            buy com.trailhead.plus.pro.monthly code SPRINGTRAIL
            expect-result purchased
            clear
            others-redeemed SPRING-FREE-MONTH 5000
            buy com.trailhead.plus.pro.monthly code SPRINGTRAIL
            expect-result failed(limitReached)
            expect-entitlements
            """, arguments: ["--trace"])
        #expect(run.status == 0, "\(run.stderr)")
        // A step's trace quotes only a notice it put on screen.
        #expect(run.stdout.contains("7 buy com.trailhead.plus.pro.monthly code SPRINGTRAIL: failed(limitReached)\n"), "\(run.stdout)")
        let (unknown, _) = try self.run("launch\nothers-redeemed SPRING-FREE 3\nexpect \"Store\"\n")
        #expect(unknown.status == 3)
        #expect(unknown.stderr.contains(#""SPRING-FREE" is not an offer code offer of the catalog; the closest is "SPRING-FREE-MONTH""#), "\(unknown.stderr)")
    }

    @Test("every refusal is a Log event: a refused offer code is logged with why, and the ledger keeps it")
    func refusedCodesLogged() throws {
        let ledger = ScratchFolder.make("refused-codes").appendingPathComponent("codes.sqlite").path
        let (run, _) = try self.run("""
            launch --now 2026-11-21T09:00:00Z --state \(ledger)
            app-store-redeem NOSUCHCODE
            buy com.trailhead.plus.pro.monthly code SPRINGTRAIL
            expect-result purchased
            buy com.trailhead.plus.pro.monthly code SPRINGTRAIL
            expect-result failed(alreadyRedeemed)
            expect-log "kind codeRefused, quantity 1, status done, codeRefusal unknownCode"
            expect-log /kind codeRefused, productID com.trailhead.plus.pro.monthly, quantity 1, offerID SPRING-FREE-MONTH, .*codeRefusal alreadyRedeemed/
            press q
            launch --state \(ledger)
            expect-log "codeRefusal alreadyRedeemed"
            press t tab tab
            expect "refused: unknownCode"
            expect "(no such code)"
            expect "refused: alreadyRedeemed"
            """)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try Storefront.run(["ledger", "--state", ledger, "--json"])
        #expect(json.stdout.contains(#""kind":"codeRefused""#) && json.stdout.contains(#""codeRefusal":"unknownCode""#), "\(json.stdout)")
    }
}
