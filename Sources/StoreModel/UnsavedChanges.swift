import Foundation

/// What changed since the ledger last saved this account.
extension AppStore {
    /// What changed since the ledger last saved this account, recorded as it happens so a save writes
    /// only those rows. Scenario settings and the clock are not here: they are a handful of rows the
    /// ledger compares whole.
    public struct UnsavedChanges: Sendable, Equatable {
        /// `clearAll` ran: every saved transaction and renewal state is gone.
        public var cleared = false
        /// Transactions added, changed or removed since: each is written if the store has it, deleted if not.
        public var transactionIDs: Set<UInt64> = []
        /// Groups whose renewal state was set, changed or dropped: likewise.
        public var renewalGroups: Set<String> = []
        /// Free items opened since (reads are only ever added, or all cleared).
        public var freeReads: Set<FreeReads.Key> = []
        /// Events logged or changed since.
        public var eventIDs: Set<UInt64> = []
        /// Price increases made since (they are few: a save writes them all).
        public var priceIncreases = false
        /// Consumables whose used count changed since.
        public var consumableUse: Set<String> = []
        /// Transactions whose delivery record was set, changed or dropped since.
        public var deliveries: Set<UInt64> = []
        /// Feedback sent since.
        public var feedbackIDs: Set<UInt64> = []
        /// The feedback draft changed since (typed, sent or cleared).
        public var feedbackDraft = false
        /// Offer-code redemption counts or pending App Store redemptions changed since (a save writes
        /// the counts of this account's redemptions, which are few).
        public var offerCodes = false
        /// Server Notifications made or whose delivery changed since.
        public var notificationIDs: Set<UInt64> = []
        /// Promotion overrides changed since (they are few: a save writes this device's).
        public var promotions = false

        public init(cleared: Bool = false) { self.cleared = cleared }

        public var isEmpty: Bool {
            !cleared && transactionIDs.isEmpty && renewalGroups.isEmpty && freeReads.isEmpty && eventIDs.isEmpty
                && !priceIncreases && consumableUse.isEmpty && deliveries.isEmpty && feedbackIDs.isEmpty && !feedbackDraft && !offerCodes
                && notificationIDs.isEmpty && !promotions
        }
    }

    /// The ledger holds this account as it is now: called by whoever saved it, after the write succeeded.
    public mutating func markSaved() { unsavedChanges = UnsavedChanges() }

    /// Rows the ledger holds in an older form (a failed attempt saved as a transaction, before the
    /// ledger modelled StoreKit 2): the next save rewrites them, deleting those transaction rows and
    /// writing the events they became.
    public mutating func markUnsaved(transactionIDs: Set<UInt64>, eventIDs: Set<UInt64>) {
        unsavedChanges.transactionIDs.formUnion(transactionIDs)
        unsavedChanges.eventIDs.formUnion(eventIDs)
    }
}
