import Foundation
import Testing
import TestSupport
import StoreModel
@testable import StoreUI

/// What issue 11's lifecycle rules show: the upgrade refund estimate in the inspector, the consent sheet
/// for a price increase (once per launch, system style, in every language).
struct LifecycleScreenTests {
    @Test("the inspector shows an upgraded transaction's refund, labelled as the simulator's pro-rata estimate")
    func upgradeRefundShown() throws {
        var app = Sample.app()
        let basic = try #require({ if case .purchased(let t) = app.store.purchase("com.trailhead.plus.basic.monthly") { t } else { nil } }())
        app.store.advance(by: SubscriptionPeriod(value: 10, unit: .day))
        app.store.purchase("com.trailhead.plus.family.monthly")
        app.open(.transaction(TransactionScreen.State(id: basic.id)))
        let text = app.view().text
        #expect(text.contains("isUpgraded            true"))
        #expect(text.contains("upgradeRefund"))
        #expect(text.contains("pro-rata estimate"))
    }

    @Test("a price increase that needs consent asks once per launch, opening on Not Now; Agree consents", arguments: ["en_US", "ja_JP", "de_DE", "fr_FR"])
    func consentSheet(locale: String) throws {
        var app = Sample.app(locale: locale)
        app.store.purchase("com.trailhead.plus.pro.monthly")
        // Past two renewals of its three-period introductory price: the next renewal charges the new
        // price, so consent is due (issue 26 item 13: not while the renewal still charges the intro price).
        app.store.advance(by: SubscriptionPeriod(value: 2, unit: .month))
        app.store.raisePrice("com.trailhead.plus.pro.monthly", to: 7.99, consentRequired: true)
        // A new launch on this account: the sheet shows at once.
        var launched = AppState(store: app.store, locale: Locale(identifier: locale), size: app.size)
        guard case .priceConsent(let sheet)? = launched.overlay else { Issue.record("no consent sheet at launch"); return }
        #expect(!sheet.agreeFocused, "a stray Enter agrees to nothing")
        let words = launched.strings.priceConsent
        #expect(launched.view().text.contains(words.title))
        if locale == "en_US" { expectGolden(launched.view(), "price-consent-80x24") }
        launched.press(.enter)
        #expect(launched.overlay == nil)
        #expect(launched.store.renewals["trailhead.plus"]?.priceIncreaseStatus == .pending)
        launched.press(.character("s"), .escape)
        #expect(launched.overlay == nil, "once per launch")
        var again = AppState(store: launched.store, locale: Locale(identifier: locale), size: app.size)
        again.press(.tab, .enter)
        #expect(again.store.renewals["trailhead.plus"]?.priceIncreaseStatus == .agreed)
    }
}
