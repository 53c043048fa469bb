import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// The renewal lifecycle on the simulated clock: renew, offers that span periods, billing retry,
/// grace period, recovery, expiry, and changes of plan within a group.
@Suite("Renewals")
struct RenewalTests {
    func purchased(_ store: AppStore, _ productID: String) -> [Transaction] {
        store.transactions.filter { $0.productID == productID && $0.state == .purchased }
    }

    @Test("a free trial ends and the standard price is billed automatically")
    func freeTrialConverts() throws {
        var store = Fixture.store()
        let trial = try #require(store.purchase("pro.annual").transaction)
        #expect(trial.offerKind == .introductory && trial.price == 0)
        #expect(trial.expirationDate == Fixture.date("2026-11-28T09:00:00Z"))
        store.advance(to: Fixture.date("2026-11-28T09:00:00Z"))
        let paid = try #require(purchased(store, "pro.annual").last)
        #expect(paid.offerKind == nil)
        #expect(paid.price == Decimal(string: "29.99"))
        #expect(paid.expirationDate == Fixture.date("2027-11-28T09:00:00Z"))
        #expect(paid.originalID == trial.id)
    }

    @Test("a pay-as-you-go intro offer bills its price for each of its periods, then the standard price")
    func payAsYouGo() {
        var store = Fixture.store()
        store.purchase("pro.monthly")
        store.advance(to: Fixture.date("2027-03-01T00:00:00Z"))
        #expect(purchased(store, "pro.monthly").map(\.price) == [1.99, 1.99, 1.99, 4.99].map { Decimal($0) }.map(rounded))
    }

    func rounded(_ value: Decimal) -> Decimal {
        var input = value, output = Decimal()
        NSDecimalRound(&output, &input, 2, .plain)
        return output
    }

    @Test("a pay-up-front intro offer covers its whole duration in one payment")
    func payUpFront() throws {
        var store = Fixture.store()
        let first = try #require(store.purchase("pro.halfyear").transaction)
        #expect(first.price == Decimal(string: "9.99"))
        #expect(first.expirationDate == Fixture.date("2027-02-21T09:00:00Z"))
        store.advance(to: Fixture.date("2027-02-21T09:00:00Z"))
        #expect(purchased(store, "pro.halfyear").last?.expirationDate == Fixture.date("2027-08-21T09:00:00Z"))
    }

    @Test("a failed renewal enters the grace period with access, then billing retry without, then expires")
    func billingRetryLifecycle() {
        var store = Fixture.store()
        store.purchase("family.monthly")
        store.scenario.billingFails = true
        store.advance(to: Fixture.date("2026-12-22T00:00:00Z"))
        #expect(store.status(ofGroup: "plus")?.state == .inGracePeriod)
        #expect(store.owns("family.monthly"), "access continues in the grace period")
        store.advance(to: Fixture.date("2027-01-10T00:00:00Z"))
        #expect(store.status(ofGroup: "plus")?.state == .inBillingRetryPeriod)
        #expect(!store.owns("family.monthly"))
        store.advance(to: Fixture.date("2027-03-01T00:00:00Z"))
        #expect(store.status(ofGroup: "plus")?.state == .expired)
        #expect(purchased(store, "family.monthly").count == 1)
    }

    @Test("recovering in the grace period keeps the renewal date")
    func recoverInGrace() {
        var store = Fixture.store()
        store.purchase("family.monthly")
        store.scenario.billingFails = true
        store.advance(to: Fixture.date("2026-12-25T00:00:00Z"))
        store.scenario.billingFails = false
        store.advance(to: Fixture.date("2026-12-26T00:00:00Z"))
        #expect(store.status(ofGroup: "plus")?.state == .subscribed)
        #expect(purchased(store, "family.monthly").last?.expirationDate == Fixture.date("2027-01-21T09:00:00Z"))
    }

    @Test("recovering in billing retry after the grace period moves the renewal date to the recovery")
    func recoverInRetry() {
        var store = Fixture.store()
        store.purchase("family.monthly")
        store.scenario.billingFails = true
        store.advance(to: Fixture.date("2027-01-15T00:00:00Z"))
        store.scenario.billingFails = false
        store.advance(to: Fixture.date("2027-01-16T00:00:00Z"))
        #expect(store.status(ofGroup: "plus")?.state == .subscribed)
        let renewal = purchased(store, "family.monthly").last
        #expect(renewal?.purchaseDate == Fixture.date("2027-01-15T00:00:00Z"))
        #expect(renewal?.expirationDate == Fixture.date("2027-02-15T00:00:00Z"))
    }

    @Test("an app without a billing grace period goes straight to billing retry")
    func noGracePeriod() {
        var catalog = Fixture.catalog
        catalog.app.billingGracePeriod = nil
        var store = AppStore(catalog: catalog, territory: catalog.territory("USA")!, now: Fixture.start)
        store.purchase("news.monthly")
        store.scenario.billingFails = true
        store.advance(to: Fixture.date("2026-12-22T00:00:00Z"))
        #expect(store.status(ofGroup: "news")?.state == .inBillingRetryPeriod)
    }

    @Test("an upgrade starts at once and marks the old transaction upgraded")
    func upgrade() throws {
        var store = Fixture.store()
        let pro = try #require(store.purchase("pro.monthly").transaction)
        let quote = try store.quote("family.monthly")
        #expect(quote.planChange == .upgrade)
        #expect(quote.offer == nil)
        let family = try #require(store.purchase("family.monthly").transaction)
        #expect(store.transaction(pro.id)?.isUpgraded == true)
        #expect(family.originalID == pro.id)
        #expect(store.status(ofGroup: "plus")?.transaction.productID == "family.monthly")
        #expect(store.pitch(forGroup: "plus") == .never(.subscribed(.purchased)))
    }

    @Test("a downgrade takes effect at the next renewal")
    func downgrade() throws {
        var store = Fixture.store()
        store.purchase("pro.annual")
        let outcome = store.purchase("basic.monthly")
        #expect(outcome == .scheduled(productID: "basic.monthly", effective: Fixture.date("2026-11-28T09:00:00Z")))
        #expect(store.status(ofGroup: "plus")?.transaction.productID == "pro.annual")
        store.advance(to: Fixture.date("2026-11-28T09:00:00Z"))
        #expect(store.status(ofGroup: "plus")?.transaction.productID == "basic.monthly")
        #expect(store.status(ofGroup: "plus")?.transaction.price == Decimal(string: "1.99"))
    }

    @Test("a crossgrade to another duration takes effect at renewal; the same duration at once")
    func crossgrade() throws {
        var store = Fixture.store()
        store.purchase("pro.monthly")
        let quote = try store.quote("pro.annual")
        #expect(quote.planChange == .crossgrade(effective: Fixture.date("2026-12-21T09:00:00Z")))
    }

    @Test("time never runs backwards")
    func noTimeTravelBackwards() {
        var store = Fixture.store()
        store.advance(to: Fixture.date("2020-01-01T00:00:00Z"))
        #expect(store.now == Fixture.start)
    }

    @Test("a promotional offer sets the price when chosen, for a lapsed subscriber of its group")
    func retentionOffer() throws {
        var store = Fixture.store()
        store.purchase("basic.monthly")
        store.setAutoRenew(false, group: "plus")
        store.advance(by: .sixMonths)
        let quote = try store.quote("pro.monthly", promotionalOffer: "stay")
        #expect(quote.offer?.purpose == .retention)
        #expect(quote.unitPrice == Decimal(string: "2.49"))
    }
}
