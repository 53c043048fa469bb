import Foundation
import TextSafety

/// How fast simulated time runs while the app is open, and how long a subscription's periods, grace
/// period and billing retry last under it: StoreKit Testing's `SKTestSession.TimeRate`, case for case
/// (https://developer.apple.com/documentation/storekittest/sktestsession/timerate-swift.enum), with the
/// lengths of Apple's table on each case's page.
///
/// - Real time: periods by the calendar, grace and retry in days.
/// - Scaled ("monthly renewal every …"): the clock runs fast, a 30-day month in the stated real time.
///   Periods counted in months and years keep the calendar (Apple's table is proportional there: bimonthly
///   twice monthly … annually twelve times). A week does not: at 30 seconds a weekly subscription renews
///   every 10 seconds, not 7, so a period counted in weeks or days lasts Apple's weekly time at the clock's
///   speed. Grace periods and billing retry take the table's real lengths at the clock's speed (retry is
///   60 days at every scaled rate).
/// - Fixed ("one renewal every …"): every subscription renews after the same real time, whatever its
///   period. The clock runs in real time and every period, grace period and retry takes the table's fixed
///   length, so the dates the inspector shows are the times things happened.
public enum TimeRate: String, Sendable, CaseIterable {
    case realTime = "real-time"
    case monthlyRenewalEveryHour = "monthly-renewal-every-hour"
    case monthlyRenewalEveryThirtyMinutes = "monthly-renewal-every-thirty-minutes"
    case monthlyRenewalEveryFifteenMinutes = "monthly-renewal-every-fifteen-minutes"
    case monthlyRenewalEveryFiveMinutes = "monthly-renewal-every-five-minutes"
    case monthlyRenewalEveryThirtySeconds = "monthly-renewal-every-thirty-seconds"
    case oneRenewalEveryFifteenMinutes = "one-renewal-every-fifteen-minutes"
    case oneRenewalEveryFiveMinutes = "one-renewal-every-five-minutes"
    case oneRenewalEveryMinute = "one-renewal-every-minute"
    case oneRenewalEveryThirtySeconds = "one-renewal-every-thirty-seconds"
    case oneRenewalEveryTenSeconds = "one-renewal-every-ten-seconds"
    case oneRenewalEveryTwoSeconds = "one-renewal-every-two-seconds"

    /// Apple's real times for one rate, in seconds.
    struct Table {
        /// Scaled rates: one renewal of a monthly and of a weekly subscription. Fixed rates: every renewal.
        var monthly: Double
        var weekly: Double
        /// Grace period of a weekly subscription and of any other, and the billing retry period.
        var weeklyGrace: Double
        var grace: Double
        var retry: Double
    }

    private static let day: Double = 86_400

    /// Apple's tables, from each case's page of the SKTestSession.TimeRate documentation.
    var table: Table {
        switch self {
        case .realTime: Table(monthly: 30 * Self.day, weekly: 7 * Self.day, weeklyGrace: 6 * Self.day, grace: 16 * Self.day, retry: 60 * Self.day)
        case .monthlyRenewalEveryHour: Table(monthly: 3_600, weekly: 15 * 60, weeklyGrace: 12 * 60 + 51, grace: 30 * 60, retry: 2 * 3_600)
        case .monthlyRenewalEveryThirtyMinutes: Table(monthly: 30 * 60, weekly: 10 * 60, weeklyGrace: 8 * 60 + 34, grace: 15 * 60, retry: 3_600)
        case .monthlyRenewalEveryFifteenMinutes: Table(monthly: 15 * 60, weekly: 5 * 60, weeklyGrace: 4 * 60 + 17, grace: 7 * 60 + 30, retry: 30 * 60)
        case .monthlyRenewalEveryFiveMinutes: Table(monthly: 5 * 60, weekly: 3 * 60, weeklyGrace: 2 * 60 + 34, grace: 2 * 60 + 30, retry: 10 * 60)
        case .monthlyRenewalEveryThirtySeconds: Table(monthly: 30, weekly: 10, weeklyGrace: 9, grace: 15, retry: 60)
        case .oneRenewalEveryFifteenMinutes: .fixed(15 * 60)
        case .oneRenewalEveryFiveMinutes: .fixed(5 * 60)
        case .oneRenewalEveryMinute: .fixed(60)
        case .oneRenewalEveryThirtySeconds: .fixed(30)
        case .oneRenewalEveryTenSeconds: .fixed(10)
        case .oneRenewalEveryTwoSeconds: .fixed(2)
        }
    }

    /// Whether every subscription renews after the same real time, whatever its period.
    public var isFixed: Bool { rawValue.hasPrefix("one-renewal-every-") }

