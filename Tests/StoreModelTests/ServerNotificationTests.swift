import Foundation
import StoreModel
import TestSupport
import Testing

/// App Store Server Notifications V2 as the model makes them from what changed ("App Store Server
/// Notifications V2": notificationType and subtype), and production's retry schedule. Notifications are
/// collected after each step, as the app and the script runner do.
struct ServerNotificationTests {
    /// The notifications made so far, as "TYPE SUBTYPE" lines.
    func made(_ store: inout AppStore) -> [String] {
        store.collectNotifications()
        return store.notifications.map { $0.kind.rawValue + ($0.subtype.map { " " + $0 } ?? "") }
    }

    @Test("a first subscription is SUBSCRIBED INITIAL_BUY, a renewal DID_RENEW, a lapsed subscriber's return RESUBSCRIBE")
    func subscribeRenewResubscribe() {
        var store = Fixture.store()
        store.purchase("basic.monthly")
        #expect(made(&store) == ["SUBSCRIBED INITIAL_BUY"])
        store.advance(by: .oneMonth)
        #expect(made(&store).last == "DID_RENEW")
        store.setAutoRenew(false, group: "plus")
        #expect(made(&store).last == "DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_DISABLED")
        store.advance(by: .oneMonth)
        #expect(made(&store).last == "EXPIRED VOLUNTARY")
        // Dated when the subscription ended, not when time travel noticed it.
        #expect(store.notifications.last?.date == store.transactions.last?.expirationDate)
        store.purchase("basic.monthly")
        #expect(made(&store).last == "SUBSCRIBED RESUBSCRIBE")
    }

    @Test("a failed renewal is DID_FAIL_TO_RENEW GRACE_PERIOD, its recovery DID_RENEW BILLING_RECOVERY; an unresolved grace period GRACE_PERIOD_EXPIRED")
    func billingIssue() {
        var store = Fixture.store()
        store.apply(.gracePeriod(.asCatalog))
        store.purchase("basic.monthly")
        _ = made(&store)
        store.apply(.billingRetry(true))
        store.advance(by: .oneMonth)
        #expect(made(&store).suffix(1) == ["DID_FAIL_TO_RENEW GRACE_PERIOD"])
        store.updatePaymentMethod()
        store.apply(.billingRetry(false))
        store.advance(to: store.now.addingTimeInterval(86_400))
        #expect(made(&store).last == "DID_RENEW BILLING_RECOVERY")

        var lapsing = Fixture.store()
        lapsing.apply(.gracePeriod(.asCatalog))
        lapsing.purchase("basic.monthly")
        _ = made(&lapsing)
        lapsing.apply(.billingRetry(true))
        lapsing.advance(by: .oneMonth)
        _ = made(&lapsing)
        lapsing.advance(to: lapsing.now.addingTimeInterval(20 * 86_400))
        #expect(made(&lapsing).last == "GRACE_PERIOD_EXPIRED")
    }

