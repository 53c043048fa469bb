import Crypto
import Foundation
import StoreModel

/// Where signed data says it comes from: the account's environment (`AppStore.environment`).
public typealias SigningEnvironment = StoreEnvironment

/// The device that receives signed data on-device: its `deviceVerificationID` ties the data to it
/// (`deviceVerification` = base64 of SHA-384 over the lowercased nonce followed by the lowercased ID).
public struct DeviceVerification: Sendable {
    public var id: UUID
    /// Nonces derived from the device and the item signed, not drawn at random: `export --jws` writes
    /// the same bytes each time it exports a ledger (a device's app passes a fresh nonce per request).
    public var reproducible: Bool
    public init(id: UUID, reproducible: Bool = false) { (self.id, self.reproducible) = (id, reproducible) }

    /// The nonce a request for `item` carries: fresh, or derived (`reproducible`) from SHA-256 of the
    /// device's id and the item, shaped as a version-4 UUID.
    func nonce(for item: String) -> UUID {
        guard reproducible else { return UUID() }
        return AppStore.namedUUID(id.uuidString.lowercased() + " " + item)
    }

    /// The two fields an on-device JWS carries, for a fresh nonce.
    public func fields(nonce: UUID = UUID()) -> [String: Any] {
        let nonceText = nonce.uuidString.lowercased()
        let digest = SHA384.hash(data: Data((nonceText + id.uuidString.lowercased()).utf8))
        return ["deviceVerificationNonce": nonceText, "deviceVerification": Data(digest).base64EncodedString()]
    }
}

/// The App Store's signed payloads, field for field as the App Store Server API decodes them
/// (`JWSTransactionDecodedPayload`, `JWSRenewalInfoDecodedPayload`, `AppTransaction`): ids as strings,
/// dates in milliseconds since 1970, prices in milliunits, enums by Apple's names and numbers. Every
/// value is read from `StoreKitFields`, the table the inspector, the assertions and `storefront ledger`
/// read, so a signed transaction never says something the inspector does not.
public enum SignedPayloads {
    /// `JWSTransactionDecodedPayload` of transaction `t`, signed at the store's clock.
    public static func transaction(_ t: Transaction, in store: AppStore,
                                   device: DeviceVerification?) -> [String: Any] {
        let fields = Fields(StoreKitFields.transaction(t, in: store))
        var payload: [String: Any] = [
            "transactionId": String(t.id),
            "originalTransactionId": String(t.originalID),
            "bundleId": store.catalog.app.signingBundleID,
            "productId": t.productID,
            "purchaseDate": milliseconds(t.purchaseDate),
            "originalPurchaseDate": milliseconds(t.originalPurchaseDate),
            "quantity": t.quantity,
            "type": typeName(t.productType),
            "inAppOwnershipType": t.ownership == .purchased ? "PURCHASED" : "FAMILY_SHARED",
            "signedDate": milliseconds(fields.date("signedDate") ?? store.now),
            "environment": store.environment.rawValue,
            "storefront": t.storefront,
            "transactionReason": t.reason == .renewal ? "RENEWAL" : "PURCHASE",
            "currency": t.currency,
            "price": milliunits(fields.amount("price") ?? 0),
            "appTransactionId": appTransactionID(of: store),
        ]
        if let id = StorefrontIDs.id(of: t.storefront) { payload["storefrontId"] = id }
        if let group = fields.text("subscriptionGroupID") { payload["subscriptionGroupIdentifier"] = group }
        if let line = fields.text("webOrderLineItemID") { payload["webOrderLineItemId"] = line }
        if let expiration = t.expirationDate { payload["expiresDate"] = milliseconds(expiration) }
        if let token = t.appAccountToken { payload["appAccountToken"] = token.uuidString.lowercased() }
        if let date = t.revocationDate {
            payload["revocationDate"] = milliseconds(date)
            payload["revocationReason"] = t.revocationReason == .developerIssue ? 1 : 0
            if let type = t.revocationType { payload["revocationType"] = type.serverName }
            if let percentage = t.revocationPercentage { payload["revocationPercentage"] = percentage }
        }
        if t.isUpgraded { payload["isUpgraded"] = true }
        if let kind = t.offerKind {
            payload["offerType"] = offerType(kind)
            // An introductory offer has no identifier in App Store data; the others name theirs.
            if kind != .introductory, let id = t.offerID { payload["offerIdentifier"] = id }
            if let offer = store.offer(of: t) {
                payload["offerDiscountType"] = discountType(offer.paymentMode)
                payload["offerPeriod"] = offerPeriod(offer)
            }
        }
        // The monthly plan (App Store Server API's `billingPlanType`): a payment of a 12-month commitment,
        // with its `TransactionCommitmentInfo`, or a period of the plan's introductory offer before it,
        // without. Billed up front, a transaction carries neither, as StoreKit's `commitmentInfo` is nil then.
        if t.billingPlanType == .monthly { payload["billingPlanType"] = "MONTHLY" }
        if let commitment = t.commitment {
            payload["commitmentInfo"] = [
                "billingPeriodNumber": commitment.billingPeriodNumber,
                "totalBillingPeriods": commitment.totalBillingPeriods,
                "commitmentExpiresDate": milliseconds(commitment.expirationDate),
                "commitmentPrice": milliunits(commitment.price),
            ] as [String: Any]
        }
        if let device { payload.merge(device.fields(nonce: device.nonce(for: "transaction \(t.id)"))) { $1 } }
        return payload
    }

