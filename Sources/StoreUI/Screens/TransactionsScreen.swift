import Foundation
import StoreModel
import TextSafety

/// The transaction inspector (after Xcode's Transaction Manager), in five areas (Tab moves between
/// the first four, D opens the fifth): the ledger's transactions as a table, newest first; the Requests waiting on someone (Ask to
/// Buy, interrupted purchases), with approve, decline and resolve; and the Log of what happened that is
/// not a transaction (failed and cancelled purchases, requests and their outcome, restores); the App
/// Store Server Notifications made, with how their delivery went; and the Device this app runs on, with
/// its deviceVerificationID. QA refunds, revokes and deletes transactions here, and Enter opens one in full.
public enum TransactionsScreen {
    /// `promoted`: the promoted products as this device's App Store page shows them (order and
    /// visibility overrides applied; PromotedPurchases.swift), hidden ones last and marked. Opened with
    /// o, and `device` with D, not Tab: Tab cycles the four tables.
    public enum Area: Int, Sendable, CaseIterable {
        case transactions, requests, log, notifications, device, promoted
        static let tabbed: [Area] = [.transactions, .requests, .log, .notifications]
    }

    /// The screen's own state: the area shown, and the selected row of each (an id).
    public struct State: Sendable, Equatable {
        public var area: Area = .transactions
        public var selection: UInt64?
        public var requestSelection: UInt64?
        public var logSelection: UInt64?
        public var notificationSelection: UInt64?
        public init(selection: UInt64? = nil, area: Area = .transactions) {
            self.selection = selection
            self.area = area
        }
    }

    /// Whether the screen on top shows how Server Notifications' deliveries went (the Notifications
    /// area): a script lets its deliveries catch up before it reads such a screen.
    public static func showsDeliveries(_ app: AppState) -> Bool {
        guard case .transactions(let screen)? = app.screens.last else { return false }
        return screen.area == .notifications
    }

    /// Opens the inspector on the newest transaction, usually the one QA has just made; or on the
    /// Requests when something waits on someone.
    static func open(_ app: inout AppState) {
        var state = State(selection: rows(app).first?.id)
        if let waiting = app.store.pendingRequests.first {
            state.area = .requests
            state.requestSelection = waiting.id
        }
        app.open(.transactions(state))
    }

    // MARK: update

    public static func update(_ action: Action, _ screen: inout State, _ app: inout AppState) {
        switch action {
        case .back: app.screens.removeLast(); return
        case .nextArea, .previousArea:
            // Tab cycles through the tables; the Device and Promoted areas are D's and o's, and Tab leaves them.
            let tables = Area.tabbed
            let index = tables.firstIndex(of: screen.area) ?? (action == .nextArea ? tables.count - 1 : 0)
            screen.area = tables[(index + (action == .nextArea ? 1 : tables.count - 1)) % tables.count]
            return
        case .promotedProducts:
            screen.area = .promoted
            return
        case .device: screen.area = .device; return
        default: break
        }
        switch screen.area {
        case .transactions: updateTransactions(action, &screen, &app)
        case .requests: updateRequests(action, &screen, &app)
        case .log: move(action, in: logRows(app), &screen.logSelection, app)
        case .notifications: move(action, in: notificationRows(app), &screen.notificationSelection, app)
        case .device, .promoted: return
        }
    }

    /// A list area's only actions: moving its selection.
    private static func move<Item>(_ action: Action, in rows: Rows<Item>, _ selection: inout UInt64?, _ app: AppState) {
        guard !rows.isEmpty else { return }
        let index = rows.row(of: selection) ?? 0
        if let moved = AppState.listMove(action, from: index, count: rows.count, page: visibleRows(app) - 1) {
            selection = rows[moved].id
        }
    }

    private static func updateTransactions(_ action: Action, _ screen: inout State, _ app: inout AppState) {
        let rows = rows(app)
        guard !rows.isEmpty else { return }
        let index = rows.row(of: screen.selection) ?? 0
        if let moved = AppState.listMove(action, from: index, count: rows.count, page: visibleRows(app) - 1) {
            screen.selection = rows[moved].id
            return
        }
        switch action {
        case .select: app.open(.transaction(TransactionScreen.State(id: rows[index].id)))
        default:
            // The QA actions work on the selected row as they do on the transaction's own screen.
            var one = TransactionScreen.State(id: rows[index].id)
            TransactionScreen.perform(action, &one, &app, selection: &screen.selection)
        }
    }

