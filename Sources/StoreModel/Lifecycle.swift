import Foundation

/// Why a subscription expired: StoreKit's `Product.SubscriptionInfo.RenewalInfo.ExpirationReason`
/// (App Store Server API `expirationIntent` 1–4), each with the EXPIRED notification subtype it comes
/// with: VOLUNTARY, BILLING_RETRY, PRICE_INCREASE, PRODUCT_NOT_FOR_SALE.
/// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/expirationreason-swift.struct
public enum ExpirationReason: String, Sendable, CaseIterable {
    /// the person turned auto-renew off (cancelled)
    case autoRenewDisabled
    /// the billing retry period ended without a successful charge
    case billingError
    /// a price increase needed the person's consent, and they did not give it before the renewal date
    case didNotConsentToPriceIncrease
    /// the product was not for sale at renewal (here: not priced in the storefront)
    case productUnavailable

    /// The App Store Server Notifications subtype of the EXPIRED notification.
    public var notificationSubtype: String {
        switch self {
        case .autoRenewDisabled: "VOLUNTARY"
        case .billingError: "BILLING_RETRY"
        case .didNotConsentToPriceIncrease: "PRICE_INCREASE"
        case .productUnavailable: "PRODUCT_NOT_FOR_SALE"
        }
    }
}

/// StoreKit's `RenewalInfo.priceIncreaseStatus` while an increase is pending for the renewing product:
/// `pending` until the person consents to an increase that needs consent, `agreed` once they did or
/// when the increase needed no consent (they were only told). `noIncreasePending` is nil.
/// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/priceincreasestatus-swift.enum
public enum PriceIncreaseStatus: String, Sendable, CaseIterable {
    case pending
    case agreed
}

/// A subscription's price raised in one territory (a QA action, as a developer does in App Store
/// Connect). New subscribers pay the new price at once; a subscriber pays it from their next renewal,
/// after consenting where consent is required — without consent by the renewal date the subscription
/// expires with `didNotConsentToPriceIncrease`.
public struct PriceIncrease: Sendable, Equatable {
    public struct Key: Sendable, Hashable, Comparable {
        public var territory: String
        public var productID: String
        public init(territory: String, productID: String) {
            self.territory = territory
            self.productID = productID
        }
        public static func < (a: Key, b: Key) -> Bool { (a.territory, a.productID) < (b.territory, b.productID) }
    }

    public var key: Key
    public var price: Decimal
    public var consentRequired: Bool
    public var date: Date
    /// When this product's price last rose here without consent: a second such increase within a year
    /// needs consent (`PriceIncreaseConsent`). Nil when none did.
    public var lastWithoutConsent: Date?

    public init(key: Key, price: Decimal, consentRequired: Bool, date: Date, lastWithoutConsent: Date? = nil) {
        self.key = key
        self.price = price
        self.consentRequired = consentRequired
        self.date = date
        self.lastWithoutConsent = lastWithoutConsent
    }
}

/// The price a subscriber keeps after an increase made with `preserveCurrentPrice` (App Store Connect's
/// "Create a subscription price change" with preserveCurrentPrice true): renewals of this product in this
/// territory charge it. It is the renewal info's, so it ends with the subscription: a new purchase after
/// a lapse pays the current price.
public struct PreservedPrice: Sendable, Equatable {
    public var key: PriceIncrease.Key
    public var price: Decimal
    public init(key: PriceIncrease.Key, price: Decimal) {
        self.key = key
        self.price = price
    }
}

extension AppStore {
    /// What the product costs in this territory now: its catalog price, or the raised one.
    public func price(of product: Product) -> Decimal? {
        guard let listed = product.price(in: territory) else { return nil }
        return priceIncreases[PriceIncrease.Key(territory: territory.code, productID: product.id)]?.price ?? listed
    }

    /// The standard price this account's own renewals of `product` charge here: the price its
    /// subscription kept through an increase made with preserveCurrentPrice, else what the product costs
    /// now (`price(of:)`). What the Account screen and the manage sheet show a subscriber; `renewalTerms`
    /// charges the same. Nil where the product is not sold here.
    public func renewalPrice(of product: Product) -> Decimal? {
        guard let listed = price(of: product) else { return nil }
        let renewal = product.subscription.flatMap { renewals[$0.groupID] }
        return renewal?.expirationReason == nil ? keptPrice(renewal, of: product) ?? listed : listed
    }

