import StoreModel
import Synchronization

/// The header (app, territory, account state) and the footer (the keys of the current screen) that
/// frame every screen.
enum Chrome {
    static let headerHeight = 2
    static let footerHeight = 2

    /// What is left for the screen between the header and the footer. A notice that needs two lines
    /// takes one more row from it, so the reason is never cut.
    static func body(_ state: AppState) -> Rect {
        let size = state.size
        let extra = noticeLines(state).count - 1
        return Rect(row: headerHeight, column: 0, width: size.columns,
                    height: size.rows - headerHeight - footerHeight - max(0, extra))
    }

    /// The notice as it is drawn: one line, or two when it does not fit in one (a third would only
    /// be reached by a notice of more than twice the width, and ends in "…").
    static func noticeLines(_ state: AppState) -> [String] {
        guard let notice = state.notice, state.size.columns > 2 else { return [] }
        let width = state.size.columns - 2
        let lines = TextWidth.wrap(notice, width: width)
        guard lines.count > 2 else { return lines }
        return [lines[0], TextWidth.truncate(lines[1...].joined(separator: " "), to: width)]
    }

    static func drawHeader(_ grid: inout Grid, _ state: AppState) {
        let width = state.size.columns
        let title = " \(state.appName) · \(screenTitle(state))"
        let key = Kept.Header(revision: state.revision, title: title, width: width)
        let kept = grid.caches?.chrome
        if let cells = kept?.header(key) {
            #if DEBUG
            var fresh = grid
            drawHeaderAfresh(&fresh, state, title: title)
            precondition(fresh.cells(row: 0, column: 0, width: width) == cells,
                         "the kept header is not what it shows now: something it depends on is missing from Chrome.Kept.Header or AppState.revision"
                         + " (now \(fresh.text.split(separator: "\n").first ?? ""); kept \(Self.text(of: cells, width: width)))")
            #endif
            grid.setCells(cells, row: 0, column: 0)
        } else {
            drawHeaderAfresh(&grid, state, title: title)
            kept?.keep(header: key, grid.cells(row: 0, column: 0, width: width))
        }
        grid.put(repeating: "─", count: width, row: 1, column: 0, role: .border)
    }

    #if DEBUG
    /// The text of a kept row, for the debug check's message.
    private static func text(of cells: [Cell], width: Int) -> String {
        var row = Grid(size: Size(columns: width, rows: 1))
        row.setCells(cells, row: 0, column: 0)
        return row.text
    }
    #endif

    /// The header's first row: the app and the screen's title at the left, the territory and the
    /// account's state at the right.
    private static func drawHeaderAfresh(_ grid: inout Grid, _ state: AppState, title: String) {
        let width = state.size.columns
        grid.fill(row: 0, column: 0, width: width, height: 1, role: .header)
        let used = grid.put(title, row: 0, column: 0, role: .header)
        let right = accountSummary(state) + " "
        // While the clock runs faster than real time (a .storekit file's _timeRate, the scenario panel's
        // time rate), every screen says so, where it fits: a two-month intro ending a day later is no
        // surprise (issue 56, item 8).
        let rate = state.strings.qa.timeRateBadge(state.store.scenario.timeRate).map { " · " + $0 } ?? ""
        if !rate.isEmpty, used + 2 + TextWidth.of(right) + TextWidth.of(rate) <= width {
            grid.putRight(String(right.dropLast()) + rate + " ", row: 0, in: Rect(row: 0, column: 0, width: width, height: 1), role: .header)
        } else if used + 2 + TextWidth.of(right) <= width {
            grid.putRight(right, row: 0, in: Rect(row: 0, column: 0, width: width, height: 1), role: .header)
        } else if used + 2 + TextWidth.of(state.store.territory.code + " ") <= width {
            grid.putRight(state.store.territory.code + " ", row: 0, in: Rect(row: 0, column: 0, width: width, height: 1), role: .header)
        }
    }

    static func screenTitle(_ state: AppState) -> String { state.top.component.title(state) }

    /// "USA · Plus: Pro Annual" / "USA · Not subscribed" / "USA · Purchases unavailable".
    static func accountSummary(_ state: AppState) -> String {
        var parts = [state.store.territory.code]
        let store = state.store
        // Each subscription the person has or is about to lose: its name, or its billing problem.
        let active = state.groupsWithStatus.compactMap { groupID -> String? in
            guard let status = store.status(ofGroup: groupID),
                  let product = store.catalog.product(status.transaction.productID) else { return nil }
            if status.state == .inBillingRetryPeriod { return state.strings.paymentProblemIn(state.name(product)) }
            return status.state.hasAccess ? state.name(product) : nil
        }
        if !active.isEmpty {
            parts.append(active.joined(separator: ", "))
        } else {
            parts.append(store.gate.canMakePayments ? state.strings.notSubscribed : state.strings.purchasesBlocked)
        }
        return parts.joined(separator: " · ")
    }

