import Foundation
import Testing
import TestSupport
import StoreModel
@testable import StoreUI

/// The scenario panel and the transaction inspector, as a person sees and drives them.
struct QAScreenTests {
    /// An app with a little history: a consumable, a subscription that renewed, a pending Ask to Buy.
    static func withHistory(_ size: Size = Size(columns: 80, rows: 24)) -> AppState {
        var app = Sample.app(size)
        app.store.purchase("com.trailhead.boost.small", quantity: 2)
        app.store.purchase("com.trailhead.plus.pro.monthly")
        app.store.advance(by: SubscriptionPeriod(value: 1, unit: .month))
        app.store.scenario.askToBuy = true
        app.store.purchase("com.trailhead.maps.alps")
        return app
    }

    @Test("the scenario panel at 80x24 and 50x16 lists every switch with its value")
    func scenarioPanel() {
        for size in [Size(columns: 80, rows: 24), Size(columns: 50, rows: 16)] {
            var app = Self.withHistory(size)
            app.press(.character("s"))
            expectGolden(app.view(), "scenario-\(size.columns)x\(size.rows)")
        }
    }

    @Test("the transaction inspector at 80x24, 120x24 and 50x16, and one transaction in full")
    func inspector() {
        for size in [Size(columns: 80, rows: 24), Size(columns: 120, rows: 24), Size(columns: 50, rows: 16)] {
            var app = Self.withHistory(size)
            app.press(.character("t"), .backTab)
            expectGolden(app.view(), "transactions-\(size.columns)x\(size.rows)")
        }
        var app = Self.withHistory()
        app.press(.character("t"), .backTab, .down, .enter)
        expectGolden(app.view(), "transaction-detail-80x24")
    }

    @Test("the Notifications area shows a notification's whole id: they are numbered apart from transactions, and outrun them")
    func notificationIDsAreWhole() {
        var app = Sample.app()
        app.store.purchase("com.trailhead.boost.small")
        app.store.collectNotifications()
        guard var far = app.store.notifications.last else { Issue.record("a purchase made no notification"); return }
        far.id = 123_456
        far.uuid = UUID()
        app.store.restoreNotification(far)
        app.press(.character("t"), .tab, .tab, .tab)
        guard case .transactions(let screen) = app.top, screen.area == .notifications else { Issue.record("not the Notifications area"); return }
        let text = app.view().text
        #expect(text.contains("123456 "), "\(text)")
        #expect(!text.contains("1234…"), "\(text)")
    }

