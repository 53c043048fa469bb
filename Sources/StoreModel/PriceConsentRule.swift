import Foundation

/// When a subscription price increase needs the subscriber's consent: the catalog's inputs to Apple's
/// rule (`priceIncreaseConsent`, docs/catalog.md) and the rule itself.
///
/// Apple's rule, from "Handling subscription price changes" (Advanced Commerce API,
/// https://developer.apple.com/documentation/advancedcommerceapi/handling-subscription-price-changes):
/// consent is requested if the subscriber is in a region that requires consent for any price change, or
/// the increase is more than 50 percent of the current price and the difference exceeds US$5 per
/// period (US$50 per year for an annual subscription; "international equivalents for prices not in USD
/// are based on current exchange rates"). Apple's support article 109501 "About subscription price
/// changes" adds: at most once a year without consent. Apple's per-territory table is not reproduced:
/// the catalog carries each territory's threshold, copied from App Store Connect.
public struct PriceIncreaseConsent: Sendable, Equatable {
    /// The local-currency equivalents of Apple's US$5 per period and US$50 per year.
    public struct Threshold: Sendable, Equatable {
        /// For every period but a year.
        public var perPeriod: Decimal
        /// For an annual subscription.
        public var annual: Decimal
        public init(perPeriod: Decimal, annual: Decimal) {
            self.perPeriod = perPeriod
            self.annual = annual
        }
    }

    /// Territories where every increase needs consent.
    public var alwaysRequiredIn: Set<String>
    /// Per territory, what an increase may add without consent.
    public var thresholds: [String: Threshold]

    public init(alwaysRequiredIn: Set<String> = [], thresholds: [String: Threshold] = [:]) {
        self.alwaysRequiredIn = alwaysRequiredIn
        self.thresholds = thresholds
    }

    /// Apple's published figures for the United States, used for `USA` when the catalog gives none.
    public static let unitedStates = Threshold(perPeriod: 5, annual: 50)
    /// An increase of more than this share of the current price may need consent.
    public static let share = Decimal(string: "0.5")!
    /// A second increase without consent within this long of the last one needs consent ("once a year").
    public static let interval: TimeInterval = 365 * 86_400

    /// The territory's threshold: the catalog's, else Apple's US figures for `USA`; nil where the
    /// catalog gives none (every increase there needs consent).
    public func threshold(in territory: String) -> Threshold? {
        thresholds[territory] ?? (territory == "USA" ? Self.unitedStates : nil)
    }

    /// Whether raising a price from `current` to `new` (both in the territory's currency) needs consent:
    /// a territory that always requires it or has no threshold; an increase of more than 50% that also
    /// adds more than the threshold (the annual one for an annual subscription); or a second increase
    /// without consent within a year of `lastWithoutConsent`.
    public func requiresConsent(in territory: String, from current: Decimal, to new: Decimal, annual: Bool,
                                lastWithoutConsent: Date?, now: Date) -> Bool {
        if alwaysRequiredIn.contains(territory) { return true }
        guard let threshold = threshold(in: territory) else { return true }
        let difference = new - current
        if difference > current * Self.share, difference > (annual ? threshold.annual : threshold.perPeriod) { return true }
        if let last = lastWithoutConsent, now < last.addingTimeInterval(Self.interval) { return true }
        return false
    }
}
