import Foundation
import StoreModel
import TextSafety

/// Xcode's StoreKit configuration files (`.storekit`), read as StoreKit Testing in Xcode reads them:
/// file versions 1.x to 4.x (see docs/storekit-files.md).
///
/// The shape, learned from files Xcode wrote: at the root `identifier`, `settings`, `version`
/// `{major, minor}`, `products` (Consumable, NonConsumable), `nonRenewingSubscriptions` and
/// `subscriptionGroups[].subscriptions` (RecurringSubscription); from 3.x `appPolicies` (EULA and
/// privacy policy per locale) and `subscriptionOffersKeyPair`; from 4.x `winbackOffers`. Every product
/// has one `displayPrice`, charged in the currency of the file's storefront (`settings._storefront`,
/// else USA). Keys Xcode may add later are tolerated and listed by `storefront lint`.
public enum StoreKitConfiguration {
    /// The newest file version read and written.
    public static let newestVersion = (major: 5, minor: 0)
    /// Apple's Standard License Agreement, which applies to an app without a custom EULA (the
    /// configuration's `appPolicies.eula` is then empty).
    public static let standardEULA = "https://www.apple.com/legal/internet-services/itunes/dev/stdeula/"

    /// What a `.storekit` file gave: the catalog, the scenario's starting settings, and notes for lint
    /// (ignored keys, derived offer codes, what was filled in).
    public struct Loaded: Sendable {
        public var catalog: Catalog
        /// The file's settings as scenario settings, in `ScenarioSetting.names` order; they rank below a
        /// ledger's saved settings, a scenario file and flags.
        public var settings: [ScenarioSetting]
        public var notes: [CatalogProblem]

        /// The notes of keys storefront does not read (a newer Xcode's), which it ignores.
        public var ignoredKeys: [CatalogProblem] { notes.filter { $0.reason.hasPrefix("ignored") } }
    }

    /// Whether a document is a StoreKit configuration: an object with `settings` and a `version` object
    /// at its root (and `identifier`, which Xcode 12's version 1.0 files lack).
    public static func isConfiguration(_ value: JSONValue) -> Bool {
        guard case .object(let root) = value, root["settings"] != nil, case .object? = root["version"] else { return false }
        return true
    }

    /// Reads a configuration's bytes. `name` (the file's name without extension) names the app, which
    /// the format does not hold.
    public static func load(_ data: Data, name: String) throws(CatalogLoader.Failure) -> Loaded {
        let value: JSONValue
        let forbidden: Bool
        do {
            (value, forbidden) = try JSONValue.parseNoting(data)
        } catch {
            throw CatalogLoader.Failure(problems: [error])
        }
        let log = ProblemLog()
        if forbidden { CatalogReader(log: log).checkText(value) }
        let reader = StoreKitReader(name: name)
        let loaded = reader.read(SKNode(value, .root, reader))
        let problems = log.problems + reader.problems
        guard let loaded, problems.isEmpty else {
            throw CatalogLoader.Failure(problems: problems.isEmpty
                ? [CatalogProblem(path: .root, reason: "not a StoreKit configuration file")] : problems)
        }
        return loaded
    }

    /// The catalog as StoreKit Testing shows it after its storefront is changed to `code`: the same
    /// price numbers, in that storefront's currency (SKTestSession.storefront "affects the currency type
    /// displayed in the payment sheet"; the file has one price per product and nothing is converted).
    /// Nil for a code that is no storefront.
    public static func catalog(_ catalog: Catalog, inStorefront code: String) -> Catalog? {
        guard let origin = catalog.storeKit else { return nil }
        let code = code.uppercased()
        if catalog.territory(code) != nil { return catalog }
        guard let territory = StorefrontTerritories.territory(code, preferred: origin.locale) else { return nil }
        var moved = catalog
        let from = origin.storefront
        func move(_ table: PriceTable) -> PriceTable {
            var prices = table.dictionary
            if let price = prices[from] { prices[code] = price }
            return PriceTable(prices)
        }
        moved.territories.append(territory)
        moved.products = catalog.products.map { product in
            var product = product
            product.priceTable = move(product.priceTable)
            if var info = product.subscription {
                if var intro = info.introductoryOffer {
                    intro.priceTable = move(intro.priceTable)
                    info.introductoryOffer = intro
                }
                info.promotionalOffers = info.promotionalOffers.map { var offer = $0; offer.priceTable = move(offer.priceTable); return offer }
                if var plan = info.monthlyPlan {
                    plan.priceTable = move(plan.priceTable)
                    if var intro = plan.introductoryOffer {
                        intro.priceTable = move(intro.priceTable)
                        plan.introductoryOffer = intro
                    }
                    info.monthlyPlan = plan
                }
                product.subscription = info
            }
            return product
        }
        moved.offerCodes = catalog.offerCodes.map {
            var code = $0
            if let table = code.offer?.priceTable { code.offer?.priceTable = move(table) }
            code.itemPriceTable = move(code.itemPriceTable)
            return code
        }
        return moved
    }
}

/// What a catalog read from a `.storekit` file keeps of it that the catalog model has no place for, so
/// `storefront export` writes it back: the file's identifier, internal ids and reference names, and
/// the parts StoreKit Testing uses that storefront does not simulate (policies, the offer-signing key,
/// settings as written, group localizations' descriptions, code offers' stacking).
public struct StoreKitOrigin: Sendable {
    /// Nil for a version 1.0 file written without one (Xcode 12's format): export makes one.
    public var identifier: String?
    public var version: (major: Int, minor: Int)
    /// `settings._storefront` (USA when absent): the territory the file's prices are in.
    public var storefront: String
    /// `settings._locale`, as written (`en_US`).
    public var locale: String?
    /// The file's `settings` object, as written.
    public var settings: JSONValue
    /// Root members kept whole: `appPolicies`, `subscriptionOffersKeyPair`.
    public var kept: [String: JSONValue]
    /// By product id: its `internalID` and `referenceName`.
    public var products: [String: Names]
    /// By group id: its `name` (a reference name) and `localizations` as written.
    public var groups: [String: (name: String, localizations: JSONValue)]
    /// By offer key (introductory: "intro:" + product id; promotional: `promotionalKey`, since two
    /// products may name their offers alike; code: its OfferCodeOffer id): internal id, reference name,
    /// and a `numberOfPeriods` Xcode wrote where it means nothing.
    public var offers: [String: Names]
    /// The products and offers (by product id and offer key) whose `displayPrice` the file left empty,
    /// read as free: export writes them back empty.
    public var emptyPrices: Set<String> = []

    /// A promotional offer's key in `offers`: its product's id and its offer id.
    public static func promotionalKey(productID: String, offerID: String) -> String { "promo:" + productID + "/" + offerID }
    /// Win-back offers as written, by product id (written back unchanged: those switched off are not in
    /// the catalog).
    public var winbackOffers: [String: JSONValue]
    /// The paths of keys storefront ignored and export does not write (a newer Xcode's), for its list of
    /// what it drops.
    public var ignoredKeys: [String] = []
    /// Version 5 `billingPlans` as written, by product id.
    public var billingPlans: [String: JSONValue] = [:]
    /// Version 5 introductory offers of the MONTHLY plan, as written, by product id (exported as written
    /// when the subscription has no monthly plan; else the plan's offer is written).
    public var planIntroductoryOffers: [String: [JSONValue]] = [:]

