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
    public var offerCodes: [OfferCodeOffer] { didSet { indexOfferCodes() } }
    /// The free area behind the metered paywall; nil when the app has none.
    public var freeContent: FreeContent?
    /// The pages shown on a first launch; nil when the app has none.
    public var onboarding: Onboarding?
    /// Purchase Help's questions and answers, contact and conciliatory item; nil when the catalog has none.
    public var help: HelpInfo?
    /// The inputs to Apple's rule for when a price increase needs consent (`priceIncreaseConsent`).
    public var priceIncreaseConsent = PriceIncreaseConsent()
    /// The products App Store Connect promotes on the App Store, in its default order
    /// (`promotedProducts`; PromotedPurchases.swift).
    public var promotedProducts: [String] = [] {
        didSet { promotedPositions = Dictionary(promotedProducts.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a }) }
    }
    /// Position in `promotedProducts` by product id.
    private(set) var promotedPositions: [String: Int] = [:]
    /// What the file a catalog was read from keeps that the model has no place for, so the format can
    /// write it back (CatalogFormats' `storeKit` for an Xcode `.storekit` file); nil for a JSON catalog
    /// or one built in code. The model never reads it.
    public var origin: (any Sendable)?

    /// Position in `products` by product id (the first, should a hand-made catalog repeat an id); the
    /// index keeps no ids, it reads them back from `products` (`PlaceIndex`).
    private var productPositions = PlaceIndex()
    /// Position in `subscriptionGroups` by group id; also the order `AppStore` renews groups in.
    private var groupPositions: [String: Int] = [:]
    private var territoryPositions: [String: Int] = [:]
    /// Position in `offerCodes` by offer id; and by code (codes are kept in upper case) the code's
    /// place (`codePlace`: its offer's position, its list and its position there, where the index
    /// reads the code back).
    private var offerCodePositions = PlaceIndex()
    private var codePlaces = PlaceIndex()
    package static let codeOfferShift = 33

    /// Where a code stands: its offer's position from `codeOfferShift` up, then whether it is a custom
    /// code (bit 32; else one-time-use), then its position in that list.
    package static func codePlace(offer: Int, custom: Bool, index: Int) -> UInt64 {
        UInt64(offer) << UInt64(codeOfferShift) | (custom ? 1 << 32 : 0) | UInt64(index)
    }

    /// `codePlace` read back: the offer's position, whether the code is custom, its position in the list.
    package static func codePlaceParts(_ place: UInt64) -> (offer: Int, custom: Bool, index: Int) {
        (Int(place >> UInt64(codeOfferShift)), place & (1 << 32) != 0, Int(place & 0xFFFF_FFFF))
    }
    /// Positions in `products`, not copies: at 100,000 products copies would double the catalog.
    private var productsByGroup: [String: [Int]] = [:]
    /// By `ProductType.position`: an array, not a dictionary keyed by the enum, whose first use costs
    /// the Swift runtime a search of every protocol conformance in the binary (issue 33).
    private var productsByType: [[Int]] = ProductType.allCases.map { _ in [] }
    /// Positions of the products Family Sharing can share, each list in catalog order: the
    /// family-shareable auto-renewable subscriptions, and the family-shareable non-consumables.
    private var familyShareable: (subscriptions: [Int], nonConsumables: [Int]) = ([], [])

    public init(app: AppInfo, territories: [Territory], subscriptionGroups: [SubscriptionGroup],
                products: [Product], offerCodes: [OfferCodeOffer], freeContent: FreeContent? = nil,
                onboarding: Onboarding? = nil) {
        self.init(app: app, territories: territories, subscriptionGroups: subscriptionGroups, products: products,
                  offerCodes: offerCodes, freeContent: freeContent, onboarding: onboarding, productPositions: nil,
                  offerCodeIndex: nil)
    }

    /// `productPositions`: each product id's first position; `offerCodeIndex`: each offer id's first
    /// position, and each upper-case code's first place (`codePlace`) — when the reader has them
    /// already, so the catalog does not hash every id and code again. Their places must be positions in
    /// these lists: the indexes read their keys back from them.
    package init(app: AppInfo, territories: [Territory], subscriptionGroups: [SubscriptionGroup],
         products: [Product], offerCodes: [OfferCodeOffer], freeContent: FreeContent?, onboarding: Onboarding?,
         productPositions: PlaceIndex?, offerCodeIndex: (ids: PlaceIndex, codes: PlaceIndex)?) {
        self.app = app
        self.freeContent = freeContent
        self.onboarding = onboarding
        self.territories = territories
        self.subscriptionGroups = subscriptionGroups
        self.products = products
        self.offerCodes = offerCodes
        indexTerritories()
        indexGroups()
        indexProducts(positions: productPositions)
        if let offerCodeIndex {
            (offerCodePositions, codePlaces) = offerCodeIndex
        } else {
            indexOfferCodes()
        }
    }

    /// The offer-code offer with this id (its reference name).
    public func offerCode(id: String) -> OfferCodeOffer? {
        offerCodePositions.place(of: id) { offerCodes[Int($0)].id }.map { offerCodes[Int($0)] }
    }

    /// The offer a code opens, and whether it is one of its one-time-use codes; the code in upper case
    /// (codes match whatever case they are typed in).
    public func offerCode(forCode code: String) -> (offer: OfferCodeOffer, oneTimeUse: Bool)? {
        guard let place = codePlaces.place(of: code, keyAt: self.code(at:)) else { return nil }
        let parts = Self.codePlaceParts(place)
        return (offerCodes[parts.offer], !parts.custom)
    }

    /// The code at a place of `codePlaces`.
    private func code(at place: UInt64) -> String { Self.code(at: place, in: offerCodes) }

    /// The code at a `codePlace` of these offers.
    package static func code(at place: UInt64, in offers: [OfferCodeOffer]) -> String {
        let parts = codePlaceParts(place)
        return parts.custom ? offers[parts.offer].customCode(at: parts.index) : offers[parts.offer].oneTimeUseCodes[parts.index]
    }

    private mutating func indexOfferCodes() {
        offerCodePositions = PlaceIndex(positions: offerCodes.count) { offerCodes[$0].id }
        var codes = PlaceIndex(expected: offerCodes.count)
        for position in offerCodes.indices {
            // Custom codes first: a code an offer lists both ways counts as custom.
            for index in 0..<offerCodes[position].customCodeCount {
                _ = codes.insert(offerCodes[position].customCode(at: index), place: Self.codePlace(offer: position, custom: true, index: index),
                                 keyAt: self.code(at:))
            }
            for (index, code) in offerCodes[position].oneTimeUseCodes.enumerated() {
                _ = codes.insert(code, place: Self.codePlace(offer: position, custom: false, index: index), keyAt: self.code(at:))
            }
        }
        codePlaces = codes
    }

    public func product(_ id: String) -> Product? { position(ofProduct: id).map { products[$0] } }
    public func group(_ id: String) -> SubscriptionGroup? { groupPositions[id].map { subscriptionGroups[$0] } }
    public func territory(_ code: String) -> Territory? { territoryPositions[code.uppercased()].map { territories[$0] } }

    /// Where a group stands in `subscriptionGroups`; nil for a group the catalog lacks.
    package func position(ofGroup id: String) -> Int? { groupPositions[id] }
    /// Where a product stands in `products`; nil for a product the catalog lacks.
    public func position(ofProduct id: String) -> Int? {
        productPositions.place(of: id) { products[Int($0)].id }.map { Int($0) }
    }

    /// Where the products of `products(inGroup:)` stand in `products`, in that order, without copies.
    public func positions(inGroup groupID: String) -> [Int] { productsByGroup[groupID] ?? [] }

    /// Where the products of `products(ofType:)` stand in `products`, in that order, without copies.
    public func positions(ofType type: ProductType) -> [Int] { productsByType[type.position] }

    /// How many products a family organizer can share: family-shareable auto-renewable subscriptions
    /// and non-consumables (the only types Family Sharing shares).
    public var familyShareCount: Int { familyShareable.subscriptions.count + familyShareable.nonConsumables.count }

    /// The shareable product in a slot (0..<familyShareCount): the subscriptions first, then the
    /// non-consumables, each in catalog order.
    public func familyShareProduct(at slot: Int) -> Product {
        let subscriptions = familyShareable.subscriptions
        return products[slot < subscriptions.count ? subscriptions[slot] : familyShareable.nonConsumables[slot - subscriptions.count]]
    }

    /// The slot of a shareable product (see `familyShareProduct(at:)`), by binary search; nil for
    /// anything else.
    public func familyShareSlot(of productID: String) -> Int? {
        guard let position = position(ofProduct: productID) else { return nil }
        let isSubscription = products[position].type == .autoRenewable
        let list = isSubscription ? familyShareable.subscriptions : familyShareable.nonConsumables
        var (low, high) = (0, list.count)
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < position { low = middle + 1 } else { high = middle }
        }
        guard low < list.count, list[low] == position else { return nil }
        return isSubscription ? low : familyShareable.subscriptions.count + low
    }

    /// The auto-renewable subscriptions of a group, highest service level first (level 1 is the top,
    /// as in App Store Connect), then shortest period first.
    public func products(inGroup groupID: String) -> [Product] { (productsByGroup[groupID] ?? []).map { products[$0] } }

    /// Builds the list it returns: O(products of that type).
    public func products(ofType type: ProductType) -> [Product] { productsByType[type.position].map { products[$0] } }

    private mutating func indexTerritories() {
        territoryPositions = Self.firstPositions(territories.map(\.code))
    }

    private mutating func indexGroups() {
        groupPositions = Self.firstPositions(subscriptionGroups.map(\.id))
    }

    /// Reads each product's fields in place (a copy of a product is a dozen reference counts).
    private mutating func indexProducts(positions: PlaceIndex? = nil) {
        productPositions = positions ?? PlaceIndex(positions: products.count) { products[$0].id }
        var byType: [[Int]] = ProductType.allCases.map { _ in [] }
        var byGroup: [String: [Int]] = [:]
        var shareable: (subscriptions: [Int], nonConsumables: [Int]) = ([], [])
        for position in products.indices {
            byType[products[position].type.position].append(position)
            if products[position].familyShareable {
                switch products[position].type {
                case .autoRenewable: shareable.subscriptions.append(position)
                case .nonConsumable: shareable.nonConsumables.append(position)
                case .consumable, .nonRenewing: break
                }
            }
            if let box = products[position].subscriptionBox { byGroup[box.value.groupID, default: []].append(position) }
        }
        productsByType = byType
        familyShareable = shareable
        productsByGroup = byGroup.mapValues { inGroup in
            inGroup.sorted {
                let (a, b) = (products[$0].subscriptionBox!, products[$1].subscriptionBox!)
                return a.value.level != b.value.level ? a.value.level < b.value.level
                    : a.value.period.approximateDays < b.value.period.approximateDays
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
    /// The app's Billing Grace Period, as set in App Store Connect; nil when it is off.
    public var billingGracePeriod: BillingGracePeriod?
    /// The reasons the optional exit survey offers someone cancelling a subscription, in order; empty
    /// for no survey.
    public var exitSurvey: [LocalizedText] = []
    /// The app's bundle identifier (`bundleID`), as signed App Store data names it; nil when the catalog
    /// gives none (a `.storekit` file never does): `signingBundleID` derives one from the name.
    public var bundleID: String?
    /// The app's Apple ID in App Store Connect (`appAppleID`; a synced `.storekit` file's
    /// `_applicationInternalID`); nil when not given, as in the sandbox.
    public var appAppleID: Int64?

    package init(name: LocalizedText, defaultLanguage: String, termsOfServiceURL: String, privacyPolicyURL: String,
                 billingGracePeriod: BillingGracePeriod?, exitSurvey: [LocalizedText] = [],
                 bundleID: String? = nil, appAppleID: Int64? = nil) {
        (self.name, self.defaultLanguage, self.termsOfServiceURL, self.privacyPolicyURL) =
            (name, defaultLanguage, termsOfServiceURL, privacyPolicyURL)
        (self.billingGracePeriod, self.exitSurvey) = (billingGracePeriod, exitSurvey)
        (self.bundleID, self.appAppleID) = (bundleID, appAppleID)
    }

    /// The bundle identifier signed data carries: the catalog's, or one derived from the app's name in
    /// its default language ("Sample Reader" → "com.example.sample-reader"), which lint points out.
    public var signingBundleID: String {
        if let bundleID { return bundleID }
        let words = (name[defaultLanguage] ?? "").lowercased().unicodeScalars
            .map { $0.isASCII && CharacterSet.alphanumerics.contains($0) ? Character($0) : " " }
        let slug = String(words).split(separator: " ").joined(separator: "-")
        return "com.example." + (slug.isEmpty ? "app" : slug)
    }

    /// Apple's characters for a bundle identifier: ASCII letters, digits, hyphens and periods.
    public static func isValidBundleID(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 155 && !text.hasPrefix(".") && !text.hasSuffix(".") && !text.contains("..")
            && text.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == ".") }
    }
}

