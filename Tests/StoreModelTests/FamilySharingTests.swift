import CatalogFormats
import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// Family Sharing as a QA scenario: this account is a family member of an organizer who shares a
/// subscription or a non-consumable. The shared purchase arrives as StoreKit delivers it, renews with
/// the organizer's, and is revoked when sharing stops; the member may also have a plan of their own,
/// with its own status.
struct FamilySharingTests {
    static let sharing = ScenarioSetting.familySharing("family.monthly")

    /// The fixture with Basic Monthly (level 3) family-shareable too, so the shared plan can be the lower one.
    static func storeSharingBasic() -> AppStore {
        let json = Fixture.json.replacingOccurrences(
            of: #"{"id": "basic.monthly", "type": "autoRenewable","#,
            with: #"{"id": "basic.monthly", "type": "autoRenewable", "familyShareable": true,"#)
        let catalog = try! CatalogLoader.load(Data(json.utf8))
        return AppStore(catalog: catalog, territory: catalog.territory("USA")!, now: Fixture.start)
    }

    @Test("turning family sharing on delivers a familyShared transaction, free to this account, once")
    func sharingDelivers() throws {
        var store = Fixture.store()
        store.apply(Self.sharing)
        let shared = try #require(store.transactions.last)
        #expect(shared.ownership == .familyShared && shared.state == .purchased)
        #expect(shared.price == 0 && shared.productID == "family.monthly")
        #expect(shared.expirationDate == SubscriptionPeriod(value: 1, unit: .month).added(to: Fixture.start))
        #expect(store.scenario.familySharing == "family.monthly")
        #expect(store.status(ofGroup: "plus")?.state == .subscribed)
        #expect(store.pitch(forGroup: "plus") == .never(.subscribed(.familyShared)))
        #expect(store.nextRenewalDate == shared.expirationDate, "the shared plan renews with the organizer's")
        #expect(store.nextCharge(ofGroup: "plus") == nil, "the organizer pays, not this account")
        // Turning it on again (a relaunch with the same flag, a saved ledger) delivers nothing new.
        store.apply(Self.sharing)
        #expect(store.transactions.count == 1)
    }

    @Test("a family-shared subscription renews with the organizer's, whatever this account's billing")
    func sharedRenewsWithOrganizer() throws {
        var store = Fixture.store()
        store.apply(Self.sharing)
        store.purchase("news.monthly")
        store.scenario.billingFails = true
        store.scenario.failNextPurchase = .networkError
        store.advance(by: SubscriptionPeriod(value: 3, unit: .month))
        let shared = store.transactions.filter { $0.ownership == .familyShared }
        #expect(shared.count == 4, "the first period and three renewals")
        #expect(shared.allSatisfy { $0.price == 0 && $0.state == .purchased && $0.originalID == shared[0].id })
        #expect(zip(shared, shared.dropFirst()).allSatisfy { $0.expirationDate == $1.purchaseDate })
        #expect(store.status(ofGroup: "plus")?.state == .subscribed)
        #expect(store.status(ofGroup: "plus", ownership: .familyShared)?.renewal?.billingIssueSince == nil)
        // The account's own subscription is the one that fails to charge.
        #expect(store.status(ofGroup: "news")?.state != .subscribed)
    }

    @Test("a shared subscription follows the time rate, as the member's own does: its periods and renewals, and a change of rate")
    func sharedFollowsTheTimeRate() throws {
        var store = Fixture.store()
        store.apply(.timeRate(.oneRenewalEveryTwoSeconds))
        store.apply(Self.sharing)
        #expect(store.transactions.last?.expirationDate == Fixture.start.addingTimeInterval(2), "one renewal every two seconds")
        store.advance(to: Fixture.start.addingTimeInterval(10))
        let chain = store.transactions.filter { $0.ownership == .familyShared }
        #expect(chain.map(\.purchaseDate) == [0, 2, 4, 6, 8, 10].map { Fixture.start.addingTimeInterval($0) })
        #expect(store.status(ofGroup: "plus", ownership: .familyShared)?.transaction.expirationDate == Fixture.start.addingTimeInterval(12))
        // Shared in real time, then the rate changes: the shared period running is re-planned too.
        var realTime = Fixture.store()
        realTime.apply(Self.sharing)
        realTime.apply(.timeRate(.oneRenewalEveryTwoSeconds))
        #expect(realTime.nextRenewalDate == Fixture.start.addingTimeInterval(2))
        realTime.advance(to: Fixture.start.addingTimeInterval(2))
        #expect(realTime.transactions.filter { $0.ownership == .familyShared }.count == 2)
    }

    @Test("stopping sharing revokes the shared transaction now, with StoreKit's reason, and it renews no more")
    func stopSharingRevokes() throws {
        var store = Fixture.store()
        store.apply(Self.sharing)
        store.advance(by: SubscriptionPeriod(value: 40, unit: .day))
        let stopAt = store.now
        store.apply(.familySharing(nil))
        let revoked = try #require(store.transactions.last)
        #expect(revoked.ownership == .familyShared && revoked.state == .revoked)
        #expect(revoked.revocationDate == stopAt && revoked.revocationReason == .other)
        #expect(store.scenario.familySharing == nil)
        #expect(store.status(ofGroup: "plus")?.state == .revoked)
        #expect(store.entitlement(for: "family.monthly") == nil)
        #expect(store.nextRenewalDate == nil)
        let count = store.transactions.count
        store.advance(by: SubscriptionPeriod(value: 3, unit: .month))
        #expect(store.transactions.count == count, "no renewals after sharing stopped")
        // Never a subscriber of their own: offered a plan as a newcomer, introductory offer included.
        #expect(store.pitch(forGroup: "plus") == .subscribe(introOffer: true))
    }

    @Test("a shared non-consumable is owned while shared, and revoked when sharing stops")
    func sharedNonConsumable() throws {
        var store = Fixture.store()
        store.apply(.familySharing("alps"))
        #expect(store.entitlement(for: "alps")?.ownership == .familyShared)
        #expect(store.pitch(forProduct: "alps") == .never(.owned))
        store.apply(.familySharing("family.monthly"))
        #expect(store.entitlement(for: "alps") == nil, "sharing another product stops sharing this one")
        #expect(store.transactions.first { $0.productID == "alps" }?.revocationReason == .other)
        #expect(store.owns("family.monthly"))
        #expect(store.pitch(forProduct: "alps") == .offer)
    }

    @Test("a family member's Restore names what the organizer shares (Transaction.all holds familyShared transactions)")
    func restoreIncludesFamilyShared() throws {
        var store = Fixture.store()
        store.apply(Self.sharing)
        store.advance(by: SubscriptionPeriod(value: 40, unit: .day))
        let restored = store.restorePurchases()
        #expect(restored.map(\.productID) == ["family.monthly"], "the shared subscription, once: its newest transaction")
        #expect(restored.first?.ownership == .familyShared && restored.first?.state == .purchased)
        #expect(store.events.last?.restored == 1, "the log counts it: not \"nothing to restore\"")
        store.apply(.familySharing("alps"))
        #expect(store.restorePurchases().map(\.productID) == ["alps"], "a shared non-consumable too; the stopped share is gone")
        store.apply(.familySharing(nil))
        #expect(store.restorePurchases().isEmpty, "once the organizer stops sharing, nothing shared is restored")
    }

    @Test("a member's own plan and the shared one each have a status; entitlement follows the highest level")
    func ownPlanBesideShared() throws {
        var store = Fixture.store()
        store.apply(Self.sharing)
        let shared = try #require(store.transactions.last)
        // Not a change of the shared plan: a new subscription of their own, with their intro offer.
        let quote = try store.quote("pro.monthly")
        #expect(quote.planChange == nil && quote.offer?.kind == .introductory)
        let own = try #require(store.purchase("pro.monthly").transaction)
        #expect(own.ownership == .purchased && own.originalID == own.id && own.offerKind == .introductory)
        #expect(store.transaction(shared.id)?.isUpgraded == false)
        let statuses = store.statuses(ofGroup: "plus")
        #expect(statuses.map(\.transaction.ownership) == [.purchased, .familyShared])
        #expect(statuses.allSatisfy { $0.state == .subscribed })
        // Family (level 1) is above Pro (level 2): access follows it.
        #expect(store.status(ofGroup: "plus")?.transaction.productID == "family.monthly")
        #expect(store.entitlements().map(\.productID).sorted() == ["family.monthly", "pro.monthly"])
        #expect(store.nextCharge(ofGroup: "plus")?.productID == "pro.monthly", "the member pays for their own only")
        // The member's own plan changes as anyone's does; the shared one is not theirs to change.
        #expect(try store.quote("pro.annual").planChange == .crossgrade(effective: own.expirationDate!))
        #expect(throws: PurchaseError.alreadySubscribed) { try store.quote("pro.monthly") }
    }

    @Test("with a shared plan below their own, access follows the member's own (level 1 is the top)")
    func ownPlanAboveShared() throws {
        var store = Self.storeSharingBasic()
        store.apply(.familySharing("basic.monthly"))
        store.purchase("pro.monthly")
        #expect(store.status(ofGroup: "plus")?.transaction.productID == "pro.monthly")
        #expect(store.pitch(forGroup: "plus") == .never(.subscribed(.purchased)))
        // The member's own billing fails: the shared plan still gives access, at its level.
        store.scenario.billingFails = true
        store.scenario.gracePeriod = .off
        store.advance(by: SubscriptionPeriod(value: 35, unit: .day))
        #expect(store.status(ofGroup: "plus", ownership: .purchased)?.state == .inBillingRetryPeriod)
        #expect(store.status(ofGroup: "plus")?.transaction.productID == "basic.monthly")
        #expect(store.status(ofGroup: "plus")?.state == .subscribed)
    }

    @Test("renewal info is kept per ownership: the member's own plan cancels without touching the shared one")
    func renewalPerOwnership() throws {
        var store = Fixture.store()
        store.apply(Self.sharing)
        store.purchase("pro.annual")
        store.setAutoRenew(false, group: "plus")
        #expect(store.renewalInfo(ofGroup: "plus", ownership: .purchased)?.willAutoRenew == false)
        #expect(store.renewalInfo(ofGroup: "plus", ownership: .familyShared)?.willAutoRenew == true)
        store.advance(by: SubscriptionPeriod(value: 13, unit: .month))
        #expect(store.status(ofGroup: "plus", ownership: .purchased)?.state == .expired)
        #expect(store.status(ofGroup: "plus", ownership: .familyShared)?.state == .subscribed)
        #expect(store.pitch(forGroup: "plus") == .never(.subscribed(.familyShared)))
    }

    @Test("after the organizer stops sharing, the member's own plan remains and gives access")
    func ownPlanRemains() throws {
        var store = Fixture.store()
        store.apply(Self.sharing)
        store.purchase("pro.monthly")
        store.apply(.familySharing(nil))
        #expect(store.status(ofGroup: "plus")?.transaction.productID == "pro.monthly")
        #expect(store.status(ofGroup: "plus")?.state == .subscribed)
        #expect(store.status(ofGroup: "plus", ownership: .familyShared)?.state == .revoked)
        #expect(store.pitch(forGroup: "plus") == .never(.subscribed(.purchased)))
        #expect(store.owns("pro.monthly") && !store.owns("family.monthly"))
    }

    @Test("a family member may buy a plan of their own on their own initiative, but is never pitched one")
    func mayBuyButNeverPitched() throws {
        var store = Fixture.store()
        #expect(!store.mayBuyOwnSubscription(inGroup: "plus"), "no shared plan: the pitch policy decides")
        store.apply(Self.sharing)
        #expect(!store.pitch(forGroup: "plus").mayPitch)
        #expect(store.mayBuyOwnSubscription(inGroup: "plus"))
        #expect(store.saleDecision(forGroup: "plus") == .subscribe(introOffer: true))
        store.gate = .screenTime
        #expect(!store.mayBuyOwnSubscription(inGroup: "plus"), "not while payments are blocked")
        store.gate = .allowed
        store.purchase("basic.monthly")
        #expect(!store.mayBuyOwnSubscription(inGroup: "plus"), "one plan of their own at a time")
        #expect(store.saleDecision(forGroup: "plus") == store.pitch(forGroup: "plus"))
    }

    @Test("deleting the shared transaction in force turns the switch off")
    func deletingTurnsSwitchOff() throws {
        var store = Fixture.store()
        store.apply(Self.sharing)
        store.deleteTransaction(try #require(store.transactions.last).id)
        #expect(store.scenario.familySharing == nil)
        #expect(store.groupsWithSubscriptions.isEmpty)
    }

    @Test("an unknown or non-shareable product is refused, naming the catalog's family-shareable ones")
    func refusesUnshareable() throws {
        let catalog = Fixture.catalog
        for bad in ["pass", "boost", "pro.monthly", "nothing"] {
            let error = #expect(throws: ScenarioSetting.ParseError.self) {
                try ScenarioSetting(line: "family-sharing \(bad)").check(catalog)
            }
            #expect(error?.message.contains("use off or one of \"family.monthly\", \"alps\"") == true, "\(bad)")
            #expect(error?.message.contains("(family-sharing)") == true)
        }
        // Catalog and script text is quoted and escaped in the message, never raw.
        let hostile = #expect(throws: ScenarioSetting.ParseError.self) {
            try ScenarioSetting(name: "family-sharing", value: "x\u{1B}[2J").check(catalog)
        }
        #expect(hostile?.message.contains("\u{1B}") == false)
        try ScenarioSetting(line: "family-sharing off").check(catalog)
        try ScenarioSetting(line: "family-sharing alps").check(catalog)
    }

