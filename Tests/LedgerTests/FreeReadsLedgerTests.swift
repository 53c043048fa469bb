import Foundation
import GRDB
import Testing
import StoreModel
@testable import Ledger

/// The metered paywall's reads and onboarding's "shown once" in the ledger (migration
/// v2-free-reads): kept across launches, written only as they change, and a ledger from before the
/// migration opens and is migrated.
@Suite("Ledger: free reads and onboarding")
struct FreeReadsLedgerTests {
    typealias T = LedgerTests

    func newStore() -> AppStore { AppStore(catalog: T.catalog, territory: T.usa, now: T.start) }

    @Test("reads and onboarding's shown mark survive a relaunch; a new month starts from zero")
    func survivesRelaunch() throws {
        let path = LedgerTests().temporaryPath()
        var store = newStore()
        store.recordFreeRead("guide.layers")
        store.recordFreeRead("guide.water")
        store.markOnboardingShown()
        try Ledger(path: path, catalog: T.catalog, territory: T.usa).save(store)

        var reopened = try #require(try Ledger(path: path, catalog: T.catalog, territory: T.usa).stored)
        #expect(reopened.freeReads == store.freeReads)
        #expect(reopened.freeReadsLeft == 1 && reopened.hasRead("guide.water"))
        #expect(reopened.onboardingShown)
        #expect(reopened.unsavedChanges.isEmpty)
        reopened.advance(to: try Date("2026-12-01T00:00:00Z", strategy: .iso8601))
        #expect(reopened.freeReadsLeft == 3 && !reopened.hasRead("guide.water"))
    }

    @Test("a new ledger has not shown onboarding; an account that never saw it saves no mark")
    func newLedgerNotShown() throws {
        let path = LedgerTests().temporaryPath()
        try Ledger(path: path, catalog: T.catalog, territory: T.usa).save(newStore())
        let reopened = try #require(try Ledger(path: path, catalog: T.catalog, territory: T.usa).stored)
        #expect(!reopened.onboardingShown)
    }

    @Test("saving a read writes one row, whatever the history holds; opening it again writes nothing")
    func readWritesOneRow() throws {
        let path = LedgerTests().temporaryPath()
        let ledger = try Ledger(path: path, catalog: T.catalog, territory: T.usa)
        var store = newStore()
        // Two years of reads behind it.
        for _ in 0..<24 {
            for item in T.catalog.freeContent!.items.prefix(3) { store.recordFreeRead(item.id) }
            store.advance(by: SubscriptionPeriod(value: 1, unit: .month))
        }
        try ledger.save(store)
        store.markSaved()
        var before = try ledger.rowsWritten()
        store.recordFreeRead("guide.layers")
        try ledger.save(store)
        store.markSaved()
        #expect(try ledger.rowsWritten() - before == 1)
        before = try ledger.rowsWritten()
        store.recordFreeRead("guide.layers")
        try ledger.save(store)
        #expect(try ledger.rowsWritten() == before)
    }

    @Test("clearing everything deletes the saved reads too")
    func clearDeletesReads() throws {
        let path = LedgerTests().temporaryPath()
        let ledger = try Ledger(path: path, catalog: T.catalog, territory: T.usa)
        var store = newStore()
        store.recordFreeRead("guide.layers")
        try ledger.save(store)
        store.markSaved()
        store.clearAll()
        try ledger.save(store)
        let count = try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM freeRead") }
        #expect(count == 0)
    }

    @Test("a ledger written before the migration opens, is migrated, keeps its purchases, and counts as having seen onboarding")
    func migratesOldLedger() throws {
        let path = LedgerTests().temporaryPath()
        // A ledger as the storefront before this migration wrote it: schema v1 only.
        var old = newStore()
        old.purchase("com.trailhead.maps.alps")
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: "PRAGMA application_id = \(Ledger.applicationID)") }
        try Ledger.migrator.migrate(queue, upTo: "v1")
        try queue.write { db in
            // v1's columns: the first 19 (later migrations add columns at the end).
            let columns = TransactionRow.columns.prefix(19)
            try db.execute(sql: "INSERT INTO transactionRecord (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))",
                           arguments: StatementArguments(Array(try TransactionRow.values(old.transactions[0]).prefix(19))))
            for (name, value) in Snapshot.settings(of: old) {
                try db.execute(sql: "INSERT INTO setting (name, value) VALUES (?, ?)", arguments: [name, value])
            }
        }
        try queue.close()
        let tablesBefore = try DatabaseQueue(path: path).read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") }
        #expect(!tablesBefore.contains("freeRead"))

        // Viewed read-only: readable as it is, unchanged.
        let viewed = try #require(try Ledger.read(path: path, catalog: T.catalog, territory: T.usa))
        #expect(viewed.owns("com.trailhead.maps.alps") && viewed.onboardingShown && viewed.freeReadsThisMonth == 0)

        let ledger = try Ledger(path: path, catalog: T.catalog, territory: T.usa)
        var store = try #require(ledger.stored)
        // A ledger from before kept no device for a purchase.
        #expect(Array(store.transactions) == Array(old.transactions).map { var t = $0; t.device = nil; return t })
        #expect(store.onboardingShown, "it was launched before: no onboarding on its next launch")
        let applied = try DatabaseQueue(path: path).read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations") }
        #expect(Array(applied.prefix(2)) == ["v1", "v2-free-reads"], "\(applied)")
        store.recordFreeRead("guide.pace")
        try ledger.save(store)
        let reopened = try #require(try Ledger.read(path: path, catalog: T.catalog, territory: T.usa))
        #expect(reopened.hasRead("guide.pace") && reopened.owns("com.trailhead.maps.alps"))
    }

    @Test("a hand-edited read is refused with its table, row and column",
          arguments: [
            ("UPDATE freeRead SET month = 'November'", #"table freeRead, row itemID "guide.layers": month is "November", not a month like 2026-11"#),
            ("UPDATE freeRead SET readAt = 'soon'", #"table freeRead, row itemID "guide.layers": readAt is "soon", not a time"#),
            ("UPDATE freeRead SET month = '2027-01'", #"readAt is 2026-11-21T09:00:00Z, not in the month 2027-01"#),
            ("UPDATE setting SET value = 'yes' WHERE name = 'onboarding-shown'", #"table setting, row "onboarding-shown": "yes" is not 1"#),
          ])
    func handEditedReads(_ sql: String, _ message: String) throws {
        let path = LedgerTests().temporaryPath()
        var store = newStore()
        store.recordFreeRead("guide.layers")
        store.markOnboardingShown()
        try Ledger(path: path, catalog: T.catalog, territory: T.usa).save(store)
        try LedgerHardeningTests().edit(path, sql)
        let failure = #expect(throws: Ledger.Failure.self) { try Ledger(path: path, catalog: T.catalog, territory: T.usa) }
        #expect(failure?.description.contains(message) == true, "\(failure?.description ?? "")")
    }
}
