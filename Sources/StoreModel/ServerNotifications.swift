import Foundation

/// An App Store Server Notification V2 the App Store sends the app's server as the account changes
/// ("App Store Server Notifications V2", notificationType and subtype). The model keeps them in an
/// outbox in the order they happened; whoever delivers them (`--notify URL`) signs each one when it
/// sends it and records how delivery went. Apple sends them once in the sandbox; production retries
/// a failed one after 1, 12, 24, 48 and 72 hours ("Responding to App Store Server Notifications").
public struct ServerNotification: Sendable, Hashable, Identifiable {
    public enum Kind: String, Sendable, CaseIterable {
        case subscribed = "SUBSCRIBED"
        case didRenew = "DID_RENEW"
        case didFailToRenew = "DID_FAIL_TO_RENEW"
        case gracePeriodExpired = "GRACE_PERIOD_EXPIRED"
        case expired = "EXPIRED"
        case didChangeRenewalStatus = "DID_CHANGE_RENEWAL_STATUS"
        case didChangeRenewalPref = "DID_CHANGE_RENEWAL_PREF"
        case offerRedeemed = "OFFER_REDEEMED"
        case priceIncrease = "PRICE_INCREASE"
        case refund = "REFUND"
        case refundDeclined = "REFUND_DECLINED"
        case refundReversed = "REFUND_REVERSED"
        case revoke = "REVOKE"
        case consumptionRequest = "CONSUMPTION_REQUEST"
        case oneTimeCharge = "ONE_TIME_CHARGE"
    }

    public enum Delivery: String, Sendable, CaseIterable {
        /// not sent yet, or sent and failed with a retry still due (`nextAttempt`)
        case pending
        /// an attempt is on its way (counted in `attempts` before it went): its answer is not known yet.
        /// One left so when the app ended is not made again as a first attempt: the next launch counts
        /// it failed (`endCutAttempts`).
        case sending
        case delivered
        /// every attempt failed: the sandbox's one, or production's schedule to its end
        case failed
        /// no `--notify` URL: kept in the outbox only (`storefront export --jws` writes it)
        case notSent
    }

    public var id: UInt64
    public var uuid: UUID
    public var kind: Kind
    public var subtype: String?
    /// When it happened: the notification's `signedDate`.
    public var date: Date
    /// The transaction it is about (`data.signedTransactionInfo`).
    public var transactionID: UInt64?
    /// The subscription group whose renewal info it carries (`data.signedRenewalInfo`); nil for one-time purchases.
    public var groupID: String?
    /// CONSUMPTION_REQUEST only: why the person asked for a refund (`consumptionRequestReason`).
    public var consumptionRequestReason: String?
    /// Its transaction as it was when the notification was made: a REFUND keeps its revocation after
    /// the refund is reversed, an upgraded period its state before the upgrade. Nil without a transaction.
    public var transactionMoment: TransactionMoment?
    /// Its group's renewal info and status as they were when the notification was made
    /// (`data.signedRenewalInfo`, `data.status`: "as of the signedDate"). Nil without a group or a
    /// subscription of the person's own in it, and for notifications from before it was kept.
    public var renewalMoment: RenewalMoment?
    public var delivery: Delivery
    public var attempts: Int
    /// Production's schedule: when the next attempt is due, on the simulated clock.
    public var nextAttempt: Date?
    /// The device that sends it (`--notify`), named in the ledger with the notification itself, so
    /// another device of the account sharing the ledger never sends it too. Nil when none does.
    public var sender: String?

    public init(id: UInt64, uuid: UUID, kind: Kind, subtype: String?, date: Date, transactionID: UInt64?, groupID: String?,
                consumptionRequestReason: String? = nil, transactionMoment: TransactionMoment? = nil,
                renewalMoment: RenewalMoment? = nil, delivery: Delivery = .pending, attempts: Int = 0,
                nextAttempt: Date? = nil, sender: String? = nil) {
        (self.id, self.uuid, self.kind, self.subtype, self.date) = (id, uuid, kind, subtype, date)
        (self.transactionMoment, self.renewalMoment, self.sender) = (transactionMoment, renewalMoment, sender)
        (self.transactionID, self.groupID, self.consumptionRequestReason) = (transactionID, groupID, consumptionRequestReason)
        (self.delivery, self.attempts, self.nextAttempt) = (delivery, attempts, nextAttempt)
    }

