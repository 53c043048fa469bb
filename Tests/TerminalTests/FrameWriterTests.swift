import Foundation
@testable import StoreUI
@testable import Terminal
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@_silgen_name("wcwidth")
private func c_wcwidth(_ character: wchar_t) -> Int32

/// Looks for the tests: a few roles with colours and attributes, the rest plain.
private struct TestLooks {
    static let specs: [Role: LookSpec] = {
        var specs: [Role: LookSpec] = [:]
        var selected = LookSpec(); selected.bold = true; selected.foreground = 15; selected.background = 24
        var overlay = LookSpec(); overlay.background = 235
        var border = LookSpec(); border.foreground = 8
        var title = LookSpec(); title.bold = true
        var dim = LookSpec(); dim.dim = true
        var header = LookSpec(); header.reverse = true; header.underline = true; header.foreground = 3
        specs[.selected] = selected
        specs[.overlay] = overlay
        specs[.border] = border
        specs[.title] = title
        specs[.dim] = dim
        specs[.header] = header
        return specs
    }()

    let table: [[UInt8]]
    let index: [Role: Int]

    init() {
        var table: [[UInt8]] = [SGREncoder.ansi.bytes(.plain)]
        var index: [Role: Int] = [:]
        for role in Role.allCases {
            let bytes = SGREncoder.ansi.bytes(Self.specs[role] ?? .plain)
            if let existing = table.firstIndex(of: bytes) { index[role] = existing } else { index[role] = table.count; table.append(bytes) }
        }
        self.table = table
        self.index = index
    }

    /// The spec whose SGR bytes are `bytes`.
    static func spec(of bytes: [UInt8]) -> LookSpec {
        ([LookSpec.plain] + specs.values).first { SGREncoder.ansi.bytes($0) == bytes }!
    }

    /// The attributes a role's cells must end up with, from the spec (not from the SGR bytes).
    static func attributes(_ role: Role) -> VirtualTerminal.Attributes {
        let spec = specs[role] ?? .plain
        return VirtualTerminal.Attributes(bold: spec.bold, dim: spec.dim, underline: spec.underline, reverse: spec.reverse,
                                          foreground: spec.foreground, background: spec.background)
    }
}

/// A frame writer and a virtual terminal side by side.
private struct Rig {
    let looks = TestLooks()
    var writer: FrameWriter
    var terminal: VirtualTerminal
    var size: Size
    var lastBytes: [UInt8] = []

    /// `xterm`: the writer uses what xterm has (EL, ECH, relative moves, erase with the background
    /// colour); otherwise only CUP, SGR and text.
    init(size: Size, xterm: Bool = true) {
        self.size = size
        writer = FrameWriter(looks: looks.table, clearScreen: Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8))
        if xterm {
            let table = looks.table
            writer.useLooks(table.map { bytes in TestLooks.spec(of: bytes) }, encoder: .ansi, backgroundColorErase: true)
            precondition(writer.looks == table)
            writer.erase = true
            writer.relativeMoves = true
        }
        terminal = VirtualTerminal(columns: size.columns, rows: size.rows)
    }

    mutating func draw(_ grid: Grid) {
        let index = looks.index
        let frame = Frame(grid: grid, size: size, look: { index[$0] ?? 0 })
        lastBytes = []
        writer.write(frame, into: &lastBytes)
        terminal.apply(lastBytes)
    }

    /// The terminal changed size: it shows something unknown now.
    mutating func resize(_ newSize: Size) {
        size = newSize
        terminal = VirtualTerminal(columns: newSize.columns, rows: newSize.rows)
        writer.invalidate()
    }

    var lastBytesText: String { String(decoding: lastBytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "⎋") }
}

/// What the terminal must show for a grid, worked out independently of `Frame`: every cell with its
/// role's attributes; a wide character whole or, when its continuation is missing or cut off, a blank;
/// a stray continuation a blank; an emoji the terminal draws one column wide followed by a blank.
private func expectedCells(_ grid: Grid, size: Size) -> [VirtualTerminal.Cell] {
    var cells: [VirtualTerminal.Cell] = []
    let normal = TestLooks.attributes(.normal)
    for row in 0..<size.rows {
        var padNext: VirtualTerminal.Attributes?
        for column in 0..<size.columns {
            if let attributes = padNext {
                cells.append(.init(text: " ", attributes: attributes, kind: .narrow))
                padNext = nil
                continue
            }
            guard row < grid.size.rows, column < grid.size.columns else {
                cells.append(.init(text: " ", attributes: normal, kind: .narrow))
                continue
            }
            let cell = grid[row, column]
            let attributes = TestLooks.attributes(cell.role)
            guard let character = cell.character else {
                if let last = cells.last, last.kind == .lead, column > 0 {
                    cells.append(.init(text: "", attributes: last.attributes, kind: .continuation))
                } else {
                    cells.append(.init(text: " ", attributes: attributes, kind: .narrow))
                }
                continue
            }
            let width = TextWidth.of(character)
            let terminalWidth = character.unicodeScalars.reduce(0) { $0 + max(0, Int(c_wcwidth(wchar_t(bitPattern: $1.value)))) }
            if width == 2 {
                let whole = column + 1 < min(size.columns, grid.size.columns) && grid[row, column + 1].isContinuation
                if !whole {
                    cells.append(.init(text: " ", attributes: attributes, kind: .narrow))
                } else if terminalWidth == 2 {
                    cells.append(.init(text: String(character), attributes: attributes, kind: .lead))
                } else {
                    cells.append(.init(text: String(character), attributes: attributes, kind: .narrow))
                    padNext = attributes
                }
            } else {
                cells.append(.init(text: String(character), attributes: attributes, kind: .narrow))
            }
        }
    }
    return cells
}

