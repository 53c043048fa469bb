import Foundation

/// The App Store as one person's account sees it: a catalog, a ledger of transactions, the renewal
/// state of each subscription group, the payment gate and the simulated present. A value type with no
/// I/O: every rule is a function of this state, so tests run in microseconds with a fixed clock.
public struct AppStore: Sendable {
    public let catalog: Catalog
    public var territory: Territory
    public var gate: PaymentGate
    /// The Apple Account shown on the confirmation sheet.
    public var account: String
    public var scenario: Scenario
    /// The simulated present. Moves only forward, through `advance(to:)`, which also renews.
    public private(set) var now: Date
    public private(set) var transactions: [Transaction] = []
    /// Renewal preferences and billing state by subscription group id.
    public private(set) var renewals: [String: RenewalInfo] = [:]
    /// Ids count from 1, as in StoreKit Testing, so QA can read and type them.
    public private(set) var nextTransactionID: UInt64 = 1

    /// Switches QA can flip to walk the unhappy paths.
    public struct Scenario: Sendable, Equatable {
        /// Purchases wait for a parent's approval (deferred) instead of completing.
        public var askToBuy = false
        /// The next purchase fails with this error, once.
        public var failNextPurchase: PurchaseError?
        /// Purchases are interrupted: they fail until the person acts outside the app (accepts new terms,
        /// updates a payment method); `resolveInterruption` then completes them.
        public var interruptPurchases = false
        /// Renewals fail to charge: subscriptions enter billing retry (and the grace period, if any).
        public var billingFails = false
        /// Whether a renewal that fails to charge starts with a billing grace period.
        public var gracePeriod: GracePeriod = .asCatalog
        /// How fast the clock runs while the app is open (time travel works at any rate).
        public var timeRate: TimeRate = .real
        public init() {}

        public enum GracePeriod: String, Sendable, CaseIterable {
            /// the group's grace period from the catalog, or none
            case asCatalog = "catalog"
            /// the catalog's grace period, or 16 days where the catalog sets none
            case on
            /// straight into billing retry, no access
            case off
        }
    }

    /// Apple's default billing grace period when QA turns one on for a group the catalog gives none.
    public static let defaultGracePeriod = SubscriptionPeriod(value: 16, unit: .day)

    /// What will happen at a subscription group's next renewal (StoreKit's RenewalInfo).
    public struct RenewalInfo: Sendable, Equatable {
        public var willAutoRenew: Bool
        /// The product the next renewal bills: differs from the current one after a downgrade.
        public var autoRenewProductID: String
        /// Set while a renewal could not be charged: the expiration that failed to renew.
        public var billingIssueSince: Date?
        /// Until when access continues during billing retry (StoreKit's gracePeriodExpirationDate); nil
        /// when the failure started without a grace period.
        public var gracePeriodExpiration: Date?

        public init(willAutoRenew: Bool, autoRenewProductID: String, billingIssueSince: Date? = nil,
                    gracePeriodExpiration: Date? = nil) {
            self.willAutoRenew = willAutoRenew
            self.autoRenewProductID = autoRenewProductID
            self.billingIssueSince = billingIssueSince
            self.gracePeriodExpiration = gracePeriodExpiration
        }
    }

    public init(catalog: Catalog, territory: Territory, now: Date, gate: PaymentGate = .allowed,
                account: String = "tester@icloud.com", scenario: Scenario = Scenario()) {
        self.catalog = catalog
        self.territory = territory
        self.now = now
        self.gate = gate
        self.account = account
        self.scenario = scenario
    }

