import Foundation
import StoreModel
@testable import StoreUI
import Testing

/// Issue 31's HIG point "the app's own UI is not drawn inside sheets titled 'App Store'": the retention
/// offer's pitch, the exit survey and the post-redemption welcome are the app's screens in the app's
/// theme; the system sheets (cancel, the retention offer's confirmation, the redemption) stay uniform.
/// Each rule is checked at 80x24, 50x16 and 40x12 in English and Japanese, and drawn as goldens.
struct AppScreensTests {
    static let sizes = HIGPointsTests.sizes
    static let locales = HIGPointsTests.locales
    static let group = "trailhead.plus"

    /// Pro Monthly past its introductory months (where the retention offer saves something), on the
    /// Account screen; `x` starts cancelling.
    static func subscriber(_ size: Size = Size(columns: 80, rows: 24), _ locale: String = "en_US") -> AppState {
        var app = AccountScreenTests.Person.introPrice.app(size, locale)
        app.store.advance(by: SubscriptionPeriod(value: 3, unit: .month))
        return app
    }

    /// Whether anything on the screen is drawn in a system sheet's roles.
    static func drawsSystemSheet(_ app: AppState) -> Bool { app.view().cells.contains { $0.role.isSystem } }

    static func flat(_ app: AppState) -> String {
        app.view().text.replacingOccurrences(of: "\u{00A0}", with: " ")
    }

