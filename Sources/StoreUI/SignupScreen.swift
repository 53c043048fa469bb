import Foundation
import StoreModel

/// A subscription group's sign-up screen (HIG "Making signup effortless"): every option of the group
/// with its billing amount, offers and terms, Restore Purchases, and Not Now.
public enum SignupScreen {
    /// The screen's own state: which group, the chosen option, and how far it is scrolled.
    public struct State: Sendable, Equatable {
        public var groupID: String
        /// The chosen option's product id.
        public var selection: String?
        public var offset = 0

        public init(groupID: String, selection: String? = nil) {
            self.groupID = groupID
            self.selection = selection
        }
    }

    /// The group's options, in catalog order, priced in this territory.
    static func options(_ app: AppState, _ screen: State) -> [Product] {
        app.store.catalog.products(inGroup: screen.groupID).filter { $0.price(in: app.store.territory) != nil }
    }

    // MARK: update

    static func update(_ action: Action, _ screen: inout State, _ app: inout AppState) {
        let options = options(app, screen)
        let index = options.firstIndex { $0.id == screen.selection } ?? 0
        if !options.isEmpty, let moved = AppState.listMove(action, from: index, count: options.count, page: 1) {
            screen.selection = options[moved].id
            return
        }
        switch action {
        case .back: app.screens.removeLast()
        case .buy where !options.isEmpty: app.openSheet(for: options[index])
        default: break
        }
    }

    static func isAvailable(_ action: Action, _ screen: State, _ app: AppState) -> Bool {
        switch action {
        case .buy: return options(app, screen).first { $0.id == screen.selection }.map(app.canBuy) ?? false
        case .restore, .redeemCode: return false
        default: return true
        }
    }

    // MARK: view

    static func draw(_ grid: inout Grid, _ state: AppState, _ screen: State) {
        let body = Chrome.body(state)
        let area = body.insetHorizontally(2)
        let terms = BillingTerms(state)
        var y = body.row
        for product in options(state, screen) where y < body.row + body.height {
            let selected = product.id == screen.selection
            let line = (selected ? "▸ " : "  ") + state.name(product)
            grid.put(line, row: y, column: area.column, role: selected ? .selected : .title, width: area.width)
            if let price = terms.standardPrice(product) { grid.putRight(price, row: y, in: area, role: .price) }
            y += 1
        }
    }
}
