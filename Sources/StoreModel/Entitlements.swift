import Foundation

/// StoreKit's Product.SubscriptionInfo.RenewalState.
public enum RenewalState: String, Sendable, CaseIterable {
    case subscribed
    /// a renewal could not be charged, access continues while the App Store retries
    case inGracePeriod
    /// a renewal could not be charged, no access, the App Store is still retrying
    case inBillingRetryPeriod
    case expired
    case revoked

    /// Whether the person can use the subscription's content in this state.
    public var hasAccess: Bool { self == .subscribed || self == .inGracePeriod }

    /// A renewal could not be charged and the App Store is still retrying: the grace period or billing retry.
    public var isBillingIssue: Bool { self == .inGracePeriod || self == .inBillingRetryPeriod }

    /// The App Store Server API's `status`: 1 active, 2 expired, 3 billing retry, 4 billing grace
    /// period, 5 revoked (a notification's `data.status`, Get All Subscription Statuses).
    public var serverStatus: Int {
        switch self {
        case .subscribed: 1
        case .expired: 2
        case .inBillingRetryPeriod: 3
        case .inGracePeriod: 4
        case .revoked: 5
        }
    }
}

public struct SubscriptionStatus: Sendable, Equatable {
    public var state: RenewalState
    /// The latest transaction of the group: the one that gives, or last gave, access.
    public var transaction: Transaction
    public var renewal: AppStore.RenewalInfo?
}

extension AppStore {
    /// The status of each ownership in a subscription group at an instant (now by default), as StoreKit's
    /// `Product.SubscriptionInfo.status` returns them: the person's own subscription and the one a family
    /// organizer shares, each with its own transaction and renewal info; empty if the person never had a
    /// subscription in the group. Apple: "The array can have more than one subscription status if your
    /// subscription supports Family Sharing. Provide the customer with service for the subscription based
    /// on the highest level of service where the state is subscribed."
    /// (developer.apple.com/documentation/storekit/product/subscriptioninfo/status-swift.property)
    public func statuses(ofGroup groupID: String, at instant: Date? = nil) -> [SubscriptionStatus] {
        [status(ofGroup: groupID, ownership: .purchased, at: instant),
         status(ofGroup: groupID, ownership: .familyShared, at: instant)].compactMap { $0 }
    }

    /// The status that gives access to a group's content at an instant (now by default): of the
    /// statuses with access (subscribed or in a grace period), the highest service level (level 1 is
    /// the top, as in App Store Connect); without access, one in billing retry (the person is told to
    /// fix their payment), else the newest. Nil if the person never had a subscription in the group.
    public func status(ofGroup groupID: String, at instant: Date? = nil) -> SubscriptionStatus? {
        let all = statuses(ofGroup: groupID, at: instant)
        guard all.count > 1 else { return all.first }
        func tier(_ status: SubscriptionStatus) -> Int {
            status.state.hasAccess ? 0 : status.state == .inBillingRetryPeriod ? 1 : 2
        }
        func level(_ status: SubscriptionStatus) -> Int {
            catalog.product(status.transaction.productID)?.subscription?.level ?? .max
        }
        return all.min { a, b in
            if tier(a) != tier(b) { return tier(a) < tier(b) }
            guard tier(a) == 0 else { return a.transaction.purchaseDate > b.transaction.purchaseDate }
            if level(a) != level(b) { return level(a) < level(b) }
            return a.state == .subscribed && b.state != .subscribed
        }
    }

    /// The status of one ownership's subscription in a group at an instant (now by default); nil if the
    /// person never had one. A family-shared subscription renews with the organizer's, who pays for it:
    /// it has no billing problems of this account's, only subscribed, expired or revoked.
    public func status(ofGroup groupID: String, ownership: Transaction.Ownership, at instant: Date? = nil) -> SubscriptionStatus? {
        let instant = instant ?? now
        guard let latest = latestTransactionInGroup(groupID, ownership: ownership, at: instant),
              catalog.group(groupID) != nil else { return nil }
        let renewal = renewalInfo(ofGroup: groupID, ownership: ownership)
        let state: RenewalState
        if latest.isRevoked(at: instant) {
            state = .revoked
        } else if let expiration = latest.expirationDate, expiration > instant {
            state = .subscribed
        } else if let renewal, let since = renewal.billingIssueSince, since == latest.expirationDate {
            if let graceEnd = renewal.gracePeriodExpiration, instant < graceEnd {
                state = .inGracePeriod
            } else if instant < billingRetryEnd(of: renewal, since: since) {
                state = .inBillingRetryPeriod
            } else {
                state = .expired
            }
        } else {
            state = .expired
        }
        return SubscriptionStatus(state: state, transaction: latest, renewal: renewal)
    }

    /// The renewal info of one ownership's subscription in a group. The person's own is kept in
    /// `renewals`; a family-shared one renews as long as the organizer shares it (the family-sharing
    /// switch names its product), and the organizer pays, so it never has a billing issue.
    public func renewalInfo(ofGroup groupID: String, ownership: Transaction.Ownership) -> RenewalInfo? {
        switch ownership {
        case .purchased:
            return renewals[groupID]
        case .familyShared:
            guard let latest = last(of: index.sharedByGroup[groupID], where: { _ in true }) else { return nil }
            let sharing = latest.revocationDate == nil && scenario.familySharing == latest.productID
            return RenewalInfo(willAutoRenew: sharing, autoRenewProductID: latest.productID)
        }
    }

