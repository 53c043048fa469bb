import Foundation

/// Refunds: what a refund takes back, the refund itself, and its reversal.
extension AppStore {
    /// What a refund takes back: the one refund rule, whether QA refunds from the inspector or approves
    /// a refund the person asked for (see `refundEffect(of:)` and `refund`).
    public enum RefundEffect: Equatable, Sendable {
        /// The access the transaction gives ends now: a non-consumable or a pass.
        case endsAccess
        /// The subscription period in force: its access ends now, and the subscription stops renewing.
        case endsSubscription
        /// A past period of a subscription: that transaction alone is revoked; the period in force, its
        /// access and auto-renew are untouched.
        case pastPeriod
        /// A consumable: the purchase's units not used yet (units are used oldest purchase first).
        case units(Int)
    }

    /// What refunding a transaction would take back; nil if it cannot be refunded (not found, or
    /// refunded already). A subscription's transaction ends access only if it grants the period in force
    /// (the latest of its chain), as Apple's `revocationDate` on that transaction does; Apple documents
    /// no special case for an older period, so refunding one revokes it and nothing else.
    public func refundEffect(of transactionID: UInt64) -> RefundEffect? {
        guard let transaction = transaction(transactionID), transaction.state == .purchased else { return nil }
        switch transaction.productType {
        case .consumable:
            return .units(unusedUnits(of: transaction))
        case .nonConsumable, .nonRenewing:
            return .endsAccess
        case .autoRenewable:
            guard let groupID = groupID(ofProduct: transaction.productID),
                  status(ofGroup: groupID, ownership: transaction.ownership)?.transaction.id == transactionID
            else { return .pastPeriod }
            return .endsSubscription
        }
    }

    /// A consumable purchase's units not used yet. The App Store keeps no count of use; the app's record
    /// (`consumableUse`) is one number per product, and units are used oldest first: a conciliatory unit
    /// counts as received when it was given. So the unused units are the newest: this purchase keeps
    /// what is left once the units received after it are counted. Walks back from the newest purchase
    /// only until the units left are accounted for: the work is the purchases holding units now.
    func unusedUnits(of purchase: Transaction) -> Int {
        guard isDelivered(purchase.id), let ids = index.byProduct[purchase.productID] else { return 0 }
        let left = consumableBalance(purchase.productID)
        var newer = deliveries.values.reduce(0) { sum, issue in
            sum + (issue.giftProductID == purchase.productID && (issue.resolvedDate ?? .distantPast) > purchase.purchaseDate ? 1 : 0)
        }
        for id in ids.reversed() {
            if id == purchase.id || newer >= left { break }
            let transaction = visit(id)
            if isDelivered(id) { newer += LedgerIndex.units(transaction) }
        }
        return min(purchase.quantity, max(0, left - newer))
    }

    /// The App Store refunds a transaction: it is revoked now, with the revocation date and reason, and
    /// takes back what `refundEffect(of:)` says: the access it gives (a subscription period in force also
    /// stops renewing, so it may be pitched again), nothing more for a past period of a subscription,
    /// or a consumable purchase's unused units (its used ones are gone). A refund request waiting on this
    /// transaction is answered. Returns what was taken back; nil if nothing could be refunded.
    @discardableResult
    public mutating func refund(_ transactionID: UInt64, reason: Transaction.RevocationReason = .other) -> RefundEffect? {
        guard let effect = refundEffect(of: transactionID) else { return nil }
        let now = now
        let shared = transaction(transactionID)?.ownership == .familyShared
        let percentage = shared ? nil : Self.revocationPercentage(of: effect, quantity: transaction(transactionID)?.quantity ?? 1)
        let refunded = update(transactionID) {
            $0.state = .revoked
            $0.revocationDate = now
            $0.revocationReason = reason
            // A family member's transaction: the purchaser (the organizer) was refunded, so the App Store
            // revokes it from Family Sharing with the purchaser's reason ("If the purchaser of a Family
            // Sharing transaction receives a refund, the revocation reason for Family Sharing
            // transactions matches the value of the purchaser's revocation reason", App Store Server API,
            // revocationReason) and a REVOKE notification; the member was refunded nothing (issue 55,
            // item 13).
            $0.revocationType = shared ? .familyRevocation : percentage == 100_000 ? .fullRefund : .proratedRefund
            $0.revocationPercentage = percentage
        }
        // The purchaser's refund ends what they share (a past period's leaves the sharing as it was).
        if shared, effect != .pastPeriod, scenario.familySharing == refunded.productID { scenario.familySharing = nil }
        if case .units(let unused) = effect {
            // The used units of this purchase leave the app's count with it, so the units left are what
            // was left less this purchase's unused ones.
            let used = refunded.quantity - unused
            if isDelivered(transactionID), used > 0 {
                let count = max(0, (consumableUse[refunded.productID] ?? 0) - used)
                consumableUse[refunded.productID] = count > 0 ? count : nil
                unsavedChanges.consumableUse.insert(refunded.productID)
            }
        }
        if !shared, let request = pendingRefundRequest(for: transactionID) { answer(request.id, .approved) }
        // The person's own subscription stops renewing when the period in force is refunded; a
        // family-shared one is the organizer's.
        if effect == .endsSubscription, refunded.ownership == .purchased, let groupID = self.groupID(ofProduct: refunded.productID) {
            changeRenewal(of: groupID) { $0?.willAutoRenew = false }
        }
        return effect
    }

