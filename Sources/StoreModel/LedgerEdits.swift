import Foundation

/// QA's edits of the ledger: delete a transaction, clear everything.
extension AppStore {
    /// Removes a transaction as if it never happened (Xcode's Transaction Manager "Delete"). A group left
    /// with no transactions forgets its renewal state.
    public mutating func deleteTransaction(_ transactionID: UInt64) {
        guard transaction(transactionID) != nil else { return }
        let removed = remove(transactionID)
        if deliveries.removeValue(forKey: transactionID) != nil { unsavedChanges.deliveries.insert(transactionID) }
        if let groupID = self.groupID(ofProduct: removed.productID), firstTransaction(inGroup: groupID) == nil {
            changeRenewal(of: groupID) { $0 = nil }
        }
        // Nothing shared is in force any more: the switch says so.
        if let shared = scenario.familySharing, sharedTransaction(of: shared) == nil { scenario.familySharing = nil }
    }

    /// Deletes every transaction and renewal state and turns every scenario switch off. The clock stays
    /// where it is: simulated time never runs backwards.
    public mutating func clearAll() {
        removeAll()
        scenario = Scenario()
    }
}
