import Foundation
import Testing
import StoreModel
@testable import StoreUI

/// The sign-up screen (HIG "Making signup effortless"), Restore Purchases, `--open`, and the rule that a
/// subscriber is never pitched.
@Suite("Sign-up")
struct SignupTests {
    static let group = "trailhead.plus"
    static let standard = Size(columns: 80, rows: 24)
    static let compact = Size(columns: 50, rows: 16)
    static let smallest = Size(columns: 40, rows: 12)
    static let locales = [("en_US", "USA", "en"), ("de_DE", "DEU", "de"), ("fr_FR", "FRA", "fr"), ("ja_JP", "JPN", "ja")]

    static func signup(_ size: Size, locale: String = "en_US", territory: String = "USA", selecting: String? = nil) -> AppState {
        var app = Sample.app(size, locale: locale, territory: territory)
        app.openSignup(groupID: group, selecting: selecting)
        return app
    }

    /// Every text the screen shows, from its first line to its last, as drawn while it scrolls a line
    /// at a time (the chosen option stays), with whitespace and scroll marks taken out so wrapped lines
    /// read as one.
    static func allText(_ app: AppState) -> String {
        guard case .signup(var screen) = app.top else { return "" }
        var app = app
        let layout = SignupScreen.layout(app, screen)
        var text = ""
        for offset in 0...layout.maxOffset {
            screen.offset = offset
            app.screens[app.screens.count - 1] = .signup(screen)
            let rows = app.view().text.split(separator: "\n", omittingEmptySubsequences: false)
            // The first content row at each step, then the whole body of the last page.
            let area = layout.area
            text += offset < layout.maxOffset ? String(rows[area.row]) : rows[area.row..<area.row + area.height].joined(separator: "\n")
        }
        return flat(text)
    }

    static func flat(_ text: String) -> String { String(text.filter { !$0.isWhitespace && $0 != "▲" && $0 != "▼" && $0 != "│" && $0 != "\u{202F}" }) }

    @Test("golden sign-up screens: every option kind (free trial, pay-as-you-go and pay-up-front intro, no offer, family) in four languages at 80x24 and 50x16")
    func goldens() {
        // Compact shows the chosen option's details: a different kind in each language.
        let compactChoice = ["en": "com.trailhead.plus.family.monthly", "de": "com.trailhead.plus.pro.monthly",
                             "fr": "com.trailhead.plus.basic.annual", "ja": "com.trailhead.plus.basic.monthly"]
        for (locale, territory, language) in Self.locales {
            // 80x24: the top (family, free trials, pay-as-you-go) and the bottom (no offer, pay up front).
            var app = Self.signup(Self.standard, locale: locale, territory: territory)
            expectScreen(app.view(), "signup-\(language)-80x24-top", locale: locale)
            app.press(.end)
            expectScreen(app.view(), "signup-\(language)-80x24-bottom", locale: locale)
            var small = Self.signup(Self.compact, locale: locale, territory: territory, selecting: compactChoice[language])
            expectScreen(small.view(), "signup-\(language)-50x16", locale: locale)
            small.press(.pageDown)
            expectScreen(small.view(), "signup-\(language)-50x16-details", locale: locale)
        }
    }

    @Test("every HIG element is on the screen for every option in every territory, at 80x24 and 40x12 (scrolling counts)")
    func higElements() {
        for territory in Sample.catalog.territories {
            for size in [Self.standard, Self.smallest] {
                let probe = Self.signup(size, locale: territory.locale, territory: territory.code)
                let words = probe.strings.signup
                let terms = BillingTerms(probe)
                let options = SignupScreen.options(probe, SignupScreen.State(groupID: Self.group))
                #expect(options.count == 7, "\(territory.code)")
                for product in options {
                    let app = Self.signup(size, locale: territory.locale, territory: territory.code, selecting: product.id)
                    let text = Self.allText(app)
                    let place = "\(product.id) in \(territory.code) at \(size)"
                    func has(_ element: String, _ what: String) {
                        #expect(text.contains(Self.flat(element)), "\(what) missing: \(element) — \(place)")
                    }
                    has(app.name(product), "name")
                    has(app.strings.duration(product.subscription!.period), "duration")
                    has(app.description(product), "content")
                    has(terms.standardPrice(product)!, "billing amount")
                    if let offer = terms.applicableOffer(product) {
                        let end = app.date(offer.totalDuration.added(to: app.store.now))
                        let line = terms.offerTerms(offer, on: product, startingAt: app.store.now)!
                        has(line, "offer terms")
                        #expect(line.contains(end) && line.contains(terms.standardPrice(product)!), "\(place)")
                    }
                    if let perMonth = terms.perMonth(product) { has(perMonth, "per-month breakdown") }
                    if product.familyShareable { has(app.strings.familySharing, "Family Sharing") }
                    has(words.howToCancel, "how to cancel")
                    has(words.labelled(words.termsOfUse, Sample.catalog.app.termsOfServiceURL), "Terms of Use")
                    has(words.labelled(words.privacyPolicy, Sample.catalog.app.privacyPolicyURL), "Privacy Policy")
                    has(words.restorePurchases, "Restore Purchases")
                    has(words.notNow, "Not Now")
                    #expect(app.bindings(for: .signup).contains { $0.action == .restore }, "r works: \(place)")
                }
            }
        }
    }

