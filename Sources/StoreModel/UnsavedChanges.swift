import Foundation

/// What changed since the ledger last saved this account.
extension AppStore {
    /// What changed since the ledger last saved this account, recorded as it happens so a save writes
    /// only those rows: the model's own change list, which `update` reads to ask for a save. The account's
    /// settings (scenario switches, storefront, environment, counters, onboarding) are a handful of rows
    /// the ledger compares whole; `settings` says one may have changed.
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
        /// A setting of the account may have changed (set by the setters of `AppStore`'s settings).
        public var settings = false

        public init(cleared: Bool = false) { self.cleared = cleared }

        /// Adds what another record holds (what several saves wrote: a script's `--trace`).
        public mutating func merge(_ other: Self) {
            cleared = cleared || other.cleared
            transactionIDs.formUnion(other.transactionIDs)
            renewalGroups.formUnion(other.renewalGroups)
            freeReads.formUnion(other.freeReads)
            eventIDs.formUnion(other.eventIDs)
            priceIncreases = priceIncreases || other.priceIncreases
            consumableUse.formUnion(other.consumableUse)
            deliveries.formUnion(other.deliveries)
            feedbackIDs.formUnion(other.feedbackIDs)
            feedbackDraft = feedbackDraft || other.feedbackDraft
            offerCodes = offerCodes || other.offerCodes
            notificationIDs.formUnion(other.notificationIDs)
            promotions = promotions || other.promotions
            settings = settings || other.settings
        }

        /// Nothing changed (the clock is not here: the ledger compares it with its row).
        public var isEmpty: Bool {
            !settings && !cleared && transactionIDs.isEmpty && renewalGroups.isEmpty && freeReads.isEmpty && eventIDs.isEmpty
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
