import Foundation
import StoreModel
import TextSafety
#if canImport(Glibc)
import Glibc
#endif

/// The C library's wcwidth. Glibc's module map hides it behind _XOPEN_SOURCE, so it is declared here
/// by its C name instead of pulling ncurses headers into a module that must not know ncurses.
@_silgen_name("wcwidth")
private func c_wcwidth(_ character: wchar_t) -> Int32

/// Text measured in terminal cells: wide CJK characters take two, combining marks none. Uses the C
/// library's `wcwidth`, which needs a UTF-8 character type; the first measurement makes sure of one.
public enum TextWidth {
    private static let ready: Bool = {
        let current = String(cString: setlocale(LC_CTYPE, nil))
        if !current.uppercased().contains("UTF-8") && !current.uppercased().contains("UTF8") {
            if setlocale(LC_CTYPE, "C.UTF-8") == nil { _ = setlocale(LC_CTYPE, "en_US.UTF-8") }
        }
        return true
    }()

    /// The width of one grapheme cluster as it is drawn: `glyph(for:)` and this always agree.
    public static func of(_ character: Character) -> Int { glyph(for: character).width }

    /// What a grapheme cluster is drawn as, and in how many cells. Most clusters are drawn as they are;
    /// where terminals disagree on a cluster's width, or it would act on the terminal, it is replaced by
    /// a visible stand-in of the same width instead of being cut or drawn misaligned:
    /// - a forbidden scalar (control, bidi override; see `UntrustedText`) → "�", one cell;
    /// - several emoji joined by ZWJ (👨‍👩‍👧): most terminals draw each emoji, so → "？", two cells;
    /// - a lone regional indicator, or a combining mark or jamo with no base → "�", one cell.
    /// Flags (🇯🇵) and emoji with a skin tone (👍🏽) are two cells, a base with combining marks (é) or
    /// Hangul jamo (ᄀ + ᅡ) the width of the base. Invisible format characters (zero-width space)
    /// take no cell and are not drawn.
    public static func glyph(for character: Character) -> (glyph: Character, width: Int) {
        // Most clusters are one scalar ("·", "…", "─", a kana): read it by the iterator and decide by
        // `scalarGlyph`, without the scalar view's counting and index checks (issue 33: a frame draws
        // hundreds of them).
        var iterator = character.unicodeScalars.makeIterator()
        guard let first = iterator.next() else { return (character, 0) }
        if iterator.next() == nil { return scalarGlyph(character, first) }
        return clusterGlyph(character)
    }

    /// `clusterGlyph`'s rule for a cluster of one scalar: no joiner, one regional indicator at most, and
    /// an emoji alone counts as one pictograph, which changes nothing. A test holds the two to the same
    /// answer for every scalar.
    static func scalarGlyph(_ character: Character, _ scalar: Unicode.Scalar) -> (glyph: Character, width: Int) {
        let value = scalar.value
        if value >= 0x20, value < 0x7F { return (character, 1) } // ASCII
        _ = ready
        if value == 0xA0 { return (" ", 1) }
        if UntrustedText.isForbidden(scalar) { return (replacement, 1) }
        if (0x1F1E6...0x1F1FF).contains(value) { return (replacement, 1) } // a lone regional indicator
        let width = value == 0xFE0F ? 2 : scalarWidth(scalar)
        let category = scalar.properties.generalCategory
        if category == .format || category == .control { return (character, 0) }
        if category == .nonspacingMark || category == .enclosingMark || category == .spacingMark
            || (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) {
            return (replacement, 1)
        }
        return (character, min(max(width, 1), maxCellsPerCluster))
    }

