import Foundation
import StoreModel
import TextSafety

/// One transaction in full, in StoreKit's words (after Xcode's Transaction Manager), with the QA
/// actions: refund, revoke, delete.
public enum TransactionScreen {
    /// The screen's own state: which transaction, and how far its fields are scrolled.
    public struct State: Sendable, Equatable {
        public var id: UInt64
        public var offset = 0
        public init(id: UInt64) { self.id = id }
    }

    // MARK: update

    public static func update(_ action: Action, _ screen: inout State, _ app: inout AppState) {
        switch action {
        case .back: app.screens.removeLast()
        case .up: screen.offset = max(0, screen.offset - 1)
        case .down: screen.offset = min(screen.offset + 1, maxOffset(app, id: screen.id))
        default:
            var selection: UInt64? = screen.id
            perform(action, &screen, &app, selection: &selection)
            app.setInspectorSelection(selection)
        }
    }

    /// A QA action on one transaction, from its screen or from the table's selected row. `selection` is
    /// the table's selection, moved to where the action leaves things.
    static func perform(_ action: Action, _ screen: inout State, _ app: inout AppState, selection: inout UInt64?) {
        let qa = app.strings.qa
        let id = screen.id
        switch action {
        case .refund, .revoke:
            // The script verb's own path (`refund ID [developerIssue]`): a family-shared transaction is
            // the purchaser's refund reaching this account.
            try? app.perform(.refund(transactionID: id, reason: action == .revoke ? .developerIssue : .other))
        case .reverseRefund:
            try? app.perform(.reverseRefund(transactionID: id))
        case .autoRenew:
            // SKTestSession's disableAutoRenewForTransaction / enableAutoRenewForTransaction.
            guard let transaction = app.store.transaction(id), let groupID = app.store.groupID(ofProduct: transaction.productID),
                  let renewal = app.store.renewals[groupID] else { return }
            app.store.setAutoRenew(!renewal.willAutoRenew, group: groupID)
            let endedRetry = renewal.billingIssueSince != nil && app.store.renewals[groupID]?.expirationReason != nil
            app.notice = endedRetry ? qa.autoRenewOffEndsRetry : qa.autoRenewSet(!renewal.willAutoRenew)
        case .delete:
            app.overlay = .confirm(.delete(transactionID: id))
        case .markUndelivered:
            if app.store.markUndelivered(id) { app.notice = qa.markedUndelivered(id) }
        case .expireNow, .renewNow:
            // The script verbs' own path: `expire GROUP`, `renew PRODUCT`.
            guard let transaction = app.store.transaction(id) else { return }
            if action == .expireNow, let groupID = app.store.groupID(ofProduct: transaction.productID) {
                try? app.perform(.expire(groupID))
            } else if action == .renewNow {
                try? app.perform(.renew(transaction.productID))
                // The selection follows to the new period, where one began.
                if let latest = app.store.transactions.last, latest.originalID == transaction.originalID { selection = latest.id }
            }
        default: break
        }
    }

    public static func isAvailable(_ action: Action, _ screen: State, _ app: AppState) -> Bool {
        isAvailable(action, on: app.store.transaction(screen.id), app)
    }

