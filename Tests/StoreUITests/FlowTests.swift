import Foundation
import Testing
import TestSupport
import StoreModel
@testable import StoreUI

/// Purchases through the keys, as a person makes them, against the model underneath.
@Suite("Store flows")
struct FlowTests {
    @Test("buying a consumable in quantity: sheet, confirm, result, ledger")
    func buyConsumable() {
        var app = Sample.app()
        #expect(app.selection == "com.trailhead.boost.small")
        app.press(.character("+"), .character("+"), .character("b"))
        guard case .sheet(let sheet) = app.overlay else { Issue.record("no sheet"); return }
        #expect(sheet.quote.quantity == 3)
        #expect(!sheet.confirmFocused, "the sheet opens on Cancel so a stray Enter buys nothing")
        app.press(.tab, .enter)
        #expect(app.overlay == .result(.init(productID: "com.trailhead.boost.small", quantity: 3, outcome: .purchased)))
        #expect(app.view().text.contains("You bought Trail Boost × 3."))
        #expect(app.store.consumableUnitsDelivered("com.trailhead.boost.small") == 3)
        app.press(.enter)
        #expect(app.overlay == nil)
        #expect(app.quantity(of: "com.trailhead.boost.small") == 1, "the picker resets after a purchase")
    }

    @Test("Enter on the sheet's default button cancels; the cancel is logged, not a transaction, and answered with a line, not a dialog")
    func cancelIsDefault() {
        var app = Sample.app()
        app.press(.character("b"), .enter)
        #expect(app.overlay == nil, "StoreKit's .userCancelled gets no dialog")
        #expect(app.notice == app.strings.purchaseCancelled)
        #expect(app.store.transactions.isEmpty)
        #expect(app.store.events.last?.kind == .cancelled)
        #expect(app.store.consumableUnitsDelivered("com.trailhead.boost.small") == 0)
    }

    @Test("Esc closes the sheet as a cancel")
    func escapeCancels() {
        var app = Sample.app()
        app.press(.character("b"), .escape)
        #expect(app.store.transactions.isEmpty)
        #expect(app.store.events.last?.kind == .cancelled)
    }

    @Test("the quantity picker stays within 1 and the product's maximum")
    func quantityBounds() {
        var app = Sample.app()
        app.press(.character("-"))
        #expect(app.quantity(of: "com.trailhead.boost.small") == 1)
        for _ in 0..<50 { app.press(.character("+")) }
        #expect(app.quantity(of: "com.trailhead.boost.small") == 20)
    }

    @Test("an owned non-consumable is marked owned and not offered again")
    func ownedNotOffered() {
        var app = Sample.app()
        app.select("com.trailhead.maps.alps")
        app.press(.character("b"), .tab, .enter, .enter)
        #expect(app.store.owns("com.trailhead.maps.alps"))
        let row = app.view().text.split(separator: "\n").first { $0.contains("Alps Map Pack") }
        #expect(row?.contains("✓ Owned") == true)
        app.press(.character("b"))
        #expect(app.overlay == nil, "b on an owned item opens no sheet")
        app.press(.enter)
        #expect(!app.view().text.contains("[ Buy"), "the detail of an owned item has no Buy button")
    }

    @Test("a subscriber is never re-pitched in the store: only their own plan is listed")
    func subscriberNotRepitched() {
        var app = Sample.app()
        app.select("com.trailhead.plus.pro.annual")
        app.press(.character("b"), .character("b"), .tab, .enter, .enter, .escape)
        #expect(app.store.owns("com.trailhead.plus.pro.annual"))
        let products = StoreScreen.selectableProducts(app).filter { $0.type == .autoRenewable }.map(\.id)
        #expect(products == ["com.trailhead.plus.pro.annual"])
        let text = app.view().text
        // No offer ("1 week free"); the footer's "f free reads" is the free area, not a pitch.
        #expect(!text.contains("Family Monthly") && !text.contains("week free") && !text.contains("month free"))
        #expect(text.contains("✓ Subscribed"))
    }

    @Test("a free trial's terms say when it ends and what is then billed")
    func freeTrialTerms() {
        var app = Sample.app()
        app.select("com.trailhead.plus.pro.annual")
        app.press(.character("b"))
        #expect(app.view().text.contains("Free for 1 week, then $39.99/year starting Nov 28, 2026"), "the sign-up screen first")
        app.press(.character("b"))
        let text = app.view().text
        #expect(text.contains("Free for 1 week, then $39.99/year"))
        #expect(text.contains("Your free trial ends on Nov 28, 2026."))
        #expect(text.contains("is billed automatically until you cancel."))
    }

    @Test("Ask to Buy shows waiting for approval and gives nothing yet")
    func askToBuy() {
        var app = Sample.app()
        app.store.scenario.askToBuy = true
        app.select("com.trailhead.maps.alps")
        app.press(.character("b"), .tab, .enter)
        #expect(app.view().text.contains("Waiting for approval"))
        #expect(!app.store.owns("com.trailhead.maps.alps"))
    }

