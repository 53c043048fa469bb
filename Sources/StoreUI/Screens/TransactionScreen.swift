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
        case .refund:
            guard let effect = app.store.refund(id, reason: .other) else { return }
            app.notice = qa.refunded(id, qa.refundTookBack(effect))
        case .revoke:
            guard let effect = app.store.refund(id, reason: .developerIssue) else { return }
            app.notice = qa.revoked(id, qa.refundTookBack(effect))
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
        // A family member is refunded nothing they did not pay for: the organizer stops sharing instead
        // (the family-sharing switch in the scenario panel), which revokes it.
        case .refund, .revoke: return selected?.state == .purchased && selected?.ownership == .purchased
        // The app failed to deliver it: Missing a Purchase then offers to make it good.
        case .markUndelivered:
            guard let selected, selected.state == .purchased, selected.ownership == .purchased else { return false }
            return app.store.deliveries[selected.id]?.isOpen != true
        case .delete, .move, .up, .down, .pageUp, .pageDown, .top, .bottom, .select: return selected != nil
        default: return true
        }
    }

    // MARK: view

    /// One transaction, every field.
    public static func draw(_ grid: inout Grid, _ state: AppState, _ screen: State) {
        let id = screen.id
        let body = Chrome.body(state)
        let area = body.insetHorizontally(2)
        guard let transaction = state.store.transaction(id), area.height > 0 else { return }
        let fields = fields(transaction, state)
        let labelWidth = fields.map { TextWidth.of($0.0) }.max()! + 2
        let offset = min(screen.offset, maxOffset(state, id: id))
        for (row, field) in fields.dropFirst(offset).prefix(area.height).enumerated() {
            let y = body.row + row
            grid.put(TextWidth.pad(field.0, to: labelWidth), row: y, column: area.column, role: .dim)
            grid.put(TextWidth.truncate(field.1, to: area.width - labelWidth), row: y, column: area.column + labelWidth,
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
            ("ownershipType", t.ownership == .familyShared
                ? "familyShared (\(qa.sharedByOrganizer(AppStore.familyOrganizer)))" : "purchased"),
            ("offer", t.offerKind.map { "\($0)" + (t.offerID.map { " \($0)" } ?? "") } ?? "—"),
            ("isUpgraded", t.isUpgraded ? "true" : "false"),
        ]
        if let refund = t.upgradeRefund {
            // StoreKit exposes only isUpgraded: the amount is this simulator's own estimate.
            fields.append(("upgradeRefund", state.prices.string(refund, currency: t.currency) + ", "
                                            + (t.upgradeRefundDate.map(state.dateTime) ?? "—")))
            fields.append(("", qa.upgradeRefundNote))
        }
        fields += [
            ("revocationDate", t.revocationDate.map(state.dateTime) ?? "—"),
            ("revocationReason", t.revocationReason.map {
                // Apple gives 0 (other) when the organizer stops sharing or the member leaves the family.
                "\($0)" + (t.ownership == .familyShared ? " (\(qa.familySharingStopped))" : "")
            } ?? "—"),
        ]
        if let end = t.appPassEnd {
            // Apart from StoreKit's fields: StoreKit has no expiration for a non-renewing subscription.
            fields.append(("appPassEnd", state.dateTime(end)))
            fields.append(("", qa.appPassEndNote))
        }
        if let issue = state.store.deliveries[t.id] {
            fields.append(("delivery", qa.delivery(issue)))
        }
        // The status of the transaction's own chain: a family member may have two in the group.
        if let groupID = product?.subscription?.groupID,
           let status = state.store.status(ofGroup: groupID, ownership: t.ownership),
           status.transaction.originalID == t.originalID {
            var renewal = Strings.QAStrings.renewalState(status.state)
            if let info = status.renewal {
                let next = state.store.catalog.product(info.autoRenewProductID).map(state.name) ?? info.autoRenewProductID
                renewal += info.willAutoRenew ? ", renews into \(next)" : ", auto-renew off"
                if let grace = info.gracePeriodExpiration { renewal += ", grace until \(state.dateTime(grace))" }
            }
            fields.append(("subscription", renewal))
            // StoreKit's RenewalInfo fields, current after expiry.
            if let info = status.renewal {
                if let reason = info.expirationReason {
                    fields.append(("expirationReason", "\(reason) (EXPIRED/\(reason.notificationSubtype))"))
                }
                fields.append(("priceIncreaseStatus", info.priceIncreaseStatus.map { "\($0)" } ?? "noIncreasePending"))
                // RenewalInfo's offer: what the next renewal applies (a retention offer, an offer code).
                if let offerID = info.offerID {
                    fields.append(("renewal offer", "\(info.offerKind ?? .promotional) \(UntrustedText.displayable(offerID))"))
                }
            }
        }
        return fields
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