/// Billing Grace Period, which App Store Connect sets once per app for all its auto-renewable
/// subscriptions: a duration of 3, 16 or 28 days, for all renewals or only paid-to-paid ones. Apple, "Enable
/// Billing Grace Period for auto-renewable subscriptions"
/// (https://developer.apple.com/help/app-store-connect/manage-subscriptions/enable-billing-grace-period-for-auto-renewable-subscriptions),
/// and the App Store Connect API's SubscriptionGracePeriod (`duration` THREE_DAYS, SIXTEEN_DAYS,
/// TWENTY_EIGHT_DAYS; `renewalType` ALL_RENEWALS, PAID_TO_PAID_ONLY).
public struct BillingGracePeriod: Sendable, Equatable {
    /// The durations App Store Connect offers, in days.
    public static let durations = [3, 16, 28]
    /// A weekly subscription's grace period is at most 6 days, whatever the app's duration (App Store
    /// Connect caps it; StoreKit Testing's real-time table likewise gives weekly subscriptions 6 days).
    public static let weeklyCap = 6

    public enum Renewals: String, Sendable, CaseIterable {
        /// existing paid renewals, and free offers turning into paid ones
        case all
        /// only renewals from a paid period to a paid period
        case paidToPaidOnly
    }

    public var days: Int
    public var renewals: Renewals

