import Foundation
import StoreModel
import TextSafety

/// The cancel confirmation, a system sheet: until when access continues ("You can keep using Pro
/// Monthly until Dec 21, 2026"), Keep Subscription and Cancel Subscription, and nothing of the app's
/// (issue 31): the retention offer's pitch is the app's screen before it (RetentionPitchScreen, whose x
/// cancels at once, so cancelling is two presses there too), the exit survey the app's screen after the
/// cancel (ExitSurveyScreen). It opens on Keep Subscription, so a
/// stray Enter cancels nothing; `x` (the key that opened it from the Account screen) cancels, so
/// cancelling takes two presses.
public enum CancelSheet {
    public struct State: Sendable, Equatable {
        public var groupID: String
        /// What has focus: 0 Keep Subscription, 1 Cancel Subscription.
        public var focus = 0
        public var offset = 0
    }

    enum Focus: Equatable {
        case keep, cancel
    }

    /// The person's own renewing subscription in the group, which they may cancel; nil for a plan only
    /// shared with them (the organizer's to cancel) or one already cancelled.
    static func cancellable(_ groupID: String, _ app: AppState) -> SubscriptionStatus? {
        guard let status = app.store.status(ofGroup: groupID, ownership: .purchased), status.state.hasAccess,
              status.renewal?.willAutoRenew == true else { return nil }
        return status
    }

    /// Opens the confirmation for the person's own renewing subscription. A plan only shared with them
    /// is the organizer's to cancel: they are told so instead.
    static func open(groupID: String, _ app: inout AppState) {
        guard cancellable(groupID, app) != nil else {
            if app.store.status(ofGroup: groupID, ownership: .familyShared)?.state.hasAccess == true {
                app.overlay = nil
                app.notice = app.strings.account.onlyOrganizer(AppStore.familyOrganizer)
            }
            return
        }
        app.overlay = .cancelSubscription(State(groupID: groupID))
    }

    static func focusOrder(_ app: AppState, _ sheet: State) -> [Focus] { [.keep, .cancel] }

    public static func update(_ action: Action, _ sheet: inout State, _ app: inout AppState) {
        let order = focusOrder(app, sheet)
        switch action {
        case .nextArea, .switchButton: sheet.focus = (sheet.focus + 1) % order.count
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
            }
        default:
            break
        }
        sheet.offset = scrolled(app, sheet)
        app.overlay = .cancelSubscription(sheet)
    }

    private static func cancel(_ sheet: State, _ app: inout AppState) { cancel(groupID: sheet.groupID, &app) }

    /// Turns auto-renew off for the person's own subscription in the group, and says until when it lasts.
    static func cancel(groupID: String, _ app: inout AppState) {
        guard let status = app.store.status(ofGroup: groupID, ownership: .purchased),
              let product = app.store.catalog.product(status.transaction.productID) else { return }
        app.store.setAutoRenew(false, group: groupID)
        app.overlay = nil
        let words = app.strings.account
        app.notice = status.renewal?.billingIssueSince != nil ? words.cancelledNow(app.name(product))
            : words.cancelled(app.name(product), accessEnd(app, status))
        // The app learns of the cancel: its pitch is over, and it may ask why, on its own screen.
        RetentionPitchScreen.close(&app)
        ExitSurveyScreen.openIfAsked(&app)
    }

    /// Books the retention offer confirmed on its system sheet; the app's pitch closes with it.
    static func acceptOffer(groupID: String, _ app: inout AppState) {
        guard let offer = app.store.retentionOffer(forGroup: groupID),
              let status = app.store.status(ofGroup: groupID, ownership: .purchased) else { return }
        let text = offerText(app, offer)
        app.store.acceptRetentionOffer(group: groupID)
        app.overlay = nil
        RetentionPitchScreen.close(&app)
        app.notice = app.strings.account.offerAccepted(text, status.transaction.expirationDate.map(app.date) ?? "—")
    }

    /// Until when the person keeps access: the end of the period; in a 12-month commitment, the
    /// commitment's end (its payments left are billed: cancelling stops only what follows it).
    static func accessEnd(_ app: AppState, _ status: SubscriptionStatus) -> String {
        (status.transaction.commitment?.expirationDate ?? status.transaction.expirationDate).map(app.date) ?? "—"
    }

    static func offerText(_ app: AppState, _ offer: SubscriptionOffer) -> String {
        BillingTerms(app).offerPrice(offer, amount: offer.price(in: app.store.territory) ?? 0)
    }

    /// The sheet's content, and the lines of the focused item (to keep it in view; none now that its
    /// only items are its buttons).
    static func lines(_ state: AppState, _ sheet: State) -> (lines: [(String, Role)], focused: Range<Int>) {
        let store = state.store, words = state.strings.account
        let inner = Overlays.systemSheetWidth(state) - 4
        var lines: [(String, Role)] = []
        let focused = 0..<0
        guard let status = store.status(ofGroup: sheet.groupID, ownership: .purchased),
              let product = store.catalog.product(status.transaction.productID) else { return ([], focused) }
        func add(_ text: String, _ role: Role, indent: String = "") {
            for line in TextWidth.wrap(text, width: inner - TextWidth.of(indent)) { lines.append((indent + line, role)) }
        }
        add(words.cancelTitle(state.name(product)), .systemTitle)
        // In a grace period, cancelling ends the billing retry and the subscription with it (`setAutoRenew`).
        add(status.renewal?.billingIssueSince != nil ? words.endsNow(state.name(product))
            : words.keepUsing(state.name(product), accessEnd(state, status)), .systemSheet)
        if status.renewal?.billingIssueSince == nil, let commitment = status.transaction.commitment, commitment.hasPaymentsLeft {
            add(words.paymentsLeftBilled(commitment.totalBillingPeriods - commitment.billingPeriodNumber), .systemSheet)
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
                                 secondFocused: focus == .cancel)
    }
}

// MARK: component

extension CancelSheet: ComponentFunctions {
    public static let bindings: [Binding] =
        [
            // Enter presses the focused button, which opens on Keep Subscription: only x, or Enter on
            // Cancel Subscription chosen on purpose, cancels.
            // Tab moves between the buttons, called as every other sheet calls it ("Tab choose").
            Binding(keys: [.tab, .down, .right, .character("j"), .character("l")], label: "Tab", action: .switchButton, importance: .high),
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
