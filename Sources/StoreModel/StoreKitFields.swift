import Foundation

/// StoreKit's field names and their values as text: the one table the inspector, a script's
/// `expect-transaction` / `expect-renewal` and `storefront ledger` all read, so the three never disagree.
/// Names are StoreKit 2's (`Transaction`, `Product.SubscriptionInfo.RenewalInfo`), with `offer.type`,
/// `offer.id`, `offer.paymentMode` for the nested `offer`; the few fields that are this simulator's own
/// (`state`, `appPassEnd`, `upgradeRefund`, `upgradeRefundDate`, `delivery`) stand beside the StoreKit
/// fields they explain. Dates are ISO 8601 in UTC,
/// amounts Foundation's plain decimal (`4.99`), and a field with no value is `none` (StoreKit's nil); the
/// inspector shows the same dates and amounts in the person's locale.
public enum StoreKitFields {
    /// What a field holds: text, a date (compared as a date), an amount in a currency, or nothing. The
    /// inspector shows a date and an amount in the person's locale; everything else reads `text`.
    public enum Value: Sendable, Hashable {
        case text(String)
        case date(Date)
        case amount(Decimal, currency: String)
        /// A plain number that is not money (a percentage).
        case number(Decimal)
        case none

        /// The value as the assertions and the ledger command read it.
        public var text: String {
            switch self {
            case .text(let text): text
            case .date(let date): date.formatted(.iso8601)
            case .amount(let amount, _), .number(let amount): StoreKitFields.amount(amount)
            case .none: StoreKitFields.absent
            }
        }
    }

    public struct Field: Sendable, Hashable {
        public var name: String
        public var value: Value
        public init(name: String, value: Value) { (self.name, self.value) = (name, value) }
    }

    /// How a field with no value reads (StoreKit's nil).
    public static let absent = "none"

    /// Every name a transaction can have, in the order they are shown.
    public static let transactionNames = [
        "id", "originalID", "productID", "productType", "state", "purchaseDate", "originalPurchaseDate", "expirationDate",
        "appPassEnd", "isUpgraded", "upgradeRefund", "upgradeRefundDate", "revocationDate", "revocationReason",
        "revocationType", "revocationPercentage", "purchasedQuantity", "price", "currency", "storefront", "ownershipType", "offer.type", "offer.id", "offer.paymentMode",
        "subscriptionGroupID", "webOrderLineItemID", "appAccountToken", "reason", "environment", "signedDate", "delivery",
        "billingPlanType", "commitmentInfo.billingPeriodNumber", "commitmentInfo.totalBillingPeriods",
        "commitmentInfo.expirationDate", "commitmentInfo.price",
    ]

    /// A commitment's fields (monthly payments with a 12-month commitment): tables that align their
    /// names (the inspector, `storefront ledger`) show them only where there is one.
    public static let commitmentNames: Set<String> = [
        "commitmentInfo.billingPeriodNumber", "commitmentInfo.totalBillingPeriods", "commitmentInfo.expirationDate",
        "commitmentInfo.price", "renewalBillingPlanType", "commitmentInfo.willAutoRenew", "commitmentInfo.renewalPrice",
    ]

    /// Every name a subscription group's renewal info can have, in the order they are shown. `state` is
    /// the group's `Product.SubscriptionInfo.Status.state`.
    public static let renewalNames = [
        "state", "subscriptionGroupID", "originalTransactionID", "currentProductID", "willAutoRenew",
        "autoRenewPreference", "renewalDate", "renewalPrice", "currency", "expirationReason", "isInBillingRetry",
        "gracePeriodExpirationDate", "priceIncreaseStatus", "offer.type", "offer.id", "eligibleWinBackOfferIDs",
        "environment", "signedDate", "renewalBillingPlanType", "commitmentInfo.willAutoRenew", "commitmentInfo.renewalPrice",
        "appAccountToken",
    ]

    /// Names whose values are dates: an expectation on them compares dates, not text.
    public static let dateNames: Set<String> = [
        "purchaseDate", "originalPurchaseDate", "expirationDate", "signedDate", "revocationDate",
        "upgradeRefundDate", "appPassEnd", "renewalDate", "gracePeriodExpirationDate", "commitmentInfo.expirationDate",
    ]

    /// A transaction's fields, every name in `transactionNames`, in that order.
    public static func transaction(_ t: Transaction, in store: AppStore) -> [Field] {
        let product = store.catalog.product(t.productID)
        let offer = store.offer(of: t)
        let values: [Value] = [
            .text(String(t.id)),
            .text(String(t.originalID)),
            .text(t.productID),
            .text(t.productType.rawValue),
            .text(t.state.rawValue),
            .date(t.purchaseDate),
            .date(t.originalPurchaseDate),
            t.expirationDate.map(Value.date) ?? .none,
            t.appPassEnd.map(Value.date) ?? .none,
            .text(t.isUpgraded ? "true" : "false"),
            t.upgradeRefund.map { .amount($0, currency: t.currency) } ?? .none,
            t.upgradeRefundDate.map(Value.date) ?? .none,
            t.revocationDate.map(Value.date) ?? .none,
            t.revocationReason.map { .text($0.rawValue) } ?? .none,
            t.revocationType.map { .text($0.rawValue) } ?? .none,
            t.revocationPercentage.map { .number(Decimal($0) / 1_000) } ?? .none,
            .text(String(t.quantity)),
            .amount(t.price * Decimal(t.quantity), currency: t.currency),
            .text(t.currency),
            .text(t.storefront),
            .text(t.ownership.rawValue),
            t.offerKind.map { .text($0.rawValue) } ?? .none,
            t.offerID.map(Value.text) ?? .none,
            offer.map { .text($0.paymentMode.rawValue) } ?? .none,
            product?.subscription.map { .text($0.groupID) } ?? .none,
            // StoreKit's id of a subscription purchase event, renewals included; nil for other products.
            // The simulator numbers them as the transactions that record them.
            t.productType == .autoRenewable ? .text(String(t.id)) : .none,
            t.appAccountToken.map { .text($0.uuidString.lowercased()) } ?? .none,
            .text(t.reason.rawValue),
            .text(store.environment.rawValue),
            // The App Store signs a transaction again when it changes: a refund re-signs it.
            .date(max(t.purchaseDate, t.revocationDate ?? t.purchaseDate)),
            store.deliveries[t.id].map { .text($0.resolution?.rawValue ?? "undelivered") } ?? .none,
            t.billingPlanType.map { .text($0.rawValue) } ?? .none,
            t.commitment.map { .text(String($0.billingPeriodNumber)) } ?? .none,
            t.commitment.map { .text(String($0.totalBillingPeriods)) } ?? .none,
            t.commitment.map { .date($0.expirationDate) } ?? .none,
            t.commitment.map { .amount($0.price, currency: t.currency) } ?? .none,
        ]
        return zip(transactionNames, values).map { Field(name: $0, value: $1) }
    }

