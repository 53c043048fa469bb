import Foundation

/// Which locales exist, and which one the terminal asks for.
public enum LocaleCatalog {
    static let available = Set(Locale.availableIdentifiers)

    /// The canonical identifier ("ja-JP" → "ja_JP") of a locale ICU knows, or nil for an unknown one.
    /// An encoding or modifier suffix, as in LANG ("de_DE.UTF-8@euro"), is ignored.
    public static func canonical(_ identifier: String) -> String? {
        var id = identifier
        if let cut = id.firstIndex(where: { $0 == "." || $0 == "@" }) { id = String(id[..<cut]) }
        id = id.replacingOccurrences(of: "-", with: "_")
        guard !id.isEmpty else { return nil }
        if available.contains(id) { return id }
        // "de_de" or "EN_us": normalise case of language and region.
        let parts = id.split(separator: "_")
        guard let language = parts.first else { return nil }
        var candidate = language.lowercased()
        if parts.count > 1 { candidate += "_" + parts.dropFirst().map { $0.count == 4 ? $0.capitalized : $0.uppercased() }.joined(separator: "_") }
        if available.contains(candidate) { return candidate }
        // ICU lists Chinese only with its script ("zh_Hans_CN"), while LANG and habit say "zh_CN" or
        // "zh_TW": add the script the region implies (ICU's likely subtags) and take that if it exists,
        // with the region asked for (never "zh_ZZ" as zh_Hans_CN).
        let likely = Locale.Language(identifier: candidate).maximalIdentifier.replacingOccurrences(of: "-", with: "_")
        return parts.count > 1 && likely.hasSuffix(candidate.drop { $0 != "_" }) && available.contains(likely) ? likely : nil
    }

    /// The locale the terminal asks for (LC_ALL, then LC_MESSAGES, then LANG), or en_US where it names
    /// none or only the C/POSIX locale.
    public static func fromEnvironment(_ environment: [String: String]) -> Locale {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[key], !value.isEmpty else { continue }
            let base = value.split(separator: ".").first.map(String.init) ?? value
            if base == "C" || base == "POSIX" { break }
            if let id = canonical(value) { return Locale(identifier: id) }
        }
        return Locale(identifier: "en_US")
    }
}

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
        let upper = value.uppercased()
        self = upper.contains("UTF-8") || upper.contains("UTF8") ? .utf8 : .notUTF8(variable: name, value: value)
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
