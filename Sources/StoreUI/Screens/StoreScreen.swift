import Foundation
import StoreModel
import Synchronization
import TextSafety

/// The store: products grouped by type, each with its total billing price; owned items marked, not
/// offered again; subscribers never re-pitched. When payments are blocked, an explanation and what the
/// person owns instead.
public enum StoreScreen {
    /// The store's own state.
    public struct State: Sendable, Equatable {
        /// The selected product.
        public var selection: String?
        /// Chosen quantity per consumable.
        public var quantities: [String: Int] = [:]
        public init(selection: String? = nil) { self.selection = selection }

        public func quantity(of productID: String) -> Int { quantities[productID] ?? 1 }

        /// Sets a consumable's quantity, within 1 and the product's maximum.
        mutating func changeQuantity(of product: Product, by step: Int) {
            guard product.type == .consumable else { return }
            quantities[product.id] = min(max(quantity(of: product.id) + step, 1), product.maxQuantity)
        }
    }

    // MARK: update

    public static func update(_ action: Action, _ screen: inout State, _ app: inout AppState) {
        if action == .retry {
            app.loadProducts()
            revalidate(&app)
            return
        }
        // Nothing to move over or buy while the products have not loaded.
        guard app.productsFailure == nil else { return }
        let list = StoreList(app)
        let products = list.products
        let count = products.count
        guard count > 0 else { return }
        let index = list.productIndex(of: screen.selection) ?? 0
        if let moved = AppState.listMove(action, from: index, count: count, page: bodyHeight(app) - 2) {
            screen.selection = products[moved].id
            return
        }
        func select(_ i: Int) { screen.selection = products[min(max(i, 0), count - 1)].id }
        switch action {
        case .nextArea, .previousArea:
            let sections = list.sectionStarts
            guard !sections.isEmpty else { return }
            let current = sections.lastIndex { $0 <= index } ?? 0
            let next = action == .nextArea ? (current + 1) % sections.count : (current - 1 + sections.count) % sections.count
            select(sections[next])
        case .select:
            let product = products[index]
            if let groupID = product.subscription?.groupID, product.type == .autoRenewable {
                // A subscription opens its group's sign-up screen on it (a subscriber's own plan instead).
                app.openSignup(groupID: groupID, selecting: product.id)
            } else {
                app.open(.detail(DetailScreen.State(productID: product.id, quantity: screen.quantity(of: product.id))))
            }
        case .buy:
            let product = products[index]
            if app.explainPendingRequest(for: product.id, buying: true) { return }
            if let groupID = product.subscription?.groupID {
                // A subscription is never sold past its sign-up screen: the terms, how to cancel, the
                // Terms of Use and Privacy Policy come first (HIG "Making signup effortless").
                app.openSignup(groupID: groupID, selecting: product.id)
            } else {
                app.openSheet(for: product, quantity: screen.quantity(of: product.id))
            }
        case .more, .fewer: screen.changeQuantity(of: products[index], by: action == .more ? 1 : -1)
        default: break
        }
    }

    /// Whether an action does something now, for the footer and the help.
    public static func isAvailable(_ action: Action, _ screen: State, _ app: AppState) -> Bool {
        if action == .retry { return app.productsFailure != nil }
        if app.productsFailure != nil, [.buy, .more, .fewer, .nextArea, .previousArea, .move, .up, .down, .pageUp, .pageDown,
                                        .top, .bottom, .select].contains(action) { return false }
        // Looked up in place: `flatMap(app.store.catalog.product)` would copy the catalog for each of
        // the footer's bindings on every frame (issue 33).
        let selected = screen.selection.flatMap { app.store.catalog.product($0) }
        switch action {
        case .buy: return selected.map(app.canBuy) ?? false
        case .more, .fewer: return selected.map { $0.type == .consumable && app.canBuy($0) } ?? false
        // As `StoreList.sectionStarts`: a section start per section of the layout, at most one while
        // payments are blocked; without building the list (the footer asks on every frame).
        case .nextArea, .previousArea: return app.store.gate.canMakePayments && app.storeLayout.sectionStarts.count > 1
        case .move, .up, .down, .pageUp, .pageDown, .top, .bottom, .select: return selected != nil
        default: return true
        }
    }

