import Foundation
import StoreModel

extension AppState {
    /// The system confirmation sheet: what is being bought, and which button has focus.
    public struct PurchaseSheet: Sendable, Equatable {
        public var quote: AppStore.Quote
        public var confirmFocused: Bool
        /// How far its content is scrolled, where it does not fit (its buttons always show).
        public var offset = 0
    }

    /// Whether the confirmation sheet is open (or its key help, over it).
    public var isSheetOpen: Bool {
        if case .sheet = overlay { return true }
        if case .help(let help) = overlay, case .sheet? = help.under { return true }
        return false
    }

    /// Opens the system confirmation sheet, or says at once why the purchase cannot start. A monthly
    /// `billingPlan` buys a one-year subscription as monthly payments with a 12-month commitment
    /// (StoreKit's `PurchaseOption.billingPlanType`), with the plan's own introductory offer where the
    /// person is eligible; promotional and win-back offers are not sold with it.
    mutating func openSheet(for product: Product, quantity: Int = 1, billingPlan: BillingPlanType = .billedUpFront) {
        // An interrupted purchase is explained, not started again; an Ask to Buy request may be asked again.
        if explainPendingRequest(for: product.id, buying: true) { return }
        guard canBuy(product) || canBuyOwnPlan(product) else { return }
        let promotional = billingPlan == .monthly ? nil
            : BillingTerms(self, onOwnInitiative: canBuyOwnPlan(product)).applicableOffer(product)?.purchaseOptionID
        do {
            let quote = try store.quote(product.id, quantity: quantity, promotionalOffer: promotional, billingPlan: billingPlan)
            // A first commitment: the App Store's disclosure comes before the confirmation sheet.
            if CommitmentDisclosure.openIfDue(quote, &self) { return }
            overlay = .sheet(PurchaseSheet(quote: quote, confirmFocused: false))
        } catch {
            overlay = .result(PurchaseResult(productID: product.id, quantity: quantity, outcome: .failed(error)))
        }
    }

