import Synchronization

/// A character or glyph text as a number a cell can hold: the value of its one Unicode scalar, or for
/// a text of several scalars (an emoji sequence, a letter with a combining mark) its place in a table
/// kept for the life of the process, above the last scalar.
///
/// Why (issue 33): a screen is 1,920 cells at 80x24, built afresh on every key and compared with the
/// last one row by row. With a `Character` (a String) in each cell, every copy, comparison and
/// overwrite of a cell retained and released it: about a quarter of the instructions of a key in the
/// store. A number is copied and compared as a number.
public enum GlyphCode {
    /// The right half of a wide character: no text of its own.
    public static let continuation: UInt32 = .max
    /// The first number given to a text of several scalars.
    static let firstCluster: UInt32 = 0x11_0000
    /// A process sees a few dozen such texts (the catalog's emoji, the screens' own); should untrusted
    /// text bring more than this many different ones, the rest are drawn as U+FFFD.
    static let clusterLimit = 1 << 16

    private static let clusters = Mutex<(texts: [String], codes: [String: UInt32])>(([], [:]))

    /// A character's number.
    public static func code(for character: Character) -> UInt32 { code(character.unicodeScalars) { String(character) } }

    /// A text's number: its scalar's value when it has exactly one.
    public static func code(for text: String) -> UInt32 { code(text.unicodeScalars) { text } }

    private static func code(_ scalars: String.UnicodeScalarView, _ text: () -> String) -> UInt32 {
        var iterator = scalars.makeIterator()
        if let first = iterator.next(), iterator.next() == nil { return first.value }
        return cluster(text())
    }

    static func cluster(_ text: String) -> UInt32 {
        clusters.withLock { table in
            if let code = table.codes[text] { return code }
            guard table.texts.count < clusterLimit else { return 0xFFFD }
            let code = firstCluster + UInt32(table.texts.count)
            table.texts.append(text)
            table.codes[text] = code
            return code
        }
    }

    /// The text a number stands for ("" for `continuation`).
    public static func text(_ code: UInt32) -> String {
        if code < firstCluster { return Unicode.Scalar(code).map { String($0) } ?? "\u{FFFD}" }
        guard code != continuation else { return "" }
        return clusters.withLock { table in
            let index = Int(code - firstCluster)
            return index < table.texts.count ? table.texts[index] : "\u{FFFD}"
        }
    }

    /// The character a number stands for; nil for `continuation`.
    public static func character(_ code: UInt32) -> Character? {
        if code < firstCluster { return Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}" }
        guard code != continuation else { return nil }
        // Numbers are only given to texts of one cluster through `code(for: Character)`; a glyph text
        // (`code(for: String)`) is never read back as a character, but a stand-in beats a trap.
        let text = text(code)
        return text.count == 1 ? Character(text) : "\u{FFFD}"
    }

    /// Appends the UTF-8 bytes of a number's text.
    public static func appendUTF8(_ code: UInt32, to output: inout [UInt8]) {
        if code < 0x80 { output.append(UInt8(code)); return }
        if code < firstCluster, let scalar = Unicode.Scalar(code) {
            Unicode.UTF8.encode(scalar) { output.append($0) }
            return
        }
        output += text(code).utf8
    }
}
