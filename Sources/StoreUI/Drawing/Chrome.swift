import StoreModel

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
        grid.fill(row: 0, column: 0, width: width, height: 1, role: .header)
        let title = " \(state.appName) · \(screenTitle(state))"
        let used = grid.put(title, row: 0, column: 0, role: .header)
        let right = accountSummary(state) + " "
        if used + 2 + TextWidth.of(right) <= width {
            grid.putRight(right, row: 0, in: Rect(row: 0, column: 0, width: width, height: 1), role: .header)
        } else if used + 2 + TextWidth.of(state.store.territory.code + " ") <= width {
            grid.putRight(state.store.territory.code + " ", row: 0, in: Rect(row: 0, column: 0, width: width, height: 1), role: .header)
        }
        grid.put(repeating: "─", count: width, row: 1, column: 0, role: .border)
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
        grid.fill(row: row, column: 0, width: width, height: 1, role: .footer)
        let hints = footerHints(state.activeBindings, strings: state.strings, width: width)
        var column = 1
        for hint in hints {
            column += grid.put(hint.label, row: row, column: column, role: .key)
            column += grid.put(" " + hint.help, row: row, column: column, role: .footer)
            column += 2
        }
    }

    /// Chooses the footer's keys: from the most important down, each that still fits (`essential`
    /// ones always), then back in the bindings' order.
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
        for hint in hints.filter({ $0.importance != .essential })
            .sorted(by: { ($0.importance, -$0.index) > ($1.importance, -$1.index) })
        where cost(hint) <= budget {
            chosen.insert(hint.index)
            budget -= cost(hint)
        }
        return hints.filter { chosen.contains($0.index) }.map { ($0.label, $0.help) }
    }
}
