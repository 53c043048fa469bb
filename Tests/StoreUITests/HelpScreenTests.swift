import Foundation
import Testing
import StoreModel
@testable import StoreUI

/// Purchase Help (HIG "Providing help with in-app purchases"): goldens of the help list, each help
/// page, the refund list, the refund sheet and its confirmation at 80x24 and 50x16 in English,
/// Japanese, Spanish and Simplified Chinese; and the rules the screens keep.
struct HelpScreenTests {
    static let sizes = [Size(columns: 80, rows: 24), Size(columns: 50, rows: 16)]
    static let locales = ["en_US", "ja_JP", "es_ES", "zh_CN"]
    static let alps = "com.trailhead.maps.alps"
    static let boost = "com.trailhead.boost.small"

    /// Someone who bought a map pack, three boosts and a pass, with the map pack not delivered.
    static func customer(_ size: Size, _ locale: String) -> AppState {
        var app = Sample.app(size, locale: locale)
        app.store.purchase(alps)
        app.store.advance(by: SubscriptionPeriod(value: 2, unit: .day))
        app.store.purchase(boost, quantity: 3)
        app.store.advance(by: SubscriptionPeriod(value: 1, unit: .day))
        app.store.purchase("com.trailhead.pass.summer")
        app.store.markUndelivered(1)
        return app
    }

    enum Page: String, CaseIterable {
        case list, missing, faq, refunds, feedback, contact, sheet, submitted

        /// The keys from the store to the page.
        func open(_ app: inout AppState) {
            app.press(.character("p"))
            switch self {
            case .list: break
            case .missing: app.press(.enter)
            case .faq: app.press(.down, .enter)
            case .refunds: app.press(.down, .down, .enter)
            case .feedback:
                app.press(.down, .down, .down, .enter)
                app.type("The Alps map doesn't open. 地図が開きません。")
            case .contact: app.press(.end, .enter)
            case .sheet: app.press(.down, .down, .enter, .down, .enter, .down, .down)
            case .submitted: app.press(.down, .down, .enter, .enter, .enter, .tab, .enter)
            }
        }
    }

    @Test("every Purchase Help screen at 80x24 and 50x16, in English, Japanese, Spanish and Simplified Chinese", arguments: Page.allCases)
    func goldens(page: Page) {
        for size in Self.sizes {
            for locale in Self.locales {
                var app = Self.customer(size, locale)
                page.open(&app)
                expectGolden(app.view(), "purchase-help-\(page.rawValue)-\(locale)-\(size.columns)x\(size.rows)")
            }
        }
    }

    @Test("Purchase Help opens with p from the store, the Account screen and the sign-up screen, the Account screen's button and --open help")
    func entryPoints() throws {
        var store = Sample.app()
        store.press(.character("p"))
        #expect(store.top.kind == .purchaseHelp)
        var account = Sample.app()
        account.press(.character("a"), .character("p"))
        #expect(account.top.kind == .purchaseHelp)
        var button = Sample.app()
        button.press(.character("a"), .end, .enter)
        #expect(button.top.kind == .purchaseHelp)
        var signup = Sample.app()
        signup.openSignup(groupID: "trailhead.plus")
        #expect(signup.top.kind == .signup)
        signup.press(.character("p"))
        #expect(signup.top.kind == .purchaseHelp)
        var linked = Sample.app()
        linked.follow(try DeepLink(parsing: "help", catalog: Sample.catalog))
        #expect(linked.top.kind == .purchaseHelp)
        #expect(throws: DeepLink.Problem.self) { try DeepLink(parsing: "help=x", catalog: Sample.catalog) }
    }

    @Test("the refund action shows without scrolling at 80x24, however many purchases the list holds")
    func refundActionVisible() {
        var app = Sample.app()
        for _ in 0..<30 {
            app.store.purchase(Self.boost)
            app.store.advance(by: SubscriptionPeriod(value: 1, unit: .day))
        }
        app.press(.character("p"), .down, .down, .enter)
        #expect(app.view().text.contains("[ Request a Refund ]"))
        // At the bottom of the list too: the button stays where it is.
        app.press(.end)
        let text = app.view().text
        #expect(text.contains("[ Request a Refund ]"))
        app.press(.enter)
        guard case .refundSheet(let sheet)? = app.overlay else { Issue.record("the sheet did not open"); return }
        #expect(sheet.transactionID == app.store.recentCharges().last?.id, "the oldest purchase of the list")
    }

    @Test("the refund sheet lists the five issues in Apple's order and asks for one before Request Refund")
    func sheetRules() {
        var app = Self.customer(Size(columns: 80, rows: 24), "en_US")
        app.press(.character("p"), .down, .down, .enter, .enter)
        let text = app.view().text
        var last = text.startIndex
        for reason in RefundReason.allCases {
            guard let found = text.range(of: app.strings.help.reason(reason), range: last..<text.endIndex) else {
                Issue.record("\(reason) missing or out of order"); return
            }
            last = found.upperBound
        }
        #expect(text.contains("You may lose access to refunded items."))
        app.press(.tab, .enter)
        #expect(app.view().text.contains("Choose an issue first."))
        #expect(app.store.pendingRequests.isEmpty, "nothing is asked without an issue")
        app.press(.escape)
        #expect(app.overlay == nil, "Esc closes the sheet, asking nothing")
        #expect(app.store.pendingRequests.isEmpty)
    }