    public init(days: Int, renewals: Renewals = .all) {
        self.days = days
        self.renewals = renewals
    }

    /// The length for a subscription renewing every `period`.
    public func length(for period: SubscriptionPeriod) -> SubscriptionPeriod {
        SubscriptionPeriod(value: period == .oneWeek ? min(days, Self.weeklyCap) : days, unit: .day)
    }
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
///
/// Stored as one run of bytes (a catalog of 100,000 products holds 200,000 texts): each translation as
/// its language and its text, with their lengths, sorted by language. No dictionary and no String per
/// translation; a String is made when a text is asked for (a visible row). The catalog reader copies the
/// texts of a whole catalog from the file into a few large shared chunks (`TextChunk`), so a text is a
/// place in a chunk rather than a buffer of its own.
public struct LocalizedText: Sendable, Hashable {
    private var chunk: TextChunk
    private var offset: UInt32
    private var length: UInt32

    public init(_ translations: [String: String]) {
        self.init(pairs: translations.map { ($0.key, $0.value) })
    }

    /// From translations with distinct languages, in any order.
    package init(pairs: [(language: String, text: String)]) {
        let sorted = pairs.sorted { $0.language.utf8.lexicographicallyPrecedes($1.language.utf8) }
        let size = sorted.reduce(0) { $0 + Self.entrySize(language: $1.language.utf8.count, text: $1.text.utf8.count) }
        let chunk = TextChunk(capacity: size)
        let offset = chunk.reserve(size)!
        var cursor = chunk.base + offset
        for (language, text) in sorted {
            cursor = Self.write(language.utf8.count, to: cursor)
            for byte in language.utf8 { cursor.initialize(to: byte); cursor += 1 }
            cursor = Self.write(text.utf8.count, to: cursor)
            for byte in text.utf8 { cursor.initialize(to: byte); cursor += 1 }
        }
        self.init(chunk: chunk, offset: offset, length: size)
    }

    package init(chunk: TextChunk, offset: Int, length: Int) {
        self.chunk = chunk
        self.offset = UInt32(offset)
        self.length = UInt32(length)
    }

