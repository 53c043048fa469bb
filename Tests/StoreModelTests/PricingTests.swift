import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// Billing amounts are formatted by Foundation for the viewer's locale in the territory's currency.
@Suite("Prices and periods")
struct PricingTests {
    // Foundation (ICU) separates amount and symbol with a no-break space in several locales.
    static let nbsp = "\u{00A0}"

    @Test("prices are formatted for the locale and the territory's currency", arguments: [
        ("en_US", "USD", "4.99", "$4.99"),
        ("en_GB", "GBP", "4.99", "£4.99"),
        ("de_DE", "EUR", "4.99", "4,99\(nbsp)€"),
        ("fr_FR", "EUR", "1234.5", "1\u{202F}234,50\(nbsp)€"),
        ("ja_JP", "JPY", "600", "¥600"),
        ("pt_BR", "BRL", "24.9", "R$\(nbsp)24,90"),
        ("en_IN", "INR", "399", "₹399.00"),
        ("de_CH", "CHF", "1234.5", "CHF\(nbsp)1’234.50"),
    ])
    func formatting(locale: String, currency: String, amount: String, expected: String) {
        let formatter = PriceFormatter(locale: Locale(identifier: locale))
        #expect(formatter.string(Decimal(string: amount)!, currency: currency) == expected)
    }

    @Test("the viewer's locale formats a foreign territory's currency")
    func foreignCurrency() {
        let japan = Territory(code: "JPN", currency: "JPY", locale: "ja_JP")
        #expect(PriceFormatter(locale: Locale(identifier: "en_US")).string(600, in: japan) == "¥600")
        #expect(PriceFormatter(locale: Locale(identifier: "de_DE")).string(600, in: japan) == "600\(Self.nbsp)¥")
    }

    @Test("ISO 8601 subscription periods parse and print", arguments: ["P3D", "P1W", "P2W", "P1M", "P6M", "P1Y"])
    func periodRoundTrip(text: String) {
        #expect(SubscriptionPeriod(iso8601: text)?.description == text)
    }

    @Test("malformed durations are refused", arguments: ["", "P", "1M", "P0M", "P-1M", "P1", "P1H", "PT1M", "P1M2D", "P١M", "P101M", "P+1M", "P99999999999999999999M", "P1M\u{301}", "p1M"])
    func periodRefused(text: String) {
        #expect(SubscriptionPeriod(iso8601: text) == nil)
    }

    @Test("longer periods break down per month; weeks do not")
    func months() {
        #expect(SubscriptionPeriod.oneYear.months == 12)
        #expect(SubscriptionPeriod.sixMonths.months == 6)
        #expect(SubscriptionPeriod.oneWeek.months == nil)
    }

    @Test("per-month breakdown and savings against the monthly option of the same level")
    func perMonthAndSavings() throws {
        let catalog = Fixture.catalog
        let usa = try #require(catalog.territory("USA"))
        let annual = try #require(catalog.product("pro.annual"))
        let halfYear = try #require(catalog.product("pro.halfyear"))
        let monthly = try #require(catalog.product("pro.monthly"))
        let perMonth = try #require(catalog.perMonthPrice(of: annual, in: usa))
        let formatter = PriceFormatter(locale: Locale(identifier: "en_US"))
        #expect(formatter.string(perMonth, in: usa) == "$2.50")
        let annualSaving = try #require(catalog.savingsAgainstMonthly(of: annual, in: usa))
        let halfYearSaving = try #require(catalog.savingsAgainstMonthly(of: halfYear, in: usa))
        #expect(formatter.percent(annualSaving) == "50%")
        #expect(formatter.percent(halfYearSaving) == "17%")
        #expect(catalog.perMonthPrice(of: monthly, in: usa) == nil, "no breakdown for a monthly price")
        #expect(catalog.savingsAgainstMonthly(of: monthly, in: usa) == nil)
    }

    @Test("per-month breakdown in yen is formatted without decimals")
    func perMonthYen() throws {
        let catalog = Fixture.catalog
        let japan = try #require(catalog.territory("JPN"))
        let annual = try #require(catalog.product("pro.annual"))
        let perMonth = try #require(catalog.perMonthPrice(of: annual, in: japan))
        #expect(PriceFormatter(locale: Locale(identifier: "ja_JP")).string(perMonth, in: japan) == "¥400")
    }

    @Test("savings percentages are formatted for the locale")
    func percentLocale() {
        #expect(PriceFormatter(locale: Locale(identifier: "de_DE")).percent(Decimal(string: "0.5")!) == "50\(Self.nbsp)%")
        #expect(PriceFormatter(locale: Locale(identifier: "fr_FR")).percent(Decimal(string: "0.5")!) == "50\u{00A0}%")
    }

    @Test("subscriptions in a group are listed highest level first, then shortest period")
    func groupOrder() {
        #expect(Fixture.catalog.products(inGroup: "plus").map(\.id)
                == ["family.monthly", "pro.monthly", "pro.halfyear", "pro.annual", "basic.monthly"])
    }

    @Test("localized text falls back to the default language")
    func localizedFallback() {
        let boost = Fixture.catalog.product("boost")!
        #expect(boost.name.resolved(for: Locale(identifier: "ja_JP"), fallback: "en") == "ブースト")
        #expect(boost.name.resolved(for: Locale(identifier: "fr_FR"), fallback: "en") == "Boost")
    }

    @Test("locale identifiers are checked against the ones ICU knows")
    func locales() {
        #expect(LocaleCatalog.canonical("ja-JP") == "ja_JP")
        #expect(LocaleCatalog.canonical("de_DE.UTF-8") == "de_DE")
        #expect(LocaleCatalog.canonical("en_us") == "en_US")
        #expect(LocaleCatalog.canonical("xx_YY") == nil)
        #expect(LocaleCatalog.canonical("") == nil)
        #expect(LocaleCatalog.fromEnvironment(["LANG": "ja_JP.UTF-8"]).identifier == "ja_JP")
        #expect(LocaleCatalog.fromEnvironment(["LC_ALL": "fr_FR.UTF-8", "LANG": "ja_JP.UTF-8"]).identifier == "fr_FR")
        #expect(LocaleCatalog.fromEnvironment(["LANG": "C.UTF-8"]).identifier == "en_US")
        #expect(LocaleCatalog.fromEnvironment([:]).identifier == "en_US")
    }

    @Test("Chinese locales as LANG writes them (zh_CN, zh_TW) are the ICU locales with the region's script")
    func chineseLocalesWithoutScript() {
        #expect(LocaleCatalog.canonical("zh_CN") == "zh_Hans_CN")
        #expect(LocaleCatalog.canonical("zh_sg") == "zh_Hans_SG")
        #expect(LocaleCatalog.canonical("zh_TW.UTF-8") == "zh_Hant_TW")
        #expect(LocaleCatalog.canonical("zh-HK") == "zh_Hant_HK")
        #expect(LocaleCatalog.canonical("zh-Hans") == "zh_Hans")
        #expect(LocaleCatalog.canonical("zh_ZZ") == nil)
        #expect(LocaleCatalog.fromEnvironment(["LANG": "zh_CN.UTF-8"]).identifier == "zh_Hans_CN")
    }
}