    /// `glyph(for:)` by the general rule, for any cluster.
    static func clusterGlyph(_ character: Character) -> (glyph: Character, width: Int) {
        _ = ready
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return (character, 0) }
        if scalars.count == 1, first.value >= 0x20, first.value < 0x7F { return (character, 1) } // ASCII
        // A no-break space has done its work once the text is wrapped; on screen it is a space, so what
        // a person copies and what tests and scripts compare is plain text.
        if character == "\u{00A0}" { return (" ", 1) }
        if scalars.contains(where: UntrustedText.isForbidden) { return (replacement, 1) }
        var width = 0
        var pictographs = 0, indicators = 0, joined = false
        for scalar in scalars {
            if scalar.value == 0x200D { joined = true }
            if scalar.value >= 0x2000, scalar.properties.isEmoji, !scalar.properties.isEmojiModifier { pictographs += 1 }
            if (0x1F1E6...0x1F1FF).contains(scalar.value) { indicators += 1 }
            if scalar.value == 0xFE0F { width = max(width, 2); continue } // emoji presentation
            width = max(width, scalarWidth(scalar))
        }
        if joined, pictographs > 1 { return (wideReplacement, 2) }
        if indicators == 2 { return (character, 2) }
        if indicators == 1 { return (replacement, 1) }
        let category = first.properties.generalCategory
        if category == .format || category == .control { return (character, 0) }
        if category == .nonspacingMark || category == .enclosingMark || category == .spacingMark
            || (0x1160...0x11FF).contains(first.value) || (0xD7B0...0xD7FF).contains(first.value) {
            return (replacement, 1) // a mark or vowel/final jamo with nothing to sit on
        }
        return (character, min(max(width, 1), maxCellsPerCluster))
    }

    /// The C library's width of one code point (wcwidth: -1 for controls), always in a UTF-8 character
    /// type of its own. The process's locale is shared state that anything may set (Foundation, a
    /// test, the terminal edge at start): measured in it, CJK could count -1 on a bad day, so widths
    /// use a thread-local UTF-8 locale instead, and terminal and grid always agree.
    public static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let code = wchar_t(bitPattern: scalar.value)
        guard let utf8 = utf8Locale else { return Int(c_wcwidth(code)) }
        let previous = uselocale(utf8)
        defer { uselocale(previous) }
        return Int(c_wcwidth(code))
    }

    nonisolated(unsafe) private static let utf8Locale: locale_t? =
        newlocale(LC_CTYPE_MASK, "C.UTF-8", nil) ?? newlocale(LC_CTYPE_MASK, "en_US.UTF-8", nil)

    /// The widest a grapheme cluster is drawn (`glyph`): two cells.
    public static let maxCellsPerCluster = 2
    static let replacement: Character = "\u{FFFD}"
    static let wideReplacement: Character = "\u{FF1F}"

    public static func of(_ text: String) -> Int {
        // Printable ASCII is one cell a byte, and no grapheme cluster joins two of its characters.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    /// The longest prefix that fits in `width` cells, with "…" when something was cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        var result = ""
        var used = 0
        for character in text {
            let w = of(character)
            if used + w > width - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }

    /// Pads with spaces on the right to exactly `width` cells (truncating first if needed).
    public static func pad(_ text: String, to width: Int) -> String {
        let cut = truncate(text, to: width)
        return cut + String(repeating: " ", count: max(0, width - of(cut)))
    }

    /// Breaks text into lines of at most `width` cells, at spaces where possible (CJK text, which has
    /// none, breaks between characters).
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            func place(_ piece: String, _ pieceWidth: Int) {
                if lineWidth + pieceWidth > width, !line.isEmpty { lines.append(line); line = ""; lineWidth = 0 }
                if pieceWidth <= width {
                    line += piece
                    lineWidth += pieceWidth
                    return
                }
                // Wider than a whole line: only then is a token broken between characters.
                for character in piece {
                    let w = of(character)
                    if lineWidth + w > width, !line.isEmpty { lines.append(line); line = ""; lineWidth = 0 }
                    line.append(character)
                    lineWidth += w
                }
            }
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
                let wordWidth = of(word)
                let sep = line.isEmpty ? 0 : 1
                if lineWidth + sep + wordWidth <= width {
                    if sep == 1 { line += " " }
                    line += word
                    lineWidth += sep + wordWidth
                    continue
                }
                let pieces = breakable(word)
                if pieces.count == 1 {
                    // A Latin word that does not fit starts the next line.
                    if !line.isEmpty { lines.append(line); line = ""; lineWidth = 0 }
                    place(word, wordWidth)
                    continue
                }
                // CJK text breaks between characters, so it goes on from where the line is.
                if sep == 1, lineWidth + 1 < width { line += " "; lineWidth += 1 }
                for piece in pieces { place(piece, of(piece)) }
            }
            lines.append(line)
        }
        return lines
    }

    /// `wrap`, keeping each of `phrases` (a date such as "Nov 28, 2026", a duration such as "3 months")
    /// on one line: their spaces do not break.
    public static func wrap(_ text: String, width: Int, keeping phrases: [String]) -> [String] {
        let glue: Character = "\u{2007}" // figure space: one cell, and never in the text it stands in for
        var glued = text
        for phrase in phrases where phrase.contains(" ") {
            glued = glued.replacingOccurrences(of: phrase, with: phrase.replacingOccurrences(of: " ", with: String(glue)))
        }
        return wrap(glued, width: width).map { $0.replacingOccurrences(of: String(glue), with: " ") }
    }

    /// Where a word may break, as in Japanese: between wide characters, but never inside a run of
    /// narrow ones (a number, a price, a Latin word such as "storefront" or "¥12,000") and never before
    /// closing punctuation (。、」…), which stays with what it closes.
    static func breakable(_ word: String) -> [String] {
        var pieces: [String] = []
        var narrowRun = ""
        var pendingOpening = ""
        var holdingUnit = false
        for character in word {
            let wide = of(character) >= 2
            let inUnit = holdingUnit
            holdingUnit = false
            // Closing punctuation stays with what it closes: a wide one ("（30×10）") after a narrow run
            // too; a narrow one only after a wide character, since inside a run ("¥12,000") it is part of it.
            if closing.contains(character), wide || narrowRun.isEmpty {
                if !narrowRun.isEmpty { pieces.append(narrowRun); narrowRun = "" }
                if !pieces.isEmpty {
                    pieces[pieces.count - 1].append(character)
                    continue
                }
            }
            // Chinese quotes are narrow: "“" after a wide character (在“账户”中) opens, and goes with
            // what follows; inside a narrow run it is part of the run (German „Account“ closes with it).
            if narrowOpening.contains(character), narrowRun.isEmpty { pendingOpening += String(character); continue }
            // A no-break space holds a number to the wide word after it ("1 个月"), up to punctuation.
            if wide, !opening.contains(character), inUnit || narrowRun.last == "\u{00A0}" {
                narrowRun.append(character)
                holdingUnit = true
                continue
            }
            if !wide {
                narrowRun.append(pendingOpening + String(character))
                pendingOpening = ""
                continue
            }
            if !narrowRun.isEmpty { pieces.append(narrowRun); narrowRun = "" }
            // Opening punctuation ("（", "「") never ends a line: it goes with what follows.
            if opening.contains(character) { pendingOpening += String(character); continue }
            pieces.append(pendingOpening + String(character))
            pendingOpening = ""
        }
        if !narrowRun.isEmpty { pieces.append(narrowRun) }
        if !pendingOpening.isEmpty { pieces.append(pendingOpening) }
        return keepingQuotedNames(pieces)
    }

    /// A short quoted name (「アカウント」, “账户”, the label of a button or a screen) is one piece: a line
    /// never breaks inside it. A long quotation still breaks between characters.
    static func keepingQuotedNames(_ pieces: [String]) -> [String] {
        let longestName = 16
        var result: [String] = []
        var quoted: [String]?
        for piece in pieces {
            let closes = piece.contains("」") || piece.contains("』") || piece.contains("”")
            guard var run = quoted else {
                if piece.first == "「" || piece.first == "『" || piece.first == "“", !closes { quoted = [piece] } else { result.append(piece) }
                continue
            }
            run.append(piece)
            let width = of(run.joined())
            if closes || width > longestName {
                if closes && width <= longestName { result.append(run.joined()) } else { result += run }
                quoted = nil
            } else {
                quoted = run
            }
        }
        if let quoted { result += quoted }
        return result
    }

    static let opening: Set<Character> = ["（", "「", "『", "【", "〈", "《"]
    static let narrowOpening: Set<Character> = ["“", "‘"]
    static let closing: Set<Character> = ["。", "、", "」", "』", "）", "】", "！", "？", "：", "；", "・", "ー", ")", "]", ",", ".", "!", "?", ":", ";",
                                          "，", "》", "〉", "”", "’"]
}
