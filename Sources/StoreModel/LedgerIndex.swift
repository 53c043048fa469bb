import Foundation
import HashTreeCollections

/// Reading the ledger through its indexes, and the only writers of `transactions` that keep them right.
extension AppStore {
    func firstTransaction(inGroup groupID: String) -> Transaction? {
        first(of: index.byGroup[groupID]) { _ in true }
    }

    /// The newest transaction of the group in the ledger, including renewals dated after `now` while
    /// `advance(to:)` is still on its way there.
    func latestTransaction(inGroup groupID: String) -> Transaction? {
        last(of: index.byGroup[groupID]) { !$0.isUpgraded }
    }

    /// The subscription groups the person may have a status in: those with renewal state of their own,
    /// and those a family organizer shared with them. O(such groups), never O(catalog).
    public var groupsWithSubscriptions: Set<String> {
        Set(renewals.keys).union(index.sharedByGroup.keys)
    }

    public func transaction(_ id: UInt64) -> Transaction? { index.positions[id].map { transactions[$0] } }

    // MARK: the ledger's indexes

    /// Where each transaction is: its position in `transactions` by id, and the ids of each product's
    /// and each subscription group's transactions, in ledger order; and each consumable's balance.
    struct LedgerIndex: Sendable {
        var positions: TreeDictionary<UInt64, Int> = [:]
        var byProduct: TreeDictionary<String, ChunkedArray<UInt64>> = [:]
        /// The person's own transactions (ownership `purchased`) of each group.
        var byGroup: TreeDictionary<String, ChunkedArray<UInt64>> = [:]
        /// The family-shared transactions of each group: a subscription an organizer shares is its own
        /// chain, with its own status, beside the person's own (see `statuses(ofGroup:)`).
        var sharedByGroup: TreeDictionary<String, ChunkedArray<UInt64>> = [:]
        /// Units of each consumable bought and not refunded (see `consumableUnitsDelivered`).
        var balances: [String: Int] = [:]
        /// How many of the person's own transactions in each group were bought with an introductory
        /// offer (see `isEligibleForIntroOffer`).
        var introductoryOffers: [String: Int] = [:]
        /// Transactions of subscriptions and passes, of any ownership: what lapses, renews or ends with
        /// the clock alone (see `clockChangesAnswers`).
        var clockBound = 0
        /// Where each group's current run of the person's own subscription began
        /// (`recentSubscriptionStart`), and the newest transaction of the run it was worked out from.
        var runStarts: [String: RunStart] = [:]

        struct RunStart: Sendable {
            var anchor: UInt64
            var start: Date
        }

        /// The current run of a group, walked back from the newest of the person's own transactions
        /// through the run only, and no further than the transaction the last walk began at (`known`),
        /// whose run it already knows. `newest`, the transaction just appended, is not looked up again.
        /// (On the index, not the account: a method of the account called from a change of it copies the
        /// whole account first.)
        func runStart(ofGroup groupID: String, known: RunStart?, newest: Transaction? = nil,
                      in transactions: ChunkedArray<Transaction>, meter: WorkMeter?) -> RunStart? {
            var start: Transaction?
            var anchor: UInt64?
            for id in (byGroup[groupID] ?? []).reversed() {
                let transaction: Transaction
                if id == newest?.id { transaction = newest! } else {
                    meter?.visited += 1
                    transaction = transactions[positions[id]!]
                }
                guard transaction.ownership == .purchased, !transaction.isUpgraded else { continue }
                if let newer = start, let end = transaction.expirationDate, newer.purchaseDate > end { break }
                if anchor == nil { anchor = id }
                if let known, id == known.anchor { return RunStart(anchor: anchor!, start: known.start) }
                start = transaction
            }
            return start.map { RunStart(anchor: anchor!, start: $0.purchaseDate) }
        }

