import Foundation
import StoreModel

/// The transaction inspector (after Xcode's Transaction Manager): the ledger as a table, newest first,
/// and one transaction in full. QA approves, declines, resolves, refunds, revokes and deletes from here.
enum TransactionsScreen {
    /// The ledger, newest first.
    static func rows(_ state: AppState) -> Rows { Rows(transactions: state.store.transactions) }

    /// The ledger as the table lists it, newest first, read a row at a time: a key costs the rows on
    /// screen and a binary search, never a walk of the ledger.
    struct Rows {
        /// Oldest first, in id order, as the model keeps them (ids count up; a loaded ledger is sorted).
        let transactions: [Transaction]

        var count: Int { transactions.count }
        var isEmpty: Bool { transactions.isEmpty }
        var first: Transaction? { transactions.last }

        subscript(row: Int) -> Transaction {
            WorkMeter.count(.ledgerRow)
            return transactions[transactions.count - 1 - row]
        }

        /// The row of a transaction, by binary search on its id; nil if it is not in the ledger.
        func row(of id: UInt64?) -> Int? {
            guard let id else { return nil }
            WorkMeter.count(.ledgerSearch)
            var low = 0, high = transactions.count
            while low < high {
                let middle = (low + high) / 2
                WorkMeter.count(.ledgerProbe)
                if transactions[middle].id < id { low = middle + 1 } else { high = middle }
            }
            guard low < transactions.count, transactions[low].id == id else { return nil }
            return transactions.count - 1 - low
        }
    }

    /// Table rows that fit below the clock line and the column titles.
    static func visibleRows(_ state: AppState) -> Int { max(0, Chrome.body(state).height - 3) }

    /// A column: title, width, and the cell of a transaction. Columns drop from the right when narrow.
    struct Column {
        /// Where it stands in the table, left to right.
        var position: Int
        var title: String
        var width: Int
        var cell: (Transaction) -> String
    }

    static func columns(_ state: AppState, width: Int) -> [Column] {
        let qa = state.strings.qa
        let titles = qa.columns
        let idWidth = max(5, String(state.store.nextTransactionID).count + 1)
        func day(_ date: Date?) -> String { date.map(state.date) ?? "—" }
        let dateWidth = TextWidth.of(state.date(Date(timeIntervalSince1970: 1_790_000_000))) + 1
        // In order of importance; the product column takes what the others leave.
        let all: [Column] = [
            Column(position: 0, title: titles.id, width: idWidth) { String($0.id) },
            Column(position: 4, title: titles.state, width: 12) { qa.stateName($0) },
            Column(position: 5, title: titles.purchased, width: dateWidth) { day($0.purchaseDate) },
            Column(position: 6, title: titles.expires, width: dateWidth) { day($0.expirationDate) },
            Column(position: 1, title: titles.original, width: idWidth) { $0.originalID == $0.id ? "" : String($0.originalID) },
            Column(position: 3, title: titles.type, width: 15) { qa.productType($0.productType) },
            Column(position: 7, title: titles.offer, width: 13) { $0.offerKind.map { "\($0)" } ?? "" },
            Column(position: 8, title: titles.ownership, width: 8) { $0.ownership == .familyShared ? "family" : "own" },
            Column(position: 9, title: titles.revoked, width: dateWidth) { $0.revocationDate.map(state.date) ?? "" },
        ]
        let productMinimum = 14
        var chosen: [Column] = []
        var used = productMinimum
        for column in all where used + column.width <= width {
            chosen.append(column)
            used += column.width
        }
        let product = Column(position: 2, title: titles.product, width: width - used + productMinimum) { transaction in
            state.store.catalog.product(transaction.productID).map(state.name) ?? transaction.productID
        }
        return (chosen + [product]).sorted { $0.position < $1.position }
    }

    static func draw(_ grid: inout Grid, _ state: AppState) {
        let body = Chrome.body(state)
        let area = body.insetHorizontally(1)
        guard area.height > 0 else { return }
        grid.put(ScenarioScreen.clockLine(state, width: area.width), row: body.row, column: area.column, role: .accent)
        let rows = rows(state)
        guard !rows.isEmpty else {
            if area.height > 2 {
                grid.putWrapped(state.strings.qa.noTransactions, row: body.row + 2, column: area.column,
                                width: area.width, maxRows: area.height - 2, role: .dim)
            }
            return
        }
        guard area.height > 2 else { return }
        let columns = columns(state, width: area.width)
        func line(_ cells: [String]) -> String {
            zip(columns, cells).map { TextWidth.pad($0.1, to: $0.0.width - 1) + " " }.joined()
        }
        grid.put(line(columns.map(\.title)), row: body.row + 1, column: area.column, role: .section, width: area.width)
        let visible = visibleRows(state)
        let index = rows.row(of: state.inspectorSelection) ?? 0
        let first = min(max(0, index - visible + 1), max(0, rows.count - visible))
        for offset in 0..<max(0, min(visible, rows.count - first)) {
            let transaction = rows[first + offset]
            let y = body.row + 2 + offset
            let selected = first + offset == index
            let role: Role = selected ? .selected : role(of: transaction)
            if selected { grid.fill(row: y, column: area.column, width: area.width, height: 1, role: .selected) }
            grid.put(line(columns.map { $0.cell(transaction) }), row: y, column: area.column, role: role, width: area.width)
        }
        if rows.count > visible {
            let position = "\(index + 1)/\(rows.count)"
            grid.putRight(position, row: body.row, in: area, role: .dim)
        }
    }

