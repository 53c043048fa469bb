import Foundation
import StoreModel
import TextSafety

/// A text field: what a person types into a screen or sheet (the feedback text, an offer code).
///
/// It takes typing, a bracketed paste, Backspace and Delete, and moves with ←/→/Home/End (and ↑/↓ over
/// the lines it shows when it is multi-line); Ctrl-A/Ctrl-E go to the start and end of the line, Ctrl-U
/// and Ctrl-K delete to them, Ctrl-W deletes the word before the cursor. What it holds is always safe to
/// draw and to save: control characters never get in (a tab becomes a space, a line break is kept only
/// in a multi-line field), and it never holds more than `limit` characters, however much is pasted.
///
/// Text is measured in terminal cells, so wide (CJK) characters take two and are never split.
public struct TextField: Sendable, Equatable {
    /// The characters typed, one grapheme cluster each. A line break is "\n".
    private var characters: [Character]
    /// Where the next character goes: an index into `characters`.
    public private(set) var cursor: Int
    /// The most characters (grapheme clusters) the field takes; typing and pasting past it is cut.
    public let limit: Int
    /// Whether Enter and line breaks in a paste start a new line (otherwise Enter is not the field's).
    public let multiline: Bool

    public init(text: String = "", limit: Int, multiline: Bool = false) {
        self.limit = max(0, limit)
        self.multiline = multiline
        characters = []
        cursor = 0
        insert(text)
    }

    /// What was typed.
    public var text: String { String(characters) }
    public var isEmpty: Bool { characters.isEmpty }
    /// How many characters it holds (grapheme clusters; a line break is one).
    public var count: Int { characters.count }

    // MARK: update

    /// Takes a key if it is for the field and returns true; returns false for the keys that are not
    /// (Esc, Tab, Enter in a one-line field, function keys, other Ctrl keys), which then go to the
    /// screen's key bindings. Backspace and the arrows are the field's even where they change nothing,
    /// so Backspace in an empty field never leaves the screen.
    public mutating func handle(_ key: Key, width: Int = .max) -> Bool {
        switch key {
        case .character(let character):
            insert(String(character))
        case .paste(let pasted):
            insert(pasted)
        case .enter:
            guard multiline else { return false }
            insert("\n")
        case .backspace, .control("h"):
            if cursor > 0 {
                characters.remove(at: cursor - 1)
                cursor -= 1
            }
        case .delete, .control("d"):
            if cursor < characters.count { characters.remove(at: cursor) }
        case .left, .control("b"):
            cursor = max(0, cursor - 1)
        case .right, .control("f"):
            cursor = min(characters.count, cursor + 1)
        case .home, .control("a"):
            cursor = lineStart(cursor)
        case .end, .control("e"):
            cursor = lineEnd(cursor)
        case .control("u"):
            let start = lineStart(cursor)
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .control("k"):
            characters.removeSubrange(cursor..<lineEnd(cursor))
        case .control("w"):
            var start = cursor
            while start > 0, characters[start - 1].isWhitespace, characters[start - 1] != "\n" { start -= 1 }
            while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .up, .down:
            guard multiline else { return false }
            moveVertically(up: key == .up, width: width)
        default:
            return false
        }
        return true
    }

    /// Puts text in at the cursor: control characters dropped (a tab becomes a space; a line break kept
    /// only when multi-line; CR LF and CR are one break), cut at the limit.
    private mutating func insert(_ text: String) {
        var accepted: [Character] = []
        for character in text {
            let room = limit - characters.count - accepted.count
            guard room > 0 else { break }
            if character == "\n" || character == "\r\n" || character == "\r" || character == "\u{2028}" || character == "\u{2029}" {
                if multiline { accepted.append("\n") }
            } else if character == "\t" {
                accepted.append(" ")
            } else {
                var scalars = String.UnicodeScalarView()
                for scalar in character.unicodeScalars where !UntrustedText.isForbidden(scalar) { scalars.append(scalar) }
                if !scalars.isEmpty { accepted.append(contentsOf: String(scalars)) }
            }
        }
        let piece = accepted.prefix(max(0, limit - characters.count))
        guard !piece.isEmpty else { return }
        characters.insert(contentsOf: piece, at: cursor)
        let after = cursor + piece.count
        // A combining mark typed after its base joins it: count again as Swift would.
        let joined = Array(String(characters))
        if joined.count != characters.count {
            cursor = min(joined.count, String(characters[..<after]).count)
            characters = joined
        } else {
            cursor = after
        }
    }

    private func lineStart(_ index: Int) -> Int {
        var start = index
        while start > 0, characters[start - 1] != "\n" { start -= 1 }
        return start
    }

    private func lineEnd(_ index: Int) -> Int {
        var end = index
        while end < characters.count, characters[end] != "\n" { end += 1 }
        return end
    }

