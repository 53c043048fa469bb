import CatalogFormats
import Foundation
import GRDB
@testable import Ledger
import StoreModel
import TestSupport
import Testing

/// The durable ledger: what is saved comes back, and what is not a ledger is refused.
struct LedgerTests {
    static let catalog: Catalog = try! CatalogLoader.load(contentsOf: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SampleCatalog.json"))
    static let start = try! Date("2026-11-21T09:00:00Z", strategy: .iso8601)
    static var usa: Territory { catalog.territory("USA")! }

    func temporaryPath(_ name: String = "ledger.sqlite") -> String {
        let folder = ScratchFolder.make("ledger")
        return folder.appendingPathComponent(name).path
    }

    /// A ledger an older storefront wrote: migrated up to `migration` and no further, its clock at the
    /// start, with one cancelled purchase in its event log.
    func olderLedger(upTo migration: String) throws -> String {
        let path = temporaryPath()
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: "PRAGMA application_id = \(Ledger.applicationID)") }
        try Ledger.migrator.migrate(queue, upTo: migration)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO setting (name, value) VALUES ('now', ?)", arguments: [String(Self.start.timeIntervalSince1970)])
            try db.execute(sql: "INSERT INTO purchaseEvent (id, date, kind, productID, quantity, status) VALUES (1, ?, 'cancelled', 'com.trailhead.boost.small', 1, 'done')",
                           arguments: [Self.start.timeIntervalSince1970])
        }
        try queue.close()
        return path
    }

    @Test("a family member comes back whole: the switch, the shared chain renewing, their own plan, each status")
    func familyMemberSaved() throws {
        let path = temporaryPath()
        var store = AppStore(catalog: Self.catalog, territory: Self.usa, now: Self.start)
        store.apply(.familySharing("com.trailhead.plus.family.monthly"))
        store.purchase("com.trailhead.plus.pro.monthly")
        store.setAutoRenew(false, group: "trailhead.plus")
        try Ledger(path: path, catalog: Self.catalog, territory: Self.usa).save(store)
        var reopened = try #require(try Ledger(path: path, catalog: Self.catalog, territory: Self.usa).stored)
        #expect(reopened.transactions == store.transactions, "reopening delivers nothing new")
        #expect(reopened.scenario.familySharing == "com.trailhead.plus.family.monthly")
        #expect(reopened.statuses(ofGroup: "trailhead.plus") == store.statuses(ofGroup: "trailhead.plus"))
        reopened.advance(by: SubscriptionPeriod(value: 2, unit: .month))
        #expect(reopened.status(ofGroup: "trailhead.plus", ownership: .familyShared)?.state == .subscribed)
        #expect(reopened.status(ofGroup: "trailhead.plus", ownership: .purchased)?.state == .expired)
    }

    @Test("a transaction bought with a win-back offer comes back with offer type winBack, and the wait between offers still holds")
    func winBackSaved() throws {
        let path = temporaryPath()
        var store = AppStore(catalog: Self.catalog, territory: Self.usa, now: Self.start)
        // Pro Annual (the offer's subscription, the most recent one): its free week, a paid year, then over.
        store.purchase("com.trailhead.plus.pro.annual")
        store.advance(by: SubscriptionPeriod(value: 8, unit: .day))
        store.setAutoRenew(false, group: "trailhead.plus")
        store.advance(by: SubscriptionPeriod(value: 14, unit: .month))
        guard case .purchased(let bought) = store.purchase("com.trailhead.plus.pro.annual", promotionalOffer: "pro-annual-welcome-back") else {
            Issue.record("the win-back offer was not bought")
            return
        }
        #expect(bought.offerKind == SubscriptionOffer.Kind.winBack)
        store.setAutoRenew(false, group: "trailhead.plus")
        store.advance(by: SubscriptionPeriod(value: 13, unit: .month))
        try Ledger(path: path, catalog: Self.catalog, territory: Self.usa).save(store)
        let loaded = try #require(try Ledger(path: path, catalog: Self.catalog, territory: Self.usa).stored)
        #expect(loaded.transaction(bought.id)?.offerKind == SubscriptionOffer.Kind.winBack)
        #expect(loaded.transaction(bought.id)?.offerID == "pro-annual-welcome-back")
        // Redeemed 13 months ago, over the 12-month wait; churned a month ago: offered again, on reading too.
        guard case .resubscribe(_, let winBack) = loaded.pitch(forGroup: "trailhead.plus") else {
            Issue.record("expected a resubscribe")
            return
        }
        #expect(winBack?.offer.id == "pro-annual-welcome-back")
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
        store.scenario.timeRate = .monthlyRenewalEveryFiveMinutes
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

    @Test("a ledger open in one storefront is refused to a second as the same device, and free again once the first closes")
    func oneWriter() throws {
        let path = temporaryPath()
        var first: Ledger? = try Ledger(path: path, catalog: Self.catalog, territory: Self.usa)
        #expect(throws: Ledger.Failure.inUse(path: path, device: DeviceName.standard)) { try Ledger(path: path, catalog: Self.catalog, territory: Self.usa) }
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

/// What a file looks like from outside: its bytes, its modification time, and what lies beside it.
struct FileState: Equatable {
    var bytes: Data
    var modified: timespec
    var folder: [String]

    init(_ path: String) throws {
        bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        var info = stat()
        stat(path, &info)
        modified = info.st_mtim
        folder = try FileManager.default.contentsOfDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path).sorted()
    }

    static func == (a: FileState, b: FileState) -> Bool {
        a.bytes == b.bytes && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
            && a.folder == b.folder
    }
}

/// Issue 8: a ledger is checked before it is written, rows are read strictly, and a lost file stops saving.
@Suite("Ledger hardening")
struct LedgerHardeningTests {
    typealias T = LedgerTests
    var catalog: Catalog { T.catalog }
    var usa: Territory { T.usa }

    func open(_ path: String) throws(Ledger.Failure) -> Ledger { try Ledger(path: path, catalog: catalog, territory: usa) }

    /// A ledger with two purchases and a subscription, saved and closed.
    func savedLedger() throws -> String {
        let path = LedgerTests().temporaryPath()
        var store = AppStore(catalog: catalog, territory: usa, now: T.start)
        store.purchase("com.trailhead.boost.small", quantity: 2)
        store.purchase("com.trailhead.plus.pro.monthly")
        store.scenario.askToBuy = true
        try open(path).save(store)
        return path
    }

    /// Every way a file can be refused, each made from a fresh folder.
    enum Refusal: String, CaseIterable {
        case notSQLite, foreignDatabase, foreignWALDatabase, corrupt, newerSchema, emptyMigrations, catalogMismatch, badRow

        /// The refusals of a storefront ledger (its header says so), which a ledger in WAL mode can have too.
        static let ofLedgers: [Refusal] = [.corrupt, .newerSchema, .emptyMigrations, .catalogMismatch, .badRow]
    }

    func make(_ refusal: Refusal) throws -> String {
        switch refusal {
        case .notSQLite:
            let path = LedgerTests().temporaryPath("notes.txt")
            try Data("just some notes, long enough to hold a whole SQLite header if it were one……………………………………………………\n".utf8)
                .write(to: URL(fileURLWithPath: path))
            return path
        case .foreignDatabase, .foreignWALDatabase:
            let path = LedgerTests().temporaryPath("photos.sqlite")
            var configuration = Configuration()
            if refusal == .foreignWALDatabase { configuration.journalMode = .wal }
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.write { try $0.execute(sql: "CREATE TABLE photos (id INTEGER); INSERT INTO photos VALUES (1)") }
            try queue.close()
            return path
        case .corrupt:
            let path = try savedLedger()
            try corrupt(path)
            return path
        case .newerSchema:
            let path = try savedLedger()
            try edit(path, "INSERT INTO grdb_migrations (identifier) VALUES ('v9-offer-codes')")
            return path
        case .emptyMigrations:
            let path = try savedLedger()
            try edit(path, "DELETE FROM grdb_migrations")
            return path
        case .catalogMismatch:
            let path = try savedLedger()
            try edit(path, "UPDATE transactionRecord SET productID = 'com.other.gems'")
            return path
        case .badRow:
            let path = try savedLedger()
            try edit(path, "UPDATE transactionRecord SET purchaseDate = 'yesterday' WHERE id = 2")
            return path
        }
    }

    /// The header still says "storefront ledger" (and its journal mode); every page after the first is garbage.
    func corrupt(_ path: String) throws {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for index in 4096..<bytes.count { bytes[index] = 0xA5 }
        try bytes.write(to: URL(fileURLWithPath: path))
    }

    /// The refused ledger in WAL mode, as every ledger written before the journal-mode change is one:
    /// switched with SQLite's pragma and closed, so it is one file whose header says WAL (bytes 18–19 are 2).
    func makeWAL(_ refusal: Refusal) throws -> String {
        let path = refusal == .corrupt ? try savedLedger() : try make(refusal)
        try toWAL(path)
        if refusal == .corrupt { try corrupt(path) }
        return path
    }

    func toWAL(_ path: String) throws {
        let queue = try DatabaseQueue(path: path)
        let mode = try queue.writeWithoutTransaction { try String.fetchOne($0, sql: "PRAGMA journal_mode = WAL") }
        try queue.close()
        #expect(mode == "wal")
        #expect(try header(path) == [2, 2])
    }

    /// The SQLite header's file format write and read versions: 1 for a rollback journal, 2 for WAL.
    func header(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))[18..<20]) }

    /// A hand edit, as someone with the sqlite3 tool would make it (rollback journal, closed after).
    func edit(_ path: String, _ sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { try $0.execute(sql: sql) }
        try queue.close()
    }

    @Test("a file with SQLite's magic but a header SQLite would refuse is damaged, not another program's")
    func damagedHeader() throws {
        let path = LedgerTests().temporaryPath()
        var bytes = Array("SQLite format 3\0".utf8)
        var random = SystemRandomNumberGenerator()
        bytes += (0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }
        bytes[21] = 0 // never 0 in a real header
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let failure = #expect(throws: Ledger.Failure.self) { try open(path) }
        #expect(failure == .damaged(path: path, detail: "its SQLite header is not valid"))
    }

    @Test("a ledger whose clock row was removed by hand is refused, not taken for a new one")
    func missingClock() throws {
        let path = try savedLedger()
        try edit(path, "DELETE FROM setting WHERE name = 'now'")
        let failure = #expect(throws: Ledger.Failure.self) { try open(path) }
        #expect(failure == .badRow(path: path, detail: #"table setting: the clock's row "now" is missing, but the ledger holds purchases"#))
    }

    @Test("a refused file is left untouched: same bytes, same mtime, nothing left beside it", arguments: Refusal.allCases)
    func refusedIsUntouched(_ refusal: Refusal) throws {
        try refuse(try make(refusal), refusal)
    }

    @Test("a refused ledger in WAL mode is left byte-identical, with no -wal or -shm beside it", arguments: Refusal.ofLedgers)
    func refusedWALIsUntouched(_ refusal: Refusal) throws {
        let path = try makeWAL(refusal)
        try refuse(path, refusal)
        #expect(try header(path) == [2, 2])
    }

    /// Opening and viewing `path` both refuse it, alike and for the reason `refusal` names, and leave it as
    /// it was: same bytes, same mtime, nothing beside it.
    func refuse(_ path: String, _ refusal: Refusal) throws {
        let before = try FileState(path)
        #expect(before.folder == [URL(fileURLWithPath: path).lastPathComponent])
        Thread.sleep(forTimeInterval: 0.01)
        let opening = #expect(throws: Ledger.Failure.self) { try open(path) }
        let reading = #expect(throws: Ledger.Failure.self) { try Ledger.read(path: path, catalog: catalog, territory: usa) }
        #expect(opening == reading, "viewing and opening refuse alike")
        #expect(try FileState(path) == before, "\(refusal): \(opening?.description ?? "")")
        let expected = switch refusal {
        case .notSQLite: "is not a storefront ledger (not an SQLite database)"
        case .foreignDatabase, .foreignWALDatabase: "is not a storefront ledger (an SQLite database of another program)"
        case .corrupt: "is damaged"
        case .newerSchema: "was written by a newer storefront (schema \"v9-offer-codes\")"
        case .emptyMigrations: "is damaged (it has a ledger's tables but its list of schema migrations, grdb_migrations, is empty)"
        case .catalogMismatch: "does not fit this catalog: transaction 1 is for product \"com.other.gems\""
        case .badRow: "table transactionRecord, row id 2: purchaseDate is \"yesterday\", not a time"
        }
        #expect(opening?.description.contains(expected) == true, "\(opening?.description ?? "")")
    }

    @Test("a WAL-mode ledger that is accepted is converted once to the rollback journal; viewing it changes nothing")
    func acceptedWALIsConverted() throws {
        let path = try savedLedger()
        let saved = try #require(try Ledger.read(path: path, catalog: catalog, territory: usa))
        try toWAL(path)
        let before = try FileState(path)
        let viewed = try #require(try Ledger.read(path: path, catalog: catalog, territory: usa))
        #expect(viewed.transactions == saved.transactions)
        #expect(try FileState(path) == before, "viewing reads a WAL ledger without touching it or leaving anything beside it")
        do {
            let ledger = try open(path)
            #expect(ledger.stored?.transactions == saved.transactions)
            var store = try #require(ledger.stored)
            store.scenario.askToBuy = false
            store.purchase("com.trailhead.boost.small")
            try ledger.save(store)
        }
        #expect(try header(path) == [1, 1], "converted to the rollback journal")
        #expect(try FileState(path).folder == ["ledger.sqlite"])
        let mode = try DatabaseQueue(path: path).read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(mode == "delete")
        #expect(try Ledger.read(path: path, catalog: catalog, territory: usa)?.transactions.count == saved.transactions.count + 1)
    }

    @Test("a WAL-mode ledger left with its -wal by a killed storefront is read whole, converted, and its side files are gone after it closes")
    func walLeftBehind() throws {
        let path = try savedLedger()
        try toWAL(path)
        // Copy the ledger and its -wal while a connection that committed a purchase is still open, as a
        // storefront killed before it quit leaves them: the purchase is in the -wal only.
        let copy = URL(fileURLWithPath: LedgerTests().temporaryPath()).path
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.execute(sql: "UPDATE transactionRecord SET quantity = 7 WHERE id = 1")
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "-wal")
        }
        try queue.close()
        let before = try FileState(copy)
        #expect(before.folder == ["ledger.sqlite", "ledger.sqlite-wal"])
        let viewed = try #require(try Ledger.read(path: copy, catalog: catalog, territory: usa))
        #expect(viewed.transactions.first { $0.id == 1 }?.quantity == 7)
        #expect(try FileState(copy) == before, "viewing leaves the ledger and its -wal as they were")
        do {
            let ledger = try open(copy)
            #expect(ledger.stored?.transactions.first { $0.id == 1 }?.quantity == 7)
        }
        #expect(try header(copy) == [1, 1])
        #expect(try FileState(copy).folder == ["ledger.sqlite"])
        #expect(try Ledger.read(path: copy, catalog: catalog, territory: usa)?.transactions.first { $0.id == 1 }?.quantity == 7)
    }

    @Test("an empty file is not silently made a new ledger: it is refused with what to do")
    func emptyFile() throws {
        let path = LedgerTests().temporaryPath()
        FileManager.default.createFile(atPath: path, contents: nil)
        let before = try FileState(path)
        #expect(throws: Ledger.Failure.emptyFile(path: path)) { try open(path) }
        #expect(Ledger.Failure.emptyFile(path: path).description.contains("delete it to start a new ledger there, or pass a new file name"))
        #expect(try FileState(path) == before)
    }

    @Test("hand-edited rows are refused with the table, row and column, never a crash",
          arguments: [
            ("UPDATE transactionRecord SET purchaseDate = 'yesterday' WHERE id = 1",
             #"table transactionRecord, row id 1: purchaseDate is "yesterday", not a time"#),
            ("UPDATE transactionRecord SET quantity = 'many'", #"row id 1: quantity is "many", not a whole number"#),
            ("UPDATE transactionRecord SET quantity = 1000000", "row id 1: quantity is 1000000, outside 1 to 99"),
            ("UPDATE transactionRecord SET state = 'glorious'", #"row id 1: state "glorious" is not known to this storefront"#),
            ("UPDATE transactionRecord SET productType = 'seasonPass' WHERE id = 2", #"row id 2: productType "seasonPass" is not known"#),
            ("UPDATE transactionRecord SET state = 'failed', failure = 'meteor'", #"failure "meteor" is not known"#),
            ("INSERT INTO purchaseEvent (id, date, kind, quantity, status) VALUES (1, 0, 'comet', 1, 'done')", #"kind "comet" is not known"#),
            ("INSERT INTO purchaseEvent (id, date, kind, quantity, status) VALUES (1, 0, 'restore', 1, 'someday')", #"status "someday" is not known"#),
            ("UPDATE transactionRecord SET isUpgraded = 'maybe'", #"isUpgraded is "maybe", not 0 or 1"#),
            ("UPDATE transactionRecord SET productID = X'00FF'", "productID is a blob of 2 bytes, not text"),
            ("UPDATE transactionRecord SET price = '4.99abc'", #"price is "4.99abc", not a price"#),
            ("UPDATE transactionRecord SET productID = 'evil' || char(27) || '[2J'",
             #"productID "evil\e[2J" contains U+001B (escape)"#),
            ("UPDATE transactionRecord SET purchaseDate = 1e300", "purchaseDate is 1e+300, outside the years 1 to 9999"),
            ("UPDATE transactionRecord SET expirationDate = 9e999 WHERE id = 2", "row id 2: expirationDate is inf, outside the years"),
            ("UPDATE transactionRecord SET id = 9223372036854775807 WHERE id = 2",
             "row id 9223372036854775807: id is 9223372036854775807, outside 1 to 9007199254740992"),
            ("UPDATE transactionRecord SET originalID = -1", "originalID is -1, outside 1 to"),
            ("UPDATE transactionRecord SET monthlyPlanOffer = 2 WHERE id = 1", "row id 1: monthlyPlanOffer is 2, outside 1 to 1"),
            ("UPDATE transactionRecord SET monthlyPlanOffer = 1 WHERE id = 1",
             "row id 1: monthlyPlanOffer marks a period of the monthly plan's introductory offer, but the row is not"),
            ("UPDATE renewal SET groupID = X'01'", "table renewal, row with rowid 1: groupID is a blob of 1 bytes, not text"),
            ("UPDATE renewal SET billingIssueSince = 'soon'", #"table renewal, row groupID "trailhead.plus": billingIssueSince is "soon""#),
            ("UPDATE setting SET value = 'soon' WHERE name = 'now'", #"table setting, row "now": the clock "soon" is not a time"#),
            ("UPDATE setting SET value = '18446744073709551615' WHERE name = 'next-transaction-id'",
             #"table setting, row "next-transaction-id": "18446744073709551615" is not a transaction id"#),
            ("UPDATE setting SET value = 'sometimes' WHERE name = 'ask-to-buy'", #"table setting, row "ask-to-buy": "sometimes" is not a value"#),
            // SQLite keeps NOT NULL only as declared: a table remade without it takes NULLs.
            ("CREATE TABLE copy AS SELECT * FROM transactionRecord; DROP TABLE transactionRecord; ALTER TABLE copy RENAME TO transactionRecord; UPDATE transactionRecord SET productType = NULL WHERE id = 2",
             "row id 2: productType is empty (NULL), not text"),
            ("CREATE TABLE copy AS SELECT * FROM transactionRecord; DROP TABLE transactionRecord; ALTER TABLE copy RENAME TO transactionRecord; UPDATE transactionRecord SET id = NULL WHERE id = 2",
             "table transactionRecord, row with rowid 2: id is empty (NULL), not a whole number"),
          ])
    func handEditedRows(_ sql: String, _ message: String) throws {
        let path = try savedLedger()
        try edit(path, sql)
        let before = try FileState(path)
        let failure = #expect(throws: Ledger.Failure.self) { try open(path) }
        #expect(failure?.description.contains(message) == true, "\(failure?.description ?? "")")
        #expect(failure?.description.contains("\u{1B}") == false, "file contents are quoted, never raw")
        #expect(try FileState(path) == before)
    }

    @Test("transaction ids cannot overflow: the largest id is saved, the next purchase is refused, nothing half-written")
    func idsRunOut() throws {
        let path = LedgerTests().temporaryPath()
        let last = Transaction(
            id: UInt64(RowReader.maximumID), originalID: UInt64(RowReader.maximumID), productID: "com.trailhead.boost.small",
            productType: .consumable, purchaseDate: T.start, originalPurchaseDate: T.start, expirationDate: nil,
            quantity: 1, ownership: .purchased, offerKind: nil, offerID: nil, revocationDate: nil, revocationReason: nil,
            isUpgraded: false, storefront: "USA", state: .purchased, price: 0.99, currency: "USD")
        var store = try AppStore(catalog: catalog, territory: usa, now: T.start, gate: .allowed, scenario: .init(),
                                 transactions: [last], renewals: [:], nextTransactionID: 1)
        let ledger = try open(path)
        try ledger.save(store)
        store.purchase("com.trailhead.boost.small")
        let failure = #expect(throws: Ledger.Failure.self) { try ledger.save(store) }
        #expect(failure?.description.contains("transaction ids have run out") == true)
        #expect(try ledger.check() == (1, "ok"))
    }

    @Test("a FIFO or a device is refused at once, with nothing created beside it")
    func specialFiles() throws {
        let fifo = LedgerTests().temporaryPath("pipe")
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: Ledger.Failure.notALedger(path: fifo, reason: "it is a FIFO (named pipe), not a file")) { try open(fifo) }
        #expect(throws: Ledger.Failure.notALedger(path: fifo, reason: "it is a FIFO (named pipe), not a file")) {
            try Ledger.read(path: fifo, catalog: catalog, territory: usa)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: URL(fileURLWithPath: fifo).deletingLastPathComponent().path) == ["pipe"])
        #expect(throws: Ledger.Failure.notALedger(path: "/dev/null", reason: "it is a device, not a file")) { try open("/dev/null") }
        #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal"))
    }

    @Test("viewing reads a ledger without writing, creating or leaving anything; a missing one is not created")
    func viewIsReadOnly() throws {
        let path = try savedLedger()
        let before = try FileState(path)
        let store = try #require(try Ledger.read(path: path, catalog: catalog, territory: usa))
        #expect(store.transactions.count == 2)
        #expect(try FileState(path) == before)
        let missing = LedgerTests().temporaryPath()
        #expect(throws: Ledger.Failure.missing(path: missing)) { try Ledger.read(path: missing, catalog: catalog, territory: usa) }
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test("between saves the ledger is one file: no -wal, -shm or -journal beside it")
    func nothingBeside() throws {
        let path = LedgerTests().temporaryPath()
        let ledger = try open(path)
        var store = AppStore(catalog: catalog, territory: usa, now: T.start)
        store.purchase("com.trailhead.boost.small")
        try ledger.save(store)
        #expect(try FileState(path).folder == ["ledger.sqlite"])
        let mode = try DatabaseQueue(path: path).read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(mode == "delete")
    }

    @Test("a ledger deleted, replaced or written by another program while open stops saving, and says so")
    func lostWhileOpen() throws {
        var store = AppStore(catalog: catalog, territory: usa, now: T.start)
        store.purchase("com.trailhead.boost.small")

        let deleted = LedgerTests().temporaryPath()
        let first = try open(deleted)
        try first.save(store)
        store.markSaved()
        try FileManager.default.removeItem(atPath: deleted)
        let lastSaved = store
        store.purchase("com.trailhead.boost.small")
        #expect(throws: Ledger.Failure.lost(path: deleted, detail: "the file was deleted or moved since storefront opened it")) {
            try first.save(store)
        }
        // The app takes the purchase back and goes on: saving nothing new must not fail again, or every
        // key (opening a sheet, moving to Confirm) would be undone.
        #expect(throws: Never.self) { try first.save(lastSaved) }
        var later = lastSaved
        later.advance(to: lastSaved.now.addingTimeInterval(60))
        #expect(throws: Never.self, "time passing is not refused either") { try first.save(later) }

        // Found lost by a save that only moves the clock: quiet until the first change of the person's own.
        let quiet = LedgerTests().temporaryPath()
        let fourth = try open(quiet)
        var ticking = AppStore(catalog: catalog, territory: usa, now: T.start)
        ticking.purchase("com.trailhead.boost.small")
        try fourth.save(ticking)
        ticking.markSaved()
        try FileManager.default.removeItem(atPath: quiet)
        ticking.advance(to: ticking.now.addingTimeInterval(5))
        #expect(throws: Never.self) { try fourth.save(ticking) }
        ticking.purchase("com.trailhead.boost.small")
        #expect(throws: Ledger.Failure.lost(path: quiet, detail: "the file was deleted or moved since storefront opened it")) {
            try fourth.save(ticking)
        }
        #expect(throws: Ledger.Failure.self) { try first.save(store) }
        #expect(!FileManager.default.fileExists(atPath: deleted), "nothing is written at the path afterwards")

        let replaced = try savedLedger()
        let second = try open(replaced)
        let copy = replaced + ".copy"
        try FileManager.default.copyItem(atPath: replaced, toPath: copy)
        #expect(rename(copy, replaced) == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: replaced))
        #expect(throws: Ledger.Failure.lost(path: replaced, detail: "the file was replaced by another since storefront opened it")) {
            try second.save(store)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: replaced)) == bytes)

        let written = try savedLedger()
        let third = try open(written)
        try edit(written, "UPDATE setting SET value = 'on' WHERE name = 'billing-retry'")
        let failure = #expect(throws: Ledger.Failure.self) { try third.save(store) }
        #expect(failure == .lost(path: written, detail: "another program wrote to it since storefront opened it"))
        store.purchase("com.trailhead.boost.small")
        #expect(throws: failure!) { try third.save(store) }
    }

    @Test("a save cut short (a hot journal) is rolled back on opening; viewing reads it as rolled back, in a private copy, leaving the file untouched")
    func unfinishedSave() throws {
        let path = try savedLedger()
        let committed = try #require(try Ledger.read(path: path, catalog: catalog, territory: usa))
        // Copy the ledger and its journal while a big transaction is in the middle of writing.
        let folder = LedgerTests().temporaryPath("x")
        let copy = URL(fileURLWithPath: folder).deletingLastPathComponent().appendingPathComponent("ledger.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA cache_size = 1")
            try db.execute(sql: "BEGIN IMMEDIATE")
            for index in 0..<2000 {
                try db.execute(sql: "INSERT INTO setting (name, value) VALUES (?, ?)",
                               arguments: ["junk\(index)", String(repeating: "x", count: 500)])
            }
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            try FileManager.default.copyItem(atPath: path + "-journal", toPath: copy + "-journal")
            try db.execute(sql: "ROLLBACK")
        }
        let before = try FileState(copy)
        #expect(before.folder == ["ledger.sqlite", "ledger.sqlite-journal"])
        let viewed = try Ledger.viewed(path: copy, catalog: catalog, territory: usa)
        #expect(viewed.rolledBack, "the viewer is told")
        #expect(viewed.store?.transactions == committed.transactions, "what was saved whole, none of the cut save")
        #expect(try FileState(copy) == before, "the file and its journal are left as they were")
        let recovered = try open(copy)
        #expect(recovered.stored?.transactions == committed.transactions)
        #expect(try FileState(copy).folder == ["ledger.sqlite"])
    }
}

/// A save writes what the store recorded as changed, never the whole ledger: counted in rows SQLite
/// wrote (`total_changes()`), at two ledger sizes.
@Suite("Ledger saves what changed")
struct LedgerChangeTests {
    typealias T = LedgerTests
    static let boost = "com.trailhead.boost.small"

    /// A new ledger holding `count` consumable purchases, saved and marked saved.
    func ledger(holding count: Int) throws -> (Ledger, AppStore, String) {
        let path = LedgerTests().temporaryPath()
        let ledger = try Ledger(path: path, catalog: T.catalog, territory: T.usa)
        var store = AppStore(catalog: T.catalog, territory: T.usa, now: T.start)
        for _ in 0..<count { store.purchase(Self.boost) }
        try ledger.save(store)
        store.markSaved()
        return (ledger, store, path)
    }

    @Test("saving a purchase writes the same few rows whether the ledger holds 10 or 10,000 transactions")
    func purchaseWritesBoundedRows() throws {
        var written: [Int] = []
        for count in [10, 10_000] {
            var (ledger, store, _) = try ledger(holding: count)
            #expect(try ledger.check().transactions == count)
            let before = try ledger.rowsWritten()
            store.purchase(Self.boost)
            try ledger.save(store)
            store.markSaved()
            written.append(try ledger.rowsWritten() - before)
        }
        #expect(written[0] == written[1])
        #expect(written[0] == 2, "the transaction and the next-id setting")
    }

    @Test("a save with nothing changed writes nothing")
    func unchangedSaveWritesNothing() throws {
        var (ledger, store, path) = try ledger(holding: 10)
        let before = try ledger.rowsWritten()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try ledger.save(store)
        store.setAutoRenew(true, group: "trailhead.plus")
        try ledger.save(store)
        #expect(try ledger.rowsWritten() == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test("time travel saves its renewals and renewal state; reopened, the ledger is the store")
    func renewalsSaved() throws {
        var (ledger, store, path) = try ledger(holding: 10)
        store.purchase("com.trailhead.plus.pro.monthly")
        store.scenario.billingFails = true
        store.advance(by: SubscriptionPeriod(value: 2, unit: .month))
        try ledger.save(store)
        store.markSaved()
        store.scenario.billingFails = false
        store.advance(by: SubscriptionPeriod(value: 1, unit: .year))
        try ledger.save(store)
        store.markSaved()
        let reopened = try #require(try Ledger.read(path: path, catalog: T.catalog, territory: T.usa))
        #expect(reopened.transactions == store.transactions)
        #expect(reopened.renewals == store.renewals)
        #expect(reopened.now == store.now)
        #expect(reopened.unsavedChanges.isEmpty, "a ledger's own account has nothing unsaved")
    }

    @Test("a billing retry's planned end, re-timed by a change of time rate, comes back from the ledger")
    func billingRetryEndSaved() throws {
        var (ledger, store, path) = try ledger(holding: 10)
        store.purchase("com.trailhead.plus.pro.monthly")
        store.scenario.billingFails = true
        store.advance(by: SubscriptionPeriod(value: 2, unit: .month))
        store.changeTimeRate(to: .oneRenewalEveryTwoSeconds)
        let planned = try #require(store.renewals["trailhead.plus"]?.billingRetryEnds)
        #expect(planned != store.billingRetryEnd(since: try #require(store.renewals["trailhead.plus"]?.billingIssueSince)),
                "re-timed: not what the new rate gives from the failed renewal")
        try ledger.save(store)
        store.markSaved()
        let reopened = try #require(try Ledger.read(path: path, catalog: T.catalog, territory: T.usa))
        // (A fraction of a second comes back to within a microsecond: dates are stored as seconds since 1970.)
        let kept = try #require(reopened.renewals["trailhead.plus"]?.billingRetryEnds)
        #expect(abs(kept.timeIntervalSince(planned)) < 0.000_001)
    }

    @Test("promotion overrides persist across launches, per device: this device's order and visibility come back, another device's stay its own; a purchase intent's decision comes back in the Log")
    func promotionOverridesSaved() throws {
        var (ledger, store, path) = try ledger(holding: 0)
        let (annual, alps, boost) = ("com.trailhead.plus.pro.annual", "com.trailhead.maps.alps", Self.boost)
        store.setPromotionVisibility(.hide, for: annual)
        store.setPromotionOrder([boost, alps])
        let intent = store.receive(PurchaseIntent(productID: boost), inOnboarding: true)
        try ledger.save(store)
        store.markSaved()
        store.deviceName = "Alex's iPad"
        store.setPromotionVisibility(.show, for: alps)
        try ledger.save(store)
        store.markSaved()
        let reopened = try #require(try Ledger.read(path: path, catalog: T.catalog, territory: T.usa))
        #expect(reopened.deviceName == "This iPhone")
        #expect(reopened.promotedProductsShown == [boost, alps])
        #expect(reopened.promotionOverrides == PromotionOverrides(visibility: [annual: .hide], order: [boost, alps]))
        #expect(reopened.promotions["Alex's iPad"] == PromotionOverrides(visibility: [alps: .show]))
        #expect(reopened.event(intent.id)?.intentDecision == .deferredForOnboarding)
    }

    @Test("a ledger from before promotions (v13) opens with no overrides and migrates; the catalog must still promote what a ledger overrides")
    func promotionsMigrateAndMismatch() throws {
        let old = try LedgerTests().olderLedger(upTo: Ledger.requestTokenMigration)
        let opened = try Ledger(path: old, catalog: T.catalog, territory: T.usa)
        #expect(opened.stored?.promotions.isEmpty == true)
        var (ledger, store, path) = try ledger(holding: 0)
        store.setPromotionVisibility(.hide, for: "com.trailhead.maps.alps")
        try ledger.save(store)
        var unpromoted = T.catalog
        unpromoted.promotedProducts = []
        #expect(throws: Ledger.Failure.self) { try Ledger.read(path: path, catalog: unpromoted, territory: T.usa) }
    }

    @Test("review requests come back from the ledger with their outcome, app version and stars, and the review policy reads them as before")
    func reviewRequestsSaved() throws {
        var (ledger, store, path) = try ledger(holding: 1)
        store.apply(.appVersion("2.1.3"))
        store.apply(.reviewMode(.development))
        let rated = store.requestReview()
        store.answerReview(rated.id, stars: 4)
        store.apply(.reviewMode(.production))
        try ledger.save(store)
        store.markSaved()
        let reopened = try #require(try Ledger.read(path: path, catalog: T.catalog, territory: T.usa))
        let event = try #require(reopened.event(rated.id))
        #expect(event.reviewOutcome == .shownInDevelopment && event.appVersion == "2.1.3" && event.stars == 4)
        #expect(reopened.scenario.appVersion == "2.1.3" && reopened.scenario.reviewMode == .production)
        #expect(reopened.reviewOutcome == .ratedThisVersion)
    }

    @Test("a hand-edited review request's app version is refused with its table, row and column: not a version, or with a control character",
          arguments: [("v1 beta", #"appVersion "v1 beta" is not an app version"#), ("1.0\u{1b}[2J", #"appVersion "1.0\e[2J" contains U+001B"#)])
    func handEditedAppVersion(_ value: String, _ message: String) throws {
        var (ledger, store, path) = try ledger(holding: 1)
        store.requestReview()
        try ledger.save(store)
        store.markSaved()
        try LedgerHardeningTests().edit(path, "UPDATE purchaseEvent SET appVersion = '\(value)' WHERE kind = 'reviewRequest'")
        let failure = #expect(throws: Ledger.Failure.self) { try Ledger.read(path: path, catalog: T.catalog, territory: T.usa) }
        #expect(failure?.description.contains("table purchaseEvent, row id 1: " + message) == true, "\(failure?.description ?? "")")
    }

    @Test("clearing everything deletes every saved row; what is bought after is kept")
    func clearSaved() throws {
        var (ledger, store, path) = try ledger(holding: 10)
        store.purchase("com.trailhead.plus.pro.monthly")
        try ledger.save(store)
        store.markSaved()
        store.clearAll()
        store.purchase(Self.boost)
        try ledger.save(store)
        store.markSaved()
        #expect(try ledger.check().transactions == 1)
        let reopened = try #require(try Ledger.read(path: path, catalog: T.catalog, territory: T.usa))
        #expect(reopened.transactions == store.transactions && reopened.renewals.isEmpty)
    }

    @Test("a store not marked saved is written again, the same rows, and the ledger stays right")
    func unmarkedSaveRepeats() throws {
        var (ledger, store, path) = try ledger(holding: 3)
        store.purchase(Self.boost)
        store.deleteTransaction(1)
        try ledger.save(store)
        try ledger.save(store)
        #expect(try ledger.check() == (3, "ok"))
        let reopened = try #require(try Ledger.read(path: path, catalog: T.catalog, territory: T.usa))
        #expect(reopened.transactions == store.transactions)
    }
}

extension LedgerTests {
    @Test("a relaunch makes no Server Notification again: the ledger's purchases were notified when they were made")
    func relaunchMakesNoNotificationAgain() throws {
        let path = temporaryPath()
        var store = AppStore(catalog: Self.catalog, territory: Self.usa, now: Self.start)
        store.purchase(LedgerChangeTests.boost)
        store.purchase("com.trailhead.maps.alps")
        store.collectNotifications()
        #expect(store.notifications.map(\.kind) == [.oneTimeCharge, .oneTimeCharge])
        try Ledger(path: path, catalog: Self.catalog, territory: Self.usa).save(store)
        var loaded = try #require(try Ledger(path: path, catalog: Self.catalog, territory: Self.usa).stored)
        loaded.collectNotifications()
        #expect(loaded.notifications.map(\.transactionID) == [1, 2], "nothing new happened")
        // Something new after the relaunch is notified, once.
        loaded.purchase(LedgerChangeTests.boost)
        loaded.collectNotifications()
        #expect(loaded.notifications.map(\.transactionID) == [1, 2, 3])
    }

    @Test("a notification keeps its transaction as it was when it was made, across a relaunch: a REFUND still says revoked after the refund is reversed")
    func notificationMomentsSurvive() throws {
        let path = temporaryPath()
        var store = AppStore(catalog: Self.catalog, territory: Self.usa, now: Self.start)
        store.purchase("com.trailhead.maps.alps")
        _ = store.refund(1)
        store.collectNotifications()
        store.reverseRefund(1)
        store.collectNotifications()
        try Ledger(path: path, catalog: Self.catalog, territory: Self.usa).save(store)
        let loaded = try #require(try Ledger(path: path, catalog: Self.catalog, territory: Self.usa).stored)
        let refund = try #require(loaded.notifications.first { $0.kind == .refund })
        #expect(loaded.transaction(at: refund)?.state == .revoked)
        #expect(loaded.transaction(at: refund)?.revocationDate == Self.start)
        let reversed = try #require(loaded.notifications.first { $0.kind == .refundReversed })
        #expect(loaded.transaction(at: reversed)?.state == .purchased)
        #expect(loaded.transaction(1)?.revocationDate == nil, "the ledger's transaction is as it is now")
    }

    @Test("a notification's renewal info and status as they were, its sender, and each transaction's device come back whole after a relaunch")
    func renewalMomentsSurvive() throws {
        let path = temporaryPath()
        var store = AppStore(catalog: Self.catalog, territory: Self.usa, now: Self.start)
        store.deviceName = "iPad"
        store.notifyingServer = true
        store.purchase("com.trailhead.plus.pro.monthly", appAccountToken: UUID())
        store.advance(by: SubscriptionPeriod(value: 4, unit: .month))
        store.setAutoRenew(false, group: "trailhead.plus")
        store.collectNotifications()
        let made = Array(store.notifications)
        #expect(made.allSatisfy { $0.renewalMoment != nil && $0.sender == "iPad" })
        try Ledger(path: path, catalog: Self.catalog, territory: Self.usa, device: "iPad").save(store)
        let loaded = try #require(try Ledger.read(path: path, catalog: Self.catalog, territory: Self.usa, device: "iPad"))
        #expect(Array(loaded.notifications) == made, "moments, amounts and dates read back exactly")
        #expect(loaded.transactions[0].device == "iPad")
        #expect(loaded.transactions[1].device == nil, "a renewal is the App Store's")
    }
}