        /// Counts a transaction of a group in or out of `introductoryOffers`.
        mutating func countIntroductory(_ transaction: Transaction, group groupID: String, _ sign: Int) {
            guard transaction.ownership == .purchased, transaction.offerKind == .introductory else { return }
            introductoryOffers[groupID, default: 0] += sign
            if introductoryOffers[groupID] == 0 { introductoryOffers[groupID] = nil }
        }

        /// What a transaction adds to its product's balance.
        static func units(_ transaction: Transaction) -> Int {
            transaction.productType == .consumable && transaction.state == .purchased ? transaction.quantity : 0
        }

        /// The ids of one ownership's transactions in a group, in ledger order.
        func ids(ofGroup groupID: String, ownership: Transaction.Ownership) -> ChunkedArray<UInt64>? {
            ownership == .purchased ? byGroup[groupID] : sharedByGroup[groupID]
        }

        mutating func count(_ transaction: Transaction, _ sign: Int) {
            if transaction.productType == .autoRenewable || transaction.productType == .nonRenewing { clockBound += sign }
            let units = Self.units(transaction)
            guard units != 0 else { return }
            balances[transaction.productID, default: 0] += sign * units
            if balances[transaction.productID] == 0 { balances[transaction.productID] = nil }
        }
    }

    public func groupID(ofProduct productID: String) -> String? { catalog.product(productID)?.subscription?.groupID }

    /// Whether moving the clock alone can change an answer the store gives — a status, an entitlement, a
    /// pitch, a request — without recording anything: as soon as the person has a subscription or a pass
    /// (of their own or shared by a family organizer: each lapses, enters grace, ends, is won back), or a
    /// request waits (Ask to Buy expires). Without any, the clock changes nothing but `now`. Deliberately
    /// broad, so a rule added later that reads the clock is covered.
    public var clockChangesAnswers: Bool {
        index.clockBound > 0 || !log.pending.isEmpty || scenario.familySharing != nil
    }

    /// The transaction with this id, counted as visited.
    func visit(_ id: UInt64) -> Transaction {
        meter?.visited += 1
        return transactions[index.positions[id]!]
    }

    /// The first transaction, in ledger order, of `ids` (a product's or a group's) that matches.
    func first(of ids: ChunkedArray<UInt64>?, where matches: (Transaction) -> Bool) -> Transaction? {
        for id in ids ?? [] {
            let transaction = visit(id)
            if matches(transaction) { return transaction }
        }
        return nil
    }

    /// The last transaction, in ledger order, of `ids` that matches.
    func last(of ids: ChunkedArray<UInt64>?, where matches: (Transaction) -> Bool) -> Transaction? {
        for id in (ids ?? []).reversed() {
            let transaction = visit(id)
            if matches(transaction) { return transaction }
        }
        return nil
    }

    /// Every transaction of `ids` that matches, in ledger order.
    func all(of ids: ChunkedArray<UInt64>?, where matches: (Transaction) -> Bool) -> [Transaction] {
        (ids ?? []).map(visit).filter(matches)
    }

    mutating func append(_ transaction: Transaction) {
        index.positions[transaction.id] = transactions.count
        index.byProduct[transaction.productID, default: []].append(transaction.id)
        if let groupID = self.groupID(ofProduct: transaction.productID) {
            switch transaction.ownership {
            case .purchased: index.byGroup[groupID, default: []].append(transaction.id)
            case .familyShared: index.sharedByGroup[groupID, default: []].append(transaction.id)
            }
            index.countIntroductory(transaction, group: groupID, +1)
        }
        index.count(transaction, +1)
        transactions.append(transaction)
        if transaction.ownership == .purchased, let groupID = catalog.product(transaction.productID)?.subscription?.groupID {
            // A newer transaction: the walk back meets the run it knew after a step or two.
            index.runStarts[groupID] = index.runStart(ofGroup: groupID, known: index.runStarts[groupID], newest: transaction,
                                                      in: transactions, meter: meter)
        }
        unsavedChanges.transactionIDs.insert(transaction.id)
        notificationBaseline.note(transaction: nil, id: transaction.id)
        meter?.indexOperations += 1
    }

