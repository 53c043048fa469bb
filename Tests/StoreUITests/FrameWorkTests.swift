import Foundation
import Testing
import StoreModel
@testable import StoreUI

/// What a frame costs, counted (issue 33): prices formatted by Foundation once, the language table shared
/// by every copy of the app state, no frame worked out on a turn where nothing changed. Nothing is timed.
@Suite("work per frame")
struct FrameWorkTests {
    @Test("a cell is plain data: copying and comparing a grid's cells retains and releases nothing")
    func cellsArePlainData() {
        // A Character in each cell made every copy, overwrite and comparison of a frame's 1,920 cells
        // reference-count it: about a quarter of a key's instructions in the store (issue 33).
        #expect(_isPOD(Cell.self))
        #expect(MemoryLayout<Cell>.stride <= 8)
    }

    @Test("a cell keeps any character it is given: one scalar as its value, a cluster by a number kept for the process")
    func cellsKeepTheirCharacters() {
        var grid = Grid(size: Size(columns: 12, rows: 2))
        grid.put("a日é👍🏽🇯🇵", row: 0, column: 0, role: .normal)
        grid.put("e\u{301}x", row: 1, column: 0, role: .price)
        #expect(grid.text == "a日é👍🏽🇯🇵\ne\u{301}x")
        #expect(grid[0, 2].isContinuation && grid[0, 2].character == nil)
        // The same cluster in another grid is the same cell, so a row compares equal to the last frame's.
        var other = Grid(size: Size(columns: 12, rows: 2))
        other.put("e\u{301}x", row: 1, column: 0, role: .price)
        #expect(grid[1, 0] == other[1, 0])
        #expect(grid[1, 0] != Cell(character: "e", role: .price))
        #expect(Cell(character: "👍🏽", role: .normal).character == "👍🏽")
        #expect(GlyphCode.text(GlyphCode.code(for: "👨\u{200D}")) == "👨\u{200D}")
    }

    @Test("a price's text is made by Foundation once: moving through the store and back formats no price again")
    func pricesFormattedOnce() {
        // A locale no other test uses, so the count is this test's alone (the table is shared by the process).
        let locale = "ga_IE"
        var state = AppState(store: AppStore(catalog: Sample.catalog, territory: Sample.catalog.territory("USA")!, now: Sample.start),
                             locale: Locale(identifier: locale), size: Size(columns: 80, rows: 24))
        _ = state.view()
        let first = FormatMemo.shared.made(inLocale: locale)
        #expect(first > 0, "the first frame formats the store's prices")
        for key in [Key.down, .down, .down, .up, .down, .up, .up, .up] {
            _ = state.update(.key(key))
            _ = state.view()
        }
        #expect(FormatMemo.shared.made(inLocale: locale) == first, "every price on screen was formatted before")
        // The text is Foundation's own, as it was.
        #expect(PriceFormatter(locale: Locale(identifier: locale)).string(4.99, currency: "USD")
                == Decimal(4.99).formatted(.currency(code: "USD").locale(Locale(identifier: locale))))
    }

    @Test("the language table is kept once per language: every copy of the app state shares it instead of copying its strings")
    func stringTableShared() {
        let store = AppStore(catalog: Sample.catalog, territory: Sample.catalog.territory("DEU")!, now: Sample.start)
        let one = AppState(store: store, locale: Locale(identifier: "de_DE"), size: Size(columns: 80, rows: 24))
        var copy = one
        _ = copy.update(.key(.down))
        let other = AppState(store: store, locale: Locale(identifier: "de_AT"), size: Size(columns: 50, rows: 16))
        #expect(one.stringTable === copy.stringTable)
        #expect(one.stringTable === other.stringTable)
        #expect(one.strings.notSubscribed == "Nicht abonniert")
        let english = AppState(store: store, locale: Locale(identifier: "en_US"), size: Size(columns: 80, rows: 24))
        #expect(english.stringTable !== one.stringTable)
    }

    @Test("a key does what the first of the screen's active bindings with that key does, on every screen a walk opens: the lookup asks only that key's bindings")
    func keyLooksUpOnlyItsBindings() {
        var state = AppState(store: AppStore(catalog: Sample.catalog, territory: Sample.catalog.territory("USA")!, now: Sample.start),
                             locale: Locale(identifier: "en_US"), size: Size(columns: 80, rows: 24))
        // Store, a product, back, Account, Purchase Help, the QA scenario and its toggles, key help.
        let walk: [Key] = [.down, .down, .enter, .escape, .character("a"), .down, .escape, .character("p"), .escape,
                           .character("s"), .down, .enter, .escape, .character("?"), .escape, .character("t"), .escape]
        let keys: Set<Key> = Set(Keymap.global.flatMap(\.keys) + [Key.enter, .escape, .up, .down, .left, .right, .tab, .backTab,
                                                                  .character("b"), .character("x"), .character("o"), .character("f"),
                                                                  .character("c"), .character("r"), .character(" "), .character("l")])
        var screensSeen = Set<String>()
        for step in walk {
            screensSeen.insert("\(state.activeKind)")
            let active = state.activeBindings
            for key in keys {
                #expect(state.activeBinding(for: key)?.action == active.first { $0.keys.contains(key) }?.action,
                        "\(key) on \(state.activeKind)")
            }
            _ = state.update(.key(step))
        }
        #expect(screensSeen.count >= 5, "the walk opened \(screensSeen)")
    }

    @Test("an idle turn works out no frame: only a change, or the simulated clock reaching a new minute, does")
    func idleTurnsDrawNothing() {
        var schedule = FrameSchedule()
        let start = Sample.start
        func due(after seconds: TimeInterval) -> Bool { schedule.frameDue(at: start.addingTimeInterval(seconds)) }
        let first = due(after: 0)
        #expect(first, "the first turn draws")
        let quarter = due(after: 0.25), half = due(after: 30)
        #expect(!quarter, "a quarter second later, nothing changed")
        #expect(!half, "still the same minute")
        schedule.changed()
        let afterKey = due(after: 30.25), next = due(after: 30.5)
        #expect(afterKey, "a key changed something")
        #expect(!next)
        let newMinute = due(after: 60)
        #expect(newMinute, "the clock shows a new minute")
        // A fast clock (a scenario's time rate) reaches a new minute every turn: every turn draws.
        let fast = [due(after: 3_600), due(after: 7_200)]
        #expect(fast == [true, true])
    }
}

