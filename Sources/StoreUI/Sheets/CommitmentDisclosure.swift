import Foundation
import StoreModel

/// The App Store's disclosure before a person's first 12-month commitment, a system sheet: "Before a
/// customer subscribes to a commitment plan for the first time, new messaging is included with a
/// disclosure sheet. The App Store automatically presents this sheet, and it's displayed once per Apple
/// Account. The sheet includes information about the number of payments required to fulfill the
/// commitment, along with cancellation guidance" (WWDC26 session 210). Continue goes on to the
/// confirmation sheet and marks it shown for the account (the `--state` ledger keeps it); Cancel is the
/// purchase cancelled, and the disclosure comes again next time.
public enum CommitmentDisclosure {
    public struct State: Sendable, Equatable {
        /// The purchase it comes before: a one-year subscription's monthly plan.
        public var quote: AppStore.Quote
        public var continueFocused = false
        public var offset = 0
    }

    /// Opens the disclosure before the confirmation sheet of `quote` when the account has not accepted it
    /// yet: true when it did (the caller then opens nothing else).
    static func openIfDue(_ quote: AppStore.Quote, _ app: inout AppState) -> Bool {
        guard quote.billingPlan == .monthly, !app.store.commitmentDisclosureShown else { return false }
        app.overlay = .commitmentDisclosure(State(quote: quote))
        return true
    }

    static func lines(_ state: AppState, _ sheet: State) -> [(String, Role)] {
        let strings = state.strings
        guard let product = state.store.catalog.product(sheet.quote.product), let plan = product.subscription?.monthlyPlan,
              let monthly = plan.monthlyPrice(in: state.store.territory),
              let total = plan.commitmentPrice(in: state.store.territory) else { return [] }
        let inner = Overlays.systemSheetWidth(state) - 4
        var lines: [(String, Role)] = TextWidth.wrap(strings.disclosureTitle(CommitmentPlan.payments), width: inner).map { ($0, .systemTitle) }
        lines += TextWidth.wrap(strings.payMonthly(state.name(product)), width: inner).map { ($0, .systemSheet) }
        // The payments: how many, each one, in all; the first when the plan's introductory offer ends, if
        // one runs first (the confirmation sheet then charges the offer's price, not a payment).
        let payments = sheet.quote.offer.map {
            strings.disclosurePaymentsAfterOffer(CommitmentPlan.payments, state.price(monthly), state.price(total),
                                                 state.date($0.totalDuration.added(to: state.store.now)))
        } ?? strings.disclosurePayments(CommitmentPlan.payments, state.price(monthly), state.price(total))
        for note in [payments,
                     strings.disclosureCancel(CommitmentPlan.payments), strings.disclosureAccount] {
            lines.append(("", .systemSheet))
            lines += TextWidth.wrap(note, width: inner).map { ($0, .systemSheet) }
        }
        return lines
    }

    static func maxOffset(_ state: AppState, _ sheet: State) -> Int {
        Overlays.systemSheetLayout(state, lineCount: lines(state, sheet).count).maxOffset
    }

    /// As the confirmation sheet's keys: Continue goes ahead only with the cancellation guidance in view.
    public static func update(_ action: Action, _ sheet: inout State, _ app: inout AppState) {
        switch Overlays.twoButtonKey(action, secondFocused: &sheet.continueFocused, offset: &sheet.offset, maxOffset: maxOffset(app, sheet)) {
        case .confirmed:
            app.store.markCommitmentDisclosureShown()
            app.overlay = .sheet(AppState.PurchaseSheet(quote: sheet.quote, confirmFocused: false))
        case .cancelled:
            // The purchase never started: StoreKit's .userCancelled, as the confirmation sheet's Cancel.
            app.store.cancelPurchase(sheet.quote.product, quantity: sheet.quote.quantity)
            app.overlay = nil
            app.notice = app.strings.purchaseCancelled
        case .stay:
            app.overlay = .commitmentDisclosure(sheet)
        }
    }

    public static func isAvailable(_ action: Action, _ sheet: State, _ app: AppState) -> Bool {
        Overlays.scrollAvailable(action, app, lineCount: lines(app, sheet).count)
    }

    public static func draw(_ grid: inout Grid, _ state: AppState, _ sheet: State) {
        Overlays.drawSystemSheet(&grid, state, lines: lines(state, sheet), offset: sheet.offset,
                                 buttons: (state.strings.cancel, state.strings.disclosureContinue), secondFocused: sheet.continueFocused)
    }
}

// MARK: component

extension CommitmentDisclosure: ComponentFunctions {
    public static let bindings: [Binding] = Binding.sheetButtons + [.scroll, .up, .down, .help]
}

extension CommitmentDisclosure.State: FunctionsComponent {
    public typealias Functions = CommitmentDisclosure
    public var kind: ScreenKind { .commitmentDisclosure }
    /// It comes before a purchase: keys typed before it showed must not answer it.
    public var discardsTypeAhead: Bool { true }
}
