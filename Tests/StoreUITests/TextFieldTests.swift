import StoreModel
@testable import StoreUI
import Testing
import TextSafety

/// The text field behind Submit Feedback and the offer-code sheet: typing, paste and control keys never
/// break it, wide characters are whole cells, and it never holds more than its limit.
@Suite("Text field")
struct TextFieldTests {
    private func typed(_ text: String, limit: Int = 100, multiline: Bool = false) -> TextField {
        var field = TextField(limit: limit, multiline: multiline)
        for character in text { #expect(press(&field, .character(character))) }
        return field
    }

    /// Gives the keys to the field; true when it took every one.
    private func press(_ field: inout TextField, _ keys: Key..., width: Int = .max) -> Bool {
        var tookAll = true
        for key in keys where !field.handle(key, width: width) { tookAll = false }
        return tookAll
    }

    private func drawn(_ field: TextField, width: Int, height: Int = 1) -> (text: String, cursorColumns: [Int], cursorRow: Int?) {
        var grid = Grid(size: Size(columns: width, rows: height))
        field.draw(into: &grid, row: 0, column: 0, width: width, height: height, role: .normal, cursorRole: .selected, placeholder: "Enter Code")
        var columns: [Int] = [], cursorRow: Int?
        for row in 0..<height {
            for column in 0..<width where grid[row, column].role == .selected {
                columns.append(column)
                cursorRow = row
            }
        }
        return (grid.text, columns, cursorRow)
    }

    @Test("typing inserts at the cursor; Backspace, Delete and the arrows edit where the cursor is")
    func editing() {
        var field = typed("SPRNG")
        #expect(press(&field, .left, .left))
        #expect(press(&field, .character("I")))
        #expect(field.text == "SPRING")
        #expect(press(&field, .home) && press(&field, .delete))
        #expect(field.text == "PRING")
        #expect(press(&field, .end) && press(&field, .backspace))
        #expect(field.text == "PRIN")
        #expect(field.cursor == 4)
    }

    @Test("Backspace in an empty field is still the field's, so it never leaves the screen")
    func backspaceWhenEmpty() {
        var field = TextField(limit: 10)
        #expect(press(&field, .backspace))
        #expect(press(&field, .left))
        #expect(field.isEmpty)
    }

    @Test("`q` and `?` typed into a field are text, not quit or help")
    func lettersAreText() {
        let field = typed("q?")
        #expect(field.text == "q?")
    }

    @Test("Esc, Tab, function keys and Ctrl-C are not the field's; Enter is only a multi-line field's")
    func keysLeftToTheScreen() {
        var line = TextField(limit: 10)
        var lines = TextField(limit: 10, multiline: true)
        for key in [Key.escape, .tab, .backTab, .function(1), .control("c"), .pageDown] {
            #expect(!press(&line, key))
            #expect(!press(&lines, key))
        }
        #expect(!press(&line, .enter))
        #expect(!press(&line, .up))
        #expect(press(&lines, .enter))
        #expect(lines.text == "\n")
    }

    @Test("control characters never get in: a paste's escape sequences and bidi overrides are dropped, tabs become spaces")
    func pasteIsCleaned() {
        var field = TextField(limit: 100)
        #expect(press(&field, .paste("ab\u{1B}[31mc\td\u{7}\u{202E}e\u{0}")))
        #expect(field.text == "ab[31mc de")
        #expect(field.text.unicodeScalars.allSatisfy { !UntrustedText.isForbidden($0) })
    }

    @Test("line breaks in a paste: kept (one each, CR LF too) when multi-line, dropped when one line")
    func pastedLineBreaks() {
        var one = TextField(limit: 100)
        #expect(press(&one, .paste("SPRING\r\n2026\n")))
        #expect(one.text == "SPRING2026")
        var many = TextField(limit: 100, multiline: true)
        #expect(press(&many, .paste("a\r\nb\rc\nd")))
        #expect(many.text == "a\nb\nc\nd")
    }

    @Test("the field never holds more than its limit, typed or pasted, wide characters included")
    func limit() {
        var field = typed("ABCDEFGH", limit: 5)
        #expect(field.text == "ABCDE")
        field = TextField(limit: 5)
        #expect(press(&field, .paste("ありがとうございます")))
        #expect(field.text == "ありがとう")
        #expect(press(&field, .home) && press(&field, .paste("x")))
        #expect(field.text == "ありがとう", "a full field takes nothing more, anywhere")
        #expect(press(&field, .backspace) == true)
    }

    @Test("a combining mark typed after its letter joins it, and the cursor stays after both")
    func combiningMark() {
        var field = typed("cafe")
        #expect(press(&field, .character("\u{301}")))
        #expect(field.text == "café")
        #expect(field.count == 4)
        #expect(field.cursor == 4)
        #expect(press(&field, .backspace))
        #expect(field.text == "caf")
    }

    @Test("Ctrl-W deletes the word before the cursor, Ctrl-U to the start of the line, Ctrl-K to its end")
    func controlKeys() {
        var field = typed("one two  ", multiline: true)
        #expect(press(&field, .control("w")))
        #expect(field.text == "one ")
        #expect(press(&field, .enter))
        #expect(press(&field, .paste("three four")))
        #expect(press(&field, .control("u")))
        #expect(field.text == "one \n")
        #expect(press(&field, .paste("five")) && press(&field, .home) && press(&field, .control("k")))
        #expect(field.text == "one \n")
    }

    @Test("empty, the placeholder shows under the cursor")
    func placeholder() {
        let shown = drawn(TextField(limit: 10), width: 20)
        #expect(shown.text == "Enter Code")
        #expect(shown.cursorColumns == [0])
    }

    @Test("one line scrolls sideways to keep the cursor in view, and shows from the start once the cursor is back")
    func scrollsSideways() {
        var field = typed("ABCDEFGHIJKLMNOP")
        var shown = drawn(field, width: 8)
        #expect(shown.text == "JKLMNOP")
        #expect(shown.cursorColumns == [7])
        for _ in 0..<16 { _ = press(&field, .left) }
        shown = drawn(field, width: 8)
        #expect(shown.text == "ABCDEFGH")
        #expect(shown.cursorColumns == [0])
    }

    @Test("a wide character is never split: the cursor on one covers both of its cells")
    func wideCursor() {
        var field = typed("コード")
        _ = press(&field, .left)
        let shown = drawn(field, width: 10)
        #expect(shown.text == "コード")
        #expect(shown.cursorColumns == [4, 5])
        // Scrolled: the window holds whole characters only.
        let long = typed("コードコードコード")
        let narrow = drawn(long, width: 7)
        #expect(narrow.text == "コード")
        #expect(TextWidth.of(narrow.text) <= 6)
        #expect(narrow.cursorColumns == [6])
    }

    @Test("multi-line text wraps at spaces by cells, wide text by character, and the box follows the cursor down")
    func wraps() {
        let field = typed("感想：とても良いアプリです。ありがとう", multiline: true)
        let shown = drawn(field, width: 11, height: 2)
        let rows = shown.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.allSatisfy { TextWidth.of(String($0)) <= 10 })
        #expect(shown.cursorRow == 1, "the cursor at the end is on the last row shown")
        let words = typed("one two three four", multiline: true)
        #expect(TextField.lines(Array("one two three four"), width: 9).map { String(Array("one two three four")[$0]) }
            == ["one two ", "three ", "four"])
        #expect(drawn(words, width: 9, height: 3).text == "one two\nthree\nfour")
    }

    @Test("↑ and ↓ move between the lines shown, at the same cell column")
    func upDown() {
        var field = typed("abcdef\nxy\n12345", multiline: true)
        #expect(press(&field, .up, width: 20))
        #expect(field.cursor == 9, "from the end of 12345 up to the end of the shorter xy")
        #expect(press(&field, .up, width: 20))
        #expect(field.cursor == 2)
        #expect(press(&field, .up, width: 20))
        #expect(field.cursor == 0, "↑ on the first line goes to its start")
        #expect(press(&field, .down, width: 20) && press(&field, .down, width: 20) && press(&field, .down, width: 20))
        #expect(field.cursor == field.count)
    }
}