    private static func updateRequests(_ action: Action, _ screen: inout State, _ app: inout AppState) {
        let requests = app.store.pendingRequests
        guard !requests.isEmpty else { return }
        let index = requests.firstIndex { $0.id == screen.requestSelection } ?? 0
        if let moved = AppState.listMove(action, from: index, count: requests.count, page: visibleRows(app) - 1) {
            screen.requestSelection = requests[moved].id
            return
        }
        let qa = app.strings.qa
        let id = requests[index].id
        if requests[index].kind == .refundRequest {
            // Apple's decision on a refund request, made by QA: approval refunds by the one refund rule.
            switch action {
            case .approve:
                // What the refund takes back, asked before it is made (the one refund rule).
                let effect = app.store.event(id)?.transactionID.flatMap(app.store.refundEffect(of:))
                guard let refunded = app.store.approveRefund(id) else { return }
                app.notice = qa.refundApproved(id, refunded.id, effect.map(qa.refundTookBack) ?? qa.refundedAlready)
                screen.selection = refunded.id
            case .decline:
                app.store.declineRefund(id)
                app.notice = qa.refundDeclined(id)
            default: return
            }
            screen.logSelection = id
            let remaining = app.store.pendingRequests
            screen.requestSelection = remaining.isEmpty ? nil : remaining[min(index, remaining.count - 1)].id
            if remaining.isEmpty { screen.area = action == .approve ? .transactions : .log }
            return
        }
        let outcome: AppStore.PurchaseOutcome?
        switch action {
        case .approve: outcome = app.store.approve(id)
        case .resolve: outcome = app.store.resolveInterruption(id)
        case .decline:
            app.store.decline(id)
            app.notice = qa.declined(id)
            screen.logSelection = id
            outcome = nil
        default: return
        }
        switch outcome {
        case .purchased(let transaction)?:
            app.notice = action == .approve ? qa.approvedAs(id, transaction.id) : qa.resolvedAs(id, transaction.id)
            screen.selection = transaction.id
            screen.logSelection = id
        case .scheduled?: app.notice = action == .approve ? qa.approved(id) : qa.resolved(id)
        case .failed(let error)?: app.notice = qa.notCompleted(id, app.strings.failure(error))
        default: break
        }
        // The selection stays where the request was, on the next one waiting; with none left, the
        // inspector shows the transactions, on the one the request became.
        let remaining = app.store.pendingRequests
        screen.requestSelection = remaining.isEmpty ? nil : remaining[min(index, remaining.count - 1)].id
        if remaining.isEmpty {
            if case .purchased? = outcome { screen.area = .transactions } else { screen.area = .log }
        }
    }

    public static func isAvailable(_ action: Action, _ screen: State, _ app: AppState) -> Bool {
        switch action {
        case .nextArea, .previousArea, .back, .device, .promotedProducts: return true
        default: break
        }
        switch screen.area {
        case .transactions:
            let rows = rows(app)
            let selected = rows.row(of: screen.selection).map { rows[$0] } ?? rows.first
            return TransactionScreen.isAvailable(action, on: selected, app)
        case .requests:
            let requests = app.store.pendingRequests
            let selected = requests.first { $0.id == screen.requestSelection } ?? requests.first
            switch action {
            case .approve, .decline: return selected?.kind == .askToBuy || selected?.kind == .refundRequest
            case .resolve: return selected?.kind == .interrupted
            case .move, .up, .down, .pageUp, .pageDown, .top, .bottom: return selected != nil
            case .select, .refund, .revoke, .delete, .autoRenew, .markUndelivered, .expireNow, .renewNow: return false
            default: return true
            }
        case .log, .notifications:
            switch action {
            case .move, .up, .down, .pageUp, .pageDown, .top, .bottom:
                return screen.area == .log ? !app.store.events.isEmpty : !app.store.notifications.isEmpty
            case .select, .approve, .decline, .resolve, .refund, .revoke, .delete, .autoRenew, .markUndelivered, .expireNow, .renewNow: return false
            default: return true
            }
        case .device, .promoted:
            switch action {
            case .move, .up, .down, .pageUp, .pageDown, .top, .bottom, .select, .approve, .decline, .resolve, .refund, .revoke,
                 .delete, .autoRenew, .markUndelivered, .expireNow, .renewNow: return false
            default: return true
            }
        }
    }

