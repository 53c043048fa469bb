import Foundation

/// Xcode's StoreKit error injection (the `.storekit` file's `settings._storeKitErrors`, StoreKit Test's
/// `SKTestFailures`): one category per StoreKit call that can be made to fail, each with the errors
/// StoreKit defines for that call. Sources, Apple's documentation:
/// - SKTestFailures (https://developer.apple.com/documentation/storekittest/sktestfailures): the nine
///   categories, each `generic(StoreKitError)`; Purchase adds `purchase(Product.PurchaseError)`,
///   Verification is `verification(VerificationResult.VerificationError)`, Refund Request adds
///   `refundRequest(Transaction.RefundRequestError)`.
/// - StoreKitError (https://developer.apple.com/documentation/storekit/storekiterror).
/// - Product.PurchaseError (https://developer.apple.com/documentation/storekit/product/purchaseerror).
/// - VerificationResult.VerificationError
///   (https://developer.apple.com/documentation/storekit/verificationresult/verificationerror).
/// - Transaction.RefundRequestError (https://developer.apple.com/documentation/storekit/transaction/refundrequesterror).
///
/// Purchase is the scenario's `fail-purchases` (every purchase fails until it is off): one switch, two names.
public enum StoreKitErrorCategory: String, Sendable, CaseIterable {
    case loadProducts = "load-products"
    case purchase
    case verification
    case appStoreSync = "app-store-sync"
    case subscriptionStatus = "subscription-status"
    case appTransaction = "app-transaction"
    case manageSubscriptionsSheet = "manage-subscriptions-sheet"
    case refundRequestSheet = "refund-request-sheet"
    case offerCodeRedeemSheet = "offer-code-redeem-sheet"

    /// The name Xcode shows and writes in `_storeKitErrors[].name`.
    public var xcodeName: String {
        switch self {
        case .loadProducts: "Load Products"
        case .purchase: "Purchase"
        case .verification: "Verification"
        case .appStoreSync: "App Store Sync"
        case .subscriptionStatus: "Subscription Status"
        case .appTransaction: "App Transaction"
        case .manageSubscriptionsSheet: "Manage Subscriptions Sheet"
        case .refundRequestSheet: "Refund Request Sheet"
        case .offerCodeRedeemSheet: "Offer Code Redeem Sheet"
        }
    }

    /// The errors StoreKit defines for this call, as SKTestFailures lists them.
    public var cases: [StoreKitErrorCase] {
        switch self {
        case .verification: StoreKitErrorCase.verificationErrors
        case .purchase: StoreKitErrorCase.storeKitErrors + StoreKitErrorCase.purchaseErrors
        case .refundRequestSheet: StoreKitErrorCase.storeKitErrors + StoreKitErrorCase.refundRequestErrors
        default: StoreKitErrorCase.storeKitErrors
        }
    }

    /// The errors the setting accepts: StoreKit's for the call. Purchase takes the errors the purchase
    /// flow has always injected (`fail-purchases`' values), so its names and messages stay one list.
    public var injectable: [StoreKitErrorCase] {
        guard self == .purchase else { return cases }
        return PurchaseError.injectable.compactMap(StoreKitErrorCase.init(purchaseError:))
    }

    /// A system sheet: closing it is the person's choice (userCancelled), which the app does not report.
    public var isSheet: Bool { [.manageSubscriptionsSheet, .refundRequestSheet, .offerCodeRedeemSheet].contains(self) }

    public init?(xcodeName: String) {
        guard let category = Self.allCases.first(where: { $0.xcodeName == xcodeName }) else { return nil }
        self = category
    }
}

/// One error StoreKit can return, by StoreKit's case name; `settingName` is the kebab-case spelling
/// scenario settings use (`network-error`), and the camel-case name (`networkError`) is accepted too.
public enum StoreKitErrorCase: String, Error, Sendable, CaseIterable {
    // StoreKitError
    case unknown, userCancelled, networkError, systemError, notAvailableInStorefront, notEntitled, unsupported
    // Product.PurchaseError
    case invalidQuantity, productUnavailable, purchaseNotAllowed, ineligibleForOffer, invalidOfferIdentifier
    case invalidOfferPrice, invalidOfferSignature, missingOfferParameters
    // VerificationResult.VerificationError
    case revokedCertificate, invalidCertificateChain, invalidDeviceVerification, invalidEncoding, invalidSignature
    case missingRequiredProperties
    // Transaction.RefundRequestError
    case duplicateRequest, failed

