import Foundation

/// What Purchase Help needs of the App Store (HIG "Providing help with in-app purchases"): the recent
/// charges a person may ask a refund for, refund requests and their outcome (decided by QA, standing in
/// for Apple), the app's own record of purchases it did not deliver and how each was made good, and the
/// feedback the person sends.

/// The issues the system refund sheet lists, in its order (HIG: "I didn't mean to buy this, A
/// child/minor made purchase without permission, My purchase does not work as expected, Purchase not
/// received, and Other").
public enum RefundReason: String, Sendable, CaseIterable {
    case didNotMeanToBuy
    case childPurchase
    case doesNotWork
    case notReceived
    case other

    /// StoreKit's revocation reason when a refund asked for this reason is granted: `developerIssue`,
    /// "a customer canceled the transaction due to an actual or perceived issue within your app", for a
    /// purchase that does not work or never arrived; `other` ("for example, an accidental purchase")
    /// for the rest (developer.apple.com/documentation/storekit/transaction/revocationreason-swift.struct).
    public var revocationReason: Transaction.RevocationReason {
        switch self {
        case .doesNotWork, .notReceived: .developerIssue
        case .didNotMeanToBuy, .childPurchase, .other: .other
        }
    }
}

/// Why a transaction cannot be asked a refund for (the refund list says so beside it).
public enum RefundRefusal: Error, Sendable, Equatable {
    /// no such transaction
    case notFound
    /// a family member's shared purchase: the organizer paid, so only they can ask
    case familyShared
    /// nothing was charged (a free trial, a free offer period)
    case notCharged
    /// older than the refund list's window
    case tooOld
    /// refunded (or revoked) already
    case alreadyRefunded
    /// a request for it waits for a decision
    case requestPending
}

/// A purchase the app did not deliver (QA marks one, standing for an app that failed to hand over what
/// the App Store sold), and how the app made it good: delivered it after all, or gave a conciliatory
/// item from the catalog instead. The App Store knows nothing of this: it is the app's own record.
public struct DeliveryIssue: Sendable, Equatable {
    public enum Resolution: String, Sendable, CaseIterable {
        case delivered
        case conciliatoryItem
    }

    public var transactionID: UInt64
    public var markedDate: Date
    public var resolution: Resolution?
    /// The consumable given instead (one unit), for `conciliatoryItem`.
    public var giftProductID: String?
    public var resolvedDate: Date?

    public init(transactionID: UInt64, markedDate: Date, resolution: Resolution? = nil, giftProductID: String? = nil,
                resolvedDate: Date? = nil) {
        self.transactionID = transactionID
        self.markedDate = markedDate
        self.resolution = resolution
        self.giftProductID = giftProductID
        self.resolvedDate = resolvedDate
    }

    public var isOpen: Bool { resolution == nil }
}

/// Feedback the person sent from Purchase Help.
public struct Feedback: Sendable, Equatable, Identifiable {
    public var id: UInt64
    public var date: Date
    public var text: String

    public init(id: UInt64, date: Date, text: String) {
        self.id = id
        self.date = date
        self.text = text
    }
}

/// The catalog's `help`: what Purchase Help shows besides the purchases (docs/catalog.md).
public struct HelpInfo: Sendable {
    public struct Question: Sendable {
        public var question: LocalizedText
        public var answer: LocalizedText
        public init(question: LocalizedText, answer: LocalizedText) {
            self.question = question
            self.answer = answer
        }
    }

    /// The developer's contact (Contact Us).
    public struct Contact: Sendable {
        public var email: String
        public var url: String?
        /// A line about when and how they answer, if the catalog gives one.
        public var note: LocalizedText?
        public init(email: String, url: String? = nil, note: LocalizedText? = nil) {
            self.email = email
            self.url = url
            self.note = note
        }
    }

    public var faq: [Question]
    public var contact: Contact
    /// A consumable Missing a Purchase may give, one unit, instead of a purchase that was not delivered.
    public var conciliatoryItem: String?

    public init(faq: [Question], contact: Contact, conciliatoryItem: String? = nil) {
        self.faq = faq
        self.contact = contact
        self.conciliatoryItem = conciliatoryItem
    }
}

extension AppStore {
    /// How far back Missing a Purchase and Request a Refund list charges.
    public static let recentChargeDays = 90

    /// Most characters a feedback message takes.
    public static let feedbackLimit = 2_000