    /// An account brought back from a saved ledger. Refuses a ledger that names products or groups this
    /// catalog lacks, since every rule needs the product behind a transaction.
    public init(catalog: Catalog, territory: Territory, now: Date, gate: PaymentGate, account: String = "tester@icloud.com",
                scenario: Scenario, transactions: [Transaction], renewals: [String: RenewalInfo],
                nextTransactionID: UInt64) throws(LedgerMismatch) {
        for transaction in transactions where catalog.product(transaction.productID) == nil {
            throw LedgerMismatch(detail: "transaction \(transaction.id) is for product \(UntrustedText.quoted(transaction.productID)), which the catalog does not have")
        }
        for (groupID, renewal) in renewals {
            guard catalog.group(groupID) != nil else {
                throw LedgerMismatch(detail: "the renewal state names subscription group \(UntrustedText.quoted(groupID)), which the catalog does not have")
            }
            guard catalog.product(renewal.autoRenewProductID)?.subscription?.groupID == groupID else {
                throw LedgerMismatch(detail: "group \(UntrustedText.quoted(groupID)) renews into \(UntrustedText.quoted(renewal.autoRenewProductID)), which is not one of its products")
            }
        }
        self.init(catalog: catalog, territory: territory, now: now, gate: gate, account: account, scenario: scenario)
        self.transactions = transactions.sorted { $0.id < $1.id }
        self.renewals = renewals
        self.nextTransactionID = max(nextTransactionID, (transactions.map(\.id).max() ?? 0) + 1)
        // Renewals written just before the last save may be dated after the saved clock.
        self.now = max(now, transactions.map(\.purchaseDate).max() ?? now)
    }

    /// A saved ledger that does not fit the catalog it is opened with.
    public struct LedgerMismatch: Error, Sendable, Equatable {
        public var detail: String
    }

    // MARK: buying

    /// What a purchase would charge, checked before the confirmation sheet opens.
    public struct Quote: Sendable, Equatable {
        public var product: Product.ID
        public var quantity: Int
        /// Price per unit, or the offer's price for the first period when an offer applies.
        public var unitPrice: Decimal
        public var currency: String
        public var offer: SubscriptionOffer?
        /// For a change of plan within a subscription group, how it takes effect.
        public var planChange: PlanChange?
        public var total: Decimal { unitPrice * Decimal(quantity) }
    }

    public enum PlanChange: Sendable, Equatable {
        /// a higher service level: starts now, the current transaction is marked upgraded
        case upgrade
        /// a lower level: starts at the next renewal
        case downgrade(effective: Date)
        /// the same level and duration: starts now; the same level with another duration: at renewal
        case crossgrade(effective: Date)

        /// When the new plan starts; nil for an upgrade, which starts at once.
        public var effectiveDate: Date? {
            switch self {
            case .upgrade: nil
            case .downgrade(let date), .crossgrade(let date): date
            }
        }
    }

    public enum PurchaseOutcome: Sendable, Equatable {
        case purchased(Transaction)
        /// waiting for approval (Ask to Buy)
        case deferred(Transaction)
        /// a downgrade or crossgrade booked for the next renewal
        case scheduled(productID: String, effective: Date)
        /// needs the person to act outside the app; `resolveInterruption` completes it
        case interrupted(Transaction)
        case failed(PurchaseError)
    }

    /// Checks that a purchase can start and prices it. The same checks run again on `purchase`.
    public func quote(_ productID: String, quantity: Int = 1, promotionalOffer offerID: String? = nil)
        throws(PurchaseError) -> Quote {
        guard gate.canMakePayments else { throw .paymentNotAllowed }
        guard let product = catalog.product(productID) else { throw .productNotFound }
        guard let unitPrice = product.price(in: territory) else { throw .notAvailableInStorefront }
        switch product.type {
        case .consumable:
            guard (1...product.maxQuantity).contains(quantity) else { throw .invalidQuantity }
        case .nonConsumable:
            guard quantity == 1 else { throw .invalidQuantity }
            if owns(productID) { throw .alreadyOwned }
        case .nonRenewing:
            guard quantity == 1 else { throw .invalidQuantity }
        case .autoRenewable:
            guard quantity == 1 else { throw .invalidQuantity }
            return try subscriptionQuote(product, standardPrice: unitPrice, promotionalOffer: offerID)
        }
        return Quote(product: productID, quantity: quantity, unitPrice: unitPrice, currency: territory.currency)
    }

