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
        store.purchase("news.monthly") // a group without a grace period: straight into billing retry
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
                == [#"$.subscriptionGroups[1].billingRetryPeriod: unknown key "billingRetryPeriod"; known keys here: id, name, gracePeriod"#])
    }
}