    @Test("each notification keeps its group's renewal info and status as they were when it happened, even when one stretch of time travel passes the renewal, the grace period and billing retry's end")
    func renewalMoments() throws {
        var store = Fixture.store()
        store.apply(.gracePeriod(.asCatalog))
        store.purchase("basic.monthly")
        store.apply(.billingRetry(true))
        store.advance(by: SubscriptionPeriod(value: 1, unit: .year))
        #expect(made(&store) == ["SUBSCRIBED INITIAL_BUY", "DID_FAIL_TO_RENEW GRACE_PERIOD", "GRACE_PERIOD_EXPIRED", "EXPIRED BILLING_RETRY"])
        let states = store.notifications.map { $0.renewalMoment?.state }
        #expect(states == [.subscribed, .inGracePeriod, .inBillingRetryPeriod, .expired], "each as it was then, not as the year's end left it")
        for n in store.notifications {
            let moment = try #require(n.renewalMoment)
            #expect(moment.signedDate == n.date, "signed when it happened")
        }
        #expect(store.notifications[0].renewalMoment?.willAutoRenew == true)
        #expect(store.notifications[0].renewalMoment?.renewalDate == store.transactions[0].expirationDate!,
                "the renewal date it promised then")
    }

    @Test("one-time purchases are ONE_TIME_CHARGE; a refund REFUND, dated when it was refunded")
    func oneTimeAndRefund() {
        var store = Fixture.store()
        store.purchase("alps")
        store.purchase("boost", quantity: 2)
        #expect(made(&store) == ["ONE_TIME_CHARGE", "ONE_TIME_CHARGE"])
        store.advance(to: store.now.addingTimeInterval(3_600))
        _ = store.refund(1)
        #expect(made(&store).last == "REFUND")
        #expect(store.notifications.last?.transactionID == 1)
        #expect(store.notifications.last?.date == store.now)
    }

    @Test("an upgrade is DID_CHANGE_RENEWAL_PREF UPGRADE; a downgrade for the next renewal DID_CHANGE_RENEWAL_PREF DOWNGRADE")
    func upgradeAndDowngrade() {
        var store = Fixture.store()
        store.purchase("basic.monthly")
        _ = made(&store)
        store.purchase("family.monthly")
        #expect(made(&store) == ["SUBSCRIBED INITIAL_BUY", "DID_CHANGE_RENEWAL_PREF UPGRADE"])
        store.purchase("basic.monthly")
        #expect(made(&store).last == "DID_CHANGE_RENEWAL_PREF DOWNGRADE")
    }

    @Test("nothing changed makes nothing; notifications get ids in the order they happened")
    func nothingNew() {
        var store = Fixture.store()
        #expect(made(&store).isEmpty)
        store.purchase("alps")
        store.purchase("pass")
        _ = made(&store)
        #expect(made(&store).count == 2)
        #expect(store.notifications.map(\.id) == [1, 2])
    }

    @Test("the sandbox sends once: a failed attempt stays failed; production retries after 1, 12, 24, 48 and 72 hours, then gives up")
    func retrySchedule() throws {
        var sandbox = Fixture.store()
        sandbox.notifyingServer = true
        sandbox.purchase("alps")
        sandbox.collectNotifications()
        let id = try #require(sandbox.notificationsDue.first?.id)
        let started = sandbox.startDeliveries()
        #expect(started)
        #expect(sandbox.notification(id)?.delivery == .sending)
        #expect(sandbox.notificationsDue.isEmpty, "an attempt on its way is not started again")
        sandbox.recordDelivery(of: id, succeeded: false, retries: false)
        #expect(sandbox.notification(id)?.delivery == .failed)
        #expect(sandbox.notificationsDue.isEmpty)

        var production = Fixture.store()
        production.notifyingServer = true
        production.purchase("alps")
        production.collectNotifications()
        var waits: [TimeInterval] = []
        for _ in 0..<6 {
            let start = production.now
            let started = production.startDeliveries()
            #expect(started)
            production.recordDelivery(of: id, succeeded: false, retries: true)
            guard let next = production.notification(id)?.nextAttempt else { break }
            waits.append(next.timeIntervalSince(start) / 3_600)
            #expect(production.notificationsDue.isEmpty)
            production.advance(to: next)
            #expect(production.notificationsDue.map(\.id) == [id])
        }
        #expect(waits == [1, 12, 24, 48, 72])
        #expect(production.notification(id)?.delivery == .failed)
        #expect(production.notification(id)?.attempts == 6)
    }

    @Test("an attempt is counted when it starts: one the app's end cut off counts failed at the next launch, or as the first of production's schedule; another device's stay its own")
    func cutAttempts() throws {
        var sandbox = Fixture.store()
        sandbox.notifyingServer = true
        sandbox.purchase("alps")
        sandbox.collectNotifications()
        let started = sandbox.startDeliveries()
        #expect(started)
        let id = try #require(sandbox.notificationsSending.first?.id)
        #expect(sandbox.notification(id)?.attempts == 1)
        var production = sandbox
        var elsewhere = sandbox
        sandbox.endCutAttempts(retries: false)
        #expect(sandbox.notification(id)?.delivery == .failed)
        #expect(sandbox.notification(id)?.attempts == 1)
        // An answer to the cut attempt that comes after all changes nothing.
        sandbox.recordDelivery(of: id, succeeded: true, retries: false)
        #expect(sandbox.notification(id)?.delivery == .failed)

        production.endCutAttempts(retries: true)
        #expect(production.notification(id)?.delivery == .pending)
        #expect(production.notification(id)?.nextAttempt == production.now.addingTimeInterval(3_600))

        elsewhere.deviceName = "iPad"
        elsewhere.endCutAttempts(retries: false)
        #expect(elsewhere.notification(id)?.delivery == .sending, "the iPhone's attempt is the iPhone's")
    }

    @Test("without a server listening, notifications are kept, not pending")
    func keptWithoutServer() {
        var store = Fixture.store()
        store.purchase("alps")
        store.collectNotifications()
        #expect(store.notifications.first?.delivery == .notSent)
        #expect(store.notificationsDue.isEmpty)
    }
}

extension ServerNotificationTests {
    @Test("a refund the App Store reverses is REFUND_REVERSED, and the purchase gives what it gave again")
    func refundReversed() {
        var store = Fixture.store()
        store.purchase("alps")
        _ = store.refund(1)
        _ = made(&store)
        #expect(!store.owns("alps"))
        let reversed = store.reverseRefund(1)
        #expect(reversed)
        #expect(made(&store).last == "REFUND_REVERSED")
        #expect(store.notifications.last?.transactionID == 1)
        #expect(store.transaction(1)?.revocationDate == nil && store.transaction(1)?.revocationReason == nil)
        #expect(store.owns("alps"))
        let again = store.reverseRefund(1)
        #expect(!again, "a refund is reversed once: the transaction is not refunded any more")
    }