    public var translations: [String: String] {
        get {
            var translations: [String: String] = [:]
            forEachEntry { language, text in translations[String(decoding: language, as: UTF8.self)] = String(decoding: text, as: UTF8.self) }
            return translations
        }
        set { self = LocalizedText(newValue) }
    }

    /// The translation for a language, or nil.
    public subscript(language: String) -> String? {
        var found: String?
        forEachEntry { key, text in
            if found == nil, UTF8Text.equal(key, language) { found = String(decoding: text, as: UTF8.self) }
        }
        return found
    }

    /// The translations whose text is more than `bytes` bytes of UTF-8, by language (as Strings sort),
    /// without making a String for the others. `cellsPerScalar`: also leave out a text whose scalars,
    /// this many cells each at most, cannot be wider than `bytes` cells (a name of 11 Japanese characters
    /// is 33 bytes but at most 22 cells).
    public func translations(longerThan bytes: Int, cellsPerScalar: Int? = nil) -> [(language: String, text: String)] {
        var long: [(language: String, text: String)] = []
        forEachEntry { language, text in
            guard text.count > bytes else { return }
            if let cellsPerScalar {
                // Scalars are the bytes that do not continue a UTF-8 sequence (the text is valid UTF-8).
                var scalars = 0
                for byte in text where byte & 0xC0 != 0x80 { scalars += 1 }
                guard scalars * cellsPerScalar > bytes else { return }
            }
            long.append((String(decoding: language, as: UTF8.self), String(decoding: text, as: UTF8.self)))
        }
        return long.count > 1 ? long.sorted { $0.language < $1.language } : long
    }

    /// The best translation for a locale: exact language and region, then language, then the fallback.
    public func resolved(for locale: Locale, fallback: String) -> String {
        resolved(language: locale.language.languageCode?.identifier ?? fallback, region: locale.region?.identifier,
                 fallback: fallback)
    }

    /// As `resolved(for:fallback:)`, with the locale's language and region worked out once by the
    /// caller (for a whole list of texts).
    public func resolved(language: String, region: String?, fallback: String) -> String {
        if let region, let text = self["\(language)-\(region)"] { return text }
        return self[language] ?? self[fallback] ?? translations.values.sorted().first ?? ""
    }

    public static func == (a: LocalizedText, b: LocalizedText) -> Bool {
        a.bytes.elementsEqual(b.bytes) || a.translations == b.translations
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(translations) }

    /// The packed entries. Valid while `chunk` lives (as long as this text).
    package var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: chunk.base + Int(offset), count: Int(length))
    }

    private func forEachEntry(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void) {
        withExtendedLifetime(chunk) {
            let bytes = self.bytes
            var offset = 0
            while offset < bytes.count {
                let languageLength = Self.readLength(bytes, &offset)
                let language = UnsafeBufferPointer(rebasing: bytes[offset..<offset + languageLength])
                offset += languageLength
                let textLength = Self.readLength(bytes, &offset)
                let text = UnsafeBufferPointer(rebasing: bytes[offset..<offset + textLength])
                offset += textLength
                body(language, text)
            }
        }
    }

    /// The bytes one translation takes: its language and text, each after its length.
    package static func entrySize(language: Int, text: Int) -> Int {
        lengthSize(language) + language + lengthSize(text) + text
    }

    private static func lengthSize(_ length: Int) -> Int {
        var size = 1
        var rest = length >> 7
        while rest > 0 { size += 1; rest >>= 7 }
        return size
    }

    /// Seven bits a byte, low first; the high bit says more follow. Returns where the next byte goes.
    package static func write(_ length: Int, to cursor: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var cursor = cursor
        var rest = length
        while rest >= 0x80 {
            cursor.initialize(to: UInt8(rest & 0x7F) | 0x80)
            cursor += 1
            rest >>= 7
        }
        cursor.initialize(to: UInt8(rest))
        return cursor + 1
    }

    private static func readLength(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: inout Int) -> Int {
        var length = 0
        var shift = 0
        while true {
            let byte = bytes[offset]
            offset += 1
            length |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return length }
            shift += 7
        }
    }
}

/// Bytes of texts, written once each and never changed: the catalog reader fills chunks one after
/// another and every `LocalizedText` keeps its chunk alive. (Unchecked Sendable: a text's bytes are
/// written before the text exists, and never after.)
package final class TextChunk: @unchecked Sendable {
    /// The size of a chunk the reader fills with many texts.
    package static let shared = 1 << 18

    package let base: UnsafeMutablePointer<UInt8>
    package let capacity: Int
    private(set) var used = 0

    package init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: max(capacity, 1))
    }

    deinit { base.deallocate() }

    /// Room for `size` more bytes: where they go, or nil when the chunk is too full.
    package func reserve(_ size: Int) -> Int? {
        guard used + size <= capacity else { return nil }
        defer { used += size }
        return used
    }

    /// Gives back the last `size` bytes reserved (a text found to equal one stored already).
    package func giveBack(_ size: Int) { used -= size }
}

/// Comparing UTF-8 bytes with a String as Swift compares strings (canonical equivalence), making a
/// String only past ASCII.
package enum UTF8Text {
    /// An ASCII character is never part of a canonical decomposition, so bytes that differ where both
    /// are ASCII, after an ASCII prefix, are different texts.
    package static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ text: String) -> Bool {
        var text = text
        let verdict: Bool? = text.withUTF8 { wanted in
            let common = min(bytes.count, wanted.count)
            var position = 0
            while position < common {
                let (a, b) = (wanted[position], bytes[position])
                if a | b >= 0x80 { return nil }
                if a != b { return false }
                position += 1
            }
            if bytes.count == wanted.count { return true }
            return (bytes.count > common ? bytes[common] : wanted[common]) < 0x80 ? false : nil
        }
        return verdict ?? (String(decoding: bytes, as: UTF8.self) == text)
    }
}