    public struct Names: Sendable {
        public var internalID: String?
        public var referenceName: String?
        /// The product's localizations' languages in the file's order (export writes them so).
        public var languages: [String] = []
        /// The texts the file left empty, read as the reference name: `language.field` ("en-US.description").
        /// Export writes them back empty.
        public var filledIn: Set<String> = []
        /// The file gave no localizations at all (the store shows the reference name): export writes none.
        public var noLocalizations = false
        /// An offer's `numberOfPeriods` where its payment mode ignores it (Xcode writes 1 on free
        /// trials): kept so export writes it back.
        public var numberOfPeriods: Int?
    }
}

extension Catalog {
    /// What a catalog read from an Xcode `.storekit` file keeps of it for export; nil otherwise.
    public var storeKit: StoreKitOrigin? {
        get { origin as? StoreKitOrigin }
        set { origin = newValue }
    }
}

/// A value of the document with its path; problems are reported to the reader.
struct SKNode {
    let value: JSONValue
    let path: JSONPath
    unowned let reader: StoreKitReader

    init(_ value: JSONValue, _ path: JSONPath, _ reader: StoreKitReader) {
        self.value = value
        self.path = path
        self.reader = reader
    }

    func problem(_ reason: String) { reader.problems.append(CatalogProblem(path: path, reason: reason)) }
    private func expected(_ what: String) { problem("expected \(what), found \(value.kindDescription)") }

    var object: JSONObject? {
        guard case .object(let object) = value else { expected("an object"); return nil }
        return object
    }

    func optional(_ key: String) -> SKNode? {
        guard case .object(let object) = value, let member = object[key], member != .null else { return nil }
        return SKNode(member, path.appending(key), reader)
    }

    func required(_ key: String) -> SKNode? {
        guard object != nil else { return nil }
        guard let node = optional(key) else { problem("missing required field \"\(key)\""); return nil }
        return node
    }

    var string: String? {
        guard case .string(let text) = value else { expected("a string"); return nil }
        return text
    }

    /// A string with something visible in it.
    var text: String? {
        guard let text = string else { return nil }
        guard text.unicodeScalars.contains(where: { !Node.isInvisible($0) }) else {
            problem(text.isEmpty ? "must not be empty" : "must not be blank (it has no visible character)")
            return nil
        }
        return text
    }

    var bool: Bool? {
        guard case .bool(let flag) = value else { expected("true or false"); return nil }
        return flag
    }

    var int: Int? {
        guard case .number(let number) = value, number == number.rounded(), abs(number) < 1e9 else {
            expected("a whole number")
            return nil
        }
        return Int(number)
    }

    var elements: [SKNode]? {
        guard case .array(let items) = value else { expected("an array"); return nil }
        return items.enumerated().map { SKNode($0.element, path.appending($0.offset), reader) }
    }

    /// Notes the keys this object has beyond `known` as ignored (a newer Xcode's), for lint.
    func noteUnknownKeys(_ known: Set<String>) {
        guard case .object(let object) = value else { return }
        for key in object.keys where !known.contains(key) {
            reader.notes.append(CatalogProblem(path: path.appending(key),
                                               reason: "ignored: \(UntrustedText.quoted(key)) is not a key storefront reads (a newer Xcode's?)"))
        }
    }
}

/// Builds a catalog from a configuration, collecting problems and notes.
final class StoreKitReader {
    var problems: [CatalogProblem] = []
    var notes: [CatalogProblem] = []
    let name: String
    private var storefront = "USA"
    /// The storefront's currency, once a price asks for it (the storefront is read first).
    private var storefrontCurrency: CurrencyDecimals?
    private var language = "en-US"
    private var origin: StoreKitOrigin!
    private var productIDs: [String: JSONPath] = [:]
    /// Where each subscription's `codeOffers` are, by product id: the place a broken offer-code rule names.
    private var codeOfferPaths: [String: JSONPath] = [:]
    private var usedCodes: Set<String> = []
    /// The code offers' ids so far (their reference names), unique in the file.
    private var codeOfferIDs: Set<String> = []

    init(name: String) { self.name = name }

    enum Keys {
        static let root: Set<String> = ["identifier", "nonRenewingSubscriptions", "products", "settings", "subscriptionGroups",
                                        "version", "appPolicies", "subscriptionOffersKeyPair"]
        static let version: Set<String> = ["major", "minor"]
        static let product: Set<String> = ["displayPrice", "familyShareable", "internalID", "localizations", "productID",
                                           "referenceName", "type"]
        static let subscription: Set<String> = product.union(["adHocOffers", "codeOffers", "groupNumber", "introductoryOffer",
                                                              "recurringSubscriptionPeriod", "subscriptionGroupID", "winbackOffers",
                                                              "introductoryOffers", "billingPlans"])
        static let localization: Set<String> = ["description", "displayName", "locale"]
        static let group: Set<String> = ["id", "localizations", "name", "subscriptions"]
        static let introductoryOffer: Set<String> = ["billingPlanType", "displayPrice", "internalID", "numberOfPeriods", "paymentMode", "subscriptionPeriod"]
        static let adHocOffer: Set<String> = introductoryOffer.union(["offerID", "referenceName"])
        static let codeOffer: Set<String> = introductoryOffer.union(["eligibility", "isStackable", "referenceName"])
        static let winBackOffer: Set<String> = introductoryOffer.union(["isEligible", "offerID", "referenceName"])
        /// Settings read, and settings kept for export that storefront does not simulate.
        static let settings: Set<String> = ["_storefront", "_locale", "_timeRate", "_compatibilityTimeRate", "_askToBuyEnabled", "_failTransactionsEnabled",
                                            "_storeKitErrors", "_renewalBillingIssuesEnabled", "_billingGracePeriodEnabled",
                                            "_interruptedPurchasesEnabled"]
        static let settingsKept: Set<String> = ["_applicationInternalID", "_developerTeamID", "_lastSynchronizedDate",
                                                "_disableDialogs", "_billingIssuesEnabled", "_lastAutoRenewableSubscriptionGroupID"]
    }