    /// A subscription status's renewal info, every name in `renewalNames`, in that order.
    public static func renewal(_ status: SubscriptionStatus, group groupID: String, in store: AppStore) -> [Field] {
        store.renewalMoment(status, group: groupID).fields(environment: store.environment)
    }

    /// Every name a log event has (not StoreKit's: what happened that is no transaction, `StoreEvent`).
    public static let eventNames = ["id", "date", "kind", "productID", "quantity", "offerID", "failure", "status",
                                    "resolvedDate", "transactionID", "restored", "refundReason", "codeRefusal"]

    /// A log event's fields, every name in `eventNames`, in that order.
    public static func event(_ e: StoreEvent) -> [Field] {
        let values: [Value] = [
            .text(String(e.id)), .date(e.date), .text(e.kind.rawValue), e.productID.map(Value.text) ?? .none,
            .text(String(e.quantity)), e.offerID.map(Value.text) ?? .none, e.failure.map { .text($0.rawValue) } ?? .none,
            .text(e.status.rawValue), e.resolvedDate.map(Value.date) ?? .none,
            e.transactionID.map { .text(String($0)) } ?? .none, e.restored.map { .text(String($0)) } ?? .none,
            e.refundReason.map { .text($0.rawValue) } ?? .none, e.codeRefusal.map(Value.text) ?? .none,
        ]
        return zip(eventNames, values).map { Field(name: $0, value: $1) }
    }

    /// Every name a Server Notification has: the V2 payload's own names, with the transaction and group
    /// its data carries and how delivery went (not Apple's: the outbox's).
    public static let notificationNames = ["id", "notificationUUID", "notificationType", "subtype", "signedDate", "transactionID",
                                           "subscriptionGroupID", "consumptionRequestReason", "delivery", "attempts", "nextAttempt",
                                           "status", "renewalInfo.originalTransactionID"]

    /// A Server Notification's fields, every name in `notificationNames`, in that order.
    public static func notification(_ n: ServerNotification) -> [Field] {
        let values: [Value] = [
            .text(String(n.id)), .text(n.uuid.uuidString.lowercased()), .text(n.kind.rawValue), n.subtype.map(Value.text) ?? .none,
            .date(n.date), n.transactionID.map { .text(String($0)) } ?? .none, n.groupID.map(Value.text) ?? .none,
            n.consumptionRequestReason.map(Value.text) ?? .none, .text(n.delivery.rawValue), .text(String(n.attempts)),
            n.nextAttempt.map(Value.date) ?? .none,
            // The signed data's status and renewal info: of the chain the notification is about, as it
            // was when the notification was made.
            n.renewalMoment.map { .text(String($0.state.serverStatus)) } ?? .none,
            n.renewalMoment.map { .text(String($0.originalTransactionID)) } ?? .none,
        ]
        return zip(notificationNames, values).map { Field(name: $0, value: $1) }
    }

    /// A plain decimal, as Foundation writes it: `4.99`, `1200`.
    public static func amount(_ value: Decimal) -> String {
        value.formatted(.number.grouping(.never).locale(Locale(identifier: "en_US_POSIX")))
    }

    /// Reads an expected date as a script writes it: ISO 8601 with a time (`2026-12-21T09:00:00Z`, the
    /// instant) or a day (`2026-12-21`, its start in UTC); `isDay` says which.
    public static func date(_ text: String) -> (date: Date, isDay: Bool)? {
        if let date = try? Date(text, strategy: .iso8601) { return (date, false) }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return (date, false) }
        return (try? Date(text, strategy: Date.ISO8601FormatStyle().year().month().day())).map { ($0, true) }
    }

    /// Whether a date field holds the date a script expects: the same instant, or for a day, any time
    /// on that day in UTC.
    public static func matches(_ date: Date, expected text: String) -> Bool {
        guard let (expected, isDay) = self.date(text) else { return false }
        return isDay ? date >= expected && date < expected.addingTimeInterval(86_400) : date == expected
    }
}

extension AppStore {
    /// The offer a transaction names, from the catalog.
    public func offer(kind: SubscriptionOffer.Kind, id: String?, productID: String) -> SubscriptionOffer? {
        catalog.product(productID).flatMap { offer(kind: kind, id: id, product: $0) }
    }

    /// The offer a transaction was billed under (the monthly plan's introductory offer included).
    public func offer(of transaction: Transaction) -> SubscriptionOffer? {
        catalog.product(transaction.productID).flatMap { offer(of: transaction, product: $0) }
    }
}
