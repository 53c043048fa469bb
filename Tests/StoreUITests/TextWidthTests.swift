import Foundation
import StoreModel
@testable import StoreUI
import Testing
import TextSafety

/// Text is measured in terminal cells: wide CJK characters take two.
@Suite("Text width")
struct TextWidthTests {
    @Test("a cluster of one scalar is drawn and measured by the fast path exactly as by the general rule, for every scalar of planes 0, 1 and 14")
    func scalarFastPathAgrees() {
        var checked = 0, disagreements: [String] = []
        for value in Array(0..<0x2_0000) + Array(0xE_0000..<0xE_0200) {
            guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
            let character = Character(scalar)
            let fast = TextWidth.scalarGlyph(character, scalar), general = TextWidth.clusterGlyph(character)
            if fast.glyph != general.glyph || fast.width != general.width {
                disagreements.append(String(format: "U+%04X", value))
            }
            checked += 1
        }
        #expect(checked > 120_000)
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
    }

    @Test("ASCII is one cell, CJK two, combining marks none")
    func widths() {
        #expect(TextWidth.of("Trail Boost") == 11)
        #expect(TextWidth.of("パワーサージ") == 12)
        #expect(TextWidth.of("¥600") == 4)
        #expect(TextWidth.of("e\u{301}") == 1)
    }

    @Test("widths never depend on the process's locale: with LC_CTYPE set to C (as Foundation or a test may), CJK is still two cells")
    func widthsIgnoreTheProcessLocale() {
        let previous = String(cString: setlocale(LC_CTYPE, nil))
        _ = setlocale(LC_CTYPE, "C")
        defer { _ = setlocale(LC_CTYPE, previous) }
        #expect(TextWidth.scalarWidth("日") == 2)
        #expect(TextWidth.scalarWidth("\u{301}") == 0)
        #expect(TextWidth.of("パワーサージ") == 12)
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
        #expect(TextWidth.wrap("スクリーンタイム", width: 6) == ["スク", "リーン", "タイム"], "ー never starts a line")
    }

    @Test("Japanese wraps by character but keeps Latin words, numbers and prices whole, and no line starts with 。")
    func wrapJapaneseKeepsTokens() {
        let lines = TextWidth.wrap("端末が小さすぎます。storefrontには40×12以上が必要です。", width: 14)
        #expect(lines.allSatisfy { !$0.hasPrefix("。") && !$0.hasPrefix("、") }, "\(lines)")
        #expect(lines.contains { $0.contains("storefront") }, "\(lines)")
        for width in 12...40 {
            let wrapped = TextWidth.wrap("端末が小さすぎます（30×10）。", width: width)
            #expect(wrapped.allSatisfy { !$0.hasPrefix("）") && !$0.hasPrefix("。") && !$0.hasSuffix("（") }, "\(width): \(wrapped)")
        }
        for price in ["¥12,000", "¥1,500/月"] {
            for width in 8...20 {
                let wrapped = TextWidth.wrap("ファミリー年額は\(price)です", width: width)
                #expect(wrapped.contains { $0.contains(price.split(separator: "/")[0]) }, "\(width): \(wrapped)")
            }
        }
    }

