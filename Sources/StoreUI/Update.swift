import Foundation
import StoreModel

/// What can happen to the app.
public enum Message: Sendable, Equatable {
    case key(Key)
    case resize(Size)
}

/// What the app asks of the world outside it.
public enum Effect: Sendable, Equatable {
    case quit
}

extension AppState {
    /// The one place state changes: a message in, the new state and any effects out.
    public mutating func update(_ message: Message) -> [Effect] {
        switch message {
        case .resize(let size):
            self.size = size
            return []
        case .key(let key):
            if key == Keymap.interrupt { return [.quit] }
            guard let action = activeBindings.first(where: { $0.keys.contains(key) })?.action else { return [] }
            return perform(action)
        }
    }

    private mutating func perform(_ action: Action) -> [Effect] {
        if action == .quit { return [.quit] }
        if action == .help {
            overlay = .help(activeKind, under: overlay)
            return []
        }
        switch overlay {
        case .help(_, let under):
            if action == .dismiss { overlay = under }
        case .sheet(var sheet):
            switch action {
            case .switchButton:
                sheet.confirmFocused.toggle()
                overlay = .sheet(sheet)
            case .press where sheet.confirmFocused:
                completePurchase(sheet.quote)
            case .press, .cancel:
                store.cancelPurchase(sheet.quote.product, quantity: sheet.quote.quantity)
                overlay = .result(PurchaseResult(productID: sheet.quote.product, quantity: sheet.quote.quantity, outcome: .cancelled))
            default:
                break
            }
        case .result:
            if action == .dismiss { overlay = nil }
        case nil:
            switch screens.last ?? .store {
            case .store: performOnStore(action)
            case .detail(let productID): performOnDetail(action, productID: productID)
            }
        }
        return []
    }

    private mutating func performOnStore(_ action: Action) {
        let products = StoreScreen.selectableProducts(self)
        guard !products.isEmpty else { return }
        let index = products.firstIndex { $0.id == selection } ?? 0
        let page = max(1, StoreScreen.bodyHeight(self) - 2)
        func select(_ i: Int) { selection = products[min(max(i, 0), products.count - 1)].id }
        switch action {
        case .up: select(index - 1)
        case .down: select(index + 1)
        case .pageUp: select(index - page)
        case .pageDown: select(index + page)
        case .top: select(0)
        case .bottom: select(products.count - 1)
        case .nextArea, .previousArea:
            let sections = StoreScreen.sectionStarts(self)
            guard !sections.isEmpty else { return }
            let current = sections.lastIndex { $0 <= index } ?? 0
            let next = action == .nextArea ? (current + 1) % sections.count : (current - 1 + sections.count) % sections.count
            select(sections[next])
        case .select: screens.append(.detail(productID: products[index].id))
        case .buy: openSheet(for: products[index])
        case .more, .fewer: changeQuantity(of: products[index], by: action == .more ? 1 : -1)
        default: break
        }
    }

    private mutating func performOnDetail(_ action: Action, productID: String) {
        guard let product = store.catalog.product(productID) else { screens.removeLast(); return }
        switch action {
        case .back: screens.removeLast()
        case .buy: openSheet(for: product)
        case .more, .fewer: changeQuantity(of: product, by: action == .more ? 1 : -1)
        default: break
        }
    }

    private mutating func changeQuantity(of product: Product, by step: Int) {
        guard product.type == .consumable else { return }
        quantities[product.id] = min(max(quantity(of: product.id) + step, 1), product.maxQuantity)
    }

    /// The bindings of the active screen that do something right now: the footer, the `?` help and the
    /// key handling all read this, so "b buy" shows only where b buys.
    public var activeBindings: [Binding] { bindings(for: activeKind) }

    /// A screen's bindings that do something right now.
    public func bindings(for kind: ScreenKind) -> [Binding] {
        Keymap.bindings(for: kind).filter { isAvailable($0.action, on: kind) }
    }

    private func isAvailable(_ action: Action, on kind: ScreenKind) -> Bool {
        let selected: Product?
        switch (kind, screens.last) {
        case (.store, _): selected = selection.flatMap(store.catalog.product)
        case (.detail, .detail(let id)?): selected = store.catalog.product(id)
        default: return true
        }
        switch action {
        case .buy: return selected.map(canBuy) ?? false
        case .more, .fewer: return selected.map { $0.type == .consumable && canBuy($0) } ?? false
        case .nextArea, .previousArea: return StoreScreen.sectionStarts(self).count > 1
        case .move, .up, .down, .pageUp, .pageDown, .top, .bottom, .select: return selected != nil
        default: return true
        }
    }

    /// Whether the person can start buying this product here: payments allowed, not owned, and not
    /// a subscription they already have (a subscriber is never re-pitched).
    public func canBuy(_ product: Product) -> Bool {
        guard store.gate.canMakePayments, product.price(in: store.territory) != nil else { return false }
        switch product.type {
        case .consumable, .nonRenewing: return true
        case .nonConsumable: return !store.owns(product.id)
        case .autoRenewable: return store.pitch(forGroup: product.subscription!.groupID).mayPitch
        }
    }

    /// Opens the system confirmation sheet, or says at once why the purchase cannot start.
    private mutating func openSheet(for product: Product) {
        guard canBuy(product) else { return }
        let quantity = product.type == .consumable ? quantity(of: product.id) : 1
        let promotional = BillingTerms(self).applicableOffer(product).flatMap { $0.kind == .promotional ? $0.id : nil }
        do {
            let quote = try store.quote(product.id, quantity: quantity, promotionalOffer: promotional)
            overlay = .sheet(PurchaseSheet(quote: quote, confirmFocused: false))
        } catch {
            overlay = .result(PurchaseResult(productID: product.id, quantity: quantity, outcome: .failed(error)))
        }
    }

    private mutating func completePurchase(_ quote: AppStore.Quote) {
        let outcome: PurchaseResult.Outcome
        switch store.purchase(quote.product, quantity: quote.quantity, promotionalOffer: quote.offer?.kind == .promotional ? quote.offer?.id : nil) {
        case .purchased: outcome = .purchased
        case .deferred: outcome = .deferred
        case .scheduled(_, let effective): outcome = .scheduled(effective)
        case .failed(let error): outcome = .failed(error)
        }
        overlay = .result(PurchaseResult(productID: quote.product, quantity: quote.quantity, outcome: outcome))
        quantities[quote.product] = nil
    }
}
