import Foundation

/// A length of time written as an ISO 8601 duration with one unit: P3D, P1W, P1M, P6M, P1Y.
/// Subscriptions, offers and non-renewing passes all measure time this way, as App Store Connect does.
public struct SubscriptionPeriod: Sendable, Hashable, CustomStringConvertible {
    public enum Unit: String, Sendable, CaseIterable {
        case day = "D", week = "W", month = "M", year = "Y"
    }

    public var value: Int
    public var unit: Unit

    public init(value: Int, unit: Unit) {
        self.value = value
        self.unit = unit
    }

    /// Parses `P<n><D|W|M|Y>`. Returns nil for anything else (mixed units, times, zero or negative).
    /// Read as bytes: "P", ASCII digits, one unit letter (a catalog of 100,000 products has about
    /// 200,000 periods, and Characters made this a twentieth of reading one).
    public init?(iso8601 text: String) {
        var text = text
        guard let (value, unit) = text.withUTF8(Self.parse) else { return nil }
        self.init(value: value, unit: unit)
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int, Unit)? {
        guard bytes.count >= 3, bytes[0] == UInt8(ascii: "P") else { return nil }
        let unit: Unit
        switch bytes[bytes.count - 1] {
        case UInt8(ascii: "D"): unit = .day
        case UInt8(ascii: "W"): unit = .week
        case UInt8(ascii: "M"): unit = .month
        case UInt8(ascii: "Y"): unit = .year
        default: return nil
        }
        var value = 0
        for byte in bytes[1..<bytes.count - 1] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            // Leading zeros are allowed (P01M); past 100 it is refused anyway, so stop growing there.
            value = min(value * 10 + Int(byte - UInt8(ascii: "0")), 1_000)
        }
        guard value > 0, value <= 100 else { return nil }
        return (value, unit)
    }

    public static let oneWeek = SubscriptionPeriod(value: 1, unit: .week)
    public static let oneMonth = SubscriptionPeriod(value: 1, unit: .month)
    public static let sixMonths = SubscriptionPeriod(value: 6, unit: .month)
    public static let oneYear = SubscriptionPeriod(value: 1, unit: .year)

    public var description: String { "P\(value)\(unit.rawValue)" }

    /// How many months the period spans, for per-month price breakdowns. Nil for periods counted in
    /// days or weeks, which do not divide into months.
    public var months: Int? {
        switch unit {
        case .month: value
        case .year: value * 12
        case .day, .week: nil
        }
    }

    /// Rough length in days, for ordering periods (a week is shorter than a month).
    public var approximateDays: Int {
        switch unit {
        case .day: value
        case .week: value * 7
        case .month: value * 30
        case .year: value * 365
        }
    }

    /// The same period repeated `count` times (an offer of 3 × P1M lasts P3M).
    public func times(_ count: Int) -> SubscriptionPeriod {
        SubscriptionPeriod(value: value * count, unit: unit)
    }

    /// The instant this period after `date`, on the Gregorian calendar in UTC so renewals do not shift
    /// with the viewer's time zone. Month ends clamp (31 January + P1M = 28 or 29 February).
    public func added(to date: Date) -> Date {
        var components = DateComponents()
        switch unit {
        case .day: components.day = value
        case .week: components.day = value * 7
        case .month: components.month = value
        case .year: components.year = value
        }
        return Self.calendar.date(byAdding: components, to: date) ?? date
    }

    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