    /// `JWSRenewalInfoDecodedPayload` of the person's own subscription in a group; nil if they never had one.
    public static func renewalInfo(group groupID: String, in store: AppStore) -> [String: Any]? {
        store.renewalMoment(ofGroup: groupID).map { renewalInfo($0, in: store) }
    }

    /// `JWSRenewalInfoDecodedPayload` of a subscription's renewal info as it was at a moment (now, or
    /// when a notification was made): the values `StoreKitFields.renewal` shows, the catalog's offer
    /// terms beside them.
    public static func renewalInfo(_ moment: RenewalMoment, in store: AppStore) -> [String: Any] {
        var payload: [String: Any] = [
            "originalTransactionId": String(moment.originalTransactionID),
            "productId": moment.productID,
            "autoRenewProductId": moment.autoRenewProductID,
            // The ledger's and StoreKit's `willAutoRenew` (one source): in a commitment the next month
            // is billed even after a cancel; the commitment's own auto-renew is in `commitmentInfo`.
            "autoRenewStatus": moment.hasRenewalInfo && moment.willAutoRenew ? 1 : 0,
            "isInBillingRetryPeriod": moment.isInBillingRetry,
            "signedDate": milliseconds(moment.signedDate),
            "environment": store.environment.rawValue,
            "appTransactionId": appTransactionID(of: store),
        ]
        if let start = moment.recentSubscriptionStart { payload["recentSubscriptionStartDate"] = milliseconds(start) }
        if let reason = moment.expirationReason { payload["expirationIntent"] = expirationIntent(reason) }
        switch moment.priceIncreaseStatus {
        case .pending?: payload["priceIncreaseStatus"] = 0
        case .agreed?: payload["priceIncreaseStatus"] = 1
        case nil: break
        }
        if let grace = moment.gracePeriodExpiration { payload["gracePeriodExpiresDate"] = milliseconds(grace) }
        if let renewal = moment.renewalDate { payload["renewalDate"] = milliseconds(renewal) }
        if let price = moment.renewalPrice {
            payload["renewalPrice"] = milliunits(price)
            payload["currency"] = moment.currency
        }
        if let kind = moment.offerKind, let id = moment.offerID {
            payload["offerType"] = offerType(kind)
            payload["offerIdentifier"] = id
            if let offer = store.offer(kind: kind, id: id, productID: moment.autoRenewProductID) {
                payload["offerDiscountType"] = discountType(offer.paymentMode)
                payload["offerPeriod"] = offerPeriod(offer)
            }
        }
        if !moment.eligibleWinBackOfferIDs.isEmpty { payload["eligibleWinBackOfferIds"] = moment.eligibleWinBackOfferIDs }
        if let token = moment.appAccountToken { payload["appAccountToken"] = token.uuidString.lowercased() }
        // Only while the subscription is in a commitment (WWDC26 session 210): the plan it renews into
        // after the last payment, and the commitment's renewal (`RenewalCommitmentInfo`).
        if let plan = moment.renewalBillingPlanType {
            let name = plan == .monthly ? "MONTHLY" : "BILLED_UPFRONT"
            payload["renewalBillingPlanType"] = name
            var commitment: [String: Any] = [
                "commitmentAutoRenewStatus": moment.commitmentWillAutoRenew == true ? 1 : 0,
                "commitmentAutoRenewProductId": moment.autoRenewProductID,
                "commitmentRenewalBillingPlanType": name,
            ]
            if let end = moment.commitmentExpiration { commitment["commitmentRenewalDate"] = milliseconds(end) }
            if let price = moment.commitmentRenewalPrice { commitment["commitmentRenewalPrice"] = milliunits(price) }
            payload["commitmentInfo"] = commitment
        }
        return payload
    }