    /// Simulated seconds per real second: a 30-day month in the rate's monthly time; 1 for the fixed
    /// rates, whose clock runs in real time.
    public var speed: Double { isFixed ? 1 : 30 * Self.day / table.monthly }

    /// Real seconds one renewal of a subscription with this period takes (Apple's "Renewal time").
    public func renewalTime(of period: SubscriptionPeriod) -> Double {
        if isFixed { return table.monthly }
        switch period.unit {
        case .month: return table.monthly * Double(period.value)
        case .year: return table.monthly * 12 * Double(period.value)
        case .week: return table.weekly * Double(period.value)
        case .day: return table.weekly / 7 * Double(period.value)
        }
    }

    /// When one `period` of a subscription or an offer that starts at `start` ends: by the calendar for
    /// months and years (and for every unit in real time), else Apple's real time at the clock's speed.
    public func end(of period: SubscriptionPeriod, from start: Date) -> Date {
        if self == .realTime || (!isFixed && (period.unit == .month || period.unit == .year)) {
            return period.added(to: start)
        }
        return start.addingTimeInterval(renewalTime(of: period) * speed)
    }

    /// When StoreKit Testing's billing grace period of a subscription with this period, failing at
    /// `start`, ends: 6 days for a weekly subscription and 16 days for any other in real time.
    public func gracePeriodEnd(for period: SubscriptionPeriod, from start: Date) -> Date {
        if isFixed { return start.addingTimeInterval(table.grace) }
        let weekly = period.unit == .week || period.unit == .day
        return start.addingTimeInterval((weekly ? table.weeklyGrace : table.grace) * speed)
    }

    /// When billing retry that started at `start` ends: the App Store's 60 days in real time and at
    /// every scaled rate, twice the renewal time at the fixed ones.
    public func billingRetryEnd(from start: Date) -> Date {
        self == .realTime ? AppStore.billingRetryPeriod.added(to: start) : start.addingTimeInterval(table.retry * speed)
    }

    /// The values of earlier storefronts that name a rate of StoreKit Testing: `real`, and a month per
    /// `1h`, `30m`, `5m` or `30s`.
    static let earlierNames: [String: TimeRate] = [
        "real": .realTime, "1h": .monthlyRenewalEveryHour, "30m": .monthlyRenewalEveryThirtyMinutes,
        "5m": .monthlyRenewalEveryFiveMinutes, "30s": .monthlyRenewalEveryThirtySeconds,
    ]

    /// Earlier values with no rate of the same name (a month per 10 minutes or per minute): a saved ledger
    /// opens at the nearest rate StoreKit Testing has.
    static let earlierNearest: [String: TimeRate] = [
        "10m": .monthlyRenewalEveryFifteenMinutes, "1m": .monthlyRenewalEveryThirtySeconds,
    ]

    /// A rate by its setting value (`monthly-renewal-every-thirty-seconds`), by Apple's case name
    /// (`monthlyRenewalEveryThirtySeconds`), or by an earlier value that names the same rate (`30s`).
    public init?(name: String) {
        if let rate = TimeRate(rawValue: name) ?? Self.earlierNames[name] {
            self = rate
        } else if let rate = Self.allCases.first(where: { "\($0)" == name }) {
            self = rate
        } else {
            return nil
        }
    }
}

extension TimeRate.Table {
    /// A fixed rate: every renewal and grace period takes `seconds`, billing retry twice as long.
    static func fixed(_ seconds: Double) -> Self {
        Self(monthly: seconds, weekly: seconds, weeklyGrace: seconds, grace: seconds, retry: 2 * seconds)
    }
}

/// One QA switch as text: `ask-to-buy on`, `fail-next-purchase network-error`, `payments screen-time`.
/// The same words serve the CLI flags, scenario files, headless scripts, the in-app panel and the ledger's
/// settings table, so a scenario reads the same everywhere.
public enum ScenarioSetting: Sendable, Equatable {
    case payments(PaymentGate)
    case askToBuy(Bool)
    case failNextPurchase(PurchaseError?)
    /// Every purchase fails with this error until it is turned off (Xcode's "Fail Transactions").
    case failPurchases(PurchaseError?)
    case interruptPurchases(Bool)
    case billingRetry(Bool)
    case gracePeriod(AppStore.Scenario.GracePeriod)
    case timeRate(TimeRate)
    /// This account is a family member of an organizer who shares this product; nil: nothing shared.
    case familySharing(String?)
    /// Review requests follow App Store policy, or always show (development).
    case reviewMode(ReviewMode)
    /// The app's version (digits and dots), which the review policy compares with the version rated.
    case appVersion(String)
    /// An error injected into one StoreKit call (`error load-products network-error`, `error
    /// load-products off`); Purchase reads as `failPurchases`, its other name.
    case storeKitError(StoreKitErrorCategory, StoreKitErrorCase?)
    /// Which reading of introductory-offer eligibility applies (`AppStore.Scenario.IntroEligibility`).
    case introEligibility(AppStore.Scenario.IntroEligibility)

