import CatalogFormats
import Foundation
import StoreModel
import TestSupport
import Testing

/// Apple's rule for when a subscription price increase needs consent ("Handling subscription price
/// changes", Advanced Commerce API; Apple Support 109501), and preserveCurrentPrice ("Understanding
/// subscription price increase notice and consent", App Store Connect API). The fixture catalog has no
/// `priceIncreaseConsent`: USA takes Apple's US$5 / US$50, every other territory needs consent.
struct PriceConsentTests {
    static let month = SubscriptionPeriod.oneMonth

    /// The fixture with `priceIncreaseConsent` set: DEU always requires consent; GBR has thresholds.
    static func store(territory: String = "USA") -> AppStore {
        let json = Fixture.json.replacingOccurrences(of: #""subscriptionGroups": ["#, with: #"""
            "priceIncreaseConsent": {"alwaysRequiredIn": ["DEU"], "thresholds": {"GBR": {"perPeriod": "4", "annual": "40"}}},
            "subscriptionGroups": [
            """#)
        let catalog = try! CatalogLoader.load(Data(json.utf8))
        return AppStore(catalog: catalog, territory: catalog.territory(territory)!, now: Fixture.start)
    }

    func status(_ store: AppStore) -> PriceIncreaseStatus? { store.status(ofGroup: "plus")?.renewal?.priceIncreaseStatus }

    /// The subscriber's price-increase status after subscribing to `product` in `store` and raising its price.
    func statusAfterRaising(_ product: String, to price: String, in store: AppStore = Fixture.store(),
                            consentRequired: Bool? = nil) -> PriceIncreaseStatus? {
        var store = store
        store.purchase(product)
        store.raisePrice(product, to: Decimal(string: price)!, consentRequired: consentRequired)
        return status(store)
    }

    @Test("a small increase needs no consent: the subscriber is told (agreed), no consent sheet, and renews at the new price")
    func smallIncreaseAgreed() {
        var store = Fixture.store()
        store.purchase("family.monthly")
        let raised = store.raisePrice("family.monthly", to: Decimal(string: "11.99")!)
        #expect(raised)
        #expect(status(store) == .agreed)
        #expect(store.pendingPriceConsents.isEmpty)
        store.advance(by: Self.month)
        #expect(store.transactions.last?.price == Decimal(string: "11.99"))
    }

    @Test("an increase of more than 50% that adds more than US$5 needs consent: pending, the sheet is due")
    func largeIncreasePending() {
        var store = Fixture.store()
        store.purchase("family.monthly")
        store.raisePrice("family.monthly", to: Decimal(string: "15.99")!)
        #expect(status(store) == .pending)
        #expect(store.pendingPriceConsents == ["plus"])
    }

    @Test("both limits must be passed: more than 50% but at most US$5, or exactly US$5 more, needs no consent")
    func bothLimitsNeeded() {
        #expect(statusAfterRaising("basic.monthly", to: "3.99") == .agreed, "100% up but only $2.00 more")
        #expect(statusAfterRaising("family.monthly", to: "14.99") == .agreed, "$5.00 more is not more than US$5")
    }

    @Test("in a territory that always requires consent, even a small increase needs it")
    func alwaysRequiredTerritory() {
        #expect(statusAfterRaising("pro.monthly", to: "5.49", in: Self.store(territory: "DEU")) == .pending)
    }

    @Test("a territory that sells subscriptions with no threshold needs consent for every increase (the safe side)")
    func noThresholdRequiresConsent() {
        #expect(statusAfterRaising("family.monthly", to: "1600", in: Fixture.store(territory: "JPN")) == .pending)
        var gbr = Self.store(territory: "GBR")
        #expect(gbr.catalog.priceIncreaseConsent.threshold(in: "GBR")?.perPeriod == 4, "the catalog's threshold is read")
        gbr.raisePrice("alps", to: 9.99)
        #expect(gbr.priceIncreases.isEmpty, "only subscriptions")
    }

    @Test("a second increase without consent within 365 days of the first needs consent; after a year it does not")
    func secondIncreaseWithinAYear() {
        var store = Fixture.store()
        store.purchase("family.monthly")
        store.raisePrice("family.monthly", to: Decimal(string: "10.99")!)
        #expect(status(store) == .agreed)
        store.advance(by: Self.month)
        store.raisePrice("family.monthly", to: Decimal(string: "11.99")!)
        #expect(status(store) == .pending)
        var later = Fixture.store()
        later.purchase("family.monthly")
        later.raisePrice("family.monthly", to: Decimal(string: "10.99")!)
        later.advance(by: SubscriptionPeriod(value: 13, unit: .month))
        later.raisePrice("family.monthly", to: Decimal(string: "11.99")!)
        #expect(status(later) == .agreed)
    }

    @Test("an annual subscription is measured against the annual threshold (US$50), not the per-period one")
    func annualThreshold() {
        #expect(statusAfterRaising("pro.annual", to: "49.99") == .agreed, "$20.00 more: over US$5, not over US$50")
        #expect(statusAfterRaising("pro.annual", to: "89.99") == .pending, "$60.00 more and 200%")
    }

    @Test("QA's override decides instead of the rule")
    func overrideWins() {
        #expect(statusAfterRaising("family.monthly", to: "10.99", consentRequired: true) == .pending)
    }

    @Test("the thresholds row's price is one Apple's rule asks consent for, in the territory's currency")
    func pastThresholdsPrice() {
        let store = Fixture.store()
        #expect(store.priceAboveConsentThresholds(of: store.catalog.product("pro.monthly")!) == 10)
        #expect(store.priceAboveConsentThresholds(of: store.catalog.product("pro.annual")!) == Decimal(string: "80.00"))
        let gbr = Self.store(territory: "GBR")
        #expect(gbr.priceAboveConsentThresholds(of: gbr.catalog.product("pro.monthly")!) == nil, "not sold in GBR")
    }

    @Test("preserveCurrentPrice: the subscriber keeps their price (no consent, no status); a lapsed subscriber coming back pays the new one")
    func preserveCurrentPrice() {
        var store = Fixture.store()
        store.purchase("family.monthly")
        store.raisePrice("family.monthly", to: Decimal(string: "15.99")!, preserveCurrentPrice: true)
        #expect(status(store) == nil)
        #expect(store.pendingPriceConsents.isEmpty)
        #expect(store.price(of: store.catalog.product("family.monthly")!) == Decimal(string: "15.99"), "new subscribers pay it")
        #expect(store.renewalPrice(of: store.catalog.product("family.monthly")!) == Decimal(string: "9.99"),
                "the subscriber is shown the price kept")
        store.advance(by: Self.month)
        #expect(store.transactions.last?.price == Decimal(string: "9.99"), "the renewal keeps the old price")
        store.setAutoRenew(false, group: "plus")
        store.advance(by: Self.month)
        #expect(store.status(ofGroup: "plus")?.state == .expired)
        #expect(store.renewalPrice(of: store.catalog.product("family.monthly")!) == Decimal(string: "15.99"), "lapsed: the new price")
        store.purchase("family.monthly")
        #expect(store.transactions.last?.price == Decimal(string: "15.99"))
        store.advance(by: Self.month)
        #expect(store.transactions.last?.price == Decimal(string: "15.99"), "back as a new subscriber: no kept price")
    }
}
