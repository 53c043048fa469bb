import Foundation
import StoreModel

/// A screen made of lines, some of them selectable (buttons, purchases): the Account screen's and
/// Purchase Help's layout. Lines wrap to the width; a selectable line is an entry; the view scrolls so
/// the selected entry shows, with ▲/▼ at the right edge where more lines are.
struct ListPage<Entry: Equatable> {
    struct Line {
        var text: String
        var role: Role
        var indent = 0
        var right: String? = nil
        var rightRole: Role = .price
        var entry: Int? = nil
    }

    var area: Rect
    var lines: [Line] = []
    var entries: [Entry] = []
    /// The line of each entry.
    var entryLines: [Int] = []
    /// Lines above the first entry that should show with it (the screen's top).
    var firstEntryContext = 0
    var viewHeight: Int { max(1, area.height) }
    var maxOffset: Int { max(0, lines.count - viewHeight) }

    init(area: Rect) { self.area = area }

    /// The body of a screen, inset and at most 96 columns wide.
    init(_ app: AppState) {
        var area = Chrome.body(app).insetHorizontally(app.isCompact ? 1 : 2)
        area.width = min(area.width, 96)
        self.init(area: area)
    }

    // MARK: building

    /// A paragraph, wrapped.
    mutating func para(_ text: String, _ role: Role, indent: Int = 0) {
        for line in TextWidth.wrap(text, width: max(1, area.width - indent)) {
            lines.append(Line(text: line, role: role, indent: indent))
        }
    }

    /// Text with something at the right edge (a price, a state); on two lines where they do not fit
    /// side by side.
    mutating func pair(_ text: String, _ role: Role, right: String?, _ rightRole: Role, indent: Int = 0, entry: Entry? = nil) {
        let index = entry.map { e -> Int in entries.append(e); entryLines.append(lines.count); return entries.count - 1 }
        if let right, TextWidth.of(text) + 2 + TextWidth.of(right) > area.width - indent {
            lines.append(Line(text: TextWidth.truncate(text, to: area.width - indent), role: role, indent: indent, entry: index))
            lines.append(Line(text: "", role: role, indent: indent, right: right, rightRole: rightRole, entry: index))
        } else {
            lines.append(Line(text: text, role: role, indent: indent, right: right, rightRole: rightRole, entry: index))
        }
    }

    /// A button: "[ Label ]", selectable.
    mutating func button(_ label: String, _ entry: Entry, indent: Int = 2) {
        entries.append(entry)
        entryLines.append(lines.count)
        lines.append(Line(text: "[ " + label + " ]", role: .accent, indent: indent, entry: entries.count - 1))
    }

    /// A blank line, never two in a row.
    mutating func blank() {
        if let last = lines.last, !last.text.isEmpty || last.right != nil { lines.append(Line(text: "", role: .normal)) }
    }

    // MARK: moving

    /// The offset that shows the selected entry, moving as little as it can (the first entry shows the
    /// screen's top with it).
    func offset(showing selection: Int, from offset: Int) -> Int {
        guard selection < entryLines.count else { return min(max(0, offset), maxOffset) }
        let line = entryLines[selection]
        var offset = offset
        if selection == 0 || line < firstEntryContext {
            offset = 0
        } else if line < offset {
            offset = line
        } else if line >= offset + viewHeight {
            offset = line - viewHeight + 1
        }
        return min(max(0, offset), maxOffset)
    }

    // MARK: view

    func draw(_ grid: inout Grid, _ state: AppState, selection: Int, offset: Int) {
        let offset = min(max(0, offset), maxOffset)
        let selected = min(selection, max(0, entries.count - 1))
        for (row, line) in lines.dropFirst(offset).prefix(viewHeight).enumerated() {
            let y = area.row + row
            let isSelected = line.entry == selected && !entries.isEmpty
            if !line.text.isEmpty {
                grid.put(line.text, row: y, column: area.column + line.indent, role: line.role, width: area.width - line.indent)
            }
            if let right = line.right {
                grid.putRight(right, row: y, in: Rect(row: y, column: area.column, width: area.width, height: 1), role: line.rightRole)
            }
            if isSelected {
                let start = area.column + line.indent
                let span = line.right == nil ? TextWidth.of(line.text) : area.width - line.indent
                grid.restyle(row: y, column: start, width: span, role: .selected)
            }
        }
        let marker = state.size.columns - 1
        if offset > 0 { grid.put("▲", row: area.row, column: marker, role: .dim) }
        if offset < maxOffset { grid.put("▼", row: area.row + viewHeight - 1, column: marker, role: .dim) }
    }
}
