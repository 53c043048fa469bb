import Foundation
import StoreModel
import TextSafety

/// Request a Refund (HIG: "Use a simple title for the refund action"; "Help people find the
/// problematic purchase"): the charges of the last 90 days, each with its name, description, original
/// purchase date and price, newest first. The refund action is a button below the list that never
/// scrolls away (HIG: "avoid making people scroll or open another screen to reveal your refund-request
/// button"); choosing it opens the system refund sheet (RefundSheet.swift) for the selected purchase. A
/// purchase refunded already, or with a request waiting, says so instead of offering the button.
public enum RefundScreen {
    public struct State: Sendable, Equatable {
        /// The selected purchase, by transaction id (the list can change under it: a renewal, a refund).
        public var selection: UInt64?
        public var offset = 0
        public init() {}
    }

    static func open(_ app: inout AppState) {
        app.open(.refunds(State()))
    }

    /// A purchase's name, with how many for a consumable bought in quantity.
    static func itemName(_ app: AppState, _ product: Product, quantity: Int) -> String {
        quantity > 1 ? "\(app.name(product)) × \(quantity)" : app.name(product)
    }

    /// A charge's name: as `itemName`, and for a payment of a 12-month commitment its plan and which
    /// payment it was ("Pro Annual · Pay Monthly · Payment 3 of 12"): each is its own charge.
    /// A period of the monthly plan's introductory offer is named by its plan ("Pro Annual · Pay Monthly").
    static func itemName(_ app: AppState, _ product: Product, _ transaction: Transaction) -> String {
        if transaction.isMonthlyPlanOffer { return app.strings.payMonthly(app.name(product)) }
        guard let commitment = transaction.commitment else { return itemName(app, product, quantity: transaction.quantity) }
        return app.strings.payMonthly(app.name(product)) + " · "
            + app.strings.account.paymentOf(commitment.billingPeriodNumber, commitment.totalBillingPeriods)
    }

    // MARK: update

    public static func update(_ action: Action, _ screen: inout State, _ app: inout AppState) {
        if action == .back { app.screens.removeLast(); return }
        let charges = app.store.recentCharges()
        guard !charges.isEmpty else { return }
        let index = charges.firstIndex { $0.id == screen.selection } ?? 0
        let room = listHeight(app) / 2
        if let moved = AppState.listMove(action, from: index, count: charges.count, page: max(1, room - 1)) {
            screen.selection = charges[moved].id
            screen.offset = offset(showing: moved, from: screen.offset, room: room)
            return
        }
        if action == .press, app.store.refundRefusal(for: charges[index].id) == nil {
            RefundSheet.open(transactionID: charges[index].id, &app)
        }
    }

    public static func isAvailable(_ action: Action, _ screen: State, _ app: AppState) -> Bool {
        // Asked for every binding on every key: answered without listing the charges where it can.
        switch action {
        case .move, .up, .down, .pageUp, .pageDown, .top, .bottom: return app.store.hasRecentCharges(moreThan: 1)
        case .press:
            let charges = app.store.recentCharges()
            let selected = charges.first { $0.id == screen.selection } ?? charges.first
            return selected.map { app.store.refundRefusal(for: $0.id) == nil } ?? false
        default: return true
        }
    }

    /// Each purchase takes two lines; this many lines are left for them under the title, above the button.
    static func listHeight(_ app: AppState) -> Int { max(2, Chrome.body(app).height - 5) }

    static func offset(showing index: Int, from offset: Int, room: Int) -> Int {
        let room = max(1, room)
        if index < offset { return index }
        if index >= offset + room { return index - room + 1 }
        return offset
    }

    // MARK: view

    public static func draw(_ grid: inout Grid, _ state: AppState, _ screen: State) {
        let words = state.strings.help, store = state.store
        var area = Chrome.body(state).insetHorizontally(state.isCompact ? 1 : 2)
        area.width = min(area.width, 96)
        guard area.height > 3 else { return }
        grid.put(words.requestRefund, row: area.row, column: area.column, role: .title, width: area.width)
        grid.put(words.purchases, row: area.row + 2, column: area.column, role: .section, width: area.width)
        let charges = store.recentCharges()
        let buttonRow = area.row + area.height - 1
        guard !charges.isEmpty else {
            grid.putWrapped(words.noCharges, row: area.row + 3, column: area.column + 2, width: area.width - 2,
                            maxRows: max(1, area.height - 3), role: .dim)
            return
        }
        let index = charges.firstIndex { $0.id == screen.selection } ?? 0
        let room = max(1, listHeight(state) / 2)
        let first = min(offset(showing: index, from: screen.offset, room: room), max(0, charges.count - room))
        let inner = area.width - 2
        for (row, charge) in charges[first..<min(charges.count, first + room)].enumerated() {
            guard let product = store.catalog.product(charge.productID) else { continue }
            let y = area.row + 3 + row * 2
            let selected = first + row == index
            let refusal = store.refundRefusal(for: charge.id)
            let status: String? = switch refusal {
            case .requestPending?: words.refundRequested
            case .alreadyRefunded?: words.refunded
            default: nil
            }
            // Name and price; below, the description and the original purchase date.
            let price = state.price(charge.price * Decimal(charge.quantity))
            let right = status.map { $0 + "  " + price } ?? price
            let nameWidth = max(1, inner - TextWidth.of(right) - 2)
            grid.put(TextWidth.truncate(itemName(state, product, charge), to: nameWidth), row: y,
                     column: area.column + 2, role: selected ? .selected : .normal)
            grid.putRight(right, row: y, in: Rect(row: y, column: area.column, width: area.width, height: 1),
                          role: status == nil ? .price : .dim)
            let date = state.date(charge.purchaseDate)
            // A commitment's payment: its plan, not the option's text (which may say "Billed yearly").
            let text = charge.commitment.map { state.strings.commitmentLength($0.totalBillingPeriods) } ?? state.description(product)
            let description = TextWidth.truncate(UntrustedText.displayable(text),
                                                 to: max(1, inner - TextWidth.of(date) - 2))
            grid.put(description, row: y + 1, column: area.column + 2, role: .dim, width: inner)
            grid.putRight(date, row: y + 1, in: Rect(row: y + 1, column: area.column, width: area.width, height: 1), role: .dim)
            if selected { grid.put("›", row: y, column: area.column, role: .accent) }
        }
        let marker = state.size.columns - 1
        if first > 0 { grid.put("▲", row: area.row + 3, column: marker, role: .dim) }
        if first + room < charges.count { grid.put("▼", row: area.row + 2 + room * 2, column: marker, role: .dim) }
        // The refund action for the selected purchase, always on screen; or why there is none.
        if let refusal = store.refundRefusal(for: charges[index].id) {
            grid.put(TextWidth.truncate(words.whyNot(refusal), to: area.width), row: buttonRow, column: area.column, role: .dim)
        } else {
            grid.put("[ \(words.requestRefund) ]", row: buttonRow, column: area.column, role: .selected, width: area.width)
        }
    }
}

// MARK: component

extension RefundScreen: ComponentFunctions {
    /// The same keys as Purchase Help: a list of buttons.
    public static let bindings = HelpScreen.bindings
}

extension RefundScreen.State: StackScreen, FunctionsComponent {
    public typealias Functions = RefundScreen
    public var kind: ScreenKind { .refunds }
    public var screen: AppState.Screen { .refunds(self) }
    public func title(_ app: AppState) -> String { app.strings.help.title }
}
