import Foundation
import GRDB
import StoreModel
import TextSafety

// Linux's renameat2 (glibc 2.28), which Swift's Glibc module does not import, and its flag.
@_silgen_name("renameat2") private func c_renameat2(_ olddirfd: Int32, _ oldpath: UnsafePointer<CChar>, _ newdirfd: Int32,
                                                     _ newpath: UnsafePointer<CChar>, _ flags: UInt32) -> Int32
private let renameNoReplace: UInt32 = 1

/// The durable ledger behind `--state PATH`: an account's transactions, renewal states and scenario
/// settings in SQLite. `save` writes what changed since the last save in one transaction, so a purchase
/// is on disk before the app reports it, and a killed process leaves the last committed state behind.
/// What changed is what the store recorded as it changed (`AppStore.unsavedChanges`): a save writes
/// those rows, never the whole ledger, and the caller marks the store saved once `save` returns.
///
/// Opening checks before it writes: the file must be a regular, non-empty file whose SQLite header names
/// a storefront ledger; then, on a read-only connection, SQLite's integrity check, the schema version,
/// every row, and the catalog. Only when all of that passes is the file opened for writing, so a refused
/// file is left exactly as it was.
///
/// The journal is SQLite's rollback journal (`DELETE`) with `synchronous = FULL`: each commit is on disk
/// when `save` returns, and between saves the ledger is one file with nothing beside it, so there is no
/// `-wal` that could go missing. Before each save the ledger checks that the path still names the file it
/// opened, and that no other program wrote to it; if not, it stops saving and says why.
///
/// Several devices of one account (`--device`) share a ledger, each in its own storefront process; the
/// same device twice at once is refused (`DeviceLocks`). Every save runs under SQLite's write lock
/// (`BEGIN IMMEDIATE`, with a busy timeout) and bumps the file's generation (SQLite's header field
/// `user_version`, which storefront uses for nothing else) in the same transaction. So when SQLite's
/// `data_version` says someone else committed: the generation moved → another storefront (a device of
/// the account) wrote, and the account is read again (`refreshed`) before anything is applied to it
/// (`change`); it did not → another program wrote, and saving stops as before. Nothing new from others
/// costs one `PRAGMA data_version`.
public final class Ledger {
    public let path: String
    /// The account as it was saved, on the catalog the ledger was opened with; nil for a new ledger.
    public let stored: AppStore?
    /// The device this storefront is (`--device`), and its `deviceVerificationID`: read from the ledger's
    /// `device` table, or made and written there the first time this device name opens the ledger.
    public let deviceName: String
    public let deviceVerificationID: UUID
    private let database: DatabaseQueue
    /// The settings rows (scenario switches, clock, next id) as last written: a handful, compared whole.
    private var savedSettings: [String: String]
    /// The ledger opened read-write and held for the ledger's lifetime, with this storefront's locks on
    /// it (`DeviceLocks`: present, as this device). The kernel drops them when the process dies, however.
    private let lock: Int32
    /// The file opened, to notice it being deleted or replaced behind the app's back.
    private let identity: FileIdentity
    /// SQLite's count of commits by other connections, to notice someone else writing to the file.
    private var dataVersion: Int
    /// The file's generation (`PRAGMA user_version`) as this storefront last read or wrote it: every
    /// storefront's save moves it, another program's write does not.
    /// Its high half is the account's revision: every save that changes the account moves it; a save
    /// of the clock alone, or a device opening the ledger, moves only the low half, so other devices
    /// then take in the clock without reading the whole ledger (`Generation`).
    private var generation: Int32
    /// Set once the file is lost; every later save throws it instead of writing somewhere else.
    private var stopped: Failure?

    /// Written into the SQLite header (`PRAGMA application_id`) so a ledger is known for one: "SFLG".
    public static let applicationID: Int32 = 0x5346_4C47

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case notALedger(path: String, reason: String)
        case emptyFile(path: String)
        case damaged(path: String, detail: String)
        case badRow(path: String, detail: String)
        case newerSchema(path: String, unknown: [String])
        case mismatch(path: String, detail: String)
        case readOnly(path: String, detail: String)
        case unfinishedWrite(path: String)
        case missing(path: String)
        case unreadable(path: String, detail: String)
        case inUse(path: String, device: String)
        /// Another device of the account saved since this one last read the ledger: nothing of this save
        /// was written. Read the account again (`refreshed`) and apply the change to it (`change` does).
        case otherDeviceWrote(path: String)
        case lost(path: String, detail: String)