    /// ↑/↓: to the line shown above or below, at the same cell column (or the end of a shorter line).
    private mutating func moveVertically(up: Bool, width: Int) {
        let lines = Self.lines(characters, width: width)
        let (row, column) = Self.position(of: cursor, in: lines, characters)
        let target = up ? row - 1 : row + 1
        guard target >= 0, target < lines.count else {
            cursor = up ? 0 : characters.count
            return
        }
        let line = lines[target]
        var x = 0
        var index = line.lowerBound
        while index < line.upperBound, characters[index] != "\n" {
            let w = TextWidth.of(characters[index])
            if x + w > column { break }
            x += w
            index += 1
        }
        // The end of a line that wraps on is the next line's start: stay on this line.
        if index == line.upperBound, target < lines.count - 1, index > line.lowerBound, characters[index - 1] != "\n" { index -= 1 }
        cursor = index
    }

    // MARK: layout

    /// The lines a multi-line field shows at `width` cells: ranges of `characters`, each with the line
    /// break that ends it (if any). Lines wrap after the last space that fits, or mid-word when a word
    /// is wider than the line; one cell is kept free for the cursor at the end of a full line.
    static func lines(_ characters: [Character], width: Int) -> [Range<Int>] {
        let room = max(1, width == .max ? .max : width - 1)
        var lines: [Range<Int>] = []
        var start = 0, x = 0, lastSpace: Int?
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\n" {
                lines.append(start..<(index + 1))
                start = index + 1; x = 0; lastSpace = nil
                index += 1
                continue
            }
            let w = TextWidth.of(character)
            if x + w > room, index > start {
                let end = lastSpace.map { $0 + 1 } ?? index
                lines.append(start..<end)
                start = end; lastSpace = nil
                x = characters[start..<index].reduce(0) { $0 + TextWidth.of($1) }
                continue
            }
            if character == " " { lastSpace = index }
            x += w
            index += 1
        }
        lines.append(start..<characters.count)
        return lines
    }

    /// The (row, cell column) of a character index among the lines.
    static func position(of index: Int, in lines: [Range<Int>], _ characters: [Character]) -> (row: Int, column: Int) {
        for (row, line) in lines.enumerated() {
            let endsWithBreak = line.upperBound > line.lowerBound && characters[line.upperBound - 1] == "\n"
            let last = row == lines.count - 1
            if index < line.upperBound || (index == line.upperBound && last && !endsWithBreak) {
                let column = characters[line.lowerBound..<index].reduce(0) { $0 + TextWidth.of($1) }
                return (row, column)
            }
        }
        return (lines.count, 0)
    }

    // MARK: view

    /// Draws the field into a box of the grid: `height` lines of `width` cells in `role`, the cursor as
    /// one `cursorRole` cell. Multi-line text wraps and the box follows the cursor down; a one-line field
    /// scrolls sideways to keep the cursor in view. When empty, the placeholder shows in `.dim` under
    /// the cursor.
    public func draw(into grid: inout Grid, row: Int, column: Int, width: Int, height: Int,
                     role: Role, cursorRole: Role, placeholder: String = "", showsCursor: Bool = true) {
        guard width > 0, height > 0 else { return }
        grid.fill(row: row, column: column, width: width, height: height, role: role)
        if characters.isEmpty {
            grid.put(placeholder, row: row, column: column, role: .dim, width: width)
            if showsCursor { grid.restyle(row: row, column: column, width: 1, role: cursorRole) }
            return
        }
        if !multiline {
            drawOneLine(into: &grid, row: row, column: column, width: width, role: role, cursorRole: cursorRole, showsCursor: showsCursor)
            return
        }
        let lines = Self.lines(characters, width: width)
        let (cursorRow, cursorColumn) = Self.position(of: cursor, in: lines, characters)
        let top = max(0, min(cursorRow - height + 1, lines.count - height))
        for (offset, line) in lines[top..<min(lines.count, top + height)].enumerated() {
            let shown = String(characters[line].filter { $0 != "\n" })
            grid.put(shown, row: row + offset, column: column, role: role, width: width)
        }
        if showsCursor, cursorRow - top < height {
            grid.restyle(row: row + cursorRow - top, column: column + min(cursorColumn, width - 1),
                         width: cursorWidth, role: cursorRole)
        }
    }

    /// One line: from the start while the text up to the cursor fits, else the stretch that ends with
    /// the cursor in the last cells.
    private func drawOneLine(into grid: inout Grid, row: Int, column: Int, width: Int, role: Role, cursorRole: Role, showsCursor: Bool) {
        let room = width - cursorWidth
        var start = cursor, used = 0
        while start > 0, used + TextWidth.of(characters[start - 1]) <= room {
            used += TextWidth.of(characters[start - 1])
            start -= 1
        }
        grid.put(String(characters[start...]), row: row, column: column, role: role, width: width)
        if showsCursor { grid.restyle(row: row, column: column + used, width: cursorWidth, role: cursorRole) }
    }

    /// The cursor covers the character under it: two cells on a wide one, so both halves change together.
    private var cursorWidth: Int {
        cursor < characters.count && characters[cursor] != "\n" ? max(1, TextWidth.of(characters[cursor])) : 1
    }
}