/// Prices by territory code, compact: a territory code of three ASCII letters and a price of at most
/// 19 digits are one 16-byte entry (a product's table is one small array, not a dictionary of
/// Decimals); anything else is kept in a dictionary beside them.
package struct PriceTable: Sendable, Hashable {
    package struct Entry: Sendable, Hashable {
        package var territory: UInt32
        package var exponent: Int8
        package var significand: UInt64
    }

    private(set) var entries: [Entry] = []
    private var others: [String: Decimal]?

    package init() {}

    package init(_ prices: [String: Decimal]) { others = prices.isEmpty ? nil : prices }

    /// Empties the table and keeps its room: a reader fills one table after another in the same one.
    package mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        others = nil
    }

    /// A copy of the table to keep, its entries shared with an equal table read before (products priced
    /// on the same tiers), or else in an
    /// array of their own (made once per distinct table: filling a fresh array grew it four times for
    /// eight territories). The copy never shares this table's room, which is filled again next.
    package func kept(sharing interned: inout Set<[Entry]>) -> PriceTable {
        var kept = self
        if entries.isEmpty {
            kept.entries = []
        } else if let index = interned.firstIndex(of: entries) {
            kept.entries = interned[index]
        } else {
            var own: [Entry] = []
            own.reserveCapacity(entries.count)
            own.append(contentsOf: entries)
            interned.insert(own)
            kept.entries = own
        }
        return kept
    }

    package var isEmpty: Bool { entries.isEmpty && (others?.isEmpty ?? true) }

    /// Sets a price read as `significand` × 10^`exponent`; the same Decimal the reader always made.
    package mutating func set(_ territory: String, significand: UInt64, exponent: Int) {
        if let code = Self.pack(territory), exponent >= Int(Int8.min), exponent <= Int(Int8.max), others?[territory] == nil {
            let entry = Entry(territory: code, exponent: Int8(exponent), significand: significand)
            if let index = entries.firstIndex(where: { $0.territory == code }) { entries[index] = entry } else { entries.append(entry) }
        } else {
            others = (others ?? [:]).merging([territory: Self.decimal(significand, exponent)]) { $1 }
        }
    }

    /// Sets the price of a territory packed by `pack`.
    package mutating func set(code: UInt32, significand: UInt64, exponent: Int) {
        guard exponent >= Int(Int8.min), exponent <= Int(Int8.max) else {
            return set(Self.unpack(code), significand: significand, exponent: exponent)
        }
        let entry = Entry(territory: code, exponent: Int8(exponent), significand: significand)
        if let index = entries.firstIndex(where: { $0.territory == code }) { entries[index] = entry } else { entries.append(entry) }
    }

    package subscript(territory: String) -> Decimal? {
        if let code = Self.pack(territory) {
            for entry in entries where entry.territory == code { return Self.decimal(entry.significand, Int(entry.exponent)) }
        }
        return others?[territory]
    }

    /// A territory's price as it was read, significand × 10^exponent, for exact arithmetic without
    /// Decimal (whose multiplication is thousands of instructions); nil when it is not priced there or
    /// is kept as a Decimal.
    package func exact(_ territory: String) -> (significand: UInt64, exponent: Int)? {
        guard let code = Self.pack(territory) else { return nil }
        for entry in entries where entry.territory == code { return (entry.significand, Int(entry.exponent)) }
        return nil
    }

    package var dictionary: [String: Decimal] {
        var prices = others ?? [:]
        for entry in entries { prices[Self.unpack(entry.territory)] = Self.decimal(entry.significand, Int(entry.exponent)) }
        return prices
    }

    package static func == (a: PriceTable, b: PriceTable) -> Bool { a.dictionary == b.dictionary }
    package func hash(into hasher: inout Hasher) { hasher.combine(dictionary) }

    private static func decimal(_ significand: UInt64, _ exponent: Int) -> Decimal {
        Decimal(sign: .plus, exponent: exponent, significand: Decimal(significand))
    }

    /// Three ASCII bytes in one number; nil for any other code.
    package static func pack(_ code: String) -> UInt32? {
        var code = code
        return code.withUTF8 { bytes in bytes.count == 3 ? pack(bytes[0], bytes[1], bytes[2]) : nil }
    }

    package static func pack(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt32? {
        guard a < 0x80, b < 0x80, c < 0x80 else { return nil }
        return UInt32(a) << 16 | UInt32(b) << 8 | UInt32(c)
    }

    private static func unpack(_ code: UInt32) -> String {
        String(decoding: [UInt8(code >> 16), UInt8(code >> 8 & 0xFF), UInt8(code & 0xFF)], as: UTF8.self)
    }
}

public enum ProductType: String, Sendable, CaseIterable {
    case consumable, nonConsumable, autoRenewable, nonRenewing