        public var description: String {
            switch self {
            case .notALedger(let path, let reason):
                "\(path) is not a storefront ledger (\(reason)); pass a new file name or an existing ledger to --state"
            case .emptyFile(let path):
                "\(path) is an empty file, not a ledger; delete it to start a new ledger there, or pass a new file name to --state"
            case .damaged(let path, let detail):
                "\(path) is damaged (\(detail)); it was left as it is. Use a backup, or another --state file"
            case .badRow(let path, let detail):
                "\(path) holds a value this storefront cannot use: \(detail). Fix or delete that row, or use another --state file"
            case .newerSchema(let path, let unknown):
                "\(path) was written by a newer storefront (schema \(unknown.map { UntrustedText.quoted($0) }.joined(separator: ", "))); this one reads up to \(Ledger.migrator.migrations.last ?? "none"). Use a newer storefront, or another --state file"
            case .mismatch(let path, let detail):
                "\(path) does not fit this catalog: \(detail). Open it with the catalog it was made with (--catalog), or use another --state file"
            case .readOnly(let path, let detail):
                FileManager.default.fileExists(atPath: path)
                    ? "cannot save to \(path): \(detail). To look at a ledger without saving, print it as text (storefront --state \(path) | cat); to use it, copy it somewhere writable"
                    : "cannot make a ledger at \(path): \(detail). Pass a --state path in a folder you can write to"
            case .unfinishedWrite(let path):
                "\(path) has an unfinished save (a storefront stopped while writing it, leaving \(path)-journal); open it once with storefront in a terminal to roll that back, then view it"
            case .missing(let path):
                "there is no ledger at \(path); when its output is not a terminal, storefront only prints an existing ledger as text and creates none (start it in a terminal to make one)"
            case .unreadable(let path, let detail):
                "cannot use \(path) as the ledger: \(detail)"
            case .inUse(let path, let device):
                "\(device) is already open in another storefront; pass --device NAME to open \(path) as another device of the account"
            case .otherDeviceWrote(let path):
                "another device of the account saved to \(path) first; nothing was saved, try again"
            case .lost(let path, let detail):
                "stopped saving to \(path): \(detail). Quit and check the file"
            }
        }
    }

    /// The ledger at `path` as saved, checked, without writing anything and without leaving a file
    /// behind: for looking at a ledger (plain-text mode). Nil when the ledger holds no saved account.
    /// A device the ledger knows comes back with its `deviceVerificationID`; an unknown one gets a
    /// fresh one, not written.
    public static func read(path: String, catalog: Catalog, territory: Territory, device: String = DeviceName.standard) throws(Failure) -> AppStore? {
        try viewed(path: path, catalog: catalog, territory: territory, device: device).store
    }

    /// `read`, and whether the ledger had a save cut short (a hot journal, left by a storefront killed
    /// while saving). Such a ledger is read as SQLite would roll it back, in a private copy: what was
    /// saved whole is there, the cut save is not, and the file itself is left for the next storefront
    /// that opens it to roll back (issue 53, item 5).
    public static func viewed(path: String, catalog: Catalog, territory: Territory, device: String = DeviceName.standard)
        throws(Failure) -> (store: AppStore?, rolledBack: Bool) {
        guard case .ledger(_, let wal) = try FileCheck.examine(path) else { throw .missing(path: path) }
        var rolledBack = false
        let snapshot: Snapshot
        do {
            snapshot = try inspect(path, wal: wal)
        } catch .unfinishedWrite {
            let (folder, copy) = try FileCheck.privateCopy(of: path, journal: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try rollBackUnfinishedSave(copy, naming: path)
            snapshot = try inspect(file: copy, path: path)
            rolledBack = true
        }
        var store = try snapshot.store(catalog: catalog, territory: territory, path: path)
        store?.deviceName = device
        if let id = snapshot.devices[device] { store?.deviceVerificationID = id }
        return (store, rolledBack)
    }

    /// Opens the ledger at `path` for saving, creating it if there is no file. An existing ledger is
    /// checked in full (see the type's notes) before anything is written; `stored` is what it holds.
    /// `device` is the device name this storefront opens it as (`--device`, checked by `DeviceName`).
    /// `territory` is the storefront a ledger that records none starts in.
    ///
    /// Any number of devices may open one path at once, a new one included: a new ledger is made whole
    /// in a file of its own and linked into place (`create`), so another device finds no file or a
    /// whole ledger, never an empty one; and what this device learns of the ledger (its generation,
    /// its revision, the account) and its first write (its device row) happen in one transaction under
    /// SQLite's write lock, so no other device's save can fall between them.
    /// `identitySeed`: where a ledger without one of its own takes the UUIDs it makes from (a script's
    /// run: `AppStore.identitySeed`), its first device's `deviceVerificationID` included.
    public init(path: String, catalog: Catalog, territory: Territory, device: String = DeviceName.standard,
                identitySeed: UUID? = nil) throws(Failure) {
        self.path = path
        deviceName = device
        var lock: Int32 = -1
        do throws(Failure) {
            if case .missing = try FileCheck.examine(path) { try Self.create(path) }
            guard case .ledger(let examined, let wal) = try FileCheck.examine(path) else { throw Failure.missing(path: path) }
            lock = try FileCheck.openForWriting(path)
            identity = try FileCheck.identity(of: lock, path: path)
            guard identity == examined else { throw Failure.unreadable(path: path, detail: "it was replaced by another file while storefront was opening it") }
            try DeviceLocks.hold(lock, path: path, device: device)
            try FileCheck.requireWritableFolder(of: path)
            let inspected: Snapshot
            do {
                inspected = try Self.inspect(path, wal: wal)
            } catch .unfinishedWrite {
                // A storefront killed in the middle of a save: this is a ledger (its header says so),
                // and rolling the unfinished save back is what makes every save all-or-nothing.
                try Self.rollBackUnfinishedSave(path)
                inspected = try Self.inspect(path, wal: wal)
            }
            // The account is built (and checked against the catalog) before anything is written.
            var account = try inspected.store(catalog: catalog, territory: territory, path: path)
            // Opening for writing switches a WAL-mode ledger to the rollback journal, once: SQLite
            // then folds its -wal into the file and removes the -wal and -shm. It migrates an older
            // schema, one storefront at a time.
            database = try DeviceLocks.whileMigrating(lock, path: path) { () throws(Failure) in try Self.openForWriting(path, new: false) }
            // The ledger as it is once this device holds the write lock, and its device row: one
            // transaction, so its data_version and generation are those of the account it read.
            var read = inspected
            var version = 0
            var known: UUID?
            var made: UUID?
            var reread = false
            try Self.write(database, path: path) { db in
                version = try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
                // Another device saved since the check: the account as it is now.
                if try Int32.fetchOne(db, sql: "PRAGMA user_version") != inspected.generation {
                    read = try Self.snapshot(db, path: path)
                    reread = true
                }
                known = read.devices[device]
                guard known == nil else { return }
                // A device name's first opening of the ledger: a new deviceVerificationID, written at
                // once, so every later launch as this device finds the same one. Not a change of the
                // account: other devices take in only that the file moved on.
                // Named by the ledger's seed where it has one (a script's), so every run makes the same.
                let seed = read.settings[Snapshot.identitySeedKey].flatMap(UUID.init(uuidString:)) ?? identitySeed
                let id = seed.map { AppStore.namedUUID($0.uuidString.lowercased() + " device " + device) } ?? UUID()
                try db.execute(sql: "INSERT INTO device (name, verificationID) VALUES (?, ?)", arguments: [device, id.uuidString])
                read.generation = try Self.bumpGeneration(db, accountChanged: false)
                made = id
            }
            if reread { account = try read.store(catalog: catalog, territory: territory, path: path) }
            stored = account
            deviceVerificationID = known ?? made!
            (dataVersion, generation) = (version, read.generation)
            savedSettings = read.settings
        } catch {
            if lock >= 0 { close(lock) }
            throw error
        }
        self.lock = lock
    }

    deinit { close(lock) }

    /// Makes a new ledger at `path`: its schema written into a file of its own in the same folder,
    /// which is then linked to `path` (`link` never replaces: if another device made the ledger first,
    /// theirs stays and this one's is dropped). The ledger appears whole or not at all.
    private static func create(_ path: String) throws(Failure) {
        let folder = FileCheck.parent(of: path)
        let name = URL(fileURLWithPath: path).lastPathComponent
        let draft = folder + "/." + name + ".new-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        let descriptor = try FileCheck.create(draft, naming: path)
        close(descriptor)
        defer { unlink(draft) }
        do {
            let database = try openForWriting(draft, new: true, naming: path)
            try failures(path) { try database.close() }
        } catch {
            // SQLite's journal, were it left by a failed first write.
            unlink(draft + "-journal")
            throw error
        }
        var error: Int32 = 0
        if link(draft, path) != 0 {
            error = errno
            // A file system without hard links (exFAT, some network shares): renamed into place, never
            // over a file (RENAME_NOREPLACE).
            if [EPERM, ENOTSUP, EOPNOTSUPP, EXDEV].contains(error) {
                error = c_renameat2(AT_FDCWD, draft, AT_FDCWD, path, renameNoReplace) == 0 ? 0 : errno
            }
        }
        // Another device made it first: theirs is the ledger.
        guard error != 0, error != EEXIST else { return }
        if [EROFS, EACCES].contains(error) {
            throw .readOnly(path: path, detail: "the folder \(folder) is read-only (\(FileCheck.describe(error)))")
        }
        throw .unreadable(path: path, detail: "it cannot be created (\(FileCheck.describe(error)))")
    }

    /// The ledger as `db` holds it, read in the transaction the caller holds: every row, checked.
    private static func snapshot(_ db: Database, path: String) throws -> Snapshot {
        do {
            var snapshot = try Snapshot.read(db, schema: try migrator.appliedIdentifiers(db))
            snapshot.generation = try Int32.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            return snapshot
        } catch let bad as BadRow {
            throw Failure.badRow(path: path, detail: bad.description)
        }
    }

    /// Runs `body`, turning what SQLite and GRDB throw into the ledger's own failures.
    private static func failures<T>(_ path: String, _ body: () throws -> T) throws(Failure) -> T {
        do {
            return try body()
        } catch let failure as Failure {
            throw failure
        } catch let bad as BadRow {
            throw .unreadable(path: path, detail: bad.description)
        } catch let error as DatabaseError {
            throw failure(error, path: path)
        } catch {
            throw .unreadable(path: path, detail: "\(error)")
        }
    }

    /// Runs `body` in one transaction under SQLite's write lock (`BEGIN IMMEDIATE`: a device saving
    /// meanwhile is waited for, up to the busy timeout).
    private static func write(_ database: DatabaseQueue, path: String, _ body: (Database) throws -> Void) throws(Failure) {
        try failures(path) {
            try database.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    try body(db)
                    return .commit
                }
            }
        }
    }

    /// Moves the file's generation on, in the transaction of a storefront's save: returns the new one.
    /// The low half counts every storefront's write; the high half, the account's revision, counts
    /// those that changed the account (not its clock alone, not a device's first opening).
    private static func bumpGeneration(_ db: Database, accountChanged: Bool) throws -> Int32 {
        let current = UInt32(bitPattern: try Int32.fetchOne(db, sql: "PRAGMA user_version") ?? 0)
        let writes = ((current & 0xFFFF) &+ 1) & 0xFFFF
        let revision = accountChanged ? ((current >> 16) &+ 1) & 0xFFFF : current >> 16
        let next = Int32(bitPattern: revision << 16 | writes)
        try db.execute(sql: "PRAGMA user_version = \(next)")
        return next
    }

    /// The account's revision within a generation (its high half).
    static func revision(_ generation: Int32) -> UInt32 { UInt32(bitPattern: generation) >> 16 }

    /// Reads the ledger on a read-only connection (which writes nothing and, on a rollback-journal file,
    /// creates nothing beside it): SQLite's integrity check, the schema version, then every row. A hot
    /// journal (a save cut short) is `unfinishedWrite`: only a writer can roll it back. A WAL-mode
    /// ledger is read from a copy (`FileCheck.privateCopy`), so a refused one is left as it was, with
    /// nothing beside it.
    private static func inspect(_ path: String, wal: Bool) throws(Failure) -> Snapshot {
        guard wal else { return try inspect(file: path, path: path) }
        let (folder, copy) = try FileCheck.privateCopy(of: path)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try inspect(file: copy, path: path)
    }

    /// `inspect`, reading `file` and naming `path` in what it says.
    private static func inspect(file: String, path: String) throws(Failure) -> Snapshot {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        do {
            let queue = try DatabaseQueue(path: file, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in
                let generation = try Int32.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                let problems = try String.fetchAll(db, sql: "PRAGMA integrity_check(5)")
                guard problems == ["ok"] else {
                    let first = problems.first.map { UntrustedText.quoted($0) } ?? "no answer"
                    throw Failure.damaged(path: path, detail: "SQLite's integrity check says \(first)")
                }
                let applied = try migrator.appliedIdentifiers(db)
                let unknown = applied.subtracting(migrator.migrations).sorted()
                guard unknown.isEmpty else { throw Failure.newerSchema(path: path, unknown: unknown) }
                guard applied.contains("v1") else {
                    // Marked as a ledger but never given its tables (stopped while being made): empty. Tables
                    // with no record of their migrations are of no known schema, and are not migrated over.
                    let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                    guard tables.allSatisfy({ $0 == "grdb_migrations" }) else {
                        let record = !tables.contains("grdb_migrations") ? "is missing" : applied.isEmpty ? "is empty" : "lacks the first (v1)"
                        throw Failure.damaged(path: path, detail: "it has a ledger's tables but its list of schema migrations, grdb_migrations, \(record)")
                    }
                    return Snapshot(generation: generation)
                }
                do {
                    var snapshot = try Snapshot.read(db, schema: applied)
                    snapshot.generation = generation
                    return snapshot
                } catch let bad as BadRow {
                    throw Failure.badRow(path: path, detail: bad.description)
                }
            }
        } catch let failure as Failure {
            throw failure
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_READONLY_ROLLBACK {
            throw .unfinishedWrite(path: path)
        } catch let error as DatabaseError {
            throw Self.failure(error, path: path)
        } catch {
            throw .unreadable(path: path, detail: "\(error)")
        }
    }

    private static func failure(_ error: DatabaseError, path: String) -> Failure {
        switch error.resultCode {
        case .SQLITE_NOTADB: .notALedger(path: path, reason: "not an SQLite database")
        case .SQLITE_CORRUPT: .damaged(path: path, detail: "SQLite says \(UntrustedText.quoted(error.message ?? "corrupt"))")
        case .SQLITE_READONLY: .readOnly(path: path, detail: error.message ?? "\(error.resultCode)")
        default: .unreadable(path: path, detail: error.message ?? "\(error.resultCode)")
        }
    }

    /// Opening the ledger read-write and reading it makes SQLite roll back the hot journal.
    private static func rollBackUnfinishedSave(_ path: String, naming named: String? = nil) throws(Failure) {
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.read { db in _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
            try queue.close()
        } catch let error as DatabaseError {
            throw failure(error, path: named ?? path)
        } catch {
            throw .unreadable(path: named ?? path, detail: "\(error)")
        }
    }

    /// The connection `save` writes through: rollback journal, every commit synced; a new ledger is
    /// marked as one (first, so a ledger stopped while being made is still known for one) and migrated.
    /// `naming` is the path messages give: a new ledger's draft is opened under the name the person chose.
    private static func openForWriting(_ path: String, new: Bool, naming named: String? = nil) throws(Failure) -> DatabaseQueue {
        let shown = named ?? path
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
            guard mode == "delete" else {
                throw Failure.unreadable(path: shown, detail: "SQLite cannot use a rollback journal here (journal mode \(mode ?? "unknown"))")
            }
            // Every commit reaches the disk before `save` returns.
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        return try failures(shown) {
            let database = try DatabaseQueue(path: path, configuration: configuration)
            if new { try database.write { db in try db.execute(sql: "PRAGMA application_id = \(applicationID)") } }
            try migrator.migrate(database)
            return database
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
        // The metered paywall's count (free items opened, by calendar month) and onboarding's "shown
        // once". A ledger from before was launched already, so it counts as having seen onboarding.
        migrator.registerMigration("v2-free-reads") { db in
            try db.create(table: "freeRead") { t in
                t.column("month", .text).notNull()
                t.column("itemID", .text).notNull()
                t.column("readAt", .double).notNull()
                t.primaryKey(["month", "itemID"])
            }
            if try Int.fetchOne(db, sql: "SELECT count(*) FROM setting WHERE name = ?", arguments: [Snapshot.nowKey]) ?? 0 > 0 {
                try db.execute(sql: "INSERT OR REPLACE INTO setting (name, value) VALUES (?, '1')", arguments: [Snapshot.onboardingKey])
            }
        }
        // StoreKit 2 holds transactions only: failed and cancelled attempts, requests and restores are
        // events with ids of their own. Rows a ledger kept as transactions before this are turned into
        // events when it is read, and rewritten by the next save (`Snapshot.read`).
        migrator.registerMigration("v3-events") { db in
            try db.create(table: "purchaseEvent") { t in
                t.primaryKey("id", .integer)
                t.column("date", .double).notNull()
                t.column("kind", .text).notNull()
                t.column("productID", .text)
                t.column("quantity", .integer).notNull()
                t.column("offerID", .text)
                t.column("failure", .text)
                t.column("status", .text).notNull()
                t.column("resolvedDate", .double)
                t.column("transactionID", .integer)
                t.column("restored", .integer)
            }
        }
        // Lifecycle fidelity: why a subscription expired and where a price increase stands (renewal
        // info), what an upgrade refunded (the simulator's estimate), and the price increases QA made.
        migrator.registerMigration("v4-expiry-price-increases") { db in
            try db.alter(table: "renewal") { t in
                t.add(column: "expirationReason", .text)
                t.add(column: "priceIncreaseStatus", .text)
            }
            try db.alter(table: "transactionRecord") { t in
                t.add(column: "upgradeRefund", .text)
                t.add(column: "upgradeRefundDate", .double)
            }
            try db.create(table: "priceIncrease") { t in
                t.column("territory", .text).notNull()
                t.column("productID", .text).notNull()
                t.column("price", .text).notNull()
                t.column("consentRequired", .boolean).notNull()
                t.column("date", .double).notNull()
                t.primaryKey(["territory", "productID"])
            }
        }
        // The Account screen: a retention offer booked for the next renewal (renewal info's offer), and
        // the consumables the app's own record says were used.
        migrator.registerMigration(consumableUseMigration) { db in
            try db.alter(table: "renewal") { t in
                t.add(column: "offerID", .text)
            }
            try db.create(table: "consumableUse") { t in
                t.primaryKey("productID", .text)
                t.column("used", .integer).notNull()
            }
        }
        // Purchase Help: a refund request is an event (its reason in a new column) and joins the
        // inspector's Requests; the app's record of purchases it did not deliver and how each was made
        // good; feedback sent, and the draft being typed (one row, written as it changes).
        migrator.registerMigration(purchaseHelpMigration) { db in
            try db.alter(table: "purchaseEvent") { t in
                t.add(column: "refundReason", .text)
            }
            try db.create(table: "delivery") { t in
                t.primaryKey("transactionID", .integer)
                t.column("markedDate", .double).notNull()
                t.column("resolution", .text)
                t.column("giftProductID", .text)
                t.column("resolvedDate", .double)
            }
            try db.create(table: "feedback") { t in
                t.primaryKey("id", .integer)
                t.column("date", .double).notNull()
                t.column("text", .text).notNull()
            }
            try db.create(table: "feedbackDraft") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("text", .text).notNull()
            }
        }
        // Offer codes: the App Store's redemption counts (per offer, with whether this account redeemed
        // it; per code; per calendar quarter), codes redeemed in the App Store while the app was not
        // running (handled at its next launch), and which kind of offer a renewal has booked (a
        // retention offer, or an offer code redeemed by a subscriber).
        migrator.registerMigration(offerCodeMigration) { db in
            try db.alter(table: "renewal") { t in
                t.add(column: "offerKind", .text)
            }
            try db.create(table: "offerRedemption") { t in
                t.primaryKey("offerID", .text)
                t.column("redemptions", .integer).notNull()
                t.column("byThisAccount", .boolean).notNull()
            }
            try db.create(table: "codeRedemption") { t in
                t.primaryKey("code", .text)
                t.column("redemptions", .integer).notNull()
            }
            try db.create(table: "quarterRedemption") { t in
                t.primaryKey("quarter", .text)
                t.column("redemptions", .integer).notNull()
            }
            try db.create(table: "pendingRedemption") { t in
                t.primaryKey("id", .integer)
                t.column("code", .text).notNull()
                t.column("date", .double).notNull()
            }
        }
        // A billing retry's end as planned, so a change of time rate can re-time it (AppStore's
        // `retimeBillingIssue`); null in older rows, where it is worked out from billingIssueSince.
        migrator.registerMigration(billingRetryMigration) { db in
            try db.alter(table: "renewal") { t in
                t.add(column: "billingRetryEnds", .double)
            }
        }
        // Apple's price-increase consent rule: when the product's price last rose without consent (a
        // second such increase within a year needs consent), and the price a subscriber keeps through an
        // increase made with preserveCurrentPrice.
        migrator.registerMigration(priceConsentMigration) { db in
            try db.alter(table: "priceIncrease") { t in
                t.add(column: "lastWithoutConsent", .double)
            }
            try db.alter(table: "renewal") { t in
                t.add(column: "preservedTerritory", .text)
                t.add(column: "preservedProductID", .text)
                t.add(column: "preservedPrice", .text)
            }
        }
        // Review requests: an event's outcome (shown, or why not), the app version it was made in, and
        // the stars the person gave.
        migrator.registerMigration(reviewMigration) { db in
            try db.alter(table: "purchaseEvent") { t in
                t.add(column: "reviewOutcome", .text)
                t.add(column: "appVersion", .text)
                t.add(column: "stars", .integer)
            }
        }
        // The app's appAccountToken on a transaction (StoreKit's Transaction.appAccountToken).
        migrator.registerMigration(appAccountTokenMigration) { db in
            try db.alter(table: "transactionRecord") { t in
                t.add(column: "appAccountToken", .text)
            }
        }
        // A storefront change QA made (`set territory`) is a Log event naming the storefront moved to.
        migrator.registerMigration(storefrontChangeMigration) { db in
            try db.alter(table: "purchaseEvent") { t in
                t.add(column: "storefront", .text)
            }
        }
        // A purchase that waits keeps the appAccountToken the app passed, for the transaction it becomes.
        migrator.registerMigration(requestTokenMigration) { db in
            try db.alter(table: "purchaseEvent") { t in
                t.add(column: "appAccountToken", .text)
            }
        }
        // StoreKit's Transaction.reason: purchase or renewal. Rows of older ledgers are renewals where
        // they begin as an earlier transaction of the same subscription ended (a renewal on time); a
        // billing retry's recovery, which begins later, reads as a purchase there.
        migrator.registerMigration(transactionReasonMigration) { db in
            try db.alter(table: "transactionRecord") { t in
                t.add(column: "reason", .text).notNull().defaults(to: Transaction.Reason.purchase.rawValue)
            }
            try db.execute(sql: """
                UPDATE transactionRecord SET reason = 'renewal'
                WHERE productType = 'autoRenewable' AND EXISTS (
                    SELECT 1 FROM transactionRecord AS earlier
                    WHERE earlier.originalID = transactionRecord.originalID AND earlier.id < transactionRecord.id
                      AND earlier.isUpgraded = 0 AND earlier.expirationDate = transactionRecord.purchaseDate)
                """)
        }
        // App Store Server Notifications V2: the outbox, in the order they were made, with how delivery went.
        migrator.registerMigration(serverNotificationMigration) { db in
            try db.create(table: "serverNotification") { t in
                t.primaryKey("id", .integer)
                t.column("uuid", .text).notNull()
                t.column("type", .text).notNull()
                t.column("subtype", .text)
                t.column("date", .double).notNull()
                t.column("transactionID", .integer)
                t.column("groupID", .text)
                t.column("consumptionRequestReason", .text)
                t.column("delivery", .text).notNull()
                t.column("attempts", .integer).notNull()
                t.column("nextAttempt", .double)
            }
        }
        // Several devices of one account: each device name's deviceVerificationID.
        migrator.registerMigration(devicesMigration) { db in
            try db.create(table: "device") { t in
                t.primaryKey("name", .text)
                t.column("verificationID", .text).notNull()
            }
        }
        // Promoted purchases: what the app decided about a purchase intent (a Log event), and each
        // device's promotion overrides (SKProductStorePromotionController), keyed by device name:
        // visibility (null: App Store Connect's default) and place in the override order (null: none).
        migrator.registerMigration(promotionMigration) { db in
            try db.alter(table: "purchaseEvent") { t in
                t.add(column: "intentDecision", .text)
            }
            try db.create(table: "promotionOverride") { t in
                t.column("deviceName", .text).notNull()
                t.column("productID", .text).notNull()
                t.column("visibility", .text)
                t.column("position", .integer)
                t.primaryKey(["deviceName", "productID"])
            }
        }
        // What each notification keeps of its transaction as it was when it was made (`TransactionMoment`):
        // the transaction's parts that change later. A NULL momentState: no moment (no transaction, or a
        // notification from before this migration, signed with the transaction as it is).
        migrator.registerMigration(notificationMomentMigration) { db in
            try db.alter(table: "serverNotification") { t in
                t.add(column: "momentState", .text)
                t.add(column: "momentExpirationDate", .double)
                t.add(column: "momentRevocationDate", .double)
                t.add(column: "momentRevocationReason", .text)
                t.add(column: "momentIsUpgraded", .integer)
                t.add(column: "momentUpgradeRefund", .text)
                t.add(column: "momentUpgradeRefundDate", .double)
            }
        }
        // Monthly payments with a 12-month commitment: a transaction's commitment info (which payment, of
        // how many, the commitment's end and total; NULL billed up front) and the renewal info's plan
        // after the commitment (NULL outside one).
        migrator.registerMigration(billingPlanMigration) { db in
            try db.alter(table: "transactionRecord") { t in
                t.add(column: "commitmentPayment", .integer)
                t.add(column: "commitmentPayments", .integer)
                t.add(column: "commitmentExpirationDate", .double)
                t.add(column: "commitmentPrice", .text)
            }
            try db.alter(table: "renewal") { t in
                t.add(column: "renewalBillingPlanType", .text)
            }
        }
        // The monthly plan's own introductory offer: 1 on a transaction that is a period of it (bought on
        // the monthly plan, before its commitment), NULL otherwise.
        migrator.registerMigration(monthlyPlanOfferMigration) { db in
            try db.alter(table: "transactionRecord") { t in
                t.add(column: "monthlyPlanOffer", .integer)
            }
        }
        // One runtime (issue 51): which device made each transaction; which device sends each
        // notification, and the renewal info and status each was made with (JSON: `RenewalMomentColumn`).
        // The account's storefront and environment are rows of `setting` (`Snapshot.storefrontKey`).
        migrator.registerMigration(accountFactsMigration) { db in
            try db.alter(table: "transactionRecord") { t in
                t.add(column: "deviceName", .text)
            }
            try db.alter(table: "serverNotification") { t in
                t.add(column: "sender", .text)
                t.add(column: "renewalMoment", .text)
            }
        }
        // Why the App Store refused an offer code (a Log event of its own).
        migrator.registerMigration(codeRefusalMigration) { db in
            try db.alter(table: "purchaseEvent") { t in
                t.add(column: "codeRefusal", .text)
            }
        }
        // Fidelity round 3 (issue 55): the app's token booked with a plan change for the next renewal,
        // and whether a booked offer waits for a running one (1) or starts at the next renewal (NULL).
        migrator.registerMigration(renewalFidelityMigration) { db in
            try db.alter(table: "renewal") { t in
                t.add(column: "appAccountToken", .text)
                t.add(column: "offerWaitsForRunningOffer", .integer)
            }
        }
        // A refund's or revocation's type and percentage (issue 55, item 14), on transactions and on
        // the transaction a notification keeps.
        migrator.registerMigration(revocationTypeMigration) { db in
            try db.alter(table: "transactionRecord") { t in
                t.add(column: "revocationType", .text)
                t.add(column: "revocationPercentage", .integer)
            }
            try db.alter(table: "serverNotification") { t in
                t.add(column: "momentRevocationType", .text)
                t.add(column: "momentRevocationPercentage", .integer)
            }
        }
        return migrator
    }()

    static let billingRetryMigration = "v8-billing-retry-end"
    static let priceConsentMigration = "v9-price-consent-rule"
    static let reviewMigration = "v10-review-requests"
    static let consumableUseMigration = "v5-consumable-use-renewal-offers"
    static let purchaseHelpMigration = "v6-refunds-feedback"
    static let offerCodeMigration = "v7-offer-code-redemptions"
    static let appAccountTokenMigration = "v11-app-account-token"
    static let storefrontChangeMigration = "v12-storefront-changes"
    static let requestTokenMigration = "v13-request-app-account-token"
    static let transactionReasonMigration = "v14-transaction-reason"
    static let serverNotificationMigration = "v15-server-notifications"
    static let devicesMigration = "v16-devices"
    static let promotionMigration = "v17-promotions"
    static let notificationMomentMigration = "v18-notification-moments"
    static let billingPlanMigration = "v19-billing-plans"
    static let monthlyPlanOfferMigration = "v20-monthly-plan-offers"
    static let accountFactsMigration = "v21-account-facts"
    static let codeRefusalMigration = "v22-code-refusals"
    static let renewalFidelityMigration = "v23-renewal-token-offer-wait"
    static let revocationTypeMigration = "v24-revocation-types"

    // MARK: writing

    /// Writes what changed since the last save or the opening, in one SQLite transaction: the rows of
    /// `store.unsavedChanges` and the settings that differ. When it returns, the state is on disk (mark
    /// the store saved); when it throws, nothing of this save is. With nothing changed it writes nothing.
    /// Once the file is found deleted, replaced or written by another program, every save of something
    /// the person did throws; nothing new, or only the clock moving, returns quietly, so the app keeps
    /// working (a sheet opens, a key moves) and only what would change the ledger is refused.
    public func save(_ store: AppStore) throws(Failure) {
        let settings = Snapshot.settings(of: store)
        let changedSettings = settings.filter { savedSettings[$0.key] != $0.value }
        var changes = store.unsavedChanges
        // What the store says may have changed among its settings is what differs from the rows.
        changes.settings = false
        let accountChanged = !changes.isEmpty || changedSettings.keys.contains { $0 != Snapshot.nowKey }
        guard accountChanged || !changedSettings.isEmpty else { return }
        if stopped == nil, let problem = FileCheck.problem(path, expected: identity) {
            stopped = .lost(path: path, detail: problem)
        }
        if let stopped {
            // Time passing is not a change the person made: with the file lost it is simply not kept,
            // and the person hears of it with the first change of their own.
            guard !accountChanged else { throw stopped }
            return
        }
        let (expectedVersion, expectedGeneration) = (dataVersion, generation)
        var written = generation
        do {
            try Self.write(database, path: path) { db in
                let generation = try Int32.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                guard try Int.fetchOne(db, sql: "PRAGMA data_version") == expectedVersion else {
                    // Someone committed since this storefront last read: a device of the account moves
                    // the generation; another program does not.
                    guard generation != expectedGeneration else {
                        throw Failure.lost(path: path, detail: "another program wrote to it since storefront opened it")
                    }
                    throw Failure.otherDeviceWrote(path: path)
                }
                try Snapshot.write(db, changes, of: store, settings: changedSettings)
                written = try Self.bumpGeneration(db, accountChanged: accountChanged)
            }
        } catch .otherDeviceWrote(let path) {
            throw .otherDeviceWrote(path: path)
        } catch .lost(let path, let detail) {
            stopped = .lost(path: path, detail: detail)
            throw .lost(path: path, detail: detail)
        }
        generation = written
        savedSettings = settings
    }

    /// What another device of the account saved since this storefront last read or wrote the ledger:
    /// nothing (that costs one `PRAGMA data_version`, and is all there is after saving stopped); only
    /// the clock (a device saved its clock, or opened the ledger: one row is read); or the account as
    /// the ledger holds it. What is this device's stays `current`'s: its name, verification id and
    /// server courier; the account's storefront and environment are the ledger's. The clock is the
    /// account's, but moves only forward, so a device whose clock ran ahead since its last save brings
    /// the account's up to it (renewing what falls due on the way, saved with its next change).
    /// Another program's write stops saving, as a save would find it.
    public func refreshed(_ current: AppStore) throws(Failure) -> AccountChange {
        guard stopped == nil else { return .none }
        let version: Int
        do {
            version = try database.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
        } catch {
            throw .unreadable(path: path, detail: "\(error)")
        }
        guard version != dataVersion else { return .none }
        if let problem = FileCheck.problem(path, expected: identity) {
            stopped = .lost(path: path, detail: problem)
            return .none
        }
        let known = generation
        let found: (version: Int, generation: Int32, clock: String?, snapshot: Snapshot?) = try Self.failures(path) {
            try database.read { db in
                // Reading the header first takes SQLite's shared lock: no commit can come between.
                let generation = try Int32.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                let version = try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
                guard generation != known, Self.revision(generation) != Self.revision(known) else {
                    let clock = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE name = ?", arguments: [Snapshot.nowKey])
                    return (version, generation, clock, nil)
                }
                return (version, generation, nil, try Self.snapshot(db, path: path))
            }
        }
        guard found.generation != known else {
            stopped = .lost(path: path, detail: "another program wrote to it since storefront opened it")
            return .none
        }
        (dataVersion, generation) = (found.version, found.generation)
        guard let read = found.snapshot else {
            // The clock alone moved: it is taken in where it is later than this device's.
            guard let text = found.clock, let seconds = Double(text), RowReader.seconds.contains(seconds) else { return .none }
            savedSettings[Snapshot.nowKey] = text
            let clock = Date(timeIntervalSince1970: seconds)
            return clock > current.now ? .clock(clock) : .none
        }
        savedSettings = read.settings
        // Only devices opened it since (no account saved yet): nothing to take in.
        guard var fresh = try read.store(catalog: current.catalog, territory: current.territory, path: path) else { return .none }
        fresh.deviceName = current.deviceName
        fresh.deviceVerificationID = current.deviceVerificationID
        fresh.account = current.account
        fresh.notifyingServer = current.notifyingServer
        if current.now > fresh.now { fresh.advance(to: current.now) }
        return .account(fresh)
    }

    /// Rows inserted, changed or deleted through this ledger's connection since it opened (SQLite's
    /// `total_changes()`), for the tests that check a save writes only what changed.
    func rowsWritten() throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT total_changes()") ?? 0 }
    }

    /// The number of transactions on disk and SQLite's own check, for tests and `--state` diagnostics.
    public func check() throws -> (transactions: Int, integrity: String) {
        try database.read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM transactionRecord") ?? 0,
             try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "")
        }
    }
}

/// The runtime's view of the ledger: a save's outcome and another device's change as values.
extension Ledger: AccountStorage {
    public func write(_ store: AppStore) -> SaveResult {
        do {
            try save(store)
            return .saved
        } catch .otherDeviceWrote {
            return .otherDeviceSavedFirst
        } catch {
            return .failed(error.description)
        }
    }

    public func change(since store: AppStore) -> AccountChange {
        do { return try refreshed(store) } catch { return .failed(error.description) }
    }
}
