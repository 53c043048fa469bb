import Foundation
import GRDB
import Testing
import StoreModel
@testable import Ledger

/// Purchase Help in the ledger (migration v6-refunds-feedback): refund requests with their reason,
/// delivery records, feedback sent, and the draft, written as it changes and nothing else.
struct PurchaseHelpLedgerTests {
    var catalog: Catalog { LedgerTests.catalog }
    var usa: Territory { LedgerTests.usa }

    /// Saves into the ledger at `path` and closes it (its lock with it) before the test opens it again.
    func save(_ store: AppStore, to path: String) throws {
        let ledger = try Ledger(path: path, catalog: catalog, territory: usa)
        try ledger.save(store)
        withExtendedLifetime(ledger) {}
    }

    @Test("refund requests, delivery records, feedback and the draft come back whole")
    func roundTrip() throws {
        let path = LedgerTests().temporaryPath()
        var store = AppStore(catalog: catalog, territory: usa, now: LedgerTests.start)
        let alps = try #require(store.purchase("com.trailhead.maps.alps").transaction)
        let boosts = try #require(store.purchase("com.trailhead.boost.small", quantity: 3).transaction)
        let rockies = try #require(store.purchase("com.trailhead.maps.rockies").transaction)
        let waiting = try store.requestRefund(alps.id, reason: .childPurchase)
        let declined = try store.requestRefund(boosts.id, reason: .notReceived)
        store.declineRefund(declined.id)
        store.markUndelivered(rockies.id)
        store.giveConciliatoryItem(for: rockies.id)
        store.markUndelivered(boosts.id)
        store.setFeedbackDraft("first")
        store.sendFeedback()
        store.setFeedbackDraft("山小屋の地図\nが出ない")
        try save(store, to: path)

        let loaded = try #require(try Ledger(path: path, catalog: catalog, territory: usa).stored)
        #expect(loaded.events == store.events)
        #expect(loaded.event(waiting.id)?.refundReason == .childPurchase)
        #expect(loaded.pendingRefundRequest(for: alps.id)?.id == waiting.id)
        #expect(loaded.deliveries == store.deliveries)
        // The three boosts are marked undelivered, so not counted: only the conciliatory one is.
        #expect(loaded.consumableBalance("com.trailhead.boost.small") == 1)
        #expect(loaded.feedback == store.feedback)
        #expect(loaded.feedbackDraft == "山小屋の地図\nが出ない")
        #expect(loaded.unsavedChanges.isEmpty)
    }

    @Test("a key typed into the feedback writes the draft's row and nothing else")
    func draftWritesOneRow() throws {
        let path = LedgerTests().temporaryPath()
        let ledger = try Ledger(path: path, catalog: catalog, territory: usa)
        var store = AppStore(catalog: catalog, territory: usa, now: LedgerTests.start)
        for _ in 0..<50 { store.purchase("com.trailhead.boost.small") }
        try ledger.save(store)
        store.markSaved()
        var written = try ledger.rowsWritten()
        for character in "地図 map" {
            store.setFeedbackDraft(store.feedbackDraft + String(character))
            try ledger.save(store)
            store.markSaved()
            let now = try ledger.rowsWritten()
            #expect(now - written == 1, "one row per key")
            written = now
        }
        let rows = try DatabaseQueue(path: path).read { try Row.fetchAll($0, sql: "SELECT id, text FROM feedbackDraft") }
        #expect(rows.map { $0["text"] as String } == ["地図 map"])
        store.setFeedbackDraft("")
        try ledger.save(store)
        #expect(try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM feedbackDraft") } == 0)
    }

    @Test("hand-edited Purchase Help rows are refused by table, row and column: an unknown refund reason, a control character in the draft")
    func migrationAndBadRows() throws {
        let path = LedgerTests().temporaryPath()
        var store = AppStore(catalog: catalog, territory: usa, now: LedgerTests.start)
        let alps = try #require(store.purchase("com.trailhead.maps.alps").transaction)
        try store.requestRefund(alps.id, reason: .other)
        store.setFeedbackDraft("draft")
        try save(store, to: path)
        #expect(Ledger.migrator.migrations.contains("v6-refunds-feedback"))
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "UPDATE purchaseEvent SET refundReason = 'because'")
        }
        try queue.close()
        #expect {
            _ = try Ledger(path: path, catalog: catalog, territory: usa)
        } throws: { error in
            "\(error)".contains("table purchaseEvent, row id 1: refundReason \"because\" is not known to this storefront")
        }
        let other = LedgerTests().temporaryPath()
        try save(store, to: other)
        let second = try DatabaseQueue(path: other)
        try second.write { db in try db.execute(sql: "UPDATE feedbackDraft SET text = 'a' || char(27) || '[2J'") }
        try second.close()
        #expect {
            _ = try Ledger(path: other, catalog: catalog, territory: usa)
        } throws: { error in
            "\(error)".contains("table feedbackDraft, row id 1: text") && "\(error)".contains("escape")
        }
    }

    @Test("a v5 ledger (before Purchase Help) opens and is migrated: its events read with no refund reason")
    func fromV5() throws {
        let path = try LedgerTests().olderLedger(upTo: Ledger.consumableUseMigration)
        let ledger = try Ledger(path: path, catalog: catalog, territory: usa)
        let stored = try #require(ledger.stored)
        #expect(stored.events.map(\.kind) == [.cancelled])
        #expect(stored.events.first?.refundReason == nil)
        #expect(stored.feedbackDraft.isEmpty)
        var store = stored
        store.setFeedbackDraft("after the migration")
        try ledger.save(store)
        let applied = try DatabaseQueue(path: path).read { try Ledger.migrator.appliedIdentifiers($0) }
        #expect(applied.contains("v6-refunds-feedback"))
    }
}

private extension AppStore.PurchaseOutcome {
    var transaction: Transaction? { if case .purchased(let transaction) = self { transaction } else { nil } }
}
