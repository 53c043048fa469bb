import Foundation

/// One entry in the ledger, with StoreKit's transaction fields and the SKPaymentTransaction state.
public struct Transaction: Sendable, Identifiable, Hashable {
    public enum State: String, Sendable, CaseIterable {
        /// the confirmation sheet is up
        case purchasing
        /// waiting for approval (Ask to Buy)
        case deferred
        /// waiting for the person to act outside the app (interrupted purchase); StoreKit reports it failed
        case interrupted
        /// did not go through; `failure` says why
        case failed
        case purchased
        /// a record of a restore; the purchase it restores is `originalID`
        case restored
        /// refunded or otherwise taken back; `revocationDate` and `revocationReason` say when and why
        case revoked
    }

    public enum Ownership: String, Sendable { case purchased, familyShared }

    public enum RevocationReason: String, Sendable, CaseIterable {
        /// the App Store refunded because of a problem with the app
        case developerIssue
        case other
    }

    public var id: UInt64
    /// The first transaction of the subscription (or the purchase a restore refers to); its own id otherwise.
    public var originalID: UInt64
    public var productID: String
    public var productType: ProductType
    public var purchaseDate: Date
    public var originalPurchaseDate: Date
    public var expirationDate: Date?
    public var quantity: Int
    public var ownership: Ownership
    public var offerKind: SubscriptionOffer.Kind?
    public var offerID: String?
    public var revocationDate: Date?
    public var revocationReason: RevocationReason?
    /// A subscription transaction replaced by an upgrade within its group.
    public var isUpgraded: Bool
    /// Territory code of the storefront it was bought in.
    public var storefront: String
    public var state: State
    public var failure: PurchaseError?
    /// What was charged, per unit, in the storefront's currency.
    public var price: Decimal
    public var currency: String

    public init(id: UInt64, originalID: UInt64, productID: String, productType: ProductType, purchaseDate: Date,
                originalPurchaseDate: Date, expirationDate: Date?, quantity: Int, ownership: Ownership,
                offerKind: SubscriptionOffer.Kind?, offerID: String?, revocationDate: Date?,
                revocationReason: RevocationReason?, isUpgraded: Bool, storefront: String, state: State,
                failure: PurchaseError?, price: Decimal, currency: String) {
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
        self.failure = failure
        self.price = price
        self.currency = currency
    }

    /// Whether it gives, or gave, the person the product (purchased or family-shared, not failed,
    /// not waiting, not a restore record).
    public var isCompletedPurchase: Bool { state == .purchased || state == .revoked }

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
    case declinedByParent
    /// an interrupted purchase, as the app saw it before the person resolved it
    case interrupted
    /// a promotional offer for someone who never subscribed to its group (StoreKit's
    /// Product.PurchaseError.ineligibleForOffer)
    case ineligibleForOffer

    /// The errors QA can inject into the next purchase (Xcode's StoreKit Testing offers the same).
    public static let injectable: [PurchaseError] = [.networkError, .userCancelled, .notAvailableInStorefront,
                                                    .paymentNotAllowed, .unknown]
}
