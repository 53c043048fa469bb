import CNCurses
import StoreUI

/// One cell as the terminal should show it.
struct ScreenCell: Equatable, Sendable {
    /// What is written there, as a `GlyphCode` (a number: frames are copied and compared a row at a
    /// time); `GlyphCode.continuation` for the right half of the wide character before it.
    var code: UInt32
    private var lookIndex: UInt16
    private var columns: UInt8
    /// The terminal advances fewer columns than `width` for this glyph (an emoji with U+FE0F that
    /// wcwidth counts as one column): its cells are written as spaces first, then the glyph.
    var padded: Bool

    /// Index into the writer's looks (0: the terminal's plain look, as after a clear).
    var look: Int { Int(lookIndex) }
    /// Columns the glyph covers: 1, or 2 for a wide character (0 for the right half).
    var width: Int { Int(columns) }

    /// Eight bytes a cell: a frame is 1,920 of them at 80x24, copied and compared on every key, by
    /// each of `serve`'s sessions in turn (issue 33).
    init(code: UInt32, look: Int, width: Int, padded: Bool) {
        self.code = code
        lookIndex = UInt16(clamping: look)
        columns = UInt8(clamping: width)
        self.padded = padded
    }

    static func blank(look: Int) -> ScreenCell { ScreenCell(code: 0x20, look: look, width: 1, padded: false) }
    static func continuation(look: Int) -> ScreenCell { ScreenCell(code: GlyphCode.continuation, look: look, width: 0, padded: false) }

    /// What is written there; nil for a continuation.
    var glyph: String? { isContinuation ? nil : GlyphCode.text(code) }
    var isContinuation: Bool { code == GlyphCode.continuation }
    /// A space: what erasing leaves, in some look.
    var isBlank: Bool { code == 0x20 }
}

/// What the whole terminal should show: a grid clipped or padded to the terminal's size, with every
/// wide character whole (a lead cell and its continuation) and nothing a terminal could take as a
/// control. Pure.
struct Frame: Equatable, Sendable {
    let size: Size
    private(set) var cells: [ScreenCell]

    /// Every cell a plain blank: the screen right after a clear.
    static func cleared(_ size: Size) -> Frame {
        Frame(size: size, cells: Array(repeating: .blank(look: 0), count: max(0, size.columns * size.rows)))
    }

    private init(size: Size, cells: [ScreenCell]) {
        self.size = size
        self.cells = cells
    }

    subscript(row: Int, column: Int) -> ScreenCell { cells[row * size.columns + column] }

    /// Whether a row holds the same bytes in both frames (of the same size).
    func row(_ row: Int, isBytewiseEqualTo other: Frame) -> Bool {
        let columns = size.columns
        guard other.size == size, columns > 0 else { return false }
        return cells.withUnsafeBytes { mine in
            other.cells.withUnsafeBytes { theirs in
                let stride = MemoryLayout<ScreenCell>.stride, start = row * columns * stride
                return memcmp(mine.baseAddress! + start, theirs.baseAddress! + start, columns * stride) == 0
            }
        }
    }

    /// The grid as a terminal of `size` shows it. Cells past the grid are blanks in `look(.normal)`.
    /// A wide character without its continuation cell (half overwritten by `Grid.fill`, or cut by the
    /// right edge) and a continuation without its wide character become blanks in their cell's role.
    init(grid: Grid, size: Size, look: (Role) -> Int) {
        self = Self.converting(grid, size: size, look: look, previous: nil).frame
    }

