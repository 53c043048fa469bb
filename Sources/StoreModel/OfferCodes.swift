import Foundation

// Offer-code redemption, as the App Store's redemption sheet does it (StoreKit's
// `offerCodeRedemption(isPresented:onCompletion:)` / `presentOfferCodeRedeemSheet(in:)`): a code opens
// an offer of the catalog's `offerCodes`; the App Store checks it, shows the offer, and on Redeem
// records a transaction whose offer type is `code` (StoreKit's `Transaction.OfferType` 3) and whose
// offer id is the offer's reference name. "The redemption sheet takes care of the redemption flow,
// including alerting customers about invalid entries, as appropriate. Invalid entries may include, for
// example, expired offer codes, invalid codes, or codes that would result in a subscription downgrade."
// (https://developer.apple.com/documentation/storekit/implementing-offer-codes-in-your-app)

extension OfferCodeOffer {
    /// Whether a text can be a code at all: ASCII letters and digits only ("A custom code can contain
    /// only alphanumeric ASCII characters", HIG "Supporting offer codes"). Bytes, not Characters: ASCII
    /// letters and digits are exactly the bytes A–Z, a–z, 0–9.
    public static func isCodeText(_ code: String) -> Bool {
        code.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || (($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A) }
    }

    /// The longest code: App Store Connect's custom codes are at most 64 characters.
    public static let maxCodeLength = 64

    /// When a code of this offer stops working: the offer's expiry, or for a one-time code its
    /// batch's, whichever comes first.
    public func expiry(oneTimeUse: Bool) -> Date? {
        let batch = oneTimeUse ? self.oneTimeUse?.expires : nil
        return [expires, batch].compactMap { $0 }.min()
    }
}

/// How many offer-code redemptions the App Store has counted for this app: per offer (for its
/// redemption limit), per code (a one-time code works once), per calendar quarter of the simulated
/// clock (the App Store's 1,000,000 per app and quarter), and which offers this account redeemed (one
/// redemption per customer per offer). Kept as counts, so a redemption's checks are O(1) whatever the
/// ledger holds. Saved in the `--state` ledger.
public struct OfferCodeCounts: Sendable, Equatable {
    public internal(set) var byOffer: [String: Int] = [:]
    public internal(set) var byCode: [String: Int] = [:]
    public internal(set) var byQuarter: [String: Int] = [:]
    public internal(set) var byAccount: Set<String> = []

    public init() {}

    /// A calendar quarter of the simulated clock, in UTC: "2026 Q4".
    public static func quarter(of date: Date) -> String {
        let parts = utc.dateComponents([.year, .month], from: date)
        return "\(parts.year ?? 0) Q\(((parts.month ?? 1) - 1) / 3 + 1)"
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    mutating func count(offer: String, code: String, at date: Date, count: Int = 1, byThisAccount: Bool) {
        byOffer[offer, default: 0] += count
        if !code.isEmpty { byCode[code, default: 0] += count }
        byQuarter[Self.quarter(of: date), default: 0] += count
        if byThisAccount { byAccount.insert(offer) }
    }

    /// Rows brought back from a saved ledger.
    public mutating func restore(offer: String, redemptions: Int, byThisAccount: Bool) {
        byOffer[offer] = redemptions
        if byThisAccount { byAccount.insert(offer) }
    }
    public mutating func restore(code: String, redemptions: Int) { byCode[code] = redemptions }
    public mutating func restore(quarter: String, redemptions: Int) { byQuarter[quarter] = redemptions }
}

/// Why the App Store refuses a code, each with its own message on the redemption sheet.
public enum OfferCodeError: Error, Sendable, Equatable {
    /// characters other than ASCII letters and digits
    case invalidCharacters
    /// no offer has this code
    case unknownCode
    /// the offer (or the one-time code's batch) expired
    case expired
    /// the offer is no longer active
    case inactive
    /// a one-time code that was redeemed already
    case codeAlreadyUsed
    /// this account redeemed this offer already (one redemption per customer per offer)
    case alreadyRedeemed
    /// the person is not among those the offer is for (`offerFor`), being `person`
    case notEligible(person: OfferCodeOffer.Eligibility, offerFor: Set<OfferCodeOffer.Eligibility>)
    /// the code is for a lower service level than the person's subscription in the group
    case wouldDowngrade(currentProductID: String)
    /// the offer's redemption limit is reached
    case limitReached
    /// the app's 1,000,000 redemptions of this calendar quarter are reached
    case quarterlyLimitReached
    /// a non-consumable the person owns already
    case alreadyOwned
    /// the product or the offer's price is not available in this storefront
    case notAvailableInStorefront
    /// this device cannot make payments (`canMakePayments` false: Screen Time, a device-management
    /// profile, External Purchase only): no code redeems, a free one included, since a redemption is an
    /// in-app purchase ("Anytime `canMakePayments` is false, your app can't use StoreKit In-App Purchase
    /// for offering in-app purchases", StoreKit's canMakePayments) and a free offer still begins a
    /// subscription that renews at a charge
    case paymentNotAllowed

