import Foundation
import StoreModel

/// The transaction inspector (after Xcode's Transaction Manager): the ledger as a table, newest first,
/// and one transaction in full. QA approves, declines, resolves, refunds, revokes and deletes from here.
public enum TransactionsScreen {
    /// The table's own state: the selected transaction.
    public struct State: Sendable, Equatable {
        public var selection: UInt64?
        public init(selection: UInt64? = nil) { self.selection = selection }
    }

    /// Opens the inspector on the newest transaction: usually the one QA has just made.
    static func open(_ app: inout AppState) {
        app.open(.transactions(State(selection: rows(app).first?.id)))
    }

    // MARK: update

    static func update(_ action: Action, _ screen: inout State, _ app: inout AppState) {
        let rows = rows(app)
        guard !rows.isEmpty else { if action == .back { app.screens.removeLast() }; return }
        let index = rows.row(of: screen.selection) ?? 0
        if let moved = AppState.listMove(action, from: index, count: rows.count, page: visibleRows(app) - 1) {
            screen.selection = rows[moved].id
            return
        }
        switch action {
        case .select: app.open(.transaction(TransactionScreen.State(id: rows[index].id)))
        case .back: app.screens.removeLast()
        default:
            // The QA actions work on the selected row as they do on the transaction's own screen.
            var one = TransactionScreen.State(id: rows[index].id)
            TransactionScreen.perform(action, &one, &app, selection: &screen.selection)
        }
    }

    static func isAvailable(_ action: Action, _ screen: State, _ app: AppState) -> Bool {
        let rows = rows(app)
        let selected = rows.row(of: screen.selection).map { rows[$0] } ?? rows.first
        return TransactionScreen.isAvailable(action, on: selected)
    }

    // MARK: view

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

    static func draw(_ grid: inout Grid, _ state: AppState, _ screen: State) {
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
        let index = rows.row(of: screen.selection) ?? 0
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
}
