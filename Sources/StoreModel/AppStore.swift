import Foundation
import TextSafety
import HashTreeCollections

/// The App Store as one person's account sees it: a catalog, a ledger of transactions, the renewal
/// state of each subscription group, the payment gate and the simulated present. A value type with no
/// I/O: every rule is a function of this state, so tests run in microseconds with a fixed clock.
public struct AppStore: Sendable {
    public let catalog: Catalog
    public var territory: Territory
    public var gate: PaymentGate
    /// The Apple Account shown on the confirmation sheet.
    public var account: String
    /// Which of the account's devices this app runs on (`--device`): several storefronts of one account
    /// share a `--state` ledger, one per device name (Devices.swift); promotion overrides are per
    /// device too (PromotedPurchases.swift).
    public var deviceName = "This iPhone"
    /// StoreKit's `AppStore.deviceVerificationID`: one UUID per device of the account, kept in the ledger
    /// by device name (a fresh one per run without a ledger).
    public var deviceVerificationID = UUID()
    public var scenario: Scenario
    /// The simulated present. Moves only forward, through `advance(to:)`, which also renews.
    public private(set) var now: Date
    public private(set) var transactions = ChunkedArray<Transaction>()
    /// Renewal preferences and billing state by subscription group id.
    public private(set) var renewals: [String: RenewalInfo] = [:]
    /// The App Store Server Notifications made so far, oldest first (ServerNotifications.swift).
    public internal(set) var notifications = ChunkedArray<ServerNotification>()
    var nextNotificationID: UInt64 = 1
    /// Positions in `notifications` of the ones still to deliver.
    var pendingNotifications: [Int] = []
    /// What changed since notifications were last collected.
    var notificationBaseline = NotificationBaseline()
    /// A server listens (`--notify URL`): new notifications are pending delivery, not only kept.
    public var notifyingServer = false
    /// Ids count from 1, as in StoreKit Testing, so QA can read and type them.
    public private(set) var nextTransactionID: UInt64 = 1
    /// What happened that is not a transaction (failed and cancelled purchases, requests, restores).
    private(set) var log = EventLog()
    /// Events count from 1 too, apart from transactions, so transaction ids stay consecutive.
    public private(set) var nextEventID: UInt64 = 1
    /// Where each transaction is, by id, product and subscription group. Kept right by `append`,
    /// `update`, `remove` and `removeAll` (MARK: the ledger's indexes), the only writers of `transactions`.
    private(set) var index = LedgerIndex()
    /// What changed since the ledger last saved this account; `markSaved` starts it afresh.
    public internal(set) var unsavedChanges = UnsavedChanges()
    /// Counts the work ledger queries do, for the tests that guard their cost; nil (no counting) otherwise.
    var meter: WorkMeter?
    /// Which free items were opened in which month (the metered paywall's count; see FreeContent.swift).
    public private(set) var freeReads = FreeReads()
    /// Whether onboarding was shown to this account (once per ledger, on its first launch).
    public private(set) var onboardingShown = false
    /// Whether the App Store's disclosure of a 12-month commitment was accepted on this account: it shows
    /// "once per Apple Account", before the first commitment (BillingPlans.swift).
    public internal(set) var commitmentDisclosureShown = false
    /// Units of each consumable the app's own record says were used (`useConsumable`).
    public internal(set) var consumableUse: [String: Int] = [:]
    /// The app's own record of purchases it did not deliver (QA marks them), by transaction id, and how
    /// each was made good (PurchaseHelp.swift).
    public internal(set) var deliveries: [UInt64: DeliveryIssue] = [:]
    /// Feedback the person sent from Purchase Help, oldest first.
    public internal(set) var feedback: [Feedback] = []
    /// What the person has typed into Submit Feedback and not sent: kept as typed.
    public internal(set) var feedbackDraft = ""
    /// The App Store's offer-code redemption counts (OfferCodes.swift).
    public internal(set) var offerCodeCounts = OfferCodeCounts()
    /// Codes redeemed in the App Store while the app was not running, handled at its next launch.
    public internal(set) var pendingRedemptions: [PendingRedemption] = []
    /// Promotion overrides (`SKProductStorePromotionController`) by device name.
    public internal(set) var promotions: [String: PromotionOverrides] = [:]

    /// Switches QA can flip to walk the unhappy paths.
    public struct Scenario: Sendable, Equatable {
        /// Purchases wait for a parent's approval (deferred) instead of completing.
        public var askToBuy = false
        /// The next purchase fails with this error, once.
        public var failNextPurchase: PurchaseError?
        /// Every purchase fails with this error until it is turned off (Xcode's failing transactions).
        public var failPurchases: PurchaseError?
        /// Purchases are interrupted: they fail until the person acts outside the app (accepts new terms,
        /// updates a payment method); `resolveInterruption` then completes them.
        public var interruptPurchases = false
        /// Renewals fail to charge: subscriptions enter billing retry (and the grace period, if any).
        public var billingFails = false
        /// Whether a renewal that fails to charge starts with a billing grace period.
        public var gracePeriod: GracePeriod = .asCatalog
        /// How fast the clock runs while the app is open (time travel works at any rate).
        public var timeRate: TimeRate = .realTime
        /// This account is a family member of an organizer who shares this product (a family-shareable
        /// auto-renewable subscription or non-consumable); nil when nothing is shared. Changed through
        /// `receiveFamilySharing` and `stopFamilySharing`, which deliver and revoke the shared transaction.
        public internal(set) var familySharing: String?
        /// Whether review requests follow App Store policy (`production`) or always show, as StoreKit
        /// does for an app in development (ReviewRequests.swift).
        public var reviewMode: ReviewMode = .production
        /// The app's version, as the review policy compares it with the version last rated.
        public var appVersion = "1.0"
        /// Errors injected into StoreKit calls other than Purchase (which is `failPurchases`): Xcode's
        /// `_storeKitErrors` (StoreKitErrors.swift).
        public var storeKitErrors: [StoreKitErrorCategory: StoreKitErrorCase] = [:]
        public init() {}

        public enum GracePeriod: String, Sendable, CaseIterable {
            /// the app's Billing Grace Period from the catalog (App Store Connect's setting), or none
            case asCatalog = "catalog"
            /// StoreKit Testing's lengths: 6 days for a weekly subscription, 16 days for any other
            case on
            /// straight into billing retry, no access
            case off
        }
    }


    /// How long the App Store keeps trying to charge a renewal that failed, before the subscription
    /// expires: a fixed 60 days, which no app can change (App Store Connect has no such setting; see
    /// "Reducing involuntary subscriber churn",
    /// https://developer.apple.com/documentation/storekit/reducing-involuntary-subscriber-churn). StoreKit
    /// Testing's real-time table: "Billing retry period | 60 days"
    /// (https://developer.apple.com/documentation/storekittest/sktestsession/timerate-swift.enum/realtime).
    public static let billingRetryPeriod = SubscriptionPeriod(value: 60, unit: .day)

    /// When billing retry that started at `since` (the expiration that failed to renew) ends and the
    /// subscription expires, unless a charge succeeds first. The one place that decides it.
    public func billingRetryEnd(since: Date) -> Date {
        scenario.timeRate.billingRetryEnd(from: since)
    }

    /// When the billing retry of a renewal whose issue started at `since` ends: as planned (and
    /// re-timed), else (a ledger from before it was kept) worked out from `since` at the current rate.
    public func billingRetryEnd(of renewal: RenewalInfo, since: Date) -> Date {
        renewal.billingRetryEnds ?? billingRetryEnd(since: since)
    }

    /// Price increases QA made, by territory and product (see Lifecycle.swift).
    public internal(set) var priceIncreases: [PriceIncrease.Key: PriceIncrease] = [:]

    /// The family organizer who shares a purchase with this account (the family-sharing switch).
    public static let familyOrganizer = "Alex"

