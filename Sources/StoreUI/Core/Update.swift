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
        case .key(let key):
            // Redrawing is the terminal edge's work; here it changes nothing, not even the notice.
            if key == Keymap.redraw { return [] }
            notice = nil
            if key == Keymap.interrupt { return [.quit] }
            // A text field with focus takes its keys first (`q` typed there is text); pasted text is only
            // ever a field's.
            if typeIntoFocusedField(key) { return [] }
            if case .paste = key { return [] }
            guard let action = activeBindings.first(where: { $0.keys.contains(key) })?.action else { return [] }
            let effects = perform(action)
            askForPriceConsentIfDue()
            return effects
        }
    }

    private mutating func perform(_ action: Action) -> [Effect] {
        if action == .quit {
            // An unsent feedback draft: ask first (Ctrl-C still quits at once; the draft is kept as typed).
            if overlay == nil, FeedbackScreen.hasUnsentDraft(self) {
                overlay = .confirm(.leaveFeedback(quitting: true))
                return []
            }
            return [.quit]
        }
        if action == .help {
            overlay = .help(Overlays.Help(screen: activeKind, under: overlay))
            return []
        }
        switch overlay {
        case .help(var help):
            let layout = Overlays.helpLayout(self, for: help.screen)
            help.offset = min(help.offset, layout.maxOffset)
            if let moved = Self.listMove(action, from: help.offset, count: layout.maxOffset + 1, page: layout.room - 1) {
                help.offset = moved
                overlay = .help(help)
            } else if action == .dismiss {
                overlay = help.under
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
                // StoreKit's .userCancelled: the app answers with no dialog of its own, only a line.
                overlay = nil
                notice = strings.purchaseCancelled
            case .up, .down:
                let most = Overlays.sheetMaxOffset(self, sheet)
                sheet.offset = min(max(0, min(sheet.offset, most) + (action == .down ? 1 : -1)), most)
                overlay = .sheet(sheet)
            default:
                break
            }
        case .result:
            if action == .dismiss { overlay = nil }
        case .confirm(let question):
            overlay = nil
            if action == .confirm {
                if case .leaveFeedback(quitting: true) = question { return [.quit] }
                perform(question)
            }
        case .restore(let restore):
            Restore.update(action, restore, &self)
        case .priceConsent(let sheet):
            PriceConsent.update(action, sheet, &self)
        case .manage(let sheet):
            ManageSheet.update(action, sheet, &self)
        case .cancelSubscription(let sheet):
            CancelSheet.update(action, sheet, &self)
        case .refundSheet(let sheet):
            RefundSheet.update(action, sheet, &self)
        case .redeem(let sheet):
            RedeemSheet.update(action, sheet, &self)
        case nil:
            if performNavigation(action) { return [] }
            performOnTop(action)
        }
        return []
    }

    /// Hands an action to the screen on top, with its own state, and keeps what it made of that state
    /// (unless it closed itself).
    private mutating func performOnTop(_ action: Action) {
        let index = screens.count - 1
        let updated: Screen
        switch screens[index] {
        case .store(var screen): StoreScreen.update(action, &screen, &self); updated = .store(screen)
        case .detail(var screen): DetailScreen.update(action, &screen, &self); updated = .detail(screen)
        case .scenario(var screen): ScenarioScreen.update(action, &screen, &self); updated = .scenario(screen)
        case .transactions(var screen): TransactionsScreen.update(action, &screen, &self); updated = .transactions(screen)
        case .transaction(var screen): TransactionScreen.update(action, &screen, &self); updated = .transaction(screen)
        case .signup(var screen): SignupScreen.update(action, &screen, &self); updated = .signup(screen)
        case .freeContent(var screen): FreeContentScreen.update(action, &screen, &self); updated = .freeContent(screen)
        case .freeItem(var screen): FreeItemScreen.update(action, &screen, &self); updated = .freeItem(screen)
        case .paywall(var screen): PaywallScreen.update(action, &screen, &self); updated = .paywall(screen)
        case .onboarding(var screen): OnboardingScreen.update(action, &screen, &self); updated = .onboarding(screen)
        case .account(var screen): AccountScreen.update(action, &screen, &self); updated = .account(screen)
        case .purchaseHelp(var screen): HelpScreen.update(action, &screen, &self); updated = .purchaseHelp(screen)
        case .missingPurchase(var screen): MissingPurchaseScreen.update(action, &screen, &self); updated = .missingPurchase(screen)
        case .helpPage(var screen): HelpScreen.Page.update(action, &screen, &self); updated = .helpPage(screen)
        case .refunds(var screen): RefundScreen.update(action, &screen, &self); updated = .refunds(screen)
        case .feedback(var screen): FeedbackScreen.update(action, &screen, &self); updated = .feedback(screen)
        }
        if index < screens.count, screens[index].kind == updated.kind { screens[index] = updated }
    }

    /// Opening the QA tools and time travel, the same wherever their keys are bound.
    mutating func performNavigation(_ action: Action) -> Bool {
        switch action {
        case .scenario: open(.scenario(ScenarioScreen.State()))
        case .transactions: TransactionsScreen.open(&self)
        case .advanceDay: travel(to: SubscriptionPeriod(value: 1, unit: .day).added(to: store.now))
        case .advanceWeek: travel(to: SubscriptionPeriod(value: 1, unit: .week).added(to: store.now))
        case .advanceToRenewal:
            guard let date = store.nextRenewalDate else { notice = strings.qa.nothingToRenew; return true }
            travel(to: date)
        case .clearAll: overlay = .confirm(.clearAll)
        case .freeContent: FreeContentScreen.open(&self)
        case .account: AccountScreen.open(&self)
        case .purchaseHelp: HelpScreen.open(&self)
        case .redeemCode: RedeemSheet.open(&self)
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
            setInspectorSelection(nil)
            storeScreen.quantities = [:]
            StoreScreen.revalidate(&self)
            notice = strings.qa.cleared
        case .delete(let id):
            let index = TransactionsScreen.rows(self).row(of: id)
            store.deleteTransaction(id)
            if case .transaction(let screen)? = screens.last, screen.id == id { screens.removeLast() }
            let remaining = TransactionsScreen.rows(self)
            setInspectorSelection(index.flatMap { remaining.isEmpty ? nil : remaining[min($0, remaining.count - 1)].id })
            notice = strings.qa.deleted(id)
        case .leaveFeedback:
            // Leaving keeps the draft (the store has it as typed): offered again next time.
            if case .feedback? = screens.last { screens.removeLast() }
        }
    }

    /// Moves the inspector table's selection, where the inspector is open.
    mutating func setInspectorSelection(_ id: UInt64?) {
        guard let index = screens.lastIndex(where: { $0.kind == .transactions }),
              case .transactions(var screen) = screens[index] else { return }
        screen.selection = id
        screens[index] = .transactions(screen)
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

    /// The bindings of the active screen that do something right now: the footer, the `?` help and the
    /// key handling all read this, so "b buy" shows only where b buys.
    public var activeBindings: [Binding] { bindings(for: activeKind) }

    /// A screen's bindings that do something right now.
    public func bindings(for kind: ScreenKind) -> [Binding] {
        Keymap.bindings(for: kind).filter { isAvailable($0.action, on: kind) }
    }

    private func isAvailable(_ action: Action, on kind: ScreenKind) -> Bool {
        // The free area's key shows only where the catalog has one.
        if action == .freeContent { return store.catalog.freeContent != nil }
        if kind == .help {
            // Scrolling keys only where the help does not fit.
            guard case .help(let help)? = overlay else { return action == .dismiss }
            return action == .dismiss || Overlays.helpLayout(self, for: help.screen).maxOffset > 0
        }
        // An overlay's keys are asked about while it is open, and while the help lists them over it.
        var asked = overlay
        if case .help(let help)? = overlay { asked = help.under }
        if kind == .sheet, action == .scroll || action == .up || action == .down {
            guard case .sheet(let sheet)? = asked else { return false }
            return Overlays.sheetMaxOffset(self, sheet) > 0
        }
        if kind == .priceConsent, action == .scroll || action == .up || action == .down {
            guard case .priceConsent(let sheet)? = asked else { return false }
            return PriceConsent.layout(self, sheet).maxOffset > 0
        }
        if kind == .restore {
            guard case .restore(let restore)? = asked else { return false }
            return Restore.isAvailable(action, restore, self)
        }
        if kind == .manage {
            guard case .manage(let sheet)? = asked else { return false }
            return ManageSheet.isAvailable(action, sheet, self)
        }
        if kind == .refundSheet {
            guard case .refundSheet(let sheet)? = asked else { return false }
            return RefundSheet.isAvailable(action, sheet, self)
        }
        if kind == .redeem {
            guard case .redeem(let sheet)? = asked else { return false }
            return RedeemSheet.isAvailable(action, sheet)
        }
        // The screen's own rules apply where the keys are its own (not under an overlay).
        guard kind == top.kind else { return true }
        switch top {
        case .store(let screen): return StoreScreen.isAvailable(action, screen, self)
        case .detail(let screen): return DetailScreen.isAvailable(action, screen, self)
        case .scenario: return true
        case .transactions(let screen): return TransactionsScreen.isAvailable(action, screen, self)
        case .transaction(let screen): return TransactionScreen.isAvailable(action, screen, self)
        case .signup(let screen): return SignupScreen.isAvailable(action, screen, self)
        case .freeContent(let screen): return FreeContentScreen.isAvailable(action, screen, self)
        case .freeItem(let screen): return FreeItemScreen.isAvailable(action, screen, self)
        case .paywall(let screen): return PaywallScreen.isAvailable(action, screen, self)
        case .onboarding(let screen): return OnboardingScreen.isAvailable(action, screen, self)
        case .account(let screen): return AccountScreen.isAvailable(action, screen, self)
        case .purchaseHelp(let screen): return HelpScreen.isAvailable(action, screen, self)
        case .missingPurchase(let screen): return MissingPurchaseScreen.isAvailable(action, screen, self)
        case .helpPage(let screen): return HelpScreen.Page.isAvailable(action, screen, self)
        case .refunds(let screen): return RefundScreen.isAvailable(action, screen, self)
        case .feedback(let screen): return FeedbackScreen.isAvailable(action, screen, self)
        }
    }

    /// Whether the person can start buying this product here: sold in this territory, and the pitch
    /// policy says it may be offered (payments allowed, not owned, not included in their plan, and not a
    /// subscription they already have: a subscriber is never re-pitched).
    public func canBuy(_ product: Product) -> Bool {
        guard product.price(in: store.territory) != nil else { return false }
        return store.pitch(forProduct: product.id).mayPitch
    }

    /// Whether a family member may buy this subscription as a plan of their own, on their own initiative
    /// (from its detail view or the sign-up screen they opened): never pitched, but sold.
    public func canBuyOwnPlan(_ product: Product) -> Bool {
        guard product.price(in: store.territory) != nil, let groupID = product.subscription?.groupID else { return false }
        return store.mayBuyOwnSubscription(inGroup: groupID)
    }

    /// Opens the system confirmation sheet, or says at once why the purchase cannot start.
    mutating func openSheet(for product: Product, quantity: Int = 1) {
        // A purchase already waiting on someone is explained, not asked for again.
        if explainPendingRequest(for: product.id) { return }
        guard canBuy(product) || canBuyOwnPlan(product) else { return }
        let promotional = BillingTerms(self, onOwnInitiative: canBuyOwnPlan(product)).applicableOffer(product)?.purchaseOptionID
        do {
            let quote = try store.quote(product.id, quantity: quantity, promotionalOffer: promotional)
            overlay = .sheet(PurchaseSheet(quote: quote, confirmFocused: false))
        } catch {
            overlay = .result(PurchaseResult(productID: product.id, quantity: quantity, outcome: .failed(error)))
        }
    }

    private mutating func completePurchase(_ quote: AppStore.Quote) {
        let outcome: PurchaseResult.Outcome
        switch store.purchase(quote.product, quantity: quote.quantity, promotionalOffer: quote.offer?.purchaseOptionID) {
        case .purchased: outcome = .purchased
        case .deferred: outcome = .deferred
        case .interrupted: outcome = .interrupted
        case .scheduled(_, let effective): outcome = .scheduled(effective)
        case .failed(let error): outcome = .failed(error)
        }
        overlay = .result(PurchaseResult(productID: quote.product, quantity: quote.quantity, outcome: outcome))
        // The picker starts again at 1, in the store and on the detail view that bought it.
        storeScreen.quantities[quote.product] = nil
        if case .detail(var screen) = top, screen.productID == quote.product {
            screen.quantity = 1
            screens[screens.count - 1] = .detail(screen)
        }
        // A subscription bought replaces its group in the list: the store's selection goes to what was
        // bought, or at least to a row that exists.
        if StoreList(self).productIndex(of: quote.product) != nil { storeScreen.selection = quote.product }
        StoreScreen.revalidate(&self)
        // A subscriber is never pitched: a sign-up screen that sold the plan gives way to it.
        SignupScreen.revalidate(&self)
    }
}