    static func role(of transaction: Transaction) -> Role {
        switch transaction.state {
        case .purchased, .restored: .normal
        case .deferred, .interrupted, .purchasing: .warning
        case .failed, .revoked: .dim
        }
    }

    /// One transaction, every field.
    static func drawDetail(_ grid: inout Grid, _ state: AppState, id: UInt64) {
        let body = Chrome.body(state)
        let area = body.insetHorizontally(2)
        guard let transaction = state.store.transaction(id), area.height > 0 else { return }
        let fields = fields(transaction, state)
        let labelWidth = fields.map { TextWidth.of($0.0) }.max()! + 2
        let offset = min(state.detailOffset, maxDetailOffset(state, id: id))
        for (row, field) in fields.dropFirst(offset).prefix(area.height).enumerated() {
            let y = body.row + row
            grid.put(TextWidth.pad(field.0, to: labelWidth), row: y, column: area.column, role: .dim)
            grid.put(TextWidth.truncate(field.1, to: area.width - labelWidth), row: y, column: area.column + labelWidth,
                     role: .normal, width: area.width - labelWidth)
        }
        // More above or below: ↑↓ scroll.
        if offset > 0 { grid.put("▲", row: body.row, column: body.column + body.width - 1, role: .dim) }
        if offset < maxDetailOffset(state, id: id) {
            grid.put("▼", row: body.row + body.height - 1, column: body.column + body.width - 1, role: .dim)
        }
    }

    /// How far the fields can scroll: zero when they all fit.
    static func maxDetailOffset(_ state: AppState, id: UInt64) -> Int {
        guard let transaction = state.store.transaction(id) else { return 0 }
        return max(0, fields(transaction, state).count - Chrome.body(state).height)
    }

    /// StoreKit's Transaction fields, in its words, plus the renewal state for a subscription.
    static func fields(_ t: Transaction, _ state: AppState) -> [(String, String)] {
        let qa = state.strings.qa
        let product = state.store.catalog.product(t.productID)
        var fields: [(String, String)] = [
            ("id", String(t.id)),
            ("originalID", String(t.originalID)),
            ("productID", t.productID + (product.map { " (\(state.name($0)))" } ?? "")),
            ("productType", qa.productType(t.productType)),
            ("state", qa.stateName(t)),
            ("purchaseDate", state.dateTime(t.purchaseDate)),
            ("originalPurchaseDate", state.dateTime(t.originalPurchaseDate)),
            ("expirationDate", t.expirationDate.map(state.dateTime) ?? "—"),
            ("purchasedQuantity", String(t.quantity)),
            ("price", state.prices.string(t.price * Decimal(t.quantity), currency: t.currency)),
            ("storefront", t.storefront),
            ("ownershipType", t.ownership == .familyShared ? "familyShared" : "purchased"),
            ("offer", t.offerKind.map { "\($0)" + (t.offerID.map { " \($0)" } ?? "") } ?? "—"),
            ("isUpgraded", t.isUpgraded ? "true" : "false"),
            ("revocationDate", t.revocationDate.map(state.dateTime) ?? "—"),
            ("revocationReason", t.revocationReason.map { "\($0)" } ?? "—"),
        ]
        if let failure = t.failure { fields.append(("error", "\(failure.settingName): \(state.strings.failure(failure))")) }
        if let groupID = product?.subscription?.groupID, let status = state.store.status(ofGroup: groupID),
           status.transaction.originalID == t.originalID {
            var renewal = Strings.QAStrings.renewalState(status.state)
            if let info = status.renewal {
                let next = state.store.catalog.product(info.autoRenewProductID).map(state.name) ?? info.autoRenewProductID
                renewal += info.willAutoRenew ? ", renews into \(next)" : ", auto-renew off"
                if let grace = info.gracePeriodExpiration { renewal += ", grace until \(state.dateTime(grace))" }
            }
            fields.append(("subscription", renewal))
        }
        return fields
    }
}
