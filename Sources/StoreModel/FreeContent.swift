import Foundation

/// The app's free area (HIG "Metered paywall"): a few items anyone may open, up to a number per
/// calendar month of the simulated clock, unless a subscription of `groupID` unlocks them.
public struct FreeContent: Sendable {
    /// The area's title ("Trail Guides").
    public var title: LocalizedText
    /// How many different items a non-subscriber may open per calendar month (UTC).
    public var monthlyFreeLimit: Int
    /// The subscription group that unlocks the area: its pitch decides whether the limit applies.
    public var groupID: String
    public var items: [FreeItem]
    private var positions: [String: Int] = [:]

    public init(title: LocalizedText, monthlyFreeLimit: Int, groupID: String, items: [FreeItem]) {
        self.title = title
        self.monthlyFreeLimit = monthlyFreeLimit
        self.groupID = groupID
        self.items = items
        for (position, item) in items.enumerated() where positions[item.id] == nil { positions[item.id] = position }
    }

    public func item(_ id: String) -> FreeItem? { positions[id].map { items[$0] } }
}

/// One free item: a title and a body of plain paragraphs (separated by a blank line).
public struct FreeItem: Sendable, Identifiable {
    public var id: String
    public var title: LocalizedText
    public var body: LocalizedText

    public init(id: String, title: LocalizedText, body: LocalizedText) {
        self.id = id
        self.title = title
        self.body = body
    }
}

/// The pages shown on a first launch (HIG "Call attention to subscription benefits during
/// onboarding"), ending in the sign-up screen of `groupID`.
public struct Onboarding: Sendable {
    public var groupID: String
    public var pages: [Page]

    public struct Page: Sendable {
        public var title: LocalizedText
        public var body: LocalizedText

        public init(title: LocalizedText, body: LocalizedText) {
            self.title = title
            self.body = body
        }
    }

    public init(groupID: String, pages: [Page]) {
        self.groupID = groupID
        self.pages = pages
    }
}

/// A calendar month in UTC, the unit the free limit counts in.
public struct Month: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int

    public init(year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The month an instant falls in, in UTC.
    public init(containing date: Date) {
        let parts = Self.utc.dateComponents([.year, .month], from: date)
        self.init(year: parts.year!, month: parts.month!)
    }

    /// "2026-11", as the ledger stores it.
    public var description: String {
        (year < 1000 ? String(repeating: "0", count: 4 - String(year).count) : "") + "\(year)-" + (month < 10 ? "0" : "") + "\(month)"
    }

    /// Reads "2026-11"; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), (1...9999).contains(year), (1...12).contains(month) else { return nil }
        self.init(year: year, month: month)
    }

    /// The month after this one.
    public var following: Month { month == 12 ? Month(year: year + 1, month: 1) : Month(year: year, month: month + 1) }

    /// Midnight UTC on the month's first day: when its free reads start.
    public var start: Date { Self.utc.date(from: DateComponents(year: year, month: month, day: 1))! }

    public static func < (a: Month, b: Month) -> Bool { (a.year, a.month) < (b.year, b.month) }
}

/// Which free items were opened in which month: the metered paywall's count. Keyed by month, so the
/// count for a month and "was this item opened this month" are one lookup each, whatever the history.
public struct FreeReads: Sendable, Equatable {
    /// One item opened in one month; the first opening's instant.
    public struct Read: Sendable, Hashable {
        public var month: Month
        public var itemID: String
        public var date: Date

        public init(month: Month, itemID: String, date: Date) {
            self.month = month
            self.itemID = itemID
            self.date = date
        }

        public var key: Key { Key(month: month, itemID: itemID) }
    }

    /// What identifies a read: an item in a month (opening it again that month is the same read).
    public struct Key: Sendable, Hashable {
        public var month: Month
        public var itemID: String
    }

    /// Month → item id → when it was first opened that month.
    private(set) var byMonth: [Month: [String: Date]] = [:]

    public init() {}

    /// How many different items were opened in the month.
    public func count(in month: Month) -> Int { byMonth[month]?.count ?? 0 }

    public func contains(_ itemID: String, in month: Month) -> Bool { byMonth[month]?[itemID] != nil }

    public func read(_ key: Key) -> Read? {
        byMonth[key.month]?[key.itemID].map { Read(month: key.month, itemID: key.itemID, date: $0) }
    }

    /// Every read, oldest month first: for tests and the ledger's first write.
    public var all: [Read] {
        byMonth.keys.sorted().flatMap { month in
            byMonth[month]!.map { Read(month: month, itemID: $0.key, date: $0.value) }.sorted { ($0.date, $0.itemID) < ($1.date, $1.itemID) }
        }
    }

    /// Records an opening; false (and nothing changes) if the item was already opened that month.
    @discardableResult
    mutating func insert(_ read: Read) -> Bool {
        guard byMonth[read.month]?[read.itemID] == nil else { return false }
        byMonth[read.month, default: [:]][read.itemID] = read.date
        return true
    }
}

extension AppStore {
    /// The calendar month (UTC) of the simulated present.
    public var currentMonth: Month { Month(containing: now) }

    /// Free items opened this month.
    public var freeReadsThisMonth: Int { freeReads.count(in: currentMonth) }

    /// How many more different free items may be opened this month without a subscription; nil when the
    /// catalog has no free area.
    public var freeReadsLeft: Int? {
        catalog.freeContent.map { max(0, $0.monthlyFreeLimit - freeReadsThisMonth) }
    }

    /// Whether the item was opened this month already (opening it again costs nothing).
    public func hasRead(_ itemID: String) -> Bool { freeReads.contains(itemID, in: currentMonth) }
}

/// The free area's reads and onboarding, as the account records them.
extension AppStore {
    /// Counts a free item as opened now, once per calendar month (opening it again that month does not
    /// count). Whether it may be opened is the caller's question for `pitch(forGroup:)`.
    public mutating func recordFreeRead(_ itemID: String) {
        let read = FreeReads.Read(month: currentMonth, itemID: itemID, date: now)
        if freeReads.insert(read) { unsavedChanges.freeReads.insert(read.key) }
    }

    /// A read brought back from a saved ledger, as it was first recorded.
    public mutating func restoreFreeRead(_ read: FreeReads.Read) { freeReads.insert(read) }

    /// Onboarding was shown: a ledger does not show it again.
    public mutating func markOnboardingShown() { onboardingShown = true }
}