    /// The price `renewal` keeps for `product` in this storefront (preserveCurrentPrice), if any.
    func keptPrice(_ renewal: RenewalInfo?, of product: Product) -> Decimal? {
        renewal?.preservedPrice.flatMap { $0.key == .init(territory: territory.code, productID: product.id) ? $0.price : nil }
    }

    /// The price QA's "raise the price" action sets: 20% above the current one, rounded up to the
    /// currency's smallest unit (JPY 800 → 960, $4.99 → $5.99).
    public func raisedPrice(of product: Product) -> Decimal? {
        guard let current = price(of: product) else { return nil }
        return Self.rounded(current * Decimal(string: "1.2")!, currency: territory.currency, mode: .up)
    }

    /// The price QA's "raise past Apple's thresholds" action sets: more than 50% and more than the
    /// territory's threshold (`PriceIncreaseConsent`) above the current price, by the currency's smallest
    /// unit ($4.99 → $10.00: $5.01 more, over US$5 and over half). Apple's rule asks consent for it.
    public func priceAboveConsentThresholds(of product: Product) -> Decimal? {
        guard let current = price(of: product), let period = product.subscription?.period else { return nil }
        let half = current * PriceIncreaseConsent.share
        let limit = catalog.priceIncreaseConsent.threshold(in: territory.code).map { period == .oneYear ? $0.annual : $0.perPeriod } ?? 0
        let least = current + max(half, limit)
        let rounded = Self.rounded(least, currency: territory.currency, mode: .up)
        return rounded > least ? rounded : rounded + Self.smallestUnit(of: territory.currency)
    }

    /// Raises an auto-renewable subscription's price in this territory, as a developer does in App Store
    /// Connect. `consentRequired` nil lets Apple's rule decide (`PriceIncreaseConsent` with the
    /// catalog's inputs, from the subscriber's current price); true or false is QA's override. A subscriber
    /// whose next renewal bills it gets the price-increase status: pending (consent required) or agreed
    /// (told only). With `preserveCurrentPrice` the subscriber keeps the price they pay (no consent, no
    /// status) and only new subscribers pay the new one. Returns false for a product that is not an
    /// auto-renewable subscription sold here, or a price that is not higher.
    @discardableResult
    public mutating func raisePrice(_ productID: String, to newPrice: Decimal, consentRequired: Bool? = nil,
                                    preserveCurrentPrice: Bool = false) -> Bool {
        guard let product = catalog.product(productID), let info = product.subscription,
              let listed = price(of: product), newPrice > listed else { return false }
        let key = PriceIncrease.Key(territory: territory.code, productID: productID)
        let previous = priceIncreases[key]
        let subscribed = status(ofGroup: info.groupID, ownership: .purchased).flatMap { status in
            status.state != .expired && status.state != .revoked && status.renewal?.autoRenewProductID == productID ? status : nil
        }
        // What the subscriber pays now, standard price: a price kept from an earlier increase, else the list price.
        let current = keptPrice(subscribed?.renewal, of: product) ?? listed
        let required = preserveCurrentPrice ? false : consentRequired
            ?? catalog.priceIncreaseConsent.requiresConsent(in: territory.code, from: current, to: newPrice,
                                                            annual: info.period == .oneYear,
                                                            lastWithoutConsent: previous?.lastWithoutConsent, now: now)
        // A preserving increase reaches no subscriber, so it does not count as their one a year.
        let counts = !preserveCurrentPrice && !required
        priceIncreases[key] = PriceIncrease(key: key, price: newPrice, consentRequired: required, date: now,
                                            lastWithoutConsent: counts ? now : previous?.lastWithoutConsent)
        unsavedChanges.priceIncreases = true
        guard subscribed != nil else { return true }
        changeRenewal(of: info.groupID) {
            if preserveCurrentPrice {
                $0?.preservedPrice = PreservedPrice(key: key, price: current)
            } else {
                $0?.preservedPrice = nil
                $0?.priceIncreaseStatus = required ? .pending : .agreed
            }
        }
        return true
    }

    /// The person agreed to a pending price increase (the consent sheet's Agree): the subscription renews
    /// at the new price.
    public mutating func consentToPriceIncrease(group groupID: String) {
        changeRenewal(of: groupID) { if $0?.priceIncreaseStatus == .pending { $0?.priceIncreaseStatus = .agreed } }
    }