    /// Its place in `allCases`.
    var position: Int {
        switch self {
        case .consumable: 0
        case .nonConsumable: 1
        case .autoRenewable: 2
        case .nonRenewing: 3
        }
    }

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
    public var name: LocalizedText
    public var description: LocalizedText
    /// Price per unit (per period for subscriptions) by territory code. A territory missing here means
    /// the product is not sold there.
    public var prices: [String: Decimal] {
        get { priceTable.dictionary }
        set { priceTable = PriceTable(newValue) }
    }
    package var priceTable: PriceTable
    /// Consumables: the most a person can buy in one purchase.
    public var maxQuantity: Int
    /// Auto-renewable subscriptions only. Kept out of line: most products are not subscriptions, and a
    /// smaller `Product` is a smaller catalog and smaller indexes.
    public var subscription: SubscriptionInfo? {
        get { subscriptionBox?.value }
        set { subscriptionBox = newValue.map(Box.init) }
    }
    private(set) var subscriptionBox: Box<SubscriptionInfo>?
    /// Non-renewing subscriptions only: how long one purchase lasts.
    public var duration: SubscriptionPeriod?
    // The one-byte fields in `duration`'s last word: a product is 104 bytes, not 120.
    public var type: ProductType
    public var familyShareable: Bool
    /// Subscription groups or auto-renewable subscriptions whose active subscribers already have this
    /// product's content (the Summer Pass is part of Pro): it is never pitched to them.
    public var includedIn: [String] = []

    package init(id: String, type: ProductType, name: LocalizedText, description: LocalizedText, familyShareable: Bool,
         prices: PriceTable, maxQuantity: Int, subscription: SubscriptionInfo?, duration: SubscriptionPeriod?,
         includedIn: [String] = []) {
        self.id = id
        self.includedIn = includedIn
        self.type = type
        self.name = name
        self.description = description
        self.familyShareable = familyShareable
        self.priceTable = prices
        self.maxQuantity = maxQuantity
        self.subscriptionBox = subscription.map(Box.init)
        self.duration = duration
    }

    public func price(in territory: Territory) -> Decimal? { priceTable[territory.code] }
}

/// An immutable value kept out of line; a change replaces the box.
package final class Box<Value: Sendable>: Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}

public struct SubscriptionInfo: Sendable {
    public var groupID: String
    /// Service level within the group; 1 is the highest, as in App Store Connect.
    public var level: Int
    public var period: SubscriptionPeriod
    public var introductoryOffer: SubscriptionOffer?
    public var promotionalOffers: [SubscriptionOffer]
    /// Offers for churned subscribers of the group, each with its eligibility rules (App Store
    /// Connect's win-back offers; `winbackOffers` in an Xcode `.storekit` file).
    public var winBackOffers: [WinBackOffer] = []
    /// Monthly payments with a 12-month commitment, sold beside billing up front (one-year
    /// subscriptions only; BillingPlans.swift). Nil when the subscription is sold billed up front only.
    public var monthlyPlan: CommitmentPlan? {
        get { monthlyPlanBox?.value }
        set { monthlyPlanBox = newValue.map(Box.init) }
    }
    /// Kept out of line: few subscriptions have a monthly plan, and every subscription's info is a box
    /// of its own (88 bytes less each).
    private var monthlyPlanBox: Box<CommitmentPlan>?

    package init(groupID: String, level: Int, period: SubscriptionPeriod, introductoryOffer: SubscriptionOffer?,
                 promotionalOffers: [SubscriptionOffer], winBackOffers: [WinBackOffer] = [], monthlyPlan: CommitmentPlan? = nil) {
        (self.groupID, self.level, self.period) = (groupID, level, period)
        (self.introductoryOffer, self.promotionalOffers, self.winBackOffers) = (introductoryOffer, promotionalOffers, winBackOffers)
        self.monthlyPlanBox = monthlyPlan.map(Box.init)
    }
}

/// A win-back offer: a free or discounted return for someone whose subscription in the group churned,
/// offered only under the eligibility rules App Store Connect sets for it. Apple: "A churned
/// subscription is one that has an expirationDate in the past, and a willAutoRenew value of false. […]
/// You can base eligibility on the duration of the customer’s paid subscription, the time since the
/// subscription expired, and the time that must pass between redeemed offers."
/// (https://developer.apple.com/documentation/storekit/supporting-win-back-offers-in-your-app); the
/// fields and their ranges are App Store Connect's WinBackOfferCreateRequest attributes
/// (https://developer.apple.com/documentation/appstoreconnectapi/winbackoffercreaterequest/data-data.dictionary/attributes-data.dictionary).
public struct WinBackOffer: Sendable, Hashable {
    /// The offer itself (kind `winBack`): id, payment mode, period, prices.
    public var offer: SubscriptionOffer
    /// customerEligibilityPaidSubscriptionDurationInMonths: how long the person paid for subscriptions
    /// of the group, at least (1–24, 36, 48 or 60 months).
    public var paidMonths: Int
    /// customerEligibilityTimeSinceLastSubscribedInMonths: how long ago their subscription ended, in
    /// months, both ends included.
    public var monthsSinceLastSubscribed: ClosedRange<Int>
    /// customerEligibilityWaitBetweenOffersInMonths: months that must pass after a win-back offer was
    /// redeemed before another is offered (2–24); nil when App Store Connect's field is left empty.
    public var monthsBetweenOffers: Int?
    /// HIGH priority offers come before NORMAL ones when several are eligible.
    public var priority: Priority
    /// When the offer is available: from `startDate`, until `endDate` (excluded) when there is one.
    public var startDate: Date?
    public var endDate: Date?

    package init(offer: SubscriptionOffer, paidMonths: Int, monthsSinceLastSubscribed: ClosedRange<Int>,
                 monthsBetweenOffers: Int?, priority: Priority, startDate: Date?, endDate: Date?) {
        (self.offer, self.paidMonths, self.monthsSinceLastSubscribed, self.monthsBetweenOffers) =
            (offer, paidMonths, monthsSinceLastSubscribed, monthsBetweenOffers)
        (self.priority, self.startDate, self.endDate) = (priority, startDate, endDate)
    }

