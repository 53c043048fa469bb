import Foundation
import StoreModel
import TextSafety

/// Writes a catalog as an Xcode StoreKit configuration file (version 4.0), for one storefront, in the
/// shape Xcode writes: keys sorted, `"key" : value`, two-space indents. A catalog read from a
/// `.storekit` file gets back its identifier, internal ids, reference names, settings, policies and
/// offer-signing key, so a round trip keeps every field StoreKit Testing uses.
public enum StoreKitExport {
    public struct Result: Sendable {
        public var text: String
        /// What the format cannot hold, one line each (other territories' prices, ...).
        public var dropped: [String]
    }

    /// `errors`: the StoreKit errors to write in `_storeKitErrors`, by call (nil: off); a call not in it
    /// keeps its entry as the file had it (or off, in a new file).
    public static func export(_ catalog: Catalog, territory code: String? = nil,
                              errors: [StoreKitErrorCategory: StoreKitErrorCase?] = [:]) -> Result {
        let origin = catalog.storeKit
        let code = (code ?? origin?.storefront ?? (catalog.territory("USA") != nil ? "USA" : catalog.territories[0].code)).uppercased()
        var dropped: [String] = []
        let version = version(of: catalog)
        let others = catalog.territories.map(\.code).filter { $0 != code }
        if !others.isEmpty, origin == nil {
            dropped.append("prices in \(others.joined(separator: ", ")): a StoreKit configuration holds one price per product, in its storefront's currency (\(code))")
        }
        let language = catalog.app.defaultLanguage
        let wholeCurrency = catalog.territory(code).map { territory -> Bool in
            // The currency's minor units, as Foundation formats it (yen: none).
            let text = Decimal(string: "1.5")!.formatted(.currency(code: territory.currency).locale(Locale(identifier: territory.locale)))
            return !text.contains("5")
        } ?? false
        func price(_ table: PriceTable) -> JSONValue? {
            guard let value = table[code] else { return nil }
            return .string(formatted(value, wholeCurrency: wholeCurrency))
        }
        /// `names`: what the file read held; a text it left empty (read as the reference name) is written empty.
        func localizations(name: LocalizedText, description: LocalizedText?, names: StoreKitOrigin.Names?) -> JSONValue {
            // A file that gave none (the store showed the reference name) gets none back.
            if names?.noLocalizations == true { return .array([]) }
            let keys = ordered(name, language: language)
            let order = names?.languages ?? []
            let languages = order.filter(keys.contains) + keys.filter { !order.contains($0) }
            func text(_ value: String?, _ key: String, _ field: String) -> JSONValue {
                names?.filledIn.contains(key + "." + field) == true ? .string("") : .string(value ?? "")
            }
            return .array(languages.map { key in
                object(["description": text(description?[key], key, "description"), "displayName": text(name[key], key, "displayName"),
                        "locale": .string(key.replacingOccurrences(of: "-", with: "_"))])
            })
        }
        func names(_ id: String, in table: [String: StoreKitOrigin.Names]?, reference: String) -> [String: JSONValue] {
            let names = table?[id]
            return ["internalID": .string(names?.internalID ?? stableID(id)), "referenceName": .string(names?.referenceName ?? reference)]
        }
        /// An offer as the format holds it; nil (and a line in `dropped`) for a paid offer with no price
        /// in this storefront, which the format cannot express (every paid offer has a displayPrice).
        func offer(_ offer: SubscriptionOffer, key: String, of productID: String) -> JSONValue? {
            var members: [String: JSONValue] = ["paymentMode": .string(paymentMode(offer.paymentMode)),
                                                "subscriptionPeriod": .string(offer.period.description)]
            if offer.paymentMode == .payAsYouGo {
                members["numberOfPeriods"] = .number(Double(offer.periodCount))
            } else if let kept = origin?.offers[key]?.numberOfPeriods {
                // Meaningless for this payment mode, but Xcode wrote it: kept.
                members["numberOfPeriods"] = .number(Double(kept))
            }
            if offer.paymentMode != .freeTrial {
                guard let value = price(offer.priceTable) else {
                    dropped.append("\(UntrustedText.quoted(productID)): offer \(UntrustedText.quoted(offer.id ?? key)) has no price in \(code)")
                    return nil
                }
                members["displayPrice"] = origin?.emptyPrices.contains(key) == true && offer.priceTable[code] == 0 ? .string("") : value
            }
            members["internalID"] = .string(origin?.offers[key]?.internalID ?? stableID(key))
            return object(members)
        }
        func product(_ product: Product, type: String) -> [String: JSONValue]? {
            guard let value = price(product.priceTable) else {
                dropped.append("\(UntrustedText.quoted(product.id)): not sold in \(code)")
                return nil
            }
            var members = names(product.id, in: origin?.products, reference: product.name[language] ?? product.id)
            members["displayPrice"] = origin?.emptyPrices.contains(product.id) == true && product.priceTable[code] == 0 ? .string("") : value
            members["familyShareable"] = .bool(product.familyShareable)
            members["localizations"] = localizations(name: product.name, description: product.description,
                                                     names: origin?.products[product.id])
            members["productID"] = .string(product.id)
            members["type"] = .string(type)
            return members
        }
        /// Version 5 `billingPlans`: BILLED_UPFRONT at the subscription's price and MONTHLY at the plan's
        /// monthly amount, with the commitment's total (twelve of it), each with the internal id and
        /// switch the file had; a plan the catalog does not sell (switched off) as the file had it.
        func billingPlans(_ item: Product, info: SubscriptionInfo) -> JSONValue? {
            func internalID(_ type: String) -> JSONValue {
                guard case .array(let kept)? = origin?.billingPlans[item.id] else { return .string(stableID(item.id + "." + type)) }
                for case .object(let plan) in kept where plan.members.contains(where: { $0.key == "billingPlanType" && $0.value == .string(type) }) {
                    if let id = plan.members.first(where: { $0.key == "internalID" })?.value { return id }
                }
                return .string(stableID(item.id + "." + type))
            }
            guard let plan = info.monthlyPlan else { return origin?.billingPlans[item.id] }
            guard let monthly = plan.priceTable[code], let upFront = item.priceTable[code] else {
                dropped.append("\(UntrustedText.quoted(item.id)): monthly plan with a 12-month commitment (no monthly price in \(code))")
                return origin?.billingPlans[item.id]
            }
            func entry(_ type: String, _ amount: Decimal, _ total: Decimal) -> JSONValue {
                object(["billingPlanType": .string(type), "commitmentDisplayPrice": .string(formatted(total, wholeCurrency: wholeCurrency)),
                        "displayPrice": .string(formatted(amount, wholeCurrency: wholeCurrency)), "internalID": internalID(type),
                        "isEnabled": .bool(true)])
            }
            return .array([entry(StoreKitReader.billedUpFront, upFront, upFront),
                           entry(StoreKitReader.monthly, monthly, monthly * Decimal(CommitmentPlan.payments))])
        }
        var products: [JSONValue] = []
        var nonRenewing: [JSONValue] = []
        for item in catalog.products {
            switch item.type {
            case .consumable, .nonConsumable:
                if let members = product(item, type: item.type == .consumable ? "Consumable" : "NonConsumable") { products.append(object(members)) }
                if item.type == .consumable, item.maxQuantity != 10 {
                    dropped.append("\(UntrustedText.quoted(item.id)): maxQuantity \(item.maxQuantity) (StoreKit Testing has no limit)")
                }
            case .nonRenewing:
                if let members = product(item, type: "NonRenewingSubscription") { nonRenewing.append(object(members)) }
                if origin == nil, let duration = item.duration { dropped.append("\(UntrustedText.quoted(item.id)): duration \(duration) (the format has none)") }
            case .autoRenewable:
                break
            }
            if !item.includedIn.isEmpty { dropped.append("\(UntrustedText.quoted(item.id)): includedIn") }
        }
        var groups: [JSONValue] = []
        for group in catalog.subscriptionGroups {
            var subscriptions: [JSONValue] = []
            // In catalog order (the file's), not by level.
            for item in catalog.products where item.subscription?.groupID == group.id {
                guard var members = product(item, type: "RecurringSubscription"), let info = item.subscription else { continue }
                members["groupNumber"] = .number(Double(info.level))
                members["recurringSubscriptionPeriod"] = .string(info.period.description)
                members["subscriptionGroupID"] = .string(group.id)
                let intro = info.introductoryOffer.flatMap { offer($0, key: "intro:" + item.id, of: item.id) }
                if version.major >= 5 {
                    // One introductory offer per billing plan, each naming its plan.
                    var offers: [JSONValue] = []
                    if case .object(var body)? = intro {
                        body.members.append(.init(key: "billingPlanType", value: .string(StoreKitReader.billedUpFront)))
                        offers.append(.object(body))
                    }
                    if let plan = info.monthlyPlan {
                        let key = StoreKitReader.monthlyIntroKey(item.id)
                        if let monthlyIntro = plan.introductoryOffer, case .object(var body)? = offer(monthlyIntro, key: key, of: item.id) {
                            body.members.append(.init(key: "billingPlanType", value: .string(StoreKitReader.monthly)))
                            offers.append(.object(body))
                        }
                    } else {
                        offers += origin?.planIntroductoryOffers[item.id] ?? []
                    }
                    members["introductoryOffers"] = .array(offers)
                    if let plans = billingPlans(item, info: info) { members["billingPlans"] = plans }
                } else {
                    members["introductoryOffer"] = intro ?? .null
                    if info.monthlyPlan != nil {
                        dropped.append("\(UntrustedText.quoted(item.id)): monthly plan with a 12-month commitment (version 4 files have no billing plans)")
                    }
                }
                members["adHocOffers"] = .array(info.promotionalOffers.compactMap { promotional in
                    let key = StoreKitOrigin.promotionalKey(productID: item.id, offerID: promotional.id ?? "")
                    guard case .object(var body)? = offer(promotional, key: key, of: item.id) else { return nil }
                    body.members.append(.init(key: "offerID", value: .string(promotional.id ?? "")))
                    body.members.append(.init(key: "referenceName", value: .string(origin?.offers[key]?.referenceName ?? promotional.id ?? "")))
                    return .object(body)
                })
                members["codeOffers"] = .array(catalog.offerCodes.filter { $0.productID == item.id }.compactMap { code in
                    guard let codeOffer = code.offer, case .object(var body)? = offer(codeOffer, key: code.id, of: item.id) else { return nil }
                    let order: [OfferCodeOffer.Eligibility: String] = [.new: "new", .existing: "existing", .lapsed: "expired"]
                    body.members.append(.init(key: "eligibility", value: .array(code.eligibility.compactMap { order[$0] }.sorted().map(JSONValue.string))))
                    body.members.append(.init(key: "isStackable", value: .bool(code.stacksWithIntroOffer)))
                    // The reference name is what a transaction records as the offer's id (Transaction.Offer.id).
                    body.members.append(.init(key: "referenceName", value: .string(origin?.offers[code.id]?.referenceName ?? code.id)))
                    return .object(body)
                })
                members["winbackOffers"] = origin?.winbackOffers[item.id] ?? .array(info.winBackOffers.compactMap { winBack in
                    // Xcode's shape: the offer, its id and reference name, and isEligible (on).
                    guard case .object(var body)? = offer(winBack.offer, key: winBack.id, of: item.id) else { return nil }
                    body.members.append(.init(key: "isEligible", value: .bool(true)))
                    body.members.append(.init(key: "offerID", value: .string(winBack.id)))
                    body.members.append(.init(key: "referenceName", value: .string(winBack.id)))
                    dropped.append("\(UntrustedText.quoted(item.id)): win-back offer \(UntrustedText.quoted(winBack.id))'s eligibility (paid months, months since the subscription ended, wait between offers, priority, dates): the format has only Xcode's isEligible switch, written on")
                    return .object(body)
                })
                subscriptions.append(object(members))
            }
            let kept = origin?.groups[group.id]
            let groupLocalizations = kept?.localizations ?? .array(group.name.translations.keys.sorted().map { key in
                object(["description": .string(""), "displayName": .string(group.name[key] ?? ""),
                        "locale": .string(key.replacingOccurrences(of: "-", with: "_"))])
            })
            groups.append(object(["id": .string(group.id), "localizations": groupLocalizations,
                                  "name": .string(kept?.name ?? group.name[language] ?? group.id), "subscriptions": .array(subscriptions)]))
        }
        for code in catalog.offerCodes where catalog.product(code.productID)?.type != .autoRenewable {
            dropped.append("offer code \(UntrustedText.quoted(code.id)): the format holds code offers for subscriptions only")
        }
        if origin == nil, !catalog.offerCodes.isEmpty { dropped.append("offer codes' codes, expiry dates, active flags and redemption limits (the format holds none)") }
        if origin == nil, catalog.app.billingGracePeriod != nil { dropped.append("billingGracePeriod's duration (the format has only on or off)") }
        for path in origin?.ignoredKeys ?? [] { dropped.append("\(path): ignored when the file was read (lint says why)") }
        if catalog.freeContent != nil { dropped.append("freeContent") }
        if catalog.onboarding != nil { dropped.append("onboarding") }
        if catalog.help != nil { dropped.append("help (FAQ, contact, conciliatory item)") }
        if catalog.priceIncreaseConsent != PriceIncreaseConsent() {
            dropped.append("priceIncreaseConsent (the format has no price-increase settings; Xcode asks consent per increase)")
        }
        if !catalog.promotedProducts.isEmpty {
            dropped.append("promotedProducts (the format has no promotions; App Store Connect's App Store Promotions sets them)")
        }

        var settings = origin?.settings ?? defaultSettings(catalog, code: code)
        if case .object(var object) = settings, origin?.storefront != code {
            object.members.removeAll { $0.key == "_storefront" }
            object.members.append(.init(key: "_storefront", value: .string(code)))
            settings = .object(object)
        }
        if !errors.isEmpty { settings = written(errors, in: settings) }
        var root: [String: JSONValue] = [
            "nonRenewingSubscriptions": .array(nonRenewing), "products": .array(products), "settings": settings,
            "subscriptionGroups": .array(groups),
            "version": object(["major": .number(Double(version.major)), "minor": .number(Double(version.minor))]),
        ]
        // Export writes version 4 or 5, which has an identifier: a version 1.0 file Xcode 12 wrote without
        // one gets a stable one, as Xcode gives one when it saves such a file again.
        root["identifier"] = .string(origin?.identifier ?? stableID(catalog.app.name[language] ?? "storefront"))
        // Only web addresses go into the URL fields: what a catalog holds there otherwise (a .storekit
        // file without a policy reads as "not set in …") is written as Xcode's empty field.
        let terms = catalog.app.termsOfServiceURL == StoreKitConfiguration.standardEULA ? nil : StoreKitReader.webAddress(catalog.app.termsOfServiceURL)
        root["appPolicies"] = origin?.kept["appPolicies"] ?? object([
            "eula": .string(terms ?? ""),
            "policies": .array([object(["locale": .string(language.replacingOccurrences(of: "-", with: "_")), "policyText": .string(""),
                                        "policyURL": .string(StoreKitReader.webAddress(catalog.app.privacyPolicyURL) ?? "")])]),
        ])
        if let pair = origin?.kept["subscriptionOffersKeyPair"] { root["subscriptionOffersKeyPair"] = pair }
        return Result(text: render(object(root)) + "\n", dropped: dropped)
    }