    /// Production's retry schedule after a failed attempt: 1, 12, 24, 48 and 72 hours.
    public static let retryDelays: [TimeInterval] = [1, 12, 24, 48, 72].map { $0 * 3_600 }

    /// `CONSUMPTION_REQUEST`'s `consumptionRequestReason` for the reason the person gave.
    public static func consumptionReason(_ reason: RefundReason?) -> String {
        switch reason {
        case .didNotMeanToBuy?, .childPurchase?: "UNINTENDED_PURCHASE"
        case .doesNotWork?, .notReceived?: "FULFILLMENT_ISSUE"
        case .other?, nil: "OTHER"
        }
    }
}

/// The parts of a transaction that change after it is made (a refund and its reversal, an upgrade, an
/// expiry moved by time travel or a QA action), as they were at one moment: what a notification keeps
/// of its transaction, so it is signed as the App Store sent it then, not as the ledger holds it now.
public struct TransactionMoment: Sendable, Hashable {
    public var state: Transaction.State
    public var expirationDate: Date?
    public var revocationDate: Date?
    public var revocationReason: Transaction.RevocationReason?
    public var revocationType: Transaction.RevocationType?
    public var revocationPercentage: Int?
    public var isUpgraded: Bool
    public var upgradeRefund: Decimal?
    public var upgradeRefundDate: Date?

    public init(_ t: Transaction) {
        (state, expirationDate, revocationDate, revocationReason) = (t.state, t.expirationDate, t.revocationDate, t.revocationReason)
        (revocationType, revocationPercentage) = (t.revocationType, t.revocationPercentage)
        (isUpgraded, upgradeRefund, upgradeRefundDate) = (t.isUpgraded, t.upgradeRefund, t.upgradeRefundDate)
    }

    public init(state: Transaction.State, expirationDate: Date?, revocationDate: Date?, revocationReason: Transaction.RevocationReason?,
                revocationType: Transaction.RevocationType? = nil, revocationPercentage: Int? = nil,
                isUpgraded: Bool, upgradeRefund: Decimal?, upgradeRefundDate: Date?) {
        (self.state, self.expirationDate, self.revocationDate, self.revocationReason) = (state, expirationDate, revocationDate, revocationReason)
        (self.revocationType, self.revocationPercentage) = (revocationType, revocationPercentage)
        (self.isUpgraded, self.upgradeRefund, self.upgradeRefundDate) = (isUpgraded, upgradeRefund, upgradeRefundDate)
    }

    /// The transaction as it was at this moment.
    public func applied(to t: Transaction) -> Transaction {
        var then = t
        (then.state, then.expirationDate, then.revocationDate, then.revocationReason) = (state, expirationDate, revocationDate, revocationReason)
        (then.revocationType, then.revocationPercentage) = (revocationType, revocationPercentage)
        (then.isUpgraded, then.upgradeRefund, then.upgradeRefundDate) = (isUpgraded, upgradeRefund, upgradeRefundDate)
        return then
    }
}

/// What changed since notifications were last collected: the value each changed item had before its
/// first change (nil: it is new). Filled by the model's only writers (`append`, `update`,
/// `changeRenewal`, `record`, `changeEvent`), so collecting looks at what changed, never the whole ledger.
struct NotificationBaseline: Sendable {
    var transactions: [UInt64: Transaction?] = [:]
    var renewals: [String: AppStore.RenewalInfo?] = [:]
    var events: [UInt64: StoreEvent?] = [:]
    /// Groups whose grace period ended during time travel with the billing issue unresolved.
    var graceEnded: [(group: String, date: Date)] = []

    var isEmpty: Bool { transactions.isEmpty && renewals.isEmpty && events.isEmpty && graceEnded.isEmpty }

    mutating func note(transaction: Transaction?, id: UInt64) {
        if transactions.index(forKey: id) == nil { transactions[id] = .some(transaction) }
    }
    mutating func note(renewal: AppStore.RenewalInfo?, group: String) {
        if renewals.index(forKey: group) == nil { renewals[group] = .some(renewal) }
    }
    mutating func note(event: StoreEvent?, id: UInt64) {
        if events.index(forKey: id) == nil { events[id] = .some(event) }
    }
}