/// The first difference between the terminal and the grid, or nil when it shows exactly the grid.
private func mismatch(_ terminal: VirtualTerminal, _ grid: Grid, size: Size) -> String? {
    let expected = expectedCells(grid, size: size)
    for row in 0..<size.rows {
        for column in 0..<size.columns {
            let want = expected[row * size.columns + column]
            let have = terminal[row, column]
            let same = want.kind == .continuation ? have.kind == .continuation : have.showsSame(as: want)
            if !same {
                return "row \(row) column \(column): terminal has \(have), grid wants \(want)\nterminal:\n\(terminal.text)\ngrid:\n\(grid.text)"
            }
        }
    }
    return nil
}


@Suite("Frame writer against a virtual xterm")
struct FrameWriterTests {
    static let words = ["トレイルブースト", "数量", "単価 ¥160", "ファミリー共有", "Trail Boost", "é", "ab", "│", "─┐", "日本",
                        "x", "❤️", "👍", "ｱｲ", "  ", "Pro 6か月", "a日b本c"]
    static let roles: [Role] = [.normal, .selected, .overlay, .border, .title, .dim, .header]

    private func randomGrid(_ base: Grid, _ random: inout SeededGenerator) -> Grid {
        var grid = base
        let size = grid.size
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            let row = Int.random(in: 0..<size.rows, using: &random)
            let column = Int.random(in: -1..<size.columns, using: &random)
            let role = Self.roles.randomElement(using: &random)!
            switch Int.random(in: 0..<10, using: &random) {
            case 0...3:
                grid.put(Self.words.randomElement(using: &random)!, row: row, column: column, role: role)
            case 4, 5:
                // An overlay box at any column, odd or even: a filled rectangle, a border, a title.
                let width = Int.random(in: 3...max(3, size.columns / 2), using: &random)
                let height = Int.random(in: 2...max(2, size.rows / 2), using: &random)
                grid.fill(row: row, column: column, width: width, height: height, role: .overlay)
                grid.put("┌" + String(repeating: "─", count: max(0, width - 2)) + "┐", row: row, column: column, role: .border)
                grid.put(Self.words.randomElement(using: &random)!, row: row + 1, column: column + 1, role: .overlay, width: width - 2)
            case 6:
                grid.restyle(row: row, column: 0, width: size.columns, role: role)
            case 7:
                // Half of a wide character restyled or blanked, as careless drawing code could leave it.
                grid[row, max(0, column)] = Cell(character: nil, role: role)
            default:
                grid.fill(row: row, column: column, width: Int.random(in: 1...4, using: &random), height: 1, role: role)
            }
        }
        return grid
    }

    @Test("random frames with wide text and overlays opening and closing: the terminal shows exactly the last grid", arguments: 0..<40, [true, false])
    func randomFrames(seed: Int, xterm: Bool) {
        var random = SeededGenerator(seed: UInt64(seed) &* 7919)
        var size = Size(columns: Int.random(in: 8...34, using: &random), rows: Int.random(in: 2...9, using: &random))
        var rig = Rig(size: size, xterm: xterm)
        var base = randomGrid(Grid(size: size), &random)
        for step in 0..<60 {
            let choice = Int.random(in: 0..<20, using: &random)
            if choice == 0 {
                size = Size(columns: Int.random(in: 8...34, using: &random), rows: Int.random(in: 2...9, using: &random))
                rig.resize(size)
                base = randomGrid(Grid(size: size), &random)
            } else if choice == 1 {
                rig.writer.invalidate() // Ctrl-L
            }
            // Overlays open over the base and close again; the base itself changes too.
            let grid = choice < 8 ? randomGrid(base, &random) : base
            if choice >= 14 { base = randomGrid(base, &random) }
            rig.draw(grid)
            #expect(rig.terminal.violations.isEmpty, "seed \(seed) step \(step): \(rig.terminal.violations) after \(rig.lastBytesText)")
            if let problem = mismatch(rig.terminal, grid, size: size) {
                Issue.record("seed \(seed) step \(step): \(problem)\nbytes: \(rig.lastBytesText)")
                return
            }
        }
    }

    /// Issue 8's case: Japanese store rows, the help box opened over them at an odd column, closed.
    @Test("help over Japanese text at odd and even columns, then closed: the screen is the store again", arguments: [25, 26])
    func helpOverWideText(column: Int) {
        let size = Size(columns: 80, rows: 12)
        var store = Grid(size: size)
        store.put(" トレイルヘッド · ストア", row: 0, column: 0, role: .header)
        store.put(" 消耗型 — 何度でも購入可能", row: 2, column: 0, role: .title)
        store.put(" ▸ トレイルブースト    数量 ‹ 1 ›", row: 3, column: 0, role: .normal)
        store.restyle(row: 3, column: 0, width: 80, role: .selected)
        for row in 4..<11 { store.put("   アルプス地図パック  ファミリー共有", row: row, column: 0, role: .dim) }
        var help = store
        help.fill(row: 2, column: column, width: 27, height: 8, role: .overlay)
        help.put("┌─── キー一覧 — ストア ───┐", row: 2, column: column, role: .border)
        for row in 3..<9 { help.put("│ ↑/k     上へ            │", row: row, column: column, role: .overlay) }
        help.put("└─────────────────────────┘", row: 9, column: column, role: .border)

        var rig = Rig(size: size)
        rig.draw(store)
        rig.draw(help)
        #expect(mismatch(rig.terminal, help, size: size) == nil)
        rig.draw(store)
        #expect(rig.terminal.violations.isEmpty, "\(rig.terminal.violations)")
        #expect(mismatch(rig.terminal, store, size: size) == nil, "\(mismatch(rig.terminal, store, size: size) ?? "")")

        var fresh = Rig(size: size)
        fresh.draw(store)
        #expect(zip(rig.terminal.cells, fresh.terminal.cells).allSatisfy { $0.showsSame(as: $1) },
                "closing the help leaves what a fresh start shows")
    }

    @Test("moving the selection one row at 80x24 writes two rows, a few hundred bytes; an unchanged frame writes nothing")
    func selectionMoveIsSmall() {
        let size = Size(columns: 80, rows: 24)
        var grid = Grid(size: size)
        for row in 0..<24 { grid.put("   ファミリー月額      1週間無料 · ファミリー共有                     ¥1,500/月", row: row, column: 0, role: .normal) }
        var first = grid
        first.restyle(row: 5, column: 0, width: 80, role: .selected)
        var second = grid
        second.restyle(row: 6, column: 0, width: 80, role: .selected)
        var rig = Rig(size: size)
        rig.draw(first)
        let full = rig.lastBytes.count
        rig.draw(second)
        #expect(mismatch(rig.terminal, second, size: size) == nil)
        #expect(rig.lastBytes.count <= 400, "\(rig.lastBytes.count) bytes: \(rig.lastBytesText)")
        #expect(!rig.lastBytesText.contains("⎋[2J"), "no clear for a small change")
        #expect(full > 1000, "the first frame paints everything")
        rig.draw(second)
        #expect(rig.lastBytes.isEmpty)
    }

    @Test("after invalidate (Ctrl-L) the next frame clears and repaints everything, whatever else wrote to the terminal")
    func invalidateRepaintsAll() {
        let size = Size(columns: 20, rows: 4)
        var grid = Grid(size: size)
        grid.put("日本語のテキスト", row: 1, column: 1, role: .title)
        var rig = Rig(size: size)
        rig.draw(grid)
        rig.terminal.apply(Array("\u{1B}[2;3Hgarbage\u{1B}[4;1Hmore".utf8)) // something else wrote
        rig.draw(grid)
        #expect(rig.lastBytes.isEmpty, "the writer cannot know")
        rig.writer.invalidate()
        rig.draw(grid)
        #expect(rig.lastBytesText.hasPrefix("⎋[0m⎋[H⎋[2J"))
        #expect(mismatch(rig.terminal, grid, size: size) == nil)
    }

    @Test("nothing a terminal could take as a control is written, and the bottom-right cell can be left alone")
    func controlsAndBottomRight() {
        let size = Size(columns: 6, rows: 2)
        var grid = Grid(size: size)
        grid[0, 0] = Cell(character: "\u{9B}", role: .normal) // a C1 control (CSI) in a cell
        grid[0, 1] = Cell(character: "\u{1B}", role: .normal)
        grid.put("abcdef", row: 1, column: 0, role: .normal)
        var rig = Rig(size: size)
        rig.writer.avoidBottomRight = true
        rig.draw(grid)
        #expect(!rig.lastBytes.contains(0x9B) && rig.lastBytes.filter { $0 == 0x1B }.count == rig.lastBytesText.filter { $0 == "⎋" }.count)
        #expect(rig.terminal.violations.isEmpty, "\(rig.terminal.violations)")
        #expect(rig.terminal[0, 0].text == "?")
        #expect(rig.terminal[1, 5].text == " ", "the bottom-right cell was not written")
        #expect(rig.terminal[1, 4].text == "e")
    }

    @Test("glyphs: controls dropped, too-wide clusters cut, emoji with U+FE0F padded")
    func glyphs() {
        #expect(Frame.glyph("日", width: 2) == ("日", false))
        #expect(Frame.glyph("❤️", width: 2) == ("❤️", true))
        #expect(Frame.glyph("e\u{301}", width: 1) == ("e\u{301}", false))
        #expect(Frame.glyph("\u{9B}", width: 1) == ("?", false))
        #expect(Frame.glyph("👨‍👩‍👧", width: 2).0 == "👨\u{200D}")
    }
}
