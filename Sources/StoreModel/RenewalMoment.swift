import Foundation

/// A subscription's renewal info and status as they are at one moment (StoreKit's `RenewalInfo` and
/// `Product.SubscriptionInfo.Status`): what the inspector, `storefront ledger`, a script's
/// `expect-renewal` and signed renewal info show (through `StoreKitFields.renewal`), and what a Server
/// Notification keeps so it is signed "as of the signedDate", however the subscription goes on.
/// Typed and small: a notification of each of 43,200 renewals keeps one.
public struct RenewalMoment: Sendable, Hashable {
    public var state: RenewalState
    public var groupID: String
    public var originalTransactionID: UInt64
    public var productID: String
    /// The subscription's own renewal info exists (a family-shared chain has none): the fields below
    /// that come from it are absent otherwise.
    public var hasRenewalInfo: Bool
    /// `RenewalInfo.willAutoRenew`: about the next month; a commitment's payments left are billed.
    public var willAutoRenew: Bool
    public var autoRenewProductID: String
    /// What the next renewal charges (`nextCharge`), in `currency`; nil when nothing will renew.
    public var renewalDate: Date?
    public var renewalPrice: Decimal?
    /// The storefront's currency.
    public var currency: String
    public var expirationReason: ExpirationReason?
    public var gracePeriodExpiration: Date?
    public var priceIncreaseStatus: PriceIncreaseStatus?
    public var offerKind: SubscriptionOffer.Kind?
    public var offerID: String?
    /// "sorted with the best offers first" (RenewalInfo.eligibleWinBackOfferIDs).
    public var eligibleWinBackOfferIDs: [String]
    public var signedDate: Date
    /// While in a 12-month commitment (WWDC26 session 210), else nil: the plan it renews into, the
    /// commitment's auto-renew and its renewal's price.
    public var renewalBillingPlanType: BillingPlanType?
    public var commitmentWillAutoRenew: Bool?
    public var commitmentRenewalPrice: Decimal?
    /// What the signed renewal info carries beyond the table.
    public var recentSubscriptionStart: Date?
    public var appAccountToken: UUID?
    public var commitmentExpiration: Date?

    public var isInBillingRetry: Bool { state == .inGracePeriod || state == .inBillingRetryPeriod }

    public init(state: RenewalState, groupID: String, originalTransactionID: UInt64, productID: String, hasRenewalInfo: Bool,
                willAutoRenew: Bool, autoRenewProductID: String, renewalDate: Date?, renewalPrice: Decimal?, currency: String,
                expirationReason: ExpirationReason?, gracePeriodExpiration: Date?, priceIncreaseStatus: PriceIncreaseStatus?,
                offerKind: SubscriptionOffer.Kind?, offerID: String?, eligibleWinBackOfferIDs: [String], signedDate: Date,
                renewalBillingPlanType: BillingPlanType?, commitmentWillAutoRenew: Bool?, commitmentRenewalPrice: Decimal?,
                recentSubscriptionStart: Date?, appAccountToken: UUID?, commitmentExpiration: Date?) {
        (self.state, self.groupID, self.originalTransactionID, self.productID) = (state, groupID, originalTransactionID, productID)
        (self.hasRenewalInfo, self.willAutoRenew, self.autoRenewProductID) = (hasRenewalInfo, willAutoRenew, autoRenewProductID)
        (self.renewalDate, self.renewalPrice, self.currency) = (renewalDate, renewalPrice, currency)
        (self.expirationReason, self.gracePeriodExpiration, self.priceIncreaseStatus) = (expirationReason, gracePeriodExpiration, priceIncreaseStatus)
        (self.offerKind, self.offerID, self.eligibleWinBackOfferIDs, self.signedDate) = (offerKind, offerID, eligibleWinBackOfferIDs, signedDate)
        (self.renewalBillingPlanType, self.commitmentWillAutoRenew, self.commitmentRenewalPrice) =
            (renewalBillingPlanType, commitmentWillAutoRenew, commitmentRenewalPrice)
        (self.recentSubscriptionStart, self.appAccountToken, self.commitmentExpiration) = (recentSubscriptionStart, appAccountToken, commitmentExpiration)
    }

