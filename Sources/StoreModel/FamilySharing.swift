import Foundation

/// Family Sharing: an organizer shares a purchase with this account, and stops sharing it.
extension AppStore {
    /// The family organizer starts sharing a purchase with this account (the family-sharing switch): it
    /// arrives as a `familyShared` transaction, free to this account, as StoreKit delivers it to each
    /// family member. Only family-shareable non-consumables and auto-renewable subscriptions can be
    /// shared; anything else returns nil and changes nothing. A shared subscription renews with the
    /// organizer's (`advance(to:)`). Sharing another product stops sharing the one before. Sharing what
    /// is shared already delivers nothing new and returns the transaction in force.
    @discardableResult
    public mutating func receiveFamilySharing(_ productID: String) -> Transaction? {
        guard let product = catalog.product(productID), product.familyShareable,
              product.type == .nonConsumable || product.type == .autoRenewable else { return nil }
        if scenario.familySharing == productID, let shared = sharedTransaction(of: productID) { return shared }
        if scenario.familySharing != nil { stopFamilySharing() }
        var transaction = makeTransaction(
            Quote(product: productID, quantity: 1, unitPrice: 0, currency: territory.currency))
        transaction.ownership = .familyShared
        transaction.device = nil
        if let info = product.subscription {
            // The shared subscription is its own chain beside the person's own: its first shared
            // transaction is the original of the renewals and of a later share in the group.
            if let first = first(of: index.sharedByGroup[info.groupID], where: { _ in true }) {
                transaction.originalID = first.id
                transaction.originalPurchaseDate = first.purchaseDate
            }
            // The organizer's current period: the simulator starts it when sharing starts, at the time
            // rate, as the person's own subscriptions.
            transaction.expirationDate = scenario.timeRate.end(of: info.period, from: now)
        }
        append(transaction)
        scenario.familySharing = productID
        return transaction
    }

    /// The organizer stops sharing (or leaves the family): the shared transaction in force is revoked
    /// now, and its access ends. Apple: `revocationDate` is "the date that the App Store refunded the
    /// transaction or revoked it from Family Sharing" (developer.apple.com/documentation/storekit/
    /// transaction/revocationdate), and "for Family Sharing transactions, the revocation reason value is
    /// 0 if the customer leaves the family group or the owner stops sharing" (developer.apple.com/
    /// documentation/appstoreserverapi/revocationreason): 0 is `other`, StoreKit's reason for anything
    /// but a developer issue. Returns the revoked transaction; nil if nothing was shared.
    @discardableResult
    public mutating func stopFamilySharing() -> Transaction? {
        guard let productID = scenario.familySharing else { return nil }
        scenario.familySharing = nil
        guard let shared = sharedTransaction(of: productID) else { return nil }
        let now = now
        return update(shared.id) {
            $0.state = .revoked
            $0.revocationDate = now
            $0.revocationReason = .other
            $0.revocationType = .familyRevocation
        }
    }

    /// The id of the family-shared transaction of a product still in force, if any.
    public func sharedTransactionID(of productID: String) -> UInt64? { sharedTransaction(of: productID)?.id }

    /// The family-shared transaction of a product still in force (not revoked): the latest of a shared
    /// subscription's chain, or a shared non-consumable.
    func sharedTransaction(of productID: String) -> Transaction? {
        let shared: Transaction?
        if let groupID = groupID(ofProduct: productID) {
            shared = last(of: index.sharedByGroup[groupID]) { !$0.isUpgraded }
        } else {
            shared = last(of: index.byProduct[productID]) { $0.ownership == .familyShared }
        }
        guard let shared, shared.productID == productID, shared.state == .purchased else { return nil }
        return shared
    }
}