    @Test("at 50 columns the clock line is cut to leave the table's position counter whole, after a space")
    func clockLineLeavesTheCounter() {
        for size in [Size(columns: 50, rows: 16), Size(columns: 80, rows: 24)] {
            var app = Sample.app(size)
            for _ in 0..<40 { app.store.purchase("com.trailhead.boost.small") }
            app.press(.character("t"), .down, .down)
            let count = app.store.transactions.count
            let rows = app.view().text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let clock = rows.first(where: { $0.contains("/\(count)") }) else { Issue.record("no counter: \(rows)"); continue }
            let trimmed = clock.trimmingCharacters(in: .whitespaces)
            #expect(trimmed.hasSuffix(" 3/\(count)"), "the counter is whole, after a space: \(clock)")
            if size.columns == 50 { #expect(clock.contains("…"), "the clock line is cut where it meets the counter: \(clock)") }
        }
    }

    @Test("the inspector opens on its Requests when something waits: an Ask to Buy request is no transaction")
    func requestsAndLog() {
        for size in [Size(columns: 80, rows: 24), Size(columns: 50, rows: 16)] {
            var app = Self.withHistory(size)
            app.store.cancelPurchase("com.trailhead.maps.rockies")
            app.press(.character("t"))
            expectGolden(app.view(), "requests-\(size.columns)x\(size.rows)")
            app.press(.tab)
            expectGolden(app.view(), "log-\(size.columns)x\(size.rows)")
        }
    }

    @Test("a declined request leaves no transaction; the log shows it declined")
    func declineRequest() {
        var app = Self.withHistory()
        let before = app.store.transactions
        app.press(.character("t"), .character("d"))
        #expect(app.store.transactions == before)
        #expect(app.store.pendingRequests.isEmpty)
        let text = app.view().text
        #expect(text.contains("Declined request 1: nothing was recorded for the customer."))
        #expect(text.contains("declined"), "the log shows the decline")
    }

    @Test("changing a switch in the panel cycles through its values both ways")
    func cycleSwitch() {
        var app = Sample.app()
        app.press(.character("s"), .down, .down)  // Fail next purchase
        let values = ScenarioSetting.values(of: "fail-next-purchase")
        for value in values.dropFirst() + [values[0]] {
            app.press(.enter)
            #expect(ScenarioSetting.current(app.store).first { $0.name == "fail-next-purchase" }?.value == value)
        }
        app.press(.left)
        #expect(app.store.scenario.failNextPurchase == .unknown)
    }

    @Test("blocking payments from the panel gates the store at once")
    func gateFromPanel() {
        var app = Sample.app()
        app.press(.character("s"), .enter, .escape)
        #expect(app.store.gate == .screenTime)
        #expect(app.view().text.contains("Screen Time"))
        #expect(!app.activeBindings.contains { $0.action == .buy })
    }

    @Test("time travel says what happened on the way")
    func timeTravelNotice() {
        var app = Sample.app()
        app.store.purchase("com.trailhead.plus.pro.monthly")
        app.press(.character("s"), .character("n"))
        // Foundation writes a narrow no-break space before AM.
        #expect(app.notice == "Now Dec 21, 2026 at 9:00\u{202F}AM UTC. 1 renewal.")
        #expect(app.view().text.contains("Now Dec 21, 2026"))
        app.press(.down)
        #expect(app.notice == nil, "a notice lasts until the next key")
        app.store.scenario.billingFails = true
        app.press(.character("n"))
        #expect(app.notice?.contains("Plus: in grace period.") == true)
    }

    @Test("next renewal with nothing to renew says so and leaves the clock")
    func nothingToRenew() {
        var app = Sample.app()
        app.press(.character("s"), .character("n"))
        #expect(app.store.now == Sample.start)
        #expect(app.notice == app.strings.qa.nothingToRenew)
    }

    @Test("after approving, the inspector selects the new transaction and its keys keep working")
    func approveKeepsInspectorWorking() {
        var app = Self.withHistory()
        app.press(.character("t"), .character("a"))
        let approved = app.store.transactions.last!
        #expect(approved.state == .purchased && approved.productID == "com.trailhead.maps.alps")
        #expect(app.inspectorSelection == approved.id)
        #expect(app.activeBindings.contains { $0.action == .refund })
        app.press(.down)
        #expect(app.inspectorSelection != approved.id, "↓ still moves")
    }

    @Test("one transaction's fields scroll when the terminal is short, and long values end in …")
    func detailScrolls() {
        var app = Self.withHistory(Size(columns: 40, rows: 12))
        app.press(.character("t"), .backTab, .down, .enter)
        #expect(app.view().text.contains("▼"))
        for _ in 0..<60 { app.press(.down) }
        let bottom = app.view().text
        #expect(bottom.contains("environment       Sandbox"), "the renewal info's last fields can be reached")
        #expect(bottom.contains("▲") && !bottom.contains("▼"))
        #expect(bottom.contains("…"))
    }

    @Test("clear everything asks first; no keeps the ledger, yes clears it")
    func clearEverything() {
        var app = Self.withHistory()
        app.press(.character("s"), .character("c"))
        #expect(app.view().text.contains("Are you sure?"))
        app.press(.character("n"))
        #expect(app.store.transactions.count == 3)
        #expect(app.store.pendingRequests.count == 1)
        app.press(.character("c"), .character("y"))
        #expect(app.store.transactions.isEmpty && app.store.events.isEmpty)
        #expect(app.store.scenario == AppStore.Scenario())
        #expect(app.notice == app.strings.qa.cleared)
    }

    @Test("deleting a transaction asks first, then selects its neighbour")
    func deleteTransaction() {
        var app = Self.withHistory()
        app.press(.character("t"), .backTab)
        let newest = app.store.transactions.last!.id
        #expect(app.inspectorSelection == newest)
        app.press(.character("x"))
        #expect(app.view().text.contains("Delete transaction \(newest)"))
        app.press(.escape)
        #expect(app.store.transaction(newest) != nil)
        app.press(.character("x"), .enter)
        #expect(app.store.transaction(newest) != nil, "Enter, typed out of habit, deletes nothing")
        app.press(.character("x"), .character("y"))
        #expect(app.store.transaction(newest) == nil)
        #expect(app.inspectorSelection == app.store.transactions.last?.id)
    }

    @Test("transaction actions show only where they apply")
    func actionsWhereTheyApply() {
        var app = Self.withHistory()
        app.press(.character("t"))  // the Requests: the Alps purchase waiting for a parent
        let actions = Set(app.activeBindings.map(\.action))
        #expect(actions.isSuperset(of: [.approve, .decline]))
        #expect(actions.isDisjoint(with: [.refund, .revoke, .resolve, .select]))
        app.press(.backTab)  // the transactions: a renewal, purchased
        let purchased = Set(app.activeBindings.map(\.action))
        #expect(purchased.isSuperset(of: [.refund, .revoke]))
        #expect(purchased.isDisjoint(with: [.approve, .decline, .resolve]))
    }

    @Test("an empty ledger says how to fill it")
    func emptyInspector() {
        var app = Sample.app()
        app.press(.character("t"))
        #expect(app.view().text.contains("No transactions yet."))
        #expect(!app.activeBindings.contains { $0.action == .select })
    }

    @Test("a key storm across the store and the QA tools never crashes and keeps the store at the bottom")
    func qaKeyStorm() {
        var app = Self.withHistory(Size(columns: 60, rows: 14))
        var generator = SeededGenerator(seed: 7)
        let keys: [Key] = [.up, .down, .enter, .escape, .left, .right, .tab, .character("b"), .character("s"),
                           .character("t"), .character("a"), .character("d"), .character("i"), .character("r"),
                           .character("v"), .character("x"), .character("y"), .character("n"), .character("1"),
                           .character("7"), .character("c"), .character("?")]
        for _ in 0..<5_000 {
            _ = app.update(.key(keys.randomElement(using: &generator)!))
            let grid = app.view()
            #expect(grid.text.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy { TextWidth.of(String($0)) <= 60 })
        }
        #expect(app.kinds.first == .store)
    }
}
