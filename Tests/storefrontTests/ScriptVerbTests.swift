import Foundation
import TestSupport
import Testing

/// `storefront script`'s QA verbs: each does what StoreKit Testing's control does, through the model
/// function the screens use, and a verb that cannot be done now stops the script with exit 3, its
/// file:line and why (a malformed one, exit 2, before anything runs).
@Suite("Script verbs")
struct ScriptVerbTests {
    /// Runs a script (launched on the sample catalog on 2026-11-21) from a fresh folder.
    func run(_ lines: String) throws -> Storefront.Run {
        let folder = ScratchFolder.make("verbs")
        let file = folder.appendingPathComponent("test.script")
        try Data(("launch --now 2026-11-21T09:00:00Z\n" + lines + "\n").utf8).write(to: file)
        return try Storefront.run(["script", file.path])
    }

    /// Expects the script to pass.
    func passes(_ lines: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let run = try run(lines)
        #expect(run.status == 0, "\(run.stderr)", sourceLocation: sourceLocation)
    }

    /// Expects the script to stop at `line` (of `lines`, the launch line not counted) with `status` and
    /// a message that contains `message`.
    func stops(_ lines: String, at line: Int, status: Int32 = 3, _ message: String,
               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let run = try run(lines)
        #expect(run.status == status, "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stderr.contains("test.script:\(line + 1): \(message)"), "\(run.stderr)", sourceLocation: sourceLocation)
    }

