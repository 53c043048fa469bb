import Foundation
import Testing
import StoreModel
@testable import StoreUI

/// The monthly plan's own introductory offer on screen (issue 32): a free trial for people who commit
/// runs before the commitment; every screen that prices it says the commitment's monthly payments follow
/// it — never the price billed up front, which is another plan's.
@Suite("the monthly plan's introductory offer on screen")
struct CommitmentOfferScreenTests {
    static let group = CommitmentScreenTests.group
    static let proAnnual = CommitmentScreenTests.proAnnual
    static let twoWeeks = SubscriptionPeriod(value: 2, unit: .week)

    /// The sign-up screen with Pro Annual's monthly plan chosen, the plan given a two-week free trial.
    static func signup(_ size: Size = CommitmentScreenTests.standard, locale: String = "en_US", territory: String = "GBR") -> AppState {
        var catalog = Sample.catalog
        let index = catalog.position(ofProduct: proAnnual)!
        catalog.products[index].subscription?.monthlyPlan?.introductoryOffer = SubscriptionOffer(
            id: nil, kind: .introductory, paymentMode: .freeTrial, period: twoWeeks, periodCount: 1, prices: PriceTable(), purpose: nil)
        let store = AppStore(catalog: catalog, territory: catalog.territory(territory)!, now: Sample.start)
        var app = AppState(store: store, locale: Locale(identifier: locale), size: size)
        app.openSignup(groupID: group, selecting: proAnnual)
        app.press(.down)
        return app
    }

    @Test("the sign-up screen's monthly choice shows the plan's own free trial before the commitment, with the date payment 1 is billed; the button names both")
    func signupShowsTheOffer() throws {
        let app = Self.signup()
        let product = try #require(app.store.catalog.product(Self.proAnnual))
        let terms = BillingTerms(app)
        let offer = try #require(terms.monthlyPlanOffer(product))
        let text = SignupTests.allText(app)
        let line = try #require(terms.commitmentOfferTerms(offer, on: product, startingAt: app.store.now))
        #expect(text.contains(SignupTests.flat(line)), "missing: \(line)")
        #expect(line.contains(app.date(Self.twoWeeks.added(to: app.store.now))), "the date payment 1 is billed")
        let state = try #require(CommitmentScreenTests.signupState(app))
        let button = SignupTests.flat(SignupScreen.layout(app, state).button.joined(separator: " "))
        #expect(button.contains(SignupTests.flat(try #require(terms.commitmentOfferSummary(offer, on: product)))), "\(button)")
        #expect(!button.contains(SignupTests.flat(try #require(terms.standardPrice(product)))), Comment(rawValue: "the up-front price is not the plan's"))
    }

    @Test("the disclosure before a first commitment names the plan's monthly amount and the date the first payment is billed, when the offer ends — not the offer's price")
    func disclosureAfterTheOffer() throws {
        var catalogApp = Self.signup()
        catalogApp.press(.enter)
        guard case .commitmentDisclosure(let sheet) = catalogApp.overlay else {
            Issue.record("no disclosure: \(String(describing: catalogApp.overlay))"); return
        }
        let app = catalogApp
        let plan = try #require(app.store.catalog.product(Self.proAnnual)?.subscription?.monthlyPlan)
        let text = SignupTests.flat(CommitmentDisclosure.lines(app, sheet).map(\.0).joined())
        let expected = app.strings.disclosurePaymentsAfterOffer(
            12, app.price(try #require(plan.monthlyPrice(in: app.store.territory))),
            app.price(try #require(plan.commitmentPrice(in: app.store.territory))), app.date(Self.twoWeeks.added(to: Sample.start)))
        #expect(text.contains(SignupTests.flat(expected)), "\(text)")
    }

    @Test("the confirmation sheet charges the free trial now and says when the commitment's payments start")
    func sheetChargesTheOffer() throws {
        var app = Self.signup()
        app.press(.enter, .tab, .enter)
        guard case .sheet(let sheet) = app.overlay else { Issue.record("no sheet: \(String(describing: app.overlay))"); return }
        let product = try #require(app.store.catalog.product(Self.proAnnual))
        #expect(sheet.quote.billingPlan == .monthly && sheet.quote.total == 0 && sheet.quote.offer?.paymentMode == .freeTrial)
        let flat = SignupTests.flat(Overlays.sheetLines(app, sheet).map(\.0).joined(separator: " "))
        let terms = BillingTerms(app)
        let offer = try #require(sheet.quote.offer)
        for text in [try #require(terms.commitmentOfferSummary(offer, on: product)),
                     try #require(terms.commitmentOfferEnd(offer, on: product, startingAt: app.store.now)),
                     try #require(terms.commitmentTerms(product)), app.strings.commitmentCancel(12)] {
            #expect(flat.contains(SignupTests.flat(text)), "missing on the sheet: \(text)")
        }
        #expect(!flat.contains(SignupTests.flat(try #require(terms.standardPrice(product)))), "the up-front price is not what follows")
    }

    @Test("Account during the monthly plan's trial names the plan and says the commitment's monthly payments follow the trial, never the up-front price")
    func accountDuringTheTrial() throws {
        var app = Self.signup()
        app.press(.enter, .tab, .enter, .tab, .enter, .enter)
        let bought = try #require(app.store.transactions.last)
        #expect(bought.isMonthlyPlanOffer && bought.price == 0)
        AccountScreen.open(&app)
        let text = SignupTests.flat(app.view().text)
        let product = try #require(app.store.catalog.product(Self.proAnnual))
        let terms = BillingTerms(app)
        let trialEnd = app.date(Self.twoWeeks.added(to: Sample.start))
        for line in [app.strings.payMonthly(app.name(product)), app.strings.account.freeTrial,
                     app.strings.trialUntil(trialEnd, try #require(terms.commitmentCharge(product)))] {
            #expect(text.contains(SignupTests.flat(line)), "missing: \(line)\n\(text)")
        }
        #expect(!text.contains(SignupTests.flat(try #require(terms.standardPrice(product)))), "\(text)")
    }

    @Test("golden sign-up screen, disclosure and sheet with the monthly plan's free trial, 80x24 en_US and ja_JP")
    func goldens() {
        for (locale, territory) in [("en_US", "GBR"), ("ja_JP", "JPN")] {
            var app = Self.signup(locale: locale, territory: territory)
            expectGolden(app.view(), "signup-commitment-trial-\(locale)-80x24")
            app.press(.enter)
            expectGolden(app.view(), "signup-commitment-trial-disclosure-\(locale)-80x24")
            app.press(.tab, .enter)
            expectGolden(app.view(), "signup-commitment-trial-sheet-\(locale)-80x24")
        }
    }
}
