import Foundation
import GRDB
import StoreModel

/// The durable ledger behind `--state PATH`: an account's transactions, renewal states and scenario
/// settings in SQLite. `save` writes what changed since the last save in one transaction, so a purchase
/// is on disk before the app reports it, and a killed process leaves the last committed state behind
/// (SQLite's journal makes every commit atomic).
public final class Ledger {
    public let path: String
    private let database: DatabaseQueue
    private var saved = Snapshot()
    /// Held open with an exclusive flock for the ledger's lifetime: one storefront per ledger, or two
    /// would hand out the same transaction ids. The kernel drops it when the process dies, however.
    private let lock: Int32

    /// Written into the SQLite header (`PRAGMA application_id`) so a ledger is known for one: "SFLG".
    public static let applicationID: Int32 = 0x5346_4C47

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case notALedger(path: String, reason: String)
        case newerSchema(path: String, unknown: [String])
        case mismatch(path: String, detail: String)
        case unreadable(path: String, detail: String)
        case inUse(path: String)

        public var description: String {
            switch self {
            case .notALedger(let path, let reason):
                "\(path) is not a storefront ledger (\(reason)); pass a new file name or an existing ledger to --state"
            case .newerSchema(let path, let unknown):
                "\(path) was written by a newer storefront (schema \(unknown.joined(separator: ", "))); this one reads up to \(Ledger.migrator.migrations.last ?? "none"). Use a newer storefront, or another --state file"
            case .mismatch(let path, let detail):
                "\(path) does not fit this catalog: \(detail). Open it with the catalog it was made with (--catalog), or use another --state file"
            case .unreadable(let path, let detail):
                "cannot use \(path) as the ledger: \(detail)"
            case .inUse(let path):
                "\(path) is open in another storefront; quit that one first, or use another --state file"
            }
        }
    }

    /// Opens the ledger at `path`, creating it if there is no file, and migrates it to the current schema.
    public init(path: String) throws(Failure) {
        self.path = path
        let existed = FileManager.default.fileExists(atPath: path)
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: parent) else {
            throw .unreadable(path: path, detail: "the folder \(parent) does not exist")
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw .notALedger(path: path, reason: "it is a folder")
        }
        var configuration = Configuration()
        configuration.journalMode = .wal
        // Another storefront writing the same ledger: wait for it rather than fail at once.
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            // Every commit reaches the disk before `save` returns.
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        do {
            // Checked before GRDB switches the journal to WAL, which would write into a foreign file.
            if existed { try Self.checkHeader(path: path) }
            database = try DatabaseQueue(path: path, configuration: configuration)
            lock = open(path, O_RDONLY | O_CLOEXEC)
            guard lock >= 0 else { throw Failure.unreadable(path: path, detail: "it cannot be opened") }
            guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
                close(lock)
                throw Failure.inUse(path: path)
            }
            try database.write { db in
                let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
                if id == 0 {
                    let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
                    guard tables == 0 else {
                        throw Failure.notALedger(path: path, reason: "an SQLite database of another program")
                    }
                    try db.execute(sql: "PRAGMA application_id = \(Self.applicationID)")
                } else if id != Self.applicationID {
                    throw Failure.notALedger(path: path, reason: "an SQLite database of another program")
                }
            }
            let superseded = try database.read { db in
                try Self.migrator.hasBeenSuperseded(db)
                    ? try Self.migrator.appliedIdentifiers(db).subtracting(Self.migrator.migrations).sorted() : []
            }
            guard superseded.isEmpty else { throw Failure.newerSchema(path: path, unknown: superseded) }
            try Self.migrator.migrate(database)
        } catch let failure as Failure {
            throw failure
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw .notALedger(path: path, reason: "not an SQLite database")
        } catch let error as DatabaseError {
            throw .unreadable(path: path, detail: error.message ?? "\(error.resultCode)")
        } catch {
            throw .unreadable(path: path, detail: "\(error)")
        }
    }

    deinit { close(lock) }

    /// SQLite files start with this; anything else is refused before SQLite touches it.
    private static func checkHeader(path: String) throws(Failure) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(path: path, detail: "it cannot be read")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        if header.isEmpty { return }  // an empty file: SQLite makes it a new database
        guard header == Data("SQLite format 3\0".utf8) else {
            throw .notALedger(path: path, reason: "not an SQLite database")
        }
    }

    /// The schema, one migration per change; a released migration is never edited, only followed.
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "transactionRecord") { t in
                t.primaryKey("id", .integer)
                t.column("originalID", .integer).notNull()
                t.column("productID", .text).notNull()
                t.column("productType", .text).notNull()
                t.column("purchaseDate", .double).notNull()
                t.column("originalPurchaseDate", .double).notNull()
                t.column("expirationDate", .double)
                t.column("quantity", .integer).notNull()
                t.column("ownership", .text).notNull()
                t.column("offerKind", .text)
                t.column("offerID", .text)
                t.column("revocationDate", .double)
                t.column("revocationReason", .text)
                t.column("isUpgraded", .boolean).notNull()
                t.column("storefront", .text).notNull()
                t.column("state", .text).notNull()
                t.column("failure", .text)
                t.column("price", .text).notNull()
                t.column("currency", .text).notNull()
            }
            try db.create(table: "renewal") { t in
                t.primaryKey("groupID", .text)
                t.column("willAutoRenew", .boolean).notNull()
                t.column("autoRenewProductID", .text).notNull()
                t.column("billingIssueSince", .double)
                t.column("gracePeriodExpiration", .double)
            }
            try db.create(table: "setting") { t in
                t.primaryKey("name", .text)
                t.column("value", .text).notNull()
            }
        }
        return migrator
    }()

    // MARK: reading

    /// The account as saved, on this catalog and territory; nil for a new, empty ledger.
    public func load(catalog: Catalog, territory: Territory) throws(Failure) -> AppStore? {
        let snapshot: Snapshot
        do {
            snapshot = try database.read { db in try Snapshot.read(db) }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .unreadable(path: path, detail: "\(error)")
        }
        saved = snapshot
        guard let clock = snapshot.settings[Snapshot.nowKey] else { return nil }
        guard let now = Double(clock).map(Date.init(timeIntervalSince1970:)) else {
            throw .mismatch(path: path, detail: "the saved clock \"\(clock)\" is not a time")
        }
        var store: AppStore
        do {
            store = try AppStore(
                catalog: catalog, territory: territory, now: now, gate: .allowed, scenario: .init(),
                transactions: Array(snapshot.transactions.values), renewals: snapshot.renewals,
                nextTransactionID: snapshot.settings[Snapshot.nextIDKey].flatMap(UInt64.init) ?? 1)
        } catch {
            throw .mismatch(path: path, detail: error.detail)
        }
        for name in ScenarioSetting.names {
            guard let value = snapshot.settings[name] else { continue }
            do {
                store.apply(try ScenarioSetting(name: name, value: value))
            } catch {
                throw .mismatch(path: path, detail: "saved setting: \(error.message)")
            }
        }
        return store
    }

    // MARK: writing

    /// Writes what changed since the last save or load, in one SQLite transaction. When it returns, the
    /// state is on disk; when it throws, nothing of this save is.
    public func save(_ store: AppStore) throws(Failure) {
        let next = Snapshot(store)
        guard next != saved else { return }
        let previous = saved
        do {
            try database.write { db in try next.write(db, over: previous) }
        } catch {
            throw .unreadable(path: path, detail: "\(error)")
        }
        saved = next
    }

    /// The number of transactions on disk and SQLite's own check, for tests and `--state` diagnostics.
    public func check() throws -> (transactions: Int, integrity: String) {
        try database.read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM transactionRecord") ?? 0,
             try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "")
        }
    }
}
