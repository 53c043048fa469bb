/// Text that came from a catalog, a script, a scenario file or a ledger. Such text is untrusted: it
/// must never reach the terminal as control characters (which could set the window title, clear the
/// screen or colour the terminal), and a message quoting it must not be forged into extra lines.
///
/// Every output path goes through one of the two functions here: `displayable` for text drawn on a
/// screen or printed as content, `quoted` for a value inside a message.
public enum UntrustedText {
    /// Whether a scalar may not appear in catalog text: C0 controls (tab and newline included), DEL,
    /// C1 controls, the line and paragraph separators U+2028 and U+2029 (viewers may break the line
    /// there, so a value could forge one), and the bidirectional embeddings, overrides and isolates that
    /// can reorder what a person sees (U+202A–U+202E, U+2066–U+2069) and the Arabic letter mark U+061C.
    public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F..<0xA0, 0x2028...0x202E, 0x2066...0x2069, 0x061C: return true
        default: return false
        }
    }

    /// The left-to-right and right-to-left marks (U+200E, U+200F): allowed in catalog text, where a
    /// right-to-left name may need them, but in a message they would reorder the quoted value and the
    /// words around it, so `quoted`, `message` and `path` write them as escapes as they do the
    /// bidirectional controls.
    public static func isDirectionalMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x200E || scalar.value == 0x200F
    }

    /// The first forbidden scalar in `text`, if any (for lint messages).
    public static func firstForbidden(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first(where: isForbidden)
    }

    /// Text safe to draw or print as content: every forbidden scalar becomes U+FFFD (�), visibly,
    /// instead of acting on the terminal. Text with none is returned as it is, without copying.
    public static func displayable(_ text: String) -> String {
        guard !isPrintableASCII(text, lineFeed: false), text.unicodeScalars.contains(where: isForbidden) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(isForbidden(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(result)
    }

    /// A value for a message: in double quotes, cut to `limit` characters with "…", and every
    /// forbidden scalar, quote and backslash written as an escape (`\n`, `\e`, `\u{202E}`, `\"`), so it
    /// stays on one line and cannot act on the terminal.
    public static func quoted(_ text: String, limit: Int = 60) -> String {
        var body = ""
        var count = 0
        for character in text {
            if count == limit { body += "…"; break }
            count += 1
            for scalar in character.unicodeScalars { body += escaped(scalar) }
        }
        return "\"\(body)\""
    }

    /// A whole message about to be printed (it may hold file paths, which are untrusted too): every
    /// forbidden scalar but the line feed written as its escape, so nothing in it acts on the terminal.
    /// The last safety net where storefront prints a message; values inside are `quoted` as well.
    public static func message(_ text: String) -> String {
        escapingForbidden(text) { $0 == "\n" }
    }

    /// A file path for a message, unquoted: every forbidden scalar, the line feed too, written as its
    /// escape (`bad\nname.json`), so a path cannot start a line of its own in what is printed.
    public static func path(_ text: String) -> String {
        escapingForbidden(text) { _ in false }
    }

    /// `text` with each forbidden scalar but those `kept` written as its escape.
    private static func escapingForbidden(_ text: String, keeping kept: (Unicode.Scalar) -> Bool) -> String {
        func escapes(_ scalar: Unicode.Scalar) -> Bool { !kept(scalar) && (isForbidden(scalar) || isDirectionalMark(scalar)) }
        guard !isPrintableASCII(text, lineFeed: kept("\n")), text.unicodeScalars.contains(where: escapes) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            result += escapes(scalar) ? escaped(scalar) : String(scalar)
        }
        return result
    }

    /// Whether every byte of `text` is printable ASCII (or a line feed, when `lineFeed`), so it has no
    /// forbidden scalar: read byte by byte where the text is contiguous, which most is. Walking the
    /// scalars instead took a tenth of lint's printing of 100,000 lines.
    private static func isPrintableASCII(_ text: String, lineFeed: Bool) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || (lineFeed && $0 == 0x0A) }
        } ?? false
    }

    /// A name from the environment (TERM, LANG) for a message: as it is when it looks like one (at most
    /// 40 ASCII letters, digits and `._@+-`), else `quoted`. Such values may come from an SSH client.
    public static func name(_ text: String) -> String {
        let plain = !text.isEmpty && text.count <= 40
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._@+-".contains($0)) }
        return plain ? text : quoted(text, limit: 40)
    }

    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case "\u{1B}": return "\\e"
        default:
            guard isForbidden(scalar) || isDirectionalMark(scalar) else { return String(scalar) }
            return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }

    /// How a forbidden scalar is named in a message: "U+001B (escape)".
    public static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        switch scalar.value {
        case 0x1B: return "\(code) (escape)"
        case 0x0A: return "\(code) (line feed)"
        case 0x0D: return "\(code) (carriage return)"
        case 0x09: return "\(code) (tab)"
        case 0x7F: return "\(code) (delete)"
        case 0x00..<0x20: return "\(code) (a control character)"
        case 0x80..<0xA0: return "\(code) (a C1 control character)"
        default: return "\(code) (a bidirectional control)"
        }
    }
}