    // MARK: view

    /// The ledger, newest first.
    static func rows(_ state: AppState) -> Rows<Transaction> { Rows(items: state.store.transactions) }

    /// The log, newest first.
    static func logRows(_ state: AppState) -> Rows<StoreEvent> { Rows(items: state.store.events) }

    /// The Server Notifications, newest first.
    static func notificationRows(_ state: AppState) -> Rows<ServerNotification> { Rows(items: state.store.notifications) }

    /// The Notifications' columns: id, type and subtype, when, the transaction, and how delivery went.
    static func notificationColumns(_ state: AppState, width: Int) -> [Column<ServerNotification>] {
        let qa = state.strings.qa
        let titles = qa.columns
        // Notifications are numbered on their own: a ledger of 5,000 purchases has 10,000 of them.
        let idWidth = idWidth(state, largest: state.store.notifications.last?.id ?? 0), dateWidth = dateWidth(state)
        return fit([
            Column(position: 0, title: titles.id, width: idWidth) { String($0.id) },
            Column(position: 3, title: titles.delivery, width: 20) { qa.notificationDelivery($0) },
            Column(position: 2, title: titles.date, width: dateWidth) { state.date($0.date) },
            Column(position: 4, title: titles.transaction, width: idWidth) { $0.transactionID.map(String.init) ?? "" },
        ], flexible: Column(position: 1, title: titles.notification, width: 24) { $0.kind.rawValue + ($0.subtype.map { " " + $0 } ?? "") },
           width: width)
    }

    /// A list as a table shows it, newest first, read a row at a time: a key costs the rows on screen
    /// and a binary search, never a walk of the ledger or the log.
    struct Rows<Item: Identifiable> where Item.ID == UInt64 {
        /// Oldest first, in id order, as the model keeps them (ids count up; a loaded ledger is sorted).
        let items: ChunkedArray<Item>

        var count: Int { items.count }
        var isEmpty: Bool { items.isEmpty }
        var first: Item? { items.last }

        subscript(row: Int) -> Item {
            WorkMeter.count(.ledgerRow)
            return items[items.count - 1 - row]
        }

        /// The row of an item, by binary search on its id; nil if it is not in the list.
        func row(of id: UInt64?) -> Int? {
            guard let id else { return nil }
            WorkMeter.count(.ledgerSearch)
            var low = 0, high = items.count
            while low < high {
                let middle = (low + high) / 2
                WorkMeter.count(.ledgerProbe)
                if items[middle].id < id { low = middle + 1 } else { high = middle }
            }
            guard low < items.count, items[low].id == id else { return nil }
            return items.count - 1 - low
        }
    }

    /// Table rows that fit below the clock line, the areas' names and the column titles.
    static func visibleRows(_ state: AppState) -> Int { max(0, Chrome.body(state).height - 4) }

    /// A column: title, width, and the cell of a row. Columns drop from the right when narrow.
    struct Column<Item> {
        /// Where it stands in the table, left to right.
        var position: Int
        var title: String
        var width: Int
        var cell: (Item) -> String
    }

    /// The columns that fit, from the most important down; the flexible one (the product) takes what
    /// the others leave, and never less than its width.
    static func fit<Item>(_ all: [Column<Item>], flexible: Column<Item>, width: Int) -> [Column<Item>] {
        var chosen: [Column<Item>] = []
        var used = flexible.width
        for column in all where used + column.width <= width {
            chosen.append(column)
            used += column.width
        }
        var rest = flexible
        rest.width = width - used + flexible.width
        return (chosen + [rest]).sorted { $0.position < $1.position }
    }

    /// Wide enough for every transaction and event id, and `largest` (another list's own numbers).
    private static func idWidth(_ state: AppState, largest: UInt64 = 0) -> Int {
        max(5, String(max(state.store.nextTransactionID, state.store.nextEventID, largest)).count + 1)
    }

