import Foundation
import StoreModel

/// One product in full: its type's semantics, description, price and billing terms, status, and Buy.
public enum DetailScreen {
    /// The detail view's own state: the product, and the quantity chosen for a consumable.
    public struct State: Sendable, Equatable {
        public var productID: String
        public var quantity = 1
        /// How far the text is scrolled, where it does not fit (the button always shows).
        public var offset = 0

        public init(productID: String, quantity: Int = 1) {
            self.productID = productID
            self.quantity = quantity
        }
    }

    // MARK: update

    public static func update(_ action: Action, _ screen: inout State, _ app: inout AppState) {
        guard let product = app.store.catalog.product(screen.productID) else { app.screens.removeLast(); return }
        switch action {
        case .back:
            // The quantity chosen here is the store's too when the person goes back.
            if product.type == .consumable { app.storeScreen.quantities[product.id] = screen.quantity }
            app.screens.removeLast()
        case .buy:
            if let groupID = product.subscription?.groupID {
                // As from the store: a subscription is sold from its group's sign-up screen.
                app.openSignup(groupID: groupID, selecting: product.id)
            } else {
                app.openSheet(for: product, quantity: product.type == .consumable ? screen.quantity : 1)
            }
        case .more, .fewer:
            guard product.type == .consumable else { return }
            screen.quantity = min(max(screen.quantity + (action == .more ? 1 : -1), 1), product.maxQuantity)
        case .up, .down, .pageUp, .pageDown, .top, .bottom:
            let layout = layout(app, screen)
            screen.offset = AppState.listMove(action, from: min(screen.offset, layout.maxOffset), count: layout.maxOffset + 1,
                                              page: layout.viewHeight - 1) ?? screen.offset
        case .signup:
            guard let groupID = product.subscription?.groupID else { return }
            app.openSignup(groupID: groupID, selecting: product.id)
        case .ownPlan:
            guard let groupID = product.subscription?.groupID else { return }
            app.openSignup(groupID: groupID, ownInitiative: true)
        default: break
        }
    }

    public static func isAvailable(_ action: Action, _ screen: State, _ app: AppState) -> Bool {
        let product = app.store.catalog.product(screen.productID)
        switch action {
        case .buy: return product.map(app.canBuy) ?? false
        // Never pitched: no button, no price, only this key on their shared plan.
        case .ownPlan: return product.map(app.canBuyOwnPlan) ?? false
        case .more, .fewer: return product.map { $0.type == .consumable && app.canBuy($0) } ?? false
        case .scroll, .up, .down, .pageUp, .pageDown, .top, .bottom: return layout(app, screen).maxOffset > 0
        // "See all plans": the group's sign-up screen, for someone it may be shown to.
        case .signup:
            guard let groupID = product?.subscription?.groupID else { return false }
            switch app.store.pitch(forGroup: groupID) {
            case .never: return false
            default: return true
            }
        default: return true
        }
    }

    // MARK: view

    /// The text as lines, the button pinned under it, and how much shows at once.
    struct Layout {
        var area: Rect
        var lines: [(text: String, role: Role)] = []
        var button: String?
        var viewHeight: Int { max(1, area.height - (button == nil ? 0 : 2)) }
        var maxOffset: Int { max(0, lines.count - viewHeight) }
    }