    /// The setting names, in the order the panel and `--help` list them.
    public static let names = ["payments", "ask-to-buy", "fail-next-purchase", "interrupt-purchases",
                               "billing-retry", "grace-period", "time-rate", "family-sharing", "fail-purchases",
                               "review-mode", "app-version", "intro-eligibility"]

    /// The values a setting accepts, for messages and the panel.
    public static func values(of name: String) -> [String] {
        switch name {
        case "payments": PaymentGate.allCases.map(\.rawValue)
        case "ask-to-buy", "interrupt-purchases", "billing-retry": ["on", "off"]
        case "fail-next-purchase", "fail-purchases": ["none"] + PurchaseError.injectable.map(\.settingName)
        case "grace-period": AppStore.Scenario.GracePeriod.allCases.map(\.rawValue)
        case "time-rate": TimeRate.allCases.map(\.rawValue)
        // Off, or any of the catalog's family-shareable products: see `values(of:in:)` and `check(_:)`.
        case "family-sharing": ["off"]
        case "review-mode": ReviewMode.allCases.map(\.rawValue)
        // Any version of digits and dots is accepted; these are the panel's steps.
        case "app-version": ["1.0", "1.1", "2.0"]
        case "intro-eligibility": AppStore.Scenario.IntroEligibility.allCases.map(\.rawValue)
        default: []
        }
    }

    /// The values a setting accepts on this catalog, for messages and the panel's help: for
    /// family-sharing, off and the catalog's family-shareable products (the first `limit` of them, then
    /// how many more), each cut and escaped since it is catalog text.
    public static func values(of name: String, in catalog: Catalog, limit: Int = 6) -> [String] {
        guard name == "family-sharing" else { return values(of: name) }
        let count = catalog.familyShareCount
        var values = ["off"] + (0..<min(limit, count)).map { UntrustedText.quoted(catalog.familyShareProduct(at: $0).id) }
        if count > limit { values.append("and \(count - limit) more") }
        return values
    }

    /// The value a setting takes next (or before, for a negative step) in the panel: the next of
    /// `values(of:)`, or for family-sharing the next family-shareable product of the catalog after off,
    /// subscriptions first (what QA shares most). Costs a binary search, whatever the size of the catalog.
    public static func cycled(_ name: String, from value: String, by step: Int, in catalog: Catalog) -> String? {
        guard name == "family-sharing" else {
            let values = values(of: name)
            // A version typed elsewhere (`set app-version 3.2`) steps to the panel's first.
            if name == "app-version", !values.contains(value) { return values.first }
            guard let index = values.firstIndex(of: value) else { return nil }
            return values[(index + step + values.count) % values.count]
        }
        // "off" is 0, the products 1...count.
        let count = catalog.familyShareCount + 1
        let slot = value == "off" ? 0 : (catalog.familyShareSlot(of: value) ?? -1) + 1
        let next = ((slot + step) % count + count) % count
        return next == 0 ? "off" : catalog.familyShareProduct(at: next - 1).id
    }

    /// Checks a setting against the catalog it is applied on: family-sharing must name a product the
    /// catalog lets a family organizer share. Where the catalog is not at hand yet (a script's `set`
    /// line, read before it runs), this runs when it is.
    public func check(_ catalog: Catalog) throws(ParseError) {
        guard case .familySharing(let productID?) = self else { return }
        if let product = catalog.product(productID), product.familyShareable,
           product.type == .nonConsumable || product.type == .autoRenewable { return }
        let why = catalog.product(productID) == nil ? "is not a product of the catalog"
            : "is not a family-shareable non-consumable or auto-renewable subscription"
        let accepted = Self.values(of: name, in: catalog)
        throw ParseError(message: "\(UntrustedText.quoted(productID)) \(why), so no organizer can share it (family-sharing); use "
                         + (accepted.count == 1 ? "off: the catalog has no family-shareable products"
                            : "off or one of \(accepted.dropFirst().joined(separator: ", "))"))
    }

    public struct ParseError: Error, Sendable, Equatable {
        public var message: String
    }