    /// The groups with a price increase waiting for the person's consent now (`isPriceConsentDue`), in
    /// catalog order.
    public var pendingPriceConsents: [String] {
        renewals.keys.filter { isPriceConsentDue(group: $0) }
            .compactMap { catalog.position(ofGroup: $0) }.sorted().map { catalog.subscriptionGroups[$0].id }
    }

    /// Whether a group's pending price increase asks for consent now. Consent is asked for the price
    /// that will be charged: only when the next renewal charges the price raised in this storefront,
    /// not while it still charges an offer's price (an introductory price running its periods). Until
    /// then the increase stays pending, and the subscription does not expire for lack of consent.
    public func isPriceConsentDue(group groupID: String) -> Bool {
        guard let status = status(ofGroup: groupID, ownership: .purchased), let renewal = status.renewal,
              renewal.priceIncreaseStatus == .pending, renewal.expirationReason == nil,
              let product = catalog.product(renewal.autoRenewProductID),
              let terms = renewalTerms(of: status.transaction, into: product, renewal: renewal) else { return false }
        return chargesRaisedPrice(terms, of: product.id)
    }

    /// Whether a renewal on these terms charges a price raised in this storefront (what a pending
    /// increase asks consent for): the standard price, with an increase made here.
    func chargesRaisedPrice(_ terms: RenewalTerms, of productID: String) -> Bool {
        terms.offer == nil && priceIncreases[PriceIncrease.Key(territory: territory.code, productID: productID)] != nil
    }

    /// The increase a subscriber of this product is asked about: this territory's, else the one made in
    /// another storefront (a ledger reopened with another `--territory`), whose currency it keeps.
    public func priceIncrease(for productID: String) -> PriceIncrease? {
        priceIncreases[PriceIncrease.Key(territory: territory.code, productID: productID)]
            ?? priceIncreases.values.filter { $0.key.productID == productID }.min { $0.key < $1.key }
    }

    /// A price increase brought back from a saved ledger.
    public mutating func restorePriceIncrease(_ increase: PriceIncrease) { priceIncreases[increase.key] = increase }

    /// The subscription expires for `reason`: renewal info is current after expiry (auto-renew off, no
    /// billing issue or grace date, no pending price increase).
    mutating func expire(_ groupID: String, _ reason: ExpirationReason) {
        changeRenewal(of: groupID) {
            $0?.willAutoRenew = false
            $0?.billingIssueSince = nil
            $0?.gracePeriodExpiration = nil
            $0?.billingRetryEnds = nil
            $0?.priceIncreaseStatus = nil
            $0?.expirationReason = reason
        }
    }

    /// The unused part of a subscription's current period when an upgrade replaces it, pro rata by
    /// time and rounded to the currency's smallest unit: the simulator's estimate of what the App Store
    /// refunds (Apple: "the user receives a prorated refund of the original subscription").
    func upgradeRefundEstimate(of current: Transaction) -> Decimal {
        guard let end = current.expirationDate, end > now, current.price > 0 else { return 0 }
        let length = end.timeIntervalSince(current.purchaseDate)
        guard length > 0 else { return 0 }
        let unused = Decimal(end.timeIntervalSince(now)) / Decimal(length)
        return Self.rounded(current.price * unused, currency: current.currency, mode: .plain)
    }

    /// An amount rounded to the currency's smallest unit (two decimals for USD, none for JPY), as
    /// Foundation knows the currency.
    /// The currency's smallest unit as Foundation's currency format shows it (0.01 for USD, 1 for JPY).
    static func smallestUnit(of currency: String) -> Decimal {
        let formatter = NumberFormatter()
        formatter.numberStyle = .currency
        formatter.currencyCode = currency
        return Decimal(sign: .plus, exponent: -formatter.maximumFractionDigits, significand: 1)
    }

    static func rounded(_ amount: Decimal, currency: String, mode: NSDecimalNumber.RoundingMode) -> Decimal {
        let formatter = NumberFormatter()
        formatter.numberStyle = .currency
        formatter.currencyCode = currency
        var value = amount, result = Decimal()
        NSDecimalRound(&result, &value, formatter.maximumFractionDigits, mode)
        return result
    }
}
