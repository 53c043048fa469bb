import Foundation
import Testing
import StoreModel
@testable import StoreUI

/// "Encourage a new subscription only when someone isn't already a subscriber" (HIG), everywhere: every
/// place a pitch can appear × every state a person can be in. A pitch is a subscription offered for sale:
/// a confirmation sheet that a key opens, a button or a price for a plan. Subscribed, family-shared, in
/// grace, in billing retry and cancelled-but-active people never get one; the never-subscribed, the
/// lapsed and the refunded do.
@Suite("Never re-pitch a subscriber: the matrix")
struct RepitchMatrixTests {
    enum Person: String, CaseIterable, CustomTestStringConvertible {
        case neverSubscribed, subscribed, familyShared, inGracePeriod, inBillingRetry, cancelledButActive, lapsed, refunded

        var testDescription: String { rawValue }
        /// Whether the HIG allows pitching the subscription group to them.
        var mayBePitched: Bool { [.neverSubscribed, .lapsed, .refunded].contains(self) }

        /// The sample app with this person's history, at 80x24 unless a size is given.
        func app(_ size: Size = Size(columns: 80, rows: 24)) -> AppState {
            var app = Sample.app(size)
            let pro = "com.trailhead.plus.pro.monthly"
            func buy() -> UInt64 {
                guard case .purchased(let transaction) = app.store.purchase(pro) else { preconditionFailure("the sample sells Pro Monthly") }
                return transaction.id
            }
            switch self {
            case .neverSubscribed: break
            case .subscribed: _ = buy()
            case .familyShared: _ = app.store.receiveFamilySharing("com.trailhead.plus.family.monthly")
            case .inGracePeriod, .inBillingRetry:
                _ = buy()
                app.store.scenario.billingFails = true
                app.store.advance(by: SubscriptionPeriod(value: 1, unit: .month))
                app.store.advance(by: SubscriptionPeriod(value: self == .inGracePeriod ? 1 : 20, unit: .day))
            case .cancelledButActive:
                _ = buy()
                app.store.setAutoRenew(false, group: "trailhead.plus")
            case .lapsed:
                _ = buy()
                app.store.setAutoRenew(false, group: "trailhead.plus")
                app.store.advance(by: SubscriptionPeriod(value: 2, unit: .month))
            case .refunded: app.store.refund(buy())
            }
            StoreScreen.revalidate(&app)
            return app
        }
    }

    /// The subscriptions the store lists for this person, by id.
    static func listedSubscriptions(_ app: AppState) -> [String] {
        StoreScreen.selectableProducts(app).filter { $0.type == .autoRenewable }.map(\.id)
    }

    /// Places a pitch could appear, each answering "was this person pitched here?".
    static let places: [(name: String, pitched: @Sendable (Person) -> Bool)] = [
        ("the store's b on a subscription row", { person in
            let app = person.app()
            return listedSubscriptions(app).contains { id in
                var attempt = app
                attempt.select(id)
                attempt.press(.character("b"))
                // b opens the sign-up screen on a subscription; b there opens the sheet.
                if attempt.top.kind == .signup { attempt.press(.character("b")) }
                return attempt.isSheetOpen
            }
        }),
        ("Enter on a subscription row, then what opens", { person in
            let app = person.app()
            return listedSubscriptions(app).contains { id in
                var attempt = app
                attempt.select(id)
                attempt.press(.enter)
                let text = attempt.view().text
                // A subscriber's plan opens the Account screen, whose Resubscribe on a cancelled plan that
                // still gives access turns their own auto-renew back on: a control, not a pitch. Its
                // See Plans is a pitch.
                let onAccount = attempt.top.kind == .account
                attempt.press(.character("b"))
                return attempt.isSheetOpen || text.contains("[ Subscribe") || text.contains("[ See Plans")
                    || (!onAccount && text.contains("[ Resubscribe"))
            }
        }),
        ("the compact store's button", { person in
            let app = person.app(Size(columns: 50, rows: 16))
            return listedSubscriptions(app).contains { id in
                var attempt = app
                attempt.select(id)
                return attempt.view().text.contains("[ b: ")
            }
        }),
        ("a subscription price in the store's list", { person in
            let text = person.app(Size(columns: 100, rows: 40)).view().text
            guard let section = text.range(of: "Subscriptions") else { return false }
            let rest = text[section.upperBound...]
            let subscriptions = rest.prefix { _ in true }.components(separatedBy: "Passes").first ?? ""
            return subscriptions.contains("$")
        }),
        ("the sign-up screen from --open signup", { person in
            var app = person.app()
            app.follow(.signup(groupID: nil))
            guard app.top.kind == .signup else { return false }
            app.press(.enter)
            return app.isSheetOpen
        }),
        ("onboarding", { person in
            var app = person.app()
            OnboardingScreen.startIfDue(&app, requested: true, firstLaunch: true)
            return app.top.kind == .onboarding
        }),
        ("the free area's prompt near the limit", { person in
            var app = person.app()
            PaywallTests.read([0, 1], &app)
            let text = app.view().text
            return text.contains("See plans") || text.contains("o see plans")
        }),
        ("the metered paywall at the limit", { person in
            var app = person.app()
            PaywallTests.read([0, 1, 2, 3], &app)
            return app.top.kind == .paywall
        }),
        ("the store as plain text", { person in
            let lines = StoreScreen.plainText(person.app()).split(separator: "\n")
            guard let start = lines.firstIndex(where: { $0.hasPrefix("Subscriptions") }) else { return false }
            return lines[(start + 1)...].prefix { !$0.hasPrefix("Passes") }.contains { $0.contains("$") }
        }),
    ]