    /// The grid as a terminal of `size` shows it (see `init(grid:size:look:)`), taking each row that is
    /// the same as in `previous` (the last grid, at the same size and looks, and its frame) from there:
    /// a key that moves the selection changes two rows of 24, and working out a row costs a look up per
    /// cell (issue 33). `converted` counts the rows worked out, for the work-counting tests.
    static func converting(_ grid: Grid, size: Size, look: (Role) -> Int, previous: (grid: Grid, frame: Frame)?)
        -> (frame: Frame, converted: Int) {
        let columns = size.columns
        let normal = look(.normal)
        let reusable = previous.map { $0.grid.size == grid.size && $0.frame.size == size } ?? false
        var frame = reusable ? previous!.frame : Frame(size: size, cells: Array(repeating: .blank(look: normal), count: max(0, size.columns * size.rows)))
        let rows = min(size.rows, grid.size.rows)
        let gridColumns = min(columns, grid.size.columns)
        var converted = 0
        // Neighbouring cells mostly share a role: the last one's look is kept.
        var lastRole = Role.normal, lastLook = normal
        // A rule or a run of the same wide character: measured once, its glyph made once a width.
        var lastCode = GlyphCode.continuation, lastWidth = 1
        // The last character's glyph at each width it was drawn at (1 or 2): locals, not an array,
        // so a change of character allocates nothing.
        var narrowGlyph: (code: UInt32, padded: Bool)?, wideGlyph: (code: UInt32, padded: Bool)?
        func glyph(_ code: UInt32, width: Int) -> (code: UInt32, padded: Bool) {
            if let known = width == 2 ? wideGlyph : narrowGlyph { return known }
            let (text, padded) = Self.glyph(GlyphCode.character(code) ?? " ", width: width)
            let made = (GlyphCode.code(for: text), padded)
            if width == 2 { wideGlyph = made } else { narrowGlyph = made }
            return made
        }
        for row in 0..<rows {
            let base = row * columns
            if reusable, grid.cells[row * grid.size.columns..<(row + 1) * grid.size.columns]
                == previous!.grid.cells[row * grid.size.columns..<(row + 1) * grid.size.columns] { continue }
            converted += 1
            var column = 0
            while column < gridColumns {
                let cell = grid[row, column]
                if cell.role != lastRole { lastRole = cell.role; lastLook = look(cell.role) }
                let cellLook = lastLook
                let code = cell.code
                if code >= 0x20, code < 0x7F {
                    frame.cells[base + column] = ScreenCell(code: code, look: cellLook, width: 1, padded: false)
                    column += 1
                    continue
                }
                guard code != GlyphCode.continuation else {
                    frame.cells[base + column] = .blank(look: cellLook)
                    column += 1
                    continue
                }
                if code != lastCode {
                    lastCode = code
                    lastWidth = GlyphCode.character(code).map(TextWidth.of) ?? 1
                    (narrowGlyph, wideGlyph) = (nil, nil)
                }
                let width = lastWidth
                if width == 2, column + 1 < gridColumns, grid[row, column + 1].isContinuation {
                    let (glyph, padded) = glyph(code, width: 2)
                    frame.cells[base + column] = ScreenCell(code: glyph, look: cellLook, width: 2, padded: padded)
                    frame.cells[base + column + 1] = .continuation(look: cellLook)
                    column += 2
                    continue
                }
                if width == 1 {
                    let (glyph, padded) = glyph(code, width: 1)
                    frame.cells[base + column] = ScreenCell(code: glyph, look: cellLook, width: 1, padded: padded)
                } else {
                    frame.cells[base + column] = .blank(look: cellLook)
                }
                column += 1
            }
        }
        return (frame, converted)
    }

    /// wcwidth needs a UTF-8 character type; TextWidth makes sure of one on first use.
    private static let utf8Ready: Bool = TextWidth.of("a") == 1

    /// The text to write for a character the grid gives `width` columns, and whether the terminal
    /// (which advances by wcwidth per code point) would move fewer columns than that. Control code
    /// points are dropped; what would take more columns than the grid gave is cut to the longest
    /// prefix that fits; nothing printable left gives "?".
    static func glyph(_ character: Character, width: Int) -> (String, padded: Bool) {
        _ = utf8Ready
        var text = ""
        var used = 0
        for scalar in character.unicodeScalars {
            let value = scalar.value
            if value < 0x20 || (0x7F..<0xA0).contains(value) { continue }
            let scalarWidth = TextWidth.scalarWidth(scalar)
            if scalarWidth < 0 { continue }
            if used + scalarWidth > width { break }
            // A combining mark or joiner only after something it can attach to.
            if scalarWidth == 0, text.isEmpty { continue }
            text.unicodeScalars.append(scalar)
            used += scalarWidth
        }
        if used == 0 { return ("?", width > 1) }
        return (text, used < width)
    }
}

