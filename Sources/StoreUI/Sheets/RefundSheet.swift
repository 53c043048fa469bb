import Foundation
import StoreModel

/// The system refund sheet (StoreKit's `beginRefundRequest`, HIG's "system-provided refund flow"): the
/// item, its price, purchase date and the account; the five issues to choose from; "You may lose access
/// to refunded items"; Request Refund. Then the system's confirmation, "Your request has been
/// submitted", with the e-mail and 48-hour wording. It uses only the `system*` roles, like the
/// confirmation sheet, and says nothing of what Apple will decide.
public enum RefundSheet {
    public struct State: Sendable, Equatable {
        public enum Focus: Sendable, Equatable { case issues, cancel, request }
        public enum Phase: Sendable, Equatable { case choosing, submitted }

        public var transactionID: UInt64
        public var phase: Phase = .choosing
        public var focus: Focus = .issues
        /// The issue the highlight is on, and the one chosen (✓).
        public var cursor = 0
        public var reason: RefundReason?
        /// Request Refund was pressed with no issue chosen: the sheet says to choose one.
        public var needsReason = false
        public var offset = 0

        public init(transactionID: UInt64) { self.transactionID = transactionID }
    }

    static func open(transactionID: UInt64, _ app: inout AppState) {
        guard app.store.refundRefusal(for: transactionID) == nil else { return }
        if app.sheetFails(.refundRequestSheet) { return }
        app.overlay = .refundSheet(State(transactionID: transactionID))
    }

    // MARK: update

    public static func update(_ action: Action, _ sheet: inout State, _ app: inout AppState) {
        let reasons = RefundReason.allCases
        switch (sheet.phase, action) {
        case (.submitted, .dismiss):
            app.overlay = nil
            return
        case (.choosing, .cancel):
            app.overlay = nil
            if sheet.reason != nil { app.notice = app.strings.help.refundNotSent }
            return
        case (.choosing, .up), (.choosing, .down):
            // From a button, ↑ goes back to the last issue; in the issues, ↑↓ move the highlight.
            if sheet.focus != .issues {
                sheet.focus = .issues
            } else {
                sheet.cursor = min(max(0, sheet.cursor + (action == .down ? 1 : -1)), reasons.count - 1)
            }
        case (.choosing, .switchButton):
            // From the issues (or Cancel) to Request Refund, and back to Cancel.
            sheet.focus = sheet.focus == .request ? .cancel : .request
        case (.choosing, .press):
            switch sheet.focus {
            case .issues:
                // Chosen: the buttons' focus starts on Cancel, as every sheet's does, so Tab then Enter
                // requests it (issue 57, item 7).
                sheet.reason = reasons[sheet.cursor]
                sheet.needsReason = false
                sheet.focus = .cancel
            case .cancel:
                app.overlay = nil
                if sheet.reason != nil { app.notice = app.strings.help.refundNotSent }
                return
            case .request:
                guard let reason = sheet.reason else {
                    sheet.needsReason = true
                    sheet.focus = .issues
                    break
                }
                do {
                    try app.store.requestRefund(sheet.transactionID, reason: reason)
                    sheet.phase = .submitted
                } catch {
                    // Asked twice in the meantime (another window, a script): the list says why.
                    app.overlay = nil
                    app.notice = app.strings.help.whyNot(error)
                    return
                }
            }
        default:
            break
        }
        if sheet.phase == .choosing {
            let lines = lines(app, sheet)
            let keep = sheet.focus == .issues ? lines.issueLines[sheet.cursor]..<(lines.issueLines[sheet.cursor] + 1)
                : (lines.all.count - 1)..<lines.all.count
            sheet.offset = Overlays.systemSheetOffset(app, lineCount: lines.all.count, from: sheet.offset, keeping: keep)
        }
        app.overlay = .refundSheet(sheet)
    }

    public static func isAvailable(_ action: Action, _ sheet: State, _ app: AppState) -> Bool {
        switch (sheet.phase, action) {
        case (.submitted, .dismiss), (.choosing, .cancel), (.choosing, .press), (.choosing, .switchButton),
             (.choosing, .move), (.choosing, .up), (.choosing, .down), (_, .help): true
        default: false
        }
    }