    func read(_ root: SKNode) -> StoreKitConfiguration.Loaded? {
        guard let object = root.object else { return nil }
        root.noteUnknownKeys(Keys.root)
        let version = root.required("version").flatMap(version)
        // Xcode 12 wrote version 1.0 files without an identifier; every later version has one.
        let identifier = version?.major == 1 ? root.optional("identifier")?.string : root.required("identifier")?.string
        let settingsNode = root.required("settings")
        let settingsObject = settingsNode?.object
        if let node = settingsNode?.optional("_storefront"), let code = node.string {
            if StorefrontTerritories.territory(code) != nil { storefront = code.uppercased() } else {
                // Not simulated: every price of the file is in this storefront's currency, which storefront
                // must know to charge and show it.
                node.problem("\(UntrustedText.quoted(code)) is not a storefront storefront knows: Xcode charges every price of the file in this storefront's currency, and storefront needs its currency to do the same; use an ISO 3166 alpha-3 code like \"USA\" or \"JPN\"")
            }
        }
        let locale = settingsNode?.optional("_locale").flatMap { node -> String? in
            guard let text = node.string else { return nil }
            guard let id = LocaleCatalog.canonical(text) else {
                notes.append(CatalogProblem(path: node.path, reason:
                    "warning: \(UntrustedText.quoted(text)) is not a locale storefront knows (like \"en_US\" or \"ja_JP\"); the file's first localization's language is used"))
                return nil
            }
            return id
        }
        let settings = settingsNode.map(scenarioSettings) ?? []
        var kept: [String: JSONValue] = [:]
        for key in ["appPolicies", "subscriptionOffersKeyPair"] { if let value = object[key] { kept[key] = value } }
        origin = StoreKitOrigin(identifier: identifier, version: version ?? StoreKitConfiguration.newestVersion,
                                storefront: storefront, locale: locale, settings: settingsObject.map(JSONValue.object) ?? .object(JSONObject()),
                                kept: kept, products: [:], groups: [:], offers: [:], winbackOffers: [:])
        language = firstLocale(root) ?? locale.map(Self.language) ?? "en-US"
        if let locale { language = Self.language(locale) }

        var products: [Product] = []
        var offerCodes: [OfferCodeOffer] = []
        for node in root.optional("products")?.elements ?? [] {
            if let product = product(node, kinds: ["Consumable": .consumable, "NonConsumable": .nonConsumable]) { products.append(product) }
        }
        for node in root.optional("nonRenewingSubscriptions")?.elements ?? [] {
            if let product = product(node, kinds: ["NonRenewingSubscription": .nonRenewing]) { products.append(product) }
        }
        var groups: [SubscriptionGroup] = []
        for groupNode in root.optional("subscriptionGroups")?.elements ?? [] {
            groupNode.noteUnknownKeys(Keys.group)
            guard let id = groupNode.required("id")?.text else { continue }
            let reference = groupNode.optional("name")?.string ?? id
            let localizations = groupNode.optional("localizations")
            var unused: Set<String> = []
            let names = localizations.flatMap { texts($0, field: "displayName", fallback: reference, filledIn: &unused) } ?? [:]
            groups.append(SubscriptionGroup(id: id, name: LocalizedText(names.isEmpty ? [language: reference] : names)))
            origin.groups[id] = (reference, localizations?.value ?? .array([]))
            for node in groupNode.optional("subscriptions")?.elements ?? [] {
                guard var product = product(node, kinds: ["RecurringSubscription": .autoRenewable]) else { continue }
                guard let info = subscriptionInfo(node, groupID: id, productID: product.id) else { continue }
                product.subscription = info
                products.append(product)
                offerCodes += codeOffers(node, productID: product.id)
            }
        }
        let policies = readPolicies(root)
        if policies.privacy == nil {
            notes.append(CatalogProblem(path: JSONPath.root.appending("appPolicies"), reason:
                "warning: no privacy policy URL (appPolicies.policies[].policyURL, Xcode 14 and later); the sign-up screen says it is missing"))
        }
        notes.append(CatalogProblem(path: .root, reason:
            "warning: a .storekit file has no app name; storefront names the app \(UntrustedText.quoted(name)) after the file"))
        guard problems.isEmpty, let territory = StorefrontTerritories.territory(storefront, preferred: locale) else { return nil }
        let terms = policies.eula ?? StoreKitConfiguration.standardEULA
        let app = AppInfo(name: LocalizedText([language: name]), defaultLanguage: language, termsOfServiceURL: terms,
                          privacyPolicyURL: policies.privacy ?? "not set in \(name).storekit",
                          billingGracePeriod: nil, appAppleID: applicationID(root))
        notes.append(CatalogProblem(path: .root, reason:
            "warning: a .storekit file has no bundle identifier; signed data names the app \(UntrustedText.quoted(app.signingBundleID)) (derived from its name)"))
        var catalog = Catalog(app: app, territories: [territory], subscriptionGroups: groups, products: products,
                              offerCodes: offerCodes)
        // The whole-catalog rules, told at the subscription's code offers in this file.
        for violation in CatalogRules.violations(in: catalog) {
            switch violation.subject {
            case .offerCodes(let productID):
                problems.append(CatalogProblem(path: codeOfferPaths[productID] ?? .root, reason: violation.reason))
            case .allOfferCodes:
                problems.append(CatalogProblem(path: .root, reason: violation.reason))
            }
        }
        guard problems.isEmpty else { return nil }
        // What export cannot write back: ignored keys outside the parts kept whole.
        origin.ignoredKeys = notes.filter { note in
            let path = note.path.description
            return note.reason.hasPrefix("ignored: ") && !["$.settings", "$.appPolicies", "$.subscriptionOffersKeyPair"].contains { path.hasPrefix($0) }
                && !path.contains(".winbackOffers") && !path.contains(".billingPlans")
        }.map(\.path.description)
        catalog.storeKit = origin
        return StoreKitConfiguration.Loaded(catalog: catalog, settings: settings, notes: notes)
    }

    /// "en_US" → "en-US", the catalog's way of writing a language with a region.
    static func language(_ locale: String) -> String { locale.replacingOccurrences(of: "_", with: "-") }

    private func version(_ node: SKNode) -> (major: Int, minor: Int)? {
        node.noteUnknownKeys(Keys.version)
        guard let major = node.required("major")?.int else { return nil }
        let minor = node.optional("minor")?.int ?? 0
        if major < 1 {
            node.optional("major")?.problem("\(major) is not a StoreKit configuration version (1 or more)")
            return nil
        }
        if major > StoreKitConfiguration.newestVersion.major {
            notes.append(CatalogProblem(path: node.path, reason:
                "version \(major).\(minor) is newer than the newest storefront knows (\(StoreKitConfiguration.newestVersion.major).\(StoreKitConfiguration.newestVersion.minor)); read as that, new keys ignored"))
        }
        return (major, minor)
    }

    /// The locale of the first localization in the file, as the default language when `_locale` is absent.
    private func firstLocale(_ root: SKNode) -> String? {
        for key in ["products", "nonRenewingSubscriptions"] {
            for product in root.optional(key)?.elements ?? [] {
                if case .string(let locale)? = product.optional("localizations")?.elements?.first?.optional("locale")?.value {
                    return Self.language(locale)
                }
            }
        }
        return nil
    }

    /// A web address (http or https, with a host); nil for anything else, placeholder text included.
    static func webAddress(_ text: String?) -> String? {
        guard let text, let url = URL(string: text), url.scheme?.hasPrefix("http") == true, url.host != nil else { return nil }
        return text
    }

