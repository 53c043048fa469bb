import Foundation
import StoreModel
@testable import StoreUI
import Testing
import TextSafety

/// Catalog text is untrusted: whatever it holds, no control character reaches the terminal.
@Suite("Hostile text")
struct HostileTextTests {
    /// Escape sequences (title, clear screen, colour), C1 controls, bidi overrides, and lines.
    static let hostile = "Evil\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[31mRed\u{9B}31m\u{85}C1 \u{202E}desrever\u{2066}x\u{2069}\r\nline\ttab\u{7F}"

    /// The sample catalog with every name and description replaced by hostile text (built in code, so
    /// the catalog linter that would reject it is bypassed).
    static func app(_ size: Size, locale: String = "en_US") -> AppState {
        var catalog = Sample.catalog
        catalog.app.name = LocalizedText(["en": hostile + " app", "ja": hostile + " アプリ"])
        for index in catalog.products.indices {
            catalog.products[index].name = LocalizedText(["en": hostile + " \(index)", "ja": "名前\(hostile)\(index)"])
            catalog.products[index].description = LocalizedText(["en": hostile, "ja": hostile])
        }
        for index in catalog.subscriptionGroups.indices {
            catalog.subscriptionGroups[index].name = LocalizedText(["en": hostile])
        }
        let store = AppStore(catalog: catalog, territory: catalog.territory("USA")!, now: Sample.start)
        return AppState(store: store, locale: Locale(identifier: locale), size: size)
    }

    func expectSafe(_ grid: Grid, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for cell in grid.cells {
            guard let character = cell.character else { continue }
            #expect(!character.unicodeScalars.contains(where: UntrustedText.isForbidden),
                    "\(what): \(character.unicodeScalars.map { $0.value })", sourceLocation: sourceLocation)
        }
    }

    @Test("hostile names never put a control character or bidi override in any cell",
          arguments: [Size(columns: 80, rows: 24), Size(columns: 40, rows: 12)], ["en_US", "ja_JP"])
    func screens(_ size: Size, _ locale: String) {
        var app = Self.app(size, locale: locale)
        expectSafe(app.view(), "store")
        #expect(app.view().text.contains("\u{FFFD}"), "the hostile characters show, visibly")
        app.press(.enter)
        expectSafe(app.view(), "detail")
        app.press(.character("b"))
        expectSafe(app.view(), "sheet")
        app.press(.tab, .enter)
        expectSafe(app.view(), "result")
        app.press(.enter, .escape, .character("t"))
        expectSafe(app.view(), "transactions")
        app.press(.enter)
        expectSafe(app.view(), "transaction")
        app.press(.character("?"))
        expectSafe(app.view(), "help")
        app.notice = Self.hostile
        expectSafe(app.view(), "notice")
    }

    @Test("the plain-text store has no control character but its own tabs and line ends")
    func plainText() {
        let text = StoreScreen.plainText(Self.app(Size(columns: 80, rows: 24)))
        for line in text.split(separator: "\n") {
            for scalar in line.unicodeScalars where scalar != "\t" {
                #expect(!UntrustedText.isForbidden(scalar), "\(line)")
            }
            #expect(line.split(separator: "\t").count <= 3, "hostile text adds no field: \(line)")
        }
        #expect(text.contains("Evil\u{FFFD}]0;pwned"))
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("  \u{FFFD}") || $0.contains("line") }.allSatisfy { $0.contains("Evil") })
    }
}

/// A name is cut only where it does not fit; one long name does not reshape the other rows.
@Suite("Name column")
struct NameColumnTests {
    static let long = "Trail Boost Mega Bundle With Every Map And Route Included Forever Edition"

    func app(_ size: Size, longName: Bool) -> AppState {
        var catalog = Sample.catalog
        if longName {
            let index = catalog.products.firstIndex { $0.id == "com.trailhead.boost.small" }!
            catalog.products[index].name = LocalizedText(["en": Self.long])
        }
        let store = AppStore(catalog: catalog, territory: catalog.territory("USA")!, now: Sample.start)
        return AppState(store: store, locale: Locale(identifier: "en_US"), size: size)
    }

    @Test("a very long name is ellipsized in its own row only; every other row is drawn as before",
          arguments: [Size(columns: 80, rows: 24), Size(columns: 120, rows: 30), Size(columns: 40, rows: 12)])
    func longNameStaysInItsRow(_ size: Size) {
        var plain = app(size, longName: false), long = app(size, longName: true)
        plain.press(.down)
        long.press(.down)
        let before = plain.view().text.split(separator: "\n"), after = long.view().text.split(separator: "\n")
        let row = try! #require(after.firstIndex { $0.contains("Trail Boost Mega") })
        #expect(after[row].contains("$0.99 each"), "the price still shows: \(after[row])")
        #expect(after[row].contains("…") != after[row].contains(Self.long), "cut visibly, and only if it does not fit: \(after[row])")
        #expect(after[row].contains("…") == (size.columns < 100))
        #expect(TextWidth.of(String(after[row])) <= size.columns)
        for (index, line) in after.enumerated() where index != row {
            #expect(line == before[index], "row \(index) changed:\n\(before[index])\n\(line)")
        }
    }

    @Test("a name that fits is never cut, even beside a long one")
    func fittingNamesWhole() {
        var app = app(Size(columns: 80, rows: 24), longName: true)
        for product in StoreScreen.selectableProducts(app) where product.id != "com.trailhead.boost.small" {
            app.select(product.id)
            #expect(app.view().text.contains(app.name(product)), "\(app.name(product)) was cut")
        }
        #expect(app.view().text.contains(String(Self.long.prefix(40))))
    }
}
