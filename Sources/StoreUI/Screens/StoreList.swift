import Foundation
import StoreModel

/// The store's list as far as it depends on the catalog and the locale alone, worked out once: when the
/// app starts (a session never changes its catalog) and again if the locale changes. Kept in
/// `AppState.storeLayout`.
///
/// It is the list of someone who has never subscribed: the sections in `ProductType` order, every
/// subscription group with all its products. `StoreList` turns it into this person's list now, by
/// replacing only the few groups they have a status in, and reads it one visible row at a time: a key
/// never walks the catalog.
public struct StoreLayout: Sendable {
    /// A line of that list.
    enum Line: Sendable, Equatable {
        case section(ProductType)
        /// A product, by its index in `catalog.products`.
        case product(Int)
        /// A subscription group's name, above its products, where the catalog has several groups (a
        /// `.storekit` file with six groups of look-alike plans reads as six groups, not one list).
        case group(String)
        case blank
    }

    /// Where a subscription group's products are: consecutive lines, and consecutive places in
    /// `productLines`.
    struct Stretch: Sendable, Equatable {
        var lines: Range<Int>
        var products: Range<Int>
    }

    /// Every line, in order.
    let lines: [Line]
    /// The line of each product, in list order: the selection moves over these.
    let productLines: [Int]
    /// Each product's place in `productLines`, by its position in `catalog.products` (-1: not listed).
    /// An array, not a dictionary by id: the catalog's own index finds the position.
    let places: [Int32]
    /// Each subscription group's stretch, by group id (groups without products have none).
    let groups: [String: Stretch]
    /// The place in `productLines` of each section's first product (Tab moves between them).
    let sectionStarts: [Int]
    /// The widths of the products' names in this locale, distinct, ascending.
    let nameWidths: [Int]

    init(catalog: Catalog, locale: Locale) {
        var lines: [Line] = []
        var productLines: [Int] = []
        var places = [Int32](repeating: -1, count: catalog.products.count)
        var groups: [String: Stretch] = [:]
        var sectionStarts: [Int] = []
        var widths: Set<Int> = []
        lines.reserveCapacity(catalog.products.count + 8)
        productLines.reserveCapacity(catalog.products.count)
        // The locale's language and region once, not once per name.
        let fallback = catalog.app.defaultLanguage
        let textLanguage = AppState.TextLanguage(locale)
        let language = textLanguage.language ?? fallback, region = textLanguage.region
        func add(_ positions: [Int]) {
            for index in positions {
                // A product listed under the id of an earlier one (a hand-made catalog repeating an id)
                // stands where that id first stands, as the catalog's lookups find it.
                guard let first = catalog.position(ofProduct: catalog.products[index].id) else { continue }
                places[first] = Int32(productLines.count)
                productLines.append(lines.count)
                lines.append(.product(first))
                widths.insert(TextWidth.of(catalog.products[index].name.resolved(language: language, region: region, fallback: fallback)))
            }
        }
        for type in ProductType.allCases {
            let before = (lines: lines.count, products: productLines.count)
            if !lines.isEmpty { lines.append(.blank) }
            lines.append(.section(type))
            if type == .autoRenewable {
                let headed = catalog.subscriptionGroups.count > 1
                for group in catalog.subscriptionGroups {
                    let positions = catalog.positions(inGroup: group.id)
                    if headed, !positions.isEmpty {
                        if case .product = lines.last { lines.append(.blank) }
                        lines.append(.group(group.id))
                    }
                    let start = (lines: lines.count, products: productLines.count)
                    add(positions)
                    if productLines.count > start.products {
                        groups[group.id] = Stretch(lines: start.lines..<lines.count, products: start.products..<productLines.count)
                    }
                }
            } else {
                add(catalog.positions(ofType: type))
            }
            if productLines.count == before.products {
                lines.removeSubrange(before.lines...) // a section with nothing in it is not shown
            } else {
                sectionStarts.append(before.products)
            }
        }
        self.lines = lines
        self.productLines = productLines
        self.places = places
        self.groups = groups
        self.sectionStarts = sectionStarts
        self.nameWidths = widths.sorted()
    }

    /// A product's place in `productLines`, by id; nil if the list does not show it.
    func place(ofProduct id: String, in catalog: Catalog) -> Int? {
        guard let position = catalog.position(ofProduct: id), position < places.count, places[position] >= 0 else { return nil }
        return Int(places[position])
    }