extension AppStore {
    /// Turns what changed since the last collection into Server Notifications, in the order Apple
    /// would send them, and adds them to the outbox. Called after each thing the person or QA does (a
    /// key, a script line, time travel), so each notification is dated when its change happened.
    /// Whether something changed that `collectNotifications` would make notifications of (asking
    /// changes nothing: a view may keep what it drew from an unchanged store).
    public var hasUncollectedChanges: Bool { !notificationBaseline.isEmpty || !unnumberedNotifications.isEmpty }

    public mutating func collectNotifications() {
        noteNotifications()
        guard !unnumberedNotifications.isEmpty else { return }
        // In the order they happened; what happened at one instant keeps the order they were noted in.
        let made = unnumberedNotifications
        unnumberedNotifications = []
        let order = made.indices.sorted { (made[$0].date, $0) < (made[$1].date, $1) }
        for position in order {
            var notification = made[position]
            notification.id = nextNotificationID
            // Under a script's seed, its UUID is named by its id: the same on every run.
            if let uuid = identityUUID("notification \(notification.id)") { notification.uuid = uuid }
            nextNotificationID += 1
            if notification.delivery == .pending { pendingNotifications.append(notifications.count) }
            notifications.append(notification)
            unsavedChanges.notificationIDs.insert(notification.id)
        }
    }

    /// Notes what changed as of `date`, during time travel: the renewal engine calls it after each
    /// change it makes (a renewal, a failed charge, an expiry), with the clock at that change, so each
    /// notification keeps its transaction, renewal info and status as they were when it happened,
    /// not as the end of the journey left them.
    mutating func noteNotifications(asOf date: Date) {
        guard !notificationBaseline.isEmpty else { return }
        let present = now
        now = date
        noteNotifications()
        now = present
    }

    /// Turns what changed since the baseline into notifications, as of `now`, kept unnumbered until
    /// `collectNotifications` numbers them in the order they happened.
    mutating func noteNotifications() {
        guard !notificationBaseline.isEmpty else { return }
        let baseline = notificationBaseline
        notificationBaseline = NotificationBaseline()
        unnumberedNotifications += notifications(for: baseline)
    }