    /// `appPolicies` (Xcode 14 and later): `eula`, the app's own license agreement (a web address, or its
    /// text; empty: Apple's Standard EULA), and `policies`, one `{locale, policyText, policyURL}` per
    /// locale. The privacy policy is the URL of the app's language, else of the first locale that has
    /// one. Texts (a EULA or policy written out rather than linked) have no place on the sign-up screen,
    /// which links: they are kept for export, with a note.
    private func readPolicies(_ root: SKNode) -> (eula: String?, privacy: String?) {
        guard let node = root.optional("appPolicies"), node.object != nil else { return (nil, nil) }
        node.noteUnknownKeys(["eula", "policies"])
        var eula: String?
        if let eulaNode = node.optional("eula"), let text = eulaNode.string, !Self.isBlank(text) {
            eula = Self.webAddress(text)
            if eula == nil {
                notes.append(CatalogProblem(path: eulaNode.path, reason:
                    "kept for export: a EULA written out as text; the sign-up screen links Terms of Use, so it links Apple's Standard EULA"))
            }
        }
        var byLanguage: [(language: String, url: String)] = []
        for entry in node.optional("policies")?.elements ?? [] {
            entry.noteUnknownKeys(["locale", "policyText", "policyURL"])
            let locale = entry.optional("locale")?.string.map(Self.language) ?? ""
            if let url = Self.webAddress(entry.optional("policyURL")?.string) { byLanguage.append((locale, url)) }
            if let textNode = entry.optional("policyText"), let text = textNode.string, !Self.isBlank(text) {
                notes.append(CatalogProblem(path: textNode.path, reason:
                    "kept for export: a privacy policy written out as text; the sign-up screen shows the policy's web address"))
            }
        }
        let privacy = byLanguage.first { $0.language == language }?.url ?? byLanguage.first?.url
        return (eula, privacy)
    }