    /// Reads `NAME VALUE`; the message of a failure names what was wrong and what is accepted.
    public init(name: String, value: String) throws(ParseError) {
        if name == "error" {
            self = try Self.storeKitError(value)
            return
        }
        let accepted = Self.values(of: name)
        guard !accepted.isEmpty else {
            throw ParseError(message: "unknown setting \(UntrustedText.quoted(name)); settings are \((Self.names + ["error"]).joined(separator: ", "))")
        }
        if name == "time-rate", let rate = TimeRate(name: value) {
            self = .timeRate(rate)
            return
        }
        if name == "time-rate", TimeRate.earlierNearest[value] != nil {
            throw ParseError(message: "\(UntrustedText.quoted(value)) is no longer a time rate: StoreKit Testing has no rate of a month per \(value); use one of \(accepted.joined(separator: ", "))")
        }
        if name == "app-version" {
            guard Self.isVersion(value) else {
                throw ParseError(message: "\(UntrustedText.quoted(value)) is not an app version; use digits and dots, like 1.0 or 2.1.3")
            }
            self = .appVersion(value)
            return
        }
        guard accepted.contains(value) || (name == "family-sharing" && !value.isEmpty) else {
            throw ParseError(message: "\(UntrustedText.quoted(value)) is not a value of \(name); use one of \(accepted.joined(separator: ", "))")
        }
        switch name {
        case "payments": self = .payments(PaymentGate(rawValue: value)!)
        case "ask-to-buy": self = .askToBuy(value == "on")
        case "interrupt-purchases": self = .interruptPurchases(value == "on")
        case "billing-retry": self = .billingRetry(value == "on")
        case "fail-next-purchase": self = .failNextPurchase(PurchaseError.injectable.first { $0.settingName == value })
        case "fail-purchases": self = .failPurchases(PurchaseError.injectable.first { $0.settingName == value })
        case "grace-period": self = .gracePeriod(AppStore.Scenario.GracePeriod(rawValue: value)!)
        case "family-sharing": self = .familySharing(value == "off" ? nil : value)
        case "review-mode": self = .reviewMode(ReviewMode(rawValue: value)!)
        case "intro-eligibility": self = .introEligibility(AppStore.Scenario.IntroEligibility(rawValue: value)!)
        default: self = .timeRate(TimeRate(name: value)!)
        }
    }