    // MARK: view

    /// The sheet's content lines, and where each issue is among them.
    static func lines(_ app: AppState, _ sheet: State) -> (all: [(String, Role)], issueLines: [Int]) {
        let words = app.strings.help, strings = app.strings
        let inner = Overlays.systemSheetWidth(app) - 4
        var lines: [(String, Role)] = []
        guard let transaction = app.store.transaction(sheet.transactionID),
              let product = app.store.catalog.product(transaction.productID) else { return ([], []) }
        for text in TextWidth.wrap(RefundScreen.itemName(app, product, transaction), width: inner) {
            lines.append((text, .systemTitle))
        }
        lines.append((app.appName, .systemSheet))
        lines.append(("", .systemSheet))
        let labels = [strings.sheetPrice, words.date, strings.sheetAccount]
        let labelWidth = labels.map { TextWidth.of($0) }.max()! + 2
        let values = [app.price(transaction.price * Decimal(transaction.quantity)), app.date(transaction.purchaseDate),
                      app.store.account]
        for (label, value) in zip(labels, values) {
            for (index, text) in TextWidth.wrap(value, width: max(1, inner - labelWidth)).enumerated() {
                lines.append(((index == 0 ? TextWidth.pad(label, to: labelWidth) : String(repeating: " ", count: labelWidth)) + text,
                              .systemSheet))
            }
        }
        lines.append(("", .systemSheet))
        lines.append((sheet.needsReason ? words.chooseFirst : words.chooseIssue, sheet.needsReason ? .warning : .systemSheet))
        var issueLines: [Int] = []
        for (index, reason) in RefundReason.allCases.enumerated() {
            issueLines.append(lines.count)
            let highlighted = sheet.focus == .issues && sheet.cursor == index
            // ✓ the chosen issue; › the highlight, where it is on another.
            let mark = sheet.reason == reason ? "✓ " : highlighted ? "› " : "  "
            for (part, text) in TextWidth.wrap(words.reason(reason), width: max(1, inner - 2)).enumerated() {
                lines.append(((part == 0 ? mark : "  ") + text, highlighted ? .systemSelected : .systemSheet))
            }
        }
        lines.append(("", .systemSheet))
        for text in TextWidth.wrap(words.mayLoseAccess, width: inner) { lines.append((text, .systemSheet)) }
        return (lines, issueLines)
    }

    public static func draw(_ grid: inout Grid, _ app: AppState, _ sheet: State) {
        let words = app.strings.help
        switch sheet.phase {
        case .choosing:
            let lines = lines(app, sheet).all
            let offset = min(sheet.offset, Overlays.systemSheetLayout(app, lineCount: lines.count).maxOffset)
            Overlays.drawSystemSheet(&grid, app, lines: lines, offset: offset, buttons: (app.strings.cancel, words.requestRefundButton),
                                     secondFocused: sheet.focus == .issues ? nil : sheet.focus == .request,
                                     title: words.sheetTitle)
        case .submitted:
            Overlays.drawDialog(&grid, app, title: "✓ " + words.submittedTitle, titleRole: .success,
                                message: words.submittedMessage(app.store.account), button: words.done)
        }
    }
}

// MARK: component

extension RefundSheet: ComponentFunctions {
    public static let bindings: [Binding] =
        // ↑↓ go through the issues, ⏎ chooses one (then the focus is on Cancel, as on every sheet);
        // Tab moves between the buttons: choose, Tab, ⏎ requests.
        [.move, .up, .down] + Binding.sheetButtons + [.dismiss, .help]
}

extension RefundSheet.State: FunctionsComponent {
    public typealias Functions = RefundSheet
    public var kind: ScreenKind { .refundSheet }
    /// Asking (not its confirmation): like the confirmation sheet, keys typed before it was drawn
    /// must not answer it.
    public var discardsTypeAhead: Bool { phase == .choosing }
}