    /// What will happen at a subscription group's next renewal (StoreKit's RenewalInfo).
    public struct RenewalInfo: Sendable, Equatable {
        public var willAutoRenew: Bool
        /// The product the next renewal bills: differs from the current one after a downgrade.
        public var autoRenewProductID: String
        /// Set while a renewal could not be charged: the expiration that failed to renew.
        public var billingIssueSince: Date?
        /// Until when access continues during billing retry (StoreKit's gracePeriodExpirationDate); nil
        /// when the failure started without a grace period.
        public var gracePeriodExpiration: Date?
        /// When the App Store stops retrying a renewal that failed: set as the billing issue starts (the
        /// retry period from `billingIssueSince` at the time rate then) and re-timed when the rate
        /// changes. Nil without a billing issue, and in ledgers from before it was kept (then it is
        /// worked out from `billingIssueSince` at the current rate).
        public var billingRetryEnds: Date?
        /// Why the subscription expired, once it has (StoreKit's RenewalInfo.expirationReason).
        public var expirationReason: ExpirationReason?
        /// Where a price increase of the renewing product stands (StoreKit's priceIncreaseStatus); nil
        /// when none is pending (`noIncreasePending`).
        public var priceIncreaseStatus: PriceIncreaseStatus?
        /// The promotional offer the next renewal bills (StoreKit's RenewalInfo.offer: "a subscription
        /// offer that applies to the transaction at the next renewal period"): a retention offer a
        /// subscriber accepted. Nil when none is booked.
        public var offerID: String?
        /// What kind of offer `offerID` names: a promotional (retention) offer when nil, or an offer
        /// code redeemed by a subscriber (`code`).
        public var offerKind: SubscriptionOffer.Kind?
        /// The price this subscriber keeps after an increase made with `preserveCurrentPrice`: renewals
        /// of that product in that territory charge it. Nil when none is kept.
        public var preservedPrice: PreservedPrice?
        /// StoreKit's `RenewalInfo.renewalBillingPlanType`, kept while the subscription is in a 12-month
        /// commitment: the plan it renews into after the commitment's last payment (monthly: a new
        /// commitment; billed up front: the up-front plan). Nil outside a commitment. During a
        /// commitment `willAutoRenew` is the commitment's (`RenewalInfo.commitmentInfo.willAutoRenew`):
        /// whether anything follows the last payment. The commitment's own monthly payments are billed
        /// whatever it says (BillingPlans.swift).
        public var renewalBillingPlanType: BillingPlanType?

        public init(willAutoRenew: Bool, autoRenewProductID: String, billingIssueSince: Date? = nil,
                    gracePeriodExpiration: Date? = nil, expirationReason: ExpirationReason? = nil,
                    priceIncreaseStatus: PriceIncreaseStatus? = nil, offerID: String? = nil,
                    offerKind: SubscriptionOffer.Kind? = nil, billingRetryEnds: Date? = nil,
                    preservedPrice: PreservedPrice? = nil, renewalBillingPlanType: BillingPlanType? = nil) {
            self.renewalBillingPlanType = renewalBillingPlanType
            self.billingRetryEnds = billingRetryEnds
            self.preservedPrice = preservedPrice
            self.offerID = offerID
            self.offerKind = offerKind
            self.willAutoRenew = willAutoRenew
            self.autoRenewProductID = autoRenewProductID
            self.billingIssueSince = billingIssueSince
            self.gracePeriodExpiration = gracePeriodExpiration
            self.expirationReason = expirationReason
            self.priceIncreaseStatus = priceIncreaseStatus
        }
    }

    public init(catalog: Catalog, territory: Territory, now: Date, gate: PaymentGate = .allowed,
                account: String = "tester@icloud.com", scenario: Scenario = Scenario()) {
        self.catalog = catalog
        self.territory = territory
        self.now = now
        self.gate = gate
        self.account = account
        self.scenario = scenario
    }

    /// An account brought back from a saved ledger. Refuses a ledger that names products or groups this
    /// catalog lacks, since every rule needs the product behind a transaction.
    public init(catalog: Catalog, territory: Territory, now: Date, gate: PaymentGate, account: String = "tester@icloud.com",
                scenario: Scenario, transactions: [Transaction], renewals: [String: RenewalInfo],
                nextTransactionID: UInt64, events: [StoreEvent] = [], nextEventID: UInt64 = 1) throws(LedgerMismatch) {
        for transaction in transactions where catalog.product(transaction.productID) == nil {
            throw LedgerMismatch(detail: "transaction \(transaction.id) is for product \(UntrustedText.quoted(transaction.productID)), which the catalog does not have")
        }
        for event in events {
            if let productID = event.productID, catalog.product(productID) == nil {
                throw LedgerMismatch(detail: "event \(event.id) is for product \(UntrustedText.quoted(productID)), which the catalog does not have")
            }
        }
        for (groupID, renewal) in renewals {
            guard catalog.group(groupID) != nil else {
                throw LedgerMismatch(detail: "the renewal state names subscription group \(UntrustedText.quoted(groupID)), which the catalog does not have")
            }
            guard catalog.product(renewal.autoRenewProductID)?.subscription?.groupID == groupID else {
                throw LedgerMismatch(detail: "group \(UntrustedText.quoted(groupID)) renews into \(UntrustedText.quoted(renewal.autoRenewProductID)), which is not one of its products")
            }
        }
        self.init(catalog: catalog, territory: territory, now: now, gate: gate, account: account, scenario: scenario)
        for transaction in transactions.sorted(by: { $0.id < $1.id }) {
            append(transaction)
            // A ledger from before the family-sharing switch: a shared purchase still in force means the
            // organizer shares it (a saved switch, applied after this, says the same).
            if transaction.ownership == .familyShared {
                self.scenario.familySharing = transaction.state == .purchased ? transaction.productID : nil
            }
        }
        // Renewal state is the person's own subscription's; such a ledger also kept one for a group
        // only shared with them, which is derived now (`renewalInfo(ofGroup:ownership:)`).
        var renewals = renewals
        for groupID in renewals.keys where index.byGroup[groupID] == nil { renewals[groupID] = nil }
        self.renewals = renewals
        // Unsaved until a ledger says it holds them (`markSaved`).
        unsavedChanges.renewalGroups = Set(renewals.keys)
        self.nextTransactionID = max(nextTransactionID, (transactions.map(\.id).max() ?? 0) + 1)
        for event in events.sorted(by: { $0.id < $1.id }) { log.append(event) }
        self.nextEventID = max(nextEventID, (events.map(\.id).max() ?? 0) + 1)
        // Renewals written just before the last save may be dated after the saved clock.
        self.now = max(now, transactions.map(\.purchaseDate).max() ?? now)
        // What a ledger holds happened before: its notifications were made then (and are in the
        // ledger's outbox). Left noted as new, the first collection after a relaunch, or after taking
        // in another device's save, made every transaction's notification again.
        notificationBaseline = NotificationBaseline()
    }

    /// A saved ledger that does not fit the catalog it is opened with.
    public struct LedgerMismatch: Error, Sendable, Equatable {
        public var detail: String
    }

    // MARK: buying

    /// What a purchase would charge, checked before the confirmation sheet opens.
    public struct Quote: Sendable, Equatable {
        public var product: Product.ID
        public var quantity: Int
        /// Price per unit, or the offer's price for the first period when an offer applies.
        public var unitPrice: Decimal
        public var currency: String
        public var offer: SubscriptionOffer?
        /// For a change of plan within a subscription group, how it takes effect.
        public var planChange: PlanChange?
        /// The offer-code offer redeemed (its reference name), for a redemption rather than a purchase.
        public var codeOfferID: String?
        /// The app's own id for the person, passed with the purchase (StoreKit's
        /// `Product.PurchaseOption.appAccountToken`); the transaction carries it, and so do its renewals.
        public var appAccountToken: UUID?
        /// The billing plan bought (StoreKit's `PurchaseOption.billingPlanType`): monthly is the first
        /// payment of a 12-month commitment, `unitPrice` its monthly amount.
        public var billingPlan: BillingPlanType = .billedUpFront
        public var total: Decimal { unitPrice * Decimal(quantity) }
    }

    public enum PlanChange: Sendable, Equatable {
        /// a higher service level: starts now, the current transaction is marked upgraded
        case upgrade
        /// a lower level: starts at the next renewal
        case downgrade(effective: Date)
        /// the same level and duration: starts now; the same level with another duration: at renewal
        case crossgrade(effective: Date)

        /// When the new plan starts; nil for an upgrade, which starts at once.
        public var effectiveDate: Date? {
            switch self {
            case .upgrade: nil
            case .downgrade(let date), .crossgrade(let date): date
            }
        }
    }