    /// The status, among a group's, whose current transaction is this product, preferring one with access.
    public func status(ofProduct productID: String) -> SubscriptionStatus? {
        guard let groupID = groupID(ofProduct: productID) else { return nil }
        let matching = statuses(ofGroup: groupID).filter { $0.transaction.productID == productID }
        return matching.first { $0.state.hasAccess } ?? matching.first
    }

    private func latestTransactionInGroup(_ groupID: String, ownership: Transaction.Ownership, at instant: Date) -> Transaction? {
        last(of: index.ids(ofGroup: groupID, ownership: ownership)) {
            !$0.isUpgraded && $0.purchaseDate <= instant
        }
    }

    /// The transaction that entitles the person to a product at an instant (now by default), if any:
    /// an owned non-consumable, the group's active subscription (grace period included) when it is this
    /// product, or a pass that has not run out. Consumables are never entitlements.
    public func entitlement(for productID: String, at instant: Date? = nil) -> Transaction? {
        guard let product = catalog.product(productID) else { return nil }
        let instant = instant ?? now
        func current(_ transaction: Transaction) -> Bool {
            transaction.purchaseDate <= instant && !transaction.isRevoked(at: instant)
        }
        switch product.type {
        case .consumable:
            return nil
        case .nonConsumable:
            return first(of: index.byProduct[productID], where: current)
        case .nonRenewing:
            return appPassInForce(productID, at: instant)
        case .autoRenewable:
            // StoreKit's current entitlements hold the latest transaction of each active subscription,
            // one per ownership: a family member with a plan of their own is entitled through both.
            return statuses(ofGroup: product.subscription!.groupID, at: instant)
                .first { $0.state.hasAccess && $0.transaction.productID == productID }?.transaction
        }
    }

    /// StoreKit's `Transaction.currentEntitlements` at an instant, in catalog order: each product's
    /// entitlement (`entitlement(for:)`), and for a non-renewing subscription its latest transaction
    /// whether or not its time has run out ("the latest transaction for each non-renewing subscription,
    /// including finished ones"): whether it still grants access is the app's rule (`appPassInForce`,
    /// `deliveredEntitlements`). Looks only at the products the ledger has transactions for.
    public func entitlements(at instant: Date? = nil) -> [Transaction] {
        let instant = instant ?? now
        return productsBought.compactMap { productID in
            guard catalog.product(productID)?.type == .nonRenewing else { return entitlement(for: productID, at: instant) }
            return last(of: index.byProduct[productID]) { $0.purchaseDate <= instant && !$0.isRevoked(at: instant) }
        }
    }

    /// The products the ledger has transactions for, in catalog order.
    private var productsBought: [String] {
        index.byProduct.keys.compactMap { catalog.position(ofProduct: $0) }.sorted().map { catalog.products[$0].id }
    }

    /// Whether the person has the product now in the App Store's eyes: owns it, is subscribed to it, or
    /// holds a pass for it (so the App Store will not sell it again). What the app shows as owned is
    /// `deliveredEntitlement(for:)`.
    public func owns(_ productID: String) -> Bool { entitlement(for: productID) != nil }

    /// The entitlement the app has delivered: StoreKit's, unless the app has not delivered that purchase
    /// (`isDelivered`). What the store and the Account screen show as owned.
    /// While Verification fails (QA's injected error) no transaction verifies, so the app delivers none.
    public func deliveredEntitlement(for productID: String, at instant: Date? = nil) -> Transaction? {
        guard transactionsVerify else { return nil }
        return entitlement(for: productID, at: instant).flatMap { isDelivered($0.id) ? $0 : nil }
    }

    /// Every entitlement the app has delivered, in catalog order (see `deliveredEntitlement(for:)`).
    public func deliveredEntitlements(at instant: Date? = nil) -> [Transaction] {
        guard transactionsVerify else { return [] }
        return productsBought.compactMap { deliveredEntitlement(for: $0, at: instant) }
    }

    /// How many units of a consumable were bought, not refunded, and delivered by the app (`isDelivered`):
    /// the units the app would deplete.
    public func consumableUnitsDelivered(_ productID: String) -> Int {
        (index.balances[productID] ?? 0) - undeliveredUnits(of: productID)
    }

    /// Introductory offers are for people who never received one in the group: "customers who haven't
    /// previously received an introductory offer for the given product, or for any products in the same
    /// subscription group" (developer.apple.com/documentation/storekit/implementing-introductory-offers-in-your-app).
    /// A subscription begun with an offer code that replaces the introductory offer does not use it up
    /// ("If they cancel and resubscribe at any point, they're still eligible to redeem an introductory
    /// offer", App Store Connect Help, "Set up offer codes"), nor does a period bought at the standard
    /// price. A subscription shared by a family organizer does not count either: the member never had
    /// an offer of their own, and the index counts their own transactions only. With the scenario's
    /// `intro-eligibility ever-subscribed`, the other reading (Apple's DTS reply, developer forums
    /// 758078): only someone who never subscribed in the group, at any price.
    public func isEligibleForIntroOffer(group groupID: String) -> Bool {
        switch scenario.introEligibility {
        case .receivedIntro: index.introductoryOffers[groupID, default: 0] == 0
        case .everSubscribed: !hasSubscribed(toGroup: groupID)
        }
    }

    /// Whether the person ever had a subscription of their own in the group (a family-shared one is
    /// not theirs): promotional offers are for current and lapsed subscribers only.
    public func hasSubscribed(toGroup groupID: String) -> Bool {
        !(index.byGroup[groupID] ?? []).isEmpty
    }
}
