import Foundation
import StoreModel

/// The system's manage-subscription sheet for one group, as StoreKit's `showManageSubscriptions` shows
/// it: every option of the group with its price, the current one marked (and the one it renews into,
/// after a downgrade), and under the chosen option when a change would take effect; then Cancel
/// Subscription (or Resubscribe, after a cancel). Choosing another option opens the confirmation sheet
/// with the change. A system sheet: themes do not restyle it.
public enum ManageSheet {
    public struct State: Sendable, Equatable {
        public var groupID: String
        /// The chosen row: an option, or the last row (cancel / resubscribe).
        public var selection: Int
        public var offset = 0
    }

    enum Row: Equatable {
        case option(String)
        /// In a 12-month commitment that renews: what follows it (a new commitment, or billing up front).
        case afterCommitment
        case cancel
        case resubscribe
    }

    static func open(groupID: String, _ app: inout AppState) {
        if app.sheetFails(.manageSubscriptionsSheet) { return }
        let current = app.store.status(ofGroup: groupID, ownership: .purchased)?.transaction.productID
        let rows = rows(app, groupID: groupID)
        let selection = rows.firstIndex { $0 == .option(current ?? "") } ?? 0
        var sheet = State(groupID: groupID, selection: selection)
        sheet.offset = scrolled(app, sheet)
        app.overlay = .manage(sheet)
    }

    static func rows(_ app: AppState, groupID: String) -> [Row] {
        var rows = app.store.catalog.products(inGroup: groupID).filter { app.store.price(of: $0) != nil }.map { Row.option($0.id) }
        if let commitment = app.store.commitmentStatus(ofGroup: groupID), commitment.willAutoRenew,
           let current = app.store.status(ofGroup: groupID, ownership: .purchased)?.transaction.productID,
           let index = rows.firstIndex(of: .option(current)) {
            rows.insert(.afterCommitment, at: index + 1)
        }
        if let status = app.store.status(ofGroup: groupID, ownership: .purchased), status.state.hasAccess {
            rows.append(status.renewal?.willAutoRenew == true ? .cancel : .resubscribe)
        }
        return rows
    }

    public static func update(_ action: Action, _ sheet: inout State, _ app: inout AppState) {
        let rows = rows(app, groupID: sheet.groupID)
        switch action {
        case .up, .down, .top, .bottom:
            sheet.selection = AppState.listMove(action, from: sheet.selection, count: rows.count, page: 1) ?? sheet.selection
            sheet.offset = scrolled(app, sheet)
        case .press where sheet.selection < rows.count:
            switch rows[sheet.selection] {
            case .option(let productID):
                if productID == app.store.status(ofGroup: sheet.groupID, ownership: .purchased)?.transaction.productID {
                    // A booked change of plan is taken back; otherwise there is nothing to change.
                    let booked = app.store.status(ofGroup: sheet.groupID, ownership: .purchased)?.renewal?.autoRenewProductID
                    if let booked, booked != productID, app.store.keepCurrentPlan(group: sheet.groupID) {
                        let names = [productID, booked].map { id in app.store.catalog.product(id).map { app.name($0) } ?? id }
                        app.notice = app.strings.account.changeTakenBack(names[0], names[1])
                    } else {
                        app.notice = app.strings.account.currentPlan
                    }
                } else {
                    app.openPlanChange(to: productID)
                    return
                }
            case .afterCommitment:
                // Switches what follows the commitment (`AppStore.setRenewalBillingPlan`).
                let now = app.store.commitmentStatus(ofGroup: sheet.groupID)?.renewalBillingPlanType ?? .monthly
                app.store.setRenewalBillingPlan(now == .monthly ? .billedUpFront : .monthly, group: sheet.groupID)
                if let text = afterCommitment(app, groupID: sheet.groupID) { app.notice = text }
            case .cancel:
                CancelSheet.open(groupID: sheet.groupID, &app)
                return
            case .resubscribe:
                app.overlay = nil
                app.resubscribe(groupID: sheet.groupID)
                return
            }
        case .cancelSubscription:
            CancelSheet.open(groupID: sheet.groupID, &app)
            return
        case .cancel:
            app.overlay = nil
            return
        default:
            break
        }
        app.overlay = .manage(sheet)
    }

    public static func isAvailable(_ action: Action, _ sheet: State, _ app: AppState) -> Bool {
        switch action {
        case .cancelSubscription: return rows(app, groupID: sheet.groupID).contains(.cancel)
        case .move, .up, .down, .top, .bottom: return rows(app, groupID: sheet.groupID).count > 1
        default: return true
        }
    }