    @Test("Chinese wraps by character, but no line starts with ， or ” nor ends with “, and a short quoted name stays whole")
    func wrapChineseKeepsPunctuation() {
        let text = "除非取消，否则将自动续订。你可以随时在“账户”中取消，但须至少在续订前一天取消。"
        for width in 6...40 {
            let wrapped = TextWidth.wrap(text, width: width)
            #expect(wrapped.joined() == text, "\(width): \(wrapped)")
            #expect(wrapped.allSatisfy { !$0.hasPrefix("，") && !$0.hasPrefix("。") && !$0.hasPrefix("”") && !$0.hasSuffix("“") },
                    "\(width): \(wrapped)")
            #expect(wrapped.contains { $0.contains("“账户”") }, "\(width): \(wrapped)")
        }
        #expect(TextWidth.wrap("Dein Abo „Pro“ endet.", width: 12) == ["Dein Abo", "„Pro“ endet."], "German quotes are untouched")
    }

    @Test("a no-break space keeps a number with its CJK unit: \"1 个月\" never parts at a line break")
    func wrapKeepsNumberWithUnit() {
        let text = "免费试用 1\u{00A0}个月，之后 US$4.99/月。"
        for width in 8...30 {
            let wrapped = TextWidth.wrap(text, width: width)
            #expect(wrapped.contains { $0.contains("1\u{00A0}个月") }, "\(width): \(wrapped)")
            #expect(wrapped.allSatisfy { !$0.hasPrefix("，") }, "\(width): \(wrapped)")
        }
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

/// Grapheme clusters are drawn whole or replaced visibly, with a width that terminals agree on.
@Suite("Grapheme clusters")
struct GraphemeTests {
    /// Draws one cluster followed by a letter and returns the cells.
    func cells(_ text: String) -> [Cell] {
        var grid = Grid(size: Size(columns: 10, rows: 1))
        grid.put(text + "b", row: 0, column: 0, role: .normal)
        return grid.cells
    }

    @Test("TextWidth and Grid.put agree on every cluster: the cells used are the width measured",
          arguments: ["👨‍👩‍👧", "👍🏽", "🇯🇵", "e\u{301}", "\u{1100}\u{1161}\u{11A8}", "한", "❤️", "1️⃣", "パ", "\u{301}",
                      "\u{1161}", "\u{1F1EF}", "\u{200B}", "\u{1B}", "\u{9B}", "\u{202E}", "\r\n", "\u{FFFD}", "🏳️‍🌈"])
    func widthsAgree(_ text: String) throws {
        let character = try #require(text.first)
        #expect(text.count == 1)
        let width = TextWidth.of(character)
        let row = cells(text)
        // The cluster's cells, then "b": b lands right after the width measured.
        #expect(row[width].character == "b", "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        if width == 2 { #expect(row[1].isContinuation) }
        for (index, cell) in row.enumerated() {
            guard let drawn = cell.character else { continue }
            let span = index + 1 < row.count && row[index + 1].isContinuation ? 2 : 1
            #expect(TextWidth.of(drawn) == span, "a cell's character is as wide as the cells it covers")
            #expect(!drawn.unicodeScalars.contains(where: UntrustedText.isForbidden))
        }
    }

    @Test("skin tones, flags, combining marks and Hangul jamo are drawn whole")
    func drawnWhole() {
        for (text, width) in [("👍🏽", 2), ("🇯🇵", 2), ("e\u{301}", 1), ("\u{1100}\u{1161}\u{11A8}", 2), ("한", 2), ("❤️", 2)] {
            let character = text.first!
            #expect(TextWidth.of(character) == width, "\(text)")
            #expect(cells(text)[0].character == character, "\(text) is drawn as it is")
        }
    }

    @Test("clusters terminals disagree on are replaced visibly, never silently shortened")
    func replacedVisibly() {
        // Several emoji joined by ZWJ: most terminals draw each emoji, so a visible two-cell stand-in.
        for family in ["👨‍👩‍👧", "🏳️‍🌈", "👩🏽‍💻"] {
            #expect(TextWidth.of(family.first!) == 2)
            #expect(cells(family)[0].character == "？", "\(family)")
        }
        // A mark with nothing to sit on, a lone vowel jamo, a lone regional indicator: one "�".
        for orphan in ["\u{301}", "\u{1161}", "\u{1F1EF}"] {
            #expect(TextWidth.of(orphan.first!) == 1)
            #expect(cells(orphan)[0].character == "\u{FFFD}", "\(orphan.unicodeScalars.first!.value)")
        }
        #expect(TextWidth.of("a\u{301}bc") == 3, "a combining mark adds no cell")
    }

    @Test("truncation and padding measure clusters the way the grid draws them")
    func truncateClusters() {
        let name = "Family 👨‍👩‍👧 Pack 🇯🇵"
        #expect(TextWidth.of(name) == 17)
        var grid = Grid(size: Size(columns: 30, rows: 1))
        #expect(grid.put(TextWidth.pad(name, to: 20), row: 0, column: 0, role: .normal) == 20)
        #expect(TextWidth.truncate(name, to: 10) == "Family 👨‍👩‍👧…")
        #expect(TextWidth.truncate(name, to: 9) == "Family …", "a cluster is never split")
    }
}