    private static func dateWidth(_ state: AppState) -> Int {
        // A date with a two-digit month and day (Dec 28, 2026): the widest a date gets in most languages.
        TextWidth.of(state.date(Date(timeIntervalSince1970: 1_798_416_000))) + 1
    }

    private static func productName(_ id: String?, _ state: AppState) -> String {
        guard let id else { return state.strings.qa.restoreName }
        return state.store.catalog.product(id).map(state.name) ?? id
    }

    static func columns(_ state: AppState, width: Int) -> [Column<Transaction>] {
        let qa = state.strings.qa
        let titles = qa.columns
        let idWidth = idWidth(state), dateWidth = dateWidth(state)
        func day(_ date: Date?) -> String { date.map(state.date) ?? "—" }
        // In order of importance; the product column takes what the others leave.
        return fit([
            Column(position: 0, title: titles.id, width: idWidth) { String($0.id) },
            // While QA's Verification error is on, the app reads every transaction as unverified.
            Column(position: 4, title: titles.state, width: 12) { state.store.transactionsVerify ? qa.stateName($0) : qa.unverified },
            Column(position: 5, title: titles.purchased, width: dateWidth) { day($0.purchaseDate) },
            Column(position: 6, title: titles.expires, width: dateWidth) { day($0.expirationDate) },
            Column(position: 1, title: titles.original, width: idWidth) { $0.originalID == $0.id ? "" : String($0.originalID) },
            Column(position: 3, title: titles.type, width: 15) { qa.productType($0.productType) },
            Column(position: 7, title: titles.offer, width: 13) { $0.offerKind.map { "\($0)" } ?? "" },
            Column(position: 8, title: titles.ownership, width: 8) { $0.ownership == .familyShared ? "family" : "own" },
            Column(position: 9, title: titles.revoked, width: dateWidth) { $0.revocationDate.map(state.date) ?? "" },
        ], flexible: Column(position: 2, title: titles.product, width: 14) { productName($0.productID, state) }, width: width)
    }

    /// The Requests' and the Log's columns: an event's id, when, what, its outcome, and the product.
    static func eventColumns(_ state: AppState, width: Int, log: Bool) -> [Column<StoreEvent>] {
        let qa = state.strings.qa
        let titles = qa.columns
        let idWidth = idWidth(state), dateWidth = dateWidth(state)
        // The outcome says most in the log; the kind, in the Requests.
        var all: [Column<StoreEvent>] = [
            Column(position: 0, title: titles.id, width: idWidth) { String($0.id) },
            // In the log the outcome says most: on a narrow terminal it narrows rather than drops.
            Column(position: 3, title: log ? titles.outcome : titles.waitingOn,
                   width: log ? min(28, max(12, width - idWidth - 14)) : 11) {
                log ? qa.eventOutcome($0) : qa.waitingOn($0.kind)
            },
            Column(position: 1, title: titles.event, width: 12) { qa.eventKind($0.kind) },
            Column(position: 4, title: titles.date, width: dateWidth) { state.date($0.date) },
        ]
        if !log {
            all.append(Column(position: 5, title: titles.quantity, width: 4) { String($0.quantity) })
            // When an Ask to Buy request expires unanswered (24 hours after it was last asked).
            all.append(Column(position: 6, title: titles.expires, width: dateWidth) { $0.askToBuyExpiration.map(state.date) ?? "" })
        }
        // A storefront change is about no product: its column names the storefront moved to; a review
        // request names the app's version; a refused code that opens no offer says so.
        return fit(all, flexible: Column(position: 2, title: titles.product, width: 12) {
            switch $0.kind {
            case .storefrontChange: $0.storefront ?? ""
            case .reviewRequest: qa.reviewName($0.appVersion ?? "")
            // A refused code that opens no offer is about no product.
            case .codeRefused where $0.productID == nil: qa.unknownOfferCode
            default: productName($0.productID, state)
            }
        }, width: width)
    }