/// The store's rows are kept from frame to frame while nothing they show changes (issue 33: each row asked
/// the model for its pitch, status and offers again on every key). Counted, not timed; debug builds, these
/// tests' own, also draw every kept row afresh and stop if the two differ.
@Suite("store rows kept between frames")
struct KeptRowsTests {
    static func app(_ store: AppStore? = nil, size: Size = Size(columns: 80, rows: 24)) -> AppState {
        AppState(store: store ?? AppStore(catalog: Sample.catalog, territory: Sample.catalog.territory("USA")!, now: Sample.start),
                 locale: Locale(identifier: "en_US"), size: size)
    }

    /// The product rows on screen now.
    static func visibleProducts(_ state: AppState) -> Int {
        let body = Chrome.body(state)
        let list = StoreList(state)
        let selected = list.rowIndex(of: state.storeScreen.selection) ?? 0
        let offset = max(0, min(selected - body.height / 2, list.rows.count - body.height))
        return (offset..<min(list.rows.count, offset + body.height)).filter {
            if case .product = list.rows[$0] { return true } else { return false }
        }.count
    }

    /// The same screen drawn by an app that never drew before.
    static func fresh(_ state: AppState) -> String {
        var other = app(state.store, size: state.size)
        other.storeScreen = StoreScreen.State(selection: state.storeScreen.selection)
        return other.view().text
    }

    @Test("moving the selection draws afresh only the two rows whose selection changed; the others are the last frame's")
    func selectionDrawsTwoRows() {
        let caches = ViewCaches()
        var state = Self.app()
        _ = state.view(keeping: caches)
        let first = caches.storeRows.drawn
        #expect(first == Self.visibleProducts(state))
        for key in [Key.down, .down, .up] {
            let before = caches.storeRows.drawn
            state.press(key)
            let text = state.view(keeping: caches).text
            #expect(caches.storeRows.drawn - before == 2, "the row left and the row selected")
            #expect(text == Self.fresh(state))
        }
    }

    @Test("a row scrolled into view is drawn; scrolling back copies the rows kept", arguments: [12, 1_000])
    func scrolling(products: Int) {
        let caches = ViewCaches()
        var state = Self.app(AppStore(catalog: WorkPerKeyTests.catalog(products: products), territory: Sample.catalog.territory("USA")!,
                                      now: Sample.start), size: Size(columns: 80, rows: 14))
        _ = state.view(keeping: caches)
        state.press(.pageDown)
        _ = state.view(keeping: caches)
        let before = caches.storeRows.drawn
        state.press(.pageUp)
        let text = state.view(keeping: caches).text
        #expect(caches.storeRows.drawn - before <= 2, "back to the first page: at most the selection's two rows")
        #expect(text == Self.fresh(state))
    }

