import Foundation
import Testing
import StoreModel
@testable import StoreUI

/// The Account screen in each subscription state, the manage-subscription sheet, each plan-change
/// confirmation and the cancel path, as goldens at 80x24 and 50x16 in English, Japanese and Spanish; and the
/// rules the screen keeps (cancel in two presses, a stray Enter cancels nothing, family plans).
struct AccountScreenTests {
    static let sizes = [Size(columns: 80, rows: 24), Size(columns: 50, rows: 16)]
    static let locales = ["en_US", "ja_JP", "es_ES", "zh_CN"]
    static let proMonthly = "com.trailhead.plus.pro.monthly"
    static let basicMonthly = "com.trailhead.plus.basic.monthly"

    /// A person in a subscription state, made the way the App Store would.
    enum Person: String, CaseIterable {
        case none, freeTrial, introPrice, active, cancelled, pendingDowngrade, gracePeriod, billingRetry, expired, refunded
        case familyShared, consumables

        func app(_ size: Size, _ locale: String) -> AppState {
            var app = Sample.app(size, locale: locale)
            switch self {
            case .none: break
            case .freeTrial: app.store.purchase("com.trailhead.plus.pro.annual")
            case .introPrice: app.store.purchase(AccountScreenTests.proMonthly)
            case .active: app.store.purchase(AccountScreenTests.basicMonthly)
            case .cancelled:
                app.store.purchase(AccountScreenTests.basicMonthly)
                app.store.setAutoRenew(false, group: "trailhead.plus")
            case .pendingDowngrade:
                app.store.purchase(AccountScreenTests.proMonthly)
                app.store.purchase(AccountScreenTests.basicMonthly)
            case .gracePeriod, .billingRetry:
                app.store.purchase(AccountScreenTests.basicMonthly)
                app.store.scenario.billingFails = true
                if self == .billingRetry { app.store.scenario.gracePeriod = .off }
                app.store.advance(by: SubscriptionPeriod(value: 31, unit: .day))
            case .expired:
                app.store.purchase(AccountScreenTests.basicMonthly)
                app.store.setAutoRenew(false, group: "trailhead.plus")
                app.store.advance(by: SubscriptionPeriod(value: 31, unit: .day))
            case .refunded:
                app.store.purchase(AccountScreenTests.basicMonthly)
                let bought = app.store.transactions.last!.id
                app.store.refund(bought)
            case .familyShared: app.store.receiveFamilySharing("com.trailhead.plus.family.monthly")
            case .consumables:
                app.store.purchase("com.trailhead.boost.small", quantity: 3)
                app.store.purchase("com.trailhead.maps.alps")
                app.store.purchase("com.trailhead.pass.summer")
            }
            app.press(.character("a"))
            return app
        }
    }

    @Test("the Account screen in each subscription state, at 80x24 and 50x16, in English, Japanese, Spanish and Simplified Chinese",
          arguments: Person.allCases)
    func states(person: Person) {
        for size in Self.sizes {
            for locale in Self.locales {
                let app = person.app(size, locale)
                #expect(app.top.kind == .account)
                expectGolden(app.view(), "account-\(person.rawValue)-\(locale)-\(size.columns)x\(size.rows)")
            }
        }
    }

    @Test("the manage sheet, each plan-change confirmation and the cancel confirmation, at 80x24 and 50x16, in English, Japanese, Spanish and Simplified Chinese")
    func sheets() {
        for size in Self.sizes {
            for locale in Self.locales {
                let suffix = "\(locale)-\(size.columns)x\(size.rows)"
                var app = Person.introPrice.app(size, locale)
                app.press(.enter)
                #expect(app.activeKind == .manage)
                expectGolden(app.view(), "account-manage-\(suffix)")
                // Family Monthly (an upgrade), Pro Annual (a crossgrade at renewal), Basic Monthly (a downgrade).
                for (steps, change) in [([Key.up, .up], "upgrade"), ([.down, .down], "crossgrade"), ([.down, .down, .down], "downgrade")] {
                    var moved = app
                    for key in steps { moved.press(key) }
                    moved.press(.enter)
                    #expect(moved.isSheetOpen, "\(change)")
                    expectGolden(moved.view(), "account-confirm-\(change)-\(suffix)")
                }
                // In the introductory months (no retention offer) x opens the system sheet, which shows
                // no offer and no survey; after the cancel, the app's exit survey (issue 31).
                var cancelling = Person.introPrice.app(size, locale)
                cancelling.press(.character("x"))
                #expect(cancelling.activeKind == .cancelSubscription)
                expectGolden(cancelling.view(), "account-cancel-\(suffix)")
                cancelling.press(.character("x"))
                #expect(cancelling.activeKind == .exitSurvey)
                expectGolden(cancelling.view(), "account-after-cancel-\(suffix)")
                // Past the three introductory months, the retention pitch: its x cancels (issue 57, item 8).
                var pitched = Person.introPrice.app(size, locale)
                pitched.store.advance(by: SubscriptionPeriod(value: 3, unit: .month))
                pitched.press(.character("x"))
                #expect(pitched.activeKind == .retentionPitch)
                expectGolden(pitched.view(), "account-retention-pitch-\(suffix)")
            }
        }
    }

