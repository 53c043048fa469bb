import Foundation
import Testing
import StoreModel
@testable import StoreUI

/// A line break never falls inside a price, a number or a date ("¥12,00" / "0/年" must not happen):
/// at every width from 40 to 200 columns, in every language, on every screen that wraps billing terms.
@Suite("No price, number or date breaks across lines")
struct NoBreakTests {
    static let locales = [("en_US", "USA"), ("de_DE", "DEU"), ("fr_FR", "FRA"), ("ja_JP", "JPN")]

    /// Every price, price per period, date and percentage the screens can show for the sample catalog
    /// in a territory, formatted as the app formats them.
    static func tokens(_ app: AppState) -> Set<String> {
        var tokens: Set<String> = []
        let territory = app.store.territory
        let catalog = app.store.catalog
        let now = app.store.now
        var dates: [Date] = [now]
        for product in catalog.products {
            var amounts: [(Decimal, SubscriptionPeriod?)] = []
            if let price = product.price(in: territory) { amounts.append((price, product.subscription?.period)) }
            if let perMonth = catalog.perMonthPrice(of: product, in: territory) { amounts.append((perMonth, nil)) }
            if let saving = catalog.savingsAgainstMonthly(of: product, in: territory) { tokens.insert(app.prices.percent(saving)) }
            let offers = [product.subscription?.introductoryOffer].compactMap { $0 } + (product.subscription?.promotionalOffers ?? [])
            for offer in offers {
                if let amount = offer.price(in: territory), amount > 0 { amounts.append((amount, offer.paymentMode == .payAsYouGo ? offer.period : nil)) }
                dates.append(offer.totalDuration.added(to: now))
            }
            if let period = product.subscription?.period { dates.append(period.added(to: now)) }
            if let duration = product.duration { dates.append(duration.added(to: now)) }
            for (amount, period) in amounts {
                tokens.insert(app.price(amount))
                if let period { tokens.insert(app.price(amount) + app.strings.perPeriod(period)) }
            }
        }
        for date in dates { tokens.insert(app.date(date)) }
        // On screen a no-break space is a space.
        return Set(tokens.map { $0.replacingOccurrences(of: "\u{00A0}", with: " ") })
    }

    /// The tokens that the screen shows, but only cut across two lines.
    /// The tokens, looked up by each of their beginnings: a token cut across two lines begins with the
    /// end of the first line, so each line's ends are looked up rather than every token searched for in
    /// the whole screen (the test looks at 22,000 screens).
    struct Tokens {
        var byBeginning: [String: [String]] = [:]
        var longest = 0
        init(_ tokens: Set<String>) {
            for token in tokens where token.count > 1 {
                longest = max(longest, token.count)
                for length in 1..<token.count { byBeginning[String(token.prefix(length)), default: []].append(token) }
            }
        }
    }

    /// The tokens that the screen shows, but only cut across two lines (joined with or without a space).
    static func broken(_ grid: Grid, _ tokens: Tokens) -> [String] {
        let lines = grid.text.split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " │║|")) }
        var cut: Set<String> = []
        for (line, next) in zip(lines, lines.dropFirst()) where !line.isEmpty && !next.isEmpty {
            for length in 1..<min(tokens.longest, line.count + 1) {
                for token in tokens.byBeginning[String(line.suffix(length))] ?? [] {
                    let rest = token.dropFirst(length)
                    if next.hasPrefix(rest) || (rest.first == " " && rest.count > 1 && next.hasPrefix(rest.dropFirst())) { cut.insert(token) }
                }
            }
        }
        return cut.filter { token in !lines.contains { $0.contains(token) } }.sorted()
    }

    /// The screens that wrap billing terms, for every product: its detail view and its confirmation sheet.
    static func screens(_ app: AppState) -> [(String, Grid)] {
        var screens: [(String, Grid)] = [("store", app.view())]
        for product in app.store.catalog.products {
            var detail = app
            detail.open(.detail(DetailScreen.State(productID: product.id)))
            screens.append(("detail \(product.id)", detail.view()))
            detail.press(.character("b"))
            if detail.isSheetOpen { screens.append(("sheet \(product.id)", detail.view())) }
        }
        // The sign-up screen, scrolled through page by page.
        var signup = app
        signup.follow(.signup(groupID: nil))
        for page in 0..<6 {
            screens.append(("sign-up page \(page)", signup.view()))
            signup.press(.pageDown)
        }
        return screens
    }

    @Test("the cut finder finds a price or date cut across two lines, with or without a space, and not one shown whole")
    func cutFinderWorks() {
        func grid(_ lines: [String]) -> Grid {
            var grid = Grid(size: Size(columns: 30, rows: lines.count))
            for (row, line) in lines.enumerated() { _ = grid.put(line, row: row, column: 0, role: .normal) }
            return grid
        }
        let tokens = Tokens(["12,99 €", "¥1,200", "Nov 21, 2026"])
        #expect(Self.broken(grid(["Pro: 12,99", "€ per month"]), tokens) == ["12,99 €"])
        #expect(Self.broken(grid(["Pro: ¥1,2", "00 a month"]), tokens) == ["¥1,200"])
        #expect(Self.broken(grid(["renews Nov", "21, 2026 and"]), tokens) == ["Nov 21, 2026"])
        #expect(Self.broken(grid(["Pro: 12,99 €", "renews Nov 21, 2026"]), tokens).isEmpty)
        #expect(Self.broken(grid(["12,99 € a month, or", "12,99", "€ a year"]), tokens).isEmpty, "shown whole elsewhere")
    }

    @Test("at every width from 40 to 200, in every language", arguments: locales.map { "\($0.0)/\($0.1)" })
    func everyWidth(_ pair: String) {
        let (locale, territory) = (String(pair.split(separator: "/")[0]), String(pair.split(separator: "/")[1]))
        let tokens = Tokens(Self.tokens(Sample.app(locale: locale, territory: territory)))
        var failures: [String] = []
        for columns in 40...200 {
            let app = Sample.app(Size(columns: columns, rows: 30), locale: locale, territory: territory)
            for (name, grid) in Self.screens(app) {
                let cut = Self.broken(grid, tokens)
                if !cut.isEmpty { failures.append("\(columns) columns, \(name): \(cut)") }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
    }
}
