import Foundation
import GRDB
import StoreModel

/// The saved part of an AppStore, as rows: what opening a ledger reads, and how a save writes rows.
struct Snapshot {
    var transactions: [UInt64: Transaction] = [:]
    var renewals: [String: AppStore.RenewalInfo] = [:]
    /// Free items opened, by month (the metered paywall's count).
    var freeReads: [FreeReads.Read] = []
    /// Scenario settings by their `ScenarioSetting` names, plus the clock and the next transaction id.
    var settings: [String: String] = [:]

    static let nowKey = "now"
    static let nextIDKey = "next-transaction-id"
    /// "1" once onboarding was shown to this ledger's account.
    static let onboardingKey = "onboarding-shown"

    init() {}

    /// The settings rows of a store: its scenario switches, the clock and the next transaction id.
    static func settings(of store: AppStore) -> [String: String] {
        var settings: [String: String] = [:]
        for setting in ScenarioSetting.current(store) { settings[setting.name] = setting.value }
        settings[nowKey] = String(store.now.timeIntervalSince1970)
        settings[nextIDKey] = String(store.nextTransactionID)
        if store.onboardingShown { settings[onboardingKey] = "1" }
        return settings
    }

    /// Every row, checked: a hand-edited value this storefront cannot use throws `BadRow` naming the
    /// table, the row and the column, never a crash.
    static func read(_ db: Database, schema applied: Set<String>) throws -> Snapshot {
        var snapshot = Snapshot()
        for row in try Row.fetchAll(db, sql: "SELECT rowid AS \"rowid\", * FROM transactionRecord ORDER BY rowid") {
            let transaction = try TransactionRow.transaction(from: row)
            snapshot.transactions[transaction.id] = transaction
        }
        for row in try Row.fetchAll(db, sql: "SELECT rowid AS \"rowid\", * FROM renewal") {
            let cells = RowReader(table: "renewal", key: "groupID", row: row)
            snapshot.renewals[try cells.text("groupID")] = AppStore.RenewalInfo(
                willAutoRenew: try cells.bool("willAutoRenew"), autoRenewProductID: try cells.text("autoRenewProductID"),
                billingIssueSince: try cells.optionalDate("billingIssueSince"),
                gracePeriodExpiration: try cells.optionalDate("gracePeriodExpiration"))
        }
        for row in try Row.fetchAll(db, sql: "SELECT rowid AS \"rowid\", name, value FROM setting") {
            let cells = RowReader(table: "setting", key: "name", row: row)
            snapshot.settings[try cells.text("name")] = try cells.text("value")
        }
        // A ledger from before the free area has no reads yet (it is migrated when opened for writing).
        guard applied.contains("v2-free-reads") else {
            if snapshot.settings[nowKey] != nil { snapshot.settings[onboardingKey] = "1" }
            return snapshot
        }
        for row in try Row.fetchAll(db, sql: "SELECT rowid AS \"rowid\", month, itemID, readAt FROM freeRead ORDER BY readAt, rowid") {
            let cells = RowReader(table: "freeRead", key: "itemID", row: row)
            let monthText = try cells.text("month")
            guard let month = Month(monthText) else {
                throw cells.bad("month", "is \(UntrustedText.quoted(monthText)), not a month like 2026-11")
            }
            let date = try cells.date("readAt")
            guard Month(containing: date) == month else {
                throw cells.bad("readAt", "is \(date.formatted(.iso8601)), not in the month \(month)")
            }
            snapshot.freeReads.append(FreeReads.Read(month: month, itemID: try cells.text("itemID"), date: date))
        }
        return snapshot
    }

