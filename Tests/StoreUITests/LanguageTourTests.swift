import Foundation
import Testing
import StoreModel
@testable import StoreUI

/// A tour of the main screens in every language besides English, at the standard and the compact
/// size: Japanese against goldens `tour-<screen>-ja_JP-<size>.txt` (wide text's layout), the others by
/// what their footers say (`expectGolden` in Support.swift). A new language appends its locale to
/// `locales`; its words are checked in StringsTests.
@Suite("Language tour")
struct LanguageTourTests {
    static let locales = ["de_DE", "fr_FR", "ja_JP", "es_ES", "zh_CN"]
    static let sizes = [Size(columns: 80, rows: 24), Size(columns: 50, rows: 16)]
    static let proAnnual = "com.trailhead.plus.pro.annual"
    static let alps = "com.trailhead.maps.alps"

    /// The main screens, each reached from a fresh app by the keys a person presses.
    enum Stop: String, CaseIterable {
        case store, detail, purchaseSheet = "purchase-sheet", signup, account, purchaseHelp = "purchase-help"
        case redeem, paywall, onboarding, keys

        func visit(_ app: inout AppState) {
            switch self {
            case .store: break
            case .detail:
                app.select(LanguageTourTests.alps)
                app.press(.enter)
            case .purchaseSheet:
                // A subscription's b opens its sign-up screen; b there opens the confirmation sheet.
                app.select(LanguageTourTests.proAnnual)
                app.press(.character("b"), .character("b"))
            case .signup:
                app.select(LanguageTourTests.proAnnual)
                app.press(.enter)
            case .account:
                app.store.purchase(LanguageTourTests.proAnnual)
                app.press(.character("a"))
            case .purchaseHelp: app.press(.character("p"))
            case .redeem:
                app.press(.character("c"))
                app.type("springtrail")
                app.press(.enter)
            case .paywall: PaywallTests.read([0, 1, 2, 3], &app)
            case .onboarding:
                OnboardingScreen.startIfDue(&app, requested: true, firstLaunch: false)
                app.press(.right, .right, .right)
            case .keys: app.press(.character("?"))
            }
        }

        /// What the tour stop shows, to check it arrived.
        var kind: ScreenKind {
            switch self {
            case .store: .store
            case .detail: .detail
            case .purchaseSheet: .sheet
            case .signup: .signup
            case .account: .account
            case .purchaseHelp: .purchaseHelp
            case .redeem: .redeem
            case .paywall: .paywall
            case .onboarding: .onboarding
            case .keys: .help
            }
        }
    }

    /// The app as it starts in a locale: in the catalog's territory for the locale's region, as at
    /// launch, else in the USA.
    static func app(_ size: Size, _ locale: String) -> AppState {
        let region = Locale(identifier: locale).region?.identifier
        let territory = Sample.catalog.territories.first { $0.region == region }?.code ?? "USA"
        return Sample.app(size, locale: locale, territory: territory)
    }

    @Test("a footer in another language than the screen's fails the check that stands for goldens in copy-only languages")
    func footerCheckCanFail() {
        let english = Self.app(Self.sizes[0], "en_US").view()
        #expect(footerProblems(english, locale: "es_ES").count >= 3, "an English footer taken for Spanish")
        #expect(footerProblems(Self.app(Self.sizes[0], "es_ES").view(), locale: "es_ES").isEmpty, "the Spanish store")
    }

    @Test("every language's tour of the main screens, at 80x24 and 50x16: Japanese matches its goldens, the others speak their language",
          arguments: locales)
    func tour(locale: String) {
        for stop in Stop.allCases {
            for size in Self.sizes {
                var app = Self.app(size, locale)
                stop.visit(&app)
                #expect(app.activeKind == stop.kind, "\(locale) \(stop) \(size): reached \(app.activeKind)")
                expectGolden(app.view(), "tour-\(stop.rawValue)-\(locale)-\(size.columns)x\(size.rows)")
            }
        }
    }
}

extension LanguageTourTests {
    @Test("a locale without UI strings (Arabic, Hebrew, Persian) reads English with the locale's numbers, and nothing drawn is a replacement character",
          arguments: ["ar_SA", "he_IL", "fa_IR"])
    func localeWithoutStrings(locale: String) {
        for stop in Stop.allCases {
            var app = Self.app(Size(columns: 80, rows: 24), locale)
            stop.visit(&app)
            let text = app.view().text
            #expect(!text.contains("\u{FFFD}"), "\(locale) \(stop.rawValue): \(text)")
            #expect(app.strings.qa.nothingToRenew == Strings.english.qa.nothingToRenew, "English text in \(locale)")
        }
        // The saving on a plan (a percent) is the one Foundation writes with a bidi mark in Arabic.
        var app = Self.app(Size(columns: 80, rows: 24), "ar_SA")
        Stop.signup.visit(&app)
        #expect(app.view().text.contains("٪"), "Arabic's own percent sign: \(app.view().text)")
    }
}