    private func subscriptionQuote(_ product: Product, standardPrice: Decimal, promotionalOffer offerID: String?)
        throws(PurchaseError) -> Quote {
        let info = product.subscription!
        var quote = Quote(product: product.id, quantity: 1, unitPrice: standardPrice, currency: territory.currency)
        if let status = status(ofGroup: info.groupID), status.state.hasAccess || status.state == .inBillingRetryPeriod {
            guard status.transaction.productID != product.id, status.transaction.ownership == .purchased else {
                throw .alreadySubscribed
            }
            quote.planChange = planChange(from: catalog.product(status.transaction.productID)!, to: product,
                                          renewal: status.transaction.expirationDate ?? now)
            return quote
        }
        if let offerID {
            guard let offer = info.promotionalOffers.first(where: { $0.id == offerID }),
                  let price = offer.price(in: territory) else { throw .notAvailableInStorefront }
            quote.offer = offer
            quote.unitPrice = price
        } else if let intro = info.introductoryOffer, isEligibleForIntroOffer(group: info.groupID),
                  let price = intro.price(in: territory) {
            quote.offer = intro
            quote.unitPrice = price
        }
        return quote
    }

    private func planChange(from current: Product, to new: Product, renewal: Date) -> PlanChange {
        let (a, b) = (current.subscription!, new.subscription!)
        if b.level < a.level { return .upgrade }
        if b.level > a.level { return .downgrade(effective: renewal) }
        return .crossgrade(effective: a.period == b.period ? now : renewal)
    }

    /// Completes a purchase the person confirmed on the sheet, and records it in the ledger.
    @discardableResult
    public mutating func purchase(_ productID: String, quantity: Int = 1, promotionalOffer offerID: String? = nil)
        -> PurchaseOutcome {
        let quote: Quote
        do {
            quote = try self.quote(productID, quantity: quantity, promotionalOffer: offerID)
        } catch {
            record(failed: productID, quantity: quantity, error: error)
            return .failed(error)
        }
        if let error = scenario.failNextPurchase {
            scenario.failNextPurchase = nil
            record(failed: productID, quantity: quantity, error: error)
            return .failed(error)
        }
        if scenario.interruptPurchases {
            let interrupted = makeTransaction(quote, state: .interrupted)
            transactions.append(interrupted)
            return .interrupted(interrupted)
        }
        if scenario.askToBuy {
            let pending = makeTransaction(quote, state: .deferred)
            transactions.append(pending)
            return .deferred(pending)
        }
        return complete(quote)
    }

    /// The person did what an interrupted purchase asked (accepted new terms, say): the interrupted entry
    /// stays as the failure the app saw, and the purchase goes through as a new transaction, as StoreKit
    /// delivers it. Nil if the transaction is not waiting, or the purchase can no longer be made.
    @discardableResult
    public mutating func resolveInterruption(_ transactionID: UInt64) -> PurchaseOutcome? {
        guard let index = transactions.firstIndex(where: { $0.id == transactionID && $0.state == .interrupted }) else {
            return nil
        }
        transactions[index].state = .failed
        transactions[index].failure = .interrupted
        let pending = transactions[index]
        return purchaseBypassingScenario(pending)
    }

    /// Buys what a waiting transaction asked for, without Ask to Buy, injected failures or interruptions.
    private mutating func purchaseBypassingScenario(_ pending: Transaction) -> PurchaseOutcome {
        let saved = scenario
        scenario.askToBuy = false
        scenario.failNextPurchase = nil
        scenario.interruptPurchases = false
        defer { scenario = saved }
        return purchase(pending.productID, quantity: pending.quantity,
                        promotionalOffer: pending.offerKind == .promotional ? pending.offerID : nil)
    }

    /// The person closed the confirmation sheet: recorded as a failed transaction, as StoreKit does.
    public mutating func cancelPurchase(_ productID: String, quantity: Int = 1) {
        record(failed: productID, quantity: quantity, error: .userCancelled)
    }

    /// A parent approved a deferred purchase: it goes through now, if it still can.
    @discardableResult
    public mutating func approve(_ transactionID: UInt64) -> PurchaseOutcome? {
        guard let index = transactions.firstIndex(where: { $0.id == transactionID && $0.state == .deferred }) else {
            return nil
        }
        let pending = transactions.remove(at: index)
        return purchaseBypassingScenario(pending)
    }

    /// A parent declined a deferred purchase.
    public mutating func decline(_ transactionID: UInt64) {
        guard let index = transactions.firstIndex(where: { $0.id == transactionID && $0.state == .deferred }) else {
            return
        }
        transactions[index].state = .failed
        transactions[index].failure = .declinedByParent
    }

