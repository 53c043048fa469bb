import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// App Store fidelity, round 3 (issue 55): offers named with a plan change, booked plan changes taken
/// back, the token a booked plan carries, billing states and family revocation. Each test names the
/// rule; docs/qa.md cites Apple's page for it.
@Suite("fidelity round 3")
struct FidelityRound3Tests {
    static let token = UUID(uuidString: "3F1C2A9E-0B7D-4E55-9A21-6C8D0E4F7A10")!

    @Test("a promotional offer named with an upgrade is never dropped: the upgrade starts now at the offer's price, the offer on its transaction (forums 756304)")
    func upgradeKeepsTheOffer() throws {
        var store = Fixture.store()
        store.purchase("basic.monthly")
        let upgraded = try #require(store.purchase("pro.monthly", promotionalOffer: "stay").transaction)
        #expect(upgraded.offerKind == .promotional)
        #expect(upgraded.offerID == "stay")
        #expect(upgraded.price == Decimal(string: "2.49"))
        #expect(store.nextCharge(ofGroup: "plus")?.amount == Decimal(string: "2.49"), "pay as you go: its second period next")
    }

    @Test("a promotional offer of the plan one already has is booked for the next renewal, as Take Offer books it, and nothing is charged now")
    func sameProductOfferIsBooked() throws {
        var store = Fixture.store()
        // pro.monthly's stay, once its introductory price has run out.
        store.purchase("pro.monthly")
        store.advance(by: SubscriptionPeriod(value: 3, unit: .month))
        let before = store.transactions.count
        let outcome = store.purchase("pro.monthly", promotionalOffer: "stay")
        guard case .scheduled(let product, let effective) = outcome else { Issue.record("\(outcome)"); return }
        #expect(product == "pro.monthly")
        #expect(effective == store.status(ofGroup: "plus")?.transaction.expirationDate)
        #expect(store.transactions.count == before, "no purchase now")
        #expect(store.renewals["plus"]?.offerID == "stay")
        #expect(store.renewals["plus"]?.offerKind == .promotional)
        store.advance(to: effective)
        let renewed = try #require(store.status(ofGroup: "plus")?.transaction)
        #expect(renewed.offerID == "stay" && renewed.price == Decimal(string: "2.49"))
    }

    @Test("the plan one already has without an offer is still alreadySubscribed, and a win-back offer is not for a subscriber")
    func refusals() {
        var store = Fixture.store()
        store.purchase("pro.monthly")
        #expect(throws: PurchaseError.alreadySubscribed) { try store.quote("pro.monthly") }
        #expect(throws: PurchaseError.ineligibleForOffer) { try store.quote("pro.monthly", promotionalOffer: "comeback") }
        #expect(throws: PurchaseError.notAvailableInStorefront) { try store.quote("pro.annual", promotionalOffer: "stay") }
    }

    @Test("a booked downgrade with an offer keeps it on the renewal info and the renewal, and the renewal carries the token given with the downgrade")
    func bookedDowngradeKeepsOfferAndToken() throws {
        var store = Fixture.store()
        store.purchase("pro.annual")
        store.advance(by: SubscriptionPeriod(value: 2, unit: .week))
        let outcome = store.purchase("pro.monthly", promotionalOffer: "stay", appAccountToken: Self.token)
        guard case .scheduled(_, let effective) = outcome else { Issue.record("\(outcome)"); return }
        #expect(store.renewals["plus"]?.autoRenewProductID == "pro.monthly")
        #expect(store.renewals["plus"]?.offerID == "stay")
        #expect(store.renewalMoment(ofGroup: "plus")?.appAccountToken == Self.token)
        #expect(store.status(ofGroup: "plus")?.transaction.appAccountToken == nil, "the current period keeps its own")
        store.advance(to: effective)
        let renewed = try #require(store.status(ofGroup: "plus")?.transaction)
        #expect(renewed.productID == "pro.monthly")
        #expect(renewed.offerID == "stay")
        #expect(renewed.appAccountToken == Self.token)
        #expect(store.renewals["plus"]?.appAccountToken == nil, "now the transaction's")
    }

    /// The notifications made so far, "TYPE SUBTYPE": ServerNotificationTests' reading.
    func notifications(_ store: inout AppStore) -> [String] { ServerNotificationTests().made(&store) }

