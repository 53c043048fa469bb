import Foundation

/// A terminal size in cells.
public struct Size: Sendable, Equatable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
    public var description: String { "\(columns)x\(rows)" }
}

/// What a cell means. Themes give each role a look; the `system*` roles belong to the system
/// confirmation sheet, whose look no theme can change (HIG: use the default confirmation sheet).
public enum Role: String, Sendable, CaseIterable, Hashable {
    case normal, dim, title, header, footer, key, selected, section, owned, price, accent
    case success, warning, error, border, overlay
    case systemSheet, systemTitle, systemButton, systemSelected
    /// The redemption sheet's code field, its placeholder, and a refused code's message.
    case systemField, systemPlaceholder, systemError

    public var isSystem: Bool { rawValue.hasPrefix("system") }
}

/// One terminal cell. A wide character (CJK, most emoji) fills two cells: the character in the first,
/// an empty `continuation` cell after it.
///
/// The character is kept as its `GlyphCode`, a number, so a cell is copied and compared without
/// reference counting (a frame copies and compares thousands of them).
public struct Cell: Sendable, Equatable {
    /// `GlyphCode.continuation` for the right half of a wide character.
    public private(set) var code: UInt32
    public var role: Role

    public init(character: Character?, role: Role) {
        code = character.map(GlyphCode.code(for:)) ?? GlyphCode.continuation
        self.role = role
    }

    init(code: UInt32, role: Role) {
        self.code = code
        self.role = role
    }

    public var character: Character? {
        get { GlyphCode.character(code) }
        set { code = newValue.map(GlyphCode.code(for:)) ?? GlyphCode.continuation }
    }

    public static let blank = Cell(code: 0x20, role: .normal)
    public var isContinuation: Bool { code == GlyphCode.continuation }
}

/// A screen's worth of styled cells: what `view(state, size)` returns and the terminal draws.
public struct Grid: Sendable, Equatable {
    public let size: Size
    public private(set) var cells: [Cell]
    /// What the frame being drawn may copy from the frames before (`ViewCaches`, the runtime's): set by
    /// `AppState.view(keeping:)` while it draws, nil on the grid it returns. Not part of what a grid is.
    var caches: ViewCaches?

    public static func == (a: Grid, b: Grid) -> Bool { a.size == b.size && a.cells == b.cells }

    public init(size: Size, role: Role = .normal) {
        self.size = size
        cells = Array(repeating: Cell(code: 0x20, role: role), count: max(0, size.columns * size.rows))
    }

    public subscript(row: Int, column: Int) -> Cell {
        get { cells[row * size.columns + column] }
        set { cells[row * size.columns + column] = newValue }
    }