    /// Its fields in StoreKit's names (`StoreKitFields.renewalNames`, in that order), with the account's
    /// environment.
    public func fields(environment: StoreEnvironment) -> [StoreKitFields.Field] {
        typealias Value = StoreKitFields.Value
        let values: [Value] = [
            .text(state.rawValue),
            .text(groupID),
            .text(String(originalTransactionID)),
            .text(productID),
            hasRenewalInfo ? .text(willAutoRenew ? "true" : "false") : .none,
            // StoreKit's autoRenewPreference is nil "if the subscription won't renew in the next period"
            // (RenewalInfo); the server's signed autoRenewProductId stays present (SignedPayloads).
            hasRenewalInfo && willAutoRenew ? .text(autoRenewProductID) : .none,
            renewalDate.map(Value.date) ?? .none,
            renewalPrice.map { .amount($0, currency: currency) } ?? .none,
            renewalPrice == nil ? .none : .text(currency),
            expirationReason.map { .text($0.rawValue) } ?? .none,
            .text(isInBillingRetry ? "true" : "false"),
            gracePeriodExpiration.map(Value.date) ?? .none,
            hasRenewalInfo ? .text(priceIncreaseStatus?.rawValue ?? "noIncreasePending") : .none,
            offerKind.map { .text($0.rawValue) } ?? .none,
            offerID.map(Value.text) ?? .none,
            eligibleWinBackOfferIDs.isEmpty ? .none : .text(eligibleWinBackOfferIDs.joined(separator: ",")),
            .text(environment.rawValue),
            .date(signedDate),
            renewalBillingPlanType.map { .text($0.rawValue) } ?? .none,
            commitmentWillAutoRenew.map { .text($0 ? "true" : "false") } ?? .none,
            commitmentRenewalPrice.map { .amount($0, currency: currency) } ?? .none,
            appAccountToken.map { .text($0.uuidString.lowercased()) } ?? .none,
        ]
        return zip(StoreKitFields.renewalNames, values).map { StoreKitFields.Field(name: $0, value: $1) }
    }
}

extension AppStore {
    /// The person's own subscription in a group as its renewal info says now; nil if they never had one.
    public func renewalMoment(ofGroup groupID: String) -> RenewalMoment? {
        guard let status = status(ofGroup: groupID, ownership: .purchased) else { return nil }
        return renewalMoment(status, group: groupID)
    }

    /// The renewal info of `status` (a status of `groupID`), now. (A method of the account, not an
    /// initializer taking it: an initializer's argument is copied, the whole account at each renewal.)
    public func renewalMoment(_ status: SubscriptionStatus, group groupID: String) -> RenewalMoment {
        let info = status.renewal
        let own = status.transaction.ownership == .purchased
        // What the next renewal charges: only the person's own subscription charges them.
        let charge = own ? nextCharge(of: status) : nil
        // High priority first, then catalog order, as the pitch picks one. Someone whose own
        // subscription gives access has not churned: no win-back offer is theirs; nor is one on the
        // renewal info of a chain the organizer shares (their own most recent subscription decides).
        let eligible = !own || status.state.hasAccess ? [] : winBackOffers(ofGroup: groupID).filter {
            $0.offer.price(in: territory) != nil && isEligible(for: $0, inGroup: groupID)
        }
        // RenewalInfo's commitment fields are "only present […] when the subscription is currently in a
        // commitment" (WWDC26 session 210).
        let inCommitment = status.transaction.commitment != nil && status.state.hasAccess
        let paymentsLeft = inCommitment && status.transaction.commitment?.hasPaymentsLeft == true
        return RenewalMoment(state: status.state, groupID: groupID, originalTransactionID: status.transaction.originalID,
                  productID: status.transaction.productID, hasRenewalInfo: info != nil,
                  willAutoRenew: (info?.willAutoRenew ?? false) || paymentsLeft,
                  autoRenewProductID: info?.autoRenewProductID ?? status.transaction.productID,
                  // Always present (Apple's renewalDate: when "the most recent auto-renewable subscription
                  // purchase expires"): the next charge's date, else the latest period's end.
                  renewalDate: charge?.date ?? status.transaction.expirationDate, renewalPrice: charge?.amount, currency: territory.currency,
                  // Apple's isInBillingRetry table: in the grace period and in billing retry the reason is the
                  // billing error, and only the grace period has a grace period's end.
                  expirationReason: status.state.isBillingIssue ? .billingError : info?.expirationReason,
                  gracePeriodExpiration: status.state == .inGracePeriod ? info?.gracePeriodExpiration : nil,
                  priceIncreaseStatus: info?.priceIncreaseStatus,
                  offerKind: info?.offerID == nil ? nil : info?.offerKind ?? .promotional, offerID: info?.offerID,
                  eligibleWinBackOfferIDs: (eligible.filter { $0.priority == .high } + eligible.filter { $0.priority != .high }).map(\.id),
                  signedDate: now,
                  renewalBillingPlanType: inCommitment ? info?.renewalBillingPlanType : nil,
                  commitmentWillAutoRenew: inCommitment ? info?.willAutoRenew : nil,
                  commitmentRenewalPrice: inCommitment ? commitmentStatus(ofGroup: groupID)?.renewalPrice : nil,
                  recentSubscriptionStart: own ? recentSubscriptionStart(ofGroup: groupID) ?? status.transaction.purchaseDate
                                               : status.transaction.purchaseDate,
                  appAccountToken: info?.appAccountToken ?? status.transaction.appAccountToken,
                  commitmentExpiration: status.transaction.commitment?.expirationDate)
    }
}
