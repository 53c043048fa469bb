import Foundation
import StoreModel

/// One product in full: its type's semantics, description, price and billing terms, status, and Buy.
enum DetailScreen {
    static func draw(_ grid: inout Grid, _ state: AppState, productID: String) {
        guard let product = state.store.catalog.product(productID) else { return }
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
        if let price = terms.standardPrice(product) {
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
            let middle = StoreScreen.middleText(state, product, selected: false)
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
        let quantity = product.type == .consumable ? state.quantity(of: product.id) : 1
        var label = product.type == .autoRenewable ? strings.subscribe : strings.buy
        if product.type == .consumable {
            label = "\(strings.quantity) ‹ \(quantity) ›   [ \(label) — \(state.price(product.price(in: state.store.territory)! * Decimal(quantity))) ]"
        } else {
            label = "[ \(label) — \(terms.firstCharge(product) ?? price) ]"
        }
        grid.put(TextWidth.truncate(label, to: area.width), row: bottom - 1, column: area.column, role: .accent)
    }
}