    @Test("a pitch appears exactly where the person may be pitched", arguments: Person.allCases)
    func matrix(person: Person) {
        for place in Self.places {
            #expect(place.pitched(person) == person.mayBePitched,
                    "\(place.name): \(person.mayBePitched ? "no pitch for someone who may be pitched" : "pitched to someone who must not be")")
        }
    }

    @Test("billing retry says what is wrong and what to do, never a plan or a price")
    func billingRetryWords() {
        var app = Person.inBillingRetry.app()
        let store = app.view().text
        #expect(store.contains("USA · Pro Monthly: payment problem"), "the header shows the state, not 'Not subscribed'")
        #expect(store.contains("⚠ Payment problem"))
        #expect(store.contains("Update your payment method"))
        app.select("com.trailhead.plus.pro.monthly")
        app.press(.enter)
        let detail = app.view().text
        #expect(detail.contains("There's a problem with your payment method."))
        #expect(!detail.contains("$"), "no price while the App Store retries the payment")
    }

    @Test("a product the plan includes says so and has no buy action; it is sold again once access ends")
    func includedInPlan() {
        for person in Person.allCases {
            var app = person.app()
            let included = app.store.status(ofGroup: "trailhead.plus")?.state.hasAccess == true
            app.select("com.trailhead.pass.summer")
            #expect(app.view().text.contains("✓ Included in your plan") == included, "\(person)")
            app.press(.character("b"))
            #expect(app.isSheetOpen == !included, "\(person): the pass is \(included ? "not " : "")for sale")
        }
    }

    @Test("a subscriber paying an introductory price sees that price and when the standard price starts")
    func introPriceShown() {
        var app = Sample.app()
        app.store.purchase("com.trailhead.plus.pro.monthly") // $1.99/month for 3 months, then $9.99/month
        app.select("com.trailhead.plus.pro.monthly")
        app.press(.enter)
        let text = app.view().text
        #expect(text.contains("$1.99/month until Feb 21, 2027, then"))
        #expect(!text.contains("$9.99/month\n"), "not the standard price alone")
    }

    @Test("a lapsed subscriber sees Resubscribe, and the win-back offer of the product they had")
    func lapsedWording() {
        var app = Sample.app()
        // A paid year after the free week (a trial alone wins no win-back offer), ended over a month ago.
        app.store.purchase("com.trailhead.plus.pro.annual")
        app.store.advance(by: SubscriptionPeriod(value: 2, unit: .week))
        app.store.setAutoRenew(false, group: "trailhead.plus")
        app.store.advance(by: SubscriptionPeriod(value: 13, unit: .month))
        let text = app.view().text
        #expect(text.contains("Resubscribe to Trailhead Plus"))
        #expect(text.contains("Welcome back: Pro Annual"), "the offer for the product they had, not Family Monthly's")
        app.select("com.trailhead.plus.pro.annual")
        app.press(.enter)
        #expect(app.top.kind == .signup, "Enter on a plan opens the group's sign-up screen")
        let signup = app.view().text
        #expect(signup.contains("[ ⏎ Resubscribe: Pro Annual"), "chosen: the plan they had")
        #expect(signup.contains("Welcome back: $29.99 for the first year"))
        app.open(.detail(DetailScreen.State(productID: "com.trailhead.plus.pro.annual")))
        #expect(app.view().text.contains("[ Resubscribe"))
    }
}
