import Foundation
import HashTreeCollections

/// Something that happened at the App Store that is not a transaction. The ledger models StoreKit 2,
/// which holds transactions only: a purchase that failed or was cancelled (`Product.PurchaseResult`
/// `.userCancelled`, or a thrown error), an Ask to Buy request or an interrupted purchase waiting on
/// someone (`.pending`), a restore (`AppStore.sync()`) create no transaction and take no transaction
/// id. The inspector's log shows them with their time and outcome, and its Requests view lists the
/// ones waiting on someone. Events have ids of their own, so transaction ids stay consecutive.
public struct StoreEvent: Sendable, Identifiable, Hashable {
    public enum Kind: String, Sendable, CaseIterable {
        /// a purchase that did not go through; `failure` says why
        case failed
        /// the person closed the confirmation sheet (StoreKit 2's `.userCancelled`)
        case cancelled
        /// Ask to Buy: a request waiting for a parent (StoreKit 2's `.pending`)
        case askToBuy
        /// a purchase waiting for the person to act outside the app (StoreKit 2's `.pending`)
        case interrupted
        /// Restore Purchases; `restored` says how many purchases it named
        case restore
        /// A refund the person asked for from the app (StoreKit's `beginRefundRequest`), for the
        /// transaction `transactionID`, with their `refundReason`; Apple's decision (QA's, here) is its status
        case refundRequest
        /// The app asked StoreKit for a rating (`requestReview(in:)`); `reviewOutcome` says whether the
        /// prompt showed and why not, `stars` what the person gave (nil: Not Now). QA's reset of the
        /// review history is one too (`historyReset`): the policy counts what came after it.
        case reviewRequest
        /// The storefront changed (StoreKit's `Storefront.updates`): `storefront` is the new one's code
        case storefrontChange
        /// A purchase started on the App Store page reached the app (StoreKit's `PurchaseIntent`):
        /// `productID` and `offerID` say what, `intentDecision` what the app did (PromotedPurchases.swift)
        case purchaseIntent
        /// The App Store refused an offer code (on the redemption sheet, or one redeemed in the App Store):
        /// `codeRefusal` says why (`OfferCodeError`'s name), `offerID` and `productID` the offer its code opens, if any
        case codeRefused
    }

    /// Where a request stands; an event that waits on nobody is `done` from the start.
    public enum Status: String, Sendable, CaseIterable {
        case done
        case pending
        /// Ask to Buy: a parent approved; the purchase went through as `transactionID`, or failed with `failure`
        case approved
        /// Ask to Buy: a parent declined; nothing a customer would see was recorded
        case declined
        /// an interrupted purchase the person completed; it went through as `transactionID`, or failed with `failure`
        case resolved
        /// Ask to Buy: no answer within 24 hours (`AppStore.askToBuyLifetime`); the request is gone, nothing
        /// was recorded for the customer, and the `.pending` purchase never completes
        case expired
        // A refund request is pending until decided: approved (the transaction is refunded) or declined
        // (nothing changes).
    }

    public var id: UInt64
    /// When it happened. For an Ask to Buy request, when it was last asked: asking again for the same
    /// item consolidates into the waiting request and restarts its 24 hours (`askToBuyExpiration`).
    public var date: Date
    public var kind: Kind
    /// The product asked for; nil for a restore.
    public var productID: String?
    public var quantity: Int
    /// The promotional offer the purchase asked for, if any, so an approval buys the same thing.
    public var offerID: String?
    public var failure: PurchaseError?
    public var status: Status
    /// When a request was approved, declined or resolved.
    public var resolvedDate: Date?
    /// The transaction a request led to, once it went through; for a refund request, the transaction
    /// it asks about, from the start.
    public var transactionID: UInt64?
    /// How many purchases a restore named.
    public var restored: Int?
    /// Why the person asked for a refund (a refund request only).
    public var refundReason: RefundReason?
    /// A review request only: whether the prompt showed, and why not (ReviewRequests.swift).
    public var reviewOutcome: ReviewOutcome?
    /// A review request only: the app's version when it asked.
    public var appVersion: String?
    /// A review request only: the stars the person gave in the prompt, 1 to 5; nil for Not Now.
    public var stars: Int?
    /// The storefront moved to (a storefront change only): its territory code.
    public var storefront: String?
    /// A purchase that waits (Ask to Buy, interrupted): the appAccountToken the app passed, which the
    /// transaction carries once the purchase goes through.
    public var appAccountToken: UUID?
    /// A purchase intent only: continued, deferred or cancelled, and why.
    public var intentDecision: PurchaseIntentDecision?
    /// A refused offer code only: why (`OfferCodeError.name`).
    public var codeRefusal: String?