    /// Keeps the selection on a row that exists, after something changed the list (a payment gate
    /// that now hides the store, a purchase that replaced a group).
    static func revalidate(_ app: inout AppState) {
        let list = StoreList(app)
        if list.productIndex(of: app.storeScreen.selection) == nil {
            app.storeScreen.selection = list.products.count > 0 ? list.products[0].id : nil
        }
    }

    // MARK: view

    /// A line of the store's list.
    enum Row {
        case section(String, note: String)
        case product(Product)
        case note(String, Role)
        case blank
    }

    static func bodyHeight(_ state: AppState) -> Int {
        Chrome.body(state).height - (state.isCompact ? compactButtonRows : 0)
    }

    /// The products the selection moves over, in list order. The whole list: for tests and the plain
    /// text output; keys read `StoreList` a row at a time.
    public static func selectableProducts(_ state: AppState) -> [Product] {
        let products = StoreList(state).products
        return (0..<products.count).map { products[$0] }
    }

    /// The store as plain text, for an output that is not a terminal: the same sections, rules and
    /// prices as the screen (gating and the pitch policy included), one item a line. Every field is
    /// made displayable, so catalog text cannot act on whatever reads the output.
    public static func plainText(_ state: AppState) -> String {
        var lines: [String] = []
        func line(_ fields: String...) { lines.append(fields.map(UntrustedText.displayable).joined(separator: "\t")) }
        line("\(state.appName) · \(Chrome.accountSummary(state))")
        if let failure = state.productsFailure {
            let words = state.strings.faults
            lines.append("")
            line(words.productsTitle)
            line(words.reason(failure))
            return lines.joined(separator: "\n") + "\n"
        }
        if !state.store.gate.canMakePayments {
            lines.append("")
            line("\(state.strings.gateTitle): \(state.strings.gateExplanation(state.store.gate))")
            line(state.strings.gateKeepsWorking)
        }
        let rows = StoreList(state).rows
        for row in (0..<rows.count).lazy.map({ rows[$0] }) {
            switch row {
            case .section(let title, let note):
                lines.append("")
                line(note.isEmpty ? title : "\(title) — \(note)")
            case .product(let product):
                let middle = middleText(state, product, quantity: nil)
                if middle.isEmpty {
                    line("  " + state.name(product), priceColumn(state, product).0)
                } else {
                    line("  " + state.name(product), priceColumn(state, product).0, middle)
                }
            case .note(let text, _): line("  " + text)
            case .blank: break
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: drawing

    public static func draw(_ grid: inout Grid, _ state: AppState, _ screen: State) {
        var body = Chrome.body(state)
        if let failure = state.productsFailure {
            drawLoadFailure(&grid, state, failure, in: body)
            return
        }
        if !state.store.gate.canMakePayments {
            body = drawGateExplanation(&grid, state, in: body)
        }
        let list = StoreList(state)
        let rows = list.rows
        let rowCount = rows.count
        let listHeight = body.height - (state.isCompact && state.store.gate.canMakePayments ? compactButtonRows : 0)
        guard listHeight > 0 else { return }
        let selectedRow = list.rowIndex(of: screen.selection) ?? 0
        let offset = max(0, min(selectedRow - listHeight / 2, rowCount - listHeight))
        // Past 100 columns the list stops growing, so prices stay near the names they belong to.
        var area = body.insetHorizontally(1)
        area.width = min(area.width, 98)
        // The name column is as wide as the widest name up to half the list; a longer name does not
        // widen it for every row, it takes room from its own row's details (and is cut only there).
        let nameWidth = list.nameColumnWidth(state, cap: max(10, area.width / 2))
        for line in 0..<max(0, min(listHeight, rowCount - offset)) {
            let row = rows[offset + line]
            let y = body.row + line
            switch row {
            case .section(let title, let note):
                let used = grid.put(title, row: y, column: area.column, role: .section)
                if !note.isEmpty, !state.isCompact {
                    grid.put(" — " + note, row: y, column: area.column + used, role: .dim, width: area.width - used)
                }
            case .note(let text, let role):
                grid.put(TextWidth.truncate(text, to: area.width - 2), row: y, column: area.column + 2, role: role)
            case .blank:
                break
            case .product(let product):
                drawProductRow(&grid, state, screen, product, row: y, in: area, nameWidth: nameWidth)
            }
        }
        if offset > 0 { grid.put("▲", row: body.row, column: body.column + body.width - 1, role: .dim) }
        if offset + listHeight < rowCount {
            grid.put("▼", row: body.row + listHeight - 1, column: body.column + body.width - 1, role: .dim)
        }
        if state.isCompact, state.store.gate.canMakePayments { drawCompactButton(&grid, state, screen, in: body) }
    }

    /// The product rows of the last frames (kept by the runtime, `ViewCaches`), by product, as long as
    /// the app's `revision` (the store and the locale) stays the same: a key that moves the selection draws afresh only the two rows whose
    /// selection changed and copies the others' cells, where each row asked the model for its pitch,
    /// status and offers and formatted its price again (issue 33: two fifths of a key's instructions, on
    /// every session of a `serve` crowd). A row depends on nothing else but what `Key` holds. Debug builds (the tests) also draw
    /// each kept row afresh beside it and stop if the two differ.
    final class DrawnRows: Sendable {
        struct Key: Equatable {
            var column: Int, width: Int, nameWidth: Int
            var selected: Bool
            /// The quantity the selected row shows (0 on any other).
            var quantity: Int
        }
        private struct Kept {
            var revision: UInt64 = 0
            var rows: [String: (key: Key, cells: [Cell])] = [:]
            /// Rows drawn afresh, for the tests that count a key's work.
            var drawn = 0
        }
        private let kept = Mutex(Kept())
        /// At most this many rows are kept.
        static let limit = 256

        func cells(_ productID: String, _ key: Key, revision: UInt64) -> [Cell]? {
            kept.withLock { kept in
                guard kept.revision == revision, let row = kept.rows[productID], row.key == key else { return nil }
                return row.cells
            }
        }

        func keep(_ cells: [Cell], _ productID: String, _ key: Key, revision: UInt64) {
            kept.withLock { kept in
                // Rows of an earlier revision are never shown again: only the current ones are kept, and
                // of those a few screens' worth (a walk through a big catalog would keep every row).
                if kept.revision != revision || kept.rows.count >= Self.limit { kept.rows.removeAll(keepingCapacity: true) }
                kept.revision = revision
                kept.rows[productID] = (key, cells)
                kept.drawn += 1
            }
        }

        var drawn: Int { kept.withLock { $0.drawn } }
        var rowsKept: Int { kept.withLock { $0.rows.count } }
    }

    /// A product's row: copied from the last frame that drew it while nothing it shows changed, else drawn.
    static func drawProductRow(_ grid: inout Grid, _ state: AppState, _ screen: State, _ product: Product, row y: Int, in area: Rect, nameWidth: Int) {
        let selected = product.id == screen.selection
        let key = DrawnRows.Key(column: area.column, width: area.width, nameWidth: nameWidth, selected: selected,
                                quantity: selected ? screen.quantity(of: product.id) : 0)
        guard let drawnRows = grid.caches?.storeRows else {
            drawProductRowAfresh(&grid, state, screen, product, row: y, in: area, nameWidth: nameWidth)
            return
        }
        if let kept = drawnRows.cells(product.id, key, revision: state.revision) {
            #if DEBUG
            // The row drawn afresh on a blank line of a copy, as the frame that kept it drew it.
            var fresh = grid
            fresh.fill(row: y, column: area.column, width: area.width, height: 1, role: .normal)
            drawProductRowAfresh(&fresh, state, screen, product, row: y, in: area, nameWidth: nameWidth)
            precondition(fresh.cells(row: y, column: area.column, width: area.width) == kept,
                         "the kept row of \(product.id) is not what it shows now: something it depends on is missing from DrawnRows.Key or AppState.revision")
            #endif
            grid.setCells(kept, row: y, column: area.column)
            return
        }
        drawProductRowAfresh(&grid, state, screen, product, row: y, in: area, nameWidth: nameWidth)
        drawnRows.keep(grid.cells(row: y, column: area.column, width: area.width), product.id, key, revision: state.revision)
    }

    /// One product: marker, name, details in the middle, price or owned mark at the right. The name is
    /// cut (with "…") only where it is wider than all the room its row has left of the price.
    static func drawProductRowAfresh(_ grid: inout Grid, _ state: AppState, _ screen: State, _ product: Product, row y: Int, in area: Rect, nameWidth: Int) {
        let selected = product.id == screen.selection
        var (right, rightRole) = priceColumn(state, product)
        // A quantity above one: what it bills in all ("3 × $0.99 — $2.97"), from the price the sheet charges.
        let quantity = screen.quantity(of: product.id)
        if selected, product.type == .consumable, rightRole == .price, quantity > 1, let unit = state.store.price(of: product) {
            right = state.strings.quantityTotal(state.number(quantity), state.price(unit), state.price(unit * Decimal(quantity)))
        }
        grid.put(selected ? "▸ " : "  ", row: y, column: area.column, role: selected ? .selected : .normal)
        let nameColumn = area.column + 2
        let rightWidth = TextWidth.of(right)
        let room = area.width - 2 - rightWidth - 2
        let name = room >= 8 ? TextWidth.truncate(state.name(product), to: room) : state.name(product)
        grid.put(name, row: y, column: nameColumn, role: selected ? .selected : .title, width: area.width - 2)
        let middleColumn = nameColumn + max(nameWidth, TextWidth.of(name)) + 2
        let middleWidth = area.column + area.width - rightWidth - 2 - middleColumn
        if middleWidth > 3 {
            let middle = middleText(state, product, quantity: selected ? screen.quantity(of: product.id) : nil)
            grid.put(TextWidth.truncate(middle, to: middleWidth), row: y, column: middleColumn, role: .dim)
        }
        if nameColumn + TextWidth.of(name) + 1 + rightWidth <= area.column + area.width {
            grid.putRight(right, row: y, in: area, role: rightRole)
        }
        if selected { grid.restyle(row: y, column: area.column, width: area.width, role: .selected) }
    }

    /// "$0.99 each", "$39.99/year", "✓ Owned", "✓ Subscribed".
    /// Runs for every visible row on every frame: `state.strings` is read in place, never copied into a
    /// local (a copy of the language table retains each of its strings; issue 33).
    /// Nor is the store (`state.store`) or the state (`BillingTerms`) copied: each copy retains and
    /// releases every field.
    static func priceColumn(_ state: AppState, _ product: Product) -> (String, Role) {
        // A purchase waiting on someone: a parent's approval, or the person's action outside the app.
        if let request = state.store.pendingRequest(for: product.id) {
            return (request.kind == .askToBuy ? state.strings.account.waitingForApproval : state.strings.account.actionNeeded, .warning)
        }
        if product.type == .nonConsumable || product.type == .autoRenewable, let owned = state.store.entitlement(for: product.id) {
            // Bought, but the app has not delivered it: not owned in the app until Missing a Purchase makes it good.
            // While verification fails the app cannot trust the purchase, and says so.
            guard state.store.transactionsVerify else { return (state.strings.faults.notVerified, .warning) }
            guard state.store.isDelivered(owned.id) else { return (state.strings.help.notDelivered, .warning) }
            if owned.ownership == .familyShared { return (state.strings.sharedByFamily, .owned) }
            return (product.type == .autoRenewable ? state.strings.subscribed : state.strings.owned, .owned)
        }
        switch state.store.pitch(forProduct: product.id) {
        case .never(.includedInPlan): return (state.strings.includedInPlan, .owned)
        case .never(.inBillingRetry) where state.store.status(ofGroup: product.subscription!.groupID)?.transaction.productID == product.id:
            return (state.strings.paymentProblemShort, .warning)
        default: break
        }
        guard let price = BillingTerms.standardPrice(state, product) else { return (state.strings.notSoldHere, .dim) }
        if !state.store.gate.canMakePayments {
            if product.type == .consumable { return (state.strings.inPossession(state.store.consumableBalance(product.id)), .owned) }
            return (state.strings.owned, .owned)
        }
        return (product.type == .consumable ? state.strings.each(price) : price, .price)
    }

    /// The middle of a wide row: quantity picker (given the quantity where it shows: on the selected
    /// row), offer, duration, Family Sharing, status.
    static func middleText(_ state: AppState, _ product: Product, quantity: Int?) -> String {
        var parts: [String] = []
        switch product.type {
        case .consumable:
            if let quantity, state.store.gate.canMakePayments { parts.append("\(state.strings.quantity) ‹ \(quantity) ›") }
        case .nonRenewing:
            if let end = state.store.deliveredEntitlement(for: product.id)?.appPassEnd {
                parts.append(state.strings.activeUntil(state.date(end)))
            } else if let duration = product.duration {
                parts.append(state.strings.duration(duration))
            }
        case .autoRenewable:
            let status = state.store.status(ofProduct: product.id)
            if let status, status.state == .inGracePeriod {
                // The renewal date has passed: no date here; the group's note says until when access lasts.
            } else if let status, status.state.hasAccess, let end = status.transaction.expirationDate {
                parts.append(status.renewal?.willAutoRenew == true ? state.strings.renewsOn(state.date(end)) : state.strings.expiresOn(state.date(end)))
            } else if let offer = BillingTerms.applicableOffer(state, product), let amount = offer.price(in: state.store.territory) {
                parts.append(BillingTerms.offerPrice(state, offer, amount: amount))
            }
        case .nonConsumable:
            break
        }
        if product.familyShareable { parts.append(state.strings.familySharing) }
        return parts.joined(separator: " · ")
    }

    /// The rows under the compact list: the button, and above it room for its terms on two lines.
    static let compactButtonRows = 3

    /// Compact layout (HIG watchOS): a list of options followed by one button naming the chosen one,
    /// with what it costs: the total for a quantity, and for an offer the price billed after it ("Free
    /// for 1 week, then $9.99/month"; HIG: clearly describe how a free trial works). On one line where
    /// that fits; else the terms go whole on the lines above a button that names the product (cut only
    /// in its name), so a price is never cut.
    static func drawCompactButton(_ grid: inout Grid, _ state: AppState, _ screen: State, in body: Rect) {
        guard let product = state.store.catalog.product(screen.selection ?? ""), state.canBuy(product),
              let terms = compactTerms(state, product, quantity: screen.quantity(of: product.id)) else { return }
        let quantity = product.type == .consumable ? screen.quantity(of: product.id) : 1
        let name = quantity > 1 ? "\(state.name(product)) × \(quantity)" : state.name(product)
        let y = body.row + body.height - 1
        let whole = "[ b: " + state.strings.buyNamed(name, terms) + " ]"
        if TextWidth.of(whole) <= body.width {
            grid.putCentered(whole, row: y, in: body, role: .accent)
            return
        }
        let lines = TextWidth.wrap(terms, width: body.width - 2)
        grid.putWrapped(terms, row: y - min(2, lines.count), column: body.column + 1, width: body.width - 2, maxRows: 2, role: .price)
        let frame = TextWidth.of("[ b: " + state.strings.buyName("") + " ]")
        let button = "[ b: " + state.strings.buyName(TextWidth.truncate(name, to: max(1, body.width - frame))) + " ]"
        grid.putCentered(button, row: y, in: body, role: .accent)
    }

    /// What the compact button's choice costs: the offer with the price after it, the total of a
    /// quantity, or the price.
    static func compactTerms(_ state: AppState, _ product: Product, quantity: Int) -> String? {
        let terms = BillingTerms(state)
        if let offer = terms.applicableOffer(product), let summary = terms.offerSummary(offer, on: product) { return summary }
        if product.type == .consumable, quantity > 1, let unit = state.store.price(of: product) {
            return state.price(unit * Decimal(quantity))
        }
        return terms.standardPrice(product)
    }

    /// The store whose products did not load: what happened and what to do, never an empty list
    /// (HIG: say what happened, and what the person can do). Retry is the footer's `r`.
    static func drawLoadFailure(_ grid: inout Grid, _ state: AppState, _ failure: StoreKitErrorCase, in body: Rect) {
        let words = state.strings.faults
        let area = body.insetHorizontally(2)
        var y = body.row + 1
        grid.put(words.productsTitle, row: y, column: area.column, role: .warning, width: area.width)
        y += 2
        y += grid.putWrapped(words.reason(failure), row: y, column: area.column, width: area.width,
                             maxRows: max(1, body.row + body.height - y - 2), role: .normal)
        y += 1
        grid.putWrapped(words.productsRetry, row: y, column: area.column, width: area.width,
                        maxRows: max(0, body.row + body.height - y), role: .dim)
    }

    /// The gated store's explanation, in words that fit the reason. Returns the space left below it.
    static func drawGateExplanation(_ grid: inout Grid, _ state: AppState, in body: Rect) -> Rect {
        let area = body.insetHorizontally(2)
        var y = body.row
        grid.put(state.strings.gateTitle, row: y, column: area.column, role: .warning)
        y += 1
        let budget = max(1, (body.height - 4) / 2)
        y += grid.putWrapped(state.strings.gateExplanation(state.store.gate), row: y, column: area.column,
                             width: area.width, maxRows: budget, role: .normal)
        y += grid.putWrapped(state.strings.gateKeepsWorking, row: y, column: area.column, width: area.width,
                             maxRows: 2, role: .dim)
        y += 1
        return Rect(row: y, column: body.column, width: body.width, height: body.row + body.height - y)
    }
}

extension AppState {
    /// The app asks StoreKit for its products (`Product.products(for:)`): at launch, when the store
    /// appears again, before a sign-up screen, and on Retry. With QA's Load Products error on, the call
    /// throws and the store shows why (`productsFailure`); the next try after it is off succeeds.
    public mutating func loadProducts() {
        productsFailure = store.injectedError(.loadProducts)
    }
}

// MARK: component

extension StoreScreen: ComponentFunctions {
    public static let bindings: [Binding] =
        Binding.list + [.select,
         Binding(keys: [.character("b")], label: "b", action: .buy, importance: .high),
         Binding(keys: [.character("r")], label: "r", action: .retry, importance: .high),
         Binding(keys: [.character("+"), .character("=")], label: "+", action: .more, importance: .helpOnly),
         Binding(keys: [.character("-")], label: "-", action: .fewer, importance: .helpOnly),
         // Redeem Code is the store's own door to the redemption sheet (HIG "Supporting offer
         // codes"): in its footer at 80 columns, ahead of Tab, which the arrows stand in for.
         // Account is where managing and cancelling live: the first of the store's other doors, so it
         // shows wherever one does (issue 57, item 9).
         // Then the free reading and Redeem Code (HIG "Supporting offer codes"): all three at 80 columns.
         .account,
         .freeContent, Binding(keys: [.character("c")], label: "c", action: .redeemCode, importance: .normal),
         Binding(keys: [.tab], label: "Tab", action: .nextArea, importance: .normal),
         Binding(keys: [.backTab], label: "⇧Tab", action: .previousArea, importance: .helpOnly),
         .purchaseHelp, .scenario, .transactions, .help, .quit]
}

extension StoreScreen.State: StackScreen, FunctionsComponent {
    public typealias Functions = StoreScreen
    public var kind: ScreenKind { .store }
    public var screen: AppState.Screen { .store(self) }
}
