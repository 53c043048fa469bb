import Foundation
import StoreModel

/// The retention offer's confirmation, the uniform system sheet (as the confirmation sheet looks for
/// every purchase): the plan, the offer's price and duration and the price after it ("$4.99/month for
/// 3 months, then $9.99/month"), when it starts, and how renewal works. Chosen on the app's pitch
/// (RetentionPitchScreen), an offer that changes the price is booked only here, with Confirm; it opens
/// on Cancel, which goes back to the pitch.
public enum RetentionOfferSheet {
    public struct State: Sendable, Equatable {
        public var groupID: String
        public var confirmFocused = false
        public var offset = 0
    }

    static func lines(_ state: AppState, _ sheet: State) -> [(String, Role)] {
        let store = state.store, strings = state.strings
        guard let offer = store.retentionOffer(forGroup: sheet.groupID),
              let status = store.status(ofGroup: sheet.groupID, ownership: .purchased),
              let product = store.catalog.product(status.renewal?.autoRenewProductID ?? status.transaction.productID)
        else { return [] }
        let terms = BillingTerms(state)
        let inner = Overlays.systemSheetWidth(state) - 4
        var lines: [(String, Role)] = TextWidth.wrap(state.name(product), width: inner).map { ($0, .systemTitle) }
        lines.append((state.appName, .systemSheet))
        lines.append(("", .systemSheet))
        let labelWidth = max(TextWidth.of(strings.sheetPrice), TextWidth.of(strings.sheetAccount)) + 2
        for (label, value) in [(strings.sheetPrice, terms.offerSummary(offer, on: product) ?? CancelSheet.offerText(state, offer)),
                               (strings.sheetAccount, store.account)] {
            for (index, text) in TextWidth.wrap(value, width: max(1, inner - labelWidth)).enumerated() {
                lines.append(((index == 0 ? TextWidth.pad(label, to: labelWidth) : String(repeating: " ", count: labelWidth)) + text, .systemSheet))
            }
        }
        // The offer starts at the next renewal (StoreKit's RenewalInfo.offer); the terms come last.
        var notes = [strings.account.retentionStarts(CancelSheet.accessEnd(state, status))]
        if let start = status.transaction.expirationDate, let end = terms.offerEnd(offer, on: product, startingAt: start) { notes.append(end) }
        notes.append(strings.renewsAutomatically)
        for note in notes {
            lines.append(("", .systemSheet))
            lines += TextWidth.wrap(note, width: inner).map { ($0, .systemSheet) }
        }
        return lines
    }

    static func maxOffset(_ state: AppState, _ sheet: State) -> Int {
        Overlays.systemSheetLayout(state, lineCount: lines(state, sheet).count).maxOffset
    }

    /// As on the confirmation sheet: focus on Confirm brings the terms into view.
    public static func update(_ action: Action, _ sheet: inout State, _ app: inout AppState) {
        switch Overlays.twoButtonKey(action, secondFocused: &sheet.confirmFocused, offset: &sheet.offset, maxOffset: maxOffset(app, sheet)) {
        case .confirmed: CancelSheet.acceptOffer(groupID: sheet.groupID, &app)
        case .cancelled: app.overlay = nil
        case .stay: app.overlay = .retentionOffer(sheet)
        }
    }

    public static func isAvailable(_ action: Action, _ sheet: State, _ app: AppState) -> Bool {
        Overlays.scrollAvailable(action, app, lineCount: lines(app, sheet).count)
    }

    public static func draw(_ grid: inout Grid, _ state: AppState, _ sheet: State) {
        Overlays.drawSystemSheet(&grid, state, lines: lines(state, sheet), offset: sheet.offset,
                                 buttons: (state.strings.cancel, state.strings.confirm), secondFocused: sheet.confirmFocused)
    }
}

// MARK: component

extension RetentionOfferSheet: ComponentFunctions {
    public static let bindings: [Binding] = Binding.sheetButtons + [.scroll, .up, .down, .help]
}

extension RetentionOfferSheet.State: FunctionsComponent {
    public typealias Functions = RetentionOfferSheet
    public var kind: ScreenKind { .retentionOffer }
    /// Like the confirmation sheet, it stops accidental purchases: keys typed before it showed are dropped.
    public var discardsTypeAhead: Bool { true }
}
