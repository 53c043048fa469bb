import Foundation
import GRDB
import Testing
import StoreModel
@testable import Ledger

/// The ledger models StoreKit 2: transactions only; failed and cancelled purchases, requests and
/// restores are events, saved in their own table.
struct EventLedgerTests {
    var catalog: Catalog { LedgerTests.catalog }
    var usa: Territory { LedgerTests.usa }

    @Test("events are saved and come back: a pending Ask to Buy request, a decline, a cancel, a failure, a restore")
    func eventsRoundTrip() throws {
        let path = LedgerTests().temporaryPath()
        var store = AppStore(catalog: catalog, territory: usa, now: LedgerTests.start)
        store.purchase("com.trailhead.maps.alps")
        store.cancelPurchase("com.trailhead.boost.small")
        store.scenario.failNextPurchase = .networkError
        store.purchase("com.trailhead.boost.small")
        store.scenario.askToBuy = true
        let declined = try #require(requestOf(store.purchase("com.trailhead.maps.rockies")))
        store.decline(declined.id)
        let waiting = try #require(requestOf(store.purchase("com.trailhead.maps.rockies")))
        store.restorePurchases()
        try Ledger(path: path, catalog: catalog, territory: usa).save(store)
        store.markSaved()

        let loaded = try #require(try Ledger(path: path, catalog: catalog, territory: usa).stored)
        #expect(loaded.events == store.events)
        #expect(loaded.pendingRequests.map(\.id) == [waiting.id])
        #expect(loaded.transactions == store.transactions)
        #expect(loaded.transactions.count == 1, "only the purchase is a transaction")
        #expect(loaded.nextEventID == store.nextEventID)
        #expect(loaded.unsavedChanges.isEmpty)
    }

    @Test("a ledger from before events (attempts saved as transactions) opens with them as events, and the next save moves them")
    func legacyRowsBecomeEvents() throws {
        let path = LedgerTests().temporaryPath()
        var store = AppStore(catalog: catalog, territory: usa, now: LedgerTests.start)
        store.purchase("com.trailhead.maps.alps")
        try Ledger(path: path, catalog: catalog, territory: usa).save(store)
        // Make it the v2 ledger an older storefront wrote: no event table, attempts as transaction rows.
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "DROP TABLE purchaseEvent")
            // Nor the tables of later migrations that change the event table (v6, v10, v12, v13 and the
            // promotions and code-refusal migrations add columns to it).
            for table in ["delivery", "feedback", "feedbackDraft", "promotionOverride"] { try db.execute(sql: "DROP TABLE \(table)") }
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier IN ('v3-events', 'v6-refunds-feedback', '\(Ledger.reviewMigration)', '\(Ledger.storefrontChangeMigration)', '\(Ledger.requestTokenMigration)', '\(Ledger.promotionMigration)', '\(Ledger.codeRefusalMigration)')")
            let insert = """
                INSERT INTO transactionRecord (id, originalID, productID, productType, purchaseDate, originalPurchaseDate,
                  quantity, ownership, isUpgraded, storefront, state, failure, price, currency)
                VALUES (?, ?, ?, 'nonConsumable', 1795251600, 1795251600, 1, 'purchased', 0, 'USA', ?, ?, '4.99', 'USD')
                """
            try db.execute(sql: insert, arguments: [2, 2, "com.trailhead.maps.rockies", "deferred", nil])
            try db.execute(sql: insert, arguments: [3, 3, "com.trailhead.maps.rockies", "failed", "userCancelled"])
            try db.execute(sql: insert, arguments: [4, 4, "com.trailhead.maps.rockies", "failed", "declinedByParent"])
            try db.execute(sql: insert, arguments: [5, 5, "com.trailhead.maps.alps", "restored", nil])
            try db.execute(sql: "UPDATE setting SET value = '6' WHERE name = 'next-transaction-id'")
        }
        // Viewing reads it as events without writing.
        let viewed = try #require(try Ledger.read(path: path, catalog: catalog, territory: usa))
        #expect(viewed.transactions.map(\.id) == [1])
        #expect(viewed.events.map(\.kind) == [.askToBuy, .cancelled, .askToBuy, .restore])
        #expect(viewed.events.map(\.status) == [.pending, .done, .declined, .done])

        var opened: AppStore
        do {
            let ledger = try Ledger(path: path, catalog: catalog, territory: usa)
            opened = try #require(ledger.stored)
            #expect(opened.pendingRequests.first?.productID == "com.trailhead.maps.rockies")
            try ledger.save(opened)
            opened.markSaved()
        }
        let rows = try DatabaseQueue(path: path).read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM transactionRecord"),
             try Int.fetchOne(db, sql: "SELECT count(*) FROM purchaseEvent"))
        }
        #expect(rows.0 == 1 && rows.1 == 4, "the old rows moved to the event table")
        let reopened = try #require(try Ledger(path: path, catalog: catalog, territory: usa).stored)
        #expect(reopened.events == opened.events)
        let approved = reopened.pendingRequests.first.map { var s = reopened; return s.approve($0.id) }
        if case .purchased(let transaction)?? = approved {
            #expect(transaction.id == 6, "new transactions continue after the old ids")
        } else {
            Issue.record("the old pending request could not be approved: \(String(describing: approved))")
        }
    }

    private func requestOf(_ outcome: AppStore.PurchaseOutcome) -> StoreEvent? {
        switch outcome {
        case .deferred(let event), .interrupted(let event): event
        default: nil
        }
    }
}