    private mutating func complete(_ quote: Quote) -> PurchaseOutcome {
        let product = catalog.product(quote.product)!
        if let effective = quote.planChange?.effectiveDate, effective > now {
            renewals[product.subscription!.groupID]?.autoRenewProductID = product.id
            renewals[product.subscription!.groupID]?.willAutoRenew = true
            return .scheduled(productID: product.id, effective: effective)
        }
        var transaction = makeTransaction(quote, state: .purchased)
        switch product.type {
        case .consumable, .nonConsumable:
            break
        case .nonRenewing:
            // The app computes the period: a repurchase extends from the current end, not from today.
            let currentEnd = transactions
                .filter { $0.productID == product.id && $0.isCompletedPurchase && !$0.isRevoked(at: now) }
                .compactMap(\.expirationDate).max()
            transaction.expirationDate = product.duration!.added(to: max(now, currentEnd ?? now))
        case .autoRenewable:
            let groupID = product.subscription!.groupID
            if let current = status(ofGroup: groupID)?.transaction, quote.planChange != nil,
               let index = transactions.firstIndex(of: current) {
                transactions[index].isUpgraded = true
            }
            if let first = firstTransaction(inGroup: groupID) {
                transaction.originalID = first.id
                transaction.originalPurchaseDate = first.purchaseDate
            }
            transaction.expirationDate = (quote.offer?.period ?? product.subscription!.period).added(to: now)
            renewals[groupID] = RenewalInfo(willAutoRenew: true, autoRenewProductID: product.id)
        }
        transactions.append(transaction)
        return .purchased(transaction)
    }

    private mutating func makeTransaction(_ quote: Quote, state: Transaction.State) -> Transaction {
        let product = catalog.product(quote.product)!
        defer { nextTransactionID += 1 }
        return Transaction(
            id: nextTransactionID, originalID: nextTransactionID, productID: product.id, productType: product.type,
            purchaseDate: now, originalPurchaseDate: now, expirationDate: nil, quantity: quote.quantity,
            ownership: .purchased, offerKind: quote.offer?.kind, offerID: quote.offer?.id, revocationDate: nil,
            revocationReason: nil, isUpgraded: false, storefront: territory.code, state: state, failure: nil,
            price: quote.unitPrice, currency: quote.currency)
    }

    /// Records a failed attempt. An id the catalog lacks records nothing: StoreKit can only try to buy a
    /// product it loaded, so no transaction would exist.
    private mutating func record(failed productID: String, quantity: Int, error: PurchaseError) {
        guard let product = catalog.product(productID) else { return }
        defer { nextTransactionID += 1 }
        transactions.append(Transaction(
            id: nextTransactionID, originalID: nextTransactionID, productID: productID,
            productType: product.type, purchaseDate: now, originalPurchaseDate: now,
            expirationDate: nil, quantity: quantity, ownership: .purchased, offerKind: nil, offerID: nil,
            revocationDate: nil, revocationReason: nil, isUpgraded: false, storefront: territory.code,
            state: .failed, failure: error, price: product.price(in: territory) ?? 0, currency: territory.currency))
    }

    // MARK: family sharing, refunds, restore, renewal preferences

    /// A family member's purchase shared with this account. Only family-shareable non-consumables and
    /// auto-renewable subscriptions can be shared.
    @discardableResult
    public mutating func receiveFamilySharing(_ productID: String) -> Transaction? {
        guard let product = catalog.product(productID), product.familyShareable,
              product.type == .nonConsumable || product.type == .autoRenewable else { return nil }
        var transaction = makeTransaction(
            Quote(product: productID, quantity: 1, unitPrice: 0, currency: territory.currency), state: .purchased)
        transaction.ownership = .familyShared
        if let info = product.subscription {
            if let first = firstTransaction(inGroup: info.groupID) {
                transaction.originalID = first.id
                transaction.originalPurchaseDate = first.purchaseDate
            }
            transaction.expirationDate = info.period.added(to: now)
            renewals[info.groupID] = RenewalInfo(willAutoRenew: true, autoRenewProductID: productID)
        }
        transactions.append(transaction)
        return transaction
    }