    public enum Priority: String, Sendable, CaseIterable { case high, normal }

    /// App Store Connect's choices for the paid duration.
    public static let paidMonthsChoices = Array(1...24) + [36, 48, 60]
    /// App Store Connect's range for the time since the subscription ended, in months.
    public static let monthsSinceRange = 1...24
    /// App Store Connect's range for the wait between offers, in months.
    public static let monthsBetweenRange = 2...24

    public var id: String { offer.id ?? "" }

    /// Whether the offer runs at an instant (its start and end dates).
    public func isAvailable(at instant: Date) -> Bool {
        (startDate.map { $0 <= instant } ?? true) && (endDate.map { instant < $0 } ?? true)
    }
}

/// A group of subscriptions of which a person can hold only one at a time.
public struct SubscriptionGroup: Sendable {
    public var id: String
    public var name: LocalizedText

    package init(id: String, name: LocalizedText) { (self.id, self.name) = (id, name) }
}

/// A discounted or free stretch of a subscription: introductory, promotional, offer-code or win-back.
public struct SubscriptionOffer: Sendable, Hashable {
    /// StoreKit's `Transaction.OfferType`: introductory (1), promotional (2), code (3), winBack (4)
    /// (https://developer.apple.com/documentation/storekit/transaction/offertype-swift.struct).
    public enum Kind: String, Sendable, CaseIterable { case introductory, promotional, code, winBack }
    public enum PaymentMode: String, Sendable, CaseIterable { case freeTrial, payAsYouGo, payUpFront }
    /// Why a promotional offer exists: to keep a subscriber who is cancelling. (Win-back offers are
    /// their own list, `SubscriptionInfo.winBackOffers`, not promotional offers.)
    public enum Purpose: String, Sendable, CaseIterable { case retention }

    public var id: String?
    /// Length of one offer period (pay as you go) or of the whole offer (free trial, pay up front).
    public var period: SubscriptionPeriod
    // The one-byte fields in `period`'s last word (an offer is 56 bytes, not 65; offer codes, promotional
    // and introductory offers each hold one).
    public var kind: Kind
    public var paymentMode: PaymentMode
    public var purpose: Purpose?
    /// How many periods the offer lasts (pay as you go); 1 otherwise.
    public var periodCount: Int
    /// Price per offer period by territory; empty for a free trial.
    public var prices: [String: Decimal] {
        get { priceTable.dictionary }
        set { priceTable = PriceTable(newValue) }
    }
    package var priceTable: PriceTable

    package init(id: String?, kind: Kind, paymentMode: PaymentMode, period: SubscriptionPeriod, periodCount: Int,
         prices: PriceTable, purpose: Purpose?) {
        self.id = id
        self.kind = kind
        self.paymentMode = paymentMode
        self.period = period
        self.periodCount = periodCount
        self.priceTable = prices
        self.purpose = purpose
    }

    /// The id an app names when it buys with this offer (StoreKit's `promotionalOffer` and
    /// `winBackOffer` purchase options); nil for introductory and offer-code offers, which the App
    /// Store applies itself.
    public var purchaseOptionID: String? {
        kind == .promotional || kind == .winBack ? id : nil
    }

    /// The whole length of the offer.
    public var totalDuration: SubscriptionPeriod { period.times(periodCount) }

    /// What one offer period costs in a territory (zero for a free trial; nil if not offered there).
    public func price(in territory: Territory) -> Decimal? {
        paymentMode == .freeTrial ? 0 : priceTable[territory.code]
    }
}

/// An offer redeemed with a code (App Store Connect "offer codes"), for a product of any type:
/// "Offer codes are available for any Apple In-App Purchase product type"
/// (https://developer.apple.com/documentation/storekit/transaction/offertype-swift.struct/code).
public struct OfferCodeOffer: Sendable {
    public enum Eligibility: String, Sendable, CaseIterable {
        /// never subscribed to the group (a one-time product: never bought anything in the app)
        case new
        /// subscribed now (a one-time product: bought something in the app in the last 30 days)
        case existing
        /// subscribed once, lapsed now (a one-time product: last bought more than 30 days ago)
        case lapsed
    }

    /// The offer's reference name: what a transaction's offer id says (receipts' `offer_code_ref_name`).
    public var id: String
    public var name: LocalizedText
    public var productID: String
    /// For an auto-renewable subscription: its payment mode, period and prices. Nil for a one-time
    /// product (consumable, non-consumable, non-renewing subscription), which a code gives free or at
    /// `itemPrice`.
    public var offer: SubscriptionOffer?
    // A catalog of 100,000 products has 71,000 offers: the small fields sit in the optional offer's last
    // word, and the optional ones are kept without a flag of their own (an offer was 224 bytes, now 152,
    // and its eligibility was a Set of its own).
    private var eligibilityBits: UInt8
    public var active: Bool
    /// For a subscription's offer, what a new subscriber still eligible for the product's introductory
    /// offer gets: true, the introductory offer first and then the code's offer (App Store Connect's
    /// STACK_WITH_INTRO_OFFERS, `isStackable` in a `.storekit` file); false, the code's offer instead,
    /// keeping the introductory offer for later (REPLACE_INTRO_OFFERS). App Store Connect Help, "Set up
    /// offer codes"; App Store Connect API, SubscriptionOfferEligibility.
    public var stacksWithIntroOffer = false
    /// `Int32.min`: no limit (the reader takes 1 to 1,000,000; code that sets more is held to 32 bits).
    private var storedRedemptionLimit = Int32.min
    /// For a one-time product: the discounted price by territory; empty when the code gives it free.
    package var itemPriceTable = PriceTable()
    /// Seconds since 2001 (`Date`'s own measure, kept exactly); NaN: no expiry.
    private var expiresTime: Double = .nan
    /// The first custom code, inline: most offers have one, and 64,000 one-code arrays were 3 MB at
    /// 100,000 products.
    private var firstCustomCode: String?
    /// One offer in ten has one-time codes: they and their batch's dates are kept out of line, as are
    /// custom codes after the first.
    private var rareBox: Box<(codes: [String], batch: OneTimeUse?, moreCustom: [String])>?