    /// The notifications what changed since `baseline` makes, as of `now` (unnumbered). Reads only: the
    /// account is not copied for each notification.
    private func notifications(for baseline: NotificationBaseline) -> [ServerNotification] {
        // What each notification says, worked out below; its moments are added at the end (the local
        // functions here capture nothing of the account, which would copy it for each notification).
        var made: [ServerNotification] = []
        let now = now
        func add(_ kind: ServerNotification.Kind, _ subtype: String? = nil, transaction: UInt64?, group: String?,
                 date: Date? = nil, reason: String? = nil) {
            made.append(ServerNotification(id: 0, uuid: UUID(), kind: kind, subtype: subtype, date: date ?? now,
                                           transactionID: transaction, groupID: group, consumptionRequestReason: reason))
        }

        // Groups where an upgrade replaced a transaction in this change: the new purchase is the upgrade.
        var upgradedGroups: Set<String> = []
        var purchasedGroups: Set<String> = []
        // Groups where a refund (or its reversal) turned auto-renew off (or on): REFUND (REFUND_REVERSED)
        // says it, with no DID_CHANGE_RENEWAL_STATUS of its own — the person changed nothing.
        var refundedGroups: Set<String> = []
        for (id, before) in baseline.transactions {
            guard let after = transaction(id), let group = groupID(ofProduct: after.productID) else { continue }
            if before == nil, after.reason == .purchase { purchasedGroups.insert(group) }
            if let before = before ?? nil, (before.revocationDate == nil) != (after.revocationDate == nil) { refundedGroups.insert(group) }
            if before?.isUpgraded == false, after.isUpgraded { upgradedGroups.insert(group) }
        }
        for id in baseline.transactions.keys.sorted() {
            guard let after = transaction(id), let before = baseline.transactions[id] else { continue }
            // A new transaction (inline, not a local function: one would copy the account to capture it).
            created: do {
                guard before == nil else { break created }
                let t = after
                // A family member's shared subscription: the App Store notifies for the member's own
                // transaction too (inAppOwnershipType FAMILY_SHARED) — its start and each renewal the
                // organizer pays. A shared non-consumable is the organizer's ONE_TIME_CHARGE, not this account's.
                guard t.ownership == .purchased else {
                    guard t.productType == .autoRenewable, let group = groupID(ofProduct: t.productID) else { break created }
                    let renewal = t.reason == .renewal || t.id != t.originalID
                    add(renewal ? .didRenew : .subscribed, renewal ? nil : "INITIAL_BUY", transaction: t.id, group: group, date: t.purchaseDate)
                    break created
                }
                guard t.productType == .autoRenewable, let group = groupID(ofProduct: t.productID) else {
                    add(.oneTimeCharge, transaction: t.id, group: nil, date: t.purchaseDate)
                    break created
                }
                if t.reason == .renewal {
                    let recovered = (baseline.renewals[group] ?? nil)?.billingIssueSince != nil
                    add(.didRenew, recovered ? "BILLING_RECOVERY" : nil, transaction: t.id, group: group, date: t.purchaseDate)
                    break created
                }
                let upgrade = upgradedGroups.contains(group)
                let initial = t.id == t.originalID
                if t.offerKind == .promotional || t.offerKind == .code || t.offerKind == .winBack {
                    add(.offerRedeemed, upgrade ? "UPGRADE" : initial ? "INITIAL_BUY" : "RESUBSCRIBE", transaction: t.id,
                        group: group, date: t.purchaseDate)
                } else if upgrade {
                    add(.didChangeRenewalPref, "UPGRADE", transaction: t.id, group: group, date: t.purchaseDate)
                } else {
                    add(.subscribed, initial ? "INITIAL_BUY" : "RESUBSCRIBE", transaction: t.id, group: group, date: t.purchaseDate)
                }
            }
            if before?.revocationDate == nil, let revoked = after.revocationDate {
                add(after.ownership == .purchased ? .refund : .revoke, transaction: id,
                    group: groupID(ofProduct: after.productID), date: revoked)
            }
            if before?.revocationDate != nil, after.revocationDate == nil, after.ownership == .purchased {
                add(.refundReversed, transaction: id, group: groupID(ofProduct: after.productID))
            }
        }
        for group in baseline.renewals.keys.sorted() {
            guard let recorded = baseline.renewals[group], let before = recorded, let after = renewals[group] else { continue }
            let latest = latestTransaction(inGroup: group)?.id
            if before.expirationReason == nil, let reason = after.expirationReason {
                // Cancelled in a grace period or billing retry: auto-renew turned off, then the
                // subscription expired at once, by the customer's choice.
                if reason == .autoRenewDisabled, before.billingIssueSince != nil {
                    add(.didChangeRenewalStatus, "AUTO_RENEW_DISABLED", transaction: latest, group: group)
                    add(.expired, reason.notificationSubtype, transaction: latest, group: group)
                    continue
                }
                // Dated when the subscription ended (time travel may have passed it), not when noticed.
                let ended = latestTransaction(inGroup: group)?.expirationDate.map { min($0, now) } ?? now
                // A renewal that failed and ran out of billing retry in one stretch of time travel: the
                // failure was sent when it happened, before the expiry.
                if reason == .billingError, before.billingIssueSince == nil {
                    add(.didFailToRenew, baseline.graceEnded.contains { $0.group == group } ? "GRACE_PERIOD" : nil,
                        transaction: latest, group: group, date: ended)
                }
                // Billing retry ends at its end (or when cancelling ended it), after the failure and any grace period.
                let retryEnded = reason != .billingError ? ended
                    : min(now, before.billingIssueSince.map { billingRetryEnd(of: before, since: $0) } ?? billingRetryEnd(since: ended))
                add(.expired, reason.notificationSubtype, transaction: latest, group: group, date: retryEnded)
                continue
            }
            if before.billingIssueSince == nil, let since = after.billingIssueSince {
                add(.didFailToRenew, after.gracePeriodExpiration == nil ? nil : "GRACE_PERIOD", transaction: latest, group: group,
                    date: since)
            }
            // A new purchase in the group (a resubscription) turns auto-renew on as part of SUBSCRIBED.
            if before.willAutoRenew != after.willAutoRenew, !purchasedGroups.contains(group), !refundedGroups.contains(group) {
                add(.didChangeRenewalStatus, after.willAutoRenew ? "AUTO_RENEW_ENABLED" : "AUTO_RENEW_DISABLED", transaction: latest, group: group)
            }
            // An offer booked for the next renewal: OFFER_REDEEMED, with no subtype for the active
            // subscription's own plan, or DOWNGRADE with a downgrade booked with the offer (Apple's subtype
            // table: "the user downgraded their subscription" with an offer), in place of DID_CHANGE_RENEWAL_PREF.
            let offerBooked = before.offerID == nil && after.offerID != nil && !purchasedGroups.contains(group)
            if before.autoRenewProductID != after.autoRenewProductID, !purchasedGroups.contains(group) {
                // DOWNGRADE: "downgraded or cross-graded to a subscription with a different duration"
                // (Apple's notificationSubtype); no subtype: a booked downgrade taken back, or a
                // crossgrade of the same duration.
                let current = latestTransaction(inGroup: group).flatMap { catalog.product($0.productID)?.subscription }
                let next = catalog.product(after.autoRenewProductID)?.subscription
                let downgrade = current.flatMap { current in next.map { $0.level > current.level || $0.level == current.level && $0.period != current.period } } ?? false
                add(offerBooked ? .offerRedeemed : .didChangeRenewalPref, downgrade ? "DOWNGRADE" : nil, transaction: latest, group: group)
            } else if offerBooked {
                add(.offerRedeemed, transaction: latest, group: group)
            }
            if before.priceIncreaseStatus != after.priceIncreaseStatus, let status = after.priceIncreaseStatus {
                add(.priceIncrease, status == .pending ? "PENDING" : "ACCEPTED", transaction: latest, group: group)
            }
        }
        for ended in baseline.graceEnded {
            add(.gracePeriodExpired, transaction: latestTransaction(inGroup: ended.group)?.id, group: ended.group, date: ended.date)
        }
        for id in baseline.events.keys.sorted() {
            guard let position = log.positions[id], case let after = log.events[position], after.kind == .refundRequest,
                  let transactionID = after.transactionID, let t = transaction(transactionID) else { continue }
            let before = baseline.events[id] ?? nil
            if before == nil, t.productType == .consumable || t.productType == .autoRenewable {
                add(.consumptionRequest, transaction: transactionID, group: groupID(ofProduct: t.productID), date: after.date,
                    reason: ServerNotification.consumptionReason(after.refundReason))
            }
            if before?.status != .declined, after.status == .declined {
                add(.refundDeclined, transaction: transactionID, group: groupID(ofProduct: t.productID))
            }
        }
        // Each keeps its transaction, and its group's renewal info and status, as they are now.
        let delivery = notificationDelivery
        let sender = delivery == .pending ? deviceName : nil
        // The renewal info and status of the notification's own chain: a family member's shared chain
        // for its transactions (its status 5 once revoked), the person's own otherwise (issue 55, item 12).
        var moments: [String: RenewalMoment?] = [:]
        for index in made.indices {
            let about = made[index].transactionID.flatMap { self.transaction($0) }
            made[index].transactionMoment = about.map(TransactionMoment.init)
            if let group = made[index].groupID {
                let ownership = about?.ownership ?? .purchased
                let key = group + "\u{0}" + ownership.rawValue
                if moments[key] == nil {
                    moments[key] = .some(status(ofGroup: group, ownership: ownership).map { renewalMoment($0, group: group) })
                }
                made[index].renewalMoment = moments[key] ?? nil
            }
            (made[index].delivery, made[index].sender) = (delivery, sender)
        }
        return made
    }

