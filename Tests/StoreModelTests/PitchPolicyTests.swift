import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// "Encourage a new subscription only when someone isn't already a subscriber" (HIG). The matrix:
/// never had the group → pitch with intro offer; active (purchased, family-shared, grace period,
/// billing retry) → never; lapsed → resubscribe; payments blocked → explain, do not pitch.
@Suite("Pitch policy")
struct PitchPolicyTests {
    @Test("someone who never had the group is pitched, with the introductory offer")
    func newcomerGetsIntro() {
        #expect(Fixture.store().pitch(forGroup: "plus") == .subscribe(introOffer: true))
    }

    @Test("a group without introductory offers pitches without one")
    func groupWithoutIntro() {
        #expect(Fixture.store().pitch(forGroup: "news") == .subscribe(introOffer: false))
    }

    @Test("a subscriber is never re-pitched")
    func subscriberNeverPitched() {
        var store = Fixture.store()
        store.purchase("pro.annual")
        #expect(store.pitch(forGroup: "plus") == .never(.subscribed(.purchased)))
        #expect(!store.pitch(forGroup: "plus").mayPitch)
    }

    @Test("a subscriber who cancelled auto-renew is not pitched until access ends")
    func cancelledButActive() {
        var store = Fixture.store()
        store.purchase("pro.monthly")
        store.setAutoRenew(false, group: "plus")
        #expect(store.pitch(forGroup: "plus") == .never(.subscribed(.purchased)))
    }

    @Test("a family-shared subscriber is never pitched")
    func familySharedNeverPitched() {
        var store = Fixture.store()
        store.receiveFamilySharing("family.monthly")
        #expect(store.pitch(forGroup: "plus") == .never(.subscribed(.familyShared)))
    }

    @Test("a subscriber in the billing grace period is never pitched")
    func gracePeriodNeverPitched() {
        var store = Fixture.store()
        store.purchase("pro.annual")
        store.scenario.billingFails = true
        store.advance(by: SubscriptionPeriod(value: 10, unit: .day))
        #expect(store.status(ofGroup: "plus")?.state == .inGracePeriod)
        #expect(store.pitch(forGroup: "plus") == .never(.inGracePeriod))
    }

    @Test("a subscriber in billing retry is not pitched (they need to fix payment, not pay twice)")
    func billingRetryNeverPitched() {
        var store = Fixture.store()
        store.purchase("pro.annual")
        store.scenario.billingFails = true
        store.advance(by: SubscriptionPeriod(value: 30, unit: .day))
        #expect(store.status(ofGroup: "plus")?.state == .inBillingRetryPeriod)
        #expect(store.pitch(forGroup: "plus") == .never(.inBillingRetry))
    }

    @Test("a lapsed subscriber is offered a resubscribe, with the win-back offer, and no intro offer")
    func lapsedResubscribe() throws {
        var store = Fixture.store()
        store.purchase("pro.monthly")
        store.setAutoRenew(false, group: "plus")
        store.advance(by: SubscriptionPeriod(value: 2, unit: .month))
        let decision = store.pitch(forGroup: "plus")
        guard case .resubscribe(let last, let winBack) = decision else {
            Issue.record("expected resubscribe, got \(decision)")
            return
        }
        #expect(last == "pro.monthly")
        #expect(winBack?.productID == "pro.monthly")
        #expect(winBack?.offer.id == "comeback")
        #expect(!store.isEligibleForIntroOffer(group: "plus"))
        let quote = try store.quote("pro.annual")
        #expect(quote.offer == nil, "the free trial is for people who never had the group")
        #expect(quote.unitPrice == Decimal(string: "29.99"))
    }

    @Test("a subscriber whose purchase was refunded is offered a resubscribe")
    func revokedResubscribe() throws {
        var store = Fixture.store()
        let bought = try #require(store.purchase("pro.monthly").transaction)
        store.refund(bought.id)
        #expect(store.status(ofGroup: "plus")?.state == .revoked)
        guard case .resubscribe = store.pitch(forGroup: "plus") else {
            Issue.record("expected resubscribe")
            return
        }
    }

    @Test("someone who cannot pay is not pitched but told why", arguments: PaymentGateTests.closed)
    func gatedNotPitched(gate: PaymentGate) {
        #expect(Fixture.store(gate: gate).pitch(forGroup: "plus") == .unavailable(gate))
    }

    @Test("a subscriber who cannot pay is still a subscriber, not an unavailable pitch", arguments: PaymentGateTests.closed)
    func gatedSubscriber(gate: PaymentGate) {
        var store = Fixture.store()
        store.purchase("pro.annual")
        store.gate = gate
        #expect(store.pitch(forGroup: "plus") == .never(.subscribed(.purchased)))
    }

    @Test("a subscription to one group does not stop pitches for another")
    func groupsAreIndependent() {
        var store = Fixture.store()
        store.purchase("news.monthly")
        #expect(store.pitch(forGroup: "plus") == .subscribe(introOffer: true))
    }

    @Test("a subscriber cannot buy the same subscription again")
    func noDoubleSubscription() {
        var store = Fixture.store()
        store.purchase("pro.monthly")
        #expect(store.purchase("pro.monthly") == .failed(.alreadySubscribed))
    }
}
