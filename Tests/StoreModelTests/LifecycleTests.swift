import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// Issue 11's rules of the renewal lifecycle the lead built: why a subscription expired, price
/// increases with and without consent, and the refund an upgrade records.
struct LifecycleTests {
    static let day = SubscriptionPeriod(value: 1, unit: .day)
    static let month = SubscriptionPeriod(value: 1, unit: .month)

    // MARK: expiration reasons

    @Test("expiration reason: auto-renew turned off expires with autoRenewDisabled (EXPIRED/VOLUNTARY), renewal info current")
    func expiresVoluntarily() throws {
        var store = Fixture.store()
        store.purchase("family.monthly")
        store.setAutoRenew(false, group: "plus")
        store.advance(by: Self.month)
        let status = try #require(store.status(ofGroup: "plus"))
        #expect(status.state == .expired)
        #expect(status.renewal?.expirationReason == .autoRenewDisabled)
        #expect(ExpirationReason.autoRenewDisabled.notificationSubtype == "VOLUNTARY")
        #expect(status.renewal?.willAutoRenew == false)
        #expect(status.renewal?.gracePeriodExpiration == nil && status.renewal?.billingIssueSince == nil)
        store.setAutoRenew(true, group: "plus")
        #expect(store.status(ofGroup: "plus")?.renewal?.willAutoRenew == false, "an expired subscription is not turned back on")
        #expect(store.nextRenewalDate == nil)
    }

    @Test("expiration reason: billing retry that ends without a charge expires with billingError, and no stale grace date")
    func expiresOnBillingError() throws {
        var store = Fixture.store()
        store.purchase("family.monthly")
        store.scenario.billingFails = true
        store.advance(by: Self.month)
        #expect(store.status(ofGroup: "plus")?.state == .inGracePeriod)
        store.advance(by: SubscriptionPeriod(value: 59, unit: .day))
        #expect(store.status(ofGroup: "plus")?.state == .inBillingRetryPeriod, "still retrying on day 59")
        store.advance(by: Self.day)
        let status = try #require(store.status(ofGroup: "plus"))
        #expect(status.state == .expired)
        #expect(status.renewal?.expirationReason == .billingError)
        #expect(status.renewal?.gracePeriodExpiration == nil && status.renewal?.billingIssueSince == nil)
        #expect(status.renewal?.willAutoRenew == false)
        store.scenario.billingFails = false
        store.advance(by: Self.month)
        #expect(store.status(ofGroup: "plus")?.state == .expired, "a fixed payment method does not revive an expired subscription")
    }

    @Test("expiration reason: a renewing product no longer sold in the storefront expires with productUnavailable")
    func expiresWhenUnavailable() throws {
        var store = Fixture.store()
        store.purchase("news.monthly")
        store.territory = store.catalog.territory("GBR")!
        store.advance(by: Self.month)
        #expect(store.status(ofGroup: "news")?.renewal?.expirationReason == .productUnavailable)
        #expect(store.status(ofGroup: "news")?.state == .expired)
    }

    @Test("cancelling during billing retry ends the retry now: the subscription expires by the customer's choice (autoRenewDisabled, EXPIRED VOLUNTARY), no grace date or retry left")
    func cancelDuringBillingRetry() throws {
        // In the grace period (access until the grace date), and in billing retry after it (no access).
        for cancelAt in ["2026-12-22T00:00:00Z", "2027-01-10T00:00:00Z"] {
            var store = Fixture.store()
            store.purchase("family.monthly")
            store.scenario.billingFails = true
            store.advance(to: Fixture.date(cancelAt))
            #expect(store.status(ofGroup: "plus")?.renewal?.billingIssueSince != nil, "\(cancelAt): a renewal failed to charge")
            store.setAutoRenew(false, group: "plus")
            let status = try #require(store.status(ofGroup: "plus"))
            #expect(status.state == .expired, "\(cancelAt)")
            #expect(!store.owns("family.monthly"), "access ends with the retry")
            #expect(status.renewal?.expirationReason == .autoRenewDisabled)
            #expect(ExpirationReason.autoRenewDisabled.notificationSubtype == "VOLUNTARY")
            #expect(status.renewal?.gracePeriodExpiration == nil && status.renewal?.billingIssueSince == nil)
            #expect(status.renewal?.willAutoRenew == false)
            #expect(store.nextRenewalDate == nil, "nothing is retried any more")
            store.scenario.billingFails = false
            store.advance(by: SubscriptionPeriod(value: 3, unit: .month))
            #expect(store.transactions.count == 1, "\(cancelAt): a payment method fixed later renews nothing")
            #expect(store.status(ofGroup: "plus")?.renewal?.expirationReason == .autoRenewDisabled)
        }
    }

    @Test("buying again after expiry starts a fresh renewal state with no expiration reason")
    func resubscribeClearsReason() throws {
        var store = Fixture.store()
        store.purchase("family.monthly")
        store.setAutoRenew(false, group: "plus")
        store.advance(by: Self.month)
        store.purchase("family.monthly")
        #expect(store.status(ofGroup: "plus")?.state == .subscribed)
        #expect(store.status(ofGroup: "plus")?.renewal?.expirationReason == nil)
    }

