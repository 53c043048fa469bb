import Foundation
@testable import StoreUI
@testable import Terminal
import Testing
import TestSupport

/// A frame built from the last one (`Frame.converting(previous:)`, issue 33) is exactly the frame built
/// afresh, and only the rows that changed are worked out again.
@Suite("frames from the last frame")
struct FrameReuseTests {
    static let looks: [Role: Int] = Dictionary(uniqueKeysWithValues: Role.allCases.enumerated().map { ($1, $0 % 5) })
    static func look(_ role: Role) -> Int { looks[role] ?? 0 }

    @Test("a screen cell is plain data: the writer copies and compares frames without reference counting")
    func screenCellsArePlainData() {
        #expect(_isPOD(ScreenCell.self))
        #expect(MemoryLayout<ScreenCell>.stride == 8)
        // The writer compares rows as bytes, which holds only for a cell without padding.
        #expect(MemoryLayout<ScreenCell>.size == MemoryLayout<ScreenCell>.stride)
        // Its glyph is still the text written: a cluster cut to its width, an emoji padded.
        var grid = Grid(size: Size(columns: 6, rows: 1))
        grid.put("❤️日", row: 0, column: 0, role: .normal)
        let frame = Frame(grid: grid, size: grid.size, look: Self.look)
        #expect(frame[0, 0].glyph == "❤️" && frame[0, 0].padded)
        #expect(frame[0, 2].glyph == "日" && frame[0, 3].isContinuation)
    }

    @Test("a frame built from the last one equals the frame built afresh, through 500 random edits with wide characters, cuts and fills")
    func sameAsAfresh() {
        var random = SeededGenerator(seed: 20261126)
        let texts = ["Trail Boost", "トレイルブースト", "─────", "✓ Owned", "👍🏽 ok", "€4,99", "e\u{301}", "年額プラン", " ", "│", "·"]
        let size = Size(columns: 40, rows: 12)
        var grid = Grid(size: size)
        var previous: (grid: Grid, frame: Frame)?
        for step in 0..<500 {
            let role = Role.allCases.randomElement(using: &random)!
            let row = Int.random(in: 0..<size.rows, using: &random), column = Int.random(in: -2..<size.columns, using: &random)
            switch step % 3 {
            case 0, 1: grid.put(texts.randomElement(using: &random)!, row: row, column: column, role: role)
            default: grid.fill(row: row, column: column, width: Int.random(in: 1...8, using: &random), height: 2, role: role)
            }
            let fresh = Frame(grid: grid, size: size, look: Self.look)
            let reused = Frame.converting(grid, size: size, look: Self.look, previous: previous)
            #expect(reused.frame == fresh, "step \(step)")
            previous = (grid, reused.frame)
        }
    }

    @Test("only rows whose cells changed are worked out again: a selection moved onto a row, one; an unchanged grid, none; another size or no last frame, all")
    func onlyChangedRows() {
        let size = Size(columns: 80, rows: 24)
        var grid = Grid(size: size)
        for row in 0..<24 { grid.put("Product \(row)  トレイル  $4.99", row: row, column: 2, role: .normal) }
        let first = Frame.converting(grid, size: size, look: Self.look, previous: nil)
        #expect(first.converted == 24)
        let same = Frame.converting(grid, size: size, look: Self.look, previous: (grid, first.frame))
        #expect(same.converted == 0)
        #expect(same.frame == first.frame)
        var moved = grid
        moved.restyle(row: 5, column: 0, width: 80, role: .normal)
        moved.restyle(row: 6, column: 0, width: 80, role: .selected)
        let key = Frame.converting(moved, size: size, look: Self.look, previous: (grid, first.frame))
        #expect(key.converted == 1, "row 5 was already normal; row 6 changed")
        #expect(key.frame == Frame(grid: moved, size: size, look: Self.look))
        let resized = Frame.converting(moved, size: Size(columns: 60, rows: 20), look: Self.look, previous: (grid, first.frame))
        #expect(resized.converted == 20)
        #expect(resized.frame == Frame(grid: moved, size: Size(columns: 60, rows: 20), look: Self.look))
    }
}