    static func layout(_ state: AppState, _ screen: State) -> Layout {
        let body = Chrome.body(state)
        var layout = Layout(area: body.insetHorizontally(2))
        guard let product = state.store.catalog.product(screen.productID) else { return layout }
        let area = layout.area
        let strings = state.strings
        let terms = BillingTerms(state)
        func line(_ text: String, _ role: Role) {
            for text in TextWidth.wrap(text, width: max(1, area.width)) { layout.lines.append((text, role)) }
        }
        func blank() { layout.lines.append(("", .normal)) }
        line(state.name(product), .title)
        line(strings.typeDescription(product.type), .dim)
        blank()
        line(state.description(product), .normal)
        if product.familyShareable { line(strings.familySharingNote, .accent) }
        blank()

        let (status, statusRole) = StoreScreen.priceColumn(state, product)
        let pitch = state.store.pitch(forProduct: product.id)
        // The plan's own status where it is one of the person's (a family member may have two), else the group's.
        let groupStatus = product.subscription.flatMap { state.store.status(ofProduct: product.id) ?? state.store.status(ofGroup: $0.groupID) }
        let isCurrentPlan = groupStatus?.transaction.productID == product.id
        if case .never(.inBillingRetry) = pitch, isCurrentPlan {
            // Never a plan or a price here: what is wrong and what to do.
            line(strings.paymentProblemShort, .warning)
            line(strings.paymentProblem, .normal)
            return layout
        }
        if case .never(.inGracePeriod) = pitch, isCurrentPlan, let end = groupStatus?.renewal?.gracePeriodExpiration {
            line(strings.paymentProblemGrace(state.date(end)), .warning)
        }
        if case .never(.includedInPlan(let plan)) = pitch {
            line(strings.includedInPlan, .owned)
            let name = state.store.catalog.product(plan).map(state.name) ?? plan
            line(strings.includedInNamed(name), .dim)
            return layout
        }
        if isCurrentPlan, groupStatus?.state.hasAccess == true {
            // A subscriber sees what they pay next (an intro price while it lasts), not the list price;
            // a family-shared plan is the organizer's to pay, and says so ("Shared by family", below).
            if groupStatus?.transaction.ownership == .purchased, let charge = state.store.nextCharge(ofGroup: product.subscription!.groupID),
               let text = terms.nextCharge(charge, on: product) {
                line(text, .price)
            }
        } else if let price = terms.standardPrice(product) {
            var priceLine = product.type == .consumable ? strings.each(price) : price
            if product.type == .nonRenewing, let duration = product.duration { priceLine += " · " + strings.duration(duration) }
            line(priceLine, .price)
        }
        // The per-month breakdown and saving compare options for someone choosing one, not a subscriber's own plan.
        if let perMonth = terms.perMonth(product), !(isCurrentPlan && groupStatus?.state.hasAccess == true) { line(perMonth, .dim) }
        if let offer = terms.applicableOffer(product), let summary = terms.offerSummary(offer, on: product) {
            line(summary, .accent)
            if let end = terms.offerEnd(offer, on: product, startingAt: state.store.now) { line(end, .dim) }
        } else if product.type == .autoRenewable, state.canBuy(product) {
            line(strings.renewsAutomatically, .dim)
        }
        if statusRole == .owned {
            line(status, .owned)
        } else if let bought = state.store.entitlement(for: product.id), !state.store.isDelivered(bought.id) {
            line(status, .warning) // bought, not delivered: not the price, which cannot be paid twice
        }
        if state.store.deliveredEntitlement(for: product.id) != nil, product.type != .consumable {
            // "Active until …" for a pass, "Renews …"/"Expires …" for the current subscription.
            let middle = StoreScreen.middleText(state, product, quantity: nil)
                .replacingOccurrences(of: strings.familySharing, with: "").trimmingCharacters(in: CharacterSet(charactersIn: " ·"))
            if !middle.isEmpty { line(middle, .dim) }
        }
        if product.type == .consumable, state.store.consumableBalance(product.id) > 0 {
            line(strings.inPossession(state.store.consumableBalance(product.id)), .owned)
        }
        if product.type == .nonRenewing, state.canBuy(product),
           let current = state.store.entitlement(for: product.id)?.appPassEnd,
           let duration = product.duration {
            line(strings.extendsTo(state.date(duration.added(to: current))), .dim)
        }
        while layout.lines.last?.text.isEmpty == true { layout.lines.removeLast() }

        // The button, on the last row of the body.
        guard state.canBuy(product), let price = terms.standardPrice(product) else { return layout }
        let quantity = product.type == .consumable ? screen.quantity : 1
        var label = product.type == .autoRenewable ? strings.subscribe : strings.buy
        if case .resubscribe = pitch { label = strings.resubscribeButton }
        if product.type == .consumable {
            label = "\(strings.quantity) ‹ \(quantity) ›   [ \(label) — \(state.price(state.store.price(of: product)! * Decimal(quantity))) ]"
        } else {
            label = "[ \(label) — \(terms.firstCharge(product) ?? price) ]"
        }
        layout.button = label
        return layout
    }

    public static func draw(_ grid: inout Grid, _ state: AppState, _ screen: State) {
        let layout = layout(state, screen)
        let area = layout.area
        let offset = min(screen.offset, layout.maxOffset)
        for (row, line) in layout.lines.dropFirst(offset).prefix(layout.viewHeight).enumerated() {
            grid.put(line.text, row: area.row + row, column: area.column, role: line.role, width: area.width)
        }
        let marker = state.size.columns - 1
        if offset > 0 { grid.put("▲", row: area.row, column: marker, role: .dim) }
        if offset < layout.maxOffset { grid.put("▼", row: area.row + layout.viewHeight - 1, column: marker, role: .dim) }
        if let button = layout.button {
            // A button too wide for a small terminal wraps onto a second row rather than losing its price.
            let rows = TextWidth.wrap(button, width: area.width)
            if rows.count == 1 {
                grid.put(button, row: area.row + area.height - 1, column: area.column, role: .accent)
            } else {
                for (index, text) in rows.suffix(2).enumerated() {
                    grid.put(text, row: area.row + area.height - 2 + index, column: area.column, role: .accent)
                }
            }
        }
    }
}

// MARK: component

extension DetailScreen: ComponentFunctions {
    public static let bindings: [Binding] =
        [Binding(keys: [.enter, .character("b")], label: "⏎/b", action: .buy, importance: .high),
         Binding(keys: [.character("+"), .character("="), .right], label: "+", action: .more, importance: .helpOnly),
         Binding(keys: [.character("-"), .left], label: "-", action: .fewer, importance: .helpOnly),
         Binding(keys: [.character("o")], label: "o", action: .signup, importance: .normal),
         Binding(keys: [.character("o")], label: "o", action: .ownPlan, importance: .normal)]
        // Where the text does not fit (a small terminal), it scrolls under the button.
        + Binding.scrolling + [.back, .scenario, .transactions, .help, .quit]
}

extension DetailScreen.State: StackScreen, FunctionsComponent {
    public typealias Functions = DetailScreen
    public var kind: ScreenKind { .detail }
    public var screen: AppState.Screen { .detail(self) }
    public func title(_ app: AppState) -> String { app.strings.store }
}