    public static func draw(_ grid: inout Grid, _ state: AppState, _ screen: State) {
        let body = Chrome.body(state)
        let area = body.insetHorizontally(1)
        guard area.height > 0 else { return }
        let qa = state.strings.qa
        // The clock line; with "n/N" at its end when the table's rows do not all fit, the clock cut to
        // leave the counter and a space (at 50 columns the clock alone reaches the edge).
        var counter: String?
        defer {
            let counterWidth = counter.map { TextWidth.of($0) + 1 } ?? 0
            grid.put(ScenarioScreen.clockLine(state, width: max(0, area.width - counterWidth)), row: body.row,
                     column: area.column, role: .accent)
            if let counter { grid.putRight(counter, row: body.row, in: Rect(row: body.row, column: area.column, width: area.width, height: 1), role: .dim) }
        }
        guard area.height > 1 else { return }
        // The areas, the shown one marked; Tab moves between them. The row starts late enough that the
        // shown area is always named (at 50 columns Notifications and Device are past the row's end); a
        // "‹" says areas are left out before it.
        let promoted = state.store.promotedProductsInOrder
        let shown = promoted.filter { !$0.hidden } + promoted.filter(\.hidden)
        let counts: [Int?] = [state.store.transactions.count, state.store.pendingRequests.count, state.store.events.count,
                              state.store.notifications.count, nil, shown.count - promoted.filter(\.hidden).count]
        // Promoted shows only while open, in the Device label's place (the row holds one of the two at 80 columns).
        let labels = zip(Area.allCases, counts)
            .filter { candidate, _ in candidate == .promoted ? screen.area == .promoted : candidate != .device || screen.area != .promoted }
            .map { candidate, count in (area: candidate, text: " \(qa.areaName(candidate.rawValue))\(count.map { " \($0)" } ?? "") ") }
        let selected = labels.firstIndex { $0.area == screen.area } ?? 0
        var first = 0
        func width(from start: Int) -> Int {
            labels[start...selected].reduce(start > 0 ? 1 : 0) { $0 + TextWidth.of($1.text) + 1 } - 1
        }
        while first < selected, width(from: first) > area.width { first += 1 }
        var x = area.column
        if first > 0 {
            grid.put("‹", row: body.row + 1, column: x, role: .dim)
            x += 1
        }
        for label in labels[first...] {
            guard x + TextWidth.of(label.text) <= area.column + area.width else { break }
            grid.put(label.text, row: body.row + 1, column: x, role: label.area == screen.area ? .selected : .dim)
            x += TextWidth.of(label.text) + 1
        }
        let table = Rect(row: body.row + 2, column: area.column, width: area.width, height: area.height - 2)
        switch screen.area {
        case .transactions:
            let rows = rows(state)
            counter = drawTable(&grid, state, table, columns: columns(state, width: area.width), count: rows.count,
                      item: { rows[$0] }, selected: rows.row(of: screen.selection) ?? 0, role: role(of:),
                      empty: qa.noTransactions)
        case .requests:
            let requests = state.store.pendingRequests
            counter = drawTable(&grid, state, table, columns: eventColumns(state, width: area.width, log: false),
                      count: requests.count, item: { requests[$0] },
                      selected: requests.firstIndex { $0.id == screen.requestSelection } ?? 0,
                      role: { _ in .warning }, empty: qa.noRequests)
        case .log:
            let log = logRows(state)
            counter = drawTable(&grid, state, table, columns: eventColumns(state, width: area.width, log: true), count: log.count,
                      item: { log[$0] }, selected: log.row(of: screen.logSelection) ?? 0,
                      role: { $0.isPending ? .warning : .dim }, empty: qa.noEvents)
        case .notifications:
            let sent = notificationRows(state)
            counter = drawTable(&grid, state, table, columns: notificationColumns(state, width: area.width), count: sent.count,
                      item: { sent[$0] }, selected: sent.row(of: screen.notificationSelection) ?? 0,
                      role: { $0.delivery == .failed ? .warning : .normal }, empty: qa.noNotifications)
        case .device: drawDevice(&grid, state, table)
        case .promoted:
            // Numbered as the App Store page shows them; the hidden ones after, unnumbered.
            let titles = qa.promotedColumns
            let columns = fit([Column<Int>(position: 0, title: titles.place, width: 3) { shown[$0].hidden ? "" : String($0 + 1) },
                               Column<Int>(position: 2, title: titles.visibility, width: 22) {
                                   shown[$0].hidden ? qa.hiddenHere : (state.store.promotionOverrides.visibility[shown[$0].productID] ?? .default).rawValue
                               }],
                              flexible: Column<Int>(position: 1, title: titles.product, width: 20) { productName(shown[$0].productID, state) },
                              width: area.width)
            counter = drawTable(&grid, state, table, columns: columns, count: shown.count, item: { $0 }, selected: -1,
                      role: { shown[$0].hidden ? .dim : .normal }, empty: qa.noPromoted)
        }
    }

