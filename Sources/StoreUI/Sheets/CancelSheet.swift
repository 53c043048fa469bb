import Foundation
import StoreModel
import TextSafety

/// The cancel confirmation, a system sheet: until when access continues ("You can keep using Pro
/// Monthly until Dec 21, 2026"), Keep Subscription and Cancel Subscription; and on the same sheet, never
/// as steps before the cancel, the catalog's retention offer where one applies and the optional exit
/// survey (the catalog's reasons); the offer is booked only on its own system sheet (RetentionOfferSheet).
/// It opens on Keep Subscription, so a stray Enter cancels nothing; `x`
/// (the key that opened it from the Account screen) cancels, so cancelling takes two presses.
public enum CancelSheet {
    public struct State: Sendable, Equatable {
        public var groupID: String
        /// What has focus: 0 Keep Subscription, 1 Cancel Subscription, then the offer and the reasons.
        public var focus = 0
        /// The survey reason chosen, if any.
        public var reason: Int?
        public var offset = 0
    }

    enum Focus: Equatable {
        case keep, cancel, offer, reason(Int)
    }

    /// Opens the confirmation for the person's own renewing subscription. A plan only shared with them
    /// is the organizer's to cancel: they are told so instead.
    static func open(groupID: String, _ app: inout AppState) {
        guard let status = app.store.status(ofGroup: groupID, ownership: .purchased), status.state.hasAccess,
              status.renewal?.willAutoRenew == true else {
            if app.store.status(ofGroup: groupID, ownership: .familyShared)?.state.hasAccess == true {
                app.overlay = nil
                app.notice = app.strings.account.onlyOrganizer(AppStore.familyOrganizer)
            }
            return
        }
        app.overlay = .cancelSubscription(State(groupID: groupID))
    }

    static func focusOrder(_ app: AppState, _ sheet: State) -> [Focus] {
        [.keep, .cancel] + (app.store.retentionOffer(forGroup: sheet.groupID) == nil ? [] : [.offer])
            + app.store.catalog.app.exitSurvey.indices.map { .reason($0) }
    }

    public static func update(_ action: Action, _ sheet: inout State, _ app: inout AppState) {
        let order = focusOrder(app, sheet)
        switch action {
        case .nextArea: sheet.focus = (sheet.focus + 1) % order.count
        case .previousArea: sheet.focus = (sheet.focus - 1 + order.count) % order.count
        case .cancelSubscription:
            cancel(sheet, &app)
            return
        case .dismiss:
            app.overlay = nil
            return
        case .press:
            switch order[min(sheet.focus, order.count - 1)] {
            case .keep:
                app.overlay = nil
                return
            case .cancel:
                cancel(sheet, &app)
                return
            case .offer:
                // An offer that changes the price is confirmed on the system sheet, never by one Enter here.
                app.overlay = .retentionOffer(RetentionOfferSheet.State(cancelSheet: sheet))
                return
            case .reason(let index):
                sheet.reason = sheet.reason == index ? nil : index
            }
        default:
            break
        }
        sheet.offset = scrolled(app, sheet)
        app.overlay = .cancelSubscription(sheet)
    }

    private static func cancel(_ sheet: State, _ app: inout AppState) {
        guard let status = app.store.status(ofGroup: sheet.groupID, ownership: .purchased),
              let product = app.store.catalog.product(status.transaction.productID) else { return }
        app.store.setAutoRenew(false, group: sheet.groupID)
        app.overlay = nil
        let words = app.strings.account
        let notice = status.renewal?.billingIssueSince != nil ? words.cancelledNow(app.name(product))
            : words.cancelled(app.name(product), accessEnd(app, status))
        app.notice = sheet.reason == nil ? notice : notice + " " + words.thanks
    }

    static func acceptOffer(_ sheet: State, _ app: inout AppState) {
        guard let offer = app.store.retentionOffer(forGroup: sheet.groupID),
              let status = app.store.status(ofGroup: sheet.groupID, ownership: .purchased) else { return }
        let text = offerText(app, offer)
        app.store.acceptRetentionOffer(group: sheet.groupID)
        app.overlay = nil
        app.notice = app.strings.account.offerAccepted(text, status.transaction.expirationDate.map(app.date) ?? "—")
    }