    @Test("the billing amount is the most prominent text of each option: drawn in the price role")
    func pricesArePrices() {
        var app = Self.signup(Self.standard)
        var priced: Set<String> = []
        for _ in 0..<6 {
            let grid = app.view()
            for row in 0..<grid.size.rows { for run in grid.runs(row: row) where run.role == .price { priced.insert(run.text.trimmingCharacters(in: .whitespaces)) } }
            app.press(.pageDown)
        }
        let terms = BillingTerms(app)
        for product in SignupScreen.options(app, SignupScreen.State(groupID: Self.group)) {
            #expect(priced.contains(terms.standardPrice(product)!), "\(product.id): \(priced)")
        }
    }

    @Test("the chosen option stays in view while ↑↓ move, and ▲/▼ show where more is")
    func scrollsWithSelection() {
        var app = Self.signup(Self.compact)
        #expect(app.view().text.contains("▼") && !app.view().text.contains("▲"))
        for _ in 0..<6 {
            app.press(.down)
            guard case .signup(let screen) = app.top else { Issue.record("left the screen"); return }
            let name = app.name(Sample.catalog.product(screen.selection!)!)
            #expect(app.view().text.contains("▸ " + name))
        }
        app.press(.end)
        #expect(app.view().text.contains("▲") && !app.view().text.contains("▼"))
        #expect(app.view().text.contains("[ Esc Not Now ]"))
    }

    @Test("compact layout: the options as a list, then one button naming the chosen option and its price")
    func compactButton() {
        var app = Self.signup(Self.compact, selecting: "com.trailhead.plus.basic.monthly")
        #expect(app.view().text.contains("[ ⏎ Subscribe: Basic Monthly — $1.99/month ]"))
        app.press(.down)
        // Too wide for one row: the name on the first, the price on the second.
        #expect(app.view().text.contains("[ ⏎ Subscribe: Basic Annual ]\n"))
        #expect(app.view().text.contains("$2.99 for the first 3 months, then $19.99/year"), "the offer and the price after it")
        let small = Self.signup(Self.smallest, selecting: "com.trailhead.plus.pro.annual")
        #expect(small.view().text.contains("[ ⏎ Subscribe: Pro Annual ]"))
        #expect(small.view().text.contains("Free for 1 week"))
    }

    @Test("Enter on the chosen option opens the one system confirmation sheet; Esc is Not Now, back to the store")
    func buyAndNotNow() {
        var app = Sample.app()
        app.select("com.trailhead.plus.basic.annual")
        app.press(.enter)
        guard case .signup(let screen) = app.top else { Issue.record("no sign-up screen"); return }
        #expect(screen.selection == "com.trailhead.plus.basic.annual")
        app.press(.enter)
        #expect(app.isSheetOpen)
        #expect(app.view().text.contains("[ Confirm ]"))
        app.press(.escape)
        #expect(app.kinds == [.store, .signup])
        #expect(!app.isSheetOpen && app.overlay == nil, "a cancelled purchase gets a line, not a dialog")
        app.press(.escape)
        #expect(app.kinds == [.store])
    }

    @Test("after subscribing on the sign-up screen, the person sees their plan, not the pitch")
    func subscribingLeavesThePitch() {
        var app = Self.signup(Self.standard, selecting: "com.trailhead.plus.pro.annual")
        app.press(.enter, .tab, .enter)
        #expect(app.view().text.contains("You're subscribed to Pro Annual."))
        app.press(.enter)
        #expect(app.kinds == [.store, .account])
        #expect(!app.view().text.contains("Choose your"))
    }

