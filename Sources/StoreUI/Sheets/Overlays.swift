import Foundation
import StoreModel

/// What covers a screen: the system confirmation sheet, a purchase result, the key help, and the
/// "terminal too small" message.
public enum Overlays {
    /// The key help's own state: whose keys, what it covers, and how far it is scrolled.
    public struct Help: Sendable, Equatable {
        public var screen: ScreenKind
        public var under: AppState.Overlay?
        public var offset = 0
    }

    /// The system confirmation sheet. It uses only the `system*` roles, which no theme can restyle, and
    /// looks the same for every product (HIG: use the default confirmation sheet, don't modify it).
    /// What does not fit scrolls with ↑↓ under buttons that stay in place.
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
        let name = sheet.quote.quantity > 1 ? "\(state.name(product)) × \(sheet.quote.quantity)" : state.name(product)
        // A name is never cut on the sheet (HIG: names that don't truncate): a long one wraps.
        for text in TextWidth.wrap(name, width: inner) { lines.append((text, .systemTitle)) }
        lines.append((state.appName, .systemSheet))
        lines.append(("", .systemSheet))
        let label = sheet.quote.quantity > 1 ? strings.sheetTotal : strings.sheetPrice
        var price = state.price(sheet.quote.total)
        if let period = product.subscription?.period, sheet.quote.offer == nil { price += strings.perPeriod(period) }
        if let offer = sheet.quote.offer { price = terms.offerSummary(offer, on: product) ?? price }
        let labelWidth = max(TextWidth.of(label), TextWidth.of(strings.sheetAccount)) + 2
        for text in TextWidth.wrap(price, width: inner - labelWidth).enumerated().map({ ($0 == 0 ? TextWidth.pad(label, to: labelWidth) : String(repeating: " ", count: labelWidth)) + $1 }) {
            lines.append((text, .systemSheet))
        }
        for text in TextWidth.wrap(state.store.account, width: max(1, inner - labelWidth)).enumerated().map({ ($0 == 0 ? TextWidth.pad(strings.sheetAccount, to: labelWidth) : String(repeating: " ", count: labelWidth)) + $1 }) {
            lines.append((text, .systemSheet))
        }
        var notes: [String] = []
        if let change = sheet.quote.planChange {
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

    /// The width of a system sheet: 60 columns, or the terminal's less a margin.
    static func systemSheetWidth(_ state: AppState) -> Int { min(60, state.size.columns - 2) }

    /// Where a system sheet goes: at the bottom, as tall as its lines up to the body's height; `room`
    /// lines of content show above its buttons.
    struct SystemSheetLayout {
        var rect: Rect
        var room: Int
        var maxOffset: Int
    }

    static func systemSheetLayout(_ state: AppState, lineCount: Int) -> SystemSheetLayout {
        let body = Chrome.body(state)
        let width = systemSheetWidth(state)
        let height = min(lineCount + 4, body.height + 2)
        let rect = Rect(row: max(0, state.size.rows - height - 1), column: (state.size.columns - width) / 2, width: width, height: height)
        let room = max(0, height - 4)
        return SystemSheetLayout(rect: rect, room: room, maxOffset: max(0, lineCount - room))
    }

    /// How far a system sheet scrolls so that `lines` (the chosen row) show whole, moving as little
    /// as it can from `offset`; an empty range keeps the offset.
    static func systemSheetOffset(_ state: AppState, lineCount: Int, from offset: Int, keeping lines: Range<Int>) -> Int {
        let layout = systemSheetLayout(state, lineCount: lineCount)
        var offset = offset
        if !lines.isEmpty {
            if lines.lowerBound < offset { offset = lines.lowerBound }
            if lines.upperBound > offset + layout.room { offset = lines.upperBound - layout.room }
        }
        return min(max(0, offset), layout.maxOffset)
    }

    /// A system sheet (the one look of the App Store's own sheets, in `system*` roles): content lines,
    /// scrolled by `offset` with ▲/▼ in the frame, and two buttons that always show. `secondFocused`
    /// nil: the focus is in the content, on neither button.
    static func drawSystemSheet(_ grid: inout Grid, _ state: AppState, lines: [(String, Role)], offset: Int,
                                buttons: (String, String), secondFocused: Bool?, title: String? = nil) {
        let layout = systemSheetLayout(state, lineCount: lines.count)
        let rect = layout.rect
        grid.box(rect, role: .systemSheet, title: title ?? state.strings.sheetTitle, titleRole: .systemTitle)
        let content = rect.inset(1).insetHorizontally(1)
        for (row, (text, role)) in lines.dropFirst(offset).prefix(layout.room).enumerated() {
            grid.put(text, row: content.row + row, column: content.column, role: role, width: content.width)
        }
        // ▲ in the top edge; ▼ on the blank row above the buttons (the sheet's bottom edge may lie
        // under the footer's rule on a short terminal).
        if rect.width > 4 {
            if offset > 0 { grid.put("▲", row: rect.row, column: rect.column + rect.width - 3, role: .systemSheet) }
            if offset < layout.maxOffset { grid.put("▼", row: rect.row + rect.height - 3, column: rect.column + rect.width - 3, role: .systemSheet) }
        }
        // An empty first button: the sheet has one button, centred.
        let first = buttons.0.isEmpty ? "" : "[ \(buttons.0) ]", second = "[ \(buttons.1) ]"
        let firstRole: Role = secondFocused == false ? .systemSelected : .systemButton
        let secondRole: Role = secondFocused == true ? .systemSelected : .systemButton
        let y = rect.row + rect.height - 2, inner = rect.width - 2
        let gap = first.isEmpty ? 0 : TextWidth.of(first) + 4 + TextWidth.of(second) <= inner ? 4 : 2
        let row = TextWidth.of(first) + gap + TextWidth.of(second)
        guard row > inner else {
            let x = rect.column + 1 + (inner - row) / 2
            grid.put(first, row: y, column: x, role: firstRole)
            grid.put(second, row: y, column: x + TextWidth.of(first) + gap, role: secondRole)
            return
        }
        // Too narrow for both on one row (a 40-column terminal): one above the other, each whole where
        // it fits, on the blank row above the buttons and the buttons' row.
        for (text, role, line) in [(first, firstRole, y - 1), (second, secondRole, y)] where !text.isEmpty {
            let shown = TextWidth.of(text) <= inner ? text : "[ " + TextWidth.truncate(String(text.dropFirst(2).dropLast(2)), to: inner - 4) + " ]"
            grid.put(shown, row: line, column: rect.column + 1 + max(0, (inner - TextWidth.of(shown)) / 2), role: role, width: inner)
        }
    }

    /// ▲ and ▼ in a frame's right edge, where there is more above or below.
    static func drawScrollMarks(_ grid: inout Grid, _ rect: Rect, offset: Int, maxOffset: Int, role: Role = .dim) {
        guard rect.width > 4 else { return }
        if offset > 0 { grid.put("▲", row: rect.row, column: rect.column + rect.width - 3, role: role) }
        if offset < maxOffset { grid.put("▼", row: rect.row + rect.height - 1, column: rect.column + rect.width - 3, role: role) }
    }

    static func drawResult(_ grid: inout Grid, _ state: AppState, _ result: AppState.PurchaseResult) {
        let strings = state.strings
        let product = state.store.catalog.product(result.productID)
        let name = product.map { result.quantity > 1 ? "\(state.name($0)) × \(result.quantity)" : state.name($0) } ?? result.productID
        let (title, message, role): (String, String, Role)
        switch result.outcome {
        case .purchased:
            let text = product?.type == .autoRenewable ? strings.subscribedTo(name) : strings.purchased(name)
            (title, message, role) = ("✓ " + strings.sheetTitle, text, .success)
        case .scheduled(let date):
            (title, message, role) = ("✓ " + strings.sheetTitle, strings.scheduled(name, state.date(date)), .success)
        case .deferred:
            (title, message, role) = (strings.deferred, strings.deferredNote, .warning)
        case .interrupted:
            (title, message, role) = (strings.interruptedTitle, strings.interruptedNote, .warning)
        case .failed(let error):
            (title, message, role) = (strings.failed, strings.failure(error), .error)
        }
        drawDialog(&grid, state, title: title, titleRole: role, message: message, button: strings.ok)
    }

    /// A centred framed message with one button.
    static func drawDialog(_ grid: inout Grid, _ state: AppState, title: String, titleRole: Role, message: String, button: String) {
        let width = min(56, state.size.columns - 4)
        let lines = TextWidth.wrap(message, width: width - 4)
        let body = Chrome.body(state)
        let rect = body.centered(width: width, height: lines.count + 5)
        grid.box(rect, role: .overlay, borderRole: .border, title: title, titleRole: titleRole)
        for (offset, line) in lines.prefix(max(0, rect.height - 4)).enumerated() {
            grid.put(line, row: rect.row + 1 + offset, column: rect.column + 2, role: .overlay)
        }
        grid.putCentered("[ \(button) ]", row: rect.row + rect.height - 2, in: rect, role: .selected)
    }

    /// A yes/no question before something that cannot be undone.
    static func drawConfirm(_ grid: inout Grid, _ state: AppState, _ question: AppState.Confirmation) {
        let qa = state.strings.qa
        let message: String
        switch question {
        case .clearAll: message = qa.clearQuestion
        case .delete(let id): message = qa.deleteQuestion(id)
        case .leaveFeedback(let quitting):
            // The person's own question, in their language.
            let words = state.strings.help
            drawDialog(&grid, state, title: words.leaveTitle, titleRole: .warning,
                       message: words.leaveQuestion(quitting, state.keepsLedger), button: words.leaveButtons(quitting))
            return
        }
        drawDialog(&grid, state, title: qa.confirmTitle, titleRole: .warning, message: message, button: qa.confirmButtons)
    }

    /// Where the key help goes and how much of it shows: every key of a screen and the global keys,
    /// in a box as tall as the body allows; what does not fit scrolls.
    struct HelpLayout {
        var lines: [(label: String, help: String)]
        var rect: Rect
        /// How many lines show at once.
        var room: Int
        var maxOffset: Int { max(0, lines.count - room) }
    }

    static func helpLayout(_ state: AppState, for screen: ScreenKind) -> HelpLayout {
        let strings = state.strings
        let bindings = state.bindings(for: screen).filter { !$0.keys.isEmpty } + Keymap.global
        let labelWidth = bindings.map { TextWidth.of($0.label) }.max() ?? 0
        let lines = bindings.map { (label: TextWidth.pad($0.label, to: labelWidth), help: strings.actionHelp($0.action)) }
        let widest = lines.map { labelWidth + 2 + TextWidth.of($0.help) }.max() ?? 0
        let width = min(max(widest, TextWidth.of(strings.closeHelp)) + 6, state.size.columns - 2)
        let rect = Chrome.body(state).centered(width: width, height: lines.count + 4)
        // Borders and the close line; the blank line above it goes first when rows are short.
        let room = lines.count + 4 <= rect.height ? lines.count : max(0, rect.height - 3)
        return HelpLayout(lines: lines, rect: rect, room: room)
    }

    /// Every key of the screen underneath, generated from the keymap. When it does not fit, it
    /// scrolls (`Help.offset`), with ▲ and ▼ in the frame where more lines are.
    static func drawHelp(_ grid: inout Grid, _ state: AppState, _ help: Help) {
        let strings = state.strings
        let screen = help.screen
        let layout = helpLayout(state, for: screen)
        let rect = layout.rect
        grid.box(rect, role: .overlay, borderRole: .border, title: strings.keysOf(strings.screenName(screen)), titleRole: .title)
        let offset = min(max(0, help.offset), layout.maxOffset)
        let inner = rect.width - 4
        for (row, line) in layout.lines.dropFirst(offset).prefix(layout.room).enumerated() {
            let y = rect.row + 1 + row
            let used = grid.put(line.label, row: y, column: rect.column + 2, role: .key, width: inner)
            grid.put("  " + line.help, row: y, column: rect.column + 2 + used, role: .overlay, width: inner - used)
        }
        if rect.width > 4 {
            if offset > 0 { grid.put("▲", row: rect.row, column: rect.column + rect.width - 3, role: .dim) }
            if offset < layout.maxOffset {
                grid.put("▼", row: rect.row + rect.height - 1, column: rect.column + rect.width - 3, role: .dim)
            }
        }
        grid.putCentered(strings.closeHelp, row: rect.row + rect.height - 2, in: rect.insetHorizontally(1), role: .dim)
    }

    static func drawTooSmall(_ grid: inout Grid, _ state: AppState) {
        let text = state.strings.tooSmall(state.size, AppState.minimumSize)
        let width = max(1, state.size.columns - 2)
        let lines = TextWidth.wrap(text, width: width)
        let top = max(0, (state.size.rows - lines.count) / 2)
        for (offset, line) in lines.prefix(state.size.rows).enumerated() {
            grid.putCentered(line, row: top + offset, in: Rect(row: 0, column: 0, width: state.size.columns, height: state.size.rows), role: .warning)
        }
    }
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