    // MARK: price increases

    @Test("price increase with consent required: pending until the person agrees; without consent by the renewal date it expires (didNotConsentToPriceIncrease)")
    func priceIncreaseWithoutConsent() throws {
        var store = Fixture.store()
        store.purchase("family.monthly")
        let raised = store.raisePrice("family.monthly", to: 11.99, consentRequired: true)
        #expect(raised)
        #expect(store.status(ofGroup: "plus")?.renewal?.priceIncreaseStatus == .pending)
        #expect(store.pendingPriceConsents == ["plus"])
        store.advance(by: Self.month)
        let status = try #require(store.status(ofGroup: "plus"))
        #expect(status.state == .expired)
        #expect(status.renewal?.expirationReason == .didNotConsentToPriceIncrease)
        #expect(status.renewal?.priceIncreaseStatus == nil)
        #expect(store.transactions.count == 1, "nothing renewed")
        #expect(store.pendingPriceConsents.isEmpty)
    }

    @Test("price increase with consent: the subscription renews at the new price, and nothing is pending after")
    func priceIncreaseWithConsent() throws {
        var store = Fixture.store()
        store.purchase("family.monthly")
        store.raisePrice("family.monthly", to: 11.99, consentRequired: true)
        store.consentToPriceIncrease(group: "plus")
        #expect(store.status(ofGroup: "plus")?.renewal?.priceIncreaseStatus == .agreed)
        store.advance(by: Self.month)
        #expect(store.transactions.last?.price == 11.99)
        #expect(store.status(ofGroup: "plus")?.state == .subscribed)
        #expect(store.status(ofGroup: "plus")?.renewal?.priceIncreaseStatus == nil)
    }

    @Test("price increase without consent required: the subscriber is told (agreed) and renews at the new price; new buyers pay it at once")
    func priceIncreaseNotifyOnly() throws {
        var store = Fixture.store()
        store.purchase("family.monthly")
        store.raisePrice("family.monthly", to: 10.99, consentRequired: false)
        #expect(store.status(ofGroup: "plus")?.renewal?.priceIncreaseStatus == .agreed)
        #expect(store.pendingPriceConsents.isEmpty)
        #expect(store.price(of: store.catalog.product("family.monthly")!) == 10.99)
        #expect(store.transactions.last?.price == 9.99, "the period already paid keeps its price")
        store.advance(by: Self.month)
        #expect(store.transactions.last?.price == 10.99)
        var other = Fixture.store()
        other.raisePrice("basic.monthly", to: 2.49, consentRequired: false)
        let bought = try #require(other.purchase("basic.monthly").transaction)
        #expect(bought.price == 2.49)
        let lower = other.raisePrice("basic.monthly", to: 1.00, consentRequired: false)
        #expect(!lower, "a price increase goes up")
        let notSubscription = other.raisePrice("alps", to: 9.99, consentRequired: false)
        #expect(!notSubscription, "only subscriptions")
    }

    @Test("a price increase is per territory")
    func priceIncreasePerTerritory() {
        var store = Fixture.store()
        store.raisePrice("pro.monthly", to: 5.99, consentRequired: false)
        store.territory = store.catalog.territory("JPN")!
        #expect(store.price(of: store.catalog.product("pro.monthly")!) == 800)
    }

    @Test("QA's raised price is 20% up, rounded up to the currency's smallest unit")
    func raisedPriceRounds() {
        var store = Fixture.store()
        #expect(store.raisedPrice(of: store.catalog.product("pro.monthly")!) == Decimal(string: "5.99"))
        store.territory = store.catalog.territory("JPN")!
        #expect(store.raisedPrice(of: store.catalog.product("pro.monthly")!) == 960)
    }

    // MARK: upgrade proration

    @Test("an upgrade records the pro-rata refund of the unused part of the old period, with its date")
    func upgradeRefund() throws {
        var store = Fixture.store()
        let basic = try #require(store.purchase("basic.monthly").transaction)
        let end = try #require(basic.expirationDate)
        // A third of the way through the 30-day period.
        store.advance(to: basic.purchaseDate.addingTimeInterval(end.timeIntervalSince(basic.purchaseDate) / 3))
        let family = try #require(store.purchase("family.monthly").transaction)
        let old = try #require(store.transaction(basic.id))
        #expect(old.isUpgraded)
        #expect(old.upgradeRefundDate == store.now)
        #expect(old.upgradeRefund == Decimal(string: "1.33"), "two thirds of $1.99, rounded to the cent")
        #expect(family.upgradeRefund == nil)
    }

    @Test("an upgrade from a free trial refunds nothing")
    func upgradeFromTrialRefundsNothing() throws {
        var store = Fixture.store()
        let trial = try #require(store.purchase("pro.annual").transaction)
        #expect(trial.price == 0)
        store.advance(by: Self.day)
        store.purchase("family.monthly")
        #expect(store.transaction(trial.id)?.upgradeRefund == 0)
    }
}