/// How the writer moves the cursor.
enum CursorAddressing: Sendable {
    /// CSI row;column H, what every terminal in use understands.
    case ansi
    /// The terminal's own `cup` capability (a terminfo format string).
    case terminfo(String)
}

/// Turns frames into the bytes that change the terminal from the last frame to the next: our own
/// diff instead of ncurses', so that a wide character and its continuation are always written
/// together. Pure (no terminal): the bytes go into a buffer that the caller writes at once.
///
/// Rules that keep a terminal's wide-character handling from corrupting the screen (xterm's rules:
/// writing either half of a wide character blanks the other half):
/// - a changed cell that is half of a wide character, in the old frame or the new one, brings the
///   other half with it, repeatedly, so only whole characters are ever written;
/// - the cursor is placed explicitly before each run and after anything that may have moved it by
///   an unexpected amount (a padded glyph, the right edge);
/// - nothing is written past the right edge, so the terminal never wraps or scrolls.
///
/// Rules that keep the bytes few (a key that moves the selection should cost two short rows):
/// - runs of blanks are erased (EL to the end of the row, ECH in between) when the terminal has
///   those and erasing is shorter than writing spaces;
/// - the cursor moves by the shortest sequence the terminal has (CUP, CUF, CUB, CHA, VPA), or by
///   rewriting the few unchanged cells in between when that is shorter;
/// - a blank is written in whatever look is set when it shows the same there (`blankClass`), so
///   spaces between two words in different looks need no SGR.
struct FrameWriter {
    /// SGR bytes for each look, each complete on its own (it starts from the plain look).
    var looks: [[UInt8]]
    /// For each look, the first look whose blank cells show the same (background, reverse,
    /// underline). Empty: every look draws its own blanks.
    var blankClass: [Int] = []
    /// For each look, whether erasing (ECH, EL) with it set leaves blanks exactly as it shows them.
    /// Empty: never erase.
    var erasable: [Bool] = []
    /// Resets the look and clears the screen (the cursor may be anywhere afterwards).
    var clearScreen: [UInt8]
    var addressing: CursorAddressing = .ansi
    /// The terminal has xterm's relative cursor moves: CUF (CSI n C), CUB (CSI n D), CHA (CSI n G)
    /// and VPA (CSI n d).
    var relativeMoves = false
    /// The terminal has xterm's erase in line (CSI K) and erase characters (CSI n X).
    var erase = false
    /// The terminal scrolls when its bottom-right cell is written (`am` without `xenl`): leave that
    /// cell alone.
    var avoidBottomRight = false

    /// What the terminal shows now, as far as we know; nil after `invalidate()`.
    private(set) var shown: Frame?
    private var dirty: [Bool] = []

    init(looks: [[UInt8]], clearScreen: [UInt8]) {
        self.looks = looks
        self.clearScreen = clearScreen
    }

    /// Sets the looks from their specs: SGR bytes, which looks draw the same blanks, and which can
    /// be erased (`backgroundColorErase`: the terminal erases with the current background, `bce`).
    mutating func useLooks(_ specs: [LookSpec], encoder: SGREncoder, backgroundColorErase: Bool) {
        looks = specs.map { encoder.bytes($0) }
        let blanks = specs.map(\.blank)
        blankClass = blanks.map { blanks.firstIndex(of: $0)! }
        erasable = blanks.map { !$0.reverse && !$0.underline && ($0.background == nil || backgroundColorErase) }
    }

    /// Forget what the terminal shows: the next frame clears the screen and paints everything.
    mutating func invalidate() { shown = nil }

    /// Appends to `output` the bytes that make the terminal show `frame`.
    mutating func write(_ frame: Frame, into output: inout [UInt8]) {
        var old: Frame
        var state = WriteState()
        if let shown, shown.size == frame.size {
            old = shown
        } else {
            output += clearScreen
            old = Frame.cleared(frame.size)
            state.look = 0
        }
        let columns = frame.size.columns
        if dirty.count != columns { dirty = Array(repeating: false, count: columns) }
        for row in 0..<frame.size.rows where markChanges(row: row, old: old, new: frame) {
            writeRow(row, frame: frame, state: &state, output: &output)
        }
        shown = frame
    }

