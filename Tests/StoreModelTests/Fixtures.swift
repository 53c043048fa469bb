import StoreModel

extension AppStore.PurchaseOutcome {
    var transaction: Transaction? {
        switch self {
        case .purchased(let transaction): transaction
        case .deferred, .interrupted, .scheduled, .failed: nil
        }
    }

    /// The request a purchase left waiting (Ask to Buy, an interruption).
    var request: StoreEvent? {
        switch self {
        case .deferred(let event), .interrupted(let event): event
        case .purchased, .scheduled, .failed: nil
        }
    }
}
