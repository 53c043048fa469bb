import Foundation

/// Buying: the quote a purchase is checked and priced by, the purchase itself, Ask to Buy and
/// interrupted purchases, and the log of what happened that is not a transaction.
extension AppStore {
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
        /// For a promotional offer of the plan the person already has: the next renewal, which the
        /// offer is booked for (no purchase now). Nil otherwise.
        public var offerBookedFor: Date?
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

    func subscriptionQuote(_ product: Product, standardPrice: Decimal, promotionalOffer offerID: String?)
        throws(PurchaseError) -> Quote {
        let info = product.subscription!
        var quote = Quote(product: product.id, quantity: 1, unitPrice: standardPrice, currency: territory.currency)
        // A change of plan is of the person's own subscription. A family member whose only subscription
        // is the shared one may buy their own in the same group, as the App Store allows: a new
        // subscription beside the shared one, which keeps its own status (`statuses(ofGroup:)`).
        if let status = status(ofGroup: info.groupID, ownership: .purchased),
           status.state.hasAccess || status.state == .inBillingRetryPeriod {
            // An offer the app names is never dropped (issue 55, item 2): a promotional offer of the
            // product they have applies from its next renewal (booked, as the cancel flow's Take Offer
            // books one); of another product, the plan-change rules apply, with the offer (Apple,
            // developer forums 756304). A win-back offer is for churned subscribers only.
            var offer: SubscriptionOffer?
            if let offerID {
                if info.winBackOffers.contains(where: { $0.id == offerID }) { throw .ineligibleForOffer }
                guard let promotional = info.promotionalOffers.first(where: { $0.id == offerID }),
                      promotional.price(in: territory) != nil else { throw .notAvailableInStorefront }
                offer = promotional
                quote.offer = promotional
                quote.unitPrice = promotional.price(in: territory)!
            }
            let renewal = status.transaction.expirationDate ?? now
            guard status.transaction.productID != product.id else {
                // The plan they have: an offer of it is booked for the next renewal; without one, a
                // booked change of plan is taken back (`keepCurrentPlan`); else nothing to buy.
                let changeBooked = status.renewal.map { $0.autoRenewProductID != product.id } ?? false
                guard status.state.hasAccess, offer != nil || changeBooked else { throw .alreadySubscribed }
                quote.offerBookedFor = renewal
                return quote
            }
            quote.planChange = planChange(from: catalog.product(status.transaction.productID)!, to: product, renewal: renewal)
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
            // Buying again while its interrupted purchase waits makes no second request: the waiting
            // one is what the person still has to act on.
            if let waiting = pendingRequest(for: productID), waiting.kind == .interrupted { return .interrupted(waiting) }
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
    mutating func settle(_ request: StoreEvent, as status: StoreEvent.Status) -> PurchaseOutcome {
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
        if let effective = quote.offerBookedFor ?? quote.planChange?.effectiveDate, effective > now {
            // Booked for the next renewal: the plan it renews into, the offer it is billed under (kept
            // on the renewal info), and the app's token for the person, which that renewal carries.
            let groupID = product.subscription!.groupID
            if quote.offer == nil, quote.offerBookedFor != nil {
                keepCurrentPlan(group: groupID)
            } else {
                let token = quote.appAccountToken
                // An offer booked for the plan it leaves does not follow it to another.
                let dropsOffer = renewals[groupID].map { $0.offerID != nil && bookedOffer($0, on: product) == nil } ?? false
                changeRenewal(of: groupID) {
                    $0?.autoRenewProductID = product.id
                    $0?.willAutoRenew = true
                    if let offer = quote.offer, let id = offer.id {
                        $0?.offerID = id
                        $0?.offerWaitsForRunningOffer = false
                        $0?.offerKind = offer.kind
                    } else if dropsOffer {
                        $0?.offerID = nil
                        $0?.offerWaitsForRunningOffer = false
                        $0?.offerKind = nil
                    }
                    $0?.appAccountToken = token
                }
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

    mutating func makeTransaction(_ quote: Quote) -> Transaction {
        let product = catalog.product(quote.product)!
        defer { nextTransactionID += 1 }
        return Transaction(
            id: nextTransactionID, originalID: nextTransactionID, productID: product.id, productType: product.type,
            purchaseDate: now, originalPurchaseDate: now, expirationDate: nil, quantity: quote.quantity,
            ownership: .purchased, offerKind: quote.codeOfferID != nil ? .code : quote.offer?.kind,
            offerID: quote.codeOfferID ?? Self.transactionOfferID(quote.offer), revocationDate: nil,
            revocationReason: nil, isUpgraded: false, storefront: territory.code, state: .purchased,
            price: quote.unitPrice, currency: quote.currency, appAccountToken: quote.appAccountToken, device: deviceName)
    }

    /// A purchase call that failed before it reached the App Store (the app had no Product to buy):
    /// logged as every failed purchase is.
    public mutating func logPurchaseFailure(_ productID: String, quantity: Int, failure: PurchaseError) {
        record(.failed, productID, quantity: quantity, failure: failure)
    }

    /// Records an event in the log. A product id the catalog lacks records nothing: StoreKit can only
    /// try to buy a product it loaded.
    @discardableResult
    mutating func record(_ kind: StoreEvent.Kind, _ productID: String?, quantity: Int = 1, offerID: String? = nil,
                         failure: PurchaseError? = nil, status: StoreEvent.Status = .done,
                         restored: Int? = nil, transactionID: UInt64? = nil, refundReason: RefundReason? = nil,
                         reviewOutcome: ReviewOutcome? = nil, appVersion: String? = nil,
                         storefront: String? = nil, appAccountToken: UUID? = nil,
                         intentDecision: PurchaseIntentDecision? = nil, codeRefusal: String? = nil) -> StoreEvent {
        let event = StoreEvent(id: nextEventID, date: now, kind: kind, productID: productID, quantity: quantity,
                               offerID: offerID, failure: failure, status: status, transactionID: transactionID,
                               restored: restored, refundReason: refundReason, reviewOutcome: reviewOutcome,
                               appVersion: appVersion, storefront: storefront, appAccountToken: appAccountToken,
                               intentDecision: intentDecision, codeRefusal: codeRefusal)
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
}