    /// The people who must never see a pitch, each made the way the App Store would.
    static func subscribers() -> [(String, AppState)] {
        var subscribed = Sample.app()
        subscribed.store.purchase("com.trailhead.plus.pro.annual")
        var family = Sample.app()
        _ = family.store.receiveFamilySharing("com.trailhead.plus.family.monthly")
        var grace = Sample.app()
        grace.store.purchase("com.trailhead.plus.pro.annual")
        grace.store.scenario.billingFails = true
        grace.store.advance(by: SubscriptionPeriod(value: 10, unit: .day))
        var retry = Sample.app()
        retry.store.purchase("com.trailhead.plus.pro.annual")
        retry.store.scenario.billingFails = true
        retry.store.advance(by: SubscriptionPeriod(value: 30, unit: .day))
        return [("subscribed", subscribed), ("family member", family), ("in grace period", grace), ("in billing retry", retry)]
    }

    @Test("a subscriber, family member, or someone in grace or billing retry never sees the sign-up pitch: not from the store's Enter, not from --open signup")
    func neverPitchSubscribers() {
        let expected: [String: PitchDecision] = [
            "subscribed": .never(.subscribed(.purchased)), "family member": .never(.subscribed(.familyShared)),
            "in grace period": .never(.inGracePeriod), "in billing retry": .never(.inBillingRetry),
        ]
        for (who, person) in Self.subscribers() {
            #expect(person.store.pitch(forGroup: Self.group) == expected[who], "\(who)")
            // Every subscription the store lists, opened with Enter.
            let products = StoreScreen.selectableProducts(person).filter { $0.type == .autoRenewable }
            #expect(!products.isEmpty, "\(who)")
            for product in products {
                var app = person
                app.select(product.id)
                app.press(.enter)
                #expect(app.top.kind != .signup, "\(who): Enter on \(product.id) pitched")
                #expect(!app.view().text.contains("Choose your"), "\(who)")
            }
            var launched = person
            launched.follow(try! DeepLink(parsing: "signup", catalog: Sample.catalog))
            #expect(launched.kinds == [.store, .account], "\(who): --open signup gives their own plan, on the Account screen")
            #expect(!launched.view().text.contains("Choose your"), "\(who): no pitch")
        }
    }

    @Test("a lapsed subscriber sees Resubscribe and the win-back offer for the product they had")
    func lapsed() {
        var app = Sample.app()
        // A paid year after the free week (a trial alone pays nothing, and wins no win-back offer),
        // over a month ago: within the sample offer's 1 to 12 months.
        app.store.purchase("com.trailhead.plus.pro.annual")
        app.store.advance(by: SubscriptionPeriod(value: 2, unit: .week))
        app.store.setAutoRenew(false, group: Self.group)
        app.store.advance(by: SubscriptionPeriod(value: 13, unit: .month))
        guard case .resubscribe(let last, _) = app.store.pitch(forGroup: Self.group) else { Issue.record("not lapsed"); return }
        #expect(last == "com.trailhead.plus.pro.annual")
        app.follow(.signup(groupID: nil))
        let text = app.view().text
        #expect(Self.allText(app).contains(Self.flat("Resubscribe to Trailhead Plus")))
        #expect(text.contains("▸ Pro Annual"))
        #expect(text.contains("[ ⏎ Resubscribe: Pro Annual"))
        let all = Self.allText(app)
        #expect(all.contains(Self.flat("Welcome back: $29.99 for the first year")), "\(all)")
        expectGolden(app.view(), "signup-lapsed-80x24")
    }

    @Test("when payments are blocked the sign-up screen says why and offers only Restore")
    func gated() {
        var app = Sample.app(gate: .screenTime)
        app.openSignup(groupID: Self.group)
        #expect(app.top.kind == .signup)
        let text = app.view().text
        #expect(text.contains("Purchases unavailable") && text.contains("Screen Time"))
        #expect(!text.contains("$") && !text.contains("Subscribe"))
        let actions = app.activeBindings.map(\.action)
        #expect(actions.contains(.restore) && !actions.contains(.buy))
        #expect(!actions.contains(.redeemCode) && !text.contains("Redeem Code"), "no Redeem Code when payments are blocked")
        expectGolden(app.view(), "signup-gated-80x24")
    }