    /// The sheet's content, and the line range of the chosen row (to keep it in view).
    static func lines(_ state: AppState, _ sheet: State) -> (lines: [(String, Role)], selected: Range<Int>) {
        let store = state.store, words = state.strings.account
        let inner = Overlays.systemSheetWidth(state) - 4
        var lines: [(String, Role)] = []
        var selected = 0..<0
        let groupName = store.catalog.group(sheet.groupID).map { state.text($0.name) } ?? sheet.groupID
        for text in TextWidth.wrap(groupName, width: inner) { lines.append((text, .systemTitle)) }
        lines.append((state.appName, .systemSheet))
        lines.append(("", .systemSheet))
        let status = store.status(ofGroup: sheet.groupID, ownership: .purchased)
        let current = status?.transaction.productID
        let next = status?.renewal.flatMap { $0.willAutoRenew ? $0.autoRenewProductID : nil }
        for (index, row) in rows(state, groupID: sheet.groupID).enumerated() {
            let start = lines.count
            let chosen = index == sheet.selection
            let marker = chosen ? "▸ " : "  "
            switch row {
            case .option(let productID):
                // A subscriber's own plan at what its renewals charge (a kept price included).
                guard let product = store.catalog.product(productID), let amount = store.renewalPrice(of: product) else { continue }
                // Paid monthly with a 12-month commitment: the plan's name and the payment being made.
                let paying = productID == current && status?.state.hasAccess == true ? status?.transaction : nil
                let commitment = paying?.commitment
                // (The monthly plan's introductory offer is on the monthly plan too, before its commitment.)
                let onMonthlyPlan = paying?.billingPlanType == .monthly
                var name = marker + (onMonthlyPlan ? state.strings.payMonthly(state.name(product)) : state.name(product))
                if productID == current { name += "  " + words.current } else if productID == next { name += "  " + words.next }
                // The payment being made (the transaction's own price), the plan's monthly amount during
                // its introductory offer, else what renewals charge.
                let price = if let paying, commitment != nil {
                    state.price(paying.price) + state.strings.perPeriod(CommitmentPlan.paymentPeriod)
                } else if onMonthlyPlan, let monthly = product.subscription?.monthlyPlan?.monthlyPrice(in: store.territory) {
                    state.price(monthly) + state.strings.perPeriod(CommitmentPlan.paymentPeriod)
                } else {
                    state.price(amount) + state.strings.perPeriod(product.subscription!.period)
                }
                lines += row2(name, price, width: inner, role: chosen ? .systemSelected : .systemSheet)
                if let commitment {
                    let progress = words.paymentOf(commitment.billingPeriodNumber, commitment.totalBillingPeriods) + " · "
                        + words.commitmentProgress(commitment.totalBillingPeriods - commitment.billingPeriodNumber,
                                                   state.date(commitment.expirationDate))
                    for line in TextWidth.wrap(progress, width: inner - 4) { lines.append(("    " + line, .systemSheet)) }
                }
                // The plan being paid at an offer's price now (an introductory price, a booked offer):
                // what is paid now and until when, under its row (HIG: the price people pay, not only
                // the plan's).
                if productID == current, let status, status.state.hasAccess, status.transaction.ownership == .purchased,
                   let charge = store.nextCharge(ofGroup: sheet.groupID), charge.currentOffer != nil || charge.offer != nil,
                   let text = BillingTerms(state).nextCharge(charge, on: product) {
                    for line in TextWidth.wrap(text, width: inner - 4) { lines.append(("    " + line, .systemSheet)) }
                }
                if chosen, productID != current, let change = try? store.quote(productID).planChange {
                    for text in TextWidth.wrap(state.planChangeNote(change), width: inner - 4) { lines.append(("    " + text, .systemSheet)) }
                }
            case .afterCommitment:
                for (n, line) in TextWidth.wrap(afterCommitment(state, groupID: sheet.groupID) ?? "", width: inner - 4).enumerated() {
                    lines.append(((n == 0 ? "  " + marker : "    ") + line, chosen ? .systemSelected : .systemSheet))
                }
            case .cancel:
                lines.append(("", .systemSheet))
                lines.append((marker + words.cancelSubscription, chosen ? .systemSelected : .systemTitle))
            case .resubscribe:
                lines.append(("", .systemSheet))
                lines.append((marker + words.resubscribe, chosen ? .systemSelected : .systemTitle))
            }
            if chosen { selected = start..<lines.count }
        }
        return (lines, selected)
    }

    /// What follows the commitment, as its row says it: a new commitment, or the plan's price billed up front.
    static func afterCommitment(_ app: AppState, groupID: String) -> String? {
        guard let status = app.store.commitmentStatus(ofGroup: groupID),
              let product = app.store.status(ofGroup: groupID, ownership: .purchased).flatMap({ app.store.catalog.product($0.transaction.productID) })
        else { return nil }
        let words = app.strings.account
        if status.renewalBillingPlanType == .billedUpFront, let price = BillingTerms(app).renewalPrice(product) {
            return words.afterCommitmentUpFront(price)
        }
        return words.afterCommitmentMonthly(app.strings.commitmentLength(status.commitment.totalBillingPeriods))
    }

    /// A name and a price on one line where both fit, else on two.
    static func row2(_ name: String, _ price: String, width: Int, role: Role) -> [(String, Role)] {
        if TextWidth.of(name) + 2 + TextWidth.of(price) <= width {
            return [(TextWidth.pad(name, to: width - TextWidth.of(price)) + price, role)]
        }
        return TextWidth.wrap(name, width: width).map { ($0, role) } + [("    " + price, role)]
    }

    /// The offset that keeps the chosen row in view.
    static func scrolled(_ state: AppState, _ sheet: State) -> Int {
        let (lines, selected) = lines(state, sheet)
        return Overlays.systemSheetOffset(state, lineCount: lines.count, from: sheet.offset, keeping: selected)
    }

    public static func draw(_ grid: inout Grid, _ state: AppState, _ sheet: State) {
        let lines = lines(state, sheet).lines
        let offset = min(sheet.offset, Overlays.systemSheetLayout(state, lineCount: lines.count).maxOffset)
        let words = state.strings.account
        Overlays.drawSystemSheet(&grid, state, lines: lines, offset: offset, buttons: ("Esc " + words.done, "⏎ " + words.choose),
                                 secondFocused: true)
    }
}

// MARK: component

extension ManageSheet: ComponentFunctions {
    public static let bindings: [Binding] =
        [.move, .up, .down, .top, .bottom, .press, .cancelSubscription, .cancel, .help]
}

extension ManageSheet.State: FunctionsComponent {
    public typealias Functions = ManageSheet
    public var kind: ScreenKind { .manage }
}
