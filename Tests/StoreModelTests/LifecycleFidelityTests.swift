import Foundation
import Testing
@testable import StoreModel

/// Issue 11, part B: the renewal lifecycle as StoreKit and App Store Connect define it. Each test is
/// named after the rule it checks.
@Suite("Lifecycle fidelity")
struct LifecycleFidelityTests {
    @Test("billing retry lasts the App Store's fixed 60 days, then the subscription expires")
    func billingRetryLastsSixtyDays() {
        var store = Fixture.store()
        store.purchase("news.monthly")
        store.scenario.gracePeriod = .off // straight into billing retry
        store.scenario.billingFails = true
        let failed = Fixture.date("2026-12-21T09:00:00Z")
        store.advance(to: failed)
        #expect(store.status(ofGroup: "news")?.state == .inBillingRetryPeriod)
        let end = store.billingRetryEnd(since: failed)
        #expect(end == Fixture.date("2027-02-19T09:00:00Z"), "60 days after the failed renewal")
        #expect(store.nextRenewalDate == end, "time travel stops where the retry ends")
        store.advance(to: end.addingTimeInterval(-1))
        #expect(store.status(ofGroup: "news")?.state == .inBillingRetryPeriod)
        store.advance(to: end)
        #expect(store.status(ofGroup: "news")?.state == .expired)
        #expect(store.nextRenewalDate == nil, "nothing renews after the retry ended")
    }