    @Test("Restore Purchases runs only after signing in, and names what it restored: no consumables, passes from the app's records")
    func restore() {
        var app = Self.signup(Self.standard)
        for id in ["com.trailhead.maps.alps", "com.trailhead.boost.small", "com.trailhead.pass.summer"] { app.store.purchase(id) }
        let before = app.store.transactions.count
        app.press(.character("r"))
        #expect(app.view().text.contains("Sign in with your Apple Account to restore your"))
        #expect(app.store.transactions.count == before, "nothing restored before signing in")
        app.press(.escape)
        #expect(app.overlay == nil && app.store.transactions.count == before, "Cancel restores nothing")
        app.press(.character("r"), .enter)
        let text = app.view().text
        #expect(text.contains("Purchases Restored"))
        #expect(text.contains("✓ Alps Map Pack"))
        #expect(text.contains("From this app's records:") && text.contains("✓ Summer Pass"))
        #expect(!text.contains("Trail Boost"))
        #expect(text.contains("Consumables are not restored."))
        app.press(.enter)
        #expect(app.overlay == nil && app.kinds == [.store, .signup])
    }

    @Test("restoring with nothing to restore says so clearly")
    func nothingToRestore() {
        var app = Self.signup(Self.smallest)
        app.startRestore()
        app.press(.enter)
        #expect(app.view().text.contains("Nothing to Restore"))
        #expect(app.view().text.contains("This account has no"))
        var japanese = Self.signup(Self.standard, locale: "ja_JP", territory: "JPN")
        japanese.press(.character("r"), .enter)
        #expect(japanese.view().text.contains("復元する項目はありません"))
    }

    @Test("--open takes store, signup and signup=GROUP; anything else is a clear error naming the valid values")
    func deepLinks() throws {
        #expect(try DeepLink(parsing: "store", catalog: Sample.catalog) == .store)
        #expect(try DeepLink(parsing: "promoted=com.trailhead.maps.alps", catalog: Sample.catalog)
                == .promoted(PurchaseIntent(productID: "com.trailhead.maps.alps")))
        #expect(try DeepLink(parsing: "promoted=com.trailhead.plus.pro.annual,offer=pro-annual-welcome-back", catalog: Sample.catalog)
                == .promoted(PurchaseIntent(productID: "com.trailhead.plus.pro.annual", offerID: "pro-annual-welcome-back")))
        #expect(throws: DeepLink.Problem.self) { try DeepLink(parsing: "promoted=com.trailhead.maps.rockies", catalog: Sample.catalog) }
        #expect(throws: DeepLink.Problem.self) { try DeepLink(parsing: "promoted=com.trailhead.maps.alps,offr=x", catalog: Sample.catalog) }
        #expect(try DeepLink(parsing: "signup", catalog: Sample.catalog) == .signup(groupID: nil))
        #expect(try DeepLink(parsing: "signup=trailhead.plus", catalog: Sample.catalog) == .signup(groupID: "trailhead.plus"))
        #expect(try DeepLink(parsing: "SIGNUP", catalog: Sample.catalog) == .signup(groupID: nil), "screen names in any case")
        do {
            _ = try DeepLink(parsing: "signup=", catalog: Sample.catalog)
            Issue.record("signup= with no group is an error")
        } catch {
            #expect(error.message.contains("signup= needs a subscription group id, one of trailhead.plus"))
        }
        #expect(try DeepLink(parsing: "account", catalog: Sample.catalog) == .account)
        #expect(try DeepLink(parsing: "redeem", catalog: Sample.catalog) == .redeem(code: nil))
        #expect(try DeepLink(parsing: "redeem=", catalog: Sample.catalog) == .redeem(code: nil))
        #expect(try DeepLink(parsing: "REDEEM=springTrail", catalog: Sample.catalog) == .redeem(code: "springTrail"), "the code as written")
        let cases = ["nope": "unknown screen", "signup=nope": "no subscription group \"nope\"", "account=x": "account takes no value",
                     "help=x": "help takes no value", "store=x": "store takes no value"]
        for (value, words) in cases {
            #expect(throws: DeepLink.Problem.self) { try DeepLink(parsing: value, catalog: Sample.catalog) }
            do {
                _ = try DeepLink(parsing: value, catalog: Sample.catalog)
            } catch {
                #expect(error.message.contains(words), "\(value): \(error.message)")
                #expect(error.message.contains(DeepLink.valid), "\(value): \(error.message)")
            }
        }
        var app = Sample.app()
        app.follow(.signup(groupID: nil))
        #expect(app.kinds == [.store, .signup])
    }

    @Test("at 40x12 nothing required is cut from the detail view or the confirmation sheet: they scroll, the sheet's buttons stay")
    func smallestDetailAndSheet() {
        for product in Sample.catalog.products {
            var app = Sample.app(Self.smallest)
            app.open(.detail(DetailScreen.State(productID: product.id)))
            var text = app.view().text
            for _ in 0..<30 { app.press(.down); text += app.view().text }
            #expect(Self.flat(text).contains(Self.flat(app.description(product))), "\(product.id)")
            #expect(Self.flat(text).contains(Self.flat(BillingTerms(app).standardPrice(product)!)), "\(product.id)")
        }
        var app = Sample.app(Self.smallest)
        app.open(.detail(DetailScreen.State(productID: "com.trailhead.plus.pro.annual")))
        app.press(.enter, .enter) // the sign-up screen on it, then its confirmation sheet
        #expect(app.isSheetOpen)
        var text = app.view().text
        #expect(text.contains("[ Cancel ]") && text.contains("[ Confirm ]"))
        for _ in 0..<10 {
            app.press(.down)
            #expect(app.view().text.contains("[ Confirm ]"), "the buttons stay while the content scrolls")
            text += app.view().text
        }
        let flat = Self.flat(text)
        #expect(flat.contains(Self.flat("Your free trial ends on Nov 28, 2026.")))
        #expect(flat.contains(Self.flat("tester@icloud.com")))
    }
}

