/// Whether the environment's character type is UTF-8, as the C library will decide it: the first of
/// LC_ALL, LC_CTYPE and LANG that is set and not empty names the locale; none at all means the C locale
/// (ASCII), exactly as if LANG=C had been given. The interactive screen and plain-text output both
/// follow this one answer, so they agree.
public enum EnvironmentCharset: Equatable, Sendable {
    case utf8
    /// Not UTF-8: `variable=value`, or nil when no locale variable is set (the C locale).
    case notUTF8(variable: String?, value: String?)

    public init(_ environment: [String: String]) {
        let chosen = ["LC_ALL", "LC_CTYPE", "LANG"].lazy
            .compactMap { name in environment[name].flatMap { $0.isEmpty ? nil : (name, $0) } }
            .first
        guard let (name, value) = chosen else {
            self = .notUTF8(variable: nil, value: nil)
            return
        }
        let upper = Array(value.uppercased().utf8)
        self = Self.bytes(upper, contain: "UTF-8") || Self.bytes(upper, contain: "UTF8") ? .utf8 : .notUTF8(variable: name, value: value)
    }

    /// Whether `text` has `part` in it, byte for byte. Not `String.contains(_:)`: its substring search
    /// makes a `[Character: Int]` table, whose first use costs the Swift runtime a search of every
    /// protocol conformance in the binary (0.58 M instructions of the interactive start; issue 33).
    static func bytes(_ text: [UInt8], contain part: String) -> Bool {
        let part = Array(part.utf8)
        guard part.count <= text.count else { return false }
        return (0...(text.count - part.count)).contains { start in text[start..<(start + part.count)].elementsEqual(part) }
    }

    /// "LANG=C gives ASCII only" / "no LANG, LC_ALL or LC_CTYPE is set, which means ASCII only": one
    /// wording for both, since they are the same locale.
    public var reason: String {
        switch self {
        case .utf8:
            return "the locale is UTF-8"
        case .notUTF8(let variable?, let value?):
            let ascii = value == "C" || value == "POSIX"
            return "\(variable)=\(UntrustedText.name(value)) gives \(ascii ? "ASCII only" : "no UTF-8")"
        case .notUTF8:
            return "no LANG, LC_ALL or LC_CTYPE is set, which means the C locale: ASCII only"
        }
    }
}
