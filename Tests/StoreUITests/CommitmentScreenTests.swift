import Foundation
import Testing
import StoreModel
@testable import StoreUI

/// Monthly payments with a 12-month commitment on screen (issue 32; StoreKit's
/// `PricingTerms`/`CommitmentInfo`, WWDC26 session 210): the sign-up screen lists the plan beside
/// billing up front with its monthly amount, total, length and what cancelling means; the confirmation
/// sheet states the same terms and charges the same amount; Account and the manage sheet say which
/// payment runs and how many are left; a cancel keeps the payments left and access to the commitment's end.
@Suite("12-month commitment on screen")
struct CommitmentScreenTests {
    static let group = "trailhead.plus"
    static let proAnnual = "com.trailhead.plus.pro.annual"
    static let standard = Size(columns: 80, rows: 24)
    static let compact = Size(columns: 50, rows: 16)
    /// Where the sample prices the plan and the App Store offers it (not the USA).
    static let locales = [("en_US", "GBR"), ("de_DE", "DEU"), ("ja_JP", "JPN")]

    static func signup(_ size: Size, locale: String = "en_US", territory: String = "GBR", monthly: Bool = true) -> AppState {
        var app = Sample.app(size, locale: locale, territory: territory)
        app.openSignup(groupID: group, selecting: proAnnual)
        if monthly { app.press(.down) }
        return app
    }

    static func signupState(_ app: AppState) -> SignupScreen.State? {
        if case .signup(let screen) = app.top { return screen }
        return nil
    }

    /// A commitment bought through the screens, then `months` of renewals.
    static func committed(_ size: Size = standard, locale: String = "en_US", territory: String = "GBR", months: Int = 0) -> AppState {
        var app = signup(size, locale: locale, territory: territory)
        // The disclosure (Continue), the confirmation sheet (Confirm), the result.
        app.press(.enter, .tab, .enter, .tab, .enter, .enter)
        app.store.advance(by: SubscriptionPeriod(value: months, unit: .month))
        return app
    }