    @Test("a booked downgrade is taken back by keeping the current plan: autoRenewPreference returns to it and DID_CHANGE_RENEWAL_PREF has no subtype")
    func bookedDowngradeTakenBack() throws {
        var store = Fixture.store()
        store.purchase("pro.monthly")
        _ = notifications(&store)
        store.purchase("basic.monthly", appAccountToken: Self.token)
        #expect(notifications(&store).suffix(1) == ["DID_CHANGE_RENEWAL_PREF DOWNGRADE"])
        let takenBack = store.keepCurrentPlan(group: "plus")
        #expect(takenBack)
        #expect(store.renewals["plus"]?.autoRenewProductID == "pro.monthly")
        #expect(store.renewals["plus"]?.appAccountToken == nil, "the token booked with the change goes with it")
        #expect(notifications(&store).suffix(1) == ["DID_CHANGE_RENEWAL_PREF"])
        let again = store.keepCurrentPlan(group: "plus")
        #expect(!again, "nothing booked: nothing to take back")
        // Buying the current plan again takes a booked change back too; with nothing booked it is refused.
        store.purchase("basic.monthly")
        guard case .scheduled(let product, _) = store.purchase("pro.monthly") else { Issue.record("not taken back"); return }
        #expect(product == "pro.monthly")
        #expect(store.renewals["plus"]?.autoRenewProductID == "pro.monthly")
        #expect(throws: PurchaseError.alreadySubscribed) { try store.quote("pro.monthly") }
    }

    @Test("an offer booked with a downgrade is OFFER_REDEEMED DOWNGRADE, and one booked for the plan one has OFFER_REDEEMED with no subtype (Apple's subtype table)")
    func bookedOfferNotifications() {
        var store = Fixture.store()
        store.purchase("pro.annual")
        store.advance(by: SubscriptionPeriod(value: 2, unit: .week))
        _ = notifications(&store)
        store.purchase("pro.monthly", promotionalOffer: "stay")
        #expect(notifications(&store).suffix(1) == ["OFFER_REDEEMED DOWNGRADE"])
        var own = Fixture.store()
        own.purchase("pro.monthly")
        own.advance(by: SubscriptionPeriod(value: 3, unit: .month))
        _ = notifications(&own)
        own.purchase("pro.monthly", promotionalOffer: "stay")
        #expect(notifications(&own).suffix(1) == ["OFFER_REDEEMED"])
    }

    @Test("cancelling in a grace period or billing retry is DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_DISABLED then EXPIRED VOLUNTARY, never BILLING_RETRY (Apple's subtype pages)", arguments: [true, false])
    func cancelInBillingIssueIsVoluntary(grace: Bool) {
        var store = Fixture.store()
        store.apply(.gracePeriod(grace ? .on : .off))
        store.purchase("basic.monthly")
        store.apply(.billingRetry(true))
        store.advance(by: SubscriptionPeriod(value: 1, unit: .month))
        #expect(store.status(ofGroup: "plus")?.state == (grace ? .inGracePeriod : .inBillingRetryPeriod))
        _ = notifications(&store)
        store.setAutoRenew(false, group: "plus")
        #expect(store.status(ofGroup: "plus")?.state == .expired)
        #expect(store.renewals["plus"]?.expirationReason == .autoRenewDisabled)
        #expect(notifications(&store).suffix(2) == ["DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_DISABLED", "EXPIRED VOLUNTARY"])
    }

    @Test("the App Store turns auto-renew off when the customer requests a subscription's refund: DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_DISABLED with the CONSUMPTION_REQUEST")
    func refundRequestTurnsAutoRenewOff() throws {
        var store = Fixture.store()
        let bought = try #require(store.purchase("basic.monthly").transaction)
        _ = notifications(&store)
        try store.requestRefund(bought.id, reason: .doesNotWork)
        #expect(store.renewals["plus"]?.willAutoRenew == false)
        #expect(notifications(&store).suffix(2) == ["DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_DISABLED", "CONSUMPTION_REQUEST"])
        // A one-time purchase's request changes no subscription.
        let alps = try #require(store.purchase("alps").transaction)
        _ = notifications(&store)
        try store.requestRefund(alps.id, reason: .didNotMeanToBuy)
        #expect(notifications(&store).filter { $0.hasPrefix("DID_CHANGE_RENEWAL_STATUS") }.count == 1)
    }