    /// Whether a QA action applies to a transaction: each shows only where it does something.
    static func isAvailable(_ action: Action, on selected: Transaction?, _ app: AppState) -> Bool {
        switch action {
        case .autoRenew:
            // On the person's own current subscription, until it has expired.
            guard let selected, selected.ownership == .purchased,
                  let groupID = app.store.groupID(ofProduct: selected.productID),
                  let status = app.store.status(ofGroup: groupID, ownership: .purchased),
                  status.transaction.originalID == selected.originalID, status.state != RenewalState.revoked,
                  status.renewal?.expirationReason == nil else { return false }
            return true
        case .expireNow, .renewNow:
            // The person's own subscription, on its transaction in force: expired (it may be in billing
            // retry) or renewed (only in its period).
            guard let selected, selected.ownership == .purchased,
                  let groupID = app.store.groupID(ofProduct: selected.productID),
                  let status = app.store.status(ofGroup: groupID, ownership: .purchased),
                  status.transaction.id == selected.id else { return false }
            return action == .expireNow ? status.state != .expired && status.state != .revoked : status.state == .subscribed
        case .approve, .decline, .resolve, .nextArea, .previousArea: return false
        // On a family member's shared transaction: the purchaser is refunded, which revokes it here.
        case .refund, .revoke: return selected?.state == .purchased
        // A refund the App Store granted, reversed after the customer's dispute (not a consumable's: its units are the app's).
        case .reverseRefund: return selected.map { app.store.refundReversalRefusal(for: $0.id) == nil } ?? false
        // The app failed to deliver it: Missing a Purchase then offers to make it good.
        case .markUndelivered:
            guard let selected, selected.state == .purchased, selected.ownership == .purchased else { return false }
            return app.store.deliveries[selected.id]?.isOpen != true
        case .delete, .move, .up, .down, .pageUp, .pageDown, .top, .bottom, .select: return selected != nil
        default: return true
        }
    }

    // MARK: view

    /// One transaction, every field: StoreKit's Transaction, then its subscription's RenewalInfo, each
    /// section's labels in a column of their own width.
    public static func draw(_ grid: inout Grid, _ state: AppState, _ screen: State) {
        let id = screen.id
        let body = Chrome.body(state)
        let area = body.insetHorizontally(2)
        guard let transaction = state.store.transaction(id), area.height > 0 else { return }
        let fields = fields(transaction, state)
        let offset = min(screen.offset, maxOffset(state, id: id))
        for (row, field) in fields.dropFirst(offset).prefix(area.height).enumerated() {
            let y = body.row + row
            let labelWidth = min(field.labelWidth, area.width / 2)
            grid.put(TextWidth.pad(TextWidth.truncate(field.label, to: labelWidth - 1), to: labelWidth), row: y, column: area.column, role: .dim)
            grid.put(TextWidth.truncate(field.value, to: area.width - labelWidth), row: y, column: area.column + labelWidth,
                     role: .normal, width: area.width - labelWidth)
        }
        // More above or below: ↑↓ scroll.
        if offset > 0 { grid.put("▲", row: body.row, column: body.column + body.width - 1, role: .dim) }
        if offset < maxOffset(state, id: id) {
            grid.put("▼", row: body.row + body.height - 1, column: body.column + body.width - 1, role: .dim)
        }
    }

    /// How far the fields can scroll: zero when they all fit.
    static func maxOffset(_ state: AppState, id: UInt64) -> Int {
        guard let transaction = state.store.transaction(id) else { return 0 }
        return max(0, fields(transaction, state).count - Chrome.body(state).height)
    }

    /// One row of the inspector: a field's name, its value, and the width of its section's label column.
    struct Row {
        var label: String
        var value: String
        var labelWidth = 0
    }

    /// Names of the simulator's own fields, shown only when they hold something.
    static let ownFields: Set<String> = ["upgradeRefund", "upgradeRefundDate", "appPassEnd", "delivery"]
    /// A commitment's fields (monthly payments with a 12-month commitment), shown only where there is one.
    static let commitmentFields = StoreKitFields.commitmentNames

