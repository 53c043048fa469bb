import Foundation

/// Everything one app sells, as loaded from a catalog file (see docs/catalog.md for the schema).
///
/// Lookups by id, products by group and products by type are indexes built whenever the lists are
/// set, so a screen may ask for one product per row per key at any catalog size.
public struct Catalog: Sendable {
    public var app: AppInfo
    public var territories: [Territory] { didSet { indexTerritories() } }
    public var subscriptionGroups: [SubscriptionGroup] { didSet { indexGroups() } }
    public var products: [Product] { didSet { indexProducts() } }
    public var offerCodes: [OfferCodeOffer]
    /// The free area behind the metered paywall; nil when the app has none.
    public var freeContent: FreeContent?
    /// The pages shown on a first launch; nil when the app has none.
    public var onboarding: Onboarding?

    /// Position in `products` by product id (the first, should a hand-made catalog repeat an id).
    private var productPositions: [String: Int] = [:]
    /// Position in `subscriptionGroups` by group id; also the order `AppStore` renews groups in.
    private var groupPositions: [String: Int] = [:]
    private var territoryPositions: [String: Int] = [:]
    private var productsByGroup: [String: [Product]] = [:]
    private var productsByType: [ProductType: [Product]] = [:]

    public init(app: AppInfo, territories: [Territory], subscriptionGroups: [SubscriptionGroup],
                products: [Product], offerCodes: [OfferCodeOffer], freeContent: FreeContent? = nil,
                onboarding: Onboarding? = nil) {
        self.app = app
        self.freeContent = freeContent
        self.onboarding = onboarding
        self.territories = territories
        self.subscriptionGroups = subscriptionGroups
        self.products = products
        self.offerCodes = offerCodes
        indexTerritories()
        indexGroups()
        indexProducts()
    }

    public func product(_ id: String) -> Product? { productPositions[id].map { products[$0] } }
    public func group(_ id: String) -> SubscriptionGroup? { groupPositions[id].map { subscriptionGroups[$0] } }
    public func territory(_ code: String) -> Territory? { territoryPositions[code.uppercased()].map { territories[$0] } }

    /// Where a group stands in `subscriptionGroups`; nil for a group the catalog lacks.
    func position(ofGroup id: String) -> Int? { groupPositions[id] }
    /// Where a product stands in `products`; nil for a product the catalog lacks.
    func position(ofProduct id: String) -> Int? { productPositions[id] }

    /// The auto-renewable subscriptions of a group, highest service level first (level 1 is the top,
    /// as in App Store Connect), then shortest period first.
    public func products(inGroup groupID: String) -> [Product] { productsByGroup[groupID] ?? [] }

    public func products(ofType type: ProductType) -> [Product] { productsByType[type] ?? [] }

    private mutating func indexTerritories() {
        territoryPositions = Self.firstPositions(territories.map(\.code))
    }

    private mutating func indexGroups() {
        groupPositions = Self.firstPositions(subscriptionGroups.map(\.id))
    }

    private mutating func indexProducts() {
        productPositions = Self.firstPositions(products.map(\.id))
        productsByType = Dictionary(grouping: products, by: \.type)
        productsByGroup = Dictionary(grouping: products.filter { $0.subscription != nil }) { $0.subscription!.groupID }
            .mapValues { inGroup in
                inGroup.sorted {
                    let (a, b) = ($0.subscription!, $1.subscription!)
                    return a.level != b.level ? a.level < b.level : a.period.approximateDays < b.period.approximateDays
                }
            }
    }

    /// Each key's first position, as the linear scans this replaces found it.
    private static func firstPositions(_ keys: [String]) -> [String: Int] {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(keys.count)
        for (position, key) in keys.enumerated() where positions[key] == nil { positions[key] = position }
        return positions
    }
}

public struct AppInfo: Sendable {
    public var name: LocalizedText
    /// Language used when a text has no translation for the viewer's language.
    public var defaultLanguage: String
    public var termsOfServiceURL: String
    public var privacyPolicyURL: String
}

/// An App Store storefront: an ISO 3166 alpha-3 code, the currency prices are charged in there, and the
/// locale a person there most likely uses (for choosing a default territory from the terminal's locale).
public struct Territory: Sendable, Hashable {
    public var code: String
    public var currency: String
    public var locale: String

    public init(code: String, currency: String, locale: String) {
        self.code = code
        self.currency = currency
        self.locale = locale
    }

    /// ISO 3166 alpha-2 region of the territory's locale (USA → US), used to match a viewer's locale.
    public var region: String? { Locale(identifier: locale).region?.identifier }
}