    @Test("at the 40x12 minimum the cancel confirmation still shows both of its buttons whole (HIG: make it easy to cancel)")
    func cancelButtonsAtMinimum() {
        for locale in Self.locales {
            // In the introductory months there is no retention offer: x opens the system sheet.
            var app = Person.introPrice.app(Size(columns: 40, rows: 12), locale)
            app.press(.character("x"))
            let words = app.strings.account
            let text = app.view().text
            #expect(text.contains("[ \(words.keepSubscription) ]"), "\(locale):\n\(text)")
            #expect(text.contains("[ x \(words.cancelButton) ]"), "\(locale):\n\(text)")
            // Basic Monthly has a retention offer: the app's pitch, whose x cancels, shows it whole too.
            var pitched = Person.active.app(Size(columns: 40, rows: 12), locale)
            pitched.press(.character("x"))
            #expect(pitched.view().text.contains("x \(words.cancelSubscription) ]"), "\(locale):\n\(pitched.view().text)")
        }
    }

    @Test("cancel takes two presses from the Account screen; the confirmation opens on Keep Subscription, so Enter keeps it")
    func cancelInTwoPresses() {
        var app = Person.introPrice.app(Size(columns: 80, rows: 24), "en_US")
        app.press(.character("x"), .enter)
        #expect(app.store.renewalInfo(ofGroup: "trailhead.plus", ownership: .purchased)?.willAutoRenew == true, "a stray Enter keeps it")
        app.press(.character("x"), .character("x"))
        #expect(app.store.renewalInfo(ofGroup: "trailhead.plus", ownership: .purchased)?.willAutoRenew == false)
        #expect(app.notice?.replacingOccurrences(of: "\u{00A0}", with: " ") == "Cancelled. You can keep using Pro Monthly until Dec 21, 2026.")
        app.press(.escape)   // the app's exit survey, skipped (issue 31: it follows the cancel)
        #expect(app.view().text.contains("[ Resubscribe ]"))
        // Resubscribe while still active: auto-renew back on, nothing bought.
        let count = app.store.transactions.count
        app.press(.home, .down, .enter)   // Manage Subscription, then Resubscribe
        #expect(app.store.renewalInfo(ofGroup: "trailhead.plus", ownership: .purchased)?.willAutoRenew == true)
        #expect(app.store.transactions.count == count)
    }

    @Test("cancel is two presses with a retention offer too: x on Account, x on the pitch, which says until when access lasts; no pitch while a change of plan is booked")
    func cancelInTwoPressesWithAnOffer() {
        var app = Person.introPrice.app(Size(columns: 80, rows: 24), "en_US")
        app.store.advance(by: SubscriptionPeriod(value: 3, unit: .month))   // past the introductory months: an offer
        app.press(.character("a"))
        app.press(.character("x"))
        #expect(app.view().text.contains("Before you go"))
        #expect(app.view().text.contains("You can keep using Pro Monthly until"))
        app.press(.character("x"))
        #expect(app.store.renewalInfo(ofGroup: "trailhead.plus", ownership: .purchased)?.willAutoRenew == false)
        // A downgrade only booked: no "Stay with Basic Monthly" pitch, the confirmation at once.
        var booked = Person.introPrice.app(Size(columns: 80, rows: 24), "en_US")
        booked.store.advance(by: SubscriptionPeriod(value: 3, unit: .month))
        booked.store.purchase(AccountScreenTests.basicMonthly)
        #expect(booked.store.retentionOffer(forGroup: "trailhead.plus") == nil)
        booked.press(.character("a"))
        booked.press(.character("x"))
        #expect(!booked.view().text.contains("Before you go"))
        booked.press(.character("x"))
        #expect(booked.store.renewalInfo(ofGroup: "trailhead.plus", ownership: .purchased)?.willAutoRenew == false)
    }

