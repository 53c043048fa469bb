import Foundation
import GRDB
import Testing
import StoreModel
@testable import Ledger

/// The durable ledger: what is saved comes back, and what is not a ledger is refused.
struct LedgerTests {
    static let catalog: Catalog = try! CatalogLoader.load(contentsOf: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SampleCatalog.json"))
    static let start = try! Date("2026-11-21T09:00:00Z", strategy: .iso8601)
    static var usa: Territory { catalog.territory("USA")! }

    func temporaryPath(_ name: String = "ledger.sqlite") -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name).path
    }

    @Test("a saved account comes back whole: transactions, renewal state, scenario switches and clock")
    func roundTrip() throws {
        let path = temporaryPath()
        var store = AppStore(catalog: Self.catalog, territory: Self.usa, now: Self.start)
        store.purchase("com.trailhead.boost.small", quantity: 3)
        store.purchase("com.trailhead.plus.pro.monthly")
        store.scenario.billingFails = true
        store.scenario.gracePeriod = .off
        store.advance(by: SubscriptionPeriod(value: 2, unit: .month))
        store.scenario.askToBuy = true
        store.scenario.failNextPurchase = .networkError
        store.gate = .screenTime
        store.scenario.timeRate = .fiveMinutes
        try Ledger(path: path, catalog: Self.catalog, territory: Self.usa).save(store)

        let loaded = try #require(try Ledger(path: path, catalog: Self.catalog, territory: Self.usa).stored)
        #expect(loaded.transactions == store.transactions)
        #expect(loaded.renewals == store.renewals)
        #expect(loaded.scenario == store.scenario)
        #expect(loaded.gate == .screenTime)
        #expect(loaded.now == store.now)
        #expect(loaded.nextTransactionID == store.nextTransactionID)
        #expect(loaded.status(ofGroup: "trailhead.plus")?.state == .inBillingRetryPeriod)
    }

    @Test("saving writes only what changed, and deletes what was removed")
    func incrementalSave() throws {
        let path = temporaryPath()
        let ledger = try Ledger(path: path, catalog: Self.catalog, territory: Self.usa)
        var store = AppStore(catalog: Self.catalog, territory: Self.usa, now: Self.start)
        store.purchase("com.trailhead.boost.small")
        let second = store.purchase("com.trailhead.boost.small")
        try ledger.save(store)
        guard case .purchased(let transaction) = second else { Issue.record("not purchased"); return }
        store.refund(transaction.id)
        store.deleteTransaction(1)
        try ledger.save(store)
        #expect(try ledger.check() == (1, "ok"))
        let rows = try DatabaseQueue(path: path).read { try Row.fetchAll($0, sql: "SELECT id, state FROM transactionRecord") }
        #expect(rows.map { $0["id"] as Int64 } == [2])
        #expect(rows.first?["state"] == "revoked")
    }

    @Test("a ledger open in one storefront is refused to a second, and free again once the first closes")
    func oneWriter() throws {
        let path = temporaryPath()
        var first: Ledger? = try Ledger(path: path, catalog: Self.catalog, territory: Self.usa)
        #expect(throws: Ledger.Failure.inUse(path: path)) { try Ledger(path: path, catalog: Self.catalog, territory: Self.usa) }
        _ = first
        first = nil
        #expect(throws: Never.self) { try Ledger(path: path, catalog: Self.catalog, territory: Self.usa) }
    }

    @Test("a new file is an empty ledger, and a ledger is marked as one in its header")
    func newLedger() throws {
        let path = temporaryPath()
        #expect(try Ledger(path: path, catalog: Self.catalog, territory: Self.usa).stored == nil)
        let id = try DatabaseQueue(path: path).read { try Int32.fetchOne($0, sql: "PRAGMA application_id") }
        #expect(id == Ledger.applicationID)
    }

    @Test("a file that is not SQLite is refused as not a ledger, and left untouched")
    func textFileRefused() throws {
        let path = temporaryPath("notes.txt")
        try "just some notes\n".write(toFile: path, atomically: true, encoding: .utf8)
        let failure = #expect(throws: Ledger.Failure.self) { try Ledger(path: path, catalog: Self.catalog, territory: Self.usa) }
        #expect(failure == .notALedger(path: path, reason: "not an SQLite database"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "just some notes\n")
    }

    @Test("another program's SQLite database is refused as not a ledger")
    func foreignDatabaseRefused() throws {
        let path = temporaryPath("other.sqlite")
        try DatabaseQueue(path: path).write { try $0.execute(sql: "CREATE TABLE photos (id INTEGER)") }
        let failure = #expect(throws: Ledger.Failure.self) { try Ledger(path: path, catalog: Self.catalog, territory: Self.usa) }
        #expect(failure?.description.contains("not a storefront ledger") == true)
    }

    @Test("a ledger from a newer schema is refused, naming the migrations this storefront does not know")
    func newerSchemaRefused() throws {
        let path = temporaryPath()
        _ = try Ledger(path: path, catalog: Self.catalog, territory: Self.usa)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9-offer-codes')")
        }
        let failure = #expect(throws: Ledger.Failure.self) { try Ledger(path: path, catalog: Self.catalog, territory: Self.usa) }
        #expect(failure == .newerSchema(path: path, unknown: ["v9-offer-codes"]))
    }

    @Test("a ledger made with another catalog is refused with the product it does not know")
    func catalogMismatch() throws {
        let path = temporaryPath()
        var store = AppStore(catalog: Self.catalog, territory: Self.usa, now: Self.start)
        store.purchase("com.trailhead.boost.small")
        try Ledger(path: path, catalog: Self.catalog, territory: Self.usa).save(store)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "UPDATE transactionRecord SET productID = 'com.other.gems'")
        }
        let failure = #expect(throws: Ledger.Failure.self) {
            try Ledger(path: path, catalog: Self.catalog, territory: Self.usa).stored
        }
        #expect(failure?.description.contains("com.other.gems") == true)
    }

    @Test("a folder is refused, and a missing parent folder is a clear error")
    func badPaths() throws {
        let folder = FileManager.default.temporaryDirectory.path
        #expect(throws: Ledger.Failure.notALedger(path: folder, reason: "it is a folder")) { try Ledger(path: folder, catalog: Self.catalog, territory: Self.usa) }
        let missing = temporaryPath() + "/nowhere/ledger.sqlite"
        let failure = #expect(throws: Ledger.Failure.self) { try Ledger(path: missing, catalog: Self.catalog, territory: Self.usa) }
        #expect(failure?.description.hasPrefix("cannot use \(missing) as the ledger") == true)
    }
}
