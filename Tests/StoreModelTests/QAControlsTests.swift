import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// The switches and edits QA uses: interrupted purchases, grace period choice, deleting, clearing,
/// the next renewal for time travel, and the scenario settings' text form.
struct QAControlsTests {
    @Test("an interrupted purchase is a request, not a transaction, until resolved; then it completes as a transaction")
    func interruptedPurchase() throws {
        var store = Fixture.store()
        store.scenario.interruptPurchases = true
        let interrupted = try #require(store.purchase("alps").request)
        #expect(interrupted.kind == .interrupted && interrupted.isPending)
        #expect(store.transactions.isEmpty)
        #expect(!store.owns("alps"))
        let outcome = store.resolveInterruption(interrupted.id)
        guard case .purchased(let completed)? = outcome else { Issue.record("not purchased: \(String(describing: outcome))"); return }
        #expect(completed.id == 1)
        #expect(store.owns("alps"))
        #expect(store.event(interrupted.id)?.status == .resolved)
        #expect(store.event(interrupted.id)?.transactionID == completed.id)
        let again = store.resolveInterruption(interrupted.id)
        #expect(again == nil, "an interruption resolves once")
        #expect(store.scenario.interruptPurchases, "resolving leaves the switch as QA set it")
    }

    @Test("with the grace period switched off, a failed renewal goes straight to billing retry without access")
    func gracePeriodOff() {
        var store = Fixture.store()
        store.purchase("family.monthly")
        store.scenario.billingFails = true
        store.scenario.gracePeriod = .off
        store.advance(to: Fixture.date("2026-12-22T00:00:00Z"))
        #expect(store.status(ofGroup: "plus")?.state == .inBillingRetryPeriod)
        #expect(!store.owns("family.monthly"))
    }

    @Test("with the grace period switched on, an app the catalog gives none gets StoreKit Testing's 16 days")
    func gracePeriodOn() {
        var catalog = Fixture.catalog
        catalog.app.billingGracePeriod = nil
        var store = AppStore(catalog: catalog, territory: catalog.territory("USA")!, now: Fixture.start)
        store.purchase("news.monthly")
        store.scenario.billingFails = true
        store.scenario.gracePeriod = .on
        let expiration = store.status(ofGroup: "news")!.transaction.expirationDate!
        store.advance(to: expiration.addingTimeInterval(86_400))
        #expect(store.status(ofGroup: "news")?.state == .inGracePeriod)
        #expect(store.renewals["news"]?.gracePeriodExpiration == expiration.addingTimeInterval(16 * 86_400))
        store.advance(to: expiration.addingTimeInterval(17 * 86_400))
        #expect(store.status(ofGroup: "news")?.state == .inBillingRetryPeriod)
    }

    @Test("the next renewal is the earliest expiration that will renew, then the end of grace or retry")
    func nextRenewal() {
        var store = Fixture.store()
        #expect(store.nextRenewalDate == nil, "nothing renews without a subscription")
        store.purchase("family.monthly")
        let expiration = store.status(ofGroup: "plus")!.transaction.expirationDate!
        #expect(store.nextRenewalDate == expiration)
        store.setAutoRenew(false, group: "plus")
        #expect(store.nextRenewalDate == nil, "a cancelled subscription does not renew")
        store.setAutoRenew(true, group: "plus")
        store.scenario.billingFails = true
        store.advance(to: expiration)
        #expect(store.nextRenewalDate == SubscriptionPeriod(value: 16, unit: .day).added(to: expiration), "then the grace period's end")
    }

    @Test("time travel to the next renewal renews exactly once each time")
    func travelToNextRenewal() {
        var store = Fixture.store()
        store.purchase("family.monthly")
        for count in 2...4 {
            store.advance(to: store.nextRenewalDate!)
            #expect(store.transactions.filter { $0.productID == "family.monthly" && $0.state == .purchased }.count == count)
        }
    }

    @Test("deleting a transaction removes it; deleting a group's last one forgets its renewal state")
    func deleteTransaction() throws {
        var store = Fixture.store()
        let alps = try #require(store.purchase("alps").transaction)
        let plan = try #require(store.purchase("family.monthly").transaction)
        store.deleteTransaction(alps.id)
        #expect(!store.owns("alps"))
        #expect(store.renewals["plus"] != nil)
        store.deleteTransaction(plan.id)
        #expect(store.renewals["plus"] == nil)
        #expect(store.pitch(forGroup: "plus").mayPitch, "a deleted subscription is as if never bought")
        #expect(store.transactions.isEmpty)
    }