    /// The account these rows describe, on `catalog`; nil when nothing was ever saved (no clock).
    func store(catalog: Catalog, territory: Territory, path: String) throws(Ledger.Failure) -> AppStore? {
        guard let clock = settings[Self.nowKey] else {
            // Nothing was ever saved, or the clock's row was removed by hand: only the first is new.
            guard transactions.isEmpty, renewals.isEmpty, freeReads.isEmpty else {
                throw .badRow(path: path, detail: "table setting: the clock's row \"\(Self.nowKey)\" is missing, but the ledger holds purchases")
            }
            return nil
        }
        guard let seconds = Double(clock), RowReader.seconds.contains(seconds) else {
            throw .badRow(path: path, detail: "table setting, row \"\(Self.nowKey)\": the clock \(UntrustedText.quoted(clock)) is not a time in the years 1 to 9999")
        }
        var nextID: UInt64 = 1
        if let text = settings[Self.nextIDKey] {
            guard let value = UInt64(text), (1...UInt64(RowReader.maximumID) + 1).contains(value) else {
                throw .badRow(path: path, detail: "table setting, row \"\(Self.nextIDKey)\": \(UntrustedText.quoted(text)) is not a transaction id from 1 to \(RowReader.maximumID + 1)")
            }
            nextID = value
        }
        var store: AppStore
        do {
            store = try AppStore(
                catalog: catalog, territory: territory, now: Date(timeIntervalSince1970: seconds), gate: .allowed,
                scenario: .init(), transactions: transactions.values.sorted { $0.id < $1.id }, renewals: renewals,
                nextTransactionID: nextID)
        } catch {
            throw .mismatch(path: path, detail: error.detail)
        }
        for name in ScenarioSetting.names {
            guard let value = settings[name] else { continue }
            do {
                store.apply(try ScenarioSetting(saved: name, value: value))
            } catch {
                throw .badRow(path: path, detail: "table setting, row \(UntrustedText.quoted(name)): \(error.message)")
            }
        }
        for read in freeReads { store.restoreFreeRead(read) }
        if let shown = settings[Self.onboardingKey] {
            guard shown == "1" else {
                throw .badRow(path: path, detail: "table setting, row \"\(Self.onboardingKey)\": \(UntrustedText.quoted(shown)) is not 1")
            }
            store.markOnboardingShown()
        }
        store.markSaved()
        return store
    }

    /// Writes the rows a store changed since it was last saved: each changed transaction or renewal
    /// state the store still has is written, each it no longer has is deleted (all of them first, after
    /// `clearAll`); then the given settings.
    static func write(_ db: Database, _ changes: AppStore.UnsavedChanges, of store: AppStore,
                      settings: [String: String]) throws {
        if changes.cleared {
            try db.execute(sql: "DELETE FROM transactionRecord")
            try db.execute(sql: "DELETE FROM renewal")
            try db.execute(sql: "DELETE FROM freeRead")
        }
        for key in changes.freeReads.sorted(by: { ($0.month, $0.itemID) < ($1.month, $1.itemID) }) {
            guard let read = store.freeReads.read(key) else { continue }
            try db.cachedStatement(sql: "INSERT OR REPLACE INTO freeRead (month, itemID, readAt) VALUES (?, ?, ?)")
                .execute(arguments: [read.month.description, read.itemID, read.date.timeIntervalSince1970])
        }
        let writeTransaction = try db.cachedStatement(sql: "INSERT OR REPLACE INTO transactionRecord (\(TransactionRow.columns.joined(separator: ", "))) VALUES (\(TransactionRow.columns.map { _ in "?" }.joined(separator: ", ")))")
        let deleteTransaction = try db.cachedStatement(sql: "DELETE FROM transactionRecord WHERE id = ?")
        for id in changes.transactionIDs.sorted() {
            if let transaction = store.transaction(id) {
                try writeTransaction.execute(arguments: try TransactionRow.arguments(transaction))
            } else {
                try deleteTransaction.execute(arguments: [Int64(exactly: id)])
            }
        }
        for group in changes.renewalGroups.sorted() {
            if let renewal = store.renewals[group] {
                try db.cachedStatement(sql: "INSERT OR REPLACE INTO renewal (groupID, willAutoRenew, autoRenewProductID, billingIssueSince, gracePeriodExpiration) VALUES (?, ?, ?, ?, ?)")
                    .execute(arguments: [group, renewal.willAutoRenew, renewal.autoRenewProductID,
                                         renewal.billingIssueSince?.timeIntervalSince1970,
                                         renewal.gracePeriodExpiration?.timeIntervalSince1970])
            } else {
                try db.cachedStatement(sql: "DELETE FROM renewal WHERE groupID = ?").execute(arguments: [group])
            }
        }
        for (name, value) in settings.sorted(by: { $0.key < $1.key }) {
            try db.cachedStatement(sql: "INSERT OR REPLACE INTO setting (name, value) VALUES (?, ?)")
                .execute(arguments: [name, value])
        }
    }
}

