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
}