    @Test("titles are plain and nothing predicts or describes Apple's decision, in every language (HIG)")
    func noPrediction() {
        for locale in ["en_US", "de_DE", "fr_FR", "ja_JP"] {
            let words = Strings.forLocale(Locale(identifier: locale)).help
            let customerText = [words.requestRefund, words.sheetTitle, words.submittedTitle, words.submittedMessage("a@b.c"),
                                words.mayLoseAccess, words.missingIntro, words.notDeliveredNote, words.refundRequested]
            for text in customerText {
                for word in ["approve", "guarantee", "will be refunded", "genehmig", "garanti", "承認", "保証"] {
                    #expect(!text.lowercased().contains(word), "\(locale): \(text)")
                }
            }
        }
        #expect(Strings.forLocale(Locale(identifier: "en_US")).help.requestRefund == "Request a Refund")
    }

    @Test("Submit Feedback: q and ? are text in the field, Esc with a draft asks first, Ctrl-C quits at once")
    func feedbackKeys() {
        var app = Sample.app()
        app.press(.character("p"), .down, .down, .down, .enter)
        #expect(app.top.kind == .feedback)
        app.type("quit? 山")
        #expect(app.store.feedbackDraft == "quit? 山", "each key reaches the store's draft as it is typed")
        app.press(.enter)
        _ = app.update(.key(.paste("line\u{1B}[31m two\r\nthree")))
        #expect(app.store.feedbackDraft == "quit? 山\nline[31m two\nthree", "control characters never get in")
        app.press(.escape)
        #expect(app.overlay == .confirm(.leaveFeedback(quitting: false)))
        app.press(.character("n"))
        #expect(app.top.kind == .feedback, "n stays")
        app.press(.tab)
        #expect(app.update(.key(.character("q"))).isEmpty, "q on Send asks first")
        #expect(app.overlay == .confirm(.leaveFeedback(quitting: true)))
        #expect(app.update(.key(.character("y"))) == [.quit])
        var other = Sample.app()
        other.press(.character("p"), .down, .down, .down, .enter)
        other.type("draft")
        #expect(other.update(.key(.control("c"))) == [.quit], "Ctrl-C quits at once")
        // Leaving keeps the draft, offered again next time.
        other.press(.escape, .character("y"))
        #expect(other.top.kind == .purchaseHelp)
        other.press(.enter) // the list kept its place, on Submit Feedback
        #expect(other.view().text.contains("draft"))
        #expect(other.view().text.contains("Your unsent draft is here."))
    }

    @Test("feedback sent is kept and the draft cleared; an empty draft is not sent")
    func sendFeedback() {
        var app = Sample.app()
        app.press(.character("p"), .down, .down, .down, .enter, .tab, .enter)
        #expect(app.notice == app.strings.help.typeFirst)
        #expect(app.store.feedback.isEmpty)
        app.type("Great maps")
        app.press(.tab, .enter)
        #expect(app.store.feedback.map(\.text) == ["Great maps"])
        #expect(app.store.feedbackDraft.isEmpty)
        #expect(app.top.kind == .purchaseHelp)
    }

    @Test("Missing a Purchase: Deliver Now and the conciliatory item make an undelivered purchase good, the refund stays offered")
    func missingPurchase() {
        var app = Self.customer(Size(columns: 80, rows: 24), "en_US")
        app.press(.character("p"), .enter)
        let text = app.view().text
        #expect(text.contains("[ Deliver Now ]") && text.contains("[ Request a Refund ]") && text.contains("[ Restore Purchases ]"))
        app.press(.down, .enter)
        #expect(app.store.consumableBalance(Self.boost) == 4, "one Trail Boost given on top of the three bought")
        #expect(app.store.undeliveredPurchases.isEmpty)
        #expect(!app.view().text.contains("[ Deliver Now ]"))
    }

    @Test("an undelivered purchase is not shown owned until Deliver Now; a conciliatory item replaces it and says so")
    func undeliveredIsNotOwned() {
        var app = Self.customer(Size(columns: 80, rows: 24), "en_US")
        let alpsRow = { (app: AppState) in app.view().text.split(separator: "\n").first { $0.contains("Alps Map Pack") } ?? "" }
        #expect(alpsRow(app).contains("Not delivered yet") && !alpsRow(app).contains("Owned"), "the store: \(alpsRow(app))")
        app.press(.character("a"))
        #expect(!app.view().text.contains("Alps Map Pack"), "the Account screen leaves it out")
        #expect(app.view().text.contains("3 left"))
        app.press(.escape, .character("p"), .enter, .down, .enter)
        #expect(app.notice == "You got 1 Trail Boost instead of Alps Map Pack, which stays undelivered.")
        #expect(!app.store.isDelivered(1) && app.store.transaction(1)?.state == .purchased)
        app.press(.escape, .escape, .character("a"))
        #expect(!app.view().text.contains("Alps Map Pack"), "not owned after the item either")
        #expect(app.view().text.contains("4 left"))
    }