    fileprivate mutating func completePurchase(_ quote: AppStore.Quote) {
        let outcome: PurchaseResult.Outcome
        switch store.purchase(quote.product, quantity: quote.quantity, promotionalOffer: quote.offer?.purchaseOptionID,
                              billingPlan: quote.billingPlan) {
        case .purchased(let transaction): outcome = store.receive(transaction).map { .unverified($0) } ?? .purchased
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

extension Overlays {
    /// The system confirmation sheet. It uses only the `system*` roles, which no theme can restyle, and
    /// looks the same for every product (HIG: use the default confirmation sheet, don't modify it).
    /// What does not fit scrolls with ↑↓ under buttons that stay in place; the terms come last, and
    /// Confirm buys only with them in view (focusing it scrolls them in).
    static func drawSheet(_ grid: inout Grid, _ state: AppState, _ sheet: AppState.PurchaseSheet) {
        let lines = sheetLines(state, sheet)
        let offset = min(sheet.offset, systemSheetLayout(state, lineCount: lines.count).maxOffset)
        drawSystemSheet(&grid, state, lines: lines, offset: offset, buttons: (state.strings.cancel, state.strings.confirm),
                        secondFocused: sheet.confirmFocused)
    }

    /// The confirmation sheet's content: name, app, price, account and the terms.
    static func sheetLines(_ state: AppState, _ sheet: AppState.PurchaseSheet) -> [(String, Role)] {
        guard let product = state.store.catalog.product(sheet.quote.product) else { return [] }
        let strings = state.strings
        let terms = BillingTerms(state)
        let inner = systemSheetWidth(state) - 4
        var lines: [(String, Role)] = []
        let monthly = sheet.quote.billingPlan == .monthly
        var name = sheet.quote.quantity > 1 ? "\(state.name(product)) × \(sheet.quote.quantity)" : state.name(product)
        if monthly { name = strings.payMonthly(name) }
        // A name is never cut on the sheet (HIG: names that don't truncate): a long one wraps.
        for text in TextWidth.wrap(name, width: inner) { lines.append((text, .systemTitle)) }
        lines.append((state.appName, .systemSheet))
        lines.append(("", .systemSheet))
        let label = sheet.quote.quantity > 1 ? strings.sheetTotal : strings.sheetPrice
        var price = state.price(sheet.quote.total)
        if let period = monthly ? CommitmentPlan.paymentPeriod : product.subscription?.period, sheet.quote.offer == nil {
            price += strings.perPeriod(period)
        }
        if let offer = sheet.quote.offer {
            price = (monthly ? terms.commitmentOfferSummary(offer, on: product) : terms.offerSummary(offer, on: product)) ?? price
        }
        let labelWidth = max(TextWidth.of(label), TextWidth.of(strings.sheetAccount)) + 2
        for text in TextWidth.wrap(price, width: inner - labelWidth).enumerated().map({ ($0 == 0 ? TextWidth.pad(label, to: labelWidth) : String(repeating: " ", count: labelWidth)) + $1 }) {
            lines.append((text, .systemSheet))
        }
        for text in TextWidth.wrap(state.store.account, width: max(1, inner - labelWidth)).enumerated().map({ ($0 == 0 ? TextWidth.pad(strings.sheetAccount, to: labelWidth) : String(repeating: " ", count: labelWidth)) + $1 }) {
            lines.append((text, .systemSheet))
        }
        var notes: [String] = []
        if monthly {
            // The commitment: its payments and total (the charge above is the first of them), what
            // cancelling means, and what follows it. The plan's introductory offer comes first: when it ends.
            if let offer = sheet.quote.offer, let end = terms.commitmentOfferEnd(offer, on: product, startingAt: state.store.now) {
                notes.append(end)
            }
            if let text = terms.commitmentTerms(product) { notes.append(text) }
            notes.append(strings.commitmentCancel(CommitmentPlan.payments))
            notes.append(strings.commitmentRenews(CommitmentPlan.payments))
        } else if let change = sheet.quote.planChange {
            notes.append(state.planChangeNote(change))
        } else if let offer = sheet.quote.offer, let end = terms.offerEnd(offer, on: product, startingAt: state.store.now) {
            notes.append(end)
        } else if product.type == .autoRenewable {
            notes.append(strings.renewsAutomatically)
        }
        for note in notes {
            lines.append(("", .systemSheet))
            for text in TextWidth.wrap(note, width: inner) { lines.append((text, .systemSheet)) }
        }
        return lines
    }

    /// How far the open confirmation sheet can scroll.
    static func sheetMaxOffset(_ state: AppState, _ sheet: AppState.PurchaseSheet) -> Int {
        systemSheetLayout(state, lineCount: sheetLines(state, sheet).count).maxOffset
    }
}

extension AppState.PurchaseSheet: ScreenComponent {
    static let bindings: [Binding] =
        // Where its content does not fit (a small terminal), the sheet scrolls under its buttons.
        Binding.sheetButtons + [.scroll, .up, .down, .help]

    public var kind: ScreenKind { .sheet }
    public var bindings: [Binding] { Self.bindings }
    /// It stops accidental purchases: keys typed before it showed must not answer it.
    public var discardsTypeAhead: Bool { true }

    public func isAvailable(_ action: Action, _ app: AppState) -> Bool {
        guard action == .scroll || action == .up || action == .down else { return true }
        return Overlays.sheetMaxOffset(app, self) > 0
    }

    /// Focus on Confirm brings the terms (the auto-renew disclosure) into view; where they are below the
    /// fold (scrolled back up, or the terminal grew shorter), Confirm shows them first and buys only when
    /// pressed with them in view (`Overlays.twoButtonKey`).
    public mutating func update(_ action: Action, _ app: inout AppState) -> [Effect] {
        let before = self
        switch Overlays.twoButtonKey(action, secondFocused: &confirmFocused, offset: &offset, maxOffset: Overlays.sheetMaxOffset(app, self)) {
        case .confirmed:
            app.completePurchase(quote)
        case .cancelled:
            app.store.cancelPurchase(quote.product, quantity: quote.quantity)
            // StoreKit's .userCancelled: the app answers with no dialog of its own, only a line.
            app.overlay = nil
            app.notice = app.strings.purchaseCancelled
        case .stay:
            if self != before { app.overlay = .sheet(self) }
        }
        return []
    }

    public func draw(_ grid: inout Grid, _ app: AppState) { Overlays.drawSheet(&grid, app, self) }
}

extension AppState {
    /// When a change of plan takes effect, in words: an upgrade and a same-duration crossgrade at once,
    /// with the pro-rata refund of the unused period (never an amount: Apple decides it); a downgrade and
    /// a crossgrade to another duration at the next renewal date, the current plan staying until then.
    func planChangeNote(_ change: AppStore.PlanChange) -> String {
        if case .crossgrade(let date) = change, date <= store.now { return strings.crossgradeNow }
        return strings.planChangeNote(change, date(change.effectiveDate ?? store.now))
    }
}