    /// The file version written: 5.0 for what only version 5 holds (a version 5 file's billing plans and
    /// per-plan introductory offers), else 4.0, which every Xcode since 15 opens.
    public static func version(of catalog: Catalog) -> (major: Int, minor: Int) {
        // A catalog selling a monthly plan needs version 5, the first with billing plans.
        (catalog.storeKit?.version.major ?? 4) >= 5 || catalog.positions(ofType: .autoRenewable).contains { catalog.products[$0].subscription?.monthlyPlan != nil }
            ? StoreKitConfiguration.newestVersion : (4, 0)
    }

    /// A text's languages, the catalog's default language first (Xcode lists the first localization
    /// added first, most often the development language), then the rest in order.
    static func ordered(_ text: LocalizedText, language: String) -> [String] {
        text.translations.keys.sorted { a, b in (a == language) != (b == language) ? a == language : a < b }
    }

    /// Settings as Xcode 15 and later write them for a new file: everything off, real time.
    static func defaultSettings(_ catalog: Catalog, code: String) -> JSONValue {
        let locale = catalog.territory(code)?.locale ?? "en_US"
        let errors = ["Load Products", "Purchase", "Verification", "App Store Sync", "Subscription Status", "App Transaction",
                      "Manage Subscriptions Sheet", "Refund Request Sheet", "Offer Code Redeem Sheet"]
        return object([
            "_askToBuyEnabled": .bool(false), "_billingGracePeriodEnabled": .bool(catalog.app.billingGracePeriod != nil),
            "_billingIssuesEnabled": .bool(false), "_disableDialogs": .bool(false), "_failTransactionsEnabled": .bool(false),
            "_locale": .string(locale), "_renewalBillingIssuesEnabled": .bool(false), "_storefront": .string(code),
            "_storeKitErrors": .array(errors.map { object(["current": .null, "enabled": .bool(false), "name": .string($0)]) }),
            "_timeRate": .number(0),
        ])
    }