    private struct WriteState {
        var row = -1
        var column = -1
        var look: Int?
    }

    /// Marks the columns of `row` to rewrite; false when none.
    private mutating func markChanges(row: Int, old: Frame, new: Frame) -> Bool {
        let columns = new.size.columns
        // Most rows are unchanged after a key: compared as bytes first (a cell is eight bytes of plain
        // data, without padding), cell by cell only when they differ.
        if new.row(row, isBytewiseEqualTo: old) { return false }
        var any = false
        for column in 0..<columns {
            let changed = old[row, column] != new[row, column]
            dirty[column] = changed
            any = any || changed
        }
        guard any else { return false }
        // A changed half of a wide character (old or new) brings its other half; repeat until stable.
        var grew = true
        while grew {
            grew = false
            for column in 0..<columns where dirty[column] {
                let before = old[row, column], after = new[row, column]
                if before.isContinuation || after.isContinuation, column > 0, !dirty[column - 1] {
                    dirty[column - 1] = true
                    grew = true
                }
                if before.width == 2 || after.width == 2, column + 1 < columns, !dirty[column + 1] {
                    dirty[column + 1] = true
                    grew = true
                }
            }
        }
        return true
    }

    private func blank(_ look: Int) -> Int { look < blankClass.count ? blankClass[look] : look }
    private func canErase(_ look: Int) -> Bool { erase && look < erasable.count && erasable[look] }

    /// Whether `cell` shows the same when written in `look` (a blank needs only the same blank).
    private func showsSame(_ cell: ScreenCell, in look: Int?) -> Bool {
        guard let look else { return false }
        return cell.look == look || (cell.isBlank && blank(cell.look) == blank(look))
    }

    /// The look to erase `cell`'s blanks with: the one set when it will do, else the cell's own; nil
    /// when neither erases to that blank.
    private func eraseLook(for cell: ScreenCell, current: Int?) -> Int? {
        if let current, canErase(current), blank(current) == blank(cell.look) { return current }
        return canErase(cell.look) ? cell.look : nil
    }

    private func writeRow(_ row: Int, frame: Frame, state: inout WriteState, output: inout [UInt8]) {
        let columns = frame.size.columns
        let lastRow = row == frame.size.rows - 1
        /// The blank class the row is erased to from `erasedFrom` to its end (EL), if any.
        var erased: (from: Int, blank: Int)?
        var column = 0
        while column < columns {
            let cell = frame[row, column]
            guard dirty[column], !cell.isContinuation else { column += 1; continue } // a continuation: its lead was written
            let width = max(1, cell.width)
            if avoidBottomRight, lastRow, column + width >= columns { column += width; continue }
            if cell.isBlank, let erased, erased.blank == blank(cell.look) { column += 1; continue }
            if cell.isBlank, let look = eraseLook(for: cell, current: state.look) {
                let same = blank(cell.look)
                var end = column
                while end < columns, frame[row, end].isBlank, blank(frame[row, end].look) == same { end += 1 }
                if eraseToEndPays(row: row, from: column, blank: same, frame: frame) {
                    setLook(look, state: &state, output: &output)
                    moveCursor(row: row, column: column, frame: frame, state: &state, output: &output)
                    output += [0x1B, 0x5B, 0x4B]
                    erased = (column, same)
                    column = end
                    continue
                }
                let count = end - column
                if count > 3 + Self.decimalLength(count) + 3 + Self.decimalLength(count) {
                    setLook(look, state: &state, output: &output)
                    moveCursor(row: row, column: column, frame: frame, state: &state, output: &output)
                    output += [0x1B, 0x5B]
                    Self.appendDecimal(count, to: &output)
                    output.append(0x58)
                    column = end
                    continue
                }
            }
            if !showsSame(cell, in: state.look) { setLook(cell.look, state: &state, output: &output) }
            if cell.padded {
                // Spaces over every cell first, then the glyph over the first: right on a terminal that
                // draws it one column wide and on one that draws it two wide.
                moveCursor(row: row, column: column, frame: frame, state: &state, output: &output)
                output += Array(repeating: 0x20, count: width)
                state.row = -1
                moveCursor(row: row, column: column, frame: frame, state: &state, output: &output)
                GlyphCode.appendUTF8(cell.code, to: &output)
                state.row = -1
            } else {
                moveCursor(row: row, column: column, frame: frame, state: &state, output: &output)
                GlyphCode.appendUTF8(cell.code, to: &output)
                state.column = column + width
                // At the right edge the terminal's cursor waits to wrap: place it before writing again.
                if state.column >= columns { state.row = -1 }
            }
            column += width
        }
    }