    /// The charges of the last 90 days, newest first: the person's own transactions that cost something
    /// (a renewal is a charge; a free trial or a family-shared purchase is not), purchased or since
    /// refunded. Walks each purchased product's transactions back from the newest while they are
    /// recent, so the work is the products bought and the recent charges, never the whole ledger.
    public func recentCharges() -> [Transaction] {
        var charges: [Transaction] = []
        visitRecentCharges { charges.append($0); return true }
        return charges.sorted { ($0.purchaseDate, $0.id) > ($1.purchaseDate, $1.id) }
    }

    /// Whether there are more than `count` recent charges, for a key's availability: stops as soon as
    /// there are, instead of listing them all.
    public func hasRecentCharges(moreThan count: Int) -> Bool {
        var seen = 0
        visitRecentCharges { _ in seen += 1; return seen <= count }
        return seen > count
    }

    /// The recent charges in no order, until `body` returns false.
    private func visitRecentCharges(_ body: (Transaction) -> Bool) {
        let cutoff = now.addingTimeInterval(-Double(Self.recentChargeDays) * 86_400)
        for ids in index.byProduct.values {
            for id in ids.reversed() {
                let transaction = transactions[index.positions[id]!]
                meter?.visited += 1
                if transaction.purchaseDate < cutoff { break }
                guard transaction.purchaseDate <= now, transaction.ownership == .purchased, transaction.price > 0 else { continue }
                if !body(transaction) { return }
            }
        }
    }

    /// Why the person cannot ask a refund for a transaction now; nil when they can.
    public func refundRefusal(for transactionID: UInt64) -> RefundRefusal? {
        guard let transaction = transaction(transactionID) else { return .notFound }
        if transaction.ownership == .familyShared { return .familyShared }
        if transaction.state == .revoked { return .alreadyRefunded }
        if pendingRefundRequest(for: transactionID) != nil { return .requestPending }
        if transaction.price == 0 { return .notCharged }
        if transaction.purchaseDate < now.addingTimeInterval(-Double(Self.recentChargeDays) * 86_400) { return .tooOld }
        return nil
    }

    /// The person asks for a refund from the system refund sheet (StoreKit's `beginRefundRequest`):
    /// a request waits for Apple's decision (QA approves or declines it in the inspector's Requests, or
    /// a script's `refund approve|decline`). Nothing changes until then. A second request for the same
    /// transaction while one waits, or for one refunded already, is refused.
    @discardableResult
    public mutating func requestRefund(_ transactionID: UInt64, reason: RefundReason) throws(RefundRefusal) -> StoreEvent {
        if let refusal = refundRefusal(for: transactionID) { throw refusal }
        let transaction = transaction(transactionID)!
        // The App Store turns auto-renew off when the customer asks for a subscription's refund
        // (DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_DISABLED: "the App Store disables subscription
        // auto-renewal after the customer requests a refund"; issue 55, item 10). A declined request
        // leaves it off; the customer can turn it on again.
        // Only a request on the period in force: a past period's refund leaves the plan renewing (issue
        // 26, item 5), and Apple does not say a request on one does more.
        if transaction.productType == .autoRenewable, transaction.ownership == .purchased,
           let groupID = groupID(ofProduct: transaction.productID),
           status(ofGroup: groupID, ownership: .purchased)?.transaction.id == transactionID, let renewal = renewals[groupID],
           renewal.willAutoRenew, renewal.expirationReason == nil, renewal.billingIssueSince == nil {
            changeRenewal(of: groupID) { $0?.willAutoRenew = false }
        }
        return record(.refundRequest, transaction.productID, quantity: transaction.quantity, status: .pending,
                      transactionID: transactionID, refundReason: reason)
    }

    /// Apple approves a refund request: the transaction is refunded by the one refund rule (`refund`),
    /// with the revocation reason the person's reason gives. Returns the refunded transaction; nil when
    /// the event is not a refund request still waiting.
    @discardableResult
    public mutating func approveRefund(_ eventID: UInt64) -> Transaction? {
        guard let request = event(eventID), request.kind == .refundRequest, request.isPending,
              let transactionID = request.transactionID else { return nil }
        refund(transactionID, reason: (request.refundReason ?? .other).revocationReason)
        // A transaction refunded some other way meanwhile: the request is answered all the same.
        if event(eventID)?.isPending == true { answer(eventID, .approved) }
        return transaction(transactionID)
    }

    /// Apple declines a refund request: nothing changes but the request, which the log shows declined.
    public mutating func declineRefund(_ eventID: UInt64) {
        guard let request = event(eventID), request.kind == .refundRequest, request.isPending else { return }
        answer(eventID, .declined)
    }

    // MARK: delivery

