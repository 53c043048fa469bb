import Foundation
import Testing
import StoreModel
@testable import StoreUI

/// Screens rendered to the cell grid at fixed sizes, compared with golden text files.
@Suite("Screens")
struct ScreenTests {
    static let standard = Size(columns: 80, rows: 24)
    static let compact = Size(columns: 50, rows: 16)

    @Test("the store at 80x24 and compact")
    func store() {
        expectGolden(Sample.app().view(), "store-80x24")
        expectGolden(Sample.app(Self.compact).view(), "store-50x16")
    }

    @Test("the store in Japanese: wide characters align")
    func storeJapanese() {
        let app = Sample.app(locale: "ja_JP", territory: "JPN")
        expectGolden(app.view(), "store-ja-80x24")
        // Every product row ends its price in the same column: the width of wide text was measured.
        let ends = app.view().text.split(separator: "\n").filter { $0.contains("¥") }.map { TextWidth.of(String($0)) }
        #expect(!ends.isEmpty)
        #expect(Set(ends).count == 1, "price columns end at \(Set(ends))")
    }

    @Test("the compact button never cuts a price: a free trial shows what it bills after, a quantity its total")
    func compactButtonTerms() {
        for locale in ["en_US", "fr_FR", "de_DE", "ja_JP"] {
            var app = Sample.app(Size(columns: 40, rows: 12), locale: locale)
            app.select("com.trailhead.plus.family.monthly")
            let family = app.store.catalog.product("com.trailhead.plus.family.monthly")!
            // On screen a no-break space is a space.
            let standard = BillingTerms(app).standardPrice(family)!.replacingOccurrences(of: "\u{00A0}", with: " ")
            let lines = app.view().text.split(separator: "\n", omittingEmptySubsequences: false)
            let button = lines.firstIndex { $0.contains("[ b:") } ?? 0
            let below = button > 2 ? lines[(button - 2)...button].joined(separator: " ") : ""
            #expect(below.contains(standard), "\(locale): the price after the trial is by the button:\n\(app.view().text)")
            #expect(!below.contains("…"), "\(locale): nothing cut:\n\(app.view().text)")
        }
        var boost = Sample.app(Size(columns: 40, rows: 12))
        boost.press(.character("+"), .character("+"))
        #expect(boost.view().text.contains("$2.97"), "three at $0.99:\n\(boost.view().text)")
    }

    @Test("the confirmation sheet at 80x24 and compact")
    func sheet() {
        var app = Sample.app()
        app.press(.character("+"), .character("+"), .character("b"))
        expectGolden(app.view(), "sheet-consumable-80x24")
        var small = Sample.app(Self.compact)
        small.select("com.trailhead.plus.pro.annual")
        small.press(.character("b"), .character("b"))
        expectGolden(small.view(), "sheet-subscription-50x16")
    }

    @Test("the gated store explains why, for each reason, and still lists what the person owns")
    func gated() {
        expectGolden(Sample.app(gate: .screenTime).view(), "gated-screen-time-80x24")
        expectGolden(Sample.app(Self.compact, gate: .deviceManagement).view(), "gated-device-management-50x16")
        var texts: Set<String> = []
        for gate in [PaymentGate.screenTime, .deviceManagement, .externalPurchaseOnly] {
            let text = Sample.app(gate: gate).view().text
            #expect(text.contains("Purchases unavailable"))
            #expect(!text.contains("Buy") && !text.contains("b buy"), "no purchase UI when payments are blocked")
            #expect(!text.contains("redeem code"), "no Redeem Code when payments are blocked: a redemption is an in-app purchase")
            texts.insert(text)
        }
        #expect(texts.count == 3, "each reason has its own words")
    }

    @Test("the help overlay at 80x24 and compact")
    func help() {
        var app = Sample.app()
        app.press(.character("?"))
        expectGolden(app.view(), "help-store-80x24")
        var small = Sample.app(Self.compact)
        small.press(.character("?"))
        expectGolden(small.view(), "help-store-50x16")
    }

    @Test("below the minimum size: a clear too-small message")
    func tooSmall() {
        let app = Sample.app(Size(columns: 39, rows: 11))
        expectGolden(app.view(), "too-small-39x11")
        #expect(app.view().text.contains("Terminal too small"))
    }

    @Test("the detail view shows the full description and billing terms")
    func detail() {
        // A subscription's Enter in the store opens its sign-up screen; its detail view is one key on.
        var app = Sample.app()
        app.select("com.trailhead.plus.pro.annual")
        app.press(.enter)
        #expect(app.kinds == [.store, .signup])
        app.open(.detail(DetailScreen.State(productID: "com.trailhead.plus.pro.annual")))
        expectGolden(app.view(), "detail-pro-annual-80x24")
    }
}
