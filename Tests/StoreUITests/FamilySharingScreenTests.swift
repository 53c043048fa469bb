import Foundation
import Testing
import StoreModel
@testable import StoreUI

/// Family Sharing as QA drives it and a family member sees it: the switch in the scenario panel, the
/// shared plan in the store (never a pitch), a plan of the member's own, and the inspector.
struct FamilySharingScreenTests {
    static let familyMonthly = "com.trailhead.plus.family.monthly"
    static let proMonthly = "com.trailhead.plus.pro.monthly"

    /// The app after QA turned the switch on in the panel (its eighth row) and went back to the store.
    static func member(_ size: Size = Size(columns: 80, rows: 24), locale: String = "en_US") -> AppState {
        var app = Sample.app(size, locale: locale)
        app.press(.character("s"))
        for _ in 0..<7 { app.press(.down) }
        app.press(.enter, .escape)
        return app
    }

    @Test("the panel's Family Sharing switch shares the first shareable subscription; the store shows it shared, pitches nothing")
    func switchInPanel() {
        var app = Sample.app()
        app.press(.character("s"))
        for _ in 0..<7 { app.press(.down) }
        #expect(app.view().text.contains("Family Sharing           off"))
        app.press(.enter)
        #expect(app.store.scenario.familySharing == Self.familyMonthly)
        #expect(app.view().text.contains("Family Monthly, shared by Alex"))
        #expect(app.notice == "Alex shares Family Monthly with this account.")
        app.press(.escape)
        let store = app.view().text
        #expect(store.contains("✓ Shared by family"))
        #expect(!store.contains("/month"), "no plan is priced for a family member")
        #expect(StoreScreen.selectableProducts(app).filter { $0.type == .autoRenewable }.map(\.id) == [Self.familyMonthly])
    }

    @Test("the shared plan opens the Account screen, whose Get a Plan of Your Own opens the member's sign-up screen, and the plan bought sits beside the shared one")
    func ownPlanFromAccount() throws {
        var app = Self.member()
        app.select(Self.familyMonthly)
        app.press(.enter)
        #expect(app.kinds == [.store, .account])
        let account = app.view().text
        #expect(account.contains("Shared by Alex") && account.contains("[ Get a Plan of Your Own ]"))
        #expect(!account.contains("[ Subscribe") && !account.contains("/month"))
        #expect(!app.activeBindings.contains { $0.action == .cancelSubscription }, "the organizer's plan is not the member's to cancel")
        app.press(.enter)
        #expect(app.kinds == [.store, .account, .signup])
        #expect(app.view().text.contains("Your family shares Family Monthly with you."))
        app.press(.down, .down, .enter)
        #expect(app.isSheetOpen)
        app.press(.tab, .enter, .enter)
        #expect(app.store.statuses(ofGroup: "trailhead.plus").map(\.transaction.productID) == [Self.proMonthly, Self.familyMonthly])
        // Now a subscriber of their own too: the sign-up screen gives way to their plan.
        #expect(app.kinds == [.store, .account])
        app.press(.escape, .escape)
        let store = app.view().text
        #expect(store.contains("✓ Shared by family") && store.contains("✓ Subscribed"))
    }

    @Test("the inspector shows each ownership, and the revocation when the organizer stops sharing")
    func inspectorOwnership() throws {
        var app = Self.member(Size(columns: 120, rows: 24))
        app.store.purchase(Self.proMonthly)
        app.press(.character("t"))
        let table = app.view().text
        #expect(table.contains("auto-renewable shared      Nov 21, 2026 Dec 21, 2026              family"))
        #expect(table.contains("auto-renewable purchased   Nov 21, 2026 Dec 21, 2026 introductory own"))
        // The panel's ← from the shared product goes back to off: the organizer stops sharing.
        app.press(.character("s"))
        for _ in 0..<7 { app.press(.down) }
        app.press(.left)
        #expect(app.notice == "Alex stopped sharing Family Monthly: revoked now.")
        app.press(.escape)
        app.setInspectorSelection(1)
        app.press(.enter)
        let detail = app.view().text
        #expect(detail.contains("state                 revoked"))
        #expect(detail.contains("revocationReason      other"))
        #expect(detail.contains("revocationType        familyRevocation (revoked from Family Sharing)"))
        #expect(!app.activeBindings.contains { $0.action == .refund || $0.action == .revoke },
                "a member is refunded nothing the organizer paid for")
    }

    @Test("the shared plan's Account screen and the member's own sign-up screen, in English and Japanese")
    func goldens() {
        for locale in ["en_US", "ja_JP"] {
            var app = Self.member(locale: locale)
            app.select(Self.familyMonthly)
            app.press(.enter)
            expectGolden(app.view(), "family-shared-account-\(locale)-80x24")
            app.press(.enter)
            expectGolden(app.view(), "family-own-plan-signup-\(locale)-80x24")
        }
    }
}