    @Test("the system cancel sheet shows only what the system shows: until when access lasts, Keep and Cancel; no retention offer, no exit survey")
    func cancelSheetIsUniform() {
        for locale in Self.locales {
            for size in Self.sizes {
                // In the introductory months (no retention offer) x opens the system sheet.
                var app = AccountScreenTests.Person.introPrice.app(size, locale)
                app.press(.character("x"))
                #expect(app.activeKind == .cancelSubscription, "\(locale) \(size)")
                let text = app.view().text
                let words = app.strings.account
                #expect(text.contains(words.keepSubscription) && text.contains(words.cancelButton), "\(locale) \(size): \(text)")
                #expect(!text.contains(words.surveyTitle) && !text.contains(words.takeOffer), "\(locale) \(size): \(text)")
                for reason in ExitSurveyScreen.reasons(app) { #expect(!text.contains(reason), "\(locale) \(size): \(reason)") }
                // Its focus goes round Keep and Cancel only.
                app.press(.tab, .tab)
                guard case .cancelSubscription(let sheet)? = app.overlay else { Issue.record("the sheet closed"); continue }
                #expect(sheet.focus == 0)
            }
        }
    }

    @Test("cancelling from the Account screen with a retention offer shows the app's pitch first, in the app's theme, with the offer's price, its duration and the price after it")
    func pitchBeforeSystemSheet() {
        for locale in Self.locales {
            for size in Self.sizes {
                var app = Self.subscriber(size, locale)
                app.press(.character("x"))
                #expect(app.activeKind == .retentionPitch, "\(locale) \(size)")
                #expect(app.overlay == nil)
                #expect(!Self.drawsSystemSheet(app), "\(locale) \(size): the pitch is the app's, not a system sheet")
                var seen = Self.flat(app)
                for _ in 0..<8 { app.press(.down); seen += Self.flat(app) }
                #expect(seen.contains(app.strings.account.beforeYouGo), "\(locale) \(size): \(seen)")
                if locale == "en_US" {   // the offer's price and duration, then the price after it (wrapped at 40 columns)
                    #expect(seen.contains("$2.49/month for 3 months, then") && seen.contains("$4.99/month"), "\(size): \(seen)")
                }
                expectGolden(Self.subscriber(size, locale).pressed(.character("x")).view(), "hig-retention-pitch-\(locale)-\(size.columns)x\(size.rows)")
            }
        }
        // In the introductory months no retention offer applies: x opens the system sheet at once.
        var intro = AccountScreenTests.Person.introPrice.app(Size(columns: 80, rows: 24), "en_US")
        intro.press(.character("x"))
        #expect(intro.activeKind == .cancelSubscription)
    }

    @Test("Take Offer on the app's pitch is confirmed on the uniform system sheet, whose Cancel goes back to the pitch; Confirm books the offer and closes the pitch")
    func takeOffer() {
        var app = Self.subscriber()
        app.press(.character("x"), .enter)
        #expect(app.activeKind == .retentionOffer)
        #expect(Self.drawsSystemSheet(app))
        #expect(app.store.renewalInfo(ofGroup: Self.group, ownership: .purchased)?.offerID == nil, "one Enter books nothing")
        app.press(.escape)
        #expect(app.overlay == nil && app.activeKind == .retentionPitch)
        app.press(.enter, .tab, .enter)
        #expect(app.store.renewalInfo(ofGroup: Self.group, ownership: .purchased)?.offerID == "pro-monthly-stay-half")
        #expect(app.kinds == [.store, .account] && app.overlay == nil)
        #expect(app.notice?.hasPrefix("Offer accepted: $2.49/month for 3 months") == true, "\(app.notice ?? "")")
    }

    @Test("the pitch's Cancel Subscription (Tab, Enter, as x) cancels at once, saying until when access lasts: two presses with an offer as without; Esc on the pitch goes back to Account and cancels nothing")
    func cancelFromThePitch() {
        var kept = Self.subscriber()
        kept.press(.character("x"), .escape)
        #expect(kept.kinds == [.store, .account])
        #expect(kept.store.renewalInfo(ofGroup: Self.group, ownership: .purchased)?.willAutoRenew == true)
        var app = Self.subscriber()
        app.press(.character("x"), .tab, .enter)
        #expect(app.store.renewalInfo(ofGroup: Self.group, ownership: .purchased)?.willAutoRenew == false)
        #expect(!app.kinds.contains(.retentionPitch))
        #expect(app.notice?.replacingOccurrences(of: "\u{00A0}", with: " ").hasPrefix("Cancelled. You can keep using") == true, "\(app.notice ?? "")")
    }

    @Test("the system Manage sheet's Cancel Subscription goes straight to the system cancel sheet: the app's pitch is never inside the system's flow")
    func manageSheetHasNoPitch() {
        var app = Self.subscriber()
        app.press(.enter)   // Manage Subscription
        #expect(app.activeKind == .manage)
        app.press(.character("x"))
        #expect(app.activeKind == .cancelSubscription)
        #expect(!app.kinds.contains(.retentionPitch))
    }

    @Test("the exit survey is the app's own screen after the cancel, only when the catalog has reasons; Esc skips it and choosing a reason thanks the person")
    func exitSurveyAfterCancel() {
        for locale in Self.locales {
            for size in Self.sizes {
                var app = Self.subscriber(size, locale)
                app.press(.character("x"), .character("x"), .character("x"))
                #expect(app.store.renewalInfo(ofGroup: Self.group, ownership: .purchased)?.willAutoRenew == false)
                #expect(app.activeKind == .exitSurvey, "\(locale) \(size)")
                #expect(!app.kinds.contains(.retentionPitch), "the pitch is over once cancelled")
                #expect(!Self.drawsSystemSheet(app), "\(locale) \(size): the survey is the app's, not a system sheet")
                expectGolden(app.view(), "hig-exit-survey-\(locale)-\(size.columns)x\(size.rows)")
                var skipped = app
                skipped.press(.escape)
                #expect(skipped.kinds == [.store, .account] && skipped.notice == nil)
                app.press(.end)
                guard case .other(let screen)? = app.screens.last, let survey = screen.base as? ExitSurveyScreen.State else {
                    Issue.record("no survey"); continue
                }
                #expect(survey.selection == ExitSurveyScreen.reasons(app).count - 1, "End goes to the last reason")
                expectGolden(app.view(), "hig-exit-survey-end-\(locale)-\(size.columns)x\(size.rows)")
                app.press(.home, .enter)
                #expect(app.notice == app.strings.account.thanks)
                #expect(app.kinds == [.store, .account])
            }
        }
        // A catalog without reasons asks nothing.
        var catalog = Sample.catalog
        catalog.app.exitSurvey = []
        var app = AppState(store: AppStore(catalog: catalog, territory: catalog.territory("USA")!, now: Sample.start),
                           locale: Locale(identifier: "en_US"), size: Size(columns: 80, rows: 24))
        app.store.purchase("com.trailhead.plus.pro.monthly")
        app.store.advance(by: SubscriptionPeriod(value: 3, unit: .month))
        app.press(.character("a"), .character("x"), .character("x"), .character("x"))
        #expect(app.store.renewalInfo(ofGroup: Self.group, ownership: .purchased)?.willAutoRenew == false)
        #expect(app.kinds == [.store, .account])
    }

    @Test("after the system sheet reports a redemption, the welcome is the app's own screen in the app's theme; the system sheet says only what was redeemed")
    func redemptionWelcome() {
        for locale in Self.locales {
            for size in Self.sizes {
                var app = Sample.app(size, locale: locale)
                app.press(.character("c"))
                app.type("SPRINGTRAIL")
                app.press(.enter, .tab, .enter)
                guard case .redeem(let sheet)? = app.overlay, case .done = sheet.page else { Issue.record("no report"); continue }
                let service = Sample.catalog.group("trailhead.plus")!.name.resolved(for: app.locale, fallback: app.fallbackLanguage)
                #expect(!app.view().text.contains(app.strings.redeem.welcomeTitle(service)), "\(locale) \(size): the welcome is not the sheet's")
                app.press(.enter)
                #expect(app.activeKind == .redeemWelcome, "\(locale) \(size)")
                #expect(!Self.drawsSystemSheet(app), "\(locale) \(size): the welcome is the app's, not a system sheet")
                #expect(app.view().text.contains(app.strings.redeem.welcomeTitle(service)), "\(locale) \(size)")
                expectGolden(app.view(), "hig-redeem-welcome-\(locale)-\(size.columns)x\(size.rows)")
                app.press(.enter)
                #expect(app.kinds == [.store])
            }
        }
        // An existing subscriber's note of what changes stays the sheet's, with no welcome after it.
        var existing = Sample.app()
        existing.store.purchase("com.trailhead.plus.pro.monthly")
        existing.press(.character("c"))
        existing.type("LOYALPRO")
        existing.press(.enter, .tab, .enter, .enter)
        #expect(existing.kinds == [.store] && existing.overlay == nil)
    }

    @Test("? on each new screen lists every key that works there")
    func helpListsEveryKey() {
        for kind in [ScreenKind.retentionPitch, .retentionOffer, .exitSurvey, .redeemWelcome] {
            for visit in kind.visits {
                for size in Self.sizes {
                    guard var app = visit.run({ Sample.app($1, gate: $0) }, size: size) else { Issue.record("\(visit.name): not reached"); continue }
                    let bindings = app.activeBindings
                    app.press(.character("?"))
                    var seen = app.view().text
                    for _ in 0..<12 { app.press(.down); seen += app.view().text }
                    // Every key (↑↓ move/scroll are the footer's stand-ins for the arrows the help lists).
                    for binding in bindings where binding.action != .help && !binding.keys.isEmpty {
                        #expect(seen.contains(binding.label) && seen.contains(app.strings.actionHelp(binding.action)),
                                "\(visit.name) at \(size): \(binding.label) \(binding.action) missing from\n\(seen)")
                    }
                }
            }
        }
    }
}

extension AppState {
    /// The app after keys, as a value.
    func pressed(_ keys: Key...) -> AppState {
        var app = self
        for key in keys { _ = app.update(.key(key)) }
        return app
    }
}