    /// `settings` with its `_storeKitErrors` entries for the calls in `errors` written: enabled with the
    /// error in SKTestFailures' synthesized Codable shape (`{"generic": {"_0": "networkError"}}`, the
    /// shape the reader takes), or disabled. Other members of an entry (`emptyOnError`) and other calls'
    /// entries stay as they were; a call the file lacks is added.
    static func written(_ errors: [StoreKitErrorCategory: StoreKitErrorCase?], in settings: JSONValue) -> JSONValue {
        guard case .object(var object) = settings else { return settings }
        var entries: [JSONValue] = []
        if case .array(let items)? = object["_storeKitErrors"] { entries = items }
        for category in StoreKitErrorCategory.allCases {
            guard let error = errors[category] else { continue }
            let index = entries.firstIndex { entry in
                if case .object(let members) = entry, case .string(category.xcodeName)? = members["name"] { return true }
                return false
            }
            var members: [String: JSONValue] = ["current": .null, "enabled": .bool(false), "name": .string(category.xcodeName)]
            if let index, case .object(let kept) = entries[index] { for member in kept.members { members[member.key] = member.value } }
            members["enabled"] = .bool(error != nil)
            if let error {
                members["current"] = Self.object([error.wrapper: Self.object(["_0": .string(error.rawValue)])])
            }
            if let index { entries[index] = Self.object(members) } else { entries.append(Self.object(members)) }
        }
        // Purchase is also Xcode's older switch: both say the same.
        if let purchase = errors[.purchase] {
            object.members.removeAll { $0.key == "_failTransactionsEnabled" }
            object.members.append(.init(key: "_failTransactionsEnabled", value: .bool(purchase != nil)))
        }
        object.members.removeAll { $0.key == "_storeKitErrors" }
        object.members.append(.init(key: "_storeKitErrors", value: .array(entries)))
        return .object(object)
    }

