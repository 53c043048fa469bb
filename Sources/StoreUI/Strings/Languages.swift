import Foundation

/// The one place a language is chosen: the languages the app speaks besides English, each a line from
/// its key (`Strings.languageKey`) to its table. A new language is its file and one line here.
extension Strings {
    /// Each table is made the first time it is asked for (each language's `static let`): a session
    /// speaks one language, and making all five at start-up cost the first frame (issue 33).
    static let languageTables: [String: @Sendable () -> Strings] = [
        "de": { .german },
        "fr": { .french },
        "ja": { .japanese },
        "es": { .spanish },
        "zh-Hans": { .simplifiedChinese },
    ]

    /// Every language besides English, made (the tests and the gallery go through them all).
    static var languages: [String: Strings] { languageTables.mapValues { $0() } }

    /// The keys of the languages the app speaks besides English (the gallery draws each).
    public static var languageKeys: [String] { Array(languageTables.keys) }

    /// The table for a locale's language; English for every language not in `languages`.
    public static func forLocale(_ locale: Locale) -> Strings {
        languageTables[languageKey(locale)]?() ?? .english
    }

    /// A locale's key in `languages`: its language code ("de" for de_DE and de_AT), except Chinese,
    /// which is written in two scripts: "zh-Hans" (zh_CN, zh_SG, zh-Hans, plain zh) or "zh-Hant" (zh_TW,
    /// zh_HK, zh_MO, zh-Hant). The locale's script decides where it names one; Foundation on Linux
    /// gives zh_TW none, so then the region does.
    static func languageKey(_ locale: Locale) -> String {
        let language = locale.language.languageCode?.identifier ?? ""
        guard language == "zh" else { return language }
        let traditionalRegions: Set<String> = ["TW", "HK", "MO"]
        let script = locale.language.script?.identifier
            ?? (traditionalRegions.contains(locale.region?.identifier ?? "") ? "Hant" : "Hans")
        return "zh-" + script
    }
}
