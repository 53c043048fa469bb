import Foundation
import StoreModel

/// Missing a Purchase: the charges of the last 90 days (renewals included), Restore Purchases (the same
/// action the sign-up screen has), and, for a purchase that was not delivered (one QA marked, or an
/// interrupted purchase waiting on the person), an alternative solution — immediate delivery, or the
/// catalog's conciliatory item — with, on the same screen, a visible way to still request a refund (HIG:
/// "Consider offering alternative solutions … make it clear that people can still request a refund").
public enum MissingPurchaseScreen {
    public struct State: Sendable, Equatable {
        public var selection = 0
        public var offset = 0
        public init() {}
    }

    enum Entry: Equatable {
        case deliver(UInt64), conciliatory(UInt64), refundFor(UInt64)
        case finishPurchase(UInt64)
        case restore, requestRefund
    }

    static func open(_ app: inout AppState) {
        app.open(.missingPurchase(State()))
    }

    // MARK: update

    public static func update(_ action: Action, _ screen: inout State, _ app: inout AppState) {
        let layout = layout(app)
        screen.selection = min(screen.selection, max(0, layout.entries.count - 1))
        if let moved = AppState.listMove(action, from: screen.selection, count: layout.entries.count, page: max(1, layout.viewHeight / 2)) {
            screen.selection = moved
            screen.offset = layout.offset(showing: moved, from: screen.offset)
            return
        }
        switch action {
        case .back: app.screens.removeLast()
        case .press:
            guard !layout.entries.isEmpty else { return }
            let entry = layout.entries[screen.selection]
            perform(entry, &app)
            switch entry {
            case .deliver, .conciliatory, .finishPurchase:
                // The purchase made good leaves the list: back to the top, not onto whatever moved up.
                screen.selection = 0
                screen.offset = 0
            default: break
            }
        default: break
        }
    }

    private static func perform(_ entry: Entry, _ app: inout AppState) {
        let words = app.strings.help
        // The purchase as the list names it: "Trail Boost × 3", never to be confused with a single one given instead.
        func name(_ id: UInt64) -> String {
            guard let transaction = app.store.transaction(id), let product = app.store.catalog.product(transaction.productID) else { return "" }
            return RefundScreen.itemName(app, product, transaction)
        }
        switch entry {
        case .deliver(let id):
            if app.store.deliverNow(id) { app.notice = words.delivered(name(id)) }
        case .conciliatory(let id):
            guard let item = app.store.catalog.help?.conciliatoryItem, let product = app.store.catalog.product(item),
                  app.store.giveConciliatoryItem(for: id) else { return }
            app.notice = words.gave(app.name(product), name(id))
        case .refundFor(let id): RefundSheet.open(transactionID: id, &app)
        case .finishPurchase(let eventID):
            if case .purchased(let transaction)? = app.store.resolveInterruption(eventID),
               let product = app.store.catalog.product(transaction.productID) {
                app.notice = words.delivered(app.name(product))
            }
        case .restore: app.startRestore()
        case .requestRefund: RefundScreen.open(&app)
        }
    }

    public static func isAvailable(_ action: Action, _ screen: State, _ app: AppState) -> Bool {
        switch action {
        case .move, .up, .down, .pageUp, .pageDown, .top, .bottom: layout(app).entries.count > 1
        default: true
        }
    }

    // MARK: view

    static func layout(_ app: AppState) -> ListPage<Entry> {
        let store = app.store, words = app.strings.help
        var layout = ListPage<Entry>(app)
        layout.para(words.missingPurchase, .title)
        layout.blank()
        layout.firstEntryContext = layout.lines.count
        // What was not delivered first: the alternatives, and the refund beside them.
        let undelivered = store.undeliveredPurchases
        let interrupted = store.pendingRequests.filter { $0.kind == .interrupted }
        if !undelivered.isEmpty || !interrupted.isEmpty {
            layout.para(words.notDelivered, .section)
            for transaction in undelivered {
                guard let product = store.catalog.product(transaction.productID) else { continue }
                layout.pair(RefundScreen.itemName(app, product, transaction), .normal,
                            right: app.date(transaction.purchaseDate) + "  " + app.price(transaction.price * Decimal(transaction.quantity)),
                            .price, indent: 2)
                layout.para(words.notDeliveredNote, .dim, indent: 2)
                layout.button(words.deliverNow, .deliver(transaction.id), indent: 4)
                if let item = store.catalog.help?.conciliatoryItem, let gift = store.catalog.product(item) {
                    layout.button(words.insteadTake(app.name(gift)), .conciliatory(transaction.id), indent: 4)
                }
                if store.refundRefusal(for: transaction.id) == nil {
                    layout.button(words.requestRefund, .refundFor(transaction.id), indent: 4)
                } else if let refusal = store.refundRefusal(for: transaction.id) {
                    layout.para(words.whyNot(refusal), .dim, indent: 4)
                }
                layout.blank()
            }
            for request in interrupted {
                guard let productID = request.productID, let product = store.catalog.product(productID) else { continue }
                layout.pair(RefundScreen.itemName(app, product, quantity: request.quantity), .normal, right: app.date(request.date), .dim,
                            indent: 2)
                layout.para(words.waitingForYou, .dim, indent: 2)
                layout.button(words.finishPurchase, .finishPurchase(request.id), indent: 4)
                layout.blank()
            }
        } else {
            layout.para(words.missingIntro, .dim)
            layout.blank()
        }
        layout.button(app.strings.signup.restorePurchases, .restore, indent: 0)
        layout.button(words.requestRefund, .requestRefund, indent: 0)
        layout.blank()
        layout.para(words.lastDays, .section)
        let charges = store.recentCharges()
        if charges.isEmpty { layout.para(words.noCharges, .dim, indent: 2) }
        for charge in charges {
            guard let product = store.catalog.product(charge.productID) else { continue }
            let state = charge.state == .revoked ? words.refunded + "  " : ""
            layout.pair(RefundScreen.itemName(app, product, charge), .normal,
                        right: state + app.date(charge.purchaseDate) + "  " + app.price(charge.price * Decimal(charge.quantity)),
                        charge.state == .revoked ? .dim : .price, indent: 2)
        }
        return layout
    }

    public static func draw(_ grid: inout Grid, _ state: AppState, _ screen: State) {
        let layout = layout(state)
        layout.draw(&grid, state, selection: screen.selection, offset: layout.offset(showing: screen.selection, from: screen.offset))
    }
}

// MARK: component

extension MissingPurchaseScreen: ComponentFunctions {
    /// The same keys as Purchase Help: a list of buttons.
    public static let bindings = HelpScreen.bindings
}

extension MissingPurchaseScreen.State: StackScreen, FunctionsComponent {
    public typealias Functions = MissingPurchaseScreen
    public var kind: ScreenKind { .missingPurchase }
    public var screen: AppState.Screen { .missingPurchase(self) }
    public func title(_ app: AppState) -> String { app.strings.help.title }
}
