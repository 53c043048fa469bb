import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// QA's StoreKit Testing controls (TestSession.swift): expire and renew now, clear the transactions,
/// reset the settings, change the storefront.
struct TestSessionTests {
    @Test("renew ends the current period now and starts the next without moving the clock")
    func renewNow() throws {
        var store = Fixture.store()
        store.purchase("family.monthly")
        try store.forceRenewal(of: "family.monthly")
        #expect(store.now == Fixture.start, "the clock does not move")
        #expect(store.transactions.count == 2)
        let first = store.transactions[0], renewal = store.transactions[1]
        #expect(first.expirationDate == Fixture.start, "the period in force ends now")
        #expect(renewal.purchaseDate == Fixture.start && renewal.originalID == first.id)
        #expect(renewal.expirationDate == Fixture.date("2026-12-21T09:00:00Z"), "a new month begins now")
        #expect(store.status(ofGroup: "plus")?.state == .subscribed)
    }

    @Test("renew charges what a renewal charges: an introductory price still running its periods")
    func renewChargesRenewalTerms() throws {
        var store = Fixture.store()
        store.purchase("pro.monthly")
        try store.forceRenewal(of: "pro.monthly")
        #expect(store.transactions.last?.price == Decimal(string: "1.99"), "the second of three introductory months")
        #expect(store.transactions.last?.offerKind == .introductory)
    }

    @Test("renew while renewals fail to charge starts billing retry now, without a new transaction")
    func renewWhileBillingFails() throws {
        var store = Fixture.store()
        store.purchase("family.monthly")
        store.scenario.billingFails = true
        try store.forceRenewal(of: "family.monthly")
        #expect(store.transactions.count == 1)
        #expect(store.renewals["plus"]?.billingIssueSince == Fixture.start)
        #expect(store.status(ofGroup: "plus")?.state == .inGracePeriod)
    }

    @Test("renew is refused for a subscription that is not in force, or a product that is not the one in force")
    func renewRefused() throws {
        var store = Fixture.store()
        #expect(throws: AppStore.SubscriptionRefusal.self) { var copy = store; try copy.forceRenewal(of: "family.monthly") }
        store.purchase("family.monthly")
        #expect(throws: AppStore.SubscriptionRefusal.self) { var copy = store; try copy.forceRenewal(of: "pro.annual") }
        #expect(throws: AppStore.SubscriptionRefusal.self) { var copy = store; try copy.forceRenewal(of: "alps") }
        try store.expireSubscription(group: "plus")
        #expect(throws: AppStore.SubscriptionRefusal.self) { var copy = store; try copy.forceRenewal(of: "family.monthly") }
        #expect(store.transactions.count == 1)
    }

    @Test("expire ends a subscription in its period now, not to renew, and access goes with it")
    func expireNow() throws {
        var store = Fixture.store()
        store.purchase("family.monthly")
        try store.expireSubscription(group: "plus")
        #expect(store.now == Fixture.start)
        #expect(store.transactions[0].expirationDate == Fixture.start)
        #expect(store.status(ofGroup: "plus")?.state == .expired)
        #expect(store.renewals["plus"]?.willAutoRenew == false)
        #expect(store.renewals["plus"]?.expirationReason == .autoRenewDisabled)
        #expect(!store.owns("family.monthly"))
        store.advance(by: SubscriptionPeriod(value: 2, unit: .month))
        #expect(store.transactions.count == 1, "an expired subscription renews no more")
        #expect(throws: AppStore.SubscriptionRefusal.self) { var copy = store; try copy.expireSubscription(group: "plus") }
    }

    @Test("expire in billing retry ends the retry with the billing error")
    func expireInBillingRetry() throws {
        var store = Fixture.store()
        store.purchase("family.monthly")
        store.scenario.billingFails = true
        store.advance(to: Fixture.date("2026-12-22T09:00:00Z"))
        #expect(store.status(ofGroup: "plus")?.state == .inGracePeriod)
        try store.expireSubscription(group: "plus")
        #expect(store.status(ofGroup: "plus")?.state == .expired)
        #expect(store.renewals["plus"]?.expirationReason == .billingError)
    }

    @Test("clearing the transactions empties the ledger and keeps the scenario switches and the clock")
    func clearTransactions() {
        var store = Fixture.store()
        store.purchase("alps")
        store.purchase("family.monthly")
        store.scenario.askToBuy = true
        store.purchase("boost")
        store.advance(by: SubscriptionPeriod(value: 1, unit: .week))
        let now = store.now
        store.clearTransactions()
        #expect(store.transactions.isEmpty && store.renewals.isEmpty && store.events.isEmpty)
        #expect(!store.owns("alps"))
        #expect(store.scenario.askToBuy, "switches stay")
        #expect(store.now == now)
    }

    @Test("reset puts every scenario switch back to its default and keeps the transactions")
    func reset() {
        var store = Fixture.store()
        store.purchase("family.monthly")
        store.apply(.askToBuy(true))
        store.apply(.billingRetry(true))
        store.apply(.payments(.screenTime))
        store.apply(.timeRate(.oneRenewalEveryMinute))
        store.apply(.familySharing("alps"))
        store.resetToDefaultState()
        let fresh = ScenarioSetting.current(Fixture.store())
        #expect(ScenarioSetting.current(store) == fresh)
        #expect(store.transactions.filter { $0.ownership == .purchased }.count == 1, "transactions stay")
        #expect(store.transactions.last?.state == .revoked, "the share ended as the organizer stopping it")
    }

    @Test("a storefront change prices purchases and renewals in the new territory's currency, and is logged")
    func storefrontChange() throws {
        var store = Fixture.store()
        store.purchase("family.monthly")
        let changed = store.changeStorefront(to: Fixture.catalog.territory("JPN")!)
        #expect(changed)
        #expect(store.events.last?.kind == .storefrontChange && store.events.last?.storefront == "JPN")
        let quote = try store.quote("alps")
        #expect(quote.currency == "JPY" && quote.unitPrice == 800)
        store.advance(to: Fixture.date("2026-12-21T09:00:00Z"))
        #expect(store.transactions.last?.currency == "JPY" && store.transactions.last?.price == 1500)
        let again = store.changeStorefront(to: Fixture.catalog.territory("JPN")!)
        #expect(!again, "the same storefront changes nothing")
        #expect(store.events.count == 1)
    }
}
