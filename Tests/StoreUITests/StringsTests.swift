import Foundation
import Testing
import StoreModel
@testable import StoreUI

/// Billing periods read naturally in every language the app speaks.
@Suite("Strings")
struct StringsTests {
    @Test("per-period suffixes and durations", arguments: [
        ("en_US", "P1M", "/month", "1 month"), ("en_US", "P6M", "/6 months", "6 months"),
        ("de_DE", "P1M", "/Monat", "1 Monat"), ("de_DE", "P6M", "/6 Monate", "6 Monate"),
        ("fr_FR", "P1Y", "/an", "1 an"), ("fr_FR", "P6M", "/6 mois", "6 mois"),
        ("ja_JP", "P1M", "/月", "1か月"), ("ja_JP", "P1W", "/週", "1週間"),
        ("es_ES", "P1M", "/mes", "1 mes"), ("es_ES", "P6M", "/6 meses", "6 meses"),
    ])
    func periods(locale: String, period: String, perPeriod: String, duration: String) {
        let strings = Strings.forLocale(Locale(identifier: locale))
        let value = SubscriptionPeriod(iso8601: period)!
        #expect(strings.perPeriod(value) == perPeriod)
        #expect(strings.duration(value) == duration)
    }

    @Test("an unknown language falls back to English")
    func fallback() {
        #expect(Strings.forLocale(Locale(identifier: "sv_SE")).buy == "Buy")
    }

    /// A session makes only the table of the language it speaks (issue 33: start-up made all five),
    /// and every session in that language shares it.
    @Test("one table per language, shared; English for a language the app does not speak")
    func tablePerLanguage() {
        let english = StringTable.forLocale(Locale(identifier: "en_US"))
        #expect(StringTable.forLocale(Locale(identifier: "en_GB")) === english)
        #expect(StringTable.forLocale(Locale(identifier: "sv_SE")) === english)
        #expect(english.strings.buy == "Buy")
        let german = StringTable.forLocale(Locale(identifier: "de_DE"))
        #expect(StringTable.forLocale(Locale(identifier: "de_AT")) === german)
        #expect(german !== english)
        #expect(german.strings.buy == Strings.german.buy)
        #expect(StringTable.forLocale(Locale(identifier: "zh_CN")).strings.buy == Strings.simplifiedChinese.buy)
        #expect(Set(Strings.languageKeys) == ["de", "fr", "ja", "es", "zh-Hans"])
    }

    @Test("English names every screen and says what every action does")
    func englishIsComplete() {
        for kind in ScreenKind.allCases {
            #expect(Strings.english.screenNames[kind]?.isEmpty == false, "no English title for \(kind)")
        }
        for action in Action.allCases {
            #expect(Strings.english.keyHelp[action]?.isEmpty == false, "no English help for \(action)")
        }
    }

    @Test("a screen or key a language leaves untranslated shows its English")
    func untranslatedEntriesFallBackToEnglish() {
        var german = Strings.german
        german.screenNames[.store] = nil
        german.keyHelp[.buy] = nil
        #expect(german.screenName(.store) == "Store")
        #expect(german.actionHelp(.buy) == "buy")
        // The QA tools' screens keep their English titles in every language.
        #expect(Strings.german.screenName(.scenario) == "Scenario")
        #expect(Strings.german.actionHelp(.autoRenew) == "auto-renew on/off")
    }

    @Test("every locale of a language gets that language's table", arguments: [
        ("de_DE", "Kaufen"), ("de_AT", "Kaufen"), ("de_CH", "Kaufen"), ("de", "Kaufen"),
        ("fr_FR", Strings.french.buy), ("fr_CA", Strings.french.buy), ("ja_JP", Strings.japanese.buy),
        ("en_GB", "Buy"), ("sv_SE", "Buy"),
    ])
    func everyLocaleOfALanguage(locale: String, buy: String) {
        #expect(Strings.forLocale(Locale(identifier: locale)).buy == buy)
    }

    @Test("every Spanish locale gets the Spanish table, Spain's and Latin America's alike",
          arguments: ["es_ES", "es_MX", "es_US", "es_419", "es_AR", "es"])
    func everySpanishLocaleGetsSpanish(locale: String) {
        let strings = Strings.forLocale(Locale(identifier: locale))
        #expect(strings.buy == "Comprar")
        #expect(strings.screenName(.purchaseHelp) == "Ayuda con compras")
        #expect(strings.redeem.redeemCode == "Canjear código")
    }

    @Test("a Spanish up-front offer names its first periods with the unit's gender, never \"los primeros 1 año\"",
          arguments: [("P1Y", "29,99 € por el primer año"), ("P1W", "29,99 € por la primera semana"),
                      ("P3M", "29,99 € por los primeros 3 meses"), ("P2W", "29,99 € por las primeras 2 semanas")])
    func spanishUpFront(period: String, expected: String) {
        let spanish = Strings.spanish
        #expect(spanish.upFront("29,99 €", spanish.duration(SubscriptionPeriod(iso8601: period)!)) == expected)
    }

    @Test("Chinese is keyed by its script, from the locale's script or else its region", arguments: [
        ("zh_CN", "zh-Hans"), ("zh_SG", "zh-Hans"), ("zh-Hans", "zh-Hans"), ("zh", "zh-Hans"),
        ("zh-Hans_HK", "zh-Hans"),
        ("zh_TW", "zh-Hant"), ("zh_HK", "zh-Hant"), ("zh_MO", "zh-Hant"), ("zh-Hant", "zh-Hant"),
        ("de_DE", "de"), ("ja_JP", "ja"),
    ])
    func chineseScript(locale: String, key: String) {
        #expect(Strings.languageKey(Locale(identifier: locale)) == key)
    }

    @Test("the redeem sheet's title is its Redeem Code words, in every language")
    func redeemTitleMatchesItsButton() {
        for strings in [Strings.english] + Strings.languages.values {
            #expect(strings.screenName(.redeem) == strings.redeem.redeemCode)
        }
    }
}
