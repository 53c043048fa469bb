import Foundation

/// One grammar for every duration a script's verb or a command-line option takes: a positive number
/// and a unit, `ms`, `s`, `m` or `min` (minutes), `h`, `d`, `w`, `mo` (months) or `y`, like `90m`, `20h`,
/// `2w`, `1mo`; or ISO 8601, one date unit (`P1M`, `P2W`) or time units (`PT20H`, `PT1H30M`, `PT90S`).
/// A bare number is seconds. Days, weeks, months and years are calendar time (UTC); the rest exact.
public enum DurationText {
    public enum Span: Sendable, Equatable {
        /// Calendar time: a month is a month, however many days it has.
        case calendar(SubscriptionPeriod)
        /// Exact seconds.
        case seconds(Double)

        /// Its length in seconds where it has a fixed one (a day and a week in UTC do); nil for months and years.
        public var seconds: Double? {
            switch self {
            case .seconds(let seconds): seconds
            case .calendar(let period) where period.unit == .day: Double(period.value) * 86_400
            case .calendar(let period) where period.unit == .week: Double(period.value) * 604_800
            case .calendar: nil
            }
        }
    }

    /// The examples the messages give.
    public static let examples = "90m, 20h, 2d, 1w, 1mo, 1y, or ISO 8601 like PT20H or P1M"

    public static func parse(_ text: String) -> Span? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("P") { return iso8601(text) }
        let units: [(String, Double?, SubscriptionPeriod.Unit?)] = [
            ("ms", 0.001, nil), ("min", 60, nil), ("mo", nil, .month), ("s", 1, nil), ("m", 60, nil), ("h", 3_600, nil),
            ("d", nil, .day), ("w", nil, .week), ("y", nil, .year),
        ]
        for (suffix, seconds, unit) in units where text.hasSuffix(suffix) {
            let number = String(text.dropLast(suffix.count))
            if let seconds {
                guard let value = Double(number), value > 0, value * seconds < 1e9, number.first?.isNumber == true else { return nil }
                return .seconds(value * seconds)
            }
            guard let value = Int(number), value > 0, value <= 10_000, let unit else { return nil }
            return .calendar(SubscriptionPeriod(value: value, unit: unit))
        }
        guard let seconds = Double(text), seconds > 0, seconds < 1e9, text.first?.isNumber == true else { return nil }
        return .seconds(seconds)
    }

    /// `P…` with one date unit (a calendar span) or `PT…` with hours, minutes and seconds (exact).
    private static func iso8601(_ text: String) -> Span? {
        guard text.hasPrefix("PT") else {
            guard let period = SubscriptionPeriod(iso8601: text), period.value > 0, period.value <= 10_000 else { return nil }
            return .calendar(period)
        }
        var seconds = 0.0, number = "", seen = false
        for character in text.dropFirst(2) {
            if character.isNumber || character == "." { number.append(character); continue }
            let scale: Double
            switch character {
            case "H": scale = 3_600
            case "M": scale = 60
            case "S": scale = 1
            default: return nil
            }
            guard let value = Double(number) else { return nil }
            seconds += value * scale
            (number, seen) = ("", true)
        }
        guard seen, number.isEmpty, seconds > 0, seconds < 1e9 else { return nil }
        return .seconds(seconds)
    }
}
