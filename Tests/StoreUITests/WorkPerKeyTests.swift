import Foundation
import Testing
import StoreModel
@testable import StoreUI

/// Work per key must not grow with the catalog or the ledger: the views compute the rows they show.
/// These tests count what a key reads (`WorkMeter`) at two sizes; they time nothing.
@Suite("work per key")
struct WorkPerKeyTests {
    /// The sample catalog grown (or cut) to `count` products, the way storefront-bench grows it: copy k
    /// of every product and subscription group gets " k" on its id and names.
    static func catalog(products count: Int) -> Catalog {
        let sample = Sample.catalog
        // Built in local arrays and set once: the catalog re-indexes whenever a list is set.
        var products: [Product] = []
        var groups: [SubscriptionGroup] = []
        var copy = 0
        while products.count < count {
            let suffix = copy == 0 ? "" : ".\(copy)"
            func renamed(_ text: LocalizedText) -> LocalizedText {
                copy == 0 ? text : LocalizedText(text.translations.mapValues { "\($0) \(copy)" })
            }
            for var group in sample.subscriptionGroups {
                group.id += suffix
                group.name = renamed(group.name)
                groups.append(group)
            }
            for var product in sample.products where products.count < count {
                product.id += suffix
                product.name = renamed(product.name)
                product.subscription?.groupID += suffix
                products.append(product)
            }
            copy += 1
        }
        var catalog = sample
        catalog.subscriptionGroups = groups
        catalog.products = products
        return catalog
    }

    /// The app at 80×14 (so even the small store fills the screen) for a subscriber of the first group
    /// with `transactions` transactions: the subscription, then consumable purchases an hour apart.
    static func app(products: Int, transactions: Int) -> AppState {
        let catalog = catalog(products: products)
        var store = AppStore(catalog: catalog, territory: catalog.territory("USA")!, now: Sample.start)
        store.purchase("com.trailhead.plus.pro.annual")
        for _ in 1..<transactions {
            store.purchase("com.trailhead.boost.small")
            store.advance(to: store.now.addingTimeInterval(3_600))
        }
        return AppState(store: store, locale: Locale(identifier: "en_US"), size: Size(columns: 80, rows: 14))
    }

    enum Screen: String, CaseIterable, CustomTestStringConvertible {
        case store, detail, scenario, inspector
        var testDescription: String { rawValue }
    }

    /// Opens a screen, moves to the end of its list and back a little (so a walk from the top would
    /// show), then counts what one more key (update and view) reads.
    static func work(on screen: Screen, _ app: AppState) -> [WorkMeter.Kind: Int] {
        var app = app
        let key: Key
        switch screen {
        case .store: key = .up
        case .detail:
            app.press(.enter)
            key = .character("+")
        case .scenario:
            app.press(.character("s"))
            key = .up
        case .inspector:
            app.press(.character("t"))
            key = .up
        }
        app.press(.end, .up, .up, .up)
        _ = app.view()
        let meter = WorkMeter()
        WorkMeter.$current.withValue(meter) {
            app.press(key)
            _ = app.view()
        }
        let kinds: [WorkMeter.Kind] = [.storeRow, .groupQuery, .ledgerRow, .ledgerSearch, .ledgerProbe]
        return Dictionary(uniqueKeysWithValues: kinds.map { ($0, meter[$0]) })
    }

    static let small = app(products: 12, transactions: 10)
    static let manyProducts = app(products: 10_000, transactions: 10)
    static let manyTransactions = app(products: 12, transactions: 10_000)

    @Test("a key reads as many rows with 10,000 products as with 12", arguments: Screen.allCases)
    func independentOfCatalog(_ screen: Screen) {
        let small = Self.work(on: screen, Self.small)
        let large = Self.work(on: screen, Self.manyProducts)
        #expect(small == large)
        if screen == .store { #expect(small[.storeRow]! > 0, "the store's rows are counted") }
        #expect(small[.groupQuery]! > 0, "the header asks the person's groups")
    }

    @Test("a key reads as many transactions with 10,000 in the ledger as with 10, and searches it by id",
          arguments: Screen.allCases)
    func independentOfLedger(_ screen: Screen) {
        var small = Self.work(on: screen, Self.small)
        var large = Self.work(on: screen, Self.manyTransactions)
        if screen == .inspector {
            #expect(small[.ledgerRow]! > 0, "the inspector's rows are counted")
            #expect(large[.ledgerSearch]! > 0 && large[.ledgerSearch] == small[.ledgerSearch])
            // A binary search of 10,000 transactions looks at no more than 14 of them.
            #expect(large[.ledgerProbe]! <= large[.ledgerSearch]! * 14)
        }
        small[.ledgerProbe] = nil
        large[.ledgerProbe] = nil
        #expect(small == large)
    }

    @Test("the big catalog's store shows the same rows the sample does for a subscriber, with the copies after")
    func bigCatalogRows() {
        let big = StoreScreen.plainText(Self.manyProducts).split(separator: "\n")
        let sample = Self.app(products: 14, transactions: 10)
        let small = StoreScreen.plainText(sample).split(separator: "\n")
        #expect(big.first == small.first, "the header")
        #expect(big.contains { $0.hasPrefix("  Pro Annual\t✓ Subscribed") })
        #expect(!big.contains { $0.hasPrefix("  Family Monthly\t") }, "a subscriber is not re-pitched")
        #expect(big.contains { $0.hasPrefix("  Family Monthly 1\t") }, "other groups are pitched")
        #expect(StoreScreen.selectableProducts(Self.manyProducts).count == 10_000 - 6)
    }

    @Test("groups with a status are found from the renewal state, in catalog order")
    func groupsWithStatus() {
        var app = Self.app(products: 40, transactions: 1)
        func expectAllFound(_ step: String) {
            let everyGroup = app.store.catalog.subscriptionGroups.map(\.id).filter { app.store.status(ofGroup: $0) != nil }
            #expect(app.groupsWithStatus == everyGroup, "\(step)")
        }
        expectAllFound("subscribed")
        app.store.purchase("com.trailhead.plus.basic.monthly.2")
        app.store.receiveFamilySharing("com.trailhead.plus.family.monthly.1")
        expectAllFound("three groups")
        app.store.purchase("com.trailhead.plus.family.annual.2") // a change of plan
        let first = app.store.transactions.first { $0.productID == "com.trailhead.plus.pro.annual" }!
        app.store.refund(first.id)
        expectAllFound("changed and refunded")
        app.store.advance(by: SubscriptionPeriod(value: 2, unit: .year))
        expectAllFound("two years on")
        for transaction in app.store.transactions where transaction.productID.hasSuffix(".1") {
            app.store.deleteTransaction(transaction.id)
        }
        expectAllFound("a group's transactions deleted")
        app.store.clearAll()
        expectAllFound("cleared")
        #expect(app.groupsWithStatus.isEmpty)
    }

    @Test("the name column is the widest name up to the cap, or the cap when every name is wider")
    func nameColumn() {
        let layout = Sample.app().storeLayout
        let widths = layout.nameWidths
        #expect(widths == widths.sorted() && Set(widths).count == widths.count)
        #expect(layout.nameColumnWidth(cap: widths.last!) == widths.last!)
        #expect(layout.nameColumnWidth(cap: widths.last! + 5) == widths.last!)
        #expect(layout.nameColumnWidth(cap: widths[1] - 1) == widths[0])
        #expect(layout.nameColumnWidth(cap: widths[0] - 1) == widths[0] - 1)
    }
}