    /// The App Store refunds a transaction: access it gave ends now.
    public mutating func refund(_ transactionID: UInt64, reason: Transaction.RevocationReason = .other) {
        guard let index = transactions.firstIndex(where: { $0.id == transactionID && $0.state == .purchased }) else {
            return
        }
        transactions[index].state = .revoked
        transactions[index].revocationDate = now
        transactions[index].revocationReason = reason
        if let groupID = catalog.product(transactions[index].productID)?.subscription?.groupID {
            renewals[groupID]?.willAutoRenew = false
        }
    }

    /// Restore Purchases: records a `restored` entry for each purchase the system restores (non-consumables
    /// and the current subscription of each group) and for non-renewing passes, which this app restores
    /// from its own records. Consumables are not restored. Entitlements do not change: they already derive
    /// from the original purchases.
    @discardableResult
    public mutating func restorePurchases() -> [Transaction] {
        var restored: [Transaction] = []
        var seenGroups: Set<String> = []
        let candidates = transactions.filter { $0.state == .purchased && $0.ownership == .purchased }.reversed()
        for original in candidates where original.productType.restoredBy != .nobody {
            if let groupID = catalog.product(original.productID)?.subscription?.groupID {
                guard seenGroups.insert(groupID).inserted else { continue }
            } else if restored.contains(where: { $0.productID == original.productID }) {
                continue
            }
            var entry = original
            entry.id = nextTransactionID
            nextTransactionID += 1
            entry.originalID = original.id
            entry.purchaseDate = now
            entry.state = .restored
            restored.append(entry)
        }
        transactions.append(contentsOf: restored.reversed())
        return restored.reversed()
    }

    /// Turns auto-renew off (cancel) or back on for a group. Access continues until the expiration date.
    public mutating func setAutoRenew(_ on: Bool, group groupID: String) {
        renewals[groupID]?.willAutoRenew = on
    }

    // MARK: QA: editing the ledger

    /// Removes a transaction as if it never happened (Xcode's Transaction Manager "Delete"). A group left
    /// with no transactions forgets its renewal state.
    public mutating func deleteTransaction(_ transactionID: UInt64) {
        guard let index = transactions.firstIndex(where: { $0.id == transactionID }) else { return }
        let removed = transactions.remove(at: index)
        if let groupID = catalog.product(removed.productID)?.subscription?.groupID, groupTransactions(groupID).isEmpty {
            renewals[groupID] = nil
        }
    }

    /// Deletes every transaction and renewal state and turns every scenario switch off. The clock stays
    /// where it is: simulated time never runs backwards.
    public mutating func clearAll() {
        transactions = []
        renewals = [:]
        scenario = Scenario()
    }

    // MARK: time

    /// Moves the simulated present forward, renewing every subscription whose period ends on the way.
    /// Renewals happen whatever the payment gate says, as on a real device.
    public mutating func advance(to instant: Date) {
        guard instant >= now else { return }
        for group in catalog.subscriptionGroups { renew(group, until: instant) }
        now = instant
    }

    public mutating func advance(by period: SubscriptionPeriod) { advance(to: period.added(to: now)) }

    private mutating func renew(_ group: SubscriptionGroup, until instant: Date) {
        // Bounded: every pass either returns or appends a renewal that ends later than the last one.
        var passes = 0
        while passes < Self.maxRenewalsPerAdvance, let latest = latestTransaction(inGroup: group.id), latest.revocationDate == nil,
              var renewal = renewals[group.id], let expiration = latest.expirationDate {
            passes += 1
            if let since = renewal.billingIssueSince {
                // Billing retry: the App Store keeps trying until the retry period ends.
                let retryEnd = group.billingRetryPeriod.added(to: since)
                if scenario.billingFails || !renewal.willAutoRenew { return }
                let recovered = max(now, since)
                guard recovered < retryEnd, recovered <= instant else { return }
                // Recovered in the grace period: the renewal date stays. Later: it moves to the recovery.
                let inGrace = renewal.gracePeriodExpiration.map { recovered < $0 } ?? false
                renewal.billingIssueSince = nil
                renewal.gracePeriodExpiration = nil
                renewals[group.id] = renewal
                appendRenewal(of: latest, at: recovered, periodStart: inGrace ? since : recovered)
                continue
            }
            guard expiration <= instant, renewal.willAutoRenew else { return }
            if scenario.billingFails {
                renewal.billingIssueSince = expiration
                renewal.gracePeriodExpiration = gracePeriod(of: group)?.added(to: expiration)
                renewals[group.id] = renewal
                continue
            }
            appendRenewal(of: latest, at: expiration, periodStart: expiration)
        }
    }