    public enum PurchaseOutcome: Sendable, Equatable {
        case purchased(Transaction)
        /// waiting for a parent's approval (Ask to Buy): a request, not a transaction
        case deferred(StoreEvent)
        /// a downgrade or crossgrade booked for the next renewal
        case scheduled(productID: String, effective: Date)
        /// needs the person to act outside the app; `resolveInterruption` completes it
        case interrupted(StoreEvent)
        case failed(PurchaseError)
    }

    /// Checks that a purchase can start and prices it. The same checks run again on `purchase`.
    /// `promotionalOffer` is the id of the offer the app applies, as StoreKit's purchase options
    /// `promotionalOffer` and `winBackOffer` name one: a promotional or a win-back offer of the product
    /// (an id names one offer in a subscription group, as App Store Connect requires).
    public func quote(_ productID: String, quantity: Int = 1, promotionalOffer offerID: String? = nil,
                      billingPlan: BillingPlanType = .billedUpFront) throws(PurchaseError) -> Quote {
        guard gate.canMakePayments else { throw .paymentNotAllowed }
        guard let product = catalog.product(productID) else { throw .productNotFound }
        guard let unitPrice = price(of: product) else { throw .notAvailableInStorefront }
        switch product.type {
        case .consumable:
            guard (1...product.maxQuantity).contains(quantity) else { throw .invalidQuantity }
        case .nonConsumable:
            guard quantity == 1 else { throw .invalidQuantity }
            if owns(productID) { throw .alreadyOwned }
        case .nonRenewing:
            guard quantity == 1 else { throw .invalidQuantity }
        case .autoRenewable:
            guard quantity == 1 else { throw .invalidQuantity }
            if billingPlan == .monthly { return try commitmentQuote(product, promotionalOffer: offerID) }
            return try subscriptionQuote(product, standardPrice: unitPrice, promotionalOffer: offerID)
        }
        return Quote(product: productID, quantity: quantity, unitPrice: unitPrice, currency: territory.currency)
    }

    private func subscriptionQuote(_ product: Product, standardPrice: Decimal, promotionalOffer offerID: String?)
        throws(PurchaseError) -> Quote {
        let info = product.subscription!
        var quote = Quote(product: product.id, quantity: 1, unitPrice: standardPrice, currency: territory.currency)
        // A change of plan is of the person's own subscription. A family member whose only subscription
        // is the shared one may buy their own in the same group, as the App Store allows: a new
        // subscription beside the shared one, which keeps its own status (`statuses(ofGroup:)`).
        if let status = status(ofGroup: info.groupID, ownership: .purchased),
           status.state.hasAccess || status.state == .inBillingRetryPeriod {
            guard status.transaction.productID != product.id else { throw .alreadySubscribed }
            quote.planChange = planChange(from: catalog.product(status.transaction.productID)!, to: product,
                                          renewal: status.transaction.expirationDate ?? now)
            return quote
        }
        if let offerID, let winBack = info.winBackOffers.first(where: { $0.id == offerID }) {
            // A win-back offer, only for a churned subscriber its eligibility rules admit (StoreKit:
            // ineligibleForOffer otherwise).
            guard let price = winBack.offer.price(in: territory) else { throw .notAvailableInStorefront }
            guard isEligible(for: winBack, inGroup: info.groupID) else { throw .ineligibleForOffer }
            quote.offer = winBack.offer
            quote.unitPrice = price
        } else if let offerID {
            guard let offer = info.promotionalOffers.first(where: { $0.id == offerID }),
                  let price = offer.price(in: territory) else { throw .notAvailableInStorefront }
            // Promotional offers are for current or lapsed subscribers of the group, never for someone
            // who never subscribed (App Store Connect, "Set up promotional offers for auto-renewable
            // subscriptions"); StoreKit refuses the purchase with ineligibleForOffer.
            guard hasSubscribed(toGroup: info.groupID) else { throw .ineligibleForOffer }
            quote.offer = offer
            quote.unitPrice = price
        } else if let intro = info.introductoryOffer, isEligibleForIntroOffer(group: info.groupID),
                  let price = intro.price(in: territory) {
            quote.offer = intro
            quote.unitPrice = price
        }
        return quote
    }

    func planChange(from current: Product, to new: Product, renewal: Date) -> PlanChange {
        let (a, b) = (current.subscription!, new.subscription!)
        if b.level < a.level { return .upgrade }
        if b.level > a.level { return .downgrade(effective: renewal) }
        return .crossgrade(effective: a.period == b.period ? now : renewal)
    }

    /// Completes a purchase the person confirmed on the sheet. Only a purchase that goes through is a
    /// transaction; a failure, an Ask to Buy request and an interruption are events in the log.
    @discardableResult
    public mutating func purchase(_ productID: String, quantity: Int = 1, promotionalOffer offerID: String? = nil,
                                  appAccountToken: UUID? = nil, billingPlan: BillingPlanType = .billedUpFront) -> PurchaseOutcome {
        var quote: Quote
        do {
            quote = try self.quote(productID, quantity: quantity, promotionalOffer: offerID, billingPlan: billingPlan)
            quote.appAccountToken = appAccountToken
        } catch {
            record(.failed, productID, quantity: quantity, failure: error)
            return .failed(error)
        }
        if let error = scenario.failNextPurchase ?? scenario.failPurchases {
            scenario.failNextPurchase = nil
            record(error == .userCancelled ? .cancelled : .failed, productID, quantity: quantity, failure: error)
            return .failed(error)
        }
        let offer = quote.offer?.purchaseOptionID
        if scenario.interruptPurchases {
            return .interrupted(record(.interrupted, productID, quantity: quantity, offerID: offer, status: .pending,
                                       appAccountToken: appAccountToken))
        }
        if scenario.askToBuy {
            // Asking again while a request waits does not ask the parent twice: the requests are
            // consolidated, and the waiting one's 24 hours start again (`askToBuyLifetime`).
            if let waiting = pendingRequest(for: productID), waiting.kind == .askToBuy {
                // (The token of the latest call is the one the purchase carries when approved.)
                let now = now
                changeEvent(waiting.id) { $0.date = now; $0.appAccountToken = appAccountToken }
                return .deferred(event(waiting.id)!)
            }
            return .deferred(record(.askToBuy, productID, quantity: quantity, offerID: offer, status: .pending,
                                    appAccountToken: appAccountToken))
        }
        return complete(quote)
    }

    /// The person did what an interrupted purchase asked (accepted new terms, say): the purchase goes
    /// through as a transaction, as StoreKit delivers it through `Transaction.updates`. Nil if the event
    /// is not an interrupted purchase still waiting.
    @discardableResult
    public mutating func resolveInterruption(_ eventID: UInt64) -> PurchaseOutcome? {
        guard let request = event(eventID), request.kind == .interrupted, request.isPending else { return nil }
        return settle(request, as: .resolved)
    }

    /// How long an Ask to Buy request waits for a parent's answer before it expires, on the simulated
    /// clock: 24 hours. No developer page states it; Apple's reply on the developer forums names "the
    /// 24-hour period" and says "Any duplicate Ask to Buy requests are consolidated and only resets the
    /// 24-hour timer" (developer.apple.com/forums/thread/706277, "Pending purchases in StoreKit 2").
    public static let askToBuyLifetime: TimeInterval = 24 * 60 * 60

    /// Ask to Buy requests left unanswered for 24 hours by `instant` expire, at the end of their 24
    /// hours: no transaction, the request marked expired in the log, and the `.pending` purchase never
    /// completes (a parent can no longer approve it). Costs the requests waiting, never the log.
    mutating func expireAskToBuyRequests(until instant: Date) {
        for request in pendingRequests {
            guard let expiration = request.askToBuyExpiration, expiration <= instant else { continue }
            changeEvent(request.id) {
                $0.status = .expired
                $0.resolvedDate = expiration
            }
        }
    }

    /// A parent approved an Ask to Buy request: the purchase goes through now, if it still can.
    @discardableResult
    public mutating func approve(_ eventID: UInt64) -> PurchaseOutcome? {
        guard let request = event(eventID), request.kind == .askToBuy, request.isPending else { return nil }
        return settle(request, as: .approved)
    }

