import Foundation
import StoreModel

/// What the sheets and dialogs that cover a screen share: the system sheet's frame, layout, scrolling
/// and buttons, and the centred dialog with one button. Each sheet is in its own file beside this one.
public enum Overlays {
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
    /// What a key did on a system sheet with two buttons whose terms come last (the confirmation sheet,
    /// a retention offer's, the commitment disclosure): Tab moves focus, and focus on the second button
    /// brings the terms into view; Enter on it goes ahead only with the terms in view (else it shows
    /// them first); Enter on the first, or Esc, cancels; ↑↓ scroll.
    enum TwoButtonKey { case confirmed, cancelled, stay }

    /// Whether a system sheet's scroll keys do anything: only where its content does not fit.
    static func scrollAvailable(_ action: Action, _ state: AppState, lineCount: Int) -> Bool {
        guard action == .scroll || action == .up || action == .down else { return true }
        return systemSheetLayout(state, lineCount: lineCount).maxOffset > 0
    }

    static func twoButtonKey(_ action: Action, secondFocused: inout Bool, offset: inout Int, maxOffset: Int) -> TwoButtonKey {
        switch action {
        case .switchButton:
            secondFocused.toggle()
            if secondFocused { offset = maxOffset }
        case .press where secondFocused && offset < maxOffset:
            offset = maxOffset
        case .press where secondFocused:
            return .confirmed
        case .press, .cancel:
            return .cancelled
        case .up, .down:
            offset = min(max(0, min(offset, maxOffset) + (action == .down ? 1 : -1)), maxOffset)
        default:
            break
        }
        return .stay
    }

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
    /// nil: the focus is in the content, on neither button. An offset past the end (the terminal grew
    /// taller since) shows the last page.
    static func drawSystemSheet(_ grid: inout Grid, _ state: AppState, lines: [(String, Role)], offset requested: Int,
                                buttons: (String, String), secondFocused: Bool?, title: String? = nil) {
        let layout = systemSheetLayout(state, lineCount: lines.count)
        let offset = min(requested, layout.maxOffset)
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

}

