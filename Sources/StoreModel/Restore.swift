import Foundation

extension AppStore {
    /// Restore Purchases (`AppStore.sync()`): the purchases the system restores (non-consumables and the
    /// current subscription of each group) and the non-renewing passes this app restores from its own
    /// records, oldest first. Consumables are not restored. What a family organizer shares is restored
    /// too: a shared purchase reaches the member as a transaction of its own, ownership `familyShared`
    /// ("The transaction belongs to a family member who benefits from the service",
    /// developer.apple.com/documentation/storekit/transaction/ownershiptype-swift.struct/familyshared),
    /// which `Transaction.all` and `Transaction.currentEntitlements` ("the latest transaction for each
    /// product the customer has an entitlement to") hold like any other, so a family member's sync finds
    /// the shared subscription or non-consumable in force (a share the organizer stopped is revoked, and
    /// is not). StoreKit 2 records no transaction
    /// for a restore, and entitlements do not change (they derive from the original purchases): the log
    /// keeps the restore, with how many purchases it named.
    @discardableResult
    public mutating func restorePurchases() -> [Transaction] {
        func candidate(_ original: Transaction) -> Bool {
            original.state == .purchased && original.productType.restoredBy != .nobody
        }
        // The newest candidate of each subscription group, and of each other product (consumables,
        // which nobody restores, are not even looked at).
        var originals: [Transaction] = []
        for ids in index.byGroup.values {
            if let newest = last(of: ids, where: candidate) { originals.append(newest) }
        }
        // A shared subscription is its own chain: restored while its newest transaction is in force.
        for ids in index.sharedByGroup.values {
            if let newest = last(of: ids, where: { !$0.isUpgraded }), candidate(newest) { originals.append(newest) }
        }
        for (productID, ids) in index.byProduct {
            guard let product = catalog.product(productID), product.subscription == nil,
                  product.type.restoredBy != .nobody else { continue }
            if let newest = last(of: ids, where: candidate) { originals.append(newest) }
        }
        originals.sort { index.positions[$0.id]! < index.positions[$1.id]! }
        record(.restore, nil, restored: originals.count)
        return originals
    }
}