/// A transaction as a row of `transactionRecord`. Dates are seconds since 1970 (exact for the simulated
/// clock's whole seconds), prices decimal text (exact), enums their raw values.
enum TransactionRow {
    static let columns = ["id", "originalID", "productID", "productType", "purchaseDate", "originalPurchaseDate",
                          "expirationDate", "quantity", "ownership", "offerKind", "offerID", "revocationDate",
                          "revocationReason", "isUpgraded", "storefront", "state", "failure", "price", "currency"]

    /// The row's values. An id past `maximumID` is refused, so the ledger never holds one it cannot read back.
    static func arguments(_ t: Transaction) throws -> StatementArguments {
        guard t.id <= UInt64(RowReader.maximumID), t.originalID <= UInt64(RowReader.maximumID) else {
            throw BadRow(description: "transaction ids have run out (the largest is \(RowReader.maximumID))")
        }
        let id = Int64(t.id), originalID = Int64(t.originalID)
        return [id, originalID, t.productID, t.productType.rawValue, t.purchaseDate.timeIntervalSince1970,
                t.originalPurchaseDate.timeIntervalSince1970, t.expirationDate?.timeIntervalSince1970, t.quantity,
                t.ownership.rawValue, t.offerKind?.rawValue, t.offerID, t.revocationDate?.timeIntervalSince1970,
                t.revocationReason?.rawValue, t.isUpgraded, t.storefront, t.state.rawValue, t.failure?.rawValue,
                "\(t.price)", t.currency]
    }

    static func transaction(from row: Row) throws -> Transaction {
        let cells = RowReader(table: "transactionRecord", key: "id", row: row)
        let priceText = try cells.text("price")
        guard priceText.count <= 40, priceText.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              let price = Decimal(string: priceText, locale: Locale(identifier: "en_US_POSIX")) else {
            throw cells.bad("price", "is \(UntrustedText.quoted(priceText)), not a price like 4.99")
        }
        return Transaction(
            id: UInt64(try cells.integer("id", 1...RowReader.maximumID)),
            originalID: UInt64(try cells.integer("originalID", 1...RowReader.maximumID)),
            productID: try cells.text("productID"), productType: try cells.known("productType", ProductType.self),
            purchaseDate: try cells.date("purchaseDate"), originalPurchaseDate: try cells.date("originalPurchaseDate"),
            expirationDate: try cells.optionalDate("expirationDate"), quantity: Int(try cells.integer("quantity", 1...99)),
            ownership: try cells.known("ownership", Transaction.Ownership.self),
            offerKind: try cells.optionalKnown("offerKind", SubscriptionOffer.Kind.self),
            offerID: try cells.optionalText("offerID"), revocationDate: try cells.optionalDate("revocationDate"),
            revocationReason: try cells.optionalKnown("revocationReason", Transaction.RevocationReason.self),
            isUpgraded: try cells.bool("isUpgraded"), storefront: try cells.text("storefront"),
            state: try cells.known("state", Transaction.State.self),
            failure: try cells.optionalKnown("failure", PurchaseError.self), price: price,
            currency: try cells.text("currency"))
    }
}

/// A value in the ledger this storefront cannot use, named by table, row and column.
struct BadRow: Error, CustomStringConvertible {
    var description: String
}

