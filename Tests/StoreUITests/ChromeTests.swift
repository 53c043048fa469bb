import Foundation
import Testing
import StoreModel
@testable import StoreUI

/// The frame around every screen: the footer's keys, the `?` help, notices.
@Suite("Footer, help and notices")
struct ChromeTests {
    static let locales = ["en_US", "de_DE", "fr_FR", "ja_JP"]

    func footer(_ app: AppState) -> String { String(app.view().text.split(separator: "\n").last ?? "") }

    /// The app on each screen that has a footer: store, detail, sheet, result, scenario, inspector.
    func screens(_ size: Size, locale: String) -> [(String, AppState)] {
        var app = Sample.app(size, locale: locale)
        var all = [("store", app)]
        app.press(.enter); all.append(("detail", app))
        app.press(.escape, .character("b")); all.append(("sheet", app))
        app.press(.tab, .enter); all.append(("result", app))
        app.press(.enter, .character("s")); all.append(("scenario", app))
        app.press(.character("t")); all.append(("transactions", app))
        app.press(.enter); all.append(("transaction", app))
        return all
    }

    @Test("the footer never hides how to reach help, at any width, in any language",
          arguments: [40, 44, 50, 60, 80, 120], locales)
    func helpAlwaysReachable(_ columns: Int, _ locale: String) {
        for (name, app) in screens(Size(columns: columns, rows: 14), locale: locale) {
            let keys = "? " + app.strings.actionHelp(.help)
            #expect(footer(app).contains(keys), "\(name) at \(columns) columns in \(locale): \(footer(app))")
            #expect(TextWidth.of(footer(app)) <= columns)
        }
    }

    @Test("the footer keeps the most important keys that fit, shown in their usual order")
    func footerByImportance() {
        let strings = Strings.forLocale(Locale(identifier: "en_US"))
        func binding(_ label: String, _ action: Action, _ importance: Importance) -> Binding {
            Binding(keys: [.character(label.first!)], label: label, action: action, importance: importance)
        }
        let bindings = [binding("s", .scenario, .low), binding("b", .buy, .high), binding("x", .delete, .helpOnly),
                        binding("?", .help, .essential), binding("t", .transactions, .low), binding("q", .quit, .high)]
        let all = Chrome.footerHints(bindings, strings: strings, width: 200).map(\.label)
        #expect(all == ["s", "b", "?", "t", "q"], "everything but help-only, in table order")
        // " b buy  ? keys  q quit" is 22 columns: the low-importance s and t go first.
        #expect(Chrome.footerHints(bindings, strings: strings, width: 22).map(\.label) == ["b", "?", "q"])
        #expect(Chrome.footerHints(bindings, strings: strings, width: 14).map(\.label) == ["b", "?"])
        #expect(Chrome.footerHints(bindings, strings: strings, width: 13).map(\.label) == ["?"])
        #expect(Chrome.footerHints(bindings, strings: strings, width: 3).map(\.label) == ["?"], "help shows even when nothing fits")
        // The store at 40 columns: moving, opening, buying, help and quitting; not the QA tools.
        let store = footer(Sample.app(Size(columns: 40, rows: 12)))
        #expect(store == " ↑↓ move  ⏎ open  b buy  ? keys  q quit")
    }