    @Test("the sign-up screen lists a one-year option's monthly plan with a 12-month commitment under it, with its monthly amount, total, length and what cancelling means")
    func listsThePlan() throws {
        var app = Self.signup(Self.standard)
        #expect(Self.signupState(app)?.selection == Self.proAnnual && Self.signupState(app)?.plan == .monthly,
                "↓ from Pro Annual chooses its monthly plan, the next choice")
        let product = try #require(app.store.catalog.product(Self.proAnnual))
        let terms = BillingTerms(app)
        let total = try #require(product.subscription?.monthlyPlan?.commitmentPrice(in: app.store.territory))
        let text = SignupTests.allText(app)
        for (element, what) in [(app.strings.payMonthly(app.name(product)), "the plan's name"),
                                (try #require(terms.monthlyPlanPrice(product)), "the monthly amount"),
                                (app.strings.commitmentLength(12), "the commitment's length"),
                                (app.price(total), "the commitment's total"),
                                (app.strings.commitmentCancel(12), "what cancelling means"),
                                (try #require(terms.standardPrice(product)), "billing up front, beside it")] {
            #expect(text.contains(SignupTests.flat(element)), "\(what) missing: \(element)")
        }
        #expect(app.view().text.contains(try #require(terms.commitmentCharge(product))), "the button names the monthly charge")
        app.press(.down)
        #expect(Self.signupState(app)?.plan == .billedUpFront, "the next option is billed up front again")
    }

    @Test("the plan is not listed where the App Store does not offer it (the USA), even though the option is sold there")
    func notInTheUSA() {
        let app = Self.signup(Self.standard, territory: "USA", monthly: false)
        let choices = SignupScreen.choices(app, SignupScreen.State(groupID: Self.group))
        #expect(choices.allSatisfy { $0.plan == .billedUpFront } && choices.contains { $0.product.id == Self.proAnnual })
        #expect(!SignupTests.allText(app).contains(SignupTests.flat(app.strings.commitmentLength(12))))
    }

    @Test("the App Store's disclosure comes before a first commitment, with the number of payments, the amount and total and cancellation guidance; Cancel cancels the purchase and it comes again; Continue goes on to the sheet, and once accepted it never shows again on the account")
    func disclosure() throws {
        var app = Self.signup(Self.standard)
        app.press(.enter)
        guard case .commitmentDisclosure(let sheet) = app.overlay else { Issue.record("no disclosure: \(String(describing: app.overlay))"); return }
        let product = try #require(app.store.catalog.product(Self.proAnnual))
        let plan = try #require(product.subscription?.monthlyPlan)
        let text = SignupTests.flat(CommitmentDisclosure.lines(app, sheet).map(\.0).joined())
        let payments = app.strings.disclosurePayments(12, app.price(try #require(plan.monthlyPrice(in: app.store.territory))),
                                                      app.price(try #require(plan.commitmentPrice(in: app.store.territory))))
        #expect(text.contains(SignupTests.flat(payments)) && text.contains(SignupTests.flat(app.strings.disclosureCancel(12))))
        app.press(.escape)
        #expect(app.overlay == nil && app.notice == app.strings.purchaseCancelled && !app.store.commitmentDisclosureShown)
        app.press(.enter)
        guard case .commitmentDisclosure = app.overlay else { Issue.record("Cancel does not count as accepted"); return }
        app.press(.tab, .enter)
        guard case .sheet = app.overlay else { Issue.record("Continue opens the confirmation sheet"); return }
        #expect(app.store.commitmentDisclosureShown)
        app.press(.escape, .enter)
        guard case .sheet = app.overlay else { Issue.record("accepted once: straight to the sheet"); return }
        // An account that already bought a commitment (a script, another device) is not shown it either.
        var other = Self.signup(Self.standard)
        other.store.purchase(Self.proAnnual, billingPlan: .monthly)
        #expect(other.store.commitmentDisclosureShown)
    }

    @Test("the sheet of the monthly plan charges the plan's monthly amount and states the commitment's terms, what cancelling means and what follows")
    func sheet() throws {
        var app = Self.signup(Self.standard)
        app.press(.enter, .tab, .enter)
        guard case .sheet(let sheet) = app.overlay else { Issue.record("no sheet: \(String(describing: app.overlay))"); return }
        let product = try #require(app.store.catalog.product(Self.proAnnual))
        let monthly = try #require(product.subscription?.monthlyPlan?.monthlyPrice(in: app.store.territory))
        #expect(sheet.quote.billingPlan == .monthly && sheet.quote.total == monthly && sheet.quote.offer == nil)
        let lines = Overlays.sheetLines(app, sheet).map(\.0).joined(separator: " ")
        let flat = SignupTests.flat(lines)
        for text in [try #require(BillingTerms(app).commitmentTerms(product)), app.strings.commitmentCancel(12),
                     app.strings.commitmentRenews(12), app.strings.payMonthly(app.name(product))] {
            #expect(flat.contains(SignupTests.flat(text)), "missing on the sheet: \(text)")
        }
        #expect(!flat.contains(SignupTests.flat(app.strings.renewsAutomatically)), "the up-front plan's renewal line is not the commitment's")
    }

    @Test("confirming the monthly plan bills payment 1 of 12 at the amount the screen showed")
    func confirming() throws {
        let app = Self.committed()
        let bought = try #require(app.store.transactions.last)
        let monthly = try #require(app.store.catalog.product(Self.proAnnual)?.subscription?.monthlyPlan?.monthlyPrice(in: app.store.territory))
        #expect(bought.productID == Self.proAnnual && bought.price == monthly && bought.commitment?.billingPeriodNumber == 1)
        #expect(bought.commitment?.totalBillingPeriods == 12)
    }

    @Test("Account says which payment of the commitment runs, how many are left, when it ends, and the monthly amount charged next")
    func accountProgress() throws {
        var app = Self.committed(months: 2)
        AccountScreen.open(&app)
        let status = try #require(app.store.commitmentStatus(ofGroup: Self.group))
        #expect(status.commitment.billingPeriodNumber == 3)
        let text = app.view().text
        let words = app.strings.account
        let monthly = try #require(app.store.catalog.product(Self.proAnnual)?.subscription?.monthlyPlan?.monthlyPrice(in: app.store.territory))
        for line in [words.paymentOf(3, 12), words.commitmentProgress(9, app.date(status.commitment.expirationDate)),
                     app.price(monthly) + app.strings.perPeriod(.oneMonth)] {
            #expect(SignupTests.flat(text).contains(SignupTests.flat(line)), "missing: \(line)\n\(text)")
        }
    }

    @Test("a cancelled commitment keeps its payments left and access to the commitment's end, on Account and in the cancel sheet — not the month's end")
    func cancelled() throws {
        var app = Self.committed(months: 2)
        AccountScreen.open(&app)
        let status = try #require(app.store.status(ofGroup: Self.group))
        let monthEnd = try #require(status.transaction.expirationDate)
        let commitmentEnd = try #require(status.transaction.commitment?.expirationDate)
        let words = app.strings.account
        app.press(.character("x"))
        let sheet = SignupTests.flat(app.view().text)
        #expect(sheet.contains(SignupTests.flat(words.keepUsing(app.name(app.store.catalog.product(Self.proAnnual)!), app.date(commitmentEnd)))))
        #expect(sheet.contains(SignupTests.flat(words.paymentsLeftBilled(9))))
        app.press(.character("x"), .escape)
        let text = SignupTests.flat(app.view().text)
        #expect(text.contains(SignupTests.flat(words.commitmentCancelled(9, app.date(commitmentEnd)))), "\(app.view().text)")
        #expect(!text.contains(SignupTests.flat(words.expiresOn(app.date(monthEnd)))), "the month's end is not when it ends")
        #expect(text.contains(SignupTests.flat(words.nextPaymentOn(app.date(monthEnd)))), "the next payment is still due")
        #expect(app.store.nextCharge(ofGroup: Self.group)?.commitment?.billingPeriodNumber == 4)
    }

    @Test("the manage sheet shows the plan paid monthly at the payment being made, with which payment of 12")
    func manageSheet() throws {
        var app = Self.committed(months: 2)
        AccountScreen.open(&app)
        app.press(.enter)
        guard case .manage = app.overlay else { Issue.record("no manage sheet"); return }
        let product = try #require(app.store.catalog.product(Self.proAnnual))
        let text = SignupTests.flat(app.view().text)
        #expect(text.contains(SignupTests.flat(app.strings.payMonthly(app.name(product)))))
        #expect(text.contains(SignupTests.flat(app.strings.account.paymentOf(3, 12))))
        #expect(text.contains(SignupTests.flat(app.price(app.store.transactions.last!.price) + app.strings.perPeriod(.oneMonth))))
    }

    @Test("the manage sheet's row under a commitment switches what follows it: billing up front at the plan's price, or a new commitment")
    func afterCommitmentRow() throws {
        var app = Self.committed()
        AccountScreen.open(&app)
        app.press(.enter, .down)
        let words = app.strings.account
        let product = try #require(app.store.catalog.product(Self.proAnnual))
        #expect(SignupTests.flat(app.view().text).contains(SignupTests.flat(words.afterCommitmentMonthly(app.strings.commitmentLength(12)))))
        app.press(.enter)
        #expect(app.store.commitmentStatus(ofGroup: Self.group)?.renewalBillingPlanType == .billedUpFront)
        let upFront = words.afterCommitmentUpFront(try #require(BillingTerms(app).renewalPrice(product)))
        #expect(SignupTests.flat(app.view().text).contains(SignupTests.flat(upFront)))
        app.press(.enter)
        #expect(app.store.commitmentStatus(ofGroup: Self.group)?.renewalBillingPlanType == .monthly)
        // A cancelled commitment has nothing after it to choose.
        app.press(.escape)
        app.store.setAutoRenew(false, group: Self.group)
        #expect(!ManageSheet.rows(app, groupID: Self.group).contains(.afterCommitment))
    }

    @Test("Request a Refund names each payment of a commitment with its plan and number, not the option billed up front")
    func refundList() throws {
        var app = Self.committed(months: 2)
        RefundScreen.open(&app)
        let text = app.view().text
        let product = try #require(app.store.catalog.product(Self.proAnnual))
        for k in 1...3 {
            let name = app.strings.payMonthly(app.name(product)) + " · " + app.strings.account.paymentOf(k, 12)
            #expect(text.contains(name), "missing: \(name)\n\(text)")
        }
        #expect(!text.contains(app.description(product)), "the option's own text says how it is billed up front")
    }

    @Test("golden sign-up screens with the commitment plan chosen at 80x24 and 50x16 in en_US, de_DE and ja_JP; Account during and after a cancel at 80x24")
    func goldens() {
        for (locale, territory) in Self.locales {
            var app = Self.signup(Self.standard, locale: locale, territory: territory)
            expectGolden(app.view(), "signup-commitment-\(locale)-80x24")
            app.press(.enter)
            expectGolden(app.view(), "signup-commitment-disclosure-\(locale)-80x24")
            app.press(.tab, .enter)
            expectGolden(app.view(), "signup-commitment-sheet-\(locale)-80x24")
            var small = Self.signup(Self.compact, locale: locale, territory: territory)
            expectGolden(small.view(), "signup-commitment-\(locale)-50x16")
            small.press(.pageDown)
            expectGolden(small.view(), "signup-commitment-details-\(locale)-50x16")
            small.press(.enter)
            expectGolden(small.view(), "signup-commitment-disclosure-\(locale)-50x16")
            var account = Self.committed(Self.standard, locale: locale, territory: territory, months: 2)
            AccountScreen.open(&account)
            expectGolden(account.view(), "account-commitment-\(locale)-80x24")
            account.press(.character("x"), .character("x"), .escape)
            expectGolden(account.view(), "account-commitment-cancelled-\(locale)-80x24")
        }
    }
}