    static func paymentMode(_ mode: SubscriptionOffer.PaymentMode) -> String {
        switch mode {
        case .freeTrial: "free"
        case .payAsYouGo: "payAsYouGo"
        case .payUpFront: "payUpFront"
        }
    }

    /// "4.99", "0.5" → "0.50", "5" → "5.00": at least two decimals, as Xcode writes prices; a whole
    /// price in a currency without minor units (yen) as a whole number, "600".
    static func formatted(_ value: Decimal, wholeCurrency: Bool = false) -> String {
        var text = NSDecimalNumber(decimal: value).stringValue
        if wholeCurrency, !text.contains(".") { return text }
        if let dot = text.firstIndex(of: ".") {
            if text.distance(from: dot, to: text.endIndex) == 2 { text += "0" }
        } else {
            text += ".00"
        }
        return text
    }

    /// An 8-digit hexadecimal id, the same for the same name (Xcode's ids are 8 hex digits).
    static func stableID(_ name: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return String(format: "%08X", hash)
    }

    static func object(_ members: [String: JSONValue]) -> JSONValue {
        .object(JSONObject(members.map { JSONObject.Member(key: $0.key, value: $0.value) }))
    }

    /// Xcode's layout: keys sorted, `"key" : value`, two-space indents, empty lists as `[\n\n]`.
    public static func render(_ value: JSONValue, indent: String = "") -> String {
        let inner = indent + "  "
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number):
            return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(describing: number)
        case .string(let text): return quote(text)
        case .array(let items):
            if items.isEmpty { return "[\n\n\(indent)]" }
            return "[\n" + items.map { inner + render($0, indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let object):
            if object.members.isEmpty { return "{\n\n\(indent)}" }
            // Xcode sorts keys without regard to case ("_storefront" before "_storeKitErrors").
            let members = object.members.sorted { ($0.key.lowercased(), $0.key) < ($1.key.lowercased(), $1.key) }
            return "{\n" + members.map { inner + quote($0.key) + " : " + render($0.value, indent: inner) }.joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20: out += String(format: "\\u%04x", c.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