    /// The name column: as wide as the widest name up to `cap`; a longer name does not widen it for
    /// every row, it takes room from its own row's details.
    func nameColumnWidth(cap: Int) -> Int {
        var low = 0, high = nameWidths.count // the first width above cap
        while low < high {
            let middle = (low + high) / 2
            if nameWidths[middle] <= cap { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? nameWidths[low - 1] : cap
    }
}

/// A list read as a long base list with a few stretches replaced (or inserted), without building it.
/// Reading an element costs O(patches).
struct Spliced<Element> {
    struct Patch {
        /// The base elements it replaces; empty to insert before `base.lowerBound`.
        var base: Range<Int>
        var elements: [Element]
        var shift: Int { elements.count - base.count }
    }

    let baseCount: Int
    let base: (Int) -> Element
    /// In base order, not overlapping.
    let patches: [Patch]

    var count: Int { patches.reduce(baseCount) { $0 + $1.shift } }

    subscript(index: Int) -> Element {
        WorkMeter.count(.storeRow)
        var shift = 0
        for patch in patches {
            let start = patch.base.lowerBound + shift
            if index < start { break }
            if index < start + patch.elements.count { return patch.elements[index - start] }
            shift += patch.shift
        }
        return base(index - shift)
    }

    /// Where a base element is now; nil if a patch replaced it.
    func index(ofBase position: Int) -> Int? {
        guard position < baseCount else { return nil }
        var shift = 0
        for patch in patches {
            if position < patch.base.lowerBound { break }
            if position < patch.base.upperBound { return nil }
            shift += patch.shift
        }
        return position + shift
    }

    /// Where what starts at a base position now starts: the first element of a patch that starts there,
    /// else the base element.
    func start(ofBase position: Int) -> Int {
        position + patches.prefix { $0.base.lowerBound < position }.reduce(0) { $0 + $1.shift }
    }

    /// Where an element of a patch is now, for the first patch element that matches.
    func index(inPatches matches: (Element) -> Bool) -> Int? {
        var shift = 0
        for patch in patches {
            if let offset = patch.elements.firstIndex(where: matches) { return patch.base.lowerBound + shift + offset }
            shift += patch.shift
        }
        return nil
    }
}

/// The store's list for this person now, read a row at a time: the catalog's layout with the groups they
/// have a status in replaced as the pitch policy says (a subscriber sees only their own subscription; a
/// lapsed subscriber is asked to resubscribe). When payments are blocked, what they own instead. Building
/// it costs O(groups the person has); reading a row, O(those groups).
struct StoreList {
    /// Every line of the list.
    let rows: Spliced<StoreScreen.Row>
    /// The products the selection moves over, in list order.
    let products: Spliced<Product>
    /// Indexes (into `products`) of the first product of each section, for Tab.
    let sectionStarts: [Int]
    /// When payments are blocked, the products listed (they are few: what the person owns).
    let gated: [Product]?
    private let layout: StoreLayout
    private let catalog: Catalog

    init(_ state: AppState) {
        let store = state.store
        let catalog = store.catalog
        let layout = state.storeLayout
        self.layout = layout
        self.catalog = catalog
        guard store.gate.canMakePayments else {
            let owned = Self.ownedProducts(state)
            var rows: [StoreScreen.Row] = [.section(state.strings.yourPurchases, note: "")]
            if owned.isEmpty { rows.append(.note(state.strings.nothingOwned, .dim)) }
            self.rows = Spliced(baseCount: 0, base: { _ in .blank }, patches: [.init(base: 0..<0, elements: rows + owned.map { .product($0) })])
            products = Spliced(baseCount: 0, base: { _ in owned[0] }, patches: [.init(base: 0..<0, elements: owned)])
            sectionStarts = owned.isEmpty ? [] : [0]
            gated = owned
            return
        }
        var rowPatches: [Spliced<StoreScreen.Row>.Patch] = []
        var productPatches: [Spliced<Product>.Patch] = []
        for groupID in state.groupsWithStatus {
            guard let stretch = layout.groups[groupID], let group = catalog.group(groupID) else { continue }
            let groupName = state.text(group.name)
            switch store.pitch(forGroup: groupID) {
            case .never(let reason):
                guard let status = store.status(ofGroup: groupID),
                      let first = catalog.product(status.transaction.productID) else { continue }
                // Their subscriptions only: the one giving access, and a family member's own plan beside
                // a shared one (each ownership has its status), highest level first.
                let current = [first] + store.statuses(ofGroup: groupID).filter {
                    $0.state.hasAccess && $0.transaction.productID != first.id
                }.compactMap { catalog.product($0.transaction.productID) }
                // With a billing problem, what to do about it instead.
                let note: StoreScreen.Row
                switch reason {
                case .inBillingRetry: note = .note(state.strings.updatePaymentMethod, .warning)
                case .inGracePeriod:
                    let end = status.renewal?.gracePeriodExpiration.map(state.date) ?? ""
                    note = .note(state.strings.paymentProblemUntil(end), .warning)
                // A family member's plan is the organizer's, shared with them: a line written for them.
                case .subscribed(.familyShared): note = .note(state.strings.sharedWithYouBy(AppStore.familyOrganizer), .dim)
                default: note = .note(state.strings.subscribedElsewhere(groupName), .dim)
                }
                rowPatches.append(.init(base: stretch.lines, elements: current.map { .product($0) } + [note]))
                productPatches.append(.init(base: stretch.products, elements: current))
            case .resubscribe(_, let winBack):
                var notes: [StoreScreen.Row] = [.note(state.strings.resubscribe(groupName), .accent)]
                if let winBack, let product = catalog.product(winBack.productID),
                   let terms = BillingTerms(state).offerSummary(winBack.offer, on: product) {
                    notes.append(.note(state.strings.winBack("\(state.name(product)): \(terms)"), .accent))
                }
                rowPatches.append(.init(base: stretch.lines.lowerBound..<stretch.lines.lowerBound, elements: notes))
            case .subscribe, .unavailable, .offer:
                continue
            }
        }
        let lines = layout.lines
        rows = Spliced(baseCount: lines.count, base: { index in
            switch lines[index] {
            case .section(let type): .section(state.strings.sectionTitle(type), note: state.strings.sectionNote(type))
            case .product(let index): .product(catalog.products[index])
            case .group(let id): .note(catalog.group(id).map { state.text($0.name) } ?? id, .section)
            case .blank: .blank
            }
        }, patches: rowPatches)
        let productLines = layout.productLines
        let products = Spliced(baseCount: productLines.count, base: { place in
            guard case .product(let index) = lines[productLines[place]] else { preconditionFailure("a product line holds a product") }
            return catalog.products[index]
        }, patches: productPatches)
        self.products = products
        sectionStarts = layout.sectionStarts.map { products.start(ofBase: $0) }
        gated = nil
    }

    /// Where a product is among `products`; nil if the list does not show it.
    func productIndex(of id: String?) -> Int? {
        guard let id else { return nil }
        if let index = products.index(inPatches: { $0.id == id }) { return index }
        return layout.place(ofProduct: id, in: catalog).flatMap(products.index(ofBase:))
    }

    /// The line a product is on; nil if the list does not show it.
    func rowIndex(of id: String?) -> Int? {
        guard let id else { return nil }
        if let index = rows.index(inPatches: { if case .product(let p) = $0 { p.id == id } else { false } }) { return index }
        return layout.place(ofProduct: id, in: catalog).flatMap { rows.index(ofBase: layout.productLines[$0]) }
    }

    /// The name column's width: the catalog's widest name up to `cap` (the gated list: its own).
    func nameColumnWidth(_ state: AppState, cap: Int) -> Int {
        guard let gated else { return layout.nameColumnWidth(cap: cap) }
        return gated.map { TextWidth.of(state.name($0)) }.filter { $0 <= cap }.max() ?? cap
    }

    /// What the person has, in catalog order: entitlements, and consumables with units left.
    ///
    /// The model has no query for "the consumables this person holds" yet, so they are found from the
    /// ledger: O(transactions) while payments are blocked.
    static func ownedProducts(_ state: AppState) -> [Product] {
        let store = state.store
        var ids = Set(store.deliveredEntitlements().map(\.productID))
        for transaction in store.transactions where transaction.productType == .consumable && transaction.state == .purchased {
            ids.insert(transaction.productID)
        }
        let layout = state.storeLayout
        let owned = ids.compactMap { id -> (Int, Product)? in
            guard let place = layout.place(ofProduct: id, in: store.catalog),
                  case .product(let index) = layout.lines[layout.productLines[place]],
                  store.deliveredEntitlement(for: id) != nil || store.consumableBalance(id) > 0 else { return nil }
            return (index, store.catalog.products[index])
        }
        return owned.sorted { $0.0 < $1.0 }.map(\.1)
    }
}

extension AppState {
    /// The subscription groups this person has a status in (subscribed, lapsed, in billing retry…), in
    /// catalog order.
    ///
    /// Every group with a status has renewal state of the person's own or a family-shared chain, which
    /// `groupsWithSubscriptions` names in O(groups the person has), where asking every group of the
    /// catalog would cost O(catalog).
    var groupsWithStatus: [String] {
        let candidates = store.groupsWithSubscriptions.compactMap { id -> (Int, String)? in
            guard let stretch = storeLayout.groups[id] else { return nil }
            WorkMeter.count(.groupQuery)
            return store.status(ofGroup: id) == nil ? nil : (stretch.lines.lowerBound, id)
        }
        return candidates.sorted { $0.0 < $1.0 }.map(\.1)
    }
}

/// Counts what the views read for one key, for the tests that guard that it does not grow with the
/// catalog or the ledger. Off (nil) except inside `WorkMeter.$current.withValue(_:)`.
public final class WorkMeter: @unchecked Sendable {
    public enum Kind: Sendable, Hashable {
        /// a row (or product) of the store's list read
        case storeRow
        /// a subscription group asked for its status
        case groupQuery
        /// a transaction the inspector read for a row of its table
        case ledgerRow
        /// a search of the ledger for a transaction by id, and each transaction it looked at
        case ledgerSearch, ledgerProbe
    }

    @TaskLocal public static var current: WorkMeter?

    private let lock = NSLock()
    private var counts: [Kind: Int] = [:]

    public init() {}

    public subscript(kind: Kind) -> Int { lock.withLock { counts[kind, default: 0] } }

    static func count(_ kind: Kind, _ amount: Int = 1) {
        guard let meter = current else { return }
        meter.lock.withLock { meter.counts[kind, default: 0] += amount }
    }
}