    @Test("the purchaser's refund reaches the family: the member's shared transaction is revoked with the purchaser's revocation reason, as a Family Sharing revocation, with a REVOKE notification")
    func purchasersRefundReachesTheFamily() throws {
        var store = Fixture.store()
        let received = store.receiveFamilySharing("family.monthly")
        let shared = try #require(received)
        _ = notifications(&store)
        let effect = store.refund(shared.id, reason: .developerIssue)
        #expect(effect == .endsSubscription)
        let revoked = try #require(store.transaction(shared.id))
        #expect(revoked.state == .revoked)
        #expect(revoked.revocationReason == .developerIssue, "the purchaser's reason")
        #expect(revoked.revocationType == .familyRevocation)
        #expect(revoked.revocationPercentage == nil, "a member is refunded nothing")
        #expect(store.scenario.familySharing == nil, "the sharing ends with the purchaser's refund")
        #expect(notifications(&store).suffix(1) == ["REVOKE"])
        // Renewals of the shared chain stop.
        store.advance(by: SubscriptionPeriod(value: 2, unit: .month))
        #expect(store.transactions.count == 1)
    }

    @Test("revocationType and revocationPercentage tell a full refund, a consumable's prorated refund and a Family Sharing revocation apart; a reversed refund has neither")
    func revocationTypes() throws {
        var store = Fixture.store()
        let alps = try #require(store.purchase("alps").transaction)
        store.refund(alps.id)
        #expect(store.transaction(alps.id)?.revocationType == .fullRefund)
        #expect(store.transaction(alps.id)?.revocationPercentage == 100_000)
        let boosts = try #require(store.purchase("boost", quantity: 3).transaction)
        let used = store.useConsumable("boost")
        #expect(used)
        store.refund(boosts.id)
        #expect(store.transaction(boosts.id)?.revocationType == .proratedRefund)
        #expect(store.transaction(boosts.id)?.revocationPercentage == 66_667, "2 of 3 units: 66.667%")
        #expect(StoreKitFields.transaction(store.transaction(boosts.id)!, in: store).first { $0.name == "revocationPercentage" }?.value.text == "66.667")
        store.reverseRefund(alps.id)
        #expect(store.transaction(alps.id)?.revocationType == nil && store.transaction(alps.id)?.revocationPercentage == nil)
        let received = store.receiveFamilySharing("family.monthly")
        let shared = try #require(received)
        store.stopFamilySharing()
        #expect(store.transaction(shared.id)?.revocationType == .familyRevocation)
        #expect(store.transaction(shared.id)?.revocationReason == .other)
        #expect(Transaction.RevocationType.allCases.map(\.serverName) == ["REFUND_FULL", "REFUND_PRORATED", "FAMILY_REVOKE"])
    }

    @Test("a family member's notifications about the shared chain carry the shared chain's renewal info and status, revoked (5) once revoked; their own plan's carry their own")
    func sharedChainNotifications() throws {
        var store = Fixture.store()
        let own = try #require(store.purchase("basic.monthly").transaction)
        let received = store.receiveFamilySharing("family.monthly")
        let shared = try #require(received)
        store.advance(by: SubscriptionPeriod(value: 1, unit: .month))
        store.stopFamilySharing()
        store.collectNotifications()
        func chain(_ n: ServerNotification) -> UInt64? { n.renewalMoment?.originalTransactionID }
        let about = { (ownership: Transaction.Ownership) in
            store.notifications.filter { n in n.transactionID.flatMap { store.transaction($0) }?.ownership == ownership }
        }
        #expect(about(.familyShared).map { $0.kind.rawValue } == ["SUBSCRIBED", "DID_RENEW", "REVOKE"])
        #expect(about(.familyShared).allSatisfy { chain($0) == shared.id }, "the shared chain's renewal info")
        #expect(about(.purchased).allSatisfy { chain($0) == own.id }, "the member's own chain's")
        #expect(about(.familyShared).last?.renewalMoment?.state == .revoked)
        #expect(RenewalState.revoked.serverStatus == 5)
        #expect(about(.purchased).last?.renewalMoment?.state == .subscribed)
    }

    @Test("introductory-offer eligibility is a scenario switch: received-intro (Apple's StoreKit article) or ever-subscribed (Apple's DTS reply, forums 758078), set by a scenario line")
    func introEligibilitySwitch() throws {
        var store = Fixture.store()
        store.purchase("basic.monthly")                 // no introductory offer
        #expect(store.isEligibleForIntroOffer(group: "plus"), "received-intro: never received one")
        store.apply(try ScenarioSetting(line: "intro-eligibility ever-subscribed"))
        #expect(store.scenario.introEligibility == .everSubscribed)
        #expect(!store.isEligibleForIntroOffer(group: "plus"), "ever-subscribed: subscribed in the group before")
        #expect(ScenarioSetting.current(store).contains(.introEligibility(.everSubscribed)), "saved and listed with the others")
        #expect(Fixture.store().isEligibleForIntroOffer(group: "plus"))
        #expect(throws: ScenarioSetting.ParseError.self) { try ScenarioSetting(line: "intro-eligibility sometimes") }
    }
}
