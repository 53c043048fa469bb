import Foundation
import Testing
import TestSupport

/// Facts of the account live in the ledger, not in the launch options of whoever reads it (issue 51):
/// its storefront and environment; each notification keeps what it said when it was made; what one
/// device made, another does not send again; the ledger's output does not change with LANG.
@Suite("Account facts kept once")
struct AccountFactsTests {
    /// A script run from a scratch folder that keeps its ledgers there too (so a test can read them).
    func script(_ lines: String, in folder: URL, environment: [String: String] = ["LANG": "en_US.UTF-8"]) throws -> Storefront.Run {
        let file = folder.appendingPathComponent("test-\(UUID().uuidString.prefix(8)).script")
        try Data(lines.utf8).write(to: file)
        return try Storefront.run(["script", "--ledgers", folder.path, file.path],
                                  environment: environment.merging(["XDG_STATE_HOME": folder.appendingPathComponent("state").path]) { a, _ in a })
    }

    /// The payload of a compact JWS, decoded (not verified).
    static func payload(_ jws: String) -> [String: Any] {
        let parts = jws.split(separator: ".")
        guard parts.count == 3 else { return [:] }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] } ?? [:]
    }

    /// Every file `export --jws` wrote, by name.
    static func exported(_ folder: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        return files
    }

    @Test("the environment is the account's, one value: the inspector's table, expect-transaction, ledger --json and signed data all say the --environment the ledger keeps")
    func environmentIsOneFact() throws {
        let folder = ScratchFolder.make("environment")
        var run = try script("""
            launch --state account.sqlite --environment Xcode
            buy com.trailhead.maps.alps
            expect-transaction 1 environment Xcode
            press t enter down down down down down down down down down down
            expect "environment           Xcode"
            """, in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        // Relaunched without the option: the ledger's.
        run = try script("""
            launch --state account.sqlite
            expect-transaction 1 environment Xcode
            """, in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let ledger = folder.appendingPathComponent("account.sqlite").path
        let json = try Storefront.run(["ledger", "--json", "--state", ledger])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.contains(#""environment":"Xcode""#) && !json.stdout.contains(#""environment":"Sandbox""#))
        let out = folder.appendingPathComponent("jws")
        let export = try Storefront.run(["export", "--jws", out.path, "--state", ledger],
                                        environment: ["LANG": "en_US.UTF-8", "XDG_STATE_HOME": folder.appendingPathComponent("state").path])
        #expect(export.status == 0, "\(export.stderr)")
        let files = try Self.exported(out)
        #expect(Self.payload(try #require(files["transaction-1.jws"]))["environment"] as? String == "Xcode")
        #expect(Self.payload(try #require(files["app-transaction.jws"]))["receiptType"] as? String == "Xcode")
        // A new account says Sandbox everywhere, as its signed data always did.
        run = try script("launch\nbuy com.trailhead.maps.alps\nexpect-transaction 1 environment Sandbox\n", in: folder)
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test("ledger --json and export --jws of one ledger are the same bytes under LANG=en_US, de_DE and ja_JP, and exported again")
    func outputsDoNotFollowLANG() throws {
        let folder = ScratchFolder.make("lang")
        let run = try script("""
            launch --state account.sqlite --territory DEU --device iPad
            buy com.trailhead.maps.alps
            buy com.trailhead.plus.pro.monthly
            advance 1mo
            expect-renewal trailhead.plus currency EUR
            """, in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let ledger = folder.appendingPathComponent("account.sqlite").path
        var jsons: [String] = []
        var exports: [[String: String]] = []
        for lang in ["en_US.UTF-8", "de_DE.UTF-8", "ja_JP.UTF-8"] {
            let environment = ["LANG": lang, "XDG_STATE_HOME": folder.appendingPathComponent("state").path]
            let json = try Storefront.run(["ledger", "--json", "--state", ledger, "--device", "iPad"], environment: environment)
            #expect(json.status == 0, "\(json.stderr)")
            jsons.append(json.stdout)
            let out = folder.appendingPathComponent("jws-\(lang)")
            let export = try Storefront.run(["export", "--jws", out.path, "--state", ledger, "--device", "iPad"], environment: environment)
            #expect(export.status == 0, "\(export.stderr)")
            exports.append(try Self.exported(out))
        }
        #expect(jsons[0].contains(#""currency":"EUR""#), "the account's storefront, not the reader's")
        #expect(jsons[0] == jsons[1] && jsons[0] == jsons[2])
        #expect(!exports[0].isEmpty)
        #expect(exports[0] == exports[1] && exports[0] == exports[2], "signed data does not follow LANG either")
        // Exported again: the same bytes (signatures' and devices' nonces are derived, not drawn).
        let again = folder.appendingPathComponent("jws-again")
        _ = try Storefront.run(["export", "--jws", again.path, "--state", ledger, "--device", "iPad"],
                               environment: ["LANG": "en_US.UTF-8", "XDG_STATE_HOME": folder.appendingPathComponent("state").path])
        #expect(try Self.exported(again) == exports[0])
    }

    @Test("the storefront is the account's: --locale alone never moves it; --territory does, as a storefront change in the log")
    func storefrontIsTheAccounts() throws {
        let folder = ScratchFolder.make("storefront")
        var run = try script("""
            launch --state account.sqlite --territory USA
            buy com.trailhead.plus.pro.monthly
            expect-renewal trailhead.plus currency USD
            """, in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let ledger = folder.appendingPathComponent("account.sqlite").path
        run = try script("""
            launch --state account.sqlite --locale de_DE
            expect-renewal trailhead.plus currency USD
            """, in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        var json = try Storefront.run(["ledger", "--json", "--state", ledger])
        #expect(!json.stdout.contains(#""kind":"storefrontChange""#), "a language is no move")
        run = try script("""
            launch --state account.sqlite --locale de_DE --territory DEU
            expect-renewal trailhead.plus currency EUR
            """, in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        json = try Storefront.run(["ledger", "--json", "--state", ledger])
        #expect(json.stdout.contains(#""kind":"storefrontChange""#), "the move is in the log")
        run = try script("launch --state account.sqlite --locale en_US\nexpect-renewal trailhead.plus currency EUR\n", in: folder)
        #expect(run.status == 0, "the account stays in Germany: \(run.stderr)")
    }

    @Test("a notification is signed as it was when it happened: a grace period's DID_FAIL_TO_RENEW, exported after a cancel, still says status 4 and auto-renew on, dated then")
    func exportsAreSnapshots() throws {
        let folder = ScratchFolder.make("snapshots")
        let run = try script("""
            launch --state account.sqlite --now 2026-11-21T09:00:00Z --grace-period on
            buy com.trailhead.plus.pro.monthly
            set billing-retry on
            advance next-renewal
            expect-notification DID_FAIL_TO_RENEW GRACE_PERIOD
            cancel trailhead.plus
            advance 1y
            expect-notification EXPIRED
            """, in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let out = folder.appendingPathComponent("jws")
        let export = try Storefront.run(["export", "--jws", out.path, "--state", folder.appendingPathComponent("account.sqlite").path],
                                        environment: ["LANG": "en_US.UTF-8", "XDG_STATE_HOME": folder.appendingPathComponent("state").path])
        #expect(export.status == 0, "\(export.stderr)")
        let notifications = try Self.exported(out).filter { $0.key.hasPrefix("notification-") }.values.map(Self.payload)
        let failed = try #require(notifications.first { $0["notificationType"] as? String == "DID_FAIL_TO_RENEW" })
        let data = try #require(failed["data"] as? [String: Any])
        #expect(data["status"] as? Int == 4, "in its grace period when it was sent")
        let renewal = Self.payload(try #require(data["signedRenewalInfo"] as? String))
        #expect(renewal["autoRenewStatus"] as? Int == 1, "auto-renew was on then")
        #expect(renewal["signedDate"] as? Int == failed["signedDate"] as? Int, "signed when the notification was")
        let subscribed = try #require(notifications.first { $0["notificationType"] as? String == "SUBSCRIBED" })
        let subscribedRenewal = Self.payload(try #require((subscribed["data"] as? [String: Any])?["signedRenewalInfo"] as? String))
        #expect(subscribedRenewal["signedDate"] as? Int == subscribed["signedDate"] as? Int, "not a year later")
        let expired = try #require(notifications.first { $0["notificationType"] as? String == "EXPIRED" })
        #expect((expired["data"] as? [String: Any])?["status"] as? Int == 2)
    }

    @Test("a ledger written by main before one runtime (11d8dc3) opens, migrates, and is in the storefront its transactions name")
    func ledgerFromBefore() throws {
        let folder = ScratchFolder.make("old-ledger")
        let copy = folder.appendingPathComponent("old.sqlite")
        try FileManager.default.copyItem(at: Storefront.repository.appendingPathComponent("Tests/Fixtures/ledgers/main-11d8dc3.sqlite"), to: copy)
        // Read as it is (read-only, unmigrated), in any LANG: the German storefront its purchases name.
        for lang in ["en_US.UTF-8", "ja_JP.UTF-8"] {
            let json = try Storefront.run(["ledger", "--json", "--state", copy.path], environment: ["LANG": lang])
            #expect(json.status == 0, "\(json.stderr)")
            #expect(json.stdout.contains(#""renewalPrice":"1.99","currency":"EUR""#), "\(lang): \(json.stdout)")
        }
        let run = try script("""
            launch --state old.sqlite --device iPad
            expect-transaction 3 storefront DEU
            expect-renewal trailhead.plus currency EUR
            buy com.trailhead.maps.rockies
            expect-transaction 4 storefront DEU
            press t enter down down down down down down down down down down
            expect "device                iPad"
            press esc end enter down down down down down down down down down down
            expect "device                (not recorded: made before the ledger kept it)"
            """, in: folder)
        #expect(run.status == 0, "\(run.stderr)")
    }
}