    @Test("a failed purchase shows its reason", arguments: [PurchaseError.networkError, .notAvailableInStorefront, .unknown])
    func failedPurchase(error: PurchaseError) {
        var app = Sample.app()
        app.store.scenario.failNextPurchase = error
        app.press(.character("b"), .tab, .enter)
        #expect(app.overlay == .result(.init(productID: "com.trailhead.boost.small", quantity: 1, outcome: .failed(error))))
        #expect(app.view().text.contains("Purchase failed"))
    }

    @Test("navigation is a stack: Enter opens the detail, Esc and Backspace go back")
    func navigation() {
        var app = Sample.app()
        app.press(.enter)
        #expect(app.screens.last == .detail(DetailScreen.State(productID: "com.trailhead.boost.small")) && app.kinds == [.store, .detail])
        app.press(.escape)
        #expect(app.kinds == [.store])
        app.press(.enter, .backspace)
        #expect(app.kinds == [.store])
        app.press(.escape)
        #expect(app.kinds == [.store], "Esc at the top does nothing")
    }

    @Test("j/k and arrows move; Tab jumps between sections; Home/End to the ends")
    func movement() {
        var app = Sample.app()
        app.press(.character("j"))
        #expect(app.selection == "com.trailhead.boost.bundle")
        app.press(.character("k"), .up)
        #expect(app.selection == "com.trailhead.boost.small", "the selection stops at the top")
        app.press(.tab)
        #expect(app.selection == "com.trailhead.maps.alps")
        app.press(.tab)
        #expect(app.store.catalog.product(app.selection!)?.type == .autoRenewable)
        app.press(.backTab, .backTab)
        #expect(app.selection == "com.trailhead.boost.small")
        app.press(.end)
        #expect(app.selection == "com.trailhead.pass.summer")
        app.press(.home)
        #expect(app.selection == "com.trailhead.boost.small")
    }

    @Test("q quits from the store and the detail; ? shows the keys; Ctrl-C always quits")
    func quitAndHelp() {
        var app = Sample.app()
        #expect(app.update(.key(.character("q"))) == [.quit])
        app.press(.character("?"))
        #expect(app.overlay == .help(Overlays.Help(screen: .store, under: nil)))
        app.press(.escape)
        #expect(app.overlay == nil)
        app.press(.character("b"))
        #expect(app.update(.key(.character("q"))) == [], "q does not quit out of an open confirmation sheet")
        #expect(app.update(.key(.control("c"))) == [.quit])
    }

    @Test("? on the confirmation sheet shows its keys over it, and Esc gives the sheet back")
    func helpOverSheet() {
        var app = Sample.app()
        app.press(.character("b"), .tab, .character("?"))
        #expect(app.activeKind == .help)
        #expect(app.view().text.contains("[ Confirm ]"), "the sheet stays visible under its help")
        app.press(.escape)
        guard case .sheet(let sheet) = app.overlay else { Issue.record("the sheet was lost"); return }
        #expect(sheet.confirmFocused, "the sheet comes back as it was")
        #expect(app.store.transactions.isEmpty, "nothing bought or cancelled behind the person's back")
    }

    @Test("the footer always shows the keys of the current screen, and ? and q at every size")
    func footer() {
        for columns in [40, 50, 60, 80, 120] {
            var app = Sample.app(Size(columns: columns, rows: 24))
            let footer = app.view().text.split(separator: "\n").last ?? ""
            #expect(footer.contains("? keys") && footer.contains("q quit"), "at \(columns) columns: \(footer)")
            app.press(.character("b"))
            #expect(app.view().text.split(separator: "\n").last?.contains("Esc") == true)
        }
    }

    @Test("product names never truncate at 80 columns, in any catalog language")
    func namesNeverTruncate() {
        for locale in ["en_US", "de_DE", "fr_FR", "ja_JP"] {
            var app = Sample.app(locale: locale)
            var seen: Set<String> = []
            for product in StoreScreen.selectableProducts(app) {
                app.select(product.id)
                if app.view().text.contains(app.name(product)) { seen.insert(product.id) }
            }
            #expect(seen.count == StoreScreen.selectableProducts(app).count, "\(locale): names cut: \(Set(StoreScreen.selectableProducts(app).map(\.id)).subtracting(seen))")
        }
    }

    @Test("a resize storm never breaks rendering", arguments: [1, 2, 3])
    func resizeStorm(seed: Int) {
        var app = Sample.app()
        var generator = SeededGenerator(seed: UInt64(seed))
        app.press(.character("b"))
        for _ in 0..<300 {
            let size = Size(columns: Int.random(in: 0...200, using: &generator), rows: Int.random(in: 0...60, using: &generator))
            _ = app.update(.resize(size))
            let grid = app.view()
            #expect(grid.size == size)
            #expect(grid.text.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy { TextWidth.of(String($0)) <= size.columns })
        }
    }

    @Test("a key storm of random keys never crashes and leaves a consistent state")
    func keyStorm() {
        var app = Sample.app()
        var generator = SeededGenerator(seed: 42)
        let keys: [Key] = [.up, .down, .enter, .escape, .backspace, .tab, .backTab, .left, .right, .pageUp, .pageDown,
                           .character("b"), .character("+"), .character("-"), .character("?"), .character("j"), .character("x")]
        for _ in 0..<5_000 {
            _ = app.update(.key(keys.randomElement(using: &generator)!))
            _ = app.view()
        }
        #expect(app.kinds.first == .store)
    }
}