    /// QA marks a purchase as not delivered by the app: the person's own, in force, and not marked
    /// already. Returns false when it cannot be.
    @discardableResult
    public mutating func markUndelivered(_ transactionID: UInt64) -> Bool {
        guard let transaction = transaction(transactionID), transaction.state == .purchased,
              transaction.ownership == .purchased, deliveries[transactionID]?.isOpen != true else { return false }
        deliveries[transactionID] = DeliveryIssue(transactionID: transactionID, markedDate: now)
        unsavedChanges.deliveries.insert(transactionID)
        return true
    }

    /// The purchases the app has not delivered, oldest first: marked, not made good, still in force.
    public var undeliveredPurchases: [Transaction] {
        deliveries.values.filter(\.isOpen).map(\.transactionID).sorted()
            .compactMap { transaction($0) }.filter { $0.state == .purchased }
    }

    /// The app delivers an undelivered purchase now (Missing a Purchase's immediate delivery).
    @discardableResult
    public mutating func deliverNow(_ transactionID: UInt64) -> Bool {
        resolveDelivery(transactionID, .delivered, gift: nil)
    }

    /// The app gives one unit of the catalog's conciliatory item instead of an undelivered purchase.
    @discardableResult
    public mutating func giveConciliatoryItem(for transactionID: UInt64) -> Bool {
        guard let item = catalog.help?.conciliatoryItem else { return false }
        return resolveDelivery(transactionID, .conciliatoryItem, gift: item)
    }

    private mutating func resolveDelivery(_ transactionID: UInt64, _ resolution: DeliveryIssue.Resolution,
                                          gift: String?) -> Bool {
        guard var issue = deliveries[transactionID], issue.isOpen,
              transaction(transactionID)?.state == .purchased else { return false }
        issue.resolution = resolution
        issue.giftProductID = gift
        issue.resolvedDate = now
        deliveries[transactionID] = issue
        unsavedChanges.deliveries.insert(transactionID)
        return true
    }

    /// Whether the app has delivered what a transaction sold: the one rule for the app's own record of
    /// what the person has. A purchase QA marked undelivered is not delivered until Deliver Now; one made
    /// good with a conciliatory item never is (the item replaces it). The App Store's transaction is
    /// untouched either way (it was charged, and may be refunded): StoreKit's `entitlement(for:)` and
    /// `owns` still count it, so the App Store refuses to sell it twice, while the app's
    /// `deliveredEntitlement(for:)`, `consumableUnitsDelivered` and `consumableBalance` leave it out.
    public func isDelivered(_ transactionID: UInt64) -> Bool {
        guard let issue = deliveries[transactionID] else { return true }
        return issue.resolution == .delivered
    }

    /// Units of a consumable bought, not refunded, and not delivered by the app (see `isDelivered`).
    /// O(purchases ever marked undelivered), never O(ledger).
    func undeliveredUnits(of productID: String) -> Int {
        deliveries.values.reduce(0) { sum, issue in
            guard !isDelivered(issue.transactionID), let transaction = transaction(issue.transactionID),
                  transaction.productID == productID else { return sum }
            return sum + LedgerIndex.units(transaction)
        }
    }

    /// Units of a consumable the app gave as conciliatory items.
    public func giftedUnits(of productID: String) -> Int {
        deliveries.values.reduce(0) { $0 + ($1.giftProductID == productID ? 1 : 0) }
    }

    /// A delivery record brought back from a saved ledger.
    public mutating func restoreDelivery(_ issue: DeliveryIssue) { deliveries[issue.transactionID] = issue }

    // MARK: feedback

    /// What the person has typed so far, kept as typed (with `--state`, saved on every change).
    public mutating func setFeedbackDraft(_ text: String) {
        guard text != feedbackDraft else { return }
        feedbackDraft = text
        unsavedChanges.feedbackDraft = true
    }

    /// Sends the draft as feedback; nil (and nothing sent) when it holds only spaces.
    @discardableResult
    public mutating func sendFeedback() -> Feedback? {
        guard !feedbackDraft.allSatisfy(\.isWhitespace) else { return nil }
        let sent = Feedback(id: (feedback.last?.id ?? 0) + 1, date: now, text: feedbackDraft)
        feedback.append(sent)
        unsavedChanges.feedbackIDs.insert(sent.id)
        setFeedbackDraft("")
        return sent
    }

    /// Feedback and the draft brought back from a saved ledger.
    public mutating func restoreFeedback(_ sent: [Feedback], draft: String) {
        feedback = sent.sorted { $0.id < $1.id }
        feedbackDraft = draft
    }
}