    @Test("Submit Feedback at the smallest size, 40x12: the field has two rows, the count and Send show", arguments: locales)
    func feedbackAtSmallestSize(locale: String) {
        var app = Sample.app(Size(columns: 40, rows: 12), locale: locale)
        app.press(.character("p"), .down, .down, .down, .enter)
        #expect(app.top.kind == .feedback)
        #expect(FeedbackScreen.fieldRect(app).height >= FeedbackScreen.minimumFieldRows)
        app.type("地図が開きません")
        let words = app.strings.help
        let text = app.view().text
        #expect(text.contains("[ \(words.send) ]"), "\(text)")
        #expect(text.contains(words.count(app.number(8), app.number(AppStore.feedbackLimit))), "\(text)")
        expectGolden(app.view(), "purchase-help-feedback-\(locale)-40x12")
    }

    @Test("Submit Feedback at every size from 40x12: the field keeps two rows, the count and Send stay on screen")
    func feedbackAtEverySize() {
        for columns in stride(from: 40, through: 100, by: 4) {
            for rows in 12...30 {
                for locale in Self.locales {
                    var app = Sample.app(Size(columns: columns, rows: rows), locale: locale)
                    app.press(.character("p"), .down, .down, .down, .enter)
                    let field = FeedbackScreen.fieldRect(app)
                    let body = Chrome.body(app)
                    #expect(field.height >= FeedbackScreen.minimumFieldRows, "\(columns)x\(rows) \(locale)")
                    // the frame's bottom, the count and Send below the field, all inside the body
                    #expect(field.row + field.height + 3 <= body.row + body.height, "\(columns)x\(rows) \(locale)")
                    #expect(app.view().text.contains("[ \(app.strings.help.send) ]"), "\(columns)x\(rows) \(locale)")
                }
            }
        }
    }

    @Test("Missing a Purchase: an interrupted purchase waiting on the person is not delivered; Finish Purchase completes it")
    func interruptedPurchase() {
        var app = Sample.app()
        app.store.scenario.interruptPurchases = true
        app.store.purchase(Self.alps)
        app.store.scenario.interruptPurchases = false
        app.press(.character("p"), .enter)
        let text = app.view().text
        #expect(text.contains("Not delivered yet") && text.contains("[ Finish Purchase ]"))
        app.press(.enter)
        #expect(app.store.owns(Self.alps))
        #expect(app.notice == "Alps Map Pack is delivered.")
        #expect(!app.view().text.contains("[ Finish Purchase ]"))
    }

    @Test("inspector: a refund request waits in Requests; a approves (revoked), d declines (nothing changes, logged)")
    func inspector() {
        var app = Self.customer(Size(columns: 100, rows: 30), "en_US")
        try? app.store.requestRefund(1, reason: .notReceived)
        try? app.store.requestRefund(2, reason: .didNotMeanToBuy)
        app.press(.character("t"))
        #expect(app.view().text.contains("Requests 2"))
        app.press(.character("a"))
        #expect(app.store.transaction(1)?.state == .revoked)
        #expect(app.store.transaction(1)?.revocationReason == .developerIssue, "Purchase not received: an issue with the app")
        app.press(.character("d"))
        #expect(app.store.transaction(2)?.state == .purchased)
        #expect(app.store.consumableBalance(Self.boost) == 3)
        #expect(app.view().text.contains("declined (transaction 2)"))
    }
}

extension HelpScreenTests {
    @Test("no refund request is dropped silently: once an issue is chosen the focus is on Cancel, as on every sheet, so Tab then Enter requests; leaving with an issue chosen says it was not sent")
    func refundRequestNeverDroppedSilently() {
        var app = Self.customer(Size(columns: 80, rows: 24), "en_US")
        app.press(.character("p"), .down, .down, .enter, .enter)          // Request a Refund, the first purchase
        app.press(.enter)                                                  // the first issue chosen
        guard case .refundSheet(let sheet)? = app.overlay else { Issue.record("no refund sheet"); return }
        #expect(sheet.reason != nil && sheet.focus == .cancel)
        app.press(.escape)
        #expect(app.overlay == nil)
        #expect(app.notice == app.strings.help.refundNotSent)
        #expect(app.store.events.filter { $0.kind == .refundRequest }.isEmpty)
        app.press(.enter, .enter, .tab, .enter)                            // again: choose, Tab, Enter
        #expect(app.store.events.filter { $0.kind == .refundRequest }.count == 1)
    }
}
