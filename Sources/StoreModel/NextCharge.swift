import Foundation

/// What the next renewal of a group will charge (the Account screen, renewal info and the renewal share it).
extension AppStore {
    /// What the next renewal of a group will charge, as the App Store would bill it
    /// (`renewalTerms`, the same rule the renewal follows): the renewing product, when, the amount (an
    /// offer's price while a pay-as-you-go offer still has periods left, the standard price otherwise),
    /// and, during an offer, when the standard price starts. In a grace period or billing retry, the
    /// renewal being retried (`date` is when it fell due): what its recovery charges. Nil when nothing
    /// will renew: no subscription, auto-renew off, or a plan not sold in this storefront.
    public func nextCharge(ofGroup groupID: String) -> NextCharge? {
        // Only the person's own subscription charges them: a family-shared one is the organizer's to pay.
        status(ofGroup: groupID, ownership: .purchased).flatMap { nextCharge(of: $0) }
    }

    /// The next charge of the person's own subscription whose status is `status` (found already).
    func nextCharge(of status: SubscriptionStatus) -> NextCharge? {
        guard status.transaction.ownership == .purchased,
              [.subscribed, .inGracePeriod, .inBillingRetryPeriod].contains(status.state),
              let renewal = status.renewal, renewal.willAutoRenew || status.transaction.commitment?.hasPaymentsLeft == true,
              let date = status.transaction.expirationDate,
              let product = catalog.product(renewal.autoRenewProductID),
              let terms = renewalTerms(of: status.transaction, into: product, renewal: renewal) else { return nil }
        let latest = status.transaction
        var charge = NextCharge(productID: product.id, date: date, amount: terms.price, offer: terms.offer, standardFrom: nil)
        charge.commitment = terms.commitment
        charge.commitmentFollows = status.transaction.isMonthlyPlanOffer
        if let current = catalog.product(latest.productID) {
            charge.currentOffer = offer(of: latest, product: current)
        }
        // A pay-as-you-go offer still being paid (an introductory price) runs its periods first.
        if let offer = terms.offer, !terms.booked {
            charge.standardFrom = (0..<terms.remainingOfferPeriods).reduce(date) { end, _ in
                scenario.timeRate.end(of: offer.period, from: end)
            }
        }
        // An offer booked for a renewal (a retention offer, an offer code): from the renewal after the
        // running offer, its price, then the standard price after it.
        if let offer = bookedOffer(renewal, on: product), offer.price(in: territory) != nil {
            let start = charge.standardFrom ?? date
            charge.booked = offer
            charge.bookedFrom = start
            let end = offer.paymentMode == .payAsYouGo
                ? (0..<offer.periodCount).reduce(start) { end, _ in scenario.timeRate.end(of: offer.period, from: end) }
                : scenario.timeRate.end(of: offer.totalDuration, from: start)
            if terms.booked {
                charge.standardFrom = end
            } else {
                charge.bookedUntil = end
            }
        }
        return charge
    }

    /// The next charge of a subscription: see `nextCharge(ofGroup:)`.
    public struct NextCharge: Sendable, Equatable {
        public var productID: String
        public var date: Date
        public var amount: Decimal
        /// The offer still being paid, if any.
        public var offer: SubscriptionOffer?
        /// When the standard price starts, while an offer is being paid. With a booked offer waiting
        /// after a running one, when the running one ends.
        public var standardFrom: Date?
        /// An offer booked for a renewal (a retention offer, an offer code) and when it starts: the next
        /// renewal, or once an introductory price still being paid has run its periods.
        public var booked: SubscriptionOffer?
        public var bookedFrom: Date?
        /// When the booked offer ends, where it waits after a running offer (else `standardFrom`).
        public var bookedUntil: Date?
        /// The offer the current period was bought with (a free trial, an intro price…), if any.
        public var currentOffer: SubscriptionOffer?
        /// A payment of a 12-month commitment (its `amount` is for one month): which one, and the
        /// commitment's end and total. Nil for a charge billed up front.
        public var commitment: CommitmentInfo?
        /// The current period is the monthly plan's introductory offer: what follows the offer is the
        /// commitment's monthly payments, not the price billed up front.
        public var commitmentFollows = false
    }

    /// How many periods of `latest`'s offer its subscription has paid: its purchased transactions with
    /// that offer, counted newest first within the group, and only up to `limit`.
    func periodsBilled(of latest: Transaction, group groupID: String, upTo limit: Int) -> Int {
        var count = 0
        for id in (index.byGroup[groupID] ?? []).reversed() {
            if count >= limit { break }
            let entry = visit(id)
            if entry.originalID == latest.originalID && entry.state == .purchased
                && entry.offerKind == latest.offerKind && entry.offerID == latest.offerID
                && entry.isMonthlyPlanOffer == latest.isMonthlyPlanOffer {
                count += 1
            }
        }
        return count
    }
}