/// A text with translations keyed by language code ("en", "de", "fr", "ja", "pt-BR").
public struct LocalizedText: Sendable, Hashable {
    public var translations: [String: String]

    public init(_ translations: [String: String]) { self.translations = translations }

    /// The best translation for a locale: exact language and region, then language, then the fallback.
    public func resolved(for locale: Locale, fallback: String) -> String {
        let language = locale.language.languageCode?.identifier ?? fallback
        if let region = locale.region?.identifier, let text = translations["\(language)-\(region)"] { return text }
        return translations[language] ?? translations[fallback] ?? translations.values.sorted().first ?? ""
    }
}

public enum ProductType: String, Sendable, CaseIterable {
    case consumable, nonConsumable, autoRenewable, nonRenewing

    /// Who restores it on a new device: the App Store, the app itself, or nobody.
    public var restoredBy: RestoredBy {
        switch self {
        case .consumable: .nobody
        case .nonConsumable, .autoRenewable: .system
        case .nonRenewing: .app
        }
    }

    public enum RestoredBy: Sendable { case system, app, nobody }
}

public struct Product: Sendable, Identifiable {
    public var id: String
    public var type: ProductType
    public var name: LocalizedText
    public var description: LocalizedText
    public var familyShareable: Bool
    /// Price per unit (per period for subscriptions) by territory code. A territory missing here means
    /// the product is not sold there.
    public var prices: [String: Decimal]
    /// Consumables: the most a person can buy in one purchase.
    public var maxQuantity: Int
    /// Auto-renewable subscriptions only.
    public var subscription: SubscriptionInfo?
    /// Non-renewing subscriptions only: how long one purchase lasts.
    public var duration: SubscriptionPeriod?

    public func price(in territory: Territory) -> Decimal? { prices[territory.code] }
}

public struct SubscriptionInfo: Sendable {
    public var groupID: String
    /// Service level within the group; 1 is the highest, as in App Store Connect.
    public var level: Int
    public var period: SubscriptionPeriod
    public var introductoryOffer: SubscriptionOffer?
    public var promotionalOffers: [SubscriptionOffer]
}

/// A group of subscriptions of which a person can hold only one at a time.
public struct SubscriptionGroup: Sendable {
    public var id: String
    public var name: LocalizedText
    /// Billing grace period after a failed renewal, during which access continues (P3D, P16D, P28D).
    public var gracePeriod: SubscriptionPeriod?
    /// How long the App Store keeps retrying a failed renewal before the subscription expires.
    public var billingRetryPeriod: SubscriptionPeriod
}

/// A discounted or free stretch of a subscription: introductory, promotional or offer-code.
public struct SubscriptionOffer: Sendable, Hashable {
    public enum Kind: String, Sendable { case introductory, promotional, code }
    public enum PaymentMode: String, Sendable, CaseIterable { case freeTrial, payAsYouGo, payUpFront }
    /// Why a promotional offer exists: to keep a subscriber who is cancelling, or win back a lapsed one.
    public enum Purpose: String, Sendable, CaseIterable { case retention, winBack }

    public var id: String?
    public var kind: Kind
    public var paymentMode: PaymentMode
    /// Length of one offer period (pay as you go) or of the whole offer (free trial, pay up front).
    public var period: SubscriptionPeriod
    /// How many periods the offer lasts (pay as you go); 1 otherwise.
    public var periodCount: Int
    /// Price per offer period by territory; empty for a free trial.
    public var prices: [String: Decimal]
    public var purpose: Purpose?

    /// The whole length of the offer.
    public var totalDuration: SubscriptionPeriod { period.times(periodCount) }

    /// What one offer period costs in a territory (zero for a free trial; nil if not offered there).
    public func price(in territory: Territory) -> Decimal? {
        paymentMode == .freeTrial ? 0 : prices[territory.code]
    }
}

/// An offer redeemed with a code (App Store Connect "offer codes").
public struct OfferCodeOffer: Sendable {
    public enum Eligibility: String, Sendable, CaseIterable {
        /// never subscribed to the group
        case new
        /// subscribed now
        case existing
        /// subscribed once, lapsed now
        case lapsed
    }

    public var id: String
    public var name: LocalizedText
    public var productID: String
    public var offer: SubscriptionOffer
    public var eligibility: Set<Eligibility>
    public var expires: Date?
    public var active: Bool
    /// Unique codes, each redeemable once.
    public var oneTimeUseCodes: [String]
    /// Codes anyone can redeem (alphanumeric ASCII only), like SPRINGSALE.
    public var customCodes: [String]
}