    static let storeKitErrors: [Self] = [.unknown, .userCancelled, .networkError, .systemError, .notAvailableInStorefront,
                                         .notEntitled, .unsupported]
    static let purchaseErrors: [Self] = [.invalidQuantity, .productUnavailable, .purchaseNotAllowed, .ineligibleForOffer,
                                         .invalidOfferIdentifier, .invalidOfferPrice, .invalidOfferSignature, .missingOfferParameters]
    static let verificationErrors: [Self] = [.revokedCertificate, .invalidCertificateChain, .invalidDeviceVerification,
                                             .invalidEncoding, .invalidSignature, .missingRequiredProperties]
    static let refundRequestErrors: [Self] = [.duplicateRequest, .failed]

    /// The StoreKit type the case belongs to, as SKTestFailures wraps it: `generic` (StoreKitError),
    /// `purchase`, `verification` or `refundRequest`.
    public var wrapper: String {
        if Self.purchaseErrors.contains(self) { return "purchase" }
        if Self.verificationErrors.contains(self) { return "verification" }
        if Self.refundRequestErrors.contains(self) { return "refundRequest" }
        return "generic"
    }

    /// `network-error`, `duplicate-request`.
    public var settingName: String { kebabCased(rawValue) }

    /// By its setting name (`network-error`) or StoreKit's (`networkError`). The purchase flow's own
    /// name for purchaseNotAllowed, `payment-not-allowed`, reads too.
    public init?(name: String) {
        if name == "payment-not-allowed" || name == "paymentNotAllowed" {
            self = .purchaseNotAllowed
        } else if let found = Self(rawValue: name) ?? Self.allCases.first(where: { $0.settingName == name }) {
            self = found
        } else {
            return nil
        }
    }

    /// The purchase flow's error for the same StoreKit case.
    public init?(purchaseError: PurchaseError) {
        switch purchaseError {
        case .paymentNotAllowed: self = .purchaseNotAllowed
        default:
            guard let found = Self(rawValue: purchaseError.rawValue) else { return nil }
            self = found
        }
    }

    /// The purchase flow's error for this case, where it has one.
    public var purchaseError: PurchaseError? {
        self == .purchaseNotAllowed ? .paymentNotAllowed : PurchaseError(rawValue: rawValue)
    }

    /// The name this case has in a category's setting: Purchase keeps `fail-purchases`' names.
    public func settingName(in category: StoreKitErrorCategory) -> String {
        category == .purchase ? (purchaseError?.settingName ?? settingName) : settingName
    }
}

extension AppStore {
    /// The error injected into a StoreKit call, if any: Purchase is `fail-purchases`.
    public func injectedError(_ category: StoreKitErrorCategory) -> StoreKitErrorCase? {
        if category == .purchase { return scenario.failPurchases.flatMap(StoreKitErrorCase.init(purchaseError:)) }
        return scenario.storeKitErrors[category]
    }

    /// How many StoreKit calls fail now.
    public var injectedErrorCount: Int {
        StoreKitErrorCategory.allCases.filter { injectedError($0) != nil }.count
    }

    /// Whether StoreKit reports the app's transactions verified: while Verification fails, every
    /// `VerificationResult` the app reads is `.unverified` (StoreKit Testing fails every verification),
    /// so the app grants nothing from them.
    public var transactionsVerify: Bool { scenario.storeKitErrors[.verification] == nil }
}

extension AppStore {
    /// `AppStore.sync()`: throws QA's App Store Sync error, else restores (`restorePurchases()`).
    @discardableResult
    public mutating func sync() throws(StoreKitErrorCase) -> [Transaction] {
        if let error = scenario.storeKitErrors[.appStoreSync] { throw error }
        return restorePurchases()
    }

    /// The error a StoreKit sheet fails with instead of opening (Manage Subscriptions, Refund Request,
    /// Offer Code Redeem), if QA injected one.
    public func sheetFailure(_ category: StoreKitErrorCategory) -> StoreKitErrorCase? {
        precondition(category.isSheet, "\(category.rawValue) is no sheet")
        return scenario.storeKitErrors[category]
    }

    /// The app reads a purchase the App Store completed: while Verification fails the result is
    /// `.unverified(transaction, error)`, and the app does not unlock it. The transaction stays (charged,
    /// in the ledger); a non-consumable or subscription is left out of the app's entitlements while
    /// the error lasts (`transactionsVerify`), and a consumable's units are not delivered (the purchase
    /// waits in Missing a Purchase, as any the app did not deliver). Returns the verification error.
    @discardableResult
    public mutating func receive(_ transaction: Transaction) -> StoreKitErrorCase? {
        guard let error = scenario.storeKitErrors[.verification] else { return nil }
        if transaction.productType == .consumable { markUndelivered(transaction.id) }
        return error
    }
}
