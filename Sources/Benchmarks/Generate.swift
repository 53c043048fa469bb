import Foundation
import StoreModel

/// Catalogs and ledgers of a chosen size, shaped like SampleCatalog.json: every territory, four
/// languages, subscription groups with intro, promotional and offer-code offers.
enum Generate {
    /// The sample catalog grown to `count` products: copy k of every product (k ≥ 1) gets an id and
    /// names with " k" appended, its own subscription groups and offer codes, so ids and codes stay
    /// unique and lint finds nothing to refuse. `distinctDescriptions`: descriptions get " k" too, so no
    /// two are equal (the catalog then cannot store equal texts once).
    static func catalogJSON(sample: Data, products count: Int, distinctDescriptions: Bool = false) throws -> Data {
        guard var root = try JSONSerialization.jsonObject(with: sample) as? [String: Any],
              let products = root["products"] as? [[String: Any]],
              let groups = root["subscriptionGroups"] as? [[String: Any]],
              let offers = root["offerCodes"] as? [[String: Any]] else {
            throw BenchError("the sample catalog does not have the expected shape")
        }
        guard count > products.count else {
            root["products"] = Array(products.prefix(count))
            let kept = Set(Array(products.prefix(count)).compactMap { $0["id"] as? String })
            root["offerCodes"] = offers.filter { kept.contains($0["product"] as? String ?? "") }
            return try JSONSerialization.data(withJSONObject: root, options: [.sortedKeys])
        }
        var allProducts: [[String: Any]] = []
        var allGroups: [[String: Any]] = []
        var allOffers: [[String: Any]] = []
        allProducts.reserveCapacity(count)
        var copy = 0
        /// The ids of the products so far (grown copy by copy: rebuilt per copy, it was quadratic).
        var present: Set<String> = []
        while allProducts.count < count {
            let suffix = copy == 0 ? "" : ".\(copy)"
            let copyStart = allProducts.count
            for group in groups {
                var group = group
                group["id"] = (group["id"] as? String ?? "") + suffix
                group["name"] = renamed(group["name"], copy)
                allGroups.append(group)
            }
            for product in products where allProducts.count < count {
                var product = product
                product["id"] = (product["id"] as? String ?? "") + suffix
                product["name"] = renamed(product["name"], copy)
                if distinctDescriptions { product["description"] = renamed(product["description"], copy) }
                if let group = product["group"] as? String { product["group"] = group + suffix }
                allProducts.append(product)
            }
            present.formUnion(allProducts[copyStart...].compactMap { $0["id"] as? String })
            for offer in offers {
                var offer = offer
                let product = (offer["product"] as? String ?? "") + suffix
                guard present.contains(product) else { continue }
                offer["product"] = product
                offer["id"] = (offer["id"] as? String ?? "") + suffix
                if var codes = offer["codes"] as? [String: Any] {
                    let renamed = { (list: Any?) in (list as? [String] ?? []).map { $0 + (copy == 0 ? "" : "X\(copy)") } }
                    codes["custom"] = codes["custom"].map(renamed)
                    if var batch = codes["oneTimeUse"] as? [String: Any] {
                        batch["codes"] = renamed(batch["codes"])
                        codes["oneTimeUse"] = batch
                    }
                    offer["codes"] = codes
                }
                // Copies have no redemption limits of their own: the sample's, thousands of times over,
                // would pass the App Store's 1,000,000 redemptions a quarter, which lint refuses.
                if copy > 0 { offer["redemptionLimit"] = nil }
                allOffers.append(offer)
            }
            copy += 1
        }
        root["products"] = allProducts
        root["subscriptionGroups"] = allGroups
        root["offerCodes"] = allOffers
        return try JSONSerialization.data(withJSONObject: root, options: [.sortedKeys])
    }

    private static func renamed(_ value: Any?, _ copy: Int) -> Any? {
        guard copy > 0, let names = value as? [String: String] else { return value }
        return names.mapValues { "\($0) \(copy)" }
    }

    /// A store with `count` transactions: consumable purchases one day apart, the way a long QA ledger
    /// grows.
    static func store(catalog: Catalog, transactions count: Int, start: Date) -> AppStore {
        let territory = catalog.territory("USA") ?? catalog.territories[0]
        var store = AppStore(catalog: catalog, territory: territory, now: start)
        let consumable = catalog.products.first { $0.type == .consumable }!.id
        for _ in 0..<count {
            store.purchase(consumable)
            store.advance(to: store.now.addingTimeInterval(3_600))
        }
        return store
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
