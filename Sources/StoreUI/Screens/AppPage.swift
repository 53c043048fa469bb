import Foundation
import StoreModel

/// The layout of the app's own one-page screens that follow a system sheet or lead to one (the
/// retention pitch, the exit survey, the redemption welcome; issue 31): copy in the app's theme that
/// scrolls with ↑↓ where it does not fit, above buttons that never scroll away. Never a system sheet:
/// the App Store's sheets (Overlays.drawSystemSheet) stay uniform.
struct AppPage {
    var lines: [(String, Role)]
    /// The buttons' rows at the bottom of the body, centred: each row its buttons, each in its role.
    var buttons: [[(String, Role)]]
    var area: Rect
    var top: Int
    var room: Int
    var maxOffset: Int { max(0, lines.count - room) }

    /// `buttons` are laid out on one row where they fit, else one a row.
    init(_ state: AppState, lines build: (Int) -> [(String, Role)], buttons: [(String, Role)]) {
        let body = Chrome.body(state)
        area = body.insetHorizontally(state.isCompact ? 2 : 4)
        let oneRow: Int = Self.width(of: buttons)
        self.buttons = buttons.isEmpty ? [] : oneRow <= area.width ? [buttons] : buttons.map { [$0] }
        top = body.row + (body.height >= 14 ? 1 : 0)
        // A blank row between the copy and the buttons, where the body has room for one.
        let bottom = body.row + body.height - self.buttons.count - (self.buttons.isEmpty || body.height < 10 ? 0 : 1)
        room = max(1, bottom - top)
        lines = build(area.width)
    }

    static let gap = 4

    /// Buttons' width on one row, `gap` apart.
    static func width(of buttons: [(String, Role)]) -> Int {
        var total = 0
        for (text, _) in buttons { total += TextWidth.of(text) }
        return total + gap * max(0, buttons.count - 1)
    }

    /// Wraps a paragraph to the page's width.
    static func wrap(_ text: String, _ role: Role, width: Int, indent: String = "") -> [(String, Role)] {
        TextWidth.wrap(text, width: max(1, width - TextWidth.of(indent))).map { (indent + $0, role) }
    }

    /// The offset that keeps `lines` (a focused item) in view, moving as little as it can from `offset`.
    func offset(keeping focused: Range<Int>, from offset: Int) -> Int {
        var offset = min(offset, maxOffset)
        if focused.upperBound > offset + room { offset = focused.upperBound - room }
        if focused.lowerBound < offset { offset = focused.lowerBound }
        return min(max(0, offset), maxOffset)
    }

    /// The scrolling keys work only where the copy does not fit.
    func isAvailable(_ action: Action) -> Bool {
        switch action {
        case .scroll, .up, .down, .top, .bottom, .pageUp, .pageDown: maxOffset > 0
        default: true
        }
    }

    /// ↑↓ Home End PgUp PgDn on copy that scrolls.
    func scrolled(_ action: Action, from offset: Int) -> Int {
        AppState.listMove(action, from: min(offset, maxOffset), count: maxOffset + 1, page: max(1, room - 1)) ?? offset
    }

    func draw(_ grid: inout Grid, _ state: AppState, offset: Int) {
        let body = Chrome.body(state)
        let offset = min(offset, maxOffset)
        for (row, (text, role)) in lines.dropFirst(offset).prefix(room).enumerated() {
            grid.put(text, row: top + row, column: area.column, role: role, width: area.width)
        }
        for (index, row) in buttons.enumerated() {
            let width: Int = Self.width(of: row)
            var column = body.column + max(0, (body.width - width) / 2)
            for (text, role) in row {
                column += grid.put(text, row: body.row + body.height - buttons.count + index, column: column, role: role,
                                   width: body.column + body.width - column) + Self.gap
            }
        }
        // ▲/▼ in the right margin where there is more copy above or below.
        let mark = min(state.size.columns - 1, area.column + area.width + 1)
        if offset > 0 { grid.put("▲", row: top, column: mark, role: .dim) }
        if offset < maxOffset { grid.put("▼", row: top + room - 1, column: mark, role: .dim) }
    }
}