    public init(id: UInt64, date: Date, kind: Kind, productID: String?, quantity: Int = 1, offerID: String? = nil,
                failure: PurchaseError? = nil, status: Status = .done, resolvedDate: Date? = nil,
                transactionID: UInt64? = nil, restored: Int? = nil, refundReason: RefundReason? = nil,
                reviewOutcome: ReviewOutcome? = nil, appVersion: String? = nil, stars: Int? = nil,
                storefront: String? = nil, appAccountToken: UUID? = nil, intentDecision: PurchaseIntentDecision? = nil,
                codeRefusal: String? = nil) {
        self.intentDecision = intentDecision
        self.codeRefusal = codeRefusal
        self.appAccountToken = appAccountToken
        self.reviewOutcome = reviewOutcome
        self.appVersion = appVersion
        self.stars = stars
        self.id = id
        self.date = date
        self.kind = kind
        self.productID = productID
        self.quantity = quantity
        self.offerID = offerID
        self.failure = failure
        self.status = status
        self.resolvedDate = resolvedDate
        self.transactionID = transactionID
        self.restored = restored
        self.refundReason = refundReason
        self.storefront = storefront
    }

    /// Waiting on someone: a parent (Ask to Buy), the person (an interrupted purchase) or Apple (a
    /// refund request).
    public var isPending: Bool { status == .pending }

    /// A purchase that waits (Ask to Buy, interrupted), as against a refund request.
    public var isPurchaseRequest: Bool { kind == .askToBuy || kind == .interrupted }

    /// When an Ask to Buy request still waiting expires unanswered: 24 hours after it was last asked.
    /// Nil for any other event, and once the request is answered.
    public var askToBuyExpiration: Date? {
        kind == .askToBuy && isPending ? date.addingTimeInterval(AppStore.askToBuyLifetime) : nil
    }
}

extension AppStore {
    /// The events of the log, oldest first, as the model keeps them (ids count up).
    public var events: ChunkedArray<StoreEvent> { log.events }

    public func event(_ id: UInt64) -> StoreEvent? { log.positions[id].map { log.events[$0] } }

    /// Everything waiting on someone, oldest first: the inspector's Requests view. Kept as a list of ids,
    /// so it costs the requests, never the log.
    public var pendingRequests: [StoreEvent] { log.pending.map { log.events[log.positions[$0]!] } }

    /// The pending purchase request for a product, if one waits (an item shows "Waiting for approval").
    /// A refund request is not one: it never stands in the way of buying.
    /// Asked for every store row on every frame: a plain loop, as a lazy map's closure would capture
    /// (copy) the whole store on each call (issue 33).
    public func pendingRequest(for productID: String) -> StoreEvent? {
        for id in log.pending {
            let event = log.events[log.positions[id]!]
            if event.productID == productID && event.isPurchaseRequest { return event }
        }
        return nil
    }

    /// The refund request waiting for a decision about a transaction, if any.
    public func pendingRefundRequest(for transactionID: UInt64) -> StoreEvent? {
        for id in log.pending {
            let event = log.events[log.positions[id]!]
            if event.kind == .refundRequest && event.transactionID == transactionID { return event }
        }
        return nil
    }
}

/// The event log and its indexes: position by id, and the ids of pending requests in order.
struct EventLog: Sendable {
    var events = ChunkedArray<StoreEvent>()
    var positions: TreeDictionary<UInt64, Int> = [:]
    var pending: [UInt64] = []
    /// The review requests, oldest first: what the review policy reads, never the whole log.
    var reviews: [UInt64] = []

    mutating func append(_ event: StoreEvent) {
        positions[event.id] = events.count
        events.append(event)
        if event.isPending { pending.append(event.id) }
        if event.kind == .reviewRequest { reviews.append(event.id) }
    }

    /// Changes an event in place (not its id) and returns it as changed.
    @discardableResult
    mutating func update(_ id: UInt64, _ change: (inout StoreEvent) -> Void) -> StoreEvent {
        let position = positions[id]!
        change(&events[position])
        precondition(events[position].id == id, "an update may not change an event's id")
        if !events[position].isPending { pending.removeAll { $0 == id } }
        return events[position]
    }
}
