import Foundation
import TextSafety

/// Money as people read it: formatted by Foundation for the viewer's locale in the territory's
/// currency. Never by hand.
public struct PriceFormatter: Sendable {
    public var locale: Locale

    public init(locale: Locale) { self.locale = locale }

    public func string(_ amount: Decimal, currency: String) -> String {
        FormatMemo.shared.text(for: .init(amount: amount, currency: currency, locale: locale.identifier)) {
            // Half away from zero, as people round money: $24.99 over 6 months is $4.17 a month, not the
            // $4.16 of the formatter's default banker's rounding.
            amount.formatted(.currency(code: currency).locale(locale).rounded(rule: .toNearestOrAwayFromZero))
        }
    }

    public func string(_ amount: Decimal, in territory: Territory) -> String {
        string(amount, currency: territory.currency)
    }

    /// A saving as a whole percentage ("50%", "50 %" in German, "٥٠٪" in Arabic). Arabic's percent is
    /// followed by an Arabic letter mark (U+061C), a bidi control a terminal does not lay out: it is left
    /// out, as the ones untrusted text may not carry are (`UntrustedText`), instead of drawn as "�".
    public func percent(_ fraction: Decimal) -> String {
        FormatMemo.shared.text(for: .init(amount: fraction, currency: nil, locale: locale.identifier)) {
            fraction.formatted(.percent.precision(.fractionLength(0)).locale(locale)).replacingOccurrences(of: "\u{061C}", with: "")
        }
    }
}

/// What Foundation made of an amount in a locale, kept: a frame formats the same prices on every key
/// (a store row, its per-month breakdown, its saving), and each format walks ICU (issue 33). The text is
/// Foundation's, made once per amount, currency and locale; the table is emptied when it reaches
/// `limit` entries, so a long session's memory stays bounded. `made(inLocale:)` counts Foundation's
/// calls, for the work-counting tests.
package final class FormatMemo: @unchecked Sendable {
    package struct Key: Hashable {
        var amount: Decimal
        /// The currency code; nil for a percentage.
        var currency: String?
        var locale: String
    }

    package static let shared = FormatMemo()
    package static let limit = 4_096
    private let lock = NSLock()
    private var texts: [Key: String] = [:]
    private var made: [String: Int] = [:]

    /// How many texts Foundation has made so far in a locale (identifier).
    package func made(inLocale locale: String) -> Int { lock.withLock { made[locale, default: 0] } }

    func text(for key: Key, make: () -> String) -> String {
        if let text = lock.withLock({ texts[key] }) { return text }
        let text = make()
        lock.withLock {
            if texts.count >= Self.limit { texts.removeAll(keepingCapacity: true) }
            texts[key] = text
            made[key.locale, default: 0] += 1
        }
        return text
    }
}