    /// A synced file's `settings._applicationInternalID`: the app's Apple ID in App Store Connect, as
    /// digits (Xcode writes it as a string). Nil in a local file, or for anything else.
    private func applicationID(_ root: SKNode) -> Int64? {
        guard case .string(let text)? = root.optional("settings")?.optional("_applicationInternalID")?.value,
              !text.isEmpty, text.count <= 15, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) else { return nil }
        return Int64(text).flatMap { $0 > 0 ? $0 : nil }
    }

    // MARK: products

    private func product(_ node: SKNode, kinds: [String: ProductType]) -> Product? {
        guard node.object != nil else { return nil }
        let type = node.required("type").flatMap { typeNode -> ProductType? in
            guard let raw = typeNode.string else { return nil }
            guard let type = kinds[raw] else {
                typeNode.problem("\(UntrustedText.quoted(raw)) is not a product type of this list; expected \(kinds.keys.sorted().joined(separator: " or "))")
                return nil
            }
            return type
        }
        node.noteUnknownKeys(type == .autoRenewable ? Keys.subscription : Keys.product)
        let id = node.required("productID")?.text
        if let id {
            if let first = productIDs[id] {
                node.optional("productID")?.problem("duplicate product id \(UntrustedText.quoted(id)) (first at \(first))")
            } else {
                productIDs[id] = node.path.appending("productID")
            }
        }
        let reference = node.optional("referenceName")?.string
        let price = node.required("displayPrice").flatMap(price)
        let shareable = node.optional("familyShareable")?.bool ?? false
        if type == .consumable, shareable, let member = node.optional("familyShareable") {
            notes.append(CatalogProblem(path: member.path, reason:
                "warning: consumables cannot be shared with Family Sharing (Xcode keeps the switch from another type); storefront sells it unshared, and export writes false"))
        }
        let localizations = node.optional("localizations")
        let shown = reference.flatMap { Self.isBlank($0) ? nil : $0 } ?? id ?? ""
        var filledIn: Set<String> = []
        var names = localizations.flatMap { texts($0, field: "displayName", fallback: shown, filledIn: &filledIn) } ?? [:]
        var descriptions = localizations.flatMap { texts($0, field: "description", fallback: shown, filledIn: &filledIn) } ?? [:]
        guard let id, let type, let price else { return nil }
        let noLocalizations = names.isEmpty
        if names.isEmpty {
            names = [language: shown]
            descriptions = [language: ""]
            notes.append(CatalogProblem(path: node.path.appending("localizations"),
                                        reason: "warning: no localizations; the store shows the reference name \(UntrustedText.quoted(shown))"))
        }
        var duration: SubscriptionPeriod?
        if type == .nonRenewing {
            duration = .oneYear
            notes.append(CatalogProblem(path: node.path, reason:
                "warning: a .storekit non-renewing subscription has no duration (the app decides it); storefront lets one purchase last P1Y"))
        }
        let order = localizations?.elements?.compactMap { $0.optional("locale")?.string.map(Self.language) } ?? []
        origin.products[id] = .init(internalID: node.optional("internalID")?.string, referenceName: reference, languages: order,
                                    filledIn: filledIn, noLocalizations: noLocalizations)
        if node.optional("displayPrice")?.string?.isEmpty == true { origin.emptyPrices.insert(id) }
        var prices = PriceTable()
        prices.set(storefront, significand: price.significand, exponent: price.exponent)
        return Product(id: id, type: type, name: LocalizedText(names), description: LocalizedText(descriptions),
                       familyShareable: shareable && type != .consumable, prices: prices, maxQuantity: type == .consumable ? 10 : 1,
                       subscription: nil, duration: duration)
    }

    /// `localizations`: `[{locale, displayName, description}]` → language → text of `field`. Xcode
    /// lets either text be empty or left out: such a text is `fallback` (the reference name), with a
    /// warning, and its language.field goes into `filledIn` so export writes it back empty.
    private func texts(_ node: SKNode, field: String, fallback: String, filledIn: inout Set<String>) -> [String: String]? {
        guard let list = node.elements else { return nil }
        var texts: [String: String] = [:]
        for item in list {
            item.noteUnknownKeys(Keys.localization)
            guard let locale = item.required("locale")?.text else { continue }
            let language = Self.language(locale)
            var value = item.optional(field)?.string ?? ""
            if Self.isBlank(value) {
                value = fallback
                filledIn.insert(language + "." + field)
                notes.append(CatalogProblem(path: item.path.appending(field), reason:
                    "warning: \(field) is empty or missing (Xcode allows it); the store shows the reference name \(UntrustedText.quoted(fallback))"))
            }
            if field == "displayName", texts[language] != nil {
                item.optional("locale")?.problem("locale \(UntrustedText.quoted(locale)) is listed twice")
            }
            texts[language] = value
        }
        return texts
    }

    /// A text with nothing visible in it (empty, spaces, invisible characters).
    static func isBlank(_ text: String) -> Bool { !text.unicodeScalars.contains { !Node.isInvisible($0) } }

    private func price(_ node: SKNode) -> (significand: UInt64, exponent: Int)? {
        let text: String
        switch node.value {
        case .string(let string): text = string
        case .number(let number): text = String(describing: number) // a hand-written file's 4.99
        default: node.problem("expected a price like \"4.99\", found \(node.value.kindDescription)"); return nil
        }
        // An empty price, which Xcode kept re-saving in some files: free, with a warning.
        if text.isEmpty {
            notes.append(CatalogProblem(path: node.path, reason:
                "warning: an empty displayPrice (Xcode keeps re-saving such files); storefront sells it as free (0 in the file's storefront), and export writes it back empty"))
            return (0, 0)
        }
        guard let parts = CatalogReader.decimalParts(text) else {
            node.problem("\(UntrustedText.quoted(text)) is not a price like \"4.99\"")
            return nil
        }
        // Every price of the file is in its storefront's currency.
        let currency = storefrontCurrency ?? CurrencyDecimals(StorefrontTerritories.territory(storefront)?.currency ?? "USD")
        storefrontCurrency = currency
        if let reason = currency.problem(text, significand: parts.significand, exponent: parts.exponent) {
            node.problem(reason)
            return nil
        }
        return parts
    }

    private func period(_ node: SKNode?, renewal: Bool = false) -> SubscriptionPeriod? {
        guard let node, let text = node.string else { return nil }
        guard let period = SubscriptionPeriod(iso8601: text) else {
            node.problem("\(UntrustedText.quoted(text)) is not a period like P3D, P1W, P1M or P1Y")
            return nil
        }
        if renewal, !CatalogReader.renewalPeriods.contains(period) {
            node.problem("\(period) is not an App Store renewal period; use one of " + CatalogReader.renewalPeriods.map(\.description).joined(separator: ", "))
            return nil
        }
        return period
    }

    private func subscriptionInfo(_ node: SKNode, groupID: String, productID: String) -> SubscriptionInfo? {
        let level = node.required("groupNumber").flatMap { levelNode -> Int? in
            guard let level = levelNode.int else { return nil }
            guard level >= 1 else { levelNode.problem("the level (groupNumber) must be 1 or more; 1 is the highest"); return nil }
            return level
        }
        if let member = node.optional("subscriptionGroupID"), let id = member.string, id != groupID {
            notes.append(CatalogProblem(path: member.path, reason:
                "warning: \(UntrustedText.quoted(id)) is not the id of the group this subscription is listed in (\(UntrustedText.quoted(groupID))); as in Xcode, the list it is in is its group"))
        }
        let period = period(node.required("recurringSubscriptionPeriod"), renewal: true)
        let (intro, monthlyIntro) = introductoryOffers(node, productID: productID)
        var promotional: [SubscriptionOffer] = []
        var offerIDs: Set<String> = []
        for offerNode in node.optional("adHocOffers")?.elements ?? [] {
            guard let id = offerNode.required("offerID")?.text else { continue }
            if !offerIDs.insert(id).inserted {
                // A purchase names an offer by its id: only the first can be bought.
                notes.append(CatalogProblem(path: offerNode.path.appending("offerID"), reason:
                    "warning: offer id \(UntrustedText.quoted(id)) is listed twice; a purchase names one offer by its id, so storefront sells the first and export drops this one"))
                continue
            }
            if let offer = offer(offerNode, kind: .promotional, key: StoreKitOrigin.promotionalKey(productID: productID, offerID: id)) {
                var offer = offer
                offer.id = id
                promotional.append(offer)
            }
        }
        let winBack = winBackOffers(node, productID: productID, taken: offerIDs)
        var monthlyPlan: CommitmentPlan?
        if let plans = node.optional("billingPlans") {
            origin.billingPlans[productID] = plans.value
            monthlyPlan = billingPlans(plans, period: period, introductoryOffer: monthlyIntro)
        }
        guard let level, let period else { return nil }
        return SubscriptionInfo(groupID: groupID, level: level, period: period, introductoryOffer: intro, promotionalOffers: promotional,
                                winBackOffers: winBack, monthlyPlan: monthlyPlan)
    }

    /// The introductory offers: version 5's `introductoryOffers` (one per billing plan, each naming its
    /// `billingPlanType`: the one billed up front, or naming none, is the subscription's; the MONTHLY
    /// one belongs to the monthly plan), preferred over the legacy `introductoryOffer` when a file has both.
    private func introductoryOffers(_ node: SKNode, productID: String) -> (upFront: SubscriptionOffer?, monthly: SubscriptionOffer?) {
        let key = "intro:" + productID
        guard let list = node.optional("introductoryOffers") else {
            return (node.optional("introductoryOffer").flatMap { offer($0, kind: .introductory, key: key) }, nil)
        }
        if let legacy = node.optional("introductoryOffer") {
            notes.append(CatalogProblem(path: legacy.path, reason: "ignored: introductoryOffers (version 5) is read instead"))
        }
        var intro: SubscriptionOffer?
        var monthly: SubscriptionOffer?
        for entry in list.elements ?? [] {
            let plan = entry.optional("billingPlanType")?.string ?? Self.billedUpFront
            switch plan {
            case Self.billedUpFront:
                guard intro == nil else {
                    entry.problem("a second introductory offer billed up front; a subscription has one per billing plan")
                    continue
                }
                intro = offer(entry, kind: .introductory, key: key)
            case Self.monthly:
                guard monthly == nil else {
                    entry.problem("a second introductory offer of the MONTHLY plan; a subscription has one per billing plan")
                    continue
                }
                monthly = offer(entry, kind: .introductory, key: Self.monthlyIntroKey(productID))
                // As written, for export when the file has no enabled MONTHLY plan for it to belong to.
                origin.planIntroductoryOffers[productID, default: []].append(entry.value)
            default:
                entry.optional("billingPlanType")?.problem("unknown billing plan \(UntrustedText.quoted(plan)); expected BILLED_UPFRONT or MONTHLY")
            }
        }
        return (intro, monthly)
    }

    /// The key of a monthly plan's introductory offer among `origin.offers`.
    static func monthlyIntroKey(_ productID: String) -> String { "intro-monthly:" + productID }

    static let billedUpFront = "BILLED_UPFRONT"
    static let monthly = "MONTHLY"

    /// Version 5 `billingPlans`: `{billingPlanType, displayPrice, commitmentDisplayPrice, internalID,
    /// isEnabled}` per plan, BILLED_UPFRONT (the subscription's own price, once per period) or MONTHLY
    /// (monthly payments with a 12-month commitment, StoreKit's `BillingPlanType.monthly`, iOS 26.4).
    /// An enabled MONTHLY plan is the subscription's `monthlyPlan`, priced at its `displayPrice` a month
    /// in the file's storefront; its commitment's total is twelve of that (a `commitmentDisplayPrice`
    /// that differs gets a note). A disabled one is kept for export only.
    private func billingPlans(_ node: SKNode, period: SubscriptionPeriod?, introductoryOffer: SubscriptionOffer?) -> CommitmentPlan? {
        var monthlyPlan: CommitmentPlan?
        // Xcode writes a BILLED_UPFRONT plan on every version 5 subscription, monthly ones included: that
        // is the ordinary plan. Only a MONTHLY plan (a 12-month commitment) needs a one-year subscription.
        if let period, period != CommitmentPlan.length {
            for plan in node.elements ?? [] where plan.optional("billingPlanType")?.string == Self.monthly {
                plan.problem("a MONTHLY billing plan (monthly payments with a 12-month commitment) needs a one-year subscription; this one renews every \(period). Xcode offers the plan only on one-year subscriptions")
                return nil
            }
        }
        for plan in node.elements ?? [] {
            guard plan.object != nil else { continue }
            plan.noteUnknownKeys(["billingPlanType", "commitmentDisplayPrice", "displayPrice", "internalID", "isEnabled"])
            guard let type = plan.required("billingPlanType")?.string else { continue }
            guard [Self.billedUpFront, Self.monthly].contains(type) else {
                plan.optional("billingPlanType")?.problem("unknown billing plan \(UntrustedText.quoted(type)); expected BILLED_UPFRONT or MONTHLY")
                continue
            }
            let amount = plan.required("displayPrice").flatMap(price)
            let total = plan.optional("commitmentDisplayPrice").flatMap(price)
            let enabled = plan.optional("isEnabled")?.bool ?? true
            guard type == Self.monthly, let amount else { continue }
            guard enabled else {
                notes.append(CatalogProblem(path: plan.path, reason: "kept for export, not sold: the MONTHLY plan is switched off (isEnabled false)"))
                continue
            }
            guard monthlyPlan == nil else { plan.problem("a second MONTHLY plan; a subscription has at most one"); continue }
            var prices = PriceTable()
            prices.set(storefront, significand: amount.significand, exponent: amount.exponent)
            monthlyPlan = CommitmentPlan(prices: prices, introductoryOffer: introductoryOffer)
            let twelve = Self.decimal(amount) * Decimal(CommitmentPlan.payments)
            if let total, Self.decimal(total) != twelve {
                let written = plan.optional("commitmentDisplayPrice")?.string.map { UntrustedText.quoted($0) } ?? "\(Self.decimal(total))"
                notes.append(CatalogProblem(path: plan.path.appending("commitmentDisplayPrice"), reason:
                    "warning: \(written) is not 12 × the displayPrice; storefront bills 12 payments of the displayPrice (\(twelve) in all) and export writes that"))
            }
        }
        if monthlyPlan == nil, introductoryOffer != nil {
            notes.append(CatalogProblem(path: node.path, reason: "the MONTHLY plan's introductory offer has no enabled MONTHLY plan to belong to; kept for export only"))
        }
        return monthlyPlan
    }

    private static func decimal(_ parts: (significand: UInt64, exponent: Int)) -> Decimal {
        Decimal(sign: .plus, exponent: parts.exponent, significand: Decimal(parts.significand))
    }

    /// `winbackOffers` (version 4): Xcode's shape is an offer's (`paymentMode`, `subscriptionPeriod`,
    /// `displayPrice` and `numberOfPeriods` as `adHocOffers` have them; no public file has a paid one, so
    /// that is storefront's reading) with `offerID`, `referenceName` and `isEligible`, Xcode's switch
    /// that makes the offer redeemable right after the subscription expires. Such an offer is the
    /// model's win-back offer with no further conditions: from the day the subscription churned, for
    /// App Store Connect's longest 24 months, whatever was paid. One switched off (`isEligible` false)
    /// is never offered; it is kept for export. A file without `isEligible` (Xcode before it) reads as on.
    private func winBackOffers(_ node: SKNode, productID: String, taken: Set<String>) -> [WinBackOffer] {
        guard let list = node.optional("winbackOffers") else { return [] }
        origin.winbackOffers[productID] = list.value
        var offers: [WinBackOffer] = []
        var ids = taken
        for entry in list.elements ?? [] {
            guard let id = entry.required("offerID")?.text else { continue }
            if !ids.insert(id).inserted {
                notes.append(CatalogProblem(path: entry.path.appending("offerID"), reason:
                    "warning: offer id \(UntrustedText.quoted(id)) is used by another offer of this subscription; a purchase names one offer by its id, so storefront does not offer this one (export writes the win-back offers as the file has them)"))
                continue
            }
            guard var offer = offer(entry, kind: .winBack, key: id) else { continue }
            offer.id = id
            if entry.optional("isEligible")?.bool == false {
                notes.append(CatalogProblem(path: entry.path.appending("isEligible"), reason:
                    "kept for export, not offered: Xcode's switch for win-back offer \(UntrustedText.quoted(id)) is off"))
                continue
            }
            offers.append(WinBackOffer(offer: offer, paidMonths: 0, monthsSinceLastSubscribed: 0...WinBackOffer.monthsSinceRange.upperBound,
                                       monthsBetweenOffers: nil, priority: .normal, startDate: nil, endDate: nil))
        }
        return offers
    }

    /// An introductory, ad hoc (promotional) or code offer: `paymentMode` free (the trial's whole length in
    /// `subscriptionPeriod`), payAsYouGo (`numberOfPeriods` of `subscriptionPeriod`, each at
    /// `displayPrice`) or payUpFront (`displayPrice` once for `subscriptionPeriod`).
    private func offer(_ node: SKNode, kind: SubscriptionOffer.Kind, key: String) -> SubscriptionOffer? {
        guard node.object != nil else { return nil }
        let keys: Set<String> = switch kind {
        case .introductory: Keys.introductoryOffer
        case .promotional: Keys.adHocOffer
        case .code: Keys.codeOffer
        case .winBack: Keys.winBackOffer
        }
        node.noteUnknownKeys(keys)
        let mode = node.required("paymentMode").flatMap { modeNode -> SubscriptionOffer.PaymentMode? in
            guard let raw = modeNode.string else { return nil }
            guard let mode = Self.paymentModes[raw] else {
                modeNode.problem("unknown payment mode \(UntrustedText.quoted(raw)); expected free, payAsYouGo or payUpFront")
                return nil
            }
            return mode
        }
        let period = period(node.required("subscriptionPeriod"))
        var count = 1
        if mode == .payAsYouGo {
            count = node.optional("numberOfPeriods").flatMap { countNode -> Int? in
                guard let count = countNode.int else { return nil }
                guard (1...12).contains(count) else { countNode.problem("must be between 1 and 12"); return nil }
                return count
            } ?? 1
        }
        var prices = PriceTable()
        if mode != .freeTrial, mode != nil {
            guard let price = node.required("displayPrice").flatMap(price) else { return nil }
            prices.set(storefront, significand: price.significand, exponent: price.exponent)
        }
        origin.offers[key] = .init(internalID: node.optional("internalID")?.string, referenceName: node.optional("referenceName")?.string,
                                   numberOfPeriods: mode == .payAsYouGo ? nil : node.optional("numberOfPeriods")?.int)
        if mode != .freeTrial, node.optional("displayPrice")?.string?.isEmpty == true { origin.emptyPrices.insert(key) }
        guard let mode, let period else { return nil }
        // A file's promotional offers (`adHocOffers`) are what its team offers subscribers: the cancel
        // flow's retention pitch offers them, as a JSON catalog's `purpose: retention` offers are (the
        // format has no purpose, and no copy: the pitch's own words, in every language, present them).
        return SubscriptionOffer(id: kind == .introductory ? nil : key, kind: kind, paymentMode: mode, period: period,
                                 periodCount: count, prices: prices, purpose: kind == .promotional ? .retention : nil)
    }

    static let paymentModes: [String: SubscriptionOffer.PaymentMode] = ["free": .freeTrial, "payAsYouGo": .payAsYouGo, "payUpFront": .payUpFront]
    static let eligibilities: [String: OfferCodeOffer.Eligibility] = ["new": .new, "existing": .existing, "expired": .lapsed]

    /// `codeOffers` as offer-code offers. The file holds no codes, so each gets a custom code made from its
    /// reference name (see `customCode`).
    private func codeOffers(_ node: SKNode, productID: String) -> [OfferCodeOffer] {
        var offers: [OfferCodeOffer] = []
        codeOfferPaths[productID] = node.path.appending("codeOffers")
        for (index, offerNode) in (node.optional("codeOffers")?.elements ?? []).enumerated() {
            let internalID = offerNode.optional("internalID")?.string
            // A transaction records an offer code's reference name as its offer id (Transaction.Offer.id),
            // as a JSON catalog's offer id; the internal id where the name is empty or taken.
            var id = offerNode.optional("referenceName")?.string.flatMap { Self.isBlank($0) ? nil : $0 } ?? ""
            if id.isEmpty || codeOfferIDs.contains(id) {
                let fallback = internalID ?? "\(productID).code\(index + 1)"
                if !id.isEmpty {
                    notes.append(CatalogProblem(path: offerNode.path.appending("referenceName"), reason:
                        "warning: reference name \(UntrustedText.quoted(id)) is another code offer's too; transactions record this one as \(UntrustedText.quoted(fallback))"))
                }
                id = fallback
            }
            codeOfferIDs.insert(id)
            guard var offer = offer(offerNode, kind: .code, key: id) else { continue }
            offer.id = id
            let eligibility = offerNode.optional("eligibility")?.elements.map { items -> Set<OfferCodeOffer.Eligibility> in
                Set(items.compactMap { item -> OfferCodeOffer.Eligibility? in
                    guard let raw = item.string else { return nil }
                    guard let value = Self.eligibilities[raw] else {
                        notes.append(CatalogProblem(path: item.path, reason:
                            "warning: unknown eligibility \(UntrustedText.quoted(raw)) (a newer Xcode's?); ignored: storefront knows new, existing and expired"))
                        return nil
                    }
                    return value
                })
            } ?? [.new, .existing, .lapsed]
            if eligibility.isEmpty { offerNode.optional("eligibility")?.problem("must name at least one of new, existing, expired") }
            let reference = offerNode.optional("referenceName")?.string
            let code = customCode(reference: reference, internalID: internalID)
            notes.append(CatalogProblem(path: offerNode.path, reason: "custom code \(code) opens this offer (made from its \(reference.map { _ in "reference name" } ?? "internal id"); the file holds no codes)"))
            var codeOffer = OfferCodeOffer(id: id, name: LocalizedText([language: reference ?? code]), productID: productID, offer: offer,
                                           eligibility: eligibility, expires: nil, active: true, oneTimeUseCodes: [], customCodes: [code])
            codeOffer.stacksWithIntroOffer = offerNode.optional("isStackable")?.bool ?? false
            offers.append(codeOffer)
        }
        return offers
    }

    /// A custom code from a reference name: its ASCII letters and digits, upper case, at most 64 (custom
    /// codes are alphanumeric ASCII only, HIG "Supporting offer codes"); from the internal id where the name
    /// yields nothing; made unique with a number at the end.
    func customCode(reference: String?, internalID: String?) -> String {
        func letters(_ text: String?) -> String {
            String((text ?? "").unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
                .map(Character.init)).uppercased()
        }
        var base = letters(reference)
        if base.isEmpty { base = letters(internalID) }
        if base.isEmpty { base = "OFFER" }
        base = String(base.prefix(64))
        var code = base
        var number = 2
        while usedCodes.contains(code) {
            let suffix = String(number)
            code = String(base.prefix(64 - suffix.count)) + suffix
            number += 1
        }
        usedCodes.insert(code)
        return code
    }

    // MARK: settings

    /// `settings` as the scenario's starting settings, in `ScenarioSetting.names` order.
    private func scenarioSettings(_ node: SKNode) -> [ScenarioSetting] {
        guard node.object != nil else { return [] }
        node.noteUnknownKeys(Keys.settings.union(Keys.settingsKept))
        var settings: [ScenarioSetting] = []
        func flag(_ key: String) -> Bool { node.optional(key)?.bool ?? false }
        if flag("_askToBuyEnabled") { settings.append(.askToBuy(true)) }
        if let error = failure(node) { settings.append(.failPurchases(error)) }
        if flag("_interruptedPurchasesEnabled") { settings.append(.interruptPurchases(true)) }
        if flag("_renewalBillingIssuesEnabled") { settings.append(.billingRetry(true)) }
        if let grace = node.optional("_billingGracePeriodEnabled")?.bool { settings.append(.gracePeriod(grace ? .on : .off)) }
        if let rateNode = node.optional("_timeRate") ?? compatibilityTimeRate(node), let raw = rateNode.int {
            if let rate = Self.timeRates[raw] {
                settings.append(.timeRate(rate))
                if let replaced = Self.deprecatedTimeRates[raw] {
                    notes.append(CatalogProblem(path: rateNode.path, reason: "time rate \(raw) is StoreKit Testing's deprecated \(replaced); read as \(rate.rawValue)"))
                }
            } else {
                notes.append(CatalogProblem(path: rateNode.path, reason:
                    "warning: \(raw) is not a time rate storefront knows (SKTestSession.TimeRate: 0, 1–6, 10–13, 15, 1000–1005; a newer Xcode's?); the clock runs in real time"))
            }
        }
        // SKTestSession.disableDialogs "disables dialogs during automated testing": storefront has no such
        // switch (its flow scripts answer its sheets), so it is kept for export.
        if flag("_disableDialogs") {
            notes.append(CatalogProblem(path: node.path.appending("_disableDialogs"), reason:
                "kept for export; Xcode's switch suppresses StoreKit's dialogs in automated tests (SKTestSession.disableDialogs), which storefront's scripts answer instead"))
        }
        if flag("_billingIssuesEnabled") {
            notes.append(CatalogProblem(path: node.path.appending("_billingIssuesEnabled"), reason: "kept for export; storefront does not simulate _billingIssuesEnabled"))
        }
        return settings + storeKitErrors(node)
    }

    /// `_compatibilityTimeRate`: the time rate for an older StoreKit Testing that cannot read `_timeRate`,
    /// an object of runtime version → time rate (`{"3": 6}`); Xcode's StoreKit service writes the entry
    /// of the running version over `_timeRate`. storefront reads every rate, so `_timeRate` wins; without
    /// one, the entry of the newest version is the rate. Anything else (a bare number, as hand-written
    /// files have) Xcode skips: a note, kept for export.
    private func compatibilityTimeRate(_ node: SKNode) -> SKNode? {
        guard let compatibility = node.optional("_compatibilityTimeRate") else { return nil }
        guard case .object(let entries) = compatibility.value, !entries.members.isEmpty else {
            notes.append(CatalogProblem(path: compatibility.path, reason:
                "ignored, kept for export: Xcode reads _compatibilityTimeRate only as an object of version → time rate, like {\"3\": 6}"))
            return nil
        }
        let newest = entries.members.max { (Int($0.key) ?? Int.min) < (Int($1.key) ?? Int.min) }
        return newest.map { SKNode($0.value, compatibility.path.appending($0.key), self) }
    }

    /// Xcode's StoreKit Errors other than Purchase (read by `failure(_:)`): each `_storeKitErrors`
    /// entry `{name, enabled, current[, emptyOnError]}` that is enabled injects its `current` error into
    /// that call. No public file has a `current` other than null, so its shape is storefront's choice,
    /// Swift's synthesized Codable shape of SKTestFailures: `{"generic": {"_0": "networkError"}}`
    /// (also read: `{"generic": "networkError"}`, `{"type": "networkError"}` and `"networkError"`). A `current` not understood, an
    /// unknown name or an enabled entry without an error is a note, not a refusal; the entry is written
    /// back as it was. `emptyOnError` is kept for export (its meaning is not documented).
    private func storeKitErrors(_ node: SKNode) -> [ScenarioSetting] {
        var settings: [ScenarioSetting] = []
        for entry in node.optional("_storeKitErrors")?.elements ?? [] {
            guard case .object(let object) = entry.value, case .string(let name)? = object["name"], name != "Purchase" else { continue }
            guard let category = StoreKitErrorCategory(xcodeName: name) else {
                notes.append(CatalogProblem(path: entry.path.appending("name"), reason: "kept for export; \(UntrustedText.quoted(name)) is not a StoreKit call storefront knows (\(StoreKitErrorCategory.allCases.map(\.xcodeName).joined(separator: ", ")))"))
                continue
            }
            guard case .bool(true)? = object["enabled"] else { continue }
            let current = object["current"] ?? .null
            guard let error = Self.storeKitError(current), category.injectable.contains(error) else {
                let found = current == .null ? "no error (current is null)" : "an error storefront does not read"
                notes.append(CatalogProblem(path: entry.path.appending("current"), reason: "kept for export, not injected: \(name) is enabled with \(found); expected one of \(category.injectable.map(\.rawValue).joined(separator: ", ")), like {\"generic\": {\"_0\": \"networkError\"}}"))
                continue
            }
            settings.append(.storeKitError(category, error))
        }
        return settings
    }

    /// The error a `_storeKitErrors` entry's `current` names: a StoreKit case name, alone or as the
    /// value (or `_0`) of the SKTestFailures case wrapping it, or as `type` (`{"index": 1, "type":
    /// "networkError"}`, the shape this project's Lumen-v4 fixture has).
    static func storeKitError(_ value: JSONValue) -> StoreKitErrorCase? {
        switch value {
        case .string(let name): return StoreKitErrorCase(rawValue: name)
        case .object(let object) where object["type"] != nil:
            guard case .string(let name)? = object["type"] else { return nil }
            return StoreKitErrorCase(rawValue: name)
        case .object(let object):
            guard object.members.count == 1, let member = object.members.first,
                  ["generic", "purchase", "verification", "refundRequest"].contains(member.key) else { return nil }
            if case .object(let inner) = member.value, inner.members.count == 1, let first = inner.members.first, first.key == "_0" {
                return storeKitError(first.value)
            }
            return storeKitError(member.value)
        default: return nil
        }
    }

    /// Xcode's failing transactions: `_failTransactionsEnabled` (every purchase fails until it is
    /// turned off) with the error of the enabled "Purchase" entry of `_storeKitErrors`; an enabled
    /// "Purchase" entry alone does the same (Xcode 15 and later). Nil when purchases do not fail.
    private func failure(_ node: SKNode) -> PurchaseError? {
        var enabled = node.optional("_failTransactionsEnabled")?.bool ?? false
        var error: PurchaseError?
        for entry in node.optional("_storeKitErrors")?.elements ?? [] {
            guard case .object(let object) = entry.value, case .string("Purchase")? = object["name"] else { continue }
            if case .bool(true)? = object["enabled"] { enabled = true }
            error = Self.purchaseError(object["current"] ?? .null)
        }
        return enabled ? error ?? .unknown : nil
    }

    /// The purchase error a `_storeKitErrors` entry's `current` names, by StoreKit's names
    /// (StoreKitError, Product.PurchaseError); `unknown` for any other.
    static func purchaseError(_ value: JSONValue) -> PurchaseError? {
        var words: [String] = []
        func collect(_ value: JSONValue) {
            switch value {
            case .string(let text): words.append(text.lowercased().filter { $0.isLetter })
            case .object(let object): object.members.forEach { collect($0.value) }
            case .array(let items): items.forEach(collect)
            default: break
            }
        }
        collect(value)
        for word in words {
            if word.contains("network") { return .networkError }
            if word.contains("cancel") { return .userCancelled }
            if word.contains("notavailable") || word.contains("unavailable") { return .notAvailableInStorefront }
            if word.contains("notallowed") { return .paymentNotAllowed }
        }
        return words.isEmpty ? nil : .unknown
    }

    /// SKTestSession.TimeRate's raw values (StoreKitTest's SKTestSession.h): the deprecated day rates
    /// 1–6 read as their replacements (those with none, as the slowest scaled rate).
    static let timeRates: [Int: TimeRate] = [
        0: .realTime, 1: .monthlyRenewalEveryHour, 2: .monthlyRenewalEveryHour, 3: .monthlyRenewalEveryHour,
        4: .monthlyRenewalEveryThirtyMinutes, 5: .monthlyRenewalEveryFifteenMinutes, 6: .monthlyRenewalEveryThirtySeconds,
        10: .monthlyRenewalEveryHour, 11: .monthlyRenewalEveryThirtyMinutes, 12: .monthlyRenewalEveryFifteenMinutes,
        13: .monthlyRenewalEveryFiveMinutes, 15: .monthlyRenewalEveryThirtySeconds,
        1000: .oneRenewalEveryFifteenMinutes, 1001: .oneRenewalEveryFiveMinutes, 1002: .oneRenewalEveryMinute,
        1003: .oneRenewalEveryThirtySeconds, 1004: .oneRenewalEveryTenSeconds, 1005: .oneRenewalEveryTwoSeconds,
    ]
    static let deprecatedTimeRates: [Int: String] = [
        1: "oneHourIsOneDay", 2: "thirtyMinutesIsOneDay", 3: "fiveMinutesIsOneDay", 4: "oneMinuteIsOneDay",
        5: "thirtySecondsIsOneDay", 6: "oneSecondIsOneDay",
    ]
}