    /// The case's name, as the Log and a script's outcome say it (`failed(limitReached)`).
    public var name: String {
        switch self {
        case .notEligible: "notEligible"
        case .wouldDowngrade: "wouldDowngrade"
        default: String(describing: self)
        }
    }

    /// Every case's name.
    public static let names = ["invalidCharacters", "unknownCode", "expired", "inactive", "codeAlreadyUsed", "alreadyRedeemed",
                               "notEligible", "wouldDowngrade", "limitReached", "quarterlyLimitReached", "alreadyOwned",
                               "notAvailableInStorefront", "paymentNotAllowed"]
}

/// What redeeming a code does, worked out before the person presses Redeem.
public struct CodeRedemption: Sendable, Equatable {
    /// The code as the App Store reads it (upper case).
    public var code: String
    /// The offer's reference name.
    public var offerID: String
    public var productID: String
    /// What is charged now: zero for a free offer, a free one-time item, or an offer booked for the
    /// next renewal.
    public var price: Decimal
    public var effect: Effect
    /// For a new subscription with an offer that stacks with the product's introductory offer
    /// (`OfferCodeOffer.stacksWithIntroOffer`), to someone still eligible for it: the introductory
    /// offer, given first (and `price` is its price); the code's offer follows it, then the standard price.
    public var introductoryOffer: SubscriptionOffer?
    /// The transaction recorded, once redeemed (none for an offer booked for the next renewal or a
    /// plan change booked for it).
    public var transactionID: UInt64?

    public enum Effect: Sendable, Equatable {
        /// a new subscription (or a lapsed subscriber's return) starting now, with the offer
        case subscribe
        /// the person's own subscription gets the offer from its next renewal, on this date
        case nextRenewal(Date)
        /// another plan of their group, by the plan-change rules: an upgrade at once, a crossgrade at
        /// once for the same duration and at the renewal for another (a downgrade is refused)
        case planChange(AppStore.PlanChange)
        /// a one-time product, delivered now
        case deliver
    }
}

/// A code redeemed in the App Store while the app was not running, waiting to reach it at its next
/// launch (as the App Store's transaction waits for the app's transaction observer).
public struct PendingRedemption: Sendable, Equatable {
    public var code: String
    public var date: Date
    public init(code: String, date: Date) {
        self.code = code
        self.date = date
    }
}

extension AppStore {
    /// Where the person stands for an offer-code offer of this product. A subscription's offer looks at
    /// their own subscription in its group: never had one (`new`), has one now or in billing retry
    /// (`existing`), or had one that ended (`lapsed`). A one-time product's looks at their purchases in
    /// the app, as App Store Connect's eligibility for In-App Purchase offer codes: "customers who have
    /// never purchased within your app, purchased in the last 30 days, or purchased more than 30 days
    /// ago" (https://developer.apple.com/help/app-store-connect/manage-in-app-purchases/create-offer-codes-for-in-app-purchases).
    public func codeEligibility(for product: Product) -> OfferCodeOffer.Eligibility {
        if let groupID = product.subscription?.groupID {
            guard let status = status(ofGroup: groupID, ownership: .purchased) else { return .new }
            return status.state.hasAccess || status.state == .inBillingRetryPeriod ? .existing : .lapsed
        }
        // Newest first: the last own purchase is near the end of the ledger.
        guard let last = transactions.last(where: { $0.ownership == .purchased && $0.purchaseDate <= now }) else { return .new }
        return now.timeIntervalSince(last.purchaseDate) <= Self.recentPurchaseWindow ? .existing : .lapsed
    }

    /// "Purchased in the last 30 days", for a one-time product's offer-code eligibility.
    static let recentPurchaseWindow: TimeInterval = 30 * 86_400