    @Test("the panel cycles off and the catalog's family-shareable products, by binary search")
    func panelCycles() {
        let catalog = Fixture.catalog
        // Subscriptions first (what QA shares most), then non-consumables, each in catalog order.
        #expect(ScenarioSetting.cycled("family-sharing", from: "off", by: 1, in: catalog) == "family.monthly")
        #expect(ScenarioSetting.cycled("family-sharing", from: "family.monthly", by: 1, in: catalog) == "alps")
        #expect(ScenarioSetting.cycled("family-sharing", from: "alps", by: 1, in: catalog) == "off")
        #expect(ScenarioSetting.cycled("family-sharing", from: "off", by: -1, in: catalog) == "alps")
        #expect(ScenarioSetting.values(of: "family-sharing", in: catalog, limit: 1) == ["off", "\"family.monthly\"", "and 1 more"])
    }

    @Test("a shared renewal's work does not grow with the ledger: it reads the group's shared chain only")
    func sharedRenewalWorkIsConstant() {
        var work: [Int] = []
        for ownRenewals in [10, 1_000] {
            var store = Fixture.store()
            store.purchase("news.monthly")
            store.advance(by: SubscriptionPeriod(value: ownRenewals, unit: .month))
            store.apply(Self.sharing)
            let meter = WorkMeter()
            store.meter = meter
            store.advance(by: SubscriptionPeriod(value: 12, unit: .day))
            store.advance(by: SubscriptionPeriod(value: 20, unit: .day))
            _ = store.status(ofGroup: "plus")
            work.append(meter.visited)
        }
        #expect(work[0] == work[1])
    }

    @Test("a ledger from before the switch: a shared purchase in force turns it on, and the old renewal row goes")
    func ledgerFromBeforeTheSwitch() throws {
        var store = Fixture.store()
        store.apply(Self.sharing)
        var scenario = store.scenario
        scenario.familySharing = nil
        // The old model kept renewal state for a group only shared with the member.
        let loaded = try AppStore(
            catalog: store.catalog, territory: store.territory, now: store.now, gate: .allowed, scenario: scenario,
            transactions: Array(store.transactions),
            renewals: ["plus": .init(willAutoRenew: true, autoRenewProductID: "family.monthly")], nextTransactionID: 2)
        #expect(loaded.scenario.familySharing == "family.monthly")
        #expect(loaded.renewals.isEmpty)
        #expect(loaded.statuses(ofGroup: "plus").map(\.transaction.ownership) == [.familyShared])
    }
}
