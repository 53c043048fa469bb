import StoreModel

/// The header (app, territory, account state) and the footer (the keys of the current screen) that
/// frame every screen.
enum Chrome {
    static let headerHeight = 2
    static let footerHeight = 2

    static func body(_ size: Size) -> Rect {
        Rect(row: headerHeight, column: 0, width: size.columns, height: size.rows - headerHeight - footerHeight)
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
        grid.put(String(repeating: "─", count: width), row: 1, column: 0, role: .border)
    }

    static func screenTitle(_ state: AppState) -> String {
        switch state.screens.last ?? .store {
        case .store, .detail: state.strings.store
        case .scenario: state.strings.qa.scenarioTitle
        case .transactions: state.strings.qa.transactionsTitle
        case .transaction(let id): state.strings.screenName(.transaction) + " \(id)"
        }
    }

    /// "USA · Plus: Pro Annual" / "USA · Not subscribed" / "USA · Purchases unavailable".
    static func accountSummary(_ state: AppState) -> String {
        var parts = [state.store.territory.code]
        let store = state.store
        let active = store.catalog.subscriptionGroups.compactMap { group -> String? in
            guard let status = store.status(ofGroup: group.id), status.state.hasAccess,
                  let product = store.catalog.product(status.transaction.productID) else { return nil }
            return state.name(product)
        }
        if !active.isEmpty {
            parts.append(active.joined(separator: ", "))
        } else {
            parts.append(store.gate.canMakePayments ? state.strings.notSubscribed : state.strings.purchasesBlocked)
        }
        return parts.joined(separator: " · ")
    }

    /// The keys that matter on the active screen, as many as fit; "? keys" and "q quit" always show.
    static func drawFooter(_ grid: inout Grid, _ state: AppState) {
        let width = state.size.columns
        let row = state.size.rows - 1
        grid.put(String(repeating: "─", count: width), row: row - 1, column: 0, role: .border)
        if let notice = state.notice {
            grid.fill(row: row - 1, column: 0, width: width, height: 1, role: .accent)
            grid.put(" " + notice, row: row - 1, column: 0, role: .accent, width: width)
        }
        grid.fill(row: row, column: 0, width: width, height: 1, role: .footer)
        let hints = state.activeBindings.filter(\.inFooter).map { binding in
            (label: binding.label, help: state.strings.actionHelp(binding.action), always: binding.action == .help || binding.action == .quit)
        }
        let always = hints.filter(\.always)
        let reserved = always.reduce(0) { $0 + TextWidth.of($1.label) + 1 + TextWidth.of($1.help) } + 2 * max(0, always.count - 1)
        var column = 1
        var budget = width - 1 - reserved
        for hint in hints {
            let cost = TextWidth.of(hint.label) + 1 + TextWidth.of(hint.help) + 2
            if !hint.always {
                guard cost <= budget else { continue }
                budget -= cost
            }
            column += grid.put(hint.label, row: row, column: column, role: .key)
            column += grid.put(" " + hint.help, row: row, column: column, role: .footer)
            column += 2
        }
    }
}
