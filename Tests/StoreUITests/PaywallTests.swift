import Foundation
import Testing
import StoreModel
@testable import StoreUI

/// Issue 10: the free area, its metered paywall and onboarding. The limit, the prompt, the paywall and
/// onboarding follow the pitch policy's answer for the group; nothing here decides who is a subscriber.
@Suite("Free area, metered paywall and onboarding")
struct PaywallTests {
    static let locales = [("en_US", "USA"), ("de_DE", "DEU"), ("fr_FR", "FRA"), ("ja_JP", "JPN")]
    static let sizes = [Size(columns: 80, rows: 24), Size(columns: 50, rows: 16)]
    static let items = Sample.catalog.freeContent!.items.map(\.id)

    /// Opens the free area and reads the items at these positions, back to the list after each.
    static func read(_ positions: [Int], _ app: inout AppState) {
        if app.top.kind != .freeContent { app.press(.character("f")) }
        for position in positions {
            app.press(.home)
            for _ in 0..<position { app.press(.down) }
            app.press(.enter)
            if app.top.kind == .freeItem { app.press(.escape) }
            // A subscriber is asked for a review after every third item read (ReviewPrompt.swift): Not Now.
            if case .reviewPrompt? = app.overlay { app.press(.escape) }
        }
    }

    static func subscribed(_ size: Size = Size(columns: 80, rows: 24)) -> AppState {
        var app = Sample.app(size)
        app.store.purchase("com.trailhead.plus.pro.monthly")
        return app
    }

    // MARK: golden screens

    @Test("golden: onboarding's first and last page, in four languages at 80x24 and 50x16")
    func onboardingGoldens() {
        for (locale, territory) in Self.locales {
            for size in Self.sizes {
                var app = Sample.app(size, locale: locale, territory: territory)
                OnboardingScreen.startIfDue(&app, requested: true, firstLaunch: false)
                expectGolden(app.view(), "onboarding-first-\(locale)-\(size.columns)x\(size.rows)")
                app.press(.right, .right, .right)
                expectGolden(app.view(), "onboarding-last-\(locale)-\(size.columns)x\(size.rows)")
            }
        }
    }

    @Test("golden: the metered paywall, in four languages at 80x24 and 50x16")
    func paywallGoldens() {
        for (locale, territory) in Self.locales {
            for size in Self.sizes {
                var app = Sample.app(size, locale: locale, territory: territory)
                Self.read([0, 1, 2, 3], &app)
                #expect(app.top.kind == .paywall)
                expectGolden(app.view(), "paywall-\(locale)-\(size.columns)x\(size.rows)")
            }
        }
    }

    @Test("golden: the free list with the prompt near the limit, and the reader at 50x16")
    func freeListGoldens() {
        var app = Sample.app()
        Self.read([0, 1], &app)
        expectGolden(app.view(), "free-list-one-left-80x24")
        var small = Sample.app(ScreenTests.compact, locale: "ja_JP", territory: "JPN")
        small.press(.character("f"), .enter)
        expectGolden(small.view(), "free-reader-ja_JP-50x16")
    }

    // MARK: the count

    @Test("the count: opening an item counts once; opening it again that month does not; the limit opens the paywall")
    func countRules() {
        var app = Sample.app()
        app.press(.character("f"))
        #expect(app.view().text.contains("3 of 3 free reads left this month"))
        Self.read([0, 0, 0], &app)
        #expect(app.store.freeReadsThisMonth == 1)
        #expect(app.view().text.contains("2 of 3 free reads left this month"))
        Self.read([1, 2], &app)
        #expect(app.store.freeReadsLeft == 0)
        // An item read this month still opens, for free.
        Self.read([1], &app)
        app.press(.home, .down, .enter)
        #expect(app.top.kind == .freeItem)
        app.press(.escape)
        // One not read this month opens the paywall, and counts nothing.
        app.press(.down, .down, .enter)
        #expect(app.top.kind == .paywall)
        #expect(app.store.freeReadsThisMonth == 3)
        #expect(app.view().text.contains("You've reached your free limit"))
    }