extension SignupTests {
    @Test("a 100 KB product name and description cost the sign-up what 500 characters do: screens show catalog text cut to 500 characters, then …")
    func hostileLengthsCut() {
        var catalog = Sample.catalog
        let index = catalog.products.firstIndex { $0.id == "com.trailhead.plus.pro.monthly" }!
        catalog.products[index].name = LocalizedText(["en": "Pro " + String(repeating: "Monthly ", count: 12_800)])
        catalog.products[index].description = LocalizedText(["en": String(repeating: "everywhere ", count: 10_000)])
        let store = AppStore(catalog: catalog, territory: catalog.territory("USA")!, now: Sample.start)
        var app = AppState(store: store, locale: Locale(identifier: "en_US"), size: Size(columns: 80, rows: 24))
        app.openSignup(groupID: Self.group, selecting: "com.trailhead.plus.pro.monthly")
        let shown = app.name(catalog.products[index])
        #expect(shown.count == AppState.longestShownText + 1 && shown.hasSuffix("…"))
        guard case .signup(let screen) = app.top else { Issue.record("no sign-up"); return }
        let huge = SignupScreen.layout(app, screen).lines.count
        var plain = Sample.app(Size(columns: 80, rows: 24))
        plain.openSignup(groupID: Self.group, selecting: "com.trailhead.plus.pro.monthly")
        guard case .signup(let plainScreen) = plain.top else { Issue.record("no sign-up"); return }
        let usual = SignupScreen.layout(plain, plainScreen).lines.count
        // Each of the two texts wraps to at most 500 / 76 + 1 lines more than the sample's (where both
        // are whole: before, the name alone was some 1,400 lines, laid out again at every key).
        #expect(huge <= usual + 2 * (AppState.longestShownText / 70 + 2), "\(huge) lines against \(usual)")
        // The screen still draws, its rows their width.
        #expect(app.view().text.split(separator: "\n").allSatisfy { TextWidth.of(String($0)) <= 80 })
    }
}

extension SignupTests {
    @Test("sign-up scrolling keeps an option whole: the top line is never an option's details without its name and total price, moving down the options or by the page", arguments: ["en_US", "ja_JP", "zh_CN"])
    func scrollingKeepsAnOptionWhole(locale: String) {
        for size in [Self.standard, Self.compact, Self.smallest] {
            var app = Self.signup(size, locale: locale)
            for key in Array(repeating: Key.down, count: 12) + Array(repeating: Key.pageUp, count: 3) + Array(repeating: Key.pageDown, count: 4) {
                app.press(key)
                guard case .signup(let screen) = app.top else { Issue.record("left the screen"); return }
                let layout = SignupScreen.layout(app, screen)
                let offset = min(max(0, screen.offset), layout.maxOffset)
                let cut = layout.optionLines.first { $0.value.lowerBound < offset && offset < $0.value.upperBound }
                // An option taller than the view may show from its first line only: never below it.
                #expect(cut == nil, "\(locale) \(size) after \(key): the top line is inside \(cut?.key ?? "") at \(offset)\n\(app.view().text)")
            }
        }
    }
}