    @Test("the ? help scrolls where it does not fit, shows that it can, and every key can be read",
          arguments: [Size(columns: 40, rows: 12), Size(columns: 80, rows: 24)], locales)
    func helpScrolls(_ size: Size, _ locale: String) {
        var app = Sample.app(size, locale: locale)
        app.press(.character("?"))
        let wanted = app.bindings(for: .store).filter { !$0.keys.isEmpty } + Keymap.global
        var seen = app.view().text
        #expect(!seen.contains("▲"), "at the top nothing is above")
        #expect(footer(app).contains(app.strings.actionHelp(.scroll)), "the footer says it scrolls")
        let frame = app.view().text.split(separator: "\n")
        #expect(frame.contains { $0.contains("▼") && $0.contains("┘") }, "the frame shows more below")
        for _ in 0..<40 {
            app.press(.character("j"))
            seen += app.view().text
        }
        for binding in wanted {
            #expect(seen.contains(binding.label + " ") && seen.contains(app.strings.actionHelp(binding.action)),
                    "\(binding.label) is never shown in \(locale) at \(size)")
        }
        #expect(app.view().text.split(separator: "\n").contains { $0.contains("▲") && $0.contains("┐") }, "at the end, more above")
        #expect(app.view().text.contains("Ctrl-C"), "j scrolled to the last key")
        app.press(.home)
        #expect(app.helpOffset == 0)
        app.press(.end)
        let bottom = app.helpOffset ?? 0
        #expect(bottom > 0)
        app.press(.pageUp, .pageUp, .pageUp, .pageUp, .pageUp, .pageUp, .pageUp, .pageUp)
        #expect(app.helpOffset == 0)
        app.press(.pageDown)
        #expect((app.helpOffset ?? 0) > 0)
        app.press(.character("k"), .up, .character("G"))
        #expect(app.helpOffset == bottom)
        app.press(.escape)
        #expect(app.overlay == nil, "Esc closes the help")
        app.press(.character("?"))
        #expect(app.helpOffset == 0, "the help opens at the top again")
        app.press(.character("?"))
        #expect(app.overlay == nil, "? closes it too")
    }

    @Test("where the help fits, it does not scroll and its footer offers no scrolling")
    func helpFits() {
        var app = Sample.app(Size(columns: 80, rows: 24))
        app.press(.character("b"), .character("?"))
        let grid = app.view()
        let box = Overlays.helpLayout(app, for: .sheet).rect
        for y in box.row..<box.row + box.height {
            for x in box.column..<box.column + box.width {
                #expect(grid[y, x].character != "▲" && grid[y, x].character != "▼")
            }
        }
        #expect(footer(app) == " Esc close")
        app.press(.down)
        #expect(app.helpOffset == 0)
    }

    @Test("Ctrl-L is listed in every help and changes nothing in the app, not even the notice")
    func redraw() {
        var app = Sample.app(Size(columns: 120, rows: 40))
        app.press(.character("?"))
        #expect(app.view().text.contains("Ctrl-L  redraw the screen"))
        app.press(.escape, .down, .character("s"))
        app.notice = "Something happened."
        let before = app.view()
        #expect(app.update(.key(.control("l"))) == [])
        #expect(app.view() == before)
        #expect(app.notice == "Something happened.")
        #expect(app.kinds == [.store, .scenario])
    }

    @Test("a long notice wraps to a second line instead of cutting the reason; the body gives up one row",
          arguments: locales, [Size(columns: 40, rows: 12), Size(columns: 80, rows: 24)])
    func noticeWraps(_ locale: String, _ size: Size) {
        var app = Sample.app(size, locale: locale)
        let reason = String(repeating: "disk is full ", count: size.columns / 20) + "(ENOSPC)"
        app.notice = app.strings.qa.notSaved(reason)
        #expect(TextWidth.of(app.notice!) > size.columns - 2, "the notice needs two lines")
        let rows = app.view().text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let shown = rows[rows.count - 3] + " " + rows[rows.count - 2]
        let words = app.notice!.split(separator: " ")
        #expect(words.allSatisfy { shown.contains($0) }, "every word of the notice shows: \(shown)")
        #expect(shown.contains("(ENOSPC)"))
        #expect(rows.last!.contains("? "), "the footer stays")
        #expect(Chrome.body(app).height == Chrome.body(Sample.app(size, locale: locale)).height - 1)
        app.notice = "Short."
        #expect(Chrome.body(app).height == Chrome.body(Sample.app(size, locale: locale)).height, "a one-line notice takes no body row")
    }
}