    @Test("anything the store changes draws every row afresh: a purchase shows as owned at once")
    func changeDrawsAfresh() {
        let caches = ViewCaches()
        var state = Self.app()
        state.storeScreen = StoreScreen.State(selection: "com.trailhead.routes.offline")
        let before = state.view(keeping: caches).text
        let drawn = caches.storeRows.drawn
        state.store.purchase("com.trailhead.routes.offline")
        let after = state.view(keeping: caches).text
        #expect(caches.storeRows.drawn - drawn == Self.visibleProducts(state))
        #expect(after != before)
        #expect(after == Self.fresh(state))
        #expect(caches.storeRows.rowsKept <= Self.visibleProducts(state), "the rows of before the purchase are dropped")
    }

    @Test("a new locale draws every row afresh, in its words and prices: the frame an app started in that locale draws")
    func localeDrawsAfresh() {
        let caches = ViewCaches()
        var state = Self.app()
        _ = state.view(keeping: caches)
        let drawn = caches.storeRows.drawn
        state.locale = Locale(identifier: "de_DE")
        let text = state.view(keeping: caches).text
        #expect(caches.storeRows.drawn - drawn == Self.visibleProducts(state))
        // The words follow the locale too (the language table was the launch locale's).
        var german = AppState(store: state.store, locale: Locale(identifier: "de_DE"), size: state.size)
        #expect(state.strings.notSubscribed == german.strings.notSubscribed && state.strings.notSubscribed != "Not subscribed")
        #expect(text == german.view().text)
    }

    @Test("for a person the clock changes nothing for, a tick within a minute keeps the rows; a new minute draws them afresh")
    func clockTicksKeepRows() {
        let caches = ViewCaches()
        var store = AppStore(catalog: Sample.catalog, territory: Sample.catalog.territory("USA")!, now: Sample.start)
        store.purchase("com.trailhead.routes.offline")
        store.purchase("com.trailhead.boost.small")
        #expect(!store.clockChangesAnswers, "an unlock and a consumable neither lapse nor end")
        var state = Self.app(store)
        _ = state.view(keeping: caches)
        let drawn = caches.storeRows.drawn
        for _ in 0..<4 { _ = state.update(.tick(seconds: 10)) }
        let text = state.view(keeping: caches).text
        #expect(caches.storeRows.drawn == drawn, "forty seconds later, the same minute")
        #expect(text == Self.fresh(state))
        _ = state.update(.tick(seconds: 30))
        _ = state.view(keeping: caches)
        #expect(caches.storeRows.drawn - drawn == Self.visibleProducts(state), "a new minute")
    }

    /// A subscription with auto-renew off, or a pass, ends half a minute into a minute: nothing is recorded,
    /// the status follows from the clock alone.
    @Test("for a subscriber or a pass holder every tick draws the rows afresh: what ends mid-minute shows at once",
          arguments: ["com.trailhead.plus.pro.monthly", "com.trailhead.pass.summer"])
    func clockTicksForWhatEnds(productID: String) throws {
        let caches = ViewCaches()
        var store = AppStore(catalog: Sample.catalog, territory: Sample.catalog.territory("USA")!, now: Sample.start.addingTimeInterval(30))
        store.purchase(productID)
        let product = try #require(store.catalog.product(productID))
        if let groupID = product.subscription?.groupID { store.setAutoRenew(false, group: groupID) }
        let end = try #require(store.transactions.last?.expirationDate ?? store.transactions.last?.appPassEnd)
        store.advance(to: end.addingTimeInterval(-10))
        #expect(store.clockChangesAnswers)
        var state = Self.app(store)
        state.storeScreen = StoreScreen.State(selection: productID)
        let before = state.view(keeping: caches).text
        let drawn = caches.storeRows.drawn
        _ = state.update(.tick(seconds: 20))
        #expect(FrameSchedule.minute(of: state.store.now) == FrameSchedule.minute(of: end.addingTimeInterval(-10)), "within the minute")
        let after = state.view(keeping: caches).text
        #expect(caches.storeRows.drawn - drawn == Self.visibleProducts(state))
        #expect(after != before, "the row of what ended changed")
        #expect(after == Self.fresh(state))
    }

    @Test("rows are kept for one revision of the store, and no more than a few screens of them")
    func keptRowsBounded() {
        let caches = ViewCaches()
        var state = Self.app(AppStore(catalog: WorkPerKeyTests.catalog(products: 2_000), territory: Sample.catalog.territory("USA")!,
                                      now: Sample.start), size: Size(columns: 80, rows: 14))
        for _ in 0..<150 {
            state.press(.pageDown)
            _ = state.view(keeping: caches)
        }
        #expect(caches.storeRows.rowsKept <= StoreScreen.DrawnRows.limit)
        #expect(caches.storeRows.rowsKept > 0)
    }
}