    /// Checks a code as the redemption sheet does before it shows the offer, and says what redeeming
    /// it would do. Every check is a lookup in the catalog's code index or the redemption counts.
    public func checkOfferCode(_ typed: String) throws(OfferCodeError) -> CodeRedemption {
        guard OfferCodeOffer.isCodeText(typed) else { throw .invalidCharacters }
        guard gate.canMakePayments else { throw .paymentNotAllowed }
        let code = typed.uppercased()
        guard !code.isEmpty, code.utf8.count <= OfferCodeOffer.maxCodeLength,
              let (offer, oneTimeUse) = catalog.offerCode(forCode: code),
              let product = catalog.product(offer.productID) else { throw .unknownCode }
        // A one-time code App Store Connect has not made yet does not exist.
        if oneTimeUse, let batch = offer.oneTimeUse, now < batch.created { throw .unknownCode }
        guard offer.active else { throw .inactive }
        if let expiry = offer.expiry(oneTimeUse: oneTimeUse), now > expiry { throw .expired }
        if oneTimeUse, offerCodeCounts.byCode[code, default: 0] > 0 { throw .codeAlreadyUsed }
        guard !offerCodeCounts.byAccount.contains(offer.id) else { throw .alreadyRedeemed }
        // Redeemed in the App Store already, the app hears of it at its next launch: it came first.
        guard !pendingRedemptions.contains(where: { catalog.offerCode(forCode: $0.code.uppercased())?.offer.id == offer.id }) else {
            throw .alreadyRedeemed
        }
        if let limit = offer.redemptionLimit, offerCodeCounts.byOffer[offer.id, default: 0] >= limit { throw .limitReached }
        guard offerCodeCounts.byQuarter[OfferCodeCounts.quarter(of: now), default: 0] < CatalogRules.maxRedemptionsPerQuarter else {
            throw .quarterlyLimitReached
        }
        guard price(of: product) != nil else { throw .notAvailableInStorefront }
        let person = codeEligibility(for: product)
        guard offer.admits(person) else { throw .notEligible(person: person, offerFor: offer.eligibility) }
        var redemption = CodeRedemption(code: code, offerID: offer.id, productID: product.id, price: 0, effect: .deliver)
        guard let subscriptionOffer = offer.offer, let info = product.subscription else {
            if product.type == .nonConsumable, owns(product.id) { throw .alreadyOwned }
            guard let price = offer.itemPrice(in: territory) else { throw .notAvailableInStorefront }
            redemption.price = price
            return redemption
        }
        guard let price = subscriptionOffer.price(in: territory) else { throw .notAvailableInStorefront }
        redemption.price = price
        redemption.effect = .subscribe
        // An offer that stacks with the introductory offer gives someone still eligible for it the
        // introductory offer first ("Eligible customers will redeem your app's introductory offer first,
        // then automatically renew to the offer they redeemed with the code"); one that replaces it
        // leaves it for later (App Store Connect Help, "Set up offer codes").
        if person != .existing, offer.stacksWithIntroOffer, let intro = info.introductoryOffer,
           isEligibleForIntroOffer(group: info.groupID), let introPrice = intro.price(in: territory) {
            redemption.introductoryOffer = intro
            redemption.price = introPrice
        }
        if person == .existing, let status = status(ofGroup: info.groupID, ownership: .purchased),
           let current = catalog.product(status.transaction.productID) {
            let renewal = status.transaction.expirationDate ?? now
            if current.id == product.id {
                // From the next renewal, an introductory price still being paid included: it ends there
                // (Apple, developer forums 722812; issue 55, item 3).
                redemption.effect = .nextRenewal(renewal)
                redemption.price = 0
                return redemption
            }
            let change = planChange(from: current, to: product, renewal: renewal)
            if case .downgrade = change { throw .wouldDowngrade(currentProductID: current.id) }
            redemption.effect = .planChange(change)
            if change.effectiveDate.map({ $0 > now }) ?? false { redemption.price = 0 }
        }
        return redemption
    }