    /// StoreKit's Transaction fields and, for the current transaction of a subscription, its RenewalInfo,
    /// one per line, as `StoreKitFields` gives them (the table scripts and `storefront ledger` read), with
    /// a reading aid in parentheses where a product name helps.
    static func fields(_ t: Transaction, _ state: AppState) -> [Row] {
        let qa = state.strings.qa
        let store = state.store
        func name(_ productID: String) -> String {
            store.catalog.product(productID).map { " (\(state.name($0)))" } ?? ""
        }
        // The table's value; a date and an amount in the person's locale.
        func shown(_ value: StoreKitFields.Value) -> String {
            switch value {
            case .date(let date): state.dateTime(date)
            case .amount(let amount, let currency): state.prices.string(amount, currency: currency)
            // A percentage (revocationPercentage), as the person's locale writes one.
            case .number(let number): (number / 100).formatted(.percent.precision(.fractionLength(0...3)).locale(state.locale))
            case .text, .none: UntrustedText.displayable(value.text)
            }
        }
        var rows: [Row] = []
        // What the app receives: `.verified`, or `.unverified` with the error while QA's Verification error is on.
        if let error = store.injectedError(.verification) {
            rows.append(Row(label: "VerificationResult", value: qa.unverifiedResult(error)))
        }
        for field in StoreKitFields.transaction(t, in: store) {
            if ownFields.contains(field.name) || commitmentFields.contains(field.name), field.value == .none { continue }
            var value = shown(field.value)
            switch field.name {
            case "productID": value += name(t.productID)
            case "ownershipType" where t.ownership == .familyShared: value += " (\(qa.sharedByOrganizer(AppStore.familyOrganizer)))"
            // Apple gives 0 (other) when the organizer stops sharing or the member leaves the family.
            case "revocationType" where t.revocationType == .familyRevocation: value += " (\(qa.revokedFromFamilySharing))"
            case "delivery": value += store.deliveries[t.id].map { " (\(qa.delivery($0)))" } ?? ""
            default: break
            }
            rows.append(Row(label: field.name, value: value))
            // Apart from StoreKit's fields: what the simulator estimates or the app computes.
            if field.name == "upgradeRefundDate" { rows.append(Row(label: "", value: qa.upgradeRefundNote)) }
            if field.name == "appPassEnd" { rows.append(Row(label: "", value: qa.appPassEndNote)) }
            // Not StoreKit's: which of the account's devices made it (`--device`).
            if field.name == "environment" {
                let device = t.device.map(UntrustedText.displayable)
                    ?? (t.reason == .renewal ? qa.madeByAppStore : t.ownership == .familyShared ? qa.sharedByOrganizer(AppStore.familyOrganizer) : qa.deviceUnknown)
                rows.append(Row(label: "device", value: device))
            }
        }
        rows = rows.map { Row(label: $0.label, value: $0.value, labelWidth: rows.map { TextWidth.of($0.label) }.max()! + 2) }
        // The status of the transaction's own chain: a family member may have two in the group.
        if let groupID = store.groupID(ofProduct: t.productID),
           let status = store.status(ofGroup: groupID, ownership: t.ownership),
           status.transaction.originalID == t.originalID {
            var renewal: [Row] = [Row(label: "RenewalInfo", value: "")]
            for field in StoreKitFields.renewal(status, group: groupID, in: store) {
                if commitmentFields.contains(field.name), field.value == .none { continue }
                var value = shown(field.value)
                switch field.name {
                case "currentProductID", "autoRenewPreference": value += field.value == .none ? "" : name(field.value.text)
                case "expirationReason": value += status.renewal?.expirationReason.map { " (EXPIRED/\($0.notificationSubtype))" } ?? ""
                default: break
                }
                renewal.append(Row(label: field.name, value: value))
            }
            let width = renewal.map { TextWidth.of($0.label) }.max()! + 2
            rows += renewal.map { Row(label: $0.label, value: $0.value, labelWidth: width) }
        }
        return rows
    }
}

// MARK: component

extension TransactionScreen: ComponentFunctions {
    public static let bindings: [Binding] =
        [.up, .down] + Binding.transactionActions + [.back, .help, .quit]
}

extension TransactionScreen.State: StackScreen, FunctionsComponent {
    public typealias Functions = TransactionScreen
    public var kind: ScreenKind { .transaction }
    public var screen: AppState.Screen { .transaction(self) }
    public func title(_ app: AppState) -> String { app.strings.screenName(.transaction) + " \(id)" }
}