    /// Writes text from (row, column), clipped to `width` cells (default: to the right edge). A wide
    /// character that would not fit whole is left out, never split. Returns the columns used.
    ///
    /// This is the one way text reaches a cell, so it is where untrusted text is made safe: each
    /// grapheme cluster is drawn as `TextWidth.glyph(for:)` says, so a control character or bidi
    /// override becomes a visible "�" and a cluster terminals disagree on a visible stand-in. A cell
    /// therefore always holds one Character whose width is what `TextWidth.of` says.
    @discardableResult
    public mutating func put(_ text: String, row: Int, column: Int, role: Role, width: Int? = nil) -> Int {
        guard row >= 0, row < size.rows, column < size.columns else { return 0 }
        let limit = min(size.columns, column + (width ?? size.columns))
        var x = column
        // Fast path: printable ASCII is one cell a byte and needs no checking.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            for byte in text.utf8 {
                if x + 1 > limit { break }
                if x >= 0 { place(UInt32(byte), width: 1, row: row, column: x, role: role) }
                x += 1
            }
            return x - column
        }
        for character in text {
            let (glyph, w) = TextWidth.glyph(for: character)
            if w == 0 { continue }
            if x + w > limit { break }
            if x >= 0 { place(GlyphCode.code(for: glyph), width: w, row: row, column: x, role: role) }
            x += w
        }
        return x - column
    }

    /// One character `count` times from `column` (a rule, a box's edge): `put` of the repeated text,
    /// with the character measured once instead of once a cell.
    @discardableResult
    public mutating func put(repeating character: Character, count: Int, row: Int, column: Int, role: Role) -> Int {
        guard row >= 0, row < size.rows, column < size.columns, count > 0 else { return 0 }
        let (glyph, w) = TextWidth.glyph(for: character)
        guard w > 0 else { return 0 }
        let code = GlyphCode.code(for: glyph)
        let limit = min(size.columns, column + count * w)
        var x = column
        while x + w <= limit {
            if x >= 0 { place(code, width: w, row: row, column: x, role: role) }
            x += w
        }
        return x - column
    }

    private mutating func place(_ code: UInt32, width w: Int, row: Int, column x: Int, role: Role) {
        // Overwriting half of a wide character blanks its other half.
        if self[row, x].isContinuation, x > 0 { self[row, x - 1] = Cell(code: 0x20, role: self[row, x - 1].role) }
        if x + w < size.columns, self[row, x + w].isContinuation { self[row, x + w] = Cell(code: 0x20, role: role) }
        self[row, x] = Cell(code: code, role: role)
        if w == 2 { self[row, x + 1] = Cell(code: GlyphCode.continuation, role: role) }
    }

    /// Paints a rectangle with spaces in a role. A wide character cut by its edge is blanked whole, as
    /// `put` does: its other half outside the rectangle would otherwise stay half a character.
    public mutating func fill(row: Int, column: Int, width: Int, height: Int, role: Role) {
        let (left, right) = (max(0, column), min(size.columns, column + width))
        guard left < right else { return }
        for y in max(0, row)..<min(size.rows, row + height) {
            if left > 0, self[y, left].isContinuation { self[y, left - 1] = Cell(code: 0x20, role: self[y, left - 1].role) }
            if right < size.columns, self[y, right].isContinuation { self[y, right] = Cell(code: 0x20, role: self[y, right].role) }
            for x in left..<right {
                self[y, x] = Cell(code: 0x20, role: role)
            }
        }
    }

    /// Changes the role of cells without changing their text (a selection bar).
    public mutating func restyle(row: Int, column: Int, width: Int, role: Role) {
        guard row >= 0, row < size.rows else { return }
        for x in max(0, column)..<min(size.columns, column + width) { self[row, x].role = role }
    }

    /// The cells of part of a row (clipped to the grid), for a view that keeps what it drew. Whole
    /// characters only where the part's edges cut none: the store's rows are drawn inside their own.
    func cells(row: Int, column: Int, width: Int) -> [Cell] {
        let (left, right) = (max(0, column), min(size.columns, column + width))
        guard row >= 0, row < size.rows, left < right else { return [] }
        return Array(cells[row * size.columns + left..<row * size.columns + right])
    }

    /// Puts back cells `cells(row:column:width:)` gave, from the same column (clipped to the row).
    mutating func setCells(_ run: [Cell], row: Int, column: Int) {
        let left = max(0, column)
        let count = min(run.count, size.columns - left)
        guard row >= 0, row < size.rows, count > 0 else { return }
        let start = row * size.columns + left
        cells.replaceSubrange(start..<start + count, with: run.prefix(count))
    }

    /// The text a person sees, one line per row, trailing spaces trimmed: what screen tests compare.
    public var text: String {
        (0..<size.rows).map { row in
            var line = ""
            for column in 0..<size.columns {
                if let character = self[row, column].character { line.append(character) }
            }
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }

    /// Runs of cells with one role on a row, for drawing: (column, text, role). Continuation cells are
    /// skipped; the wide character before them covers them.
    public func runs(row: Int) -> [(column: Int, text: String, role: Role)] {
        var result: [(column: Int, text: String, role: Role)] = []
        for column in 0..<size.columns {
            let cell = self[row, column]
            guard let character = cell.character else { continue }
            if let last = result.last, last.role == cell.role {
                result[result.count - 1].text.append(character)
            } else {
                result.append((column, String(character), cell.role))
            }
        }
        return result
    }
}