    /// The device this app runs on, its deviceVerificationID, and whether the ledger keeps that id.
    private static func drawDevice(_ grid: inout Grid, _ state: AppState, _ rect: Rect) {
        let qa = state.strings.qa
        var row = rect.row
        for (line, role) in [(qa.deviceName(UntrustedText.displayable(state.store.deviceName)), Role.normal),
                             (qa.deviceVerificationIDTitle, .section),
                             ("  " + state.store.deviceVerificationID.uuidString, .accent)] where row < rect.row + rect.height {
            grid.put(line, row: row, column: rect.column, role: role, width: rect.width)
            row += 1
        }
        let note = state.keepsLedger ? qa.deviceVerificationIDKept : qa.deviceVerificationIDFresh
        let left = rect.row + rect.height - row - 1
        if left > 0 { grid.putWrapped(note, row: row + 1, column: rect.column, width: rect.width, maxRows: left, role: .dim) }
    }

    /// A table in `rect`: column titles, then the rows that fit around the selected one, reading only
    /// those. Returns "n/N" for the clock line when they do not all fit.
    private static func drawTable<Item>(_ grid: inout Grid, _ state: AppState, _ rect: Rect, columns: [Column<Item>],
                                        count: Int, item: (Int) -> Item, selected index: Int,
                                        role: (Item) -> Role, empty: String) -> String? {
        guard count > 0 else {
            if rect.height > 1 {
                grid.putWrapped(empty, row: rect.row + 1, column: rect.column, width: rect.width,
                                maxRows: rect.height - 1, role: .dim)
            }
            return nil
        }
        guard rect.height > 1 else { return nil }
        func line(_ cells: [String]) -> String {
            zip(columns, cells).map { TextWidth.pad($0.1, to: $0.0.width - 1) + " " }.joined()
        }
        grid.put(line(columns.map(\.title)), row: rect.row, column: rect.column, role: .section, width: rect.width)
        let visible = rect.height - 1
        let first = min(max(0, index - visible + 1), max(0, count - visible))
        for offset in 0..<max(0, min(visible, count - first)) {
            let row = item(first + offset)
            let y = rect.row + 1 + offset
            let isSelected = first + offset == index
            if isSelected { grid.fill(row: y, column: rect.column, width: rect.width, height: 1, role: .selected) }
            grid.put(line(columns.map { $0.cell(row) }), row: y, column: rect.column,
                     role: isSelected ? .selected : role(row), width: rect.width)
        }
        return count > visible ? "\(index + 1)/\(count)" : nil
    }

    static func role(of transaction: Transaction) -> Role {
        switch transaction.state {
        case .purchased: .normal
        case .revoked: .dim
        }
    }
}

// MARK: component

extension TransactionsScreen: ComponentFunctions {
    public static let bindings: [Binding] =
        Binding.list + [.select,
         Binding(keys: [.tab], label: "Tab", action: .nextArea, importance: .normal),
         Binding(keys: [.backTab], label: "⇧Tab", action: .previousArea, importance: .helpOnly),
         Binding(keys: [.character("D")], label: "D", action: .device, importance: .helpOnly),
         Binding(keys: [.character("o")], label: "o", action: .promotedProducts, importance: .helpOnly)]
        + Binding.transactionActions + Binding.timeTravel + [.scenario, .back, .help, .quit]
}

extension TransactionsScreen.State: StackScreen, FunctionsComponent {
    public typealias Functions = TransactionsScreen
    public var kind: ScreenKind { .transactions }
    public var screen: AppState.Screen { .transactions(self) }
}