    /// Redeems a code: checks it again, then records what it gives — a transaction with offer type
    /// `code` and the offer's reference name as its offer id (a new subscription, an upgrade or a
    /// crossgrade that starts now, or a one-time product), or, for the person's own subscription or a
    /// change that waits for the renewal, the offer booked for the next renewal (StoreKit's
    /// RenewalInfo.offer). Counts the redemption for the offer, the code, the quarter and this account.
    @discardableResult
    public mutating func redeemOfferCode(_ typed: String) throws(OfferCodeError) -> CodeRedemption {
        var redemption = try checkOfferCode(typed)
        let offer = catalog.offerCode(forCode: redemption.code)!.offer
        let product = catalog.product(redemption.productID)!
        switch redemption.effect {
        case .nextRenewal:
            let groupID = product.subscription!.groupID
            changeRenewal(of: groupID) {
                $0?.offerID = offer.id
                $0?.offerWaitsForRunningOffer = false
                $0?.offerKind = .code
                $0?.willAutoRenew = true
            }
        case .subscribe, .planChange, .deliver:
            var quote = Quote(product: product.id, quantity: 1, unitPrice: redemption.price, currency: territory.currency,
                              offer: redemption.introductoryOffer ?? offer.offer)
            // The introductory offer first: its transaction is the introductory offer's (offer type 1).
            if redemption.introductoryOffer == nil { quote.codeOfferID = offer.id }
            if case .planChange(let change) = redemption.effect { quote.planChange = change }
            switch complete(quote) {
            case .purchased(let transaction):
                redemption.transactionID = transaction.id
                // The code's offer waits for the renewal after the introductory offer's periods.
                if redemption.introductoryOffer != nil {
                    changeRenewal(of: product.subscription!.groupID) {
                        $0?.offerID = offer.id
                        $0?.offerKind = .code
                        $0?.offerWaitsForRunningOffer = true
                    }
                }
            case .scheduled:
                // A crossgrade at the renewal: the new plan starts then, with the offer.
                changeRenewal(of: product.subscription!.groupID) {
                    $0?.offerID = offer.id
                    $0?.offerWaitsForRunningOffer = false
                    $0?.offerKind = .code
                }
            case .deferred, .interrupted, .failed:
                break
            }
        }
        offerCodeCounts.count(offer: offer.id, code: redemption.code, at: now, byThisAccount: true)
        unsavedChanges.offerCodes = true
        return redemption
    }

    /// Redemptions by the app's other customers (the simulator's one account is not the App Store's
    /// only customer): they count toward an offer's redemption limit and the quarter's, never toward
    /// this account's one redemption per offer. For tests and QA of the limits.
    public mutating func countRedemptionsByOthers(offer offerID: String, code: String, count: Int) {
        guard count > 0 else { return }
        offerCodeCounts.count(offer: offerID, code: code.uppercased(), at: now, count: count, byThisAccount: false)
        unsavedChanges.offerCodes = true
    }

    /// The App Store refused a code (the redemption sheet's Redeem, or a code redeemed in the App
    /// Store): a Log event saying why, with the offer its code opens when it names one.
    public mutating func logCodeRefusal(_ typed: String, _ error: OfferCodeError) {
        let offer = OfferCodeOffer.isCodeText(typed) ? catalog.offerCode(forCode: typed.uppercased())?.offer : nil
        record(.codeRefused, offer?.productID, offerID: offer?.id, codeRefusal: error.name)
    }

    /// A code redeemed in the App Store while the app is not running: kept for its next launch.
    public mutating func queueAppStoreRedemption(_ code: String) {
        pendingRedemptions.append(PendingRedemption(code: code, date: now))
        unsavedChanges.offerCodes = true
    }

    /// The codes redeemed in the App Store since the app last ran, taken to be handled now (each then
    /// redeemed like one typed in the app).
    public mutating func takePendingRedemptions() -> [PendingRedemption] {
        defer {
            if !pendingRedemptions.isEmpty { unsavedChanges.offerCodes = true }
            pendingRedemptions = []
        }
        return pendingRedemptions
    }

    /// A pending redemption brought back from a saved ledger.
    public mutating func restorePendingRedemption(_ pending: PendingRedemption) { pendingRedemptions.append(pending) }

    /// Redemption counts brought back from a saved ledger.
    public mutating func restoreOfferCodeCounts(_ counts: OfferCodeCounts) { offerCodeCounts = counts }

    /// The offer booked for a group's next renewal, if it is for the product the group renews into: a
    /// retention offer the subscriber accepted, or an offer code they redeemed.
    public func bookedOffer(_ renewal: RenewalInfo, on product: Product) -> SubscriptionOffer? {
        guard let id = renewal.offerID else { return nil }
        if renewal.offerKind == .code {
            guard let code = catalog.offerCode(id: id), code.productID == product.id else { return nil }
            return code.offer
        }
        return product.subscription?.promotionalOffers.first { $0.id == id }
    }
}