    /// Codes anyone can redeem (alphanumeric ASCII only), like SPRINGSALE. Builds the list it returns;
    /// `customCode(at:)` reads one without.
    public var customCodes: [String] {
        get {
            guard let first = firstCustomCode else { return [] }
            guard let more = rareBox?.value.moreCustom, !more.isEmpty else { return [first] }
            return [first] + more
        }
        set {
            firstCustomCode = newValue.first
            setRare(codes: oneTimeUseCodes, batch: oneTimeUse, moreCustom: Array(newValue.dropFirst()))
        }
    }

    public var customCodeCount: Int { firstCustomCode == nil ? 0 : 1 + (rareBox?.value.moreCustom.count ?? 0) }

    /// `customCodes[index]`, without building the list.
    public func customCode(at index: Int) -> String {
        index == 0 ? firstCustomCode! : rareBox!.value.moreCustom[index - 1]
    }

    /// Unique codes, each redeemable once, with the date they were made and their expiry.
    public var oneTimeUseCodes: [String] {
        get { rareBox?.value.codes ?? [] }
        set { setRare(codes: newValue, batch: oneTimeUse, moreCustom: rareBox?.value.moreCustom ?? []) }
    }

    public var oneTimeUse: OneTimeUse? {
        get { rareBox?.value.batch }
        set { setRare(codes: oneTimeUseCodes, batch: newValue, moreCustom: rareBox?.value.moreCustom ?? []) }
    }

    private mutating func setRare(codes: [String], batch: OneTimeUse?, moreCustom: [String]) {
        rareBox = codes.isEmpty && batch == nil && moreCustom.isEmpty ? nil : Box((codes, batch, moreCustom))
    }

    /// Who can redeem a code: new, existing and lapsed customers (see `Eligibility`).
    public var eligibility: Set<Eligibility> {
        get { Set(Eligibility.allCases.filter(admits)) }
        set { eligibilityBits = newValue.reduce(0) { $0 | Self.bit($1) } }
    }

    /// Whether a customer of this kind may redeem the offer's codes.
    public func admits(_ customer: Eligibility) -> Bool { eligibilityBits & Self.bit(customer) != 0 }

    private static func bit(_ eligibility: Eligibility) -> UInt8 {
        switch eligibility {
        case .new: 1
        case .existing: 2
        case .lapsed: 4
        }
    }

    public var expires: Date? {
        get { expiresTime.isNaN ? nil : Date(timeIntervalSinceReferenceDate: expiresTime) }
        set { expiresTime = newValue?.timeIntervalSinceReferenceDate ?? .nan }
    }

    /// Most redemptions of the offer, all customers together; nil for no limit of its own.
    public var redemptionLimit: Int? {
        get { storedRedemptionLimit == .min ? nil : Int(storedRedemptionLimit) }
        set { storedRedemptionLimit = newValue.map { Int32(clamping: max($0, Int(Int32.min) + 1)) } ?? .min }
    }

    /// A batch of one-time-use codes: App Store Connect makes them on a date, and they expire at most
    /// six months later ("They expire after a maximum of six months from the date they're created",
    /// https://developer.apple.com/help/app-store-connect/manage-subscriptions/set-up-offer-codes/).
    public struct OneTimeUse: Sendable, Hashable {
        public var created: Date
        public var expires: Date
        /// The longest a one-time code lives.
        public static let longestLife = SubscriptionPeriod(value: 6, unit: .month)

        package init(created: Date, expires: Date) { (self.created, self.expires) = (created, expires) }
    }

    public init(id: String, name: LocalizedText, productID: String, offer: SubscriptionOffer?, eligibility: Set<Eligibility>,
                expires: Date?, active: Bool, redemptionLimit: Int? = nil, oneTimeUseCodes: [String],
                oneTimeUse: OneTimeUse? = nil, customCodes: [String]) {
        self.id = id
        self.name = name
        self.productID = productID
        self.offer = offer
        self.eligibilityBits = 0
        self.active = active
        firstCustomCode = customCodes.first
        setRare(codes: oneTimeUseCodes, batch: oneTimeUse, moreCustom: Array(customCodes.dropFirst()))
        self.eligibility = eligibility
        self.expires = expires
        self.redemptionLimit = redemptionLimit
    }

    /// What a code for a one-time product charges in a territory: zero when free, nil where a
    /// discounted offer has no price.
    public func itemPrice(in territory: Territory) -> Decimal? {
        itemPriceTable.isEmpty ? 0 : itemPriceTable[territory.code]
    }

    /// The discounted prices of a one-time product's offer, by territory (empty: free).
    public var itemPrices: [String: Decimal] {
        get { itemPriceTable.dictionary }
        set { itemPriceTable = PriceTable(newValue) }
    }
}
