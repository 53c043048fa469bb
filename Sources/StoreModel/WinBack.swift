import Foundation

/// Win-back offers: who may be won back, and when their subscription churned.
extension AppStore {
    /// Whether the person may buy with a win-back offer of a group's subscription now: the offer runs
    /// (its start and end dates), their subscription churned (`churnDate`) between the offer's minimum
    /// and maximum months ago, they paid for at least its months of subscriptions in the group, and no
    /// win-back offer was redeemed in the group within its wait between offers. Months are calendar
    /// months of the simulated clock (UTC). Apple, "Supporting win-back offers in your app"
    /// (https://developer.apple.com/documentation/storekit/supporting-win-back-offers-in-your-app).
    /// Only an offer of the customer's most recent subscription in the group counts: the list "takes
    /// into account" the offers configured "for the customer's most recent subscription in the
    /// subscription group" (RenewalInfo.eligibleWinBackOfferIDs; issue 55, item 1).
    public func isEligible(for winBack: WinBackOffer, inGroup groupID: String) -> Bool {
        guard winBack.isAvailable(at: now), let ended = churnDate(ofGroup: groupID),
              winBackOffers(ofGroup: groupID).contains(where: { $0.id == winBack.id }) else { return false }
        func months(_ count: Int, after date: Date) -> Date { SubscriptionPeriod(value: count, unit: .month).added(to: date) }
        let since = winBack.monthsSinceLastSubscribed
        guard months(since.lowerBound, after: ended) <= now, now <= months(since.upperBound, after: ended),
              hasPaid(months: winBack.paidMonths, inGroup: groupID) else { return false }
        guard let wait = winBack.monthsBetweenOffers else { return true }
        guard let redeemed = lastWinBackRedemption(inGroup: groupID, notBefore: months(-wait, after: now)) else { return true }
        return months(wait, after: redeemed) <= now
    }

    /// The win-back offers configured for the customer's most recent subscription of their own in a
    /// group: the only ones they can be eligible for. Empty for someone who never subscribed.
    public func winBackOffers(ofGroup groupID: String) -> [WinBackOffer] {
        guard let last = status(ofGroup: groupID, ownership: .purchased)?.transaction.productID else { return [] }
        return catalog.product(last)?.subscription?.winBackOffers ?? []
    }

    /// When the person's own subscription in a group churned: it expired — auto-renew off, billing retry
    /// ended, no consent to a price increase, or no longer for sale: "a churned subscription is one that
    /// has an expirationDate in the past, and a willAutoRenew value of false" — and nothing gives them
    /// access now. Nil for someone who never subscribed, is subscribed, is in a grace period or billing
    /// retry ("Subscriptions in a Billing Grace Period or billing retry state aren’t eligible for win-back
    /// offers", developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/
    /// eligiblewinbackofferids). A last period refunded (or revoked) churns by the same definition once
    /// its expiration date has passed with auto-renew off (the refund turned it off): Apple's page
    /// ("Supporting win-back offers in your app") names no exception for refunds.
    public func churnDate(ofGroup groupID: String) -> Date? {
        guard status(ofGroup: groupID)?.state.hasAccess != true,
              let own = status(ofGroup: groupID, ownership: .purchased), let end = own.transaction.expirationDate else { return nil }
        switch own.state {
        case .expired: return end
        case .revoked: return end <= now && own.renewal?.willAutoRenew != true ? end : nil
        case .subscribed, .inGracePeriod, .inBillingRetryPeriod: return nil
        }
    }

    /// When the person's current run of a group's subscription began (`recentSubscriptionStartDate`): a
    /// lapse between one period's end and the next purchase starts a new run. Kept by the ledger's
    /// indexes as transactions come and change (`LedgerIndex.runStart`), so asking costs nothing.
    public func recentSubscriptionStart(ofGroup groupID: String) -> Date? { index.runStarts[groupID]?.start }

    /// Whether the person paid for at least `required` months of subscriptions in a group: the periods
    /// of their own transactions there that charged something (a free trial or free offer period does
    /// not count, nor a refunded one; an upgraded one counts the part used before the upgrade), each
    /// period as the catalog gives it (a renewal under an accelerated time rate counts its month), and
    /// 30 days of weekly or daily periods as a month. Newest first, stopping once reached: the work is
    /// at most the transactions of `required` months, whatever the ledger holds.
    func hasPaid(months required: Int, inGroup groupID: String) -> Bool {
        // No minimum (an Xcode win-back offer switched on: any churned subscriber).
        guard required > 0 else { return true }
        var (months, days) = (0, 0)
        for id in (index.byGroup[groupID] ?? []).reversed() {
            let transaction = visit(id)
            guard transaction.state == .purchased, transaction.price > 0, transaction.purchaseDate <= now,
                  let product = catalog.product(transaction.productID), let info = product.subscription else { continue }
            let bought = offer(of: transaction, product: product)
            let period = bought?.period ?? info.period
            if transaction.isUpgraded, let upgraded = transaction.upgradeRefundDate, let end = transaction.expirationDate,
               end > transaction.purchaseDate {
                let used = upgraded.timeIntervalSince(transaction.purchaseDate) / end.timeIntervalSince(transaction.purchaseDate)
                days += Int((Double(period.approximateDays) * min(max(used, 0), 1)).rounded())
            } else if let whole = period.months {
                months += whole
            } else {
                days += period.approximateDays
            }
            if months + days / 30 >= required { return true }
        }
        return false
    }

    /// When the last win-back offer in a group was redeemed, looking back no further than `cutoff`: the
    /// first transaction of the newest run of win-back transactions (a pay-as-you-go offer renews on the
    /// offer for several periods). The work is the transactions since `cutoff`, and that run.
    func lastWinBackRedemption(inGroup groupID: String, notBefore cutoff: Date) -> Date? {
        var redeemed: Date?
        for id in (index.byGroup[groupID] ?? []).reversed() {
            let transaction = visit(id)
            if transaction.offerKind == .winBack {
                redeemed = transaction.purchaseDate
            } else if redeemed != nil || transaction.purchaseDate < cutoff {
                break
            }
        }
        return redeemed
    }
}
