import CatalogFormats
import Foundation
import StoreModel
@testable import StoreUI
import Testing

enum Sample {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let catalog: Catalog = try! CatalogLoader.load(contentsOf: repository.appendingPathComponent("SampleCatalog.json"))
    static let start = try! Date("2026-11-21T09:00:00Z", strategy: .iso8601)

    /// The app on the sample catalog at a fixed instant, size and locale.
    static func app(_ size: Size = Size(columns: 80, rows: 24), locale: String = "en_US", territory: String = "USA",
                    gate: PaymentGate = .allowed) -> AppState {
        let store = AppStore(catalog: catalog, territory: catalog.territory(territory)!, now: start, gate: gate)
        return AppState(store: store, locale: Locale(identifier: locale), size: size)
    }

    static func theme(_ name: String) throws -> Theme {
        let data = try Data(contentsOf: repository.appendingPathComponent("Themes/\(name).json"))
        return try ThemeLoader.load(data, fallbackName: name)
    }
}

extension AppState {
    /// Sends keys as a person would type them.
    mutating func press(_ keys: Key...) {
        for key in keys { _ = update(.key(key)) }
    }

    mutating func type(_ text: String) {
        for character in text { _ = update(.key(.character(character))) }
    }

    /// The store's selected product (the store screen's own state).
    var selection: String? { storeScreen.selection }
    /// The quantity the picker shows for a consumable: the detail view's when it is open on it, else the store's.
    func quantity(of productID: String) -> Int {
        if case .detail(let screen) = top, screen.productID == productID { return screen.quantity }
        return storeScreen.quantity(of: productID)
    }
    /// How far the open key help is scrolled; nil when it is not open.
    var helpOffset: Int? { if case .help(let help) = overlay { help.offset } else { nil } }
    /// The inspector table's selection, where it is open.
    var inspectorSelection: UInt64? {
        for case .transactions(let screen) in screens.reversed() { return screen.selection }
        return nil
    }
    /// The stack, as kinds of screen.
    var kinds: [ScreenKind] { screens.map(\.kind) }

    /// Moves the selection to a product by id, with the arrow keys.
    mutating func select(_ productID: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for _ in 0..<40 where selection != productID { press(.down) }
        #expect(selection == productID, "could not reach \(productID)", sourceLocation: sourceLocation)
    }
}

/// Goldens guard layout, in the two scripts whose layout differs: English (Latin text, one cell a
/// character) and Japanese (wide text, two cells). A screen in another language is checked for what it
/// says rather than letter by letter, so a change of copy does not rewrite goldens in every language:
/// its footer speaks that language (every key's words are the language's own, from its table), and the
/// tables themselves are checked in StringsTests. Before this, 254 goldens in Spanish, Chinese, German
/// and French changed with copy, 355 times in the month (issue 52).
let layoutLocales: Set<String> = ["en_US", "ja_JP"]

/// A golden named for a locale (`…-es_ES-80x24`) outside `layoutLocales`, or given one, is checked by
/// what it says (`expectFooterSpeaks`), not against a file.
func expectScreen(_ grid: Grid, _ name: String, locale: String, sourceLocation: SourceLocation = #_sourceLocation) {
    if layoutLocales.contains(locale) {
        compareWithGolden(grid, name, sourceLocation: sourceLocation)
    } else {
        expectFooterSpeaks(grid, locale: locale, name, sourceLocation: sourceLocation)
    }
}

/// Every entry of the footer (`KEY words`, two spaces apart) says its words in the locale's language.
func expectFooterSpeaks(_ grid: Grid, locale: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let problems = footerProblems(grid, locale: locale)
    #expect(problems.isEmpty, "\(name): \(problems.joined(separator: "; "))\n\(grid.text)", sourceLocation: sourceLocation)
}

/// What in the footer is not the locale's words for a key (or there is no footer).
func footerProblems(_ grid: Grid, locale: String) -> [String] {
    let strings = Strings.forLocale(Locale(identifier: locale))
    let words = Set(Action.allCases.map { strings.actionHelp($0) })
    let footer = grid.text.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
    let entries = footer.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ").filter { !$0.isEmpty }
    if entries.isEmpty { return ["no footer"] }
    return entries.compactMap { entry in
        let said = entry.split(separator: " ", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
        return words.contains(said) ? nil : "the footer's \"\(entry)\" is not \(locale)'s words for a key"
    }
}

/// Compares a screen with a golden text file in Tests/StoreUITests/Goldens. With STOREFRONT_RECORD=1
/// the file is written instead (then review the diff and commit it).
func expectGolden(_ grid: Grid, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    if let match = name.range(of: "-[a-z]{2}_[A-Z]{2}-", options: .regularExpression) {
        expectScreen(grid, name, locale: String(name[match].dropFirst().dropLast()), sourceLocation: sourceLocation)
    } else {
        compareWithGolden(grid, name, sourceLocation: sourceLocation)
    }
}

private func compareWithGolden(_ grid: Grid, _ name: String, sourceLocation: SourceLocation) {
    let url = Sample.repository.appendingPathComponent("Tests/StoreUITests/Goldens/\(name).txt")
    let actual = grid.text + "\n"
    if ProcessInfo.processInfo.environment["STOREFRONT_RECORD"] == "1" {
        try? actual.write(to: url, atomically: true, encoding: .utf8)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("no golden file \(name).txt; run with STOREFRONT_RECORD=1 to create it", sourceLocation: sourceLocation)
        return
    }
    #expect(actual == expected, "screen differs from Goldens/\(name).txt:\n\(actual)", sourceLocation: sourceLocation)
}