    /// The app transaction (`AppTransaction`): the app's own purchase, as the device receives it.
    public static func appTransaction(in store: AppStore, device: DeviceVerification?) -> [String: Any] {
        var payload: [String: Any] = [
            "receiptType": store.environment.rawValue,
            "bundleId": store.catalog.app.signingBundleID,
            "applicationVersion": store.scenario.appVersion,
            // The sandbox's values: App Store Connect numbers versions only in production.
            "versionExternalIdentifier": 0,
            "originalApplicationVersion": "1.0",
            "receiptCreationDate": milliseconds(store.now),
            "originalPurchaseDate": milliseconds(store.transactions.first?.purchaseDate ?? store.now),
            "appTransactionId": appTransactionID(of: store),
            "originalPlatform": "iOS",
        ]
        if let id = store.catalog.app.appAppleID { payload["appAppleId"] = id }
        if let device { payload.merge(device.fields(nonce: device.nonce(for: "app transaction"))) { $1 } }
        return payload
    }

    // MARK: Apple's names and numbers

    /// The app's download transaction id: the account's, the same in every payload of one ledger. The
    /// simulator has no download, so it is derived from the account's first transaction (or 1 before any).
    static func appTransactionID(of store: AppStore) -> String {
        String(700_000_000_000_000 + (store.transactions.first?.id ?? 0))
    }

    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

    /// An amount in milliunits: 4.99 → 4990.
    static func milliunits(_ amount: Decimal) -> Int64 {
        var scaled = amount * 1000
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        return NSDecimalNumber(decimal: rounded).int64Value
    }

    static func typeName(_ type: ProductType) -> String {
        switch type {
        case .autoRenewable: "Auto-Renewable Subscription"
        case .nonConsumable: "Non-Consumable"
        case .consumable: "Consumable"
        case .nonRenewing: "Non-Renewing Subscription"
        }
    }

    static func offerType(_ kind: SubscriptionOffer.Kind) -> Int {
        switch kind {
        case .introductory: 1
        case .promotional: 2
        case .code: 3
        case .winBack: 4
        }
    }

    static func discountType(_ mode: SubscriptionOffer.PaymentMode) -> String {
        switch mode {
        case .freeTrial: "FREE_TRIAL"
        case .payAsYouGo: "PAY_AS_YOU_GO"
        case .payUpFront: "PAY_UP_FRONT"
        }
    }

    /// The offer's whole duration as ISO 8601: a pay-as-you-go offer's periods added up.
    static func offerPeriod(_ offer: SubscriptionOffer) -> String {
        let count = offer.paymentMode == .payAsYouGo ? offer.periodCount : 1
        return "P\(offer.period.value * count)\(offer.period.unit.rawValue)"
    }

    /// `expirationIntent`: 1 cancelled, 2 billing error, 3 price increase not agreed, 4 not for sale.
    static func expirationIntent(_ reason: ExpirationReason) -> Int {
        switch reason {
        case .autoRenewDisabled: 1
        case .billingError: 2
        case .didNotConsentToPriceIncrease: 3
        case .productUnavailable: 4
        }
    }

    /// A field table read by name.
    struct Fields {
        let values: [String: StoreKitFields.Value]
        init(_ fields: [StoreKitFields.Field]) {
            values = Dictionary(fields.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        }
        func text(_ name: String) -> String? {
            if case .text(let text)? = values[name] { return text }
            return nil
        }
        func date(_ name: String) -> Date? {
            if case .date(let date)? = values[name] { return date }
            return nil
        }
        func amount(_ name: String) -> Decimal? {
            if case .amount(let amount, _)? = values[name] { return amount }
            return nil
        }
    }
}

/// The App Store's storefront ids (StoreKit's `Storefront.id`, signed data's `storefrontId`) by ISO
/// 3166-1 alpha-3 code, for the storefronts whose ids are widely published. A territory not listed
/// gets no `storefrontId` (the field is optional) rather than an invented one.
public enum StorefrontIDs {
    public static func id(of code: String) -> String? { table[code].map(String.init) }

