import Foundation
import GRDB
import StoreModel

/// The saved part of an AppStore, as rows: what `Ledger.save` compares to write only the difference.
struct Snapshot: Equatable {
    var transactions: [UInt64: Transaction] = [:]
    var renewals: [String: AppStore.RenewalInfo] = [:]
    /// Scenario settings by their `ScenarioSetting` names, plus the clock and the next transaction id.
    var settings: [String: String] = [:]

    static let nowKey = "now"
    static let nextIDKey = "next-transaction-id"

    init() {}

    init(_ store: AppStore) {
        transactions = Dictionary(uniqueKeysWithValues: store.transactions.map { ($0.id, $0) })
        renewals = store.renewals
        for setting in ScenarioSetting.current(store) { settings[setting.name] = setting.value }
        settings[Self.nowKey] = String(store.now.timeIntervalSince1970)
        settings[Self.nextIDKey] = String(store.nextTransactionID)
    }

    static func read(_ db: Database) throws -> Snapshot {
        var snapshot = Snapshot()
        for row in try Row.fetchAll(db, sql: "SELECT * FROM transactionRecord") {
            let transaction = try TransactionRow.transaction(from: row)
            snapshot.transactions[transaction.id] = transaction
        }
        for row in try Row.fetchAll(db, sql: "SELECT * FROM renewal") {
            snapshot.renewals[row["groupID"]] = AppStore.RenewalInfo(
                willAutoRenew: row["willAutoRenew"], autoRenewProductID: row["autoRenewProductID"],
                billingIssueSince: (row["billingIssueSince"] as Double?).map(Date.init(timeIntervalSince1970:)),
                gracePeriodExpiration: (row["gracePeriodExpiration"] as Double?).map(Date.init(timeIntervalSince1970:)))
        }
        for row in try Row.fetchAll(db, sql: "SELECT name, value FROM setting") {
            snapshot.settings[row["name"]] = row["value"]
        }
        return snapshot
    }

    /// Writes the rows that differ from `previous`, and deletes the ones that are gone.
    func write(_ db: Database, over previous: Snapshot) throws {
        for (id, transaction) in transactions where previous.transactions[id] != transaction {
            try db.execute(sql: "INSERT OR REPLACE INTO transactionRecord (\(TransactionRow.columns.joined(separator: ", "))) VALUES (\(TransactionRow.columns.map { _ in "?" }.joined(separator: ", ")))",
                           arguments: TransactionRow.arguments(transaction))
        }
        for id in previous.transactions.keys where transactions[id] == nil {
            try db.execute(sql: "DELETE FROM transactionRecord WHERE id = ?", arguments: [Int64(id)])
        }
        for (group, renewal) in renewals where previous.renewals[group] != renewal {
            try db.execute(
                sql: "INSERT OR REPLACE INTO renewal (groupID, willAutoRenew, autoRenewProductID, billingIssueSince, gracePeriodExpiration) VALUES (?, ?, ?, ?, ?)",
                arguments: [group, renewal.willAutoRenew, renewal.autoRenewProductID,
                            renewal.billingIssueSince?.timeIntervalSince1970, renewal.gracePeriodExpiration?.timeIntervalSince1970])
        }
        for group in previous.renewals.keys where renewals[group] == nil {
            try db.execute(sql: "DELETE FROM renewal WHERE groupID = ?", arguments: [group])
        }
        for (name, value) in settings where previous.settings[name] != value {
            try db.execute(sql: "INSERT OR REPLACE INTO setting (name, value) VALUES (?, ?)", arguments: [name, value])
        }
    }
}

/// A transaction as a row of `transactionRecord`. Dates are seconds since 1970 (exact for the simulated
/// clock's whole seconds), prices decimal text (exact), enums their raw values.
enum TransactionRow {
    static let columns = ["id", "originalID", "productID", "productType", "purchaseDate", "originalPurchaseDate",
                          "expirationDate", "quantity", "ownership", "offerKind", "offerID", "revocationDate",
                          "revocationReason", "isUpgraded", "storefront", "state", "failure", "price", "currency"]

    static func arguments(_ t: Transaction) -> StatementArguments {
        [Int64(t.id), Int64(t.originalID), t.productID, t.productType.rawValue, t.purchaseDate.timeIntervalSince1970,
         t.originalPurchaseDate.timeIntervalSince1970, t.expirationDate?.timeIntervalSince1970, t.quantity,
         t.ownership.rawValue, t.offerKind?.rawValue, t.offerID, t.revocationDate?.timeIntervalSince1970,
         t.revocationReason?.rawValue, t.isUpgraded, t.storefront, t.state.rawValue, t.failure?.rawValue,
         "\(t.price)", t.currency]
    }

    struct BadValue: Error, CustomStringConvertible {
        var description: String
    }

    static func transaction(from row: Row) throws -> Transaction {
        let id: Int64 = row["id"]
        func value<T: RawRepresentable>(_ column: String, _: T.Type) throws -> T where T.RawValue == String {
            let text: String = row[column]
            guard let value = T(rawValue: text) else {
                throw BadValue(description: "transaction \(id): \(column) \"\(text)\" is not known to this storefront")
            }
            return value
        }
        func optional<T: RawRepresentable>(_ column: String, _ type: T.Type) throws -> T? where T.RawValue == String {
            (row[column] as String?) == nil ? nil : try value(column, type)
        }
        func date(_ column: String) -> Date? { (row[column] as Double?).map(Date.init(timeIntervalSince1970:)) }
        let priceText: String = row["price"]
        guard let price = Decimal(string: priceText, locale: Locale(identifier: "en_US_POSIX")) else {
            throw BadValue(description: "transaction \(id): price \"\(priceText)\" is not a number")
        }
        return Transaction(
            id: UInt64(id), originalID: UInt64(row["originalID"] as Int64), productID: row["productID"],
            productType: try value("productType", ProductType.self), purchaseDate: date("purchaseDate")!,
            originalPurchaseDate: date("originalPurchaseDate")!, expirationDate: date("expirationDate"),
            quantity: row["quantity"], ownership: try value("ownership", Transaction.Ownership.self),
            offerKind: try optional("offerKind", SubscriptionOffer.Kind.self), offerID: row["offerID"],
            revocationDate: date("revocationDate"),
            revocationReason: try optional("revocationReason", Transaction.RevocationReason.self),
            isUpgraded: row["isUpgraded"], storefront: row["storefront"], state: try value("state", Transaction.State.self),
            failure: try optional("failure", PurchaseError.self), price: price, currency: row["currency"])
    }
}