    /// The grace period a renewal failing now starts with, after the scenario's setting.
    private func gracePeriod(of group: SubscriptionGroup) -> SubscriptionPeriod? {
        switch scenario.gracePeriod {
        case .asCatalog: group.gracePeriod
        case .on: group.gracePeriod ?? Self.defaultGracePeriod
        case .off: nil
        }
    }

    /// When the next renewal attempt after `now` is due, across all groups: the expiration of an
    /// auto-renewing subscription, or the end of a grace period or billing retry. Nil if nothing will
    /// renew or change on its own.
    public var nextRenewalDate: Date? {
        catalog.subscriptionGroups.compactMap { group -> Date? in
            guard let latest = latestTransaction(inGroup: group.id), latest.revocationDate == nil,
                  let renewal = renewals[group.id], let expiration = latest.expirationDate else { return nil }
            if let since = renewal.billingIssueSince {
                let retryEnd = group.billingRetryPeriod.added(to: since)
                return [renewal.gracePeriodExpiration, retryEnd].compactMap { $0 }.filter { $0 > now }.min()
            }
            return renewal.willAutoRenew && expiration > now ? expiration : nil
        }.min()
    }

    /// A century of weekly renewals; time travel further than that renews in several steps.
    static let maxRenewalsPerAdvance = 6_000

    private mutating func appendRenewal(of latest: Transaction, at date: Date, periodStart: Date) {
        let productID = renewals[catalog.product(latest.productID)!.subscription!.groupID]!.autoRenewProductID
        let product = catalog.product(productID)!
        var transaction = latest
        transaction.id = nextTransactionID
        nextTransactionID += 1
        transaction.productID = productID
        transaction.purchaseDate = date
        transaction.isUpgraded = false
        transaction.storefront = territory.code
        // A pay-as-you-go offer lasts several periods; everything else renews at the standard price.
        let chain = transactions.filter { $0.originalID == latest.originalID && $0.state == .purchased }
        var period = product.subscription!.period
        transaction.offerKind = nil
        transaction.offerID = nil
        transaction.price = product.price(in: territory) ?? latest.price
        if let kind = latest.offerKind, latest.productID == productID,
           let offer = offer(kind: kind, id: latest.offerID, product: product), offer.paymentMode == .payAsYouGo,
           chain.filter({ $0.offerKind == kind && $0.offerID == latest.offerID }).count < offer.periodCount {
            transaction.offerKind = kind
            transaction.offerID = offer.id
            transaction.price = offer.price(in: territory) ?? transaction.price
            period = offer.period
        }
        transaction.expirationDate = period.added(to: periodStart)
        transactions.append(transaction)
    }

    private func offer(kind: SubscriptionOffer.Kind, id: String?, product: Product) -> SubscriptionOffer? {
        switch kind {
        case .introductory: product.subscription?.introductoryOffer
        case .promotional: product.subscription?.promotionalOffers.first { $0.id == id }
        case .code: catalog.offerCodes.first { $0.offer.id == id }?.offer
        }
    }

    // MARK: reading the ledger

    /// Transactions that gave the person a subscription of the group, oldest first.
    private func groupTransactions(_ groupID: String) -> [Transaction] {
        transactions.filter { $0.isCompletedPurchase && catalog.product($0.productID)?.subscription?.groupID == groupID }
    }

    private func firstTransaction(inGroup groupID: String) -> Transaction? { groupTransactions(groupID).first }

    /// The newest transaction of the group in the ledger, including renewals dated after `now` while
    /// `advance(to:)` is still on its way there.
    private func latestTransaction(inGroup groupID: String) -> Transaction? {
        groupTransactions(groupID).last { !$0.isUpgraded }
    }

    public var pendingApprovals: [Transaction] { transactions.filter { $0.state == .deferred } }

    public func transaction(_ id: UInt64) -> Transaction? { transactions.first { $0.id == id } }
}