    @Test("the count: a new calendar month of the simulated clock starts again")
    func newMonthResets() throws {
        var app = Sample.app()
        Self.read([0, 1, 2], &app)
        app.travel(to: try Date("2026-11-30T23:00:00Z", strategy: .iso8601))
        #expect(app.store.freeReadsLeft == 0)
        app.travel(to: try Date("2026-12-01T00:00:00Z", strategy: .iso8601))
        #expect(app.store.freeReadsLeft == 3)
        Self.read([3], &app)
        #expect(app.top.kind == .freeContent && app.store.freeReadsLeft == 2)
    }

    @Test("the prompt: only with one free read left, not blocking, and its key opens the sign-up screen")
    func prompt() {
        var app = Sample.app()
        Self.read([0], &app)
        #expect(!app.view().text.contains("One free read left"))
        #expect(!app.activeBindings.contains { $0.action == .seePlans })
        app.press(.down, .enter)
        // After reading: the prompt below the text.
        #expect(app.top.kind == .freeItem && app.view().text.contains("One free read left this month"))
        app.press(.escape)
        #expect(app.view().text.contains("[ o: See plans ]"))
        // Not blocking: the list still moves and opens.
        app.press(.down)
        #expect(app.activeBindings.contains { $0.action == .select })
        app.press(.character("o"))
        #expect(app.kinds == [.store, .freeContent, .signup])
    }

