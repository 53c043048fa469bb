import Foundation
import StoreModel

/// The store as plain text, for a standard output that is not a terminal (`storefront | less`).
enum PlainListing {
    static func render(_ store: AppStore, locale: Locale) -> String {
        let fallback = store.catalog.app.defaultLanguage
        let prices = PriceFormatter(locale: locale)
        var out = "\(store.catalog.app.name.resolved(for: locale, fallback: fallback)) — \(store.territory.code)\n"
        for type in ProductType.allCases {
            for product in store.catalog.products(ofType: type) {
                let name = product.name.resolved(for: locale, fallback: fallback)
                let price = product.price(in: store.territory).map { prices.string($0, in: store.territory) } ?? "—"
                out += "\(type.rawValue)\t\(name)\t\(price)\n"
            }
        }
        return out
    }
}