    /// How a new notification starts: pending when a server listens (`--notify URL`), else kept only.
    var notificationDelivery: ServerNotification.Delivery { notifyingServer ? .pending : .notSent }

    /// Starts an attempt for each notification due now (`notificationsDue`): it is on its way, the
    /// attempt counted before it goes, so the ledger knows of it even if the app ends before the answer.
    /// Returns whether any started (the runtime sends them once they are saved: `notificationsSending`).
    public mutating func startDeliveries() -> Bool {
        let due = pendingNotifications.filter { isDue(notifications[$0]) }
        for position in due {
            notifications[position].delivery = .sending
            notifications[position].attempts += 1
            notifications[position].nextAttempt = nil
            unsavedChanges.notificationIDs.insert(notifications[position].id)
        }
        return !due.isEmpty
    }

    /// Records how an attempt to deliver notification `id` went: delivered, or failed — then, with
    /// production's retries on, the next attempt is due after the schedule's next delay on the
    /// simulated clock; without them (the sandbox) it stays failed. An answer to an attempt no longer
    /// on its way (its app ended, and a later launch counted it failed) changes nothing.
    public mutating func recordDelivery(of id: UInt64, succeeded: Bool, retries: Bool) {
        guard let position = position(ofNotification: id), notifications[position].delivery == .sending else { return }
        var notification = notifications[position]
        if succeeded {
            notification.delivery = .delivered
            notification.nextAttempt = nil
        } else if retries, notification.attempts <= ServerNotification.retryDelays.count {
            notification.delivery = .pending
            notification.nextAttempt = now.addingTimeInterval(ServerNotification.retryDelays[notification.attempts - 1])
        } else {
            notification.delivery = .failed
            notification.nextAttempt = nil
        }
        notifications[position] = notification
        if notification.delivery != .pending { pendingNotifications.removeAll { $0 == position } }
        unsavedChanges.notificationIDs.insert(id)
    }

