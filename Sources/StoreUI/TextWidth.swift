import Foundation
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

    public static func of(_ character: Character) -> Int {
        _ = ready
        var width = 0
        for scalar in character.unicodeScalars {
            if scalar.value == 0xFE0F { width = max(width, 2); continue } // emoji presentation
            let w = Int(c_wcwidth(wchar_t(bitPattern: scalar.value)))
            width = max(width, w)
        }
        if width == 0, let first = character.unicodeScalars.first, first.properties.generalCategory != .nonspacingMark,
           first.properties.generalCategory != .enclosingMark, first.properties.generalCategory != .format,
           first.value >= 0x20 {
            return 1
        }
        return min(width, 2)
    }

    public static func of(_ text: String) -> Int { text.reduce(0) { $0 + of($1) } }

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
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
                let wordWidth = of(word)
                let sep = line.isEmpty ? 0 : 1
                if lineWidth + sep + wordWidth <= width {
                    if sep == 1 { line += " " }
                    line += word
                    lineWidth += sep + wordWidth
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                line = ""
                lineWidth = 0
                for character in word {
                    let w = of(character)
                    if lineWidth + w > width { lines.append(line); line = ""; lineWidth = 0 }
                    line.append(character)
                    lineWidth += w
                }
            }
            lines.append(line)
        }
        return lines
    }
}