    @Test("the retention offer is pitched on the app's screen before the cancel confirmation and books the offer for the next renewal")
    func retentionOfferOnConfirmation() {
        var app = Person.introPrice.app(Size(columns: 80, rows: 24), "en_US")
        app.store.advance(by: SubscriptionPeriod(value: 3, unit: .month))   // past the introductory months
        app.press(.character("x"))
        // The app's pitch, not the cancel sheet (issue 31); Take Offer opens the offer's system sheet.
        #expect(app.view().text.contains("$2.49/month for 3 months, then $4.99/month"))
        #expect(app.view().text.contains("[ Take Offer ]"))
        app.press(.enter)
        #expect(app.store.renewalInfo(ofGroup: "trailhead.plus", ownership: .purchased)?.offerID == nil)
        app.press(.tab, .enter)
        #expect(app.store.renewalInfo(ofGroup: "trailhead.plus", ownership: .purchased)?.offerID == "pro-monthly-stay-half")
        #expect(app.store.renewalInfo(ofGroup: "trailhead.plus", ownership: .purchased)?.willAutoRenew == true)
        #expect(app.overlay == nil)
    }

    @Test("a family member cannot cancel or change the organizer's plan from the Account screen")
    func familyCannotCancel() {
        var app = Person.familyShared.app(Size(columns: 80, rows: 24), "en_US")
        app.press(.character("x"))
        #expect(app.overlay == nil)
        #expect(!app.view().text.contains("[ Cancel Subscription ]"))
        #expect(!app.view().text.contains("[ Manage Subscription ]"))
    }

    @Test("Use One spends a consumable unit, the app's own record, down to none")
    func useConsumable() {
        var app = Person.consumables.app(Size(columns: 80, rows: 24), "en_US")
        app.press(.end, .up, .up, .up)    // Trail Boost, above Restore Purchases, Redeem Code and Purchase Help
        #expect(app.activeBindings.contains { $0.action == .useOne })
        app.press(.character("u"), .character("u"), .character("u"))
        #expect(app.store.consumableBalance("com.trailhead.boost.small") == 0)
        #expect(app.notice == "Used one Trail Boost. 0 left.")
        #expect(!AccountScreen.layout(app).entries.contains(.use("com.trailhead.boost.small")), "no unit left to use")
    }

    @Test("--open account starts on the Account screen")
    func deepLink() throws {
        var app = Sample.app()
        app.follow(try DeepLink(parsing: "account", catalog: Sample.catalog))
        #expect(app.kinds == [.store, .account])
    }
}

extension AccountScreenTests {
    @Test("Account pairs a plan's name with its own price while a change of plan is booked, and shows no App Store Connect level", arguments: AccountScreenTests.locales)
    func planNameWithItsOwnPrice(locale: String) throws {
        var app = Sample.app(Size(columns: 80, rows: 24), locale: locale)
        app.store.purchase("com.trailhead.plus.pro.annual")
        app.store.advance(by: SubscriptionPeriod(value: 8, unit: .day))      // the free week over: a paid year
        app.store.purchase(AccountScreenTests.proMonthly)                   // booked for the renewal
        app.press(.character("a"))
        let text = app.view().text
        let annual = app.name(app.store.catalog.product("com.trailhead.plus.pro.annual")!)
        let line = try #require(text.split(separator: "\n").dropFirst(2).first { $0.contains(annual) }, "\(text)")
        // (The grid shows a no-break space as a space.)
        func shown(_ amount: String) -> String { app.price(Decimal(string: amount)!).replacingOccurrences(of: "\u{00A0}", with: " ") }
        #expect(line.contains(shown("39.99")), "its own price: \(line)")
        #expect(!line.contains(shown("4.99")), "not the booked plan's: \(line)")
        #expect(!text.contains("Level") && !text.contains("レベル") && !text.contains("Nivel") && !text.contains("级别"), "\(text)")
    }
}

/// Footer keys by importance, not by what fits (issue 57, item 9).
struct FooterImportanceTests {
    @Test("once a key does not fit in the footer, no less important key takes its place")
    func lessImportantNeverReplacesMore() {
        let strings = Strings.forLocale(Locale(identifier: "en_US"))
        let bindings = [
            Binding(keys: [.character("x")], label: "x", action: .cancelSubscription, importance: .normal),
            Binding(keys: [.character("s")], label: "s", action: .scenario, importance: .low),
            Binding.help,
        ]
        // Room for "? keys" and "s scenario", not for "x cancel subscription".
        let hints = Chrome.footerHints(bindings, strings: strings, width: 22).map(\.label)
        #expect(hints == ["?"], "\(hints)")
        #expect(Chrome.footerHints(bindings, strings: strings, width: 80).map(\.label) == ["x", "s", "?"])
    }

    @Test("the store's footer keeps Account (where managing and cancelling live) at 80 columns and wider, in English and Japanese", arguments: ["en_US", "ja_JP"])
    func storeKeepsAccount(locale: String) {
        for size in [Size(columns: 120, rows: 40), Size(columns: 80, rows: 24)] {
            let app = Sample.app(size, locale: locale)
            let footer = app.view().text.split(separator: "\n").last.map(String.init) ?? ""
            #expect(footer.contains(" a "), "\(locale) \(size): \(footer)")
        }
    }
}