/// How exact a price may be in a currency: no more decimals than Foundation shows for it (2 for EUR and
/// USD, 0 for JPY, 3 for BHD), or people see it rounded (a EUR price of 0.001 shows as €0.00). Both
/// catalog formats check each price they read with it, in the currency of the price's territory.
package struct CurrencyDecimals {
    let currency: String
    /// The most decimals a price in `currency` shows.
    let digits: Int

    package init(_ currency: String) {
        self.currency = currency
        digits = Self.knownDigits(currency) ?? Self.probedDigits(currency)
    }

    /// The ISO 4217 currencies (`Locale.commonISOCurrencyCodes`) Foundation shows with other than two
    /// decimals, known ahead: asking ICU (`probedDigits`) formats a probe per currency, several hundred
    /// thousand instructions each on the path to the first frame. `CurrencyDecimalsTests` checks every
    /// common currency against Foundation, so a Foundation that changes its data fails a test.
    static let noDecimals: Set<String> = [
        "AFN", "ALL", "BIF", "CLP", "COP", "DJF", "GNF", "IDR", "IQD", "IRR", "ISK", "JPY", "KMF", "KPW", "KRW",
        "LAK", "LBP", "MGA", "MMK", "PKR", "PYG", "RSD", "RWF", "SLL", "SOS", "SYP", "UGX", "VND", "VUV", "XAF",
        "XOF", "XPF", "YER",
    ]
    static let threeDecimals: Set<String> = ["BHD", "JOD", "KWD", "LYD", "OMR", "TND"]

    /// The decimals of a common ISO currency, from the table above; nil for any other code.
    static func knownDigits(_ currency: String) -> Int? {
        if noDecimals.contains(currency) { return 0 }
        if threeDecimals.contains(currency) { return 3 }
        return StorefrontTerritories.isoCurrencies.contains(currency) ? 2 : nil
    }

    /// How many ICU probes this thread made (`probedDigits`), for the tests that count a read's work:
    /// counted per thread, so tests running beside one another never count each other's.
    package static var probesMade: Int { (Thread.current.threadDictionary[probesKey] as? Int) ?? 0 }
    private static let probesKey = "storefront.CurrencyDecimals.probes"

    /// The decimals Foundation shows for `currency`, asked of ICU. Foundation's currency format shows an
    /// amount with the currency's own decimals, from ICU's currency data. NumberFormatter's
    /// `maximumFractionDigits` would say how many, but swift-corelibs-foundation leaves it at 2 for
    /// every currency (JPY included), so they are counted in an amount formatted with more decimals
    /// than any currency has.
    static func probedDigits(_ currency: String) -> Int {
        Thread.current.threadDictionary[Self.probesKey] = probesMade + 1
        let probe = Decimal(sign: .plus, exponent: -9, significand: 123_456_789)
        let text = probe.formatted(.currency(code: currency).locale(Locale(identifier: "en_US_POSIX"))
            .presentation(.isoCode).grouping(.never))
        return text.firstIndex(of: ".").map { text[text.index(after: $0)...].prefix { $0.isASCII && $0.isNumber }.count } ?? 0
    }

    /// Why a price (`text` as written: `significand` × 10^`exponent`) is more exact than the currency
    /// shows, or nil. Zeros past the currency's decimals change nothing: "160.0" yen is 160 yen.
    package func problem(_ text: @autoclosure () -> String, significand: UInt64, exponent: Int) -> String? {
        guard -exponent > digits else { return nil }
        var rest = significand
        for _ in 0..<(-exponent - digits) {
            guard rest % 10 == 0 else {
                let allowed = digits == 0 ? "has no decimals" : "has at most \(digits) decimal\(digits == 1 ? "" : "s")"
                return "\(UntrustedText.quoted(text())) is more exact than \(currency) allows: a price in \(currency) \(allowed)"
            }
            rest /= 10
        }
        return nil
    }
}

extension Catalog {
    /// What a longer subscription costs per month, for the subordinate breakdown beside its billed
    /// price (HIG "Making signup effortless"), at the catalog's price. Nil for monthly or shorter
    /// periods, or where not sold. Screens use `AppStore.perMonthPrice(of:)`, which follows raised prices.
    public func perMonthPrice(of product: Product, in territory: Territory) -> Decimal? {
        perMonthPrice(of: product) { $0.price(in: territory) }
    }

    /// How much a longer subscription saves against the cheapest monthly option of the same group and
    /// level, as a fraction (0.5 for half), at the catalog's prices: never a dearer monthly plan that
    /// happens to come first in the file, which would overstate the saving (issue 56, item 7). Nil where
    /// there is no monthly option to compare with or no saving.
    public func savingsAgainstMonthly(of product: Product, in territory: Territory) -> Decimal? {
        savingsAgainstMonthly(of: product) { $0.price(in: territory) }
    }

    func perMonthPrice(of product: Product, price: (Product) -> Decimal?) -> Decimal? {
        guard let period = product.subscription?.period,
              let months = period.months, months > 1, let price = price(product) else { return nil }
        return price / Decimal(months)
    }

    func savingsAgainstMonthly(of product: Product, price: (Product) -> Decimal?) -> Decimal? {
        guard let info = product.subscription, let perMonth = perMonthPrice(of: product, price: price),
              let monthlyPrice = products(inGroup: info.groupID)
                  .filter({ $0.subscription!.level == info.level && $0.subscription!.period == .oneMonth })
                  .compactMap(price).filter({ $0 > 0 }).min() else { return nil }
        let saving = 1 - perMonth / monthlyPrice
        return saving > 0 ? saving : nil
    }
}

extension AppStore {
    /// The per-month breakdown at what the product costs here now (`price(of:)`, a raised price
    /// included): the same price the confirmation sheet charges.
    public func perMonthPrice(of product: Product) -> Decimal? {
        catalog.perMonthPrice(of: product) { price(of: $0) }
    }

    /// The saving against the monthly option, both at what they cost here now (`price(of:)`).
    public func savingsAgainstMonthly(of product: Product) -> Decimal? {
        catalog.savingsAgainstMonthly(of: product) { price(of: $0) }
    }
}