    /// A parent declined an Ask to Buy request: nothing a customer would see is recorded; the request
    /// is marked declined for QA.
    public mutating func decline(_ eventID: UInt64) {
        guard let request = event(eventID), request.kind == .askToBuy, request.isPending else { return }
        answer(eventID, .declined)
    }

    /// Marks a request answered now, with its outcome.
    mutating func answer(_ eventID: UInt64, _ status: StoreEvent.Status) {
        let now = now
        changeEvent(eventID) {
            $0.status = status
            $0.resolvedDate = now
        }
    }

    /// Buys what a request asked for, without Ask to Buy, injected failures or interruptions, and
    /// marks the request with its outcome.
    private mutating func settle(_ request: StoreEvent, as status: StoreEvent.Status) -> PurchaseOutcome {
        let saved = scenario
        scenario.askToBuy = false
        scenario.failNextPurchase = nil
        scenario.failPurchases = nil
        scenario.interruptPurchases = false
        let outcome: PurchaseOutcome
        do {
            var quote = try self.quote(request.productID!, quantity: request.quantity, promotionalOffer: request.offerID)
            // The purchase that waited goes through with the appAccountToken the app passed then.
            quote.appAccountToken = request.appAccountToken
            outcome = complete(quote)
        } catch {
            outcome = .failed(error)
        }
        scenario = saved
        let now = now
        changeEvent(request.id) {
            $0.status = status
            $0.resolvedDate = now
            if case .purchased(let transaction) = outcome { $0.transactionID = transaction.id }
            if case .failed(let error) = outcome { $0.failure = error }
        }
        return outcome
    }

    /// The person closed the confirmation sheet: StoreKit 2 returns `.userCancelled` and records no
    /// transaction; the log keeps the cancel for QA.
    public mutating func cancelPurchase(_ productID: String, quantity: Int = 1) {
        record(.cancelled, productID, quantity: quantity, failure: .userCancelled)
    }

    mutating func complete(_ quote: Quote) -> PurchaseOutcome {
        let product = catalog.product(quote.product)!
        if let effective = quote.planChange?.effectiveDate, effective > now {
            changeRenewal(of: product.subscription!.groupID) {
                $0?.autoRenewProductID = product.id
                $0?.willAutoRenew = true
            }
            return .scheduled(productID: product.id, effective: effective)
        }
        var transaction = makeTransaction(quote)
        switch product.type {
        case .consumable, .nonConsumable:
            break
        case .nonRenewing:
            // No StoreKit expiration: the app computes the pass's end (a repurchase extends it).
            transaction.appPassEnd = appPassEnd(buying: product)
        case .autoRenewable:
            let groupID = product.subscription!.groupID
            if let current = status(ofGroup: groupID, ownership: .purchased)?.transaction, quote.planChange != nil {
                let refund = upgradeRefundEstimate(of: current)
                let now = now
                update(current.id) {
                    $0.isUpgraded = true
                    $0.upgradeRefund = refund
                    $0.upgradeRefundDate = now
                }
            }
            if let first = firstTransaction(inGroup: groupID) {
                transaction.originalID = first.id
                transaction.originalPurchaseDate = first.purchaseDate
            }
            transaction.expirationDate = scenario.timeRate.end(of: quote.offer?.period ?? product.subscription!.period, from: now)
            if quote.billingPlan == .monthly {
                // The plan's introductory offer runs first; without one this is payment 1.
                if quote.offer != nil { transaction.isMonthlyPlanOffer = true } else { startCommitment(&transaction, from: now) }
                // Subscribed to a commitment: the App Store's disclosure came before it.
                commitmentDisclosureShown = true
            }
            changeRenewal(of: groupID) {
                $0 = RenewalInfo(willAutoRenew: true, autoRenewProductID: product.id,
                                 renewalBillingPlanType: quote.billingPlan == .monthly ? .monthly : nil)
            }
        }
        append(transaction)
        return .purchased(transaction)
    }

    private mutating func makeTransaction(_ quote: Quote) -> Transaction {
        let product = catalog.product(quote.product)!
        defer { nextTransactionID += 1 }
        return Transaction(
            id: nextTransactionID, originalID: nextTransactionID, productID: product.id, productType: product.type,
            purchaseDate: now, originalPurchaseDate: now, expirationDate: nil, quantity: quote.quantity,
            ownership: .purchased, offerKind: quote.codeOfferID != nil ? .code : quote.offer?.kind,
            offerID: quote.codeOfferID ?? Self.transactionOfferID(quote.offer), revocationDate: nil,
            revocationReason: nil, isUpgraded: false, storefront: territory.code, state: .purchased,
            price: quote.unitPrice, currency: quote.currency, appAccountToken: quote.appAccountToken)
    }

    /// Records an event in the log. A product id the catalog lacks records nothing: StoreKit can only
    /// try to buy a product it loaded.
    @discardableResult
    mutating func record(_ kind: StoreEvent.Kind, _ productID: String?, quantity: Int = 1, offerID: String? = nil,
                         failure: PurchaseError? = nil, status: StoreEvent.Status = .done,
                         restored: Int? = nil, transactionID: UInt64? = nil, refundReason: RefundReason? = nil,
                         reviewOutcome: ReviewOutcome? = nil, appVersion: String? = nil,
                         storefront: String? = nil, appAccountToken: UUID? = nil,
                         intentDecision: PurchaseIntentDecision? = nil) -> StoreEvent {
        let event = StoreEvent(id: nextEventID, date: now, kind: kind, productID: productID, quantity: quantity,
                               offerID: offerID, failure: failure, status: status, transactionID: transactionID,
                               restored: restored, refundReason: refundReason, reviewOutcome: reviewOutcome,
                               appVersion: appVersion, storefront: storefront, appAccountToken: appAccountToken,
                               intentDecision: intentDecision)
        guard productID.map({ catalog.product($0) != nil }) ?? true else { return event }
        nextEventID += 1
        log.append(event)
        unsavedChanges.eventIDs.insert(event.id)
        notificationBaseline.note(event: nil, id: event.id)
        return event
    }

    /// The only writer of logged events (with `record`): records the event as changed.
    mutating func changeEvent(_ id: UInt64, _ change: (inout StoreEvent) -> Void) {
        if let position = log.positions[id] { notificationBaseline.note(event: log.events[position], id: id) }
        log.update(id, change)
        unsavedChanges.eventIDs.insert(id)
    }