    @Test("a catalog cannot set the billing retry period: lint names billingRetryPeriod as an unknown key")
    func billingRetryPeriodIsUnknown() {
        let json = Fixture.json.replacingOccurrences(of: #"{"id": "news", "name": {"en": "News"}}"#,
                                                     with: #"{"id": "news", "name": {"en": "News"}, "billingRetryPeriod": "P30D"}"#)
        #expect(json != Fixture.json)
        #expect(CatalogLoaderTests().problems(in: json)
                == [#"$.subscriptionGroups[1].billingRetryPeriod: unknown key "billingRetryPeriod"; known keys here: id, name"#])
    }

    // MARK: grace period per app

    /// The fixture with its news subscription renewing weekly, and the app's grace period as given.
    static func weeklyStore(grace: String?) -> AppStore {
        var json = Fixture.json.replacingOccurrences(
            of: #""group": "news", "level": 1, "period": "P1M""#, with: #""group": "news", "level": 1, "period": "P1W""#)
        json = json.replacingOccurrences(of: #", "billingGracePeriod": {"duration": "P16D"}"#,
                                         with: grace.map { #", "billingGracePeriod": "# + $0 } ?? "")
        let catalog = try! CatalogLoader.load(Data(json.utf8))
        return AppStore(catalog: catalog, territory: catalog.territory("USA")!, now: Fixture.start)
    }

    /// Buys `productID`, lets its first renewal fail, and returns the grace period's length in days (nil for none).
    static func graceDays(_ store: AppStore, buying productID: String, group: String) -> Double? {
        var store = store
        store.purchase(productID)
        store.scenario.billingFails = true
        let expiration = store.status(ofGroup: group)!.transaction.expirationDate!
        store.advance(to: expiration)
        return store.renewals[group]?.gracePeriodExpiration.map { $0.timeIntervalSince(expiration) / 86_400 }
    }

    @Test("grace period is set per app as in App Store Connect: 3, 16 or 28 days, for every group")
    func gracePeriodPerApp() {
        for days in BillingGracePeriod.durations {
            let store = Self.weeklyStore(grace: #"{"duration": "P\#(days)D"}"#)
            #expect(store.catalog.app.billingGracePeriod == BillingGracePeriod(days: days))
            #expect(Self.graceDays(store, buying: "family.monthly", group: "plus") == Double(days))
        }
        #expect(Self.graceDays(Self.weeklyStore(grace: nil), buying: "family.monthly", group: "plus") == nil,
                "an app without a billing grace period has none")
    }

    @Test("a weekly subscription's grace period is at most 6 days")
    func gracePeriodWeeklyCap() {
        #expect(Self.graceDays(Self.weeklyStore(grace: #"{"duration": "P3D"}"#), buying: "news.monthly", group: "news") == 3)
        #expect(Self.graceDays(Self.weeklyStore(grace: #"{"duration": "P16D"}"#), buying: "news.monthly", group: "news") == 6)
        #expect(Self.graceDays(Self.weeklyStore(grace: #"{"duration": "P28D"}"#), buying: "news.monthly", group: "news") == 6)
    }

    @Test("a grace period for paid-to-paid renewals only is not given to a free trial turning paid")
    func gracePeriodPaidToPaidOnly() {
        let paidOnly = Self.weeklyStore(grace: #"{"duration": "P16D", "renewals": "paidToPaidOnly"}"#)
        #expect(Self.graceDays(paidOnly, buying: "pro.annual", group: "plus") == nil, "the free trial ends without grace")
        #expect(Self.graceDays(paidOnly, buying: "family.monthly", group: "plus") == 16, "a paid period renews with grace")
        let all = Self.weeklyStore(grace: #"{"duration": "P16D", "renewals": "all"}"#)
        #expect(Self.graceDays(all, buying: "pro.annual", group: "plus") == 16)
    }

    @Test("grace-period on uses StoreKit Testing's real-time lengths: 6 days for weekly, 16 days otherwise; off gives none")
    func gracePeriodScenarioSwitch() {
        var store = Self.weeklyStore(grace: #"{"duration": "P3D"}"#)
        store.scenario.gracePeriod = .on
        #expect(Self.graceDays(store, buying: "news.monthly", group: "news") == 6)
        #expect(Self.graceDays(store, buying: "family.monthly", group: "plus") == 16)
        store.scenario.gracePeriod = .off
        #expect(Self.graceDays(store, buying: "family.monthly", group: "plus") == nil)
        store.scenario.gracePeriod = .asCatalog
        #expect(Self.graceDays(store, buying: "family.monthly", group: "plus") == 3)
    }

    @Test("lint refuses a grace period App Store Connect does not offer, and the per-group field")
    func gracePeriodLint() {
        let loader = CatalogLoaderTests()
        #expect(loader.problems(replacing: #""billingGracePeriod": {"duration": "P16D"}"#,
                                with: #""billingGracePeriod": {"duration": "P7D", "renewals": "paid"}"#)
                == [#"$.app.billingGracePeriod.duration: "P7D" is not a Billing Grace Period App Store Connect offers; use one of P3D, P16D, P28D, or leave "billingGracePeriod" out for none"#,
                    #"$.app.billingGracePeriod.renewals: unknown renewals "paid"; expected all or paidToPaidOnly"#])
        #expect(loader.problems(replacing: #"{"id": "plus", "name": {"en": "Plus"}}"#,
                                with: #"{"id": "plus", "name": {"en": "Plus"}, "gracePeriod": "P16D"}"#)
                == [#"$.subscriptionGroups[0].gracePeriod: unknown key "gracePeriod"; known keys here: id, name"#])
    }

    @Test("access continues during the grace period, and a recovery in it keeps the renewal date")
    func gracePeriodAccessAndRecovery() {
        var store = Fixture.store()
        store.purchase("family.monthly")
        let expiration = store.status(ofGroup: "plus")!.transaction.expirationDate!
        store.scenario.billingFails = true
        store.advance(to: expiration.addingTimeInterval(3 * 86_400))
        #expect(store.status(ofGroup: "plus")?.state == .inGracePeriod)
        #expect(store.owns("family.monthly"))
        store.scenario.billingFails = false
        store.advance(to: expiration.addingTimeInterval(4 * 86_400))
        #expect(store.status(ofGroup: "plus")?.state == .subscribed)
        #expect(store.status(ofGroup: "plus")?.transaction.expirationDate == SubscriptionPeriod.oneMonth.added(to: expiration),
                "the renewal keeps its date: the new period starts where the old one ended")
    }
}
