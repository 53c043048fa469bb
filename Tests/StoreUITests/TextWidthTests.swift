import Testing
@testable import StoreUI

/// Text is measured in terminal cells: wide CJK characters take two.
@Suite("Text width")
struct TextWidthTests {
    @Test("ASCII is one cell, CJK two, combining marks none")
    func widths() {
        #expect(TextWidth.of("Trail Boost") == 11)
        #expect(TextWidth.of("パワーサージ") == 12)
        #expect(TextWidth.of("¥600") == 4)
        #expect(TextWidth.of("e\u{301}") == 1)
    }

    @Test("truncation never splits a wide character")
    func truncate() {
        #expect(TextWidth.truncate("パワーサージ", to: 6) == "パワ…")
        #expect(TextWidth.of(TextWidth.truncate("パワーサージ", to: 6)) <= 6)
        #expect(TextWidth.truncate("short", to: 10) == "short")
    }

    @Test("wrapping breaks at spaces, and between CJK characters")
    func wrap() {
        #expect(TextWidth.wrap("one two three", width: 7) == ["one two", "three"])
        #expect(TextWidth.wrap("スクリーンタイム", width: 6) == ["スクリ", "ーンタ", "イム"])
    }

    @Test("a wide character that does not fit at the edge is left out, not split")
    func gridEdge() {
        var grid = Grid(size: Size(columns: 5, rows: 1))
        grid.put("abcパ", row: 0, column: 0, role: .normal)
        #expect(grid.text == "abcパ")
        var tight = Grid(size: Size(columns: 4, rows: 1))
        tight.put("abcパ", row: 0, column: 0, role: .normal)
        #expect(tight.text == "abc")
    }
}