    /// The keys that matter on the active screen: the most important that fit, in their usual order.
    /// "? keys" always shows, so the way to every other key is never hidden.
    static func drawFooter(_ grid: inout Grid, _ state: AppState) {
        let width = state.size.columns
        let row = state.size.rows - 1
        grid.put(repeating: "─", count: width, row: row - 1, column: 0, role: .border)
        let notice = noticeLines(state)
        for (offset, line) in notice.enumerated() {
            let y = row - notice.count + offset
            grid.fill(row: y, column: 0, width: width, height: 1, role: .accent)
            grid.put(line, row: y, column: 1, role: .accent, width: width - 1)
        }
        let bindings = state.activeBindings
        let key = Kept.Footer(hints: bindings.filter(\.inFooter).map { Kept.Hint(label: $0.label, action: $0.action, importance: $0.importance) },
                              width: width, strings: ObjectIdentifier(state.stringTable))
        let kept = grid.caches?.chrome
        if let cells = kept?.footer(key) {
            #if DEBUG
            var fresh = grid
            drawKeys(&fresh, bindings, state, row: row)
            precondition(fresh.cells(row: row, column: 0, width: width) == cells,
                         "the kept footer is not what it shows now: something it depends on is missing from Chrome.Kept.Footer")
            #endif
            grid.setCells(cells, row: row, column: 0)
            return
        }
        drawKeys(&grid, bindings, state, row: row)
        kept?.keep(footer: key, grid.cells(row: row, column: 0, width: width))
    }

    /// The footer's last row: the keys that fit.
    private static func drawKeys(_ grid: inout Grid, _ bindings: [Binding], _ state: AppState, row: Int) {
        let width = state.size.columns
        grid.fill(row: row, column: 0, width: width, height: 1, role: .footer)
        var column = 1
        for hint in footerHints(bindings, strings: state.strings, width: width) {
            column += grid.put(hint.label, row: row, column: column, role: .key)
            column += grid.put(" " + hint.help, row: row, column: column, role: .footer)
            column += 2
        }
    }

    /// The header's first row and the footer's row of keys as the last frame drew them, copied into the
    /// next while what they show is the same: the header's account summary asked the model for each
    /// subscription's status, and the footer measured and chose its keys again, on every key (issue 33:
    /// a fifth of a key's instructions in the store). The header shows the store and the locale
    /// (`AppState.revision`), the title and the width; the keys row the footer's bindings, the width and
    /// the language. One of each is kept, by the runtime (`ViewCaches`).
    /// Debug builds (the tests) also draw each kept row afresh and stop if the two differ.
    final class Kept: Sendable {
        struct Header: Equatable {
            var revision: UInt64
            var title: String
            var width: Int
        }
        struct Hint: Equatable {
            var label: String
            var action: Action
            var importance: Importance
        }
        struct Footer: Equatable {
            var hints: [Hint]
            var width: Int
            var strings: ObjectIdentifier
        }
        private struct Rows {
            var header: (key: Header, cells: [Cell])?
            var footer: (key: Footer, cells: [Cell])?
            /// Rows drawn afresh, for the tests that count a key's work.
            var drawn = 0
        }
        private let rows = Mutex(Rows())

        func header(_ key: Header) -> [Cell]? {
            rows.withLock { $0.header.flatMap { $0.key == key ? $0.cells : nil } }
        }

        func footer(_ key: Footer) -> [Cell]? {
            rows.withLock { $0.footer.flatMap { $0.key == key ? $0.cells : nil } }
        }

        func keep(header key: Header, _ cells: [Cell]) {
            rows.withLock {
                $0.header = (key, cells)
                $0.drawn += 1
            }
        }

        func keep(footer key: Footer, _ cells: [Cell]) {
            rows.withLock {
                $0.footer = (key, cells)
                $0.drawn += 1
            }
        }

        var rowsDrawn: Int { rows.withLock { $0.drawn } }
    }

    /// Chooses the footer's keys: from the most important down, each that still fits (`essential`
    /// ones always), then back in the bindings' order. Once a key does not fit, nothing less important
    /// takes its place: the footer says what matters, not what happens to be short (issue 57, item 9).
    static func footerHints(_ bindings: [Binding], strings: Strings, width: Int) -> [(label: String, help: String)] {
        let hints = bindings.enumerated().filter { $0.element.inFooter }.map { index, binding in
            (index: index, label: binding.label, help: strings.actionHelp(binding.action), importance: binding.importance)
        }
        func cost(_ hint: (index: Int, label: String, help: String, importance: Importance)) -> Int {
            TextWidth.of(hint.label) + 1 + TextWidth.of(hint.help) + 2
        }
        // One leading space; the two spaces after the last hint need not fit.
        var budget = width - 1 + 2
        var chosen: Set<Int> = []
        for hint in hints where hint.importance == .essential {
            chosen.insert(hint.index)
            budget -= cost(hint)
        }
        var dropped: Importance?
        for hint in hints.filter({ $0.importance != .essential })
            .sorted(by: { ($0.importance, -$0.index) > ($1.importance, -$1.index) }) {
            if let dropped, hint.importance < dropped { break }
            guard cost(hint) <= budget else {
                dropped = dropped ?? hint.importance
                continue
            }
            chosen.insert(hint.index)
            budget -= cost(hint)
        }
        return hints.filter { chosen.contains($0.index) }.map { ($0.label, $0.help) }
    }
}
