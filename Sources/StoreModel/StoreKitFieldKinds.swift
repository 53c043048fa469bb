import Foundation

/// What each field of `StoreKitFields`' tables holds: the one table `storefront ledger --json` types its
/// values by, a script's `expect-transaction` and `expect-renewal` check their values by when the script
/// is read, and docs/qa.md lists ("Field types"; a test keeps the list the table's).
extension StoreKitFields {
    /// The four tables: a transaction, a subscription group's renewal info, a log event, a notification.
    public enum Table: String, Sendable, CaseIterable {
        case transaction, renewalInfo, event, notification

        public var names: [String] {
            switch self {
            case .transaction: StoreKitFields.transactionNames
            case .renewalInfo: StoreKitFields.renewalNames
            case .event: StoreKitFields.eventNames
            case .notification: StoreKitFields.notificationNames
            }
        }
    }

    /// A field's kind. In JSON: `text`, `date`, `uuid` and `oneOf` are strings, `integer` a number,
    /// `boolean` true or false, `amount` a string of a plain decimal ("4.99", never a binary float), and
    /// a field with no value null.
    public enum Kind: Sendable, Equatable {
        case text
        case integer
        case boolean
        /// ISO 8601 in UTC.
        case date
        /// A plain decimal in the transaction's currency, compared as a number (19.8 is 19.80).
        case amount
        /// A plain decimal that is not money (a percentage from 0 to 100), compared as a number.
        case decimal
        /// Lowercased.
        case uuid
        /// One of these names.
        case oneOf([String])

        /// How docs/qa.md names it.
        public var documented: String {
            switch self {
            case .text: "text"
            case .integer: "integer"
            case .boolean: "true or false"
            case .date: "date (ISO 8601, UTC)"
            case .amount: "amount (a plain decimal, in JSON a string)"
            case .decimal: "decimal (a plain decimal, in JSON a string)"
            case .uuid: "UUID (lowercase)"
            case .oneOf(let names): "one of " + names.map { "`\($0)`" }.joined(separator: ", ")
            }
        }

        /// Why `text` cannot be a value of this kind, or nil when it can (`none`, StoreKit's nil, always can).
        public func problem(with text: String) -> String? {
            guard text != StoreKitFields.absent else { return nil }
            switch self {
            case .text: return nil
            case .integer: return Int64(text) == nil ? "a whole number" : nil
            case .boolean: return text == "true" || text == "false" ? nil : "true or false"
            case .date: return StoreKitFields.date(text) == nil ? "a date in ISO 8601, like 2026-12-21T09:00:00Z or 2026-12-21" : nil
            case .amount, .decimal: return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) == nil || text.contains(",")
                ? "an amount written as a plain decimal, like 4.99" : nil
            case .uuid: return UUID(uuidString: text) == nil ? "a UUID" : nil
            case .oneOf(let names): return names.contains(text) ? nil : "one of " + names.joined(separator: ", ")
            }
        }
    }

    /// The kind of a field of a table (every name in the table has one).
    public static func kind(of name: String, in table: Table) -> Kind {
        if dateNames.contains(name) || name == "date" || name == "resolvedDate" || name == "nextAttempt" { return .date }
        switch (table, name) {
        case (_, "id"), (_, "originalID"), (_, "purchasedQuantity"), (_, "webOrderLineItemID"), (_, "originalTransactionID"),
             (_, "commitmentInfo.billingPeriodNumber"), (_, "commitmentInfo.totalBillingPeriods"), (_, "quantity"),
             (_, "transactionID"), (_, "restored"), (_, "attempts"), (.notification, "renewalInfo.originalTransactionID"):
            return .integer
        case (_, "isUpgraded"), (_, "willAutoRenew"), (_, "isInBillingRetry"), (_, "commitmentInfo.willAutoRenew"):
            return .boolean
        case (_, "price"), (_, "upgradeRefund"), (_, "commitmentInfo.price"), (_, "renewalPrice"), (_, "commitmentInfo.renewalPrice"):
            return .amount
        case (.transaction, "revocationPercentage"): return .decimal
        case (.transaction, "revocationType"): return .oneOf(Transaction.RevocationType.allCases.map(\.rawValue))
        case (_, "appAccountToken"), (_, "notificationUUID"):
            return .uuid
        case (.transaction, "productType"): return .oneOf(ProductType.allCases.map(\.rawValue))
        case (.transaction, "state"): return .oneOf(Transaction.State.allCases.map(\.rawValue))
        case (_, "revocationReason"): return .oneOf(Transaction.RevocationReason.allCases.map(\.rawValue))
        case (_, "ownershipType"): return .oneOf(Transaction.Ownership.allCases.map(\.rawValue))
        case (_, "offer.type"): return .oneOf(SubscriptionOffer.Kind.allCases.map(\.rawValue))
        case (_, "offer.paymentMode"): return .oneOf(SubscriptionOffer.PaymentMode.allCases.map(\.rawValue))
        case (.transaction, "reason"): return .oneOf(Transaction.Reason.allCases.map(\.rawValue))
        case (_, "environment"): return .oneOf(StoreEnvironment.allCases.map(\.rawValue))
        case (.transaction, "delivery"): return .oneOf(DeliveryIssue.Resolution.allCases.map(\.rawValue) + ["undelivered"])
        case (_, "billingPlanType"), (_, "renewalBillingPlanType"): return .oneOf(BillingPlanType.allCases.map(\.rawValue))
        case (.renewalInfo, "state"): return .oneOf(RenewalState.allCases.map(\.rawValue))
        case (_, "expirationReason"): return .oneOf(ExpirationReason.allCases.map(\.rawValue))
        case (_, "priceIncreaseStatus"): return .oneOf(PriceIncreaseStatus.allCases.map(\.rawValue) + ["noIncreasePending"])
        case (.event, "kind"): return .oneOf(StoreEvent.Kind.allCases.map(\.rawValue))
        case (.event, "failure"): return .oneOf(PurchaseError.allCases.map(\.rawValue))
        case (.event, "status"): return .oneOf(StoreEvent.Status.allCases.map(\.rawValue))
        case (.event, "refundReason"): return .oneOf(RefundReason.allCases.map(\.rawValue))
        case (.event, "codeRefusal"): return .oneOf(OfferCodeError.names)
        case (.notification, "notificationType"): return .oneOf(ServerNotification.Kind.allCases.map(\.rawValue))
        case (.notification, "status"): return .oneOf(RenewalState.allCases.map { String($0.serverStatus) }.sorted())
        case (.notification, "delivery"): return .oneOf(ServerNotification.Delivery.allCases.map(\.rawValue))
        default: return .text
        }
    }
}

extension StoreKitFields {
    /// docs/qa.md's "Field types": every table's fields with their kinds, written from this table (a
    /// test compares the document with it, so the two cannot drift).
    public static func documentation() -> String {
        Table.allCases.map { table in
            "**\(table.rawValue)**\n\n| field | value |\n|---|---|\n"
                + table.names.map { "| `\($0)` | \(kind(of: $0, in: table).documented) |" }.joined(separator: "\n")
        }.joined(separator: "\n\n") + "\n"
    }
}