    /// Whether erasing `row` from `start` to its end (EL) is right and saves bytes: every cell from
    /// there is a blank of class `blank` or will be written anyway, and more than a few such blanks
    /// need writing.
    private func eraseToEndPays(row: Int, from start: Int, blank same: Int, frame: Frame) -> Bool {
        let columns = frame.size.columns
        var saved = 0
        for column in start..<columns {
            let cell = frame[row, column]
            let isSame = cell.isBlank && blank(cell.look) == same
            if avoidBottomRight, row == frame.size.rows - 1, column == columns - 1, !isSame { return false }
            if !isSame && !dirty[column] { return false }
            if isSame && dirty[column] { saved += 1 }
        }
        return saved > 3
    }

    private func setLook(_ look: Int, state: inout WriteState, output: inout [UInt8]) {
        guard state.look != look else { return }
        output += looks[look]
        state.look = look
    }

    /// Places the cursor by the shortest of: nothing, rewriting the unchanged cells in between (same
    /// row, to the right, single-width cells that show the same in the current look), a relative move,
    /// absolute addressing.
    private func moveCursor(row: Int, column: Int, frame: Frame, state: inout WriteState, output: inout [UInt8]) {
        guard state.row != row || state.column != column else { return }
        var best: [UInt8] = []
        switch addressing {
        case .ansi:
            best = [0x1B, 0x5B]
            Self.appendDecimal(row + 1, to: &best)
            if column > 0 {
                best.append(0x3B)
                Self.appendDecimal(column + 1, to: &best)
            }
            best.append(0x48)
        case .terminfo(let cup):
            if let move = sf_terminfo_format(cup, row, column) { best = Capabilities.bytes(move) }
        }
        if relativeMoves, state.row >= 0 {
            func consider(_ final: UInt8, _ number: Int) {
                guard 3 + Self.decimalLength(number) < best.count else { return }
                var move: [UInt8] = [0x1B, 0x5B]
                if number != 1 { Self.appendDecimal(number, to: &move) }
                move.append(final)
                if move.count < best.count { best = move }
            }
            if state.row == row {
                if column > state.column { consider(0x43, column - state.column) } // CUF
                if column < state.column { consider(0x44, state.column - column) } // CUB
                consider(0x47, column + 1) // CHA
            } else if state.column == column {
                consider(0x64, row + 1) // VPA
            }
        }
        if state.row == row, column > state.column, column - state.column <= best.count, let look = state.look {
            var gap: [UInt8] = []
            for x in state.column..<column {
                let cell = frame[row, x]
                guard cell.width == 1, !cell.padded, !cell.isContinuation, showsSame(cell, in: look) else { gap = best; break }
                GlyphCode.appendUTF8(cell.code, to: &gap)
                if gap.count >= best.count { break }
            }
            if gap.count < best.count { best = gap }
        }
        output += best
        state.row = row
        state.column = column
    }

    static func decimalLength(_ value: Int) -> Int { value >= 10 ? 1 + decimalLength(value / 10) : 1 }

    static func appendDecimal(_ value: Int, to output: inout [UInt8]) {
        if value >= 10 { appendDecimal(value / 10, to: &output) }
        output.append(UInt8(0x30 + value % 10))
    }
}
