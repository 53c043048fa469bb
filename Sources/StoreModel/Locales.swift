import Foundation

/// Which locales exist, and which one the terminal asks for.
public enum LocaleCatalog {
    static let available = Set(Locale.availableIdentifiers)

    /// The canonical identifier ("ja-JP" → "ja_JP") of a locale ICU knows, or nil for an unknown one.
    /// An encoding or modifier suffix, as in LANG ("de_DE.UTF-8@euro"), is ignored.
    public static func canonical(_ identifier: String) -> String? {
        var id = identifier
        if let cut = id.firstIndex(where: { $0 == "." || $0 == "@" }) { id = String(id[..<cut]) }
        // Byte by byte: Foundation's replacingOccurrences bridges to a string search, about 90,000
        // instructions a call, and reading a catalog asks this once per territory.
        id = String(decoding: id.utf8.map { $0 == UInt8(ascii: "-") ? UInt8(ascii: "_") : $0 }, as: UTF8.self)
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