    @Test("a reversed refund of the subscription period in force renews on its date again, with no DID_CHANGE_RENEWAL_STATUS of its own")
    func subscriptionRefundReversed() {
        var store = Fixture.store()
        store.purchase("basic.monthly")
        _ = store.refund(1)
        #expect(made(&store).suffix(1) == ["REFUND"], "the refund turns auto-renew off, and REFUND alone says so")
        #expect(store.renewals["plus"]?.willAutoRenew == false)
        store.reverseRefund(1)
        #expect(made(&store).suffix(1) == ["REFUND_REVERSED"])
        #expect(store.renewals["plus"]?.willAutoRenew == true)
        store.advance(by: .oneMonth)
        #expect(made(&store).last == "DID_RENEW", "the renewal date remains unchanged")
    }

    @Test("a consumable's and a family-shared purchase's refund is not reversed by storefront; an unrefunded one has nothing to reverse")
    func reversalRefusals() {
        var store = Fixture.store()
        store.purchase("boost")
        store.purchase("alps")
        _ = store.refund(1)
        #expect(store.refundReversalRefusal(for: 1) == .consumable)
        #expect(store.refundReversalRefusal(for: 2) == .notRefunded)
        #expect(store.refundReversalRefusal(for: 99) == .notFound)
    }

    @Test("a renewal that fails and runs out of billing retry in one stretch of time travel is DID_FAIL_TO_RENEW GRACE_PERIOD, GRACE_PERIOD_EXPIRED, then EXPIRED BILLING_RETRY")
    func failureAndExpiryInOneAdvance() {
        var store = Fixture.store()
        store.apply(.gracePeriod(.asCatalog))
        store.purchase("basic.monthly")
        _ = made(&store)
        store.apply(.billingRetry(true))
        store.advance(by: .oneYear)
        #expect(made(&store).suffix(3) == ["DID_FAIL_TO_RENEW GRACE_PERIOD", "GRACE_PERIOD_EXPIRED", "EXPIRED BILLING_RETRY"])
        let dates = store.notifications.suffix(3).map(\.date)
        #expect(dates == dates.sorted() && dates.first == store.transaction(1)?.expirationDate)
    }
}

extension ServerNotificationTests {
    @Test("a family member's shared subscription is notified too: SUBSCRIBED INITIAL_BUY when shared, DID_RENEW with the organizer's renewals, REVOKE when sharing stops")
    func familyMemberNotifications() {
        var store = Fixture.store()
        store.apply(.familySharing("family.monthly"))
        #expect(made(&store) == ["SUBSCRIBED INITIAL_BUY"])
        #expect(store.transaction(at: store.notifications[0])?.ownership == .familyShared)
        store.advance(by: .oneMonth)
        #expect(made(&store).last == "DID_RENEW")
        store.apply(.familySharing(nil))
        #expect(made(&store).last == "REVOKE")
    }
}

/// Fidelity round 3 (issue 55): a crossgrade to another duration, and renewal info's renewalDate.
extension ServerNotificationTests {
    @Test("a crossgrade to a subscription of another duration is DID_CHANGE_RENEWAL_PREF DOWNGRADE (Apple's subtype table); one of the same duration has no subtype")
    func crossgradeOfAnotherDurationIsDowngrade() {
        var store = Fixture.store()
        store.purchase("pro.monthly")
        _ = made(&store)
        store.purchase("pro.annual")
        #expect(made(&store).contains("DID_CHANGE_RENEWAL_PREF DOWNGRADE"))
    }

    @Test("renewal info always has renewalDate: the next charge's date, else when the latest period ends, expired too (Apple: always present)")
    func renewalDateAlwaysPresent() throws {
        var store = Fixture.store()
        store.purchase("basic.monthly")
        let end = try #require(store.transactions.last?.expirationDate)
        store.setAutoRenew(false, group: "plus")
        #expect(store.renewalMoment(ofGroup: "plus")?.renewalDate == end)
        store.advance(to: end.addingTimeInterval(40 * 86_400))
        #expect(store.renewalMoment(ofGroup: "plus")?.state == .expired)
        #expect(store.renewalMoment(ofGroup: "plus")?.renewalDate == end)
    }
}

extension ServerNotificationTests {
    @Test("in the grace period and in billing retry the renewal info's expirationReason is billingError, and only the grace period has a grace end (Apple's isInBillingRetry table)")
    func billingIssueFields() throws {
        var store = Fixture.store()
        store.apply(.gracePeriod(.on))
        store.purchase("basic.monthly")
        store.apply(.billingRetry(true))
        let end = try #require(store.transactions.last?.expirationDate)
        store.advance(to: end.addingTimeInterval(86_400))
        let grace = try #require(store.renewalMoment(ofGroup: "plus"))
        #expect(grace.state == .inGracePeriod && grace.expirationReason == .billingError && grace.gracePeriodExpiration != nil)
        store.advance(to: end.addingTimeInterval(20 * 86_400))
        let retry = try #require(store.renewalMoment(ofGroup: "plus"))
        #expect(retry.state == .inBillingRetryPeriod && retry.expirationReason == .billingError && retry.gracePeriodExpiration == nil)
    }
}
