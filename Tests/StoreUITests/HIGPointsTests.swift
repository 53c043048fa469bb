import Foundation
import StoreModel
@testable import StoreUI
import Testing

/// The HIG points a design review found still open (issue 31), each checked by the rule it keeps and
/// drawn as goldens at 80x24, 50x16 and 40x12 in English and Japanese.
struct HIGPointsTests {
    static let sizes = [Size(columns: 80, rows: 24), Size(columns: 50, rows: 16), Size(columns: 40, rows: 12)]
    static let locales = ["en_US", "ja_JP"]
    static let proMonthly = "com.trailhead.plus.pro.monthly"

    @Test("the Account screen never says nothing was purchased right after a subscription")
    func accountAfterSubscription() {
        for locale in Self.locales {
            var app = Sample.app(locale: locale)
            app.store.purchase(Self.proMonthly)
            app.press(.character("a"))
            let text = app.view().text
            #expect(!text.contains(app.strings.account.noPurchases), "\(locale): \(text)")
            #expect(text.contains(app.strings.account.noOtherPurchases), "\(locale): \(text)")
        }
        var fresh = Sample.app()
        fresh.press(.character("a"))
        #expect(fresh.view().text.contains(fresh.strings.account.noPurchases), "with nothing bought at all, it says so")
    }

    @Test("the Manage sheet's list honours Home and End, and its help lists them")
    func manageSheetHomeEnd() throws {
        var app = Sample.app()
        app.store.purchase(Self.proMonthly)
        app.press(.character("a"), .enter)
        guard case .manage(let opened)? = app.overlay else { Issue.record("the Manage sheet is not open"); return }
        let rows = ManageSheet.rows(app, groupID: opened.groupID)
        app.press(.end)
        guard case .manage(let atEnd)? = app.overlay else { Issue.record("End closed the sheet"); return }
        #expect(atEnd.selection == rows.count - 1)
        app.press(.home)
        guard case .manage(let atHome)? = app.overlay else { Issue.record("Home closed the sheet"); return }
        #expect(atHome.selection == 0)
        app.press(.character("?"))
        let help = app.view().text
        #expect(help.contains("Home/g") && help.contains("End/G"), "\(help)")
    }

    @Test("a system sheet's help lists ← → beside Tab, the keys that move between its buttons")
    func sheetArrowsInHelp() {
        var app = Sample.app()
        app.select("com.trailhead.maps.alps")
        app.press(.character("b"), .character("?"))
        let help = app.view().text
        #expect(help.contains("←→"), "\(help)")
        #expect(help.contains("Tab"), "\(help)")
    }

    @Test("the HIG points' screens as goldens at 80x24, 50x16 and 40x12 in English and Japanese")
    func goldens() {
        for locale in Self.locales {
            for size in Self.sizes {
                let name = "\(locale)-\(size.columns)x\(size.rows)"
                var account = Sample.app(size, locale: locale)
                account.store.purchase(Self.proMonthly)
                account.press(.character("a"))
                expectGolden(account.view(), "hig-account-after-subscription-\(name)")
                var sheet = Sample.app(size, locale: locale)
                sheet.select("com.trailhead.maps.alps")
                sheet.press(.character("b"), .character("?"))
                expectGolden(sheet.view(), "hig-sheet-keys-\(name)")
            }
        }
    }
}

extension HIGPointsTests {
    @Test("a consumable's store row bills the quantity chosen in all (3 × $0.99 — $2.97), at every size")
    func quantityTotal() {
        for locale in Self.locales {
            for size in Self.sizes {
                var app = Sample.app(size, locale: locale)
                app.select("com.trailhead.boost.small")
                app.press(.character("+"), .character("+"))
                let text = app.view().text
                #expect(text.contains("$2.97"), "\(locale) \(size): \(text)")
                expectGolden(app.view(), "hig-store-quantity-\(locale)-\(size.columns)x\(size.rows)")
            }
        }
    }
}