    @Test("clearing everything empties the ledger and turns every switch off, but the clock stays")
    func clearAll() {
        var store = Fixture.store()
        store.purchase("family.monthly")
        store.advance(by: SubscriptionPeriod(value: 2, unit: .month))
        let now = store.now
        store.scenario.askToBuy = true
        store.scenario.failNextPurchase = .networkError
        store.clearAll()
        #expect(store.transactions.isEmpty && store.renewals.isEmpty)
        #expect(store.scenario == AppStore.Scenario())
        #expect(store.now == now)
        #expect(store.isEligibleForIntroOffer(group: "plus"))
    }

    @Test("transaction ids count from 1 and are never reused after a delete")
    func transactionIDs() throws {
        var store = Fixture.store()
        let first = try #require(store.purchase("boost").transaction)
        #expect(first.id == 1)
        let second = try #require(store.purchase("boost").transaction)
        store.deleteTransaction(second.id)
        #expect(store.purchase("boost").transaction?.id == 3)
    }

    @Test("a restored ledger refuses products the catalog lacks, and keeps counting ids")
    func restoreChecksCatalog() throws {
        var store = Fixture.store()
        store.purchase("alps")
        store.purchase("family.monthly")
        let copy = try AppStore(catalog: store.catalog, territory: store.territory, now: store.now, gate: .allowed,
                                scenario: store.scenario, transactions: Array(store.transactions), renewals: store.renewals,
                                nextTransactionID: store.nextTransactionID)
        #expect(copy.owns("alps") && copy.owns("family.monthly"))
        #expect(copy.nextTransactionID == 3)
        var stranger = store.transactions[0]
        stranger.productID = "gone"
        #expect(throws: AppStore.LedgerMismatch.self) {
            try AppStore(catalog: store.catalog, territory: store.territory, now: store.now, gate: .allowed,
                         scenario: .init(), transactions: [stranger], renewals: [:], nextTransactionID: 2)
        }
    }

    @Test("every scenario setting reads back what it writes, and bad words are named with the choices")
    func settingsRoundTrip() throws {
        var store = Fixture.store()
        for name in ScenarioSetting.names {
            for value in ScenarioSetting.values(of: name) {
                store.apply(try ScenarioSetting(line: "\(name) \(value)"))
                #expect(ScenarioSetting.current(store).first { $0.name == name }?.value == value)
            }
            // Every value the panel cycles through, the catalog's family-shareable products included.
            let start = try #require(ScenarioSetting.current(store).first { $0.name == name }?.value)
            var value = start, seen: [String] = []
            repeat {
                value = try #require(ScenarioSetting.cycled(name, from: value, by: 1, in: store.catalog))
                let setting = try ScenarioSetting(line: "\(name) \(value)")
                try setting.check(store.catalog)
                store.apply(setting)
                #expect(ScenarioSetting.current(store).first { $0.name == name }?.value == value)
                seen.append(value)
            } while value != start && seen.count < 20
            #expect(value == start, "\(name) cycles back to where it started")
            #expect(Set(seen).count == seen.count)
        }
        #expect(PurchaseError.injectable.map(\.settingName)
                == ["network-error", "user-cancelled", "not-available-in-storefront", "payment-not-allowed", "unknown"])
        let unknown = #expect(throws: ScenarioSetting.ParseError.self) { try ScenarioSetting(line: "ask-to-buy maybe") }
        #expect(unknown?.message.contains("use one of on, off") == true)
        let name = #expect(throws: ScenarioSetting.ParseError.self) { try ScenarioSetting(line: "fly on") }
        #expect(name?.message.contains("unknown setting \"fly\"") == true)
    }

    @Test("scaled time rates pass a month in the stated real time; fixed ones run the clock in real time")
    func timeRates() {
        #expect(TimeRate.realTime.speed == 1)
        #expect(TimeRate.monthlyRenewalEveryFiveMinutes.speed * 300 == 30 * 86_400)
        #expect(TimeRate.monthlyRenewalEveryThirtySeconds.speed * 30 == 30 * 86_400)
        #expect(TimeRate.oneRenewalEveryTwoSeconds.speed == 1)
    }
}