    @Test("the paywall: See Your Options opens the sign-up screen in its place; Not Now goes back to the free list")
    func paywallButtons() {
        var app = Sample.app()
        Self.read([0, 1, 2, 3], &app)
        app.press(.escape)
        #expect(app.kinds == [.store, .freeContent], "Not Now (Esc)")
        app.press(.enter)
        app.press(.down, .down, .enter)
        #expect(app.kinds == [.store, .freeContent], "Not Now (the button)")
        app.press(.enter, .enter)
        #expect(app.kinds == [.store, .freeContent, .signup])
        if case .signup(let screen) = app.top { #expect(screen.groupID == "trailhead.plus") }
        app.press(.escape)
        #expect(app.kinds == [.store, .freeContent])
        // Sign in / restore is offered by its key too.
        app.press(.enter)
        #expect(app.activeBindings.contains { $0.action == .restore })
        #expect(app.view().text.contains("Already a subscriber? Restore Purchases"))
    }

    @Test("the paywall for someone who cannot pay: the limit and why, no options to buy")
    func paywallWhenPaymentsBlocked() {
        var app = Sample.app(gate: .screenTime)
        Self.read([0, 1, 2, 3], &app)
        #expect(app.top.kind == .paywall)
        let text = app.view().text
        #expect(!text.contains("See Your Options") && !text.contains("One free read"))
        #expect(text.contains("Screen Time") && text.contains("Come back on Dec 1, 2026"), "the date is kept on one line")
    }

    @Test("a lapsed subscriber is asked to resubscribe, not to subscribe")
    func lapsedWording() {
        var app = Sample.app()
        app.store.purchase("com.trailhead.plus.pro.monthly")
        app.store.setAutoRenew(false, group: "trailhead.plus")
        app.travel(to: SubscriptionPeriod(value: 2, unit: .month).added(to: app.store.now))
        Self.read([0, 1], &app)
        #expect(app.view().text.contains("Resubscribe for unlimited reading"))
        Self.read([2, 3], &app)
        #expect(app.view().text.contains("[ Resubscribe ]") && app.view().text.contains("Resubscribe to Trailhead Plus"))
    }

    // MARK: never to a subscriber

    @Test("a subscriber (or someone in billing retry) reads without a limit: no counter, no prompt, no paywall")
    func subscriberNeverSeesPaywall() {
        var inRetry = Sample.app()
        inRetry.store.purchase("com.trailhead.plus.pro.monthly")
        inRetry.store.scenario.billingFails = true
        inRetry.store.scenario.gracePeriod = .off
        inRetry.travel(to: SubscriptionPeriod(value: 1, unit: .month).added(to: inRetry.store.now))
        #expect(inRetry.store.pitch(forGroup: "trailhead.plus") == .never(.inBillingRetry))
        for var app in [Self.subscribed(), inRetry] {
            Self.read(Array(0..<Self.items.count), &app)
            #expect(app.top.kind == .freeContent)
            #expect(app.store.freeReadsThisMonth == 0, "a subscriber's reading is not a free read")
            let text = app.view().text
            #expect(!text.contains("free reads left") && !text.contains("One free read") && !text.contains("✓ Read"))
            app.press(.enter)
            #expect(app.top.kind == .freeItem && !app.view().text.contains("One free read"))
            #expect(!app.activeBindings.contains { $0.action == .seePlans })
        }
    }

    @Test("onboarding never shows to a subscriber, even when asked for; the store opens")
    func subscriberNeverSeesOnboarding() {
        var app = Self.subscribed()
        OnboardingScreen.startIfDue(&app, requested: true, firstLaunch: true)
        #expect(app.kinds == [.store])
        #expect(app.store.onboardingShown, "the first launch is spent all the same")
    }

    // MARK: onboarding

    @Test("onboarding: shown when asked for or on a ledger's first launch, else the store; the first launch is marked")
    func onboardingWhen() {
        var plain = Sample.app()
        OnboardingScreen.startIfDue(&plain, requested: false, firstLaunch: false)
        #expect(plain.kinds == [.store] && !plain.store.onboardingShown)
        var asked = Sample.app()
        OnboardingScreen.startIfDue(&asked, requested: true, firstLaunch: false)
        #expect(asked.kinds == [.store, .onboarding] && !asked.store.onboardingShown)
        var first = Sample.app()
        OnboardingScreen.startIfDue(&first, requested: false, firstLaunch: true)
        #expect(first.kinds == [.store, .onboarding] && first.store.onboardingShown)
    }

    @Test("onboarding: → and Enter page on, ← back, s or Esc skip to the store; the last page opens the sign-up screen")
    func onboardingKeys() {
        var app = Sample.app()
        OnboardingScreen.startIfDue(&app, requested: true, firstLaunch: false)
        #expect(!app.activeBindings.contains { $0.action == .previousPage }, "nothing before the first page")
        app.press(.right, .enter)
        guard case .onboarding(let screen) = app.top else { Issue.record("onboarding closed"); return }
        #expect(screen.page == 2)
        app.press(.left)
        guard case .onboarding(let back) = app.top else { Issue.record("onboarding closed"); return }
        #expect(back.page == 1)
        app.press(.character("s"))
        #expect(app.kinds == [.store])
        OnboardingScreen.startIfDue(&app, requested: true, firstLaunch: false)
        app.press(.escape)
        #expect(app.kinds == [.store])
        OnboardingScreen.startIfDue(&app, requested: true, firstLaunch: false)
        app.press(.enter, .enter, .enter)
        let last = app.view().text
        #expect(last.contains("Plans from $1.99/month") && last.contains("[ ⏎ Try It Free ]"))
        #expect(last.contains("Renews automatically"))
        app.press(.enter)
        #expect(app.kinds == [.store, .signup])
        app.press(.escape)
        #expect(app.kinds == [.store])
    }

    // MARK: a catalog without them

    @Test("a catalog without a free area or onboarding has neither key nor screen")
    func catalogWithout() {
        var catalog = Sample.catalog
        catalog.freeContent = nil
        catalog.onboarding = nil
        var app = AppState(store: AppStore(catalog: catalog, territory: catalog.territory("USA")!, now: Sample.start),
                           locale: Locale(identifier: "en_US"), size: Size(columns: 120, rows: 24))
        #expect(!app.activeBindings.contains { $0.action == .freeContent })
        #expect(!app.view().text.contains("free reads"))
        app.press(.character("f"))
        #expect(app.kinds == [.store])
        OnboardingScreen.startIfDue(&app, requested: true, firstLaunch: true)
        #expect(app.kinds == [.store])
    }

    @Test("every screen of the flow fits 40x12, with its keys, and survives opening and closing the help")
    func smallest() {
        var app = Sample.app(AppState.minimumSize)
        Self.read([0, 1, 2, 3], &app)
        let paywall = app.view().text
        #expect(paywall.contains("See Your Options") && paywall.contains("Not Now") && paywall.contains("Restore"))
        app.press(.character("?"), .escape)
        #expect(app.view().text == paywall)
        var onboarding = Sample.app(AppState.minimumSize, locale: "ja_JP", territory: "JPN")
        OnboardingScreen.startIfDue(&onboarding, requested: true, firstLaunch: false)
        onboarding.press(.right, .right, .right)
        let last = onboarding.view().text
        #expect(last.contains("無料で試す") && last.contains("○ ○ ○ ●"))
    }
}