    @Test("promoted taps a promoted product on the App Store page; a product that is not promoted, hidden on this device, or an offer it lacks stops the script with exit 3 and the accepted ids; promotion changes the overrides")
    func promoted() throws {
        try passes("""
            promoted com.trailhead.boost.small
            expect "[ Confirm ]"
            """)
        try stops("promoted com.trailhead.maps.rockies\nexpect \"Store\"", at: 1,
                  #""com.trailhead.maps.rockies" is not promoted on the App Store; promoted are "com.trailhead.plus.pro.annual", "com.trailhead.maps.alps", "com.trailhead.boost.small", and any subscription with one of its win-back offers"#)
        try stops("promoted com.trailhead.plus.pro.annual offer nope\nexpect \"Store\"", at: 1,
                  #""nope" is not a win-back or promotional offer of "com.trailhead.plus.pro.annual"; its offers are "pro-annual-welcome-back""#)
        try stops("promotion hide com.trailhead.maps.alps\npromoted com.trailhead.maps.alps\nexpect \"Store\"", at: 2,
                  #""com.trailhead.maps.alps" is hidden on this device's App Store page; shown are "com.trailhead.plus.pro.annual", "com.trailhead.boost.small""#)
        try stops("promotion order com.trailhead.boost.small com.trailhead.maps.rockies\nexpect \"Store\"", at: 1,
                  #""com.trailhead.maps.rockies" is not a promoted product of the catalog; promoted are "com.trailhead.plus.pro.annual""#)
        try stops("promotion hide", at: 1, status: 2, "promotion takes hide, show or default and a product id")
        try stops("promoted", at: 1, status: 2, "promoted takes a product id")
    }

    @Test("buy N makes one transaction of N units, and --cancel records a cancel, not a purchase")
    func buy() throws {
        try passes("""
            buy com.trailhead.boost.small 3
            buy com.trailhead.maps.alps --cancel
            press t
            expect "Transactions 1"
            press enter
            expect "purchasedQuantity     3"
            press esc tab tab
            expect "cancelled"
            """)
    }

    @Test("buy goes through Ask to Buy and the payment gate as the app's purchase call does")
    func buyIsGated() throws {
        try passes("""
            set ask-to-buy on
            buy com.trailhead.maps.alps
            set ask-to-buy off
            set payments screen-time
            buy com.trailhead.maps.rockies
            press t
            # The request waits for a parent; the blocked purchase failed (a Log event, no transaction).
            expect "Transactions 0   Requests 1   Log 2"
            """)
    }

    @Test("buy with an offer or an offer code applies it")
    func buyWithOfferOrCode() throws {
        try passes("""
            buy com.trailhead.plus.pro.monthly code SPRINGTRAIL
            expect-transaction 1 offer.type code
            expect-transaction 1 offer.id SPRING-FREE-MONTH
            """)
    }

    @Test("buy is refused for N above 1 of anything but a consumable, and for a product, offer or code the catalog lacks, with the accepted ids")
    func buyRefused() throws {
        try stops("buy com.trailhead.maps.alps 2\nexpect \"x\"", at: 1,
                  #"only a consumable is bought in a quantity; "com.trailhead.maps.alps" is non-consumable"#)
        try stops("buy com.nope\nexpect \"x\"", at: 1,
                  #""com.nope" is not a product of the catalog, nor close to one; products include "com.trailhead.boost.small", "#)
        try stops("buy com.trailhead.plus.pro.monthly offer nope\nexpect \"x\"", at: 1,
                  #""nope" is not a promotional or win-back offer of "com.trailhead.plus.pro.monthly"; its offers are "pro-monthly-stay-half""#)
        try stops("buy com.trailhead.plus.pro.monthly code ALPSFREE\nexpect \"x\"", at: 1,
                  #""ALPSFREE" is not an offer code of "com.trailhead.plus.pro.monthly"; its offers' codes include "SPRINGTRAIL""#)
        try stops("buy com.trailhead.boost.small 100\nexpect \"x\"", at: 1, status: 2, "100 is not a quantity")
        try stops("buy com.trailhead.boost.small token 1234\nexpect \"x\"", at: 1, status: 2,
                  #""1234" is not a UUID; an appAccountToken looks like"#)
    }

    @Test("buy token UUID passes the appAccountToken: the transaction carries it, and so does one approved after Ask to Buy")
    func buyWithToken() throws {
        try passes("""
            buy com.trailhead.boost.small token 6f9619ff-8b86-d011-b42d-00c04fc964ff
            expect-transaction 1 appAccountToken 6f9619ff-8b86-d011-b42d-00c04fc964ff
            set ask-to-buy on
            buy com.trailhead.maps.alps token 0e984725-c51c-4bf4-9960-e1c80e27aba0
            ask-to-buy approve
            expect-transaction 2 appAccountToken 0e984725-c51c-4bf4-9960-e1c80e27aba0
            """)
    }

    @Test("expire ends a subscription now, with its reason; expiring it again is refused")
    func expire() throws {
        try passes("""
            buy com.trailhead.plus.pro.monthly
            expire com.trailhead.plus.pro.monthly
            expect-renewal trailhead.plus expirationReason autoRenewDisabled
            """)
        try stops("buy com.trailhead.plus.pro.monthly\nexpire trailhead.plus\nexpire trailhead.plus\nexpect \"x\"", at: 3,
                  #"subscription group "trailhead.plus" has expired already; nothing to expire"#)
    }

    @Test("renew starts the next period now, as a new transaction; renewing a non-subscription is refused")
    func renew() throws {
        try passes("""
            buy com.trailhead.plus.pro.monthly
            renew com.trailhead.plus.pro.monthly
            press t
            expect "Clock Nov 21, 2026 at 9:00"
            expect "Transactions 2"
            """)
        try stops("renew com.trailhead.maps.alps\nexpect \"x\"", at: 1,
                  #""com.trailhead.maps.alps" is not an auto-renewable subscription of the catalog"#)
    }

    @Test("refund ID reason revokes the transaction with that reason; refunding it again is refused")
    func refund() throws {
        try passes("""
            buy com.trailhead.maps.alps
            refund 1 developerIssue
            press t enter
            expect "revocationReason      developerIssue"
            """)
        try stops("buy com.trailhead.maps.alps\nrefund 1\nrefund 1\nexpect \"x\"", at: 3, "transaction 1 was refunded already")
        try stops("refund 9\nexpect \"x\"", at: 1, "there is no transaction 9; the ledger has none")
    }

    @Test("cancel turns auto-renew off; cancelling again is refused")
    func cancel() throws {
        try passes("""
            buy com.trailhead.plus.pro.monthly
            cancel trailhead.plus
            expect-renewal trailhead.plus willAutoRenew false
            """)
        try stops("buy com.trailhead.plus.pro.monthly\ncancel trailhead.plus\ncancel trailhead.plus\nexpect \"x\"", at: 3,
                  #"subscription group "trailhead.plus" is cancelled already (auto-renew is off)"#)
    }

    @Test("ask-to-buy approve completes the waiting request; with none waiting it is refused")
    func askToBuy() throws {
        try passes("""
            set ask-to-buy on
            buy com.trailhead.maps.alps
            ask-to-buy approve
            press t
            expect "Transactions 1   Requests 0"
            """)
        try stops("ask-to-buy decline\nexpect \"x\"", at: 1, "no Ask to Buy request waits; to make one, set ask-to-buy on, then buy")
    }

    @Test("interrupted resolve completes the interrupted purchase; an id that waits for nothing is refused")
    func interrupted() throws {
        try passes("""
            set interrupt-purchases on
            buy com.trailhead.maps.alps
            interrupted resolve
            press t
            expect "Transactions 1   Requests 0"
            """)
        try stops("interrupted resolve 5\nexpect \"x\"", at: 1, "no interrupted purchase waits with id 5")
    }

    @Test("billing fail makes renewals fail to charge; billing fix recovers the subscription")
    func billing() throws {
        try passes("""
            buy com.trailhead.plus.family.monthly
            billing fail
            advance next-renewal
            expect "in grace period."
            billing fix
            advance 1d
            expect "subscribed."
            """)
        try stops("billing maybe\nexpect \"x\"", at: 1, status: 2, "billing takes fail (renewals fail to charge) or fix")
    }

    @Test("clear removes every transaction and keeps the switches")
    func clear() throws {
        try passes("""
            set ask-to-buy on
            buy com.trailhead.maps.alps
            clear
            press t
            expect "Transactions 0   Requests 0"
            press esc s
            expect "on"
            """)
        try stops("clear all\nexpect \"x\"", at: 1, status: 2, "clear takes nothing")
    }

    @Test("reset turns the switches back to their defaults and keeps the transactions")
    func reset() throws {
        try passes("""
            buy com.trailhead.maps.rockies
            set ask-to-buy on
            reset
            buy com.trailhead.maps.alps
            press t
            expect "Transactions 2   Requests 0"
            """)
        try stops("reset now\nexpect \"x\"", at: 1, status: 2, "reset takes nothing")
    }

    @Test("set territory switches the storefront: prices and currency, and the Log says so")
    func territory() throws {
        try passes("""
            set territory DEU
            expect "DEU ·"
            expect "€"
            press t tab tab
            expect "storefront"
            """)
        try stops("set territory AUS\nexpect \"x\"", at: 1,
                  #"the catalog does not sell in AUS; it sells in "USA", "GBR", "DEU""#)
        try stops("set territory XX\nexpect \"x\"", at: 1, status: 2, #""XX" is not a storefront"#)
    }

    @Test("price-increase raises a subscription's price; with consent, the subscriber is asked")
    func priceIncrease() throws {
        try passes("""
            buy com.trailhead.plus.basic.monthly
            price-increase com.trailhead.plus.basic.monthly 2.49 consent
            press t
            expect "Subscription Price Increase"
            """)
        try stops("price-increase com.trailhead.plus.basic.monthly 1.00\nexpect \"x\"", at: 1,
                  "1 is not above the price now, $1.99; a price increase raises it")
    }

    @Test("sync restores purchases as Restore Purchases does, and the Log keeps it")
    func sync() throws {
        try passes("""
            buy com.trailhead.maps.alps
            sync
            press t tab tab
            expect "restored 1"
            """)
        try stops("sync now\nexpect \"x\"", at: 1, status: 2, "sync takes nothing")
    }

    @Test("advance next-renewal with nothing to renew is a note on stderr, and the clock stays")
    func advanceWithNothingToRenew() throws {
        let run = try run("advance next-renewal\npress t\nexpect \"Clock Nov 21, 2026 at 9:00\"")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("test.script:2: note: nothing will renew or expire; the clock stays"), "\(run.stderr)")
    }

    @Test("set error refuses an unknown StoreKit call or an error the call does not have before anything runs, exit 2, naming what is accepted")
    func errorRefusals() throws {
        try stops("set error load-everything network-error\nexpect \"x\"", at: 1, status: 2,
                  "\"load-everything\" is not a StoreKit call of error; use one of load-products, purchase, verification")
        try stops("set error verification network-error\nexpect \"x\"", at: 1, status: 2,
                  "\"network-error\" is not an error of verification (error); use one of off, revoked-certificate")
        try stops("set error purchase duplicate-request\nexpect \"x\"", at: 1, status: 2,
                  "\"duplicate-request\" is not an error of purchase (error); use one of off, network-error, user-cancelled, not-available-in-storefront, payment-not-allowed, unknown")
    }

    @Test("set error takes StoreKit's camel-case names as well as kebab-case ones")
    func errorSpellings() throws {
        try passes("set error load-products networkError\nset error load-products off\nexpect \"Pro Monthly\"")
    }
}