    /// Changes a transaction in place (not its id or product, which the indexes are keyed by) and
    /// returns it as changed.
    @discardableResult
    mutating func update(_ id: UInt64, _ change: (inout Transaction) -> Void) -> Transaction {
        let position = index.positions[id]!
        let before = transactions[position]
        notificationBaseline.note(transaction: before, id: id)
        change(&transactions[position])
        precondition(transactions[position].id == id && transactions[position].productID == before.productID
                        && transactions[position].ownership == before.ownership,
                     "an update may not change what the ledger's indexes are keyed by")
        index.count(before, -1)
        index.count(transactions[position], +1)
        if let groupID = self.groupID(ofProduct: before.productID) {
            index.countIntroductory(before, group: groupID, -1)
            index.countIntroductory(transactions[position], group: groupID, +1)
            // A changed transaction may end or join the run: it is walked again whole.
            if before.ownership == .purchased {
                index.runStarts[groupID] = index.runStart(ofGroup: groupID, known: nil, in: transactions, meter: meter)
            }
        }
        unsavedChanges.transactionIDs.insert(id)
        meter?.indexOperations += 1
        return transactions[position]
    }

    /// Takes a transaction out of the ledger. Rare (a QA delete, an approval), so it may move the
    /// positions of the transactions after it.
    mutating func remove(_ id: UInt64) -> Transaction {
        let position = index.positions.removeValue(forKey: id)!
        let removed = transactions.remove(at: position)
        for later in position..<transactions.count { index.positions[transactions[later].id] = later }
        Self.drop(id, from: &index.byProduct, key: removed.productID)
        if let groupID = self.groupID(ofProduct: removed.productID) {
            switch removed.ownership {
            case .purchased:
                Self.drop(id, from: &index.byGroup, key: groupID)
                index.runStarts[groupID] = index.runStart(ofGroup: groupID, known: nil, in: transactions, meter: meter)
            case .familyShared: Self.drop(id, from: &index.sharedByGroup, key: groupID)
            }
            index.countIntroductory(removed, group: groupID, -1)
        }
        index.count(removed, -1)
        unsavedChanges.transactionIDs.insert(id)
        meter?.indexOperations += 1
        return removed
    }

    static func drop(_ id: UInt64, from lists: inout TreeDictionary<String, ChunkedArray<UInt64>>, key: String) {
        lists[key]?.removeAll { $0 == id }
        if lists[key]?.isEmpty == true { lists[key] = nil }
    }

    /// Empties the ledger and the renewal states.
    mutating func removeAll() {
        transactions = []
        index = LedgerIndex()
        log = EventLog()
        priceIncreases = [:]
        renewals = [:]
        consumableUse = [:]
        deliveries = [:]
        feedback = []
        feedbackDraft = ""
        freeReads = FreeReads()
        offerCodeCounts = OfferCodeCounts()
        pendingRedemptions = []
        unsavedChanges = UnsavedChanges(cleared: true)
    }

    /// The only writer of `renewals` (with `removeAll`): records the group as changed when its state does.
    mutating func changeRenewal(of groupID: String, _ change: (inout RenewalInfo?) -> Void) {
        var renewal = renewals[groupID]
        change(&renewal)
        guard renewal != renewals[groupID] else { return }
        notificationBaseline.note(renewal: renewals[groupID], group: groupID)
        renewals[groupID] = renewal
        unsavedChanges.renewalGroups.insert(groupID)
    }
}

/// Counts what ledger queries and mutations do, so tests can check that work grows with what a
/// product, group or time travel involves, never with the whole ledger or catalog.
final class WorkMeter: @unchecked Sendable {
    /// Transactions looked at through the indexes.
    var visited = 0
    /// Transactions appended, updated or removed.
    var indexOperations = 0
    /// Passes of the renewal loop (each renews, marks a billing issue, or ends it).
    var renewalPasses = 0
    /// Subscription groups time travel and the next renewal date looked at.
    var groupsVisited = 0
}