    // MARK: family sharing, refunds, restore, renewal preferences

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
        }
    }

    /// The family-shared transaction of a product still in force (not revoked): the latest of a shared
    /// subscription's chain, or a shared non-consumable.
    private func sharedTransaction(of productID: String) -> Transaction? {
        let shared: Transaction?
        if let groupID = groupID(ofProduct: productID) {
            shared = last(of: index.sharedByGroup[groupID]) { !$0.isUpgraded }
        } else {
            shared = last(of: index.byProduct[productID]) { $0.ownership == .familyShared }
        }
        guard let shared, shared.productID == productID, shared.state == .purchased else { return nil }
        return shared
    }

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
        let left = consumableRemaining(purchase.productID)
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
        let refunded = update(transactionID) {
            $0.state = .revoked
            $0.revocationDate = now
            $0.revocationReason = reason
        }
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
        if let request = pendingRefundRequest(for: transactionID) { answer(request.id, .approved) }
        // The person's own subscription stops renewing when the period in force is refunded; a
        // family-shared one is the organizer's.
        if effect == .endsSubscription, refunded.ownership == .purchased, let groupID = self.groupID(ofProduct: refunded.productID) {
            changeRenewal(of: groupID) { $0?.willAutoRenew = false }
        }
        return effect
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
        }
        if let groupID = groupID(ofProduct: reinstated.productID), let end = reinstated.expirationDate, end > now,
           status(ofGroup: groupID, ownership: .purchased)?.transaction.id == transactionID,
           let renewal = renewals[groupID], !renewal.willAutoRenew, renewal.expirationReason == nil {
            changeRenewal(of: groupID) { $0?.willAutoRenew = true }
        }
        return true
    }

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

    /// Turns auto-renew off (cancel) or back on for a group. Access continues until the expiration date;
    /// once the subscription has expired, only buying again renews it.
    ///
    /// Cancelling while a renewal could not be charged (a grace period or billing retry) ends the retry:
    /// with auto-renew off the App Store has nothing left to renew, so the subscription expires now, its
    /// grace period gone with it. The reason stays the billing error it expired with (StoreKit's
    /// `isInBillingRetry` table gives `expirationReason` `billingError` throughout billing retry and
    /// grace, developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/
    /// isinbillingretry), and the App Store sends EXPIRED with subtype BILLING_RETRY: an Apple engineer,
    /// on a subscription cancelled in its grace period, "after deactivating auto renewal they went
    /// straight to the EXPIRED state" (developer.apple.com/forums/thread/739756).
    public mutating func setAutoRenew(_ on: Bool, group groupID: String) {
        if !on, let renewal = renewals[groupID], renewal.expirationReason == nil, renewal.billingIssueSince != nil {
            expire(groupID, .billingError)
            return
        }
        changeRenewal(of: groupID) {
            guard $0?.expirationReason == nil else { return }
            $0?.willAutoRenew = on
        }
    }

    // MARK: QA: editing the ledger

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

    // MARK: the free area

    /// Counts a free item as opened now, once per calendar month (opening it again that month does not
    /// count). Whether it may be opened is the caller's question for `pitch(forGroup:)`.
    public mutating func recordFreeRead(_ itemID: String) {
        let read = FreeReads.Read(month: currentMonth, itemID: itemID, date: now)
        if freeReads.insert(read) { unsavedChanges.freeReads.insert(read.key) }
    }

    /// A read brought back from a saved ledger, as it was first recorded.
    public mutating func restoreFreeRead(_ read: FreeReads.Read) { freeReads.insert(read) }

    /// Onboarding was shown: a ledger does not show it again.
    public mutating func markOnboardingShown() { onboardingShown = true }

    // MARK: time

    /// Moves the simulated present forward, renewing every subscription whose period ends on the way.
    /// Renewals happen whatever the payment gate says, as on a real device.
    public mutating func advance(to instant: Date) {
        guard instant >= now else { return }
        // Only a group with a renewal state can renew. In catalog order, so renewals get the ids they
        // always had.
        for position in renewals.keys.compactMap({ catalog.position(ofGroup: $0) }).sorted() {
            renew(catalog.subscriptionGroups[position], until: instant)
        }
        if let shared = scenario.familySharing, let groupID = groupID(ofProduct: shared) {
            renewFamilyShared(inGroup: groupID, until: instant)
        }
        expireAskToBuyRequests(until: instant)
        now = instant
    }

    public mutating func advance(by period: SubscriptionPeriod) { advance(to: period.added(to: now)) }

    /// QA changes the time rate (the scenario panel, a script's `set`, a launch flag): what is running is
    /// re-timed. The period each active subscription is in (the person's own, and one a family organizer
    /// shares) keeps the part of it that is left, now measured at the new rate from now, so its next
    /// renewal comes when the new rate says, and what is planned from it (an introductory price's end,
    /// a booked offer) follows. Apple documents nothing about changing `SKTestSession.timeRate` mid-period;
    /// keeping the part left is what lets QA speed up (or slow down) a subscription where it stands.
    /// The same rate again changes nothing. A saved ledger's dates were planned at its saved rate, so
    /// the ledger sets that rate directly (`scenario.timeRate`), without re-timing.
    public mutating func changeTimeRate(to rate: TimeRate) {
        guard rate != scenario.timeRate else { return }
        scenario.timeRate = rate
        for groupID in groupsWithSubscriptions.sorted() {
            for ownership in [Transaction.Ownership.purchased, .familyShared] { retimeCurrentPeriod(ofGroup: groupID, ownership) }
            retimeBillingIssue(ofGroup: groupID)
        }
    }

    /// Re-plans a running billing grace period and billing retry at the time rate, as
    /// `retimeCurrentPeriod` does a period: the share of each that is left is kept. (Without this, a
    /// faster rate would end a retry that began days ago at once, and a grace period would last days.)
    private mutating func retimeBillingIssue(ofGroup groupID: String) {
        let now = now
        guard let renewal = renewals[groupID], renewal.expirationReason == nil, let since = renewal.billingIssueSince,
              since < now, let latest = latestTransaction(inGroup: groupID) else { return }
        func retimed(_ end: Date, length: TimeInterval) -> Date {
            now.addingTimeInterval(end.timeIntervalSince(now) / end.timeIntervalSince(since) * length)
        }
        var changed = renewal
        if let end = renewal.gracePeriodExpiration, end > now,
           let length = gracePeriodEnd(renewing: latest, into: renewal.autoRenewProductID, failedAt: now)?.timeIntervalSince(now) {
            changed.gracePeriodExpiration = retimed(end, length: length)
        }
        let retryEnd = billingRetryEnd(of: renewal, since: since)
        if retryEnd > now {
            changed.billingRetryEnds = retimed(retryEnd, length: billingRetryEnd(since: now).timeIntervalSince(now))
        }
        if changed != renewal { changeRenewal(of: groupID) { [changed] in $0 = changed } }
    }

    /// Re-plans the end of the period a subscription is in at the time rate: see `changeTimeRate(to:)`.
    private mutating func retimeCurrentPeriod(ofGroup groupID: String, _ ownership: Transaction.Ownership) {
        guard let status = status(ofGroup: groupID, ownership: ownership), status.state == .subscribed,
              let end = status.transaction.expirationDate, end > now, status.transaction.purchaseDate < end,
              let product = catalog.product(status.transaction.productID), let info = product.subscription else { return }
        let latest = status.transaction
        // The period the transaction was bought for: its offer's (one pay-as-you-go period, or the whole
        // offer), else the plan's.
        let bought = offer(of: latest, product: product)
        let period = bought.map { $0.paymentMode == .payAsYouGo ? $0.period : $0.totalDuration } ?? info.period
        let left = end.timeIntervalSince(now) / end.timeIntervalSince(latest.purchaseDate)
        let length = scenario.timeRate.end(of: period, from: now).timeIntervalSince(now)
        let retimed = now.addingTimeInterval(left * length)
        update(latest.id) { $0.expirationDate = retimed }
    }

    mutating func renew(_ group: SubscriptionGroup, until instant: Date) {
        // Ends: every pass returns, or appends a renewal that ends later than the last one, or marks a
        // billing issue (after which the next pass returns or appends). Each pass costs O(1) lookups.
        meter?.groupsVisited += 1
        while let latest = latestTransaction(inGroup: group.id), latest.revocationDate == nil,
              var renewal = renewals[group.id], let expiration = latest.expirationDate {
            meter?.renewalPasses += 1
            // An expired subscription renews no more; buying again starts a new renewal state.
            if renewal.expirationReason != nil { return }
            if let since = renewal.billingIssueSince {
                // Billing retry: the App Store keeps trying until the retry period ends, then the
                // subscription expires with the billing error (notification EXPIRED, BILLING_RETRY).
                let retryEnd = billingRetryEnd(of: renewal, since: since)
                let recovered = max(now, since)
                if scenario.billingFails || !renewal.willAutoRenew || recovered >= retryEnd {
                    // A grace period that ran out on the way with the billing issue still open, whether
                    // it began before this stretch of time or in it (GRACE_PERIOD_EXPIRED).
                    if let graceEnd = renewal.gracePeriodExpiration, graceEnd <= instant, graceEnd > now {
                        notificationBaseline.graceEnded.append((group.id, graceEnd))
                    }
                    // (Auto-renew off here is a ledger from before cancelling ended the retry: the same
                    // billing error, as `setAutoRenew` records it.)
                    if retryEnd <= instant { expire(group.id, .billingError) }
                    return
                }
                guard recovered <= instant else { return }
                // The recovery charges this storefront's price: where the plan has none, nothing is
                // charged and it expires as no longer for sale.
                guard let renewing = catalog.product(renewal.autoRenewProductID), price(of: renewing) != nil else {
                    expire(group.id, .productUnavailable)
                    return
                }
                // Recovered in the grace period: the renewal date stays. Later: it moves to the recovery.
                let inGrace = renewal.gracePeriodExpiration.map { recovered < $0 } ?? false
                renewal.billingIssueSince = nil
                renewal.gracePeriodExpiration = nil
                renewal.billingRetryEnds = nil
                changeRenewal(of: group.id) { [renewal] in $0 = renewal }
                appendRenewal(of: latest, at: recovered, periodStart: inGrace ? since : recovered)
                continue
            }
            guard expiration <= instant else { return }
            // Why a subscription does not renew at its expiration date, in StoreKit's words. A
            // commitment's payments are billed to its end whatever auto-renew says (BillingPlans.swift).
            if !renewal.willAutoRenew, latest.commitment?.hasPaymentsLeft != true { expire(group.id, .autoRenewDisabled); return }
            guard let renewing = catalog.product(renewal.autoRenewProductID),
                  let terms = renewalTerms(of: latest, into: renewing, renewal: renewal) else {
                expire(group.id, .productUnavailable)
                return
            }
            // Consent is asked for the price that will be charged (`isPriceConsentDue`): a renewal still
            // on an offer's price (an introductory price running its periods) needs none.
            if renewal.priceIncreaseStatus == .pending, chargesRaisedPrice(terms, of: renewing.id) {
                expire(group.id, .didNotConsentToPriceIncrease)
                return
            }
            if scenario.billingFails {
                renewal.billingIssueSince = expiration
                renewal.gracePeriodExpiration = gracePeriodEnd(renewing: latest, into: renewal.autoRenewProductID,
                                                               failedAt: expiration)
                renewal.billingRetryEnds = billingRetryEnd(since: expiration)
                changeRenewal(of: group.id) { [renewal] in $0 = renewal }
                continue
            }
            appendRenewal(of: latest, at: expiration, periodStart: expiration)
        }
    }

    /// When the grace period of a renewal that failed at `expiration` ends, after the scenario's setting:
    /// the app's Billing Grace Period from the catalog (none for a free period turning paid when it covers
    /// paid-to-paid renewals only; at most 6 days for a weekly subscription), StoreKit Testing's lengths,
    /// or none. Nil when the failure starts without one.
    private func gracePeriodEnd(renewing latest: Transaction, into productID: String, failedAt expiration: Date) -> Date? {
        guard let period = catalog.product(productID)?.subscription?.period else { return nil }
        switch scenario.gracePeriod {
        case .off:
            return nil
        case .on:
            return scenario.timeRate.gracePeriodEnd(for: period, from: expiration)
        case .asCatalog:
            guard let grace = catalog.app.billingGracePeriod else { return nil }
            let wasFree = latest.offerKind != nil && latest.price == 0
            if grace.renewals == .paidToPaidOnly, wasFree { return nil }
            // Under an accelerated rate, StoreKit Testing's table gives the length.
            guard scenario.timeRate == .realTime else { return scenario.timeRate.gracePeriodEnd(for: period, from: expiration) }
            return grace.length(for: period).added(to: expiration)
        }
    }

    /// When the next renewal attempt after `now` is due, across all groups: the expiration of an
    /// auto-renewing subscription, or the end of a grace period or billing retry. Nil if nothing will
    /// renew or change on its own.
    public var nextRenewalDate: Date? {
        [ownNextRenewalDate, nextFamilySharedRenewal].compactMap { $0 }.min()
    }

    /// A family-shared subscription renews with the organizer's: each period the organizer pays, this
    /// account gets a new `familyShared` transaction, whatever its own billing (a failing payment method
    /// or billing retry here is not the organizer's). It stops when the organizer stops sharing, which
    /// revokes the latest transaction. Each pass appends one renewal, found through the group's shared ids.
    private mutating func renewFamilyShared(inGroup groupID: String, until instant: Date) {
        meter?.groupsVisited += 1
        while let latest = last(of: index.sharedByGroup[groupID], where: { !$0.isUpgraded }),
              latest.state == .purchased, latest.productID == scenario.familySharing,
              let expiration = latest.expirationDate, expiration <= instant,
              let period = catalog.product(latest.productID)?.subscription?.period {
            meter?.renewalPasses += 1
            var renewal = latest
            renewal.id = nextTransactionID
            nextTransactionID += 1
            renewal.purchaseDate = expiration
            renewal.reason = .renewal
            renewal.expirationDate = scenario.timeRate.end(of: period, from: expiration)
            renewal.storefront = territory.code
            renewal.currency = territory.currency
            append(renewal)
        }
    }

    /// When the shared subscription renews next, while the organizer shares it.
    private var nextFamilySharedRenewal: Date? {
        guard let shared = scenario.familySharing, let groupID = groupID(ofProduct: shared),
              let status = status(ofGroup: groupID, ownership: .familyShared), status.state == .subscribed,
              status.renewal?.willAutoRenew == true else { return nil }
        return status.transaction.expirationDate
    }

    /// When the person's own next renewal attempt is due: see `nextRenewalDate`.
    private var ownNextRenewalDate: Date? {
        renewals.keys.compactMap { catalog.group($0) }.compactMap { group -> Date? in
            meter?.groupsVisited += 1
            guard let latest = latestTransaction(inGroup: group.id), latest.revocationDate == nil,
                  let renewal = renewals[group.id], let expiration = latest.expirationDate else { return nil }
            if let since = renewal.billingIssueSince {
                return [renewal.gracePeriodExpiration, billingRetryEnd(of: renewal, since: since)].compactMap { $0 }.filter { $0 > now }.min()
            }
            let billsNext = renewal.willAutoRenew || latest.commitment?.hasPaymentsLeft == true
            return billsNext && expiration > now ? expiration : nil
        }.min()
    }

    private mutating func appendRenewal(of latest: Transaction, at date: Date, periodStart: Date) {
        let groupID = self.groupID(ofProduct: latest.productID)!
        let product = catalog.product(renewals[groupID]!.autoRenewProductID)!
        // `renew` expires a subscription whose plan has no price here before it gets this far.
        let terms = renewalTerms(of: latest, into: product, renewal: renewals[groupID])!
        var transaction = latest
        transaction.id = nextTransactionID
        nextTransactionID += 1
        transaction.productID = product.id
        transaction.purchaseDate = date
        transaction.isUpgraded = false
        transaction.reason = .renewal
        // Charged in the storefront it renews in: its currency and its price.
        transaction.storefront = territory.code
        transaction.currency = territory.currency
        transaction.price = terms.price
        transaction.offerKind = terms.offerKind
        transaction.offerID = Self.transactionOfferID(terms.offer)
        transaction.expirationDate = scenario.timeRate.end(of: terms.period, from: periodStart)
        transaction.commitment = terms.commitment
        transaction.isMonthlyPlanOffer = terms.monthlyPlanOffer
        if terms.commitment?.billingPeriodNumber == 1 { startCommitment(&transaction, from: periodStart) }
        if let end = transaction.commitment?.expirationDate, !(transaction.commitment?.hasPaymentsLeft ?? true) {
            transaction.expirationDate = end // the last payment ends with the commitment
        }
        append(transaction)
        // A price increase applies from the renewal that charges the standard price on: nothing is
        // pending any more. One still on an offer's price leaves it ahead. A booked offer is now the
        // transaction's.
        changeRenewal(of: groupID) {
            if terms.offer == nil, $0?.priceIncreaseStatus != nil { $0?.priceIncreaseStatus = nil }
            if terms.booked, $0?.offerID != nil { $0?.offerID = nil }
            if terms.booked, $0?.offerKind != nil { $0?.offerKind = nil }
            // Out of a commitment (renewed billed up front after it), no commitment renewal info is kept.
            if terms.commitment == nil, $0?.renewalBillingPlanType != nil { $0?.renewalBillingPlanType = nil }
        }
    }

    /// What a renewal of `latest` into `product` charges in this storefront, in its currency: a
    /// pay-as-you-go offer still being paid (an introductory price) continues for its periods at its
    /// price here; else an offer booked for the renewal (a retention offer accepted, an offer code
    /// redeemed) starts: a booked offer never ends a running one early; else the standard price, raised
    /// prices included (`price(of:)`), or the price a subscriber kept through an increase made with
    /// preserveCurrentPrice. An offer with no price here does not apply. The one source for
    /// what a renewal (or a billing retry's recovery) charges and what the Account screen says it will.
    /// Nil where the product has no price in this storefront: it is not sold here.
    func renewalTerms(of latest: Transaction, into product: Product, renewal: RenewalInfo?) -> RenewalTerms? {
        // The monthly plan's introductory price, still being paid (where the plan still sells it): its
        // periods come before the commitment.
        if latest.isMonthlyPlanOffer, product.subscription?.monthlyPlan?.offeredIntroductoryOffer(in: territory) != nil,
           let terms = runningOfferTerms(of: latest, into: product) {
            return terms
        }
        if let payment = nextCommitmentPayment(after: latest, into: product, renewal: renewal) {
            // A commitment's payment: the plan's monthly amount here, or not sold here.
            guard let monthly = product.subscription?.monthlyPlan?.monthlyPrice(in: territory) else { return nil }
            return RenewalTerms(price: monthly, offer: nil, offerKind: nil, period: CommitmentPlan.paymentPeriod,
                                remainingOfferPeriods: 0, booked: false, commitment: payment)
        }
        guard let standard = price(of: product), let info = product.subscription else { return nil }
        if !latest.isMonthlyPlanOffer, let terms = runningOfferTerms(of: latest, into: product) { return terms }
        if let renewal, let offer = bookedOffer(renewal, on: product), let amount = offer.price(in: territory) {
            return RenewalTerms(price: amount, offer: offer, offerKind: offer.kind,
                                period: offer.paymentMode == .payAsYouGo ? offer.period : offer.totalDuration,
                                remainingOfferPeriods: offer.paymentMode == .payAsYouGo ? offer.periodCount : 1, booked: true)
        }
        // A price kept through an increase made with preserveCurrentPrice, for this product here.
        return RenewalTerms(price: keptPrice(renewal, of: product) ?? standard, offer: nil, offerKind: nil, period: info.period, remainingOfferPeriods: 0, booked: false)
    }

    /// A pay-as-you-go offer `latest` was bought with, still running in `product`: its next period at its
    /// price here, with the periods left. Nil once its periods are billed, for another product, or
    /// where the offer has no price here.
    private func runningOfferTerms(of latest: Transaction, into product: Product) -> RenewalTerms? {
        guard let kind = latest.offerKind, latest.productID == product.id, let groupID = product.subscription?.groupID,
              let offer = offer(of: latest, product: product), offer.paymentMode == .payAsYouGo,
              let amount = offer.price(in: territory) else { return nil }
        let billed = periodsBilled(of: latest, group: groupID, upTo: offer.periodCount)
        guard billed < offer.periodCount else { return nil }
        var terms = RenewalTerms(price: amount, offer: offer, offerKind: kind, period: offer.period,
                                 remainingOfferPeriods: offer.periodCount - billed, booked: false)
        terms.monthlyPlanOffer = latest.isMonthlyPlanOffer
        return terms
    }

    /// What a renewal charges: see `renewalTerms(of:into:renewal:)`.
    struct RenewalTerms {
        /// Per period, in this storefront's currency.
        var price: Decimal
        /// The offer it is billed under, if any.
        var offer: SubscriptionOffer?
        var offerKind: SubscriptionOffer.Kind?
        /// How long the period it pays for lasts.
        var period: SubscriptionPeriod
        /// The offer's periods left to bill, this renewal's included.
        var remainingOfferPeriods: Int
        /// Whether the offer is one booked for this renewal, starting with it.
        var booked: Bool
        /// A payment of a 12-month commitment: which one, and the commitment's end and total.
        var commitment: CommitmentInfo?
        /// A period of the monthly plan's introductory offer, before its commitment.
        var monthlyPlanOffer = false
    }

    /// The offer id a transaction carries: none for an introductory offer, whatever id the catalog gives
    /// it ("This value is nil if there isn't an offer, or if the offer type is introductory",
    /// https://developer.apple.com/documentation/storekit/transaction/offerid).
    static func transactionOfferID(_ offer: SubscriptionOffer?) -> String? {
        offer?.kind == .introductory ? nil : offer?.id
    }

    /// The offer a transaction was billed under, from the catalog: the monthly plan's introductory
    /// offer for a period of it, else the offer its kind and id name. Nil without an offer.
    func offer(of transaction: Transaction, product: Product) -> SubscriptionOffer? {
        if transaction.isMonthlyPlanOffer { return product.subscription?.monthlyPlan?.introductoryOffer }
        return transaction.offerKind.flatMap { offer(kind: $0, id: transaction.offerID, product: product) }
    }

    func offer(kind: SubscriptionOffer.Kind, id: String?, product: Product) -> SubscriptionOffer? {
        switch kind {
        case .introductory: product.subscription?.introductoryOffer
        case .promotional: product.subscription?.promotionalOffers.first { $0.id == id }
        case .code: id.flatMap { catalog.offerCode(id: $0)?.offer }
        case .winBack: product.subscription?.winBackOffers.first { $0.id == id }?.offer
        }
    }

    // MARK: win-back eligibility

    /// Whether the person may buy with a win-back offer of a group's subscription now: the offer runs
    /// (its start and end dates), their subscription churned (`churnDate`) between the offer's minimum
    /// and maximum months ago, they paid for at least its months of subscriptions in the group, and no
    /// win-back offer was redeemed in the group within its wait between offers. Months are calendar
    /// months of the simulated clock (UTC). Apple, "Supporting win-back offers in your app"
    /// (https://developer.apple.com/documentation/storekit/supporting-win-back-offers-in-your-app).
    public func isEligible(for winBack: WinBackOffer, inGroup groupID: String) -> Bool {
        guard winBack.isAvailable(at: now), let ended = churnDate(ofGroup: groupID) else { return false }
        func months(_ count: Int, after date: Date) -> Date { SubscriptionPeriod(value: count, unit: .month).added(to: date) }
        let since = winBack.monthsSinceLastSubscribed
        guard months(since.lowerBound, after: ended) <= now, now <= months(since.upperBound, after: ended),
              hasPaid(months: winBack.paidMonths, inGroup: groupID) else { return false }
        guard let wait = winBack.monthsBetweenOffers else { return true }
        guard let redeemed = lastWinBackRedemption(inGroup: groupID, notBefore: months(-wait, after: now)) else { return true }
        return months(wait, after: redeemed) <= now
    }

    /// When the person's own subscription in a group churned: it expired — auto-renew off, billing retry
    /// ended, no consent to a price increase, or no longer for sale: "a churned subscription is one that
    /// has an expirationDate in the past, and a willAutoRenew value of false" — and nothing gives them
    /// access now. Nil for someone who never subscribed, is subscribed, is in a grace period or billing
    /// retry ("Subscriptions in a Billing Grace Period or billing retry state aren’t eligible for win-back
    /// offers", developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/
    /// eligiblewinbackofferids). A last period refunded (or revoked) churns by the same definition once
    /// its expiration date has passed with auto-renew off (the refund turned it off): Apple's page
    /// ("Supporting win-back offers in your app") names no exception for refunds.
    public func churnDate(ofGroup groupID: String) -> Date? {
        guard status(ofGroup: groupID)?.state.hasAccess != true,
              let own = status(ofGroup: groupID, ownership: .purchased), let end = own.transaction.expirationDate else { return nil }
        switch own.state {
        case .expired: return end
        case .revoked: return end <= now && own.renewal?.willAutoRenew != true ? end : nil
        case .subscribed, .inGracePeriod, .inBillingRetryPeriod: return nil
        }
    }

    /// When the person's current run of a group's subscription began (`recentSubscriptionStartDate`): a
    /// lapse between one period's end and the next purchase starts a new run. Walks back from the newest
    /// transaction of the group through the run only.
    public func recentSubscriptionStart(ofGroup groupID: String) -> Date? {
        var start: Transaction?
        for id in (index.byGroup[groupID] ?? []).reversed() {
            let transaction = visit(id)
            guard transaction.ownership == .purchased, !transaction.isUpgraded else { continue }
            if let newer = start, let end = transaction.expirationDate, newer.purchaseDate > end { break }
            start = transaction
        }
        return start?.purchaseDate
    }

    /// Whether the person paid for at least `required` months of subscriptions in a group: the periods
    /// of their own transactions there that charged something (a free trial or free offer period does
    /// not count, nor a refunded one; an upgraded one counts the part used before the upgrade), each
    /// period as the catalog gives it (a renewal under an accelerated time rate counts its month), and
    /// 30 days of weekly or daily periods as a month. Newest first, stopping once reached: the work is
    /// at most the transactions of `required` months, whatever the ledger holds.
    func hasPaid(months required: Int, inGroup groupID: String) -> Bool {
        // No minimum (an Xcode win-back offer switched on: any churned subscriber).
        guard required > 0 else { return true }
        var (months, days) = (0, 0)
        for id in (index.byGroup[groupID] ?? []).reversed() {
            let transaction = visit(id)
            guard transaction.state == .purchased, transaction.price > 0, transaction.purchaseDate <= now,
                  let product = catalog.product(transaction.productID), let info = product.subscription else { continue }
            let bought = offer(of: transaction, product: product)
            let period = bought?.period ?? info.period
            if transaction.isUpgraded, let upgraded = transaction.upgradeRefundDate, let end = transaction.expirationDate,
               end > transaction.purchaseDate {
                let used = upgraded.timeIntervalSince(transaction.purchaseDate) / end.timeIntervalSince(transaction.purchaseDate)
                days += Int((Double(period.approximateDays) * min(max(used, 0), 1)).rounded())
            } else if let whole = period.months {
                months += whole
            } else {
                days += period.approximateDays
            }
            if months + days / 30 >= required { return true }
        }
        return false
    }

    /// When the last win-back offer in a group was redeemed, looking back no further than `cutoff`: the
    /// first transaction of the newest run of win-back transactions (a pay-as-you-go offer renews on the
    /// offer for several periods). The work is the transactions since `cutoff`, and that run.
    func lastWinBackRedemption(inGroup groupID: String, notBefore cutoff: Date) -> Date? {
        var redeemed: Date?
        for id in (index.byGroup[groupID] ?? []).reversed() {
            let transaction = visit(id)
            if transaction.offerKind == .winBack {
                redeemed = transaction.purchaseDate
            } else if redeemed != nil || transaction.purchaseDate < cutoff {
                break
            }
        }
        return redeemed
    }

    /// What the next renewal of a group will charge, as the App Store would bill it
    /// (`renewalTerms`, the same rule the renewal follows): the renewing product, when, the amount (an
    /// offer's price while a pay-as-you-go offer still has periods left, the standard price otherwise),
    /// and, during an offer, when the standard price starts. In a grace period or billing retry, the
    /// renewal being retried (`date` is when it fell due): what its recovery charges. Nil when nothing
    /// will renew: no subscription, auto-renew off, or a plan not sold in this storefront.
    public func nextCharge(ofGroup groupID: String) -> NextCharge? {
        // Only the person's own subscription charges them: a family-shared one is the organizer's to pay.
        guard let status = status(ofGroup: groupID, ownership: .purchased),
              [.subscribed, .inGracePeriod, .inBillingRetryPeriod].contains(status.state),
              let renewal = status.renewal, renewal.willAutoRenew || status.transaction.commitment?.hasPaymentsLeft == true,
              let date = status.transaction.expirationDate,
              let product = catalog.product(renewal.autoRenewProductID),
              let terms = renewalTerms(of: status.transaction, into: product, renewal: renewal) else { return nil }
        let latest = status.transaction
        var charge = NextCharge(productID: product.id, date: date, amount: terms.price, offer: terms.offer, standardFrom: nil)
        charge.commitment = terms.commitment
        charge.commitmentFollows = status.transaction.isMonthlyPlanOffer
        if let current = catalog.product(latest.productID) {
            charge.currentOffer = offer(of: latest, product: current)
        }
        // A pay-as-you-go offer still being paid (an introductory price) runs its periods first.
        if let offer = terms.offer, !terms.booked {
            charge.standardFrom = (0..<terms.remainingOfferPeriods).reduce(date) { end, _ in
                scenario.timeRate.end(of: offer.period, from: end)
            }
        }
        // An offer booked for a renewal (a retention offer, an offer code): from the renewal after the
        // running offer, its price, then the standard price after it.
        if let offer = bookedOffer(renewal, on: product), offer.price(in: territory) != nil {
            let start = charge.standardFrom ?? date
            charge.booked = offer
            charge.bookedFrom = start
            let end = offer.paymentMode == .payAsYouGo
                ? (0..<offer.periodCount).reduce(start) { end, _ in scenario.timeRate.end(of: offer.period, from: end) }
                : scenario.timeRate.end(of: offer.totalDuration, from: start)
            if terms.booked {
                charge.standardFrom = end
            } else {
                charge.bookedUntil = end
            }
        }
        return charge
    }

    /// The next charge of a subscription: see `nextCharge(ofGroup:)`.
    public struct NextCharge: Sendable, Equatable {
        public var productID: String
        public var date: Date
        public var amount: Decimal
        /// The offer still being paid, if any.
        public var offer: SubscriptionOffer?
        /// When the standard price starts, while an offer is being paid. With a booked offer waiting
        /// after a running one, when the running one ends.
        public var standardFrom: Date?
        /// An offer booked for a renewal (a retention offer, an offer code) and when it starts: the next
        /// renewal, or once an introductory price still being paid has run its periods.
        public var booked: SubscriptionOffer?
        public var bookedFrom: Date?
        /// When the booked offer ends, where it waits after a running offer (else `standardFrom`).
        public var bookedUntil: Date?
        /// The offer the current period was bought with (a free trial, an intro price…), if any.
        public var currentOffer: SubscriptionOffer?
        /// A payment of a 12-month commitment (its `amount` is for one month): which one, and the
        /// commitment's end and total. Nil for a charge billed up front.
        public var commitment: CommitmentInfo?
        /// The current period is the monthly plan's introductory offer: what follows the offer is the
        /// commitment's monthly payments, not the price billed up front.
        public var commitmentFollows = false
    }

    /// How many periods of `latest`'s offer its subscription has paid: its purchased transactions with
    /// that offer, counted newest first within the group, and only up to `limit`.
    private func periodsBilled(of latest: Transaction, group groupID: String, upTo limit: Int) -> Int {
        var count = 0
        for id in (index.byGroup[groupID] ?? []).reversed() {
            if count >= limit { break }
            let entry = visit(id)
            if entry.originalID == latest.originalID && entry.state == .purchased
                && entry.offerKind == latest.offerKind && entry.offerID == latest.offerID
                && entry.isMonthlyPlanOffer == latest.isMonthlyPlanOffer {
                count += 1
            }
        }
        return count
    }

    // MARK: reading the ledger

    private func firstTransaction(inGroup groupID: String) -> Transaction? {
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
        /// Units of each consumable bought and not refunded (see `consumableBalance`).
        var balances: [String: Int] = [:]
        /// How many of the person's own transactions in each group were bought with an introductory
        /// offer (see `isEligibleForIntroOffer`).
        var introductoryOffers: [String: Int] = [:]
        /// Transactions of subscriptions and passes, of any ownership: what lapses, renews or ends with
        /// the clock alone (see `clockChangesAnswers`).
        var clockBound = 0

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
    private func visit(_ id: UInt64) -> Transaction {
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

    private mutating func append(_ transaction: Transaction) {
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
        }
        unsavedChanges.transactionIDs.insert(id)
        meter?.indexOperations += 1
        return transactions[position]
    }

    /// Takes a transaction out of the ledger. Rare (a QA delete, an approval), so it may move the
    /// positions of the transactions after it.
    private mutating func remove(_ id: UInt64) -> Transaction {
        let position = index.positions.removeValue(forKey: id)!
        let removed = transactions.remove(at: position)
        for later in position..<transactions.count { index.positions[transactions[later].id] = later }
        Self.drop(id, from: &index.byProduct, key: removed.productID)
        if let groupID = self.groupID(ofProduct: removed.productID) {
            switch removed.ownership {
            case .purchased: Self.drop(id, from: &index.byGroup, key: groupID)
            case .familyShared: Self.drop(id, from: &index.sharedByGroup, key: groupID)
            }
            index.countIntroductory(removed, group: groupID, -1)
        }
        index.count(removed, -1)
        unsavedChanges.transactionIDs.insert(id)
        meter?.indexOperations += 1
        return removed
    }

    private static func drop(_ id: UInt64, from lists: inout TreeDictionary<String, ChunkedArray<UInt64>>, key: String) {
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

    // MARK: saving

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