    /// The part of a purchase a refund gives back, in thousandths of a percent: all of it, or a
    /// consumable's unused units of the purchase's quantity ("if 1 of 3 items was refunded, the value
    /// would be approximately 33.333", StoreKit's revocationPercentage), rounded to the nearest.
    static func revocationPercentage(of effect: RefundEffect, quantity: Int) -> Int {
        guard case .units(let unused) = effect, quantity > 0 else { return 100_000 }
        return Int((Double(unused) * 100_000 / Double(quantity)).rounded())
    }

    /// Why a refund cannot be reversed (`reverseRefund`), or nil when it can.
    public enum RefundReversalRefusal: Equatable, Sendable {
        case notFound, notRefunded, familyShared
        /// A consumable's units are the app's count: the refund took back its unused units and the
        /// ledger does not keep how many, so giving them back is the app's (Apple: "it needs to
        /// reinstate them").
        case consumable
    }

    /// Whether the App Store could reverse this transaction's refund (see `reverseRefund`).
    public func refundReversalRefusal(for transactionID: UInt64) -> RefundReversalRefusal? {
        guard let transaction = transaction(transactionID) else { return .notFound }
        guard transaction.state == .revoked, transaction.revocationDate != nil else { return .notRefunded }
        guard transaction.ownership == .purchased else { return .familyShared }
        return transaction.productType == .consumable ? .consumable : nil
    }

    /// The App Store reverses a refund it granted, after a dispute the customer raised
    /// (`REFUND_REVERSED`, developer.apple.com/documentation/appstoreservernotifications/notificationtype:
    /// "If your app revoked content or services as a result of the related refund, it needs to
    /// reinstate them… For auto-renewable subscriptions, the renewal date remains unchanged"). The
    /// transaction is purchased again, its revocation date and reason gone, so what it gave is given
    /// again. A subscription period it grants that has not ended renews on its date as before: the
    /// refund had turned auto-renew off, so it is on again (Apple says nothing of a person who had
    /// cancelled before the refund; the refund's own effect is what is undone). Returns whether it was
    /// reversed (`refundReversalRefusal` says why not).
    @discardableResult
    public mutating func reverseRefund(_ transactionID: UInt64) -> Bool {
        guard refundReversalRefusal(for: transactionID) == nil else { return false }
        let reinstated = update(transactionID) {
            $0.state = .purchased
            $0.revocationDate = nil
            $0.revocationReason = nil
            $0.revocationType = nil
            $0.revocationPercentage = nil
        }
        if let groupID = groupID(ofProduct: reinstated.productID), let end = reinstated.expirationDate, end > now,
           status(ofGroup: groupID, ownership: .purchased)?.transaction.id == transactionID,
           let renewal = renewals[groupID], !renewal.willAutoRenew, renewal.expirationReason == nil {
            changeRenewal(of: groupID) { $0?.willAutoRenew = true }
        }
        return true
    }
}
