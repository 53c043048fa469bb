import Foundation

/// One entry in the ledger, with StoreKit 2's transaction fields. The ledger holds transactions only,
/// as StoreKit 2 does: failed and cancelled attempts, requests waiting on someone and restores are
/// `StoreEvent`s, with ids of their own.
public struct Transaction: Sendable, Identifiable, Hashable {
    public enum State: String, Sendable, CaseIterable {
        case purchased
        /// refunded or otherwise taken back; `revocationDate` and `revocationReason` say when and why
        case revoked
    }

    public enum Ownership: String, Sendable, CaseIterable { case purchased, familyShared }

    /// StoreKit's `Transaction.reason` (the App Store's `transactionReason`): a purchase the person
    /// made, or a subscription renewing on its own (a billing retry's recovery included).
    public enum Reason: String, Sendable, CaseIterable { case purchase, renewal }

    public enum RevocationReason: String, Sendable, CaseIterable {
        /// the App Store refunded because of a problem with the app
        case developerIssue
        case other
    }

    /// StoreKit's `Transaction.RevocationType` (the App Store Server API's `revocationType`, 1.19): a
    /// refund in full, a refund prorated by consumption, or a revocation from Family Sharing, so a
    /// refund and a family revocation no longer look alike (issue 55, item 14).
    public enum RevocationType: String, Sendable, CaseIterable {
        case fullRefund, proratedRefund, familyRevocation

        /// The App Store Server API's and Server Notifications' name (`REFUND_FULL`…).
        public var serverName: String {
            switch self {
            case .fullRefund: "REFUND_FULL"
            case .proratedRefund: "REFUND_PRORATED"
            case .familyRevocation: "FAMILY_REVOKE"
            }
        }
    }

    public var id: UInt64
    /// The first transaction of the subscription (or the purchase a restore refers to); its own id otherwise.
    public var originalID: UInt64
    public var productID: String
    public var productType: ProductType
    public var purchaseDate: Date
    public var originalPurchaseDate: Date
    /// StoreKit's: when an auto-renewable subscription's period ends. Nil for a non-renewing
    /// subscription, whose duration is the app's to determine (see `appPassEnd`).
    public var expirationDate: Date?
    public var quantity: Int
    public var ownership: Ownership
    public var offerKind: SubscriptionOffer.Kind?
    public var offerID: String?
    public var revocationDate: Date?
    public var revocationReason: RevocationReason?
    public var revocationType: RevocationType?
    /// The part of the purchase refunded, in thousandths of a percent (the server's `revocationPercentage`
    /// "in milliunits": 100000 is 100%, 33333 one of three units); StoreKit's is this divided by 1,000.
    /// Present only for a refund not reversed, never for a Family Sharing revocation.
    public var revocationPercentage: Int?
    /// A subscription transaction replaced by an upgrade within its group.
    public var isUpgraded: Bool
    /// For an upgraded transaction: the unused part of its period that the App Store refunds, as the
    /// simulator estimates it pro rata (StoreKit exposes only `isUpgraded`; Apple decides the amount),
    /// and when.
    public var upgradeRefund: Decimal?
    public var upgradeRefundDate: Date?
    /// Not StoreKit's: for a non-renewing pass, the end the app computed for it (AppPasses.swift).
    public var appPassEnd: Date?
    /// Territory code of the storefront it was bought in.
    public var storefront: String
    public var state: State
    /// What was charged, per unit, in the storefront's currency.
    public var price: Decimal
    public var currency: String
    /// StoreKit's appAccountToken: the UUID the app passed with the purchase (`.appAccountToken(_:)`), if any.
    public var appAccountToken: UUID?
    public var reason: Reason
    /// StoreKit's `Transaction.commitmentInfo`: for a payment of the monthly plan with a 12-month
    /// commitment, which payment it is, when the commitment ends and its total. Nil billed up front.
    public var commitment: CommitmentInfo?
    /// A period of the monthly plan's own introductory offer (a free trial for people who commit, say):
    /// bought on the monthly plan, before its commitment starts; the commitment's payment 1 follows
    /// the offer (BillingPlans.swift). False for everything else.
    public var isMonthlyPlanOffer = false
    /// Not StoreKit's: which of the account's devices (`--device`) made the purchase; nil for what the
    /// App Store made on its own (a renewal) or a family organizer shares. The inspector shows it.
    public var device: String?

    /// StoreKit's `Transaction.billingPlanType`: monthly for a payment of a commitment or a period of
    /// the monthly plan's introductory offer, billed up front for any other auto-renewable
    /// subscription transaction; nil for other product types.
    public var billingPlanType: BillingPlanType? {
        guard productType == .autoRenewable else { return nil }
        return commitment == nil && !isMonthlyPlanOffer ? .billedUpFront : .monthly
    }

    public init(id: UInt64, originalID: UInt64, productID: String, productType: ProductType, purchaseDate: Date,
                originalPurchaseDate: Date, expirationDate: Date?, quantity: Int, ownership: Ownership,
                offerKind: SubscriptionOffer.Kind?, offerID: String?, revocationDate: Date?,
                revocationReason: RevocationReason?, isUpgraded: Bool, storefront: String, state: State,
                price: Decimal, currency: String, upgradeRefund: Decimal? = nil, upgradeRefundDate: Date? = nil,
                appPassEnd: Date? = nil, appAccountToken: UUID? = nil, reason: Reason = .purchase, commitment: CommitmentInfo? = nil,
                device: String? = nil) {
        self.device = device
        self.commitment = commitment
        self.id = id
        self.originalID = originalID
        self.productID = productID
        self.productType = productType
        self.purchaseDate = purchaseDate
        self.originalPurchaseDate = originalPurchaseDate
        self.expirationDate = expirationDate
        self.quantity = quantity
        self.ownership = ownership
        self.offerKind = offerKind
        self.offerID = offerID
        self.revocationDate = revocationDate
        self.revocationReason = revocationReason
        self.isUpgraded = isUpgraded
        self.storefront = storefront
        self.state = state
        self.price = price
        self.currency = currency
        self.upgradeRefund = upgradeRefund
        self.upgradeRefundDate = upgradeRefundDate
        self.appPassEnd = appPassEnd
        self.appAccountToken = appAccountToken
        self.reason = reason
    }

    public func isRevoked(at instant: Date) -> Bool {
        guard let revocationDate else { return false }
        return revocationDate <= instant
    }
}

/// Why a purchase did not go through. The first cases mirror StoreKit's errors; the rest are the
/// App Store refusing a purchase that makes no sense.
public enum PurchaseError: String, Error, Sendable, CaseIterable, Hashable {
    case userCancelled
    case networkError
    case notAvailableInStorefront
    case paymentNotAllowed
    case unknown
    case productNotFound
    case alreadyOwned
    case alreadySubscribed
    case invalidQuantity
    /// a promotional offer for someone who never subscribed to its group (StoreKit's
    /// Product.PurchaseError.ineligibleForOffer)
    case ineligibleForOffer

    /// The errors QA can inject into the next purchase (Xcode's StoreKit Testing offers the same).
    public static let injectable: [PurchaseError] = [.networkError, .userCancelled, .notAvailableInStorefront,
                                                    .paymentNotAllowed, .unknown]
}