    /// The app (this device) starts again: an attempt it had on its way when it last ended never got
    /// its answer. It was made (the sandbox sends once), so it counts as failed: production's schedule
    /// (`retries`) makes the next one when it is due, the sandbox none. Another device's are its own.
    public mutating func endCutAttempts(retries: Bool) {
        for position in pendingNotifications where notifications[position].delivery == .sending
            && (notifications[position].sender == nil || notifications[position].sender == deviceName) {
            recordDelivery(of: notifications[position].id, succeeded: false, retries: retries)
        }
    }

    /// This device's notifications whose attempt is on its way, oldest first: what the runtime hands
    /// the courier once saved (it sends each once).
    public var notificationsSending: [ServerNotification] {
        pendingNotifications.map { notifications[$0] }.filter {
            $0.delivery == .sending && ($0.sender == nil || $0.sender == deviceName)
        }
    }

    /// The notifications this device is to deliver now, oldest first: pending ones it sends (never
    /// tried, or a retry whose time has come). Another device's are its own to send. Looks only at the
    /// pending ones, never the whole outbox.
    public var notificationsDue: [ServerNotification] {
        pendingNotifications.map { notifications[$0] }.filter(isDue)
    }

    private func isDue(_ notification: ServerNotification) -> Bool {
        notification.delivery == .pending && (notification.sender == nil || notification.sender == deviceName)
            && (notification.nextAttempt.map { $0 <= now } ?? true)
    }

    /// A notification brought back from a saved ledger.
    public mutating func restoreNotification(_ notification: ServerNotification) {
        if notification.delivery == .pending || notification.delivery == .sending { pendingNotifications.append(notifications.count) }
        notifications.append(notification)
        nextNotificationID = max(nextNotificationID, notification.id + 1)
    }

    /// The transaction notification `n` is about, as it was when `n` was made.
    public func transaction(at n: ServerNotification) -> Transaction? {
        guard let id = n.transactionID, let current = transaction(id) else { return nil }
        return n.transactionMoment?.applied(to: current) ?? current
    }

    /// The notification with this id.
    public func notification(_ id: UInt64) -> ServerNotification? {
        position(ofNotification: id).map { notifications[$0] }
    }

    /// Where the notification with this id is in the outbox (ids grow with the outbox, so it is found by halving).
    func position(ofNotification id: UInt64) -> Int? {
        var (low, high) = (0, notifications.count)
        while low < high {
            let middle = (low + high) / 2
            if notifications[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < notifications.count && notifications[low].id == id ? low : nil
    }

    /// The outbox's notifications with this kind (and subtype, when given), for `expect-notification`.
    public func notifications(_ kind: ServerNotification.Kind, subtype: String? = nil) -> [ServerNotification] {
        notifications.filter { $0.kind == kind && (subtype == nil || $0.subtype == subtype) }
    }
}

