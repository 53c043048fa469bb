import Foundation
import StoreModel

/// One product in full: its type's semantics, description, price and billing terms, status, and Buy.
public enum DetailScreen {
    /// The detail view's own state: the product, and the quantity chosen for a consumable.
    public struct State: Sendable, Equatable {
        public var productID: String
        public var quantity = 1

        public init(productID: String, quantity: Int = 1) {
            self.productID = productID
            self.quantity = quantity
        }
    }

    // MARK: update

    static func update(_ action: Action, _ screen: inout State, _ app: inout AppState) {
        guard let product = app.store.catalog.product(screen.productID) else { app.screens.removeLast(); return }
        switch action {
        case .back:
            // The quantity chosen here is the store's too when the person goes back.
            if product.type == .consumable { app.storeScreen.quantities[product.id] = screen.quantity }
            app.screens.removeLast()
        case .buy: app.openSheet(for: product, quantity: product.type == .consumable ? screen.quantity : 1)
        case .more, .fewer:
            guard product.type == .consumable else { return }
            screen.quantity = min(max(screen.quantity + (action == .more ? 1 : -1), 1), product.maxQuantity)
        default: break
        }
    }

    static func isAvailable(_ action: Action, _ screen: State, _ app: AppState) -> Bool {
        let product = app.store.catalog.product(screen.productID)
        switch action {
        case .buy: return product.map(app.canBuy) ?? false
        case .more, .fewer: return product.map { $0.type == .consumable && app.canBuy($0) } ?? false
        default: return true
        }
    }

    // MARK: view

    static func draw(_ grid: inout Grid, _ state: AppState, _ screen: State) {
        guard let product = state.store.catalog.product(screen.productID) else { return }
        let body = Chrome.body(state)
        let area = body.insetHorizontally(2)
        let bottom = body.row + body.height
        let strings = state.strings
        let terms = BillingTerms(state)
        var y = body.row
        func line(_ text: String, _ role: Role, maxRows: Int = 3) {
            guard y < bottom - 1 else { return }
            y += grid.putWrapped(text, row: y, column: area.column, width: area.width, maxRows: min(maxRows, bottom - 1 - y), role: role)
        }
        line(state.name(product), .title, maxRows: 1)
        line(strings.typeDescription(product.type), .dim)
        y += 1
        line(state.description(product), .normal, maxRows: 4)
        if product.familyShareable { line(strings.familySharingNote, .accent, maxRows: 2) }
        y += 1

        let (status, statusRole) = StoreScreen.priceColumn(state, product)
        let pitch = state.store.pitch(forProduct: product.id)
        let groupStatus = product.subscription.flatMap { state.store.status(ofGroup: $0.groupID) }
        let isCurrentPlan = groupStatus?.transaction.productID == product.id
        if case .never(.inBillingRetry) = pitch, isCurrentPlan {
            // Never a plan or a price here: what is wrong and what to do.
            line(strings.paymentProblemShort, .warning, maxRows: 1)
            line(strings.paymentProblem, .normal, maxRows: 4)
            return
        }
        if case .never(.inGracePeriod) = pitch, isCurrentPlan, let end = groupStatus?.renewal?.gracePeriodExpiration {
            line(strings.paymentProblemGrace(state.date(end)), .warning, maxRows: 4)
        }
        if case .never(.includedInPlan(let plan)) = pitch {
            line(strings.includedInPlan, .owned, maxRows: 1)
            let name = state.store.catalog.product(plan).map(state.name) ?? plan
            line(strings.includedInNamed(name), .dim, maxRows: 2)
            return
        }
        if isCurrentPlan, groupStatus?.state.hasAccess == true {
            // A subscriber sees what they pay next (an intro price while it lasts), not the list price.
            if let charge = state.store.nextCharge(ofGroup: product.subscription!.groupID),
               let standard = terms.standardPrice(product) {
                if charge.currentOffer?.paymentMode == .freeTrial {
                    line(strings.trialUntil(state.date(charge.date), standard), .price, maxRows: 2)
                } else if let offer = charge.offer, let from = charge.standardFrom {
                    let offerPrice = state.price(charge.amount) + strings.perPeriod(offer.period)
                    line(strings.payingUntil(offerPrice, state.date(from), standard), .price, maxRows: 2)
                } else if let next = state.store.catalog.product(charge.productID), let price = terms.standardPrice(next) {
                    line(price, .price, maxRows: 1)
                }
            }
        } else if let price = terms.standardPrice(product) {
            var priceLine = product.type == .consumable ? strings.each(price) : price
            if product.type == .nonRenewing, let duration = product.duration { priceLine += " · " + strings.duration(duration) }
            line(priceLine, .price, maxRows: 1)
        }
        if let perMonth = terms.perMonth(product) { line(perMonth, .dim, maxRows: 1) }
        if let offer = terms.applicableOffer(product), let summary = terms.offerSummary(offer, on: product) {
            line(summary, .accent, maxRows: 2)
            if let end = terms.offerEnd(offer, on: product, startingAt: state.store.now) { line(end, .dim) }
        } else if product.type == .autoRenewable, state.canBuy(product) {
            line(strings.renewsAutomatically, .dim, maxRows: 2)
        }
        if statusRole == .owned { line(status, .owned, maxRows: 1) }
        if state.store.owns(product.id), product.type != .consumable {
            // "Active until …" for a pass, "Renews …"/"Expires …" for the current subscription.
            let middle = StoreScreen.middleText(state, product, quantity: nil)
                .replacingOccurrences(of: strings.familySharing, with: "").trimmingCharacters(in: CharacterSet(charactersIn: " ·"))
            if !middle.isEmpty { line(middle, .dim, maxRows: 1) }
        }
        if product.type == .consumable, state.store.consumableBalance(product.id) > 0 {
            line(strings.inPossession(state.store.consumableBalance(product.id)), .owned, maxRows: 1)
        }
        if product.type == .nonRenewing, state.canBuy(product),
           let current = state.store.entitlement(for: product.id)?.expirationDate,
           let duration = product.duration {
            line(strings.extendsTo(state.date(duration.added(to: current))), .dim, maxRows: 2)
        }

        // The button, on the last row of the body.
        guard state.canBuy(product), let price = terms.standardPrice(product) else { return }
        let quantity = product.type == .consumable ? screen.quantity : 1
        var label = product.type == .autoRenewable ? strings.subscribe : strings.buy
        if case .resubscribe = pitch { label = strings.resubscribeButton }
        if product.type == .consumable {
            label = "\(strings.quantity) ‹ \(quantity) ›   [ \(label) — \(state.price(product.price(in: state.store.territory)! * Decimal(quantity))) ]"
        } else {
            label = "[ \(label) — \(terms.firstCharge(product) ?? price) ]"
        }
        grid.put(TextWidth.truncate(label, to: area.width), row: bottom - 1, column: area.column, role: .accent)
    }
}