    static let table: [String: Int] = [
        "USA": 143441, "FRA": 143442, "DEU": 143443, "GBR": 143444, "AUT": 143445, "BEL": 143446, "FIN": 143447,
        "GRC": 143448, "IRL": 143449, "ITA": 143450, "LUX": 143451, "NLD": 143452, "PRT": 143453, "ESP": 143454,
        "CAN": 143455, "SWE": 143456, "NOR": 143457, "DNK": 143458, "CHE": 143459, "AUS": 143460, "NZL": 143461,
        "JPN": 143462, "HKG": 143463, "SGP": 143464, "CHN": 143465, "KOR": 143466, "IND": 143467, "MEX": 143468,
        "RUS": 143469, "TWN": 143470, "VNM": 143471, "ZAF": 143472, "MYS": 143473, "PHL": 143474, "THA": 143475,
        "IDN": 143476, "PAK": 143477, "POL": 143478, "SAU": 143479, "TUR": 143480, "ARE": 143481, "HUN": 143482,
        "CHL": 143483, "PAN": 143485, "LKA": 143486, "ROU": 143487, "CZE": 143489, "ISR": 143491, "KWT": 143493,
        "HRV": 143494, "CRI": 143495, "SVK": 143496, "LBN": 143497, "QAT": 143498, "SVN": 143499, "COL": 143501,
        "VEN": 143502, "BRA": 143503, "GTM": 143504, "ARG": 143505, "SLV": 143506, "PER": 143507,
    ]
}

/// Every signed item of an account: its transactions, each subscription group's renewal info, the app
/// transaction and every Server Notification (its bare `signedPayload`), named for the files
/// `storefront export --jws` writes.
public enum SignedExport {
    public struct Item: Sendable {
        public var name: String
        public var jws: String
    }

    public static func items(of store: AppStore, chain: SigningChain,
                             device: DeviceVerification?) throws -> [Item] {
        var items: [Item] = []
        for t in store.transactions {
            let payload = SignedPayloads.transaction(t, in: store, device: device)
            items.append(Item(name: "transaction-\(t.id).jws", jws: try JWS.sign(payload, with: chain)))
        }
        for groupID in store.renewals.keys.sorted() {
            guard let payload = SignedPayloads.renewalInfo(group: groupID, in: store) else { continue }
            items.append(Item(name: "renewal-info-\(fileSafe(groupID)).jws", jws: try JWS.sign(payload, with: chain)))
        }
        let app = SignedPayloads.appTransaction(in: store, device: device)
        items.append(Item(name: "app-transaction.jws", jws: try JWS.sign(app, with: chain)))
        for n in store.notifications {
            let payload = try SignedPayloads.notification(n, in: store, chain: chain)
            items.append(Item(name: "notification-\(n.id).jws", jws: try JWS.sign(payload, with: chain)))
        }
        return items
    }

    /// A catalog's group id as a file name: letters, digits, '.', '-' and '_' kept, anything else '_'.
    static func fileSafe(_ text: String) -> String {
        String(text.unicodeScalars.prefix(100).map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar)) ? Character(scalar) : "_"
        })
    }
}

extension SignedPayloads {
    /// An App Store Server Notification V2 (`ResponseBodyV2DecodedPayload`), with its transaction and
    /// renewal info signed inside `data` as the App Store sends them (server-side: no device verification).
    /// The transaction, renewal info and status are signed as they were when the notification was made
    /// (`TransactionMoment`, `RenewalMoment`): `--notify` sends and `export --jws` writes the same payload.
    public static func notification(_ n: ServerNotification, in store: AppStore,
                                    chain: SigningChain) throws -> [String: Any] {
        var data: [String: Any] = [
            "bundleId": store.catalog.app.signingBundleID,
            "bundleVersion": store.scenario.appVersion,
            "environment": store.environment.rawValue,
        ]
        if let id = store.catalog.app.appAppleID { data["appAppleId"] = id }
        if let t = store.transaction(at: n) {
            data["signedTransactionInfo"] = try JWS.sign(transaction(t, in: store, device: nil), with: chain)
        }
        // The renewal info and status as they were when the notification was made; a notification from
        // before the ledger kept that is signed with them as they are.
        if let group = n.groupID, let moment = n.renewalMoment ?? store.renewalMoment(ofGroup: group) {
            data["signedRenewalInfo"] = try JWS.sign(renewalInfo(moment, in: store), with: chain)
            data["status"] = moment.state.serverStatus
        }
        if let reason = n.consumptionRequestReason { data["consumptionRequestReason"] = reason }
        var payload: [String: Any] = [
            "notificationType": n.kind.rawValue,
            "notificationUUID": n.uuid.uuidString.lowercased(),
            "version": "2.0",
            "signedDate": milliseconds(n.date),
            "data": data,
        ]
        if let subtype = n.subtype { payload["subtype"] = subtype }
        return payload
    }
}