@Suite("header and footer kept between frames")
struct KeptChromeTests {
    /// The same state drawn by an app that never drew before (its own kept rows, a new revision).
    static func fresh(_ state: AppState) -> String {
        var other = AppState(store: state.store, locale: state.locale, size: state.size)
        other.screens = state.screens
        other.overlay = state.overlay
        other.notice = state.notice
        return other.view().text
    }

    @Test("moving the selection in the store draws neither the header nor the footer afresh")
    func selectionKeepsChrome() {
        let caches = ViewCaches()
        var state = KeptRowsTests.app()
        _ = state.view(keeping: caches)
        #expect(caches.chrome.rowsDrawn == 2, "the first frame draws both")
        for key in [Key.down, .down, .up, .pageDown, .up] {
            state.press(key)
            let text = state.view(keeping: caches).text
            #expect(caches.chrome.rowsDrawn == 2, "\(key) kept both")
            #expect(text == Self.fresh(state))
        }
    }

    @Test("a subscription shows in the header at once: a purchase draws the header afresh")
    func purchaseDrawsHeader() {
        let caches = ViewCaches()
        var state = KeptRowsTests.app()
        let before = state.view(keeping: caches).text
        let drawn = caches.chrome.rowsDrawn
        state.store.purchase("com.trailhead.plus.pro.monthly")
        let after = state.view(keeping: caches).text
        #expect(caches.chrome.rowsDrawn > drawn)
        #expect(before.split(separator: "\n")[0] != after.split(separator: "\n")[0])
        #expect(after == Self.fresh(state))
    }

    @Test("another screen, a key that is no longer available, a narrower window or another language draws the rows afresh, as an app that never drew shows them")
    func changesDrawChrome() {
        let caches = ViewCaches()
        var state = KeptRowsTests.app()
        _ = state.view(keeping: caches)
        var drawn = caches.chrome.rowsDrawn
        func check(_ what: String) {
            let text = state.view(keeping: caches).text
            #expect(caches.chrome.rowsDrawn > drawn, "\(what) drew afresh")
            #expect(text == Self.fresh(state), "\(what)")
            drawn = caches.chrome.rowsDrawn
        }
        state.press(.character("a"))
        check("Account")
        state.press(.escape)
        check("back at the store")
        state.size = Size(columns: 60, rows: 20)
        check("a narrower window")
        state.locale = Locale(identifier: "ja_JP")
        check("Japanese")
        state.store.gate = .screenTime
        check("purchases blocked")
    }
}

@Suite("rules drawn a character at a time")
struct RepeatedCharacterTests {
    @Test("a character repeated (a rule, a box edge) draws the same cells as the repeated text, cut at either edge and for wide characters")
    func sameAsText() {
        let caches = ViewCaches()
        for character: Character in ["─", "ト", "a", "👍🏽"] {
            for (column, count) in [(0, 40), (-3, 10), (35, 10), (10, 0), (39, 1)] {
                var byText = Grid(size: Size(columns: 40, rows: 3))
                var byCharacter = byText
                byText.fill(row: 1, column: 0, width: 40, height: 1, role: .selected)
                byCharacter.fill(row: 1, column: 0, width: 40, height: 1, role: .selected)
                let a = byText.put(String(repeating: String(character), count: count), row: 1, column: column, role: .border)
                let b = byCharacter.put(repeating: character, count: count, row: 1, column: column, role: .border)
                #expect(byText == byCharacter, "\(character) × \(count) at \(column)")
                #expect(a == b, "\(character) × \(count) at \(column): columns used")
            }
        }
    }
}

/// The footer asks every binding whether it is available on every frame: the store answers Tab from its
/// layout instead of building its list (issue 33), and must answer as the list would.
@Suite("store footer without building the list")
struct StoreFooterWorkTests {
    @Test("Tab (next section) is offered exactly when the store's list has more than one section: payments allowed or blocked, subscribed or not")
    func nextAreaMatchesTheList() {
        let caches = ViewCaches()
        for gate in PaymentGate.allCases {
            for subscribed in [false, true] {
                var store = AppStore(catalog: Sample.catalog, territory: Sample.catalog.territory("USA")!, now: Sample.start)
                if subscribed { store.purchase("com.trailhead.plus.pro.monthly") }
                store.gate = gate
                let app = AppState(store: store, locale: Locale(identifier: "en_US"), size: Size(columns: 80, rows: 24))
                let list = StoreList(app)
                #expect(StoreScreen.isAvailable(.nextArea, app.storeScreen, app) == (list.sectionStarts.count > 1), "\(gate) subscribed: \(subscribed)")
                #expect(StoreScreen.isAvailable(.previousArea, app.storeScreen, app) == (list.sectionStarts.count > 1))
            }
        }
    }
}