/// One row read strictly: each column must hold the type the schema means, within range. SQLite keeps
/// whatever a hand edit puts in a column (text in a date, NULL in a key), so nothing is assumed.
struct RowReader {
    let row: Row
    /// How messages name the row: "table renewal, row groupID \"trailhead.plus\"".
    let name: String

    /// Transaction ids go up to 2^53 (exact as a double, far past any test), so the next id always fits.
    static let maximumID: Int64 = 1 << 53
    /// Dates are seconds since 1970, from the year 1 to the year 9999.
    static let seconds: ClosedRange<Double> = -62_135_596_800...253_402_300_799

    init(table: String, key: String, row: Row) {
        self.row = row
        let keyValue = Self.value(key, in: row)
        switch keyValue.storage {
        case .string(let text): name = "table \(table), row \(key) \(UntrustedText.quoted(text))"
        case .int64(let number): name = "table \(table), row \(key) \(number)"
        default: name = "table \(table), row with rowid \(Self.shown(Self.value("rowid", in: row)))"
        }
    }

    private static func value(_ column: String, in row: Row) -> DatabaseValue {
        (row[column] as (any DatabaseValueConvertible)?)?.databaseValue ?? .null
    }

    func value(_ column: String) -> DatabaseValue { Self.value(column, in: row) }

    func bad(_ column: String, _ problem: String) -> BadRow {
        BadRow(description: "\(name): \(column) \(problem)")
    }

    /// A value as a message shows it: text quoted and escaped, never raw.
    static func shown(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "empty (NULL)"
        case .int64(let number): "\(number)"
        case .double(let number): "\(number)"
        case .string(let text): UntrustedText.quoted(text)
        case .blob(let data): "a blob of \(data.count) bytes"
        }
    }

    func text(_ column: String) throws -> String {
        let value = value(column)
        guard case .string(let text) = value.storage else { throw bad(column, "is \(Self.shown(value)), not text") }
        if let scalar = UntrustedText.firstForbidden(in: text) {
            throw bad(column, "\(UntrustedText.quoted(text)) contains \(UntrustedText.describe(scalar))")
        }
        return text
    }

    func optionalText(_ column: String) throws -> String? {
        value(column).isNull ? nil : try text(column)
    }

    func integer(_ column: String, _ range: ClosedRange<Int64>) throws -> Int64 {
        let value = value(column)
        guard case .int64(let number) = value.storage else { throw bad(column, "is \(Self.shown(value)), not a whole number") }
        guard range.contains(number) else {
            throw bad(column, "is \(number), outside \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    func bool(_ column: String) throws -> Bool {
        let value = value(column)
        guard case .int64(let number) = value.storage, number == 0 || number == 1 else {
            throw bad(column, "is \(Self.shown(value)), not 0 or 1")
        }
        return number == 1
    }

    func date(_ column: String) throws -> Date {
        let value = value(column)
        let seconds: Double
        switch value.storage {
        case .double(let number): seconds = number
        case .int64(let number): seconds = Double(number)
        default: throw bad(column, "is \(Self.shown(value)), not a time (seconds since 1970)")
        }
        guard Self.seconds.contains(seconds) else { throw bad(column, "is \(Self.shown(value)), outside the years 1 to 9999") }
        return Date(timeIntervalSince1970: seconds)
    }

    func optionalDate(_ column: String) throws -> Date? {
        value(column).isNull ? nil : try date(column)
    }

    func known<T: RawRepresentable>(_ column: String, _: T.Type) throws -> T where T.RawValue == String {
        let text = try text(column)
        guard let known = T(rawValue: text) else {
            throw bad(column, "\(UntrustedText.quoted(text)) is not known to this storefront")
        }
        return known
    }

    func optionalKnown<T: RawRepresentable>(_ column: String, _ type: T.Type) throws -> T? where T.RawValue == String {
        value(column).isNull ? nil : try known(column, type)
    }
}
