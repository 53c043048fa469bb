import Foundation
import StoreModel

/// What can happen to the app.
public enum Message: Sendable, Equatable {
    case key(Key)
    case resize(Size)
    /// Real time passed while the app was open: the simulated clock moves by it times the time rate.
    case tick(seconds: Double)
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
        case .tick(let seconds):
            guard seconds > 0 else { return [] }
            store.advance(to: store.now.addingTimeInterval(seconds * store.scenario.timeRate.speed))
            return []
        case .key(.paste):
            return [] // pasted text is for text fields, and there are none yet
        case .key(let key):
            // Redrawing is the terminal edge's work; here it changes nothing, not even the notice.
            if key == Keymap.redraw { return [] }
            notice = nil
            if key == Keymap.interrupt { return [.quit] }
            guard let action = activeBindings.first(where: { $0.keys.contains(key) })?.action else { return [] }
            return perform(action)
        }
    }

    private mutating func perform(_ action: Action) -> [Effect] {
        if action == .quit { return [.quit] }
        if action == .help {
            overlay = .help(activeKind, under: overlay)
            helpOffset = 0
            return []
        }
        switch overlay {
        case .help(let screen, let under):
            let layout = Overlays.helpLayout(self, for: screen)
            helpOffset = min(helpOffset, layout.maxOffset)
            if let moved = Self.listMove(action, from: helpOffset, count: layout.maxOffset + 1, page: layout.room - 1) {
                helpOffset = moved
            } else if action == .dismiss {
                overlay = under
            }
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
        case .confirm(let question):
            overlay = nil
            if action == .confirm { perform(question) }
        case nil:
            if performNavigation(action) { return [] }
            switch screens.last ?? .store {
            case .store: performOnStore(action)
            case .detail(let productID): performOnDetail(action, productID: productID)
            case .scenario: performOnScenario(action)
            case .transactions: performOnTransactions(action)
            case .transaction(let id): performOnTransaction(action, id: id)
            }
        }
        return []
    }

    /// Opening the QA tools and time travel, the same wherever their keys are bound.
    private mutating func performNavigation(_ action: Action) -> Bool {
        switch action {
        case .scenario:
            if let index = screens.firstIndex(of: .scenario) { screens.removeSubrange(index...) }
            screens.append(.scenario)
        case .transactions:
            if let index = screens.firstIndex(of: .transactions) { screens.removeSubrange(index...) }
            screens.append(.transactions)
            // The newest transaction first: usually the one QA has just made.
            inspectorSelection = TransactionsScreen.rows(self).first?.id
        case .advanceDay: travel(to: SubscriptionPeriod(value: 1, unit: .day).added(to: store.now))
        case .advanceWeek: travel(to: SubscriptionPeriod(value: 1, unit: .week).added(to: store.now))
        case .advanceToRenewal:
            guard let date = store.nextRenewalDate else { notice = strings.qa.nothingToRenew; return true }
            travel(to: date)
        case .clearAll: overlay = .confirm(.clearAll)
        default: return false
        }
        return true
    }

    /// Time travel, with a notice of what happened on the way: renewals, and subscriptions that changed
    /// state (into grace, billing retry, expiry).
    public mutating func travel(to date: Date) {
        let before = store.transactions.count
        // Only groups with a status can change state, or have one afterwards.
        let statesBefore = Dictionary(uniqueKeysWithValues: groupsWithStatus.map { ($0, store.status(ofGroup: $0)?.state) })
        store.advance(to: date)
        var changes: [String] = []
        let renewals = store.transactions.count - before
        if renewals > 0 { changes.append(strings.qa.renewals(renewals)) }
        for groupID in groupsWithStatus {
            guard let group = store.catalog.group(groupID), let new = store.status(ofGroup: groupID)?.state,
                  new != statesBefore[groupID] ?? nil else { continue }
            changes.append(strings.qa.statusChange(group.name.resolved(for: locale, fallback: fallbackLanguage), new))
        }
        notice = strings.qa.moved(dateTime(store.now), changes)
    }

    private mutating func perform(_ question: Confirmation) {
        switch question {
        case .clearAll:
            store.clearAll()
            inspectorSelection = nil
            quantities = [:]
            notice = strings.qa.cleared
        case .delete(let id):
            let index = TransactionsScreen.rows(self).row(of: id)
            store.deleteTransaction(id)
            if case .transaction(id)? = screens.last { screens.removeLast() }
            let remaining = TransactionsScreen.rows(self)
            inspectorSelection = index.flatMap { remaining.isEmpty ? nil : remaining[min($0, remaining.count - 1)].id }
            notice = strings.qa.deleted(id)
        }
    }

    private mutating func performOnScenario(_ action: Action) {
        let rows = ScenarioScreen.rows
        switch action {
        case .up: panelRow = max(0, panelRow - 1)
        case .down: panelRow = min(rows.count - 1, panelRow + 1)
        case .top: panelRow = 0
        case .bottom: panelRow = rows.count - 1
        case .back: screens.removeLast()
        case .change, .changeBack:
            switch rows[min(panelRow, rows.count - 1)] {
            case .setting(let name): cycle(name, by: action == .change ? 1 : -1)
            case .advanceDay where action == .change: _ = performNavigation(.advanceDay)
            case .advanceWeek where action == .change: _ = performNavigation(.advanceWeek)
            case .advanceToRenewal where action == .change: _ = performNavigation(.advanceToRenewal)
            case .clearAll where action == .change: overlay = .confirm(.clearAll)
            default: break
            }
        default: break
        }
    }

    /// Moves a scenario setting to its next (or previous) value.
    private mutating func cycle(_ name: String, by step: Int) {
        let values = ScenarioSetting.values(of: name)
        guard let current = ScenarioSetting.current(store).first(where: { $0.name == name }),
              let index = values.firstIndex(of: current.value) else { return }
        let next = values[(index + step + values.count) % values.count]
        if let setting = try? ScenarioSetting(name: name, value: next) { store.apply(setting) }
        // A gate that now blocks purchases can leave the store's selection on a row that no longer exists.
        let list = StoreList(self)
        if list.productIndex(of: selection) == nil {
            selection = list.products.count > 0 ? list.products[0].id : nil
        }
    }

    private mutating func performOnTransactions(_ action: Action) {
        let rows = TransactionsScreen.rows(self)
        guard !rows.isEmpty else { if action == .back { screens.removeLast() }; return }
        let index = rows.row(of: inspectorSelection) ?? 0
        if let moved = Self.listMove(action, from: index, count: rows.count, page: TransactionsScreen.visibleRows(self) - 1) {
            inspectorSelection = rows[moved].id
            return
        }
        switch action {
        case .select:
            detailOffset = 0
            screens.append(.transaction(id: rows[index].id))
        case .back: screens.removeLast()
        default: performOnTransaction(action, id: rows[index].id)
        }
    }

    private mutating func performOnTransaction(_ action: Action, id: UInt64) {
        let qa = strings.qa
        switch action {
        case .back: screens.removeLast()
        case .up: detailOffset = max(0, detailOffset - 1)
        case .down: detailOffset = min(detailOffset + 1, TransactionsScreen.maxDetailOffset(self, id: id))
        case .approve:
            let outcome = store.approve(id)
            notice = report(outcome, id: id, success: qa.approved)
            // The approved purchase arrives as a new transaction; the pending record is gone.
            if case .purchased(let transaction)? = outcome {
                inspectorSelection = transaction.id
                notice = qa.approvedAs(id, transaction.id)
                if case .transaction(id)? = screens.last { screens[screens.count - 1] = .transaction(id: transaction.id) }
            } else if store.transaction(id) == nil {
                inspectorSelection = TransactionsScreen.rows(self).first?.id
                if case .transaction(id)? = screens.last { screens.removeLast() }
            }
        case .decline:
            store.decline(id)
            notice = qa.declined(id)
        case .resolve:
            let outcome = store.resolveInterruption(id)
            notice = report(outcome, id: id, success: qa.resolved)
            if case .purchased(let transaction)? = outcome { notice = qa.resolvedAs(id, transaction.id) }
        case .refund:
            store.refund(id, reason: .other)
            notice = qa.refunded(id)
        case .revoke:
            store.refund(id, reason: .developerIssue)
            notice = qa.revoked(id)
        case .delete:
            overlay = .confirm(.delete(transactionID: id))
        default: break
        }
    }

    private func report(_ outcome: AppStore.PurchaseOutcome?, id: UInt64, success: (UInt64) -> String) -> String? {
        switch outcome {
        case .failed(let error)?: strings.qa.notCompleted(id, strings.failure(error))
        case nil: nil
        default: success(id)
        }
    }

    /// Where a list's selection goes for a movement key (↑↓, page, first, last); nil for other actions.
    static func listMove(_ action: Action, from index: Int, count: Int, page: Int) -> Int? {
        let page = max(1, page)
        let target: Int
        switch action {
        case .up: target = index - 1
        case .down: target = index + 1
        case .pageUp: target = index - page
        case .pageDown: target = index + page
        case .top: target = 0
        case .bottom: target = count - 1
        default: return nil
        }
        return min(max(target, 0), count - 1)
    }

    private mutating func performOnStore(_ action: Action) {
        let list = StoreList(self)
        let products = list.products
        let count = products.count
        guard count > 0 else { return }
        let index = list.productIndex(of: selection) ?? 0
        if let moved = Self.listMove(action, from: index, count: count, page: StoreScreen.bodyHeight(self) - 2) {
            selection = products[moved].id
            return
        }
        func select(_ i: Int) { selection = products[min(max(i, 0), count - 1)].id }
        switch action {
        case .nextArea, .previousArea:
            let sections = list.sectionStarts
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
        if kind == .help {
            // Scrolling keys only where the help does not fit.
            guard case .help(let screen, _)? = overlay else { return action == .dismiss }
            return action == .dismiss || Overlays.helpLayout(self, for: screen).maxOffset > 0
        }
        if kind == .transactions || kind == .transaction { return isAvailableOnTransaction(action, kind: kind) }
        let selected: Product?
        switch (kind, screens.last) {
        case (.store, _): selected = selection.flatMap(store.catalog.product)
        case (.detail, .detail(let id)?): selected = store.catalog.product(id)
        default: return true
        }
        switch action {
        case .buy: return selected.map(canBuy) ?? false
        case .more, .fewer: return selected.map { $0.type == .consumable && canBuy($0) } ?? false
        case .nextArea, .previousArea: return StoreList(self).sectionStarts.count > 1
        case .move, .up, .down, .pageUp, .pageDown, .top, .bottom, .select: return selected != nil
        default: return true
        }
    }

    private func isAvailableOnTransaction(_ action: Action, kind: ScreenKind) -> Bool {
        let selected: Transaction?
        if kind == .transaction, case .transaction(let id)? = screens.last {
            selected = store.transaction(id)
        } else {
            let rows = TransactionsScreen.rows(self)
            selected = rows.row(of: inspectorSelection).map { rows[$0] } ?? rows.first
        }
        switch action {
        case .approve, .decline: return selected?.state == .deferred
        case .resolve: return selected?.state == .interrupted
        case .refund, .revoke: return selected?.state == .purchased
        case .delete, .move, .up, .down, .pageUp, .pageDown, .top, .bottom, .select: return selected != nil
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
        case .interrupted: outcome = .interrupted
        case .scheduled(_, let effective): outcome = .scheduled(effective)
        case .failed(let error): outcome = .failed(error)
        }
        overlay = .result(PurchaseResult(productID: quote.product, quantity: quote.quantity, outcome: outcome))
        quantities[quote.product] = nil
    }
}