    /// Until when the person keeps access: the end of the period.
    static func accessEnd(_ app: AppState, _ status: SubscriptionStatus) -> String {
        status.transaction.expirationDate.map(app.date) ?? "—"
    }

    static func offerText(_ app: AppState, _ offer: SubscriptionOffer) -> String {
        BillingTerms(app).offerPrice(offer, amount: offer.price(in: app.store.territory) ?? 0)
    }

    /// The sheet's content, and the lines of the focused item (to keep it in view).
    static func lines(_ state: AppState, _ sheet: State) -> (lines: [(String, Role)], focused: Range<Int>) {
        let store = state.store, words = state.strings.account
        let inner = Overlays.systemSheetWidth(state) - 4
        var lines: [(String, Role)] = []
        var focused = 0..<0
        guard let status = store.status(ofGroup: sheet.groupID, ownership: .purchased),
              let product = store.catalog.product(status.transaction.productID) else { return ([], focused) }
        let order = focusOrder(state, sheet)
        let focus = order[min(sheet.focus, order.count - 1)]
        func add(_ text: String, _ role: Role, indent: String = "") {
            for line in TextWidth.wrap(text, width: inner - TextWidth.of(indent)) { lines.append((indent + line, role)) }
        }
        add(words.cancelTitle(state.name(product)), .systemTitle)
        // In a grace period, cancelling ends the billing retry and the subscription with it (`setAutoRenew`).
        add(status.renewal?.billingIssueSince != nil ? words.endsNow(state.name(product))
            : words.keepUsing(state.name(product), accessEnd(state, status)), .systemSheet)
        if let offer = store.retentionOffer(forGroup: sheet.groupID) {
            lines.append(("", .systemSheet))
            add(words.offerInstead, .systemSheet)
            let start = lines.count
            add("[ " + words.takeOffer(offerText(state, offer)) + " ]", focus == .offer ? .systemSelected : .systemButton, indent: "  ")
            if focus == .offer { focused = start..<lines.count }
        }
        let reasons = store.catalog.app.exitSurvey
        if !reasons.isEmpty {
            lines.append(("", .systemSheet))
            add(words.surveyTitle, .systemSheet)
            for (index, reason) in reasons.enumerated() {
                let start = lines.count
                let mark = sheet.reason == index ? "(•) " : "( ) "
                add(mark + UntrustedText.displayable(reason.resolved(for: state.locale, fallback: state.fallbackLanguage)),
                    focus == .reason(index) ? .systemSelected : .systemSheet, indent: "  ")
                if focus == .reason(index) { focused = start..<lines.count }
            }
        }
        return (lines, focused)
    }

    static func scrolled(_ state: AppState, _ sheet: State) -> Int {
        let (lines, focused) = lines(state, sheet)
        return Overlays.systemSheetOffset(state, lineCount: lines.count, from: sheet.offset, keeping: focused)
    }

    public static func draw(_ grid: inout Grid, _ state: AppState, _ sheet: State) {
        let lines = lines(state, sheet).lines
        let offset = min(sheet.offset, Overlays.systemSheetLayout(state, lineCount: lines.count).maxOffset)
        let words = state.strings.account
        let order = focusOrder(state, sheet)
        let focus = order[min(sheet.focus, order.count - 1)]
        Overlays.drawSystemSheet(&grid, state, lines: lines, offset: offset,
                                 buttons: (words.keepSubscription, "x " + words.cancelButton),
                                 secondFocused: focus == .keep ? false : focus == .cancel ? true : nil)
    }
}

// MARK: component

extension CancelSheet: ComponentFunctions {
    public static let bindings: [Binding] =
        [
            // Enter presses the focused button, which opens on Keep Subscription: only x, or Enter on
            // Cancel Subscription chosen on purpose, cancels.
            Binding(keys: [.tab, .down, .right, .character("j"), .character("l")], label: "Tab", action: .nextArea, importance: .high),
            Binding(keys: [.backTab, .up, .left, .character("k"), .character("h")], label: "⇧Tab", action: .previousArea, importance: .helpOnly),
            .press, .cancelSubscription,
            Binding(keys: [.escape, .backspace], label: "Esc", action: .dismiss, importance: .high),
            .help,
        ]
}

extension CancelSheet.State: FunctionsComponent {
    public typealias Functions = CancelSheet
    public var kind: ScreenKind { .cancelSubscription }
}