    /// An app version: one to four numbers of at most five digits, separated by dots ("1.0", "2.1.3").
    public static func isVersion(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return (1...4).contains(parts.count) && parts.allSatisfy { (1...5).contains($0.count) && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }

    /// Reads a setting as a saved ledger holds it: as `init(name:value:)`, and an earlier time rate with
    /// no StoreKit Testing rate of its name (`10m`, `1m`) as the nearest one, so an old ledger still opens
    /// (its next save writes the new value).
    public init(saved name: String, value: String) throws(ParseError) {
        if name == "time-rate", let nearest = TimeRate.earlierNearest[value] {
            self = .timeRate(nearest)
        } else {
            try self.init(name: name, value: value)
        }
    }

    /// Reads `CATEGORY CASE` or `CATEGORY off` of the `error` setting. Purchase gives `failPurchases`.
    static func storeKitError(_ value: String) throws(ParseError) -> ScenarioSetting {
        let words = value.split(whereSeparator: \.isWhitespace).map(String.init)
        let categories = StoreKitErrorCategory.allCases.map(\.rawValue).joined(separator: ", ")
        guard words.count == 2 else {
            throw ParseError(message: "error takes a StoreKit call and an error, like \"error load-products network-error\", or off; calls are \(categories)")
        }
        guard let category = StoreKitErrorCategory(rawValue: words[0]) else {
            throw ParseError(message: "\(UntrustedText.quoted(words[0])) is not a StoreKit call of error; use one of \(categories)")
        }
        if words[1] == "off" || words[1] == "none" {
            return category == .purchase ? .failPurchases(nil) : .storeKitError(category, nil)
        }
        guard let error = StoreKitErrorCase(name: words[1]), category.injectable.contains(error) else {
            let accepted = ["off"] + category.injectable.map { $0.settingName(in: category) }
            throw ParseError(message: "\(UntrustedText.quoted(words[1])) is not an error of \(category.rawValue) (error); use one of \(accepted.joined(separator: ", "))")
        }
        return category == .purchase ? .failPurchases(error.purchaseError) : .storeKitError(category, error)
    }

    /// Reads one line, `NAME VALUE` (`error CATEGORY CASE` for an injected StoreKit error).
    public init(line: String) throws(ParseError) {
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        if words.first == "error" {
            try self.init(name: "error", value: words.dropFirst().joined(separator: " "))
            return
        }
        guard words.count == 2 else {
            throw ParseError(message: "expected a setting and a value, like \"ask-to-buy on\"; settings are \((Self.names + ["error"]).joined(separator: ", "))")
        }
        try self.init(name: words[0], value: words[1])
    }

    public var name: String {
        switch self {
        case .payments: "payments"
        case .askToBuy: "ask-to-buy"
        case .failNextPurchase: "fail-next-purchase"
        case .failPurchases: "fail-purchases"
        case .interruptPurchases: "interrupt-purchases"
        case .billingRetry: "billing-retry"
        case .gracePeriod: "grace-period"
        case .timeRate: "time-rate"
        case .familySharing: "family-sharing"
        case .reviewMode: "review-mode"
        case .appVersion: "app-version"
        case .introEligibility: "intro-eligibility"
        case .storeKitError: "error"
        }
    }

    /// The setting's row in a ledger: its name, and for an injected error its call too
    /// (`error load-products`), one row per call.
    public var key: String {
        if case .storeKitError(let category, _) = self { return "error \(category.rawValue)" }
        return name
    }

    /// The ledger rows of the injected errors, besides `names`' (Purchase is `fail-purchases`' row).
    public static let errorKeys = StoreKitErrorCategory.allCases.filter { $0 != .purchase }.map { "error \($0.rawValue)" }

    public var value: String {
        switch self {
        case .payments(let gate): gate.rawValue
        case .askToBuy(let on), .interruptPurchases(let on), .billingRetry(let on): on ? "on" : "off"
        case .failNextPurchase(let error), .failPurchases(let error): error?.settingName ?? "none"
        case .gracePeriod(let grace): grace.rawValue
        case .timeRate(let rate): rate.rawValue
        case .familySharing(let productID): productID ?? "off"
        case .reviewMode(let mode): mode.rawValue
        case .appVersion(let version): version
        case .introEligibility(let reading): reading.rawValue
        case .storeKitError(let category, let error): "\(category.rawValue) \(error?.settingName ?? "off")"
        }
    }

    /// Every setting as the store has it now, in `names` order.
    public static func current(_ store: AppStore) -> [ScenarioSetting] {
        [.payments(store.gate), .askToBuy(store.scenario.askToBuy), .failNextPurchase(store.scenario.failNextPurchase),
         .interruptPurchases(store.scenario.interruptPurchases), .billingRetry(store.scenario.billingFails),
         .gracePeriod(store.scenario.gracePeriod), .timeRate(store.scenario.timeRate),
         .familySharing(store.scenario.familySharing), .failPurchases(store.scenario.failPurchases),
         .reviewMode(store.scenario.reviewMode), .appVersion(store.scenario.appVersion),
         .introEligibility(store.scenario.introEligibility)]
            + StoreKitErrorCategory.allCases.filter { $0 != .purchase }.map { .storeKitError($0, store.scenario.storeKitErrors[$0]) }
    }
}

extension AppStore {
    public mutating func apply(_ setting: ScenarioSetting) {
        switch setting {
        case .payments(let gate): self.gate = gate
        case .askToBuy(let on): scenario.askToBuy = on
        case .failNextPurchase(let error): scenario.failNextPurchase = error
        case .failPurchases(let error): scenario.failPurchases = error
        case .interruptPurchases(let on): scenario.interruptPurchases = on
        case .billingRetry(let on): scenario.billingFails = on
        case .gracePeriod(let grace): scenario.gracePeriod = grace
        // What is running is re-timed at the new rate (see `changeTimeRate(to:)`).
        case .timeRate(let rate): changeTimeRate(to: rate)
        // The organizer starts sharing (a familyShared transaction arrives), or stops (it is revoked).
        // A product the catalog cannot share changes nothing: `ScenarioSetting.check` refuses it first.
        case .familySharing(let productID?): receiveFamilySharing(productID)
        case .familySharing(nil): stopFamilySharing()
        case .reviewMode(let mode): scenario.reviewMode = mode
        case .appVersion(let version): scenario.appVersion = version
        case .introEligibility(let reading): scenario.introEligibility = reading
        case .storeKitError(let category, let error): scenario.storeKitErrors[category] = error
        }
    }
}

extension PurchaseError {
    /// The error's name in scenario settings and scripts: `network-error`, `user-cancelled`.
    public var settingName: String { kebabCased(rawValue) }
}

/// A StoreKit case name as scenario settings write it: `networkError` → `network-error`.
func kebabCased(_ name: String) -> String {
    name.reduce(into: "") { kebab, character in
        if character.isUppercase { kebab += "-" + character.lowercased() } else { kebab.append(character) }
    }
}