/// A catalog file of either format, chosen by content: a StoreKit configuration (`identifier`,
/// `settings`, `version` at its root) or storefront's own catalog. The extension decides only a file
/// whose root says neither (a broken one), so its problems are told in the terms of its format.
public enum CatalogFile {
    public static func load(contentsOf url: URL) throws(CatalogLoader.Failure) -> StoreKitConfiguration.Loaded {
        let name = url.deletingPathExtension().lastPathComponent
        if FileKind.notRegular(url.path) == nil, let data = try? Data(contentsOf: url, options: .mappedIfSafe),
           isStoreKit(data, extension: url.pathExtension) {
            return try StoreKitConfiguration.load(data, name: name)
        }
        return StoreKitConfiguration.Loaded(catalog: try CatalogLoader.load(contentsOf: url), settings: [], notes: [])
    }

    /// Looks only at the root's keys, as the tape finds them, stopping at the first that decides
    /// (`app` or `territories`: a catalog; `identifier`, `settings` and `version` all seen: a
    /// configuration), so a large catalog is not read twice. A root array is a catalog; a document
    /// that breaks off first is decided by the extension.
    static func isStoreKit(_ data: Data, extension: String) -> Bool {
        var decision: Bool?
        var seen: Set<String> = []
        let end = data.withUnsafeBytes { raw in
            let tape = JSONTape(raw.bindMemory(to: UInt8.self), log: ProblemLog())
            return tape.fillRoot(visit: { keyToken in
                let key = tape.string(at: keyToken)
                switch key {
                case "app", "territories": decision = false
                case "identifier", "settings", "version":
                    seen.insert(key)
                    if seen.count == 3 { decision = true }
                default: break
                }
                return decision == nil
            })
        }
        if end == .rootIsArray { return false }
        // `settings` and `version` without `app` or `territories`: a configuration, Xcode 12's version 1.0
        // without an identifier too.
        if decision == nil, seen.isSuperset(of: ["settings", "version"]) { return true }
        return decision ?? (`extension` == "storekit")
    }
}
