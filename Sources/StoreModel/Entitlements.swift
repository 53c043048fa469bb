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
}

public struct SubscriptionStatus: Sendable, Equatable {
    public var state: RenewalState
    /// The latest transaction of the group: the one that gives, or last gave, access.
    public var transaction: Transaction
    public var renewal: AppStore.RenewalInfo?
}

extension AppStore {
    /// The status of a subscription group at an instant (now by default), derived from the ledger;
    /// nil if the person never had a subscription in the group.
    public func status(ofGroup groupID: String, at instant: Date? = nil) -> SubscriptionStatus? {
        let instant = instant ?? now
        guard let latest = latestTransactionInGroup(groupID, at: instant), catalog.group(groupID) != nil else { return nil }
        let renewal = renewals[groupID]
        let state: RenewalState
        if latest.isRevoked(at: instant) {
            state = .revoked
        } else if let expiration = latest.expirationDate, expiration > instant {
            state = .subscribed
        } else if let since = renewal?.billingIssueSince, since == latest.expirationDate {
            if let graceEnd = renewal?.gracePeriodExpiration, instant < graceEnd {
                state = .inGracePeriod
            } else if instant < billingRetryEnd(since: since) {
                state = .inBillingRetryPeriod
            } else {
                state = .expired
            }
        } else {
            state = .expired
        }
        return SubscriptionStatus(state: state, transaction: latest, renewal: renewal)
    }

    private func latestTransactionInGroup(_ groupID: String, at instant: Date) -> Transaction? {
        last(of: index.byGroup[groupID]) { !$0.isUpgraded && $0.purchaseDate <= instant }
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
            return last(of: index.byProduct[productID]) { current($0) && ($0.expirationDate ?? .distantPast) > instant }
        case .autoRenewable:
            guard let status = status(ofGroup: product.subscription!.groupID, at: instant), status.state.hasAccess,
                  status.transaction.productID == productID else { return nil }
            return status.transaction
        }
    }

    /// Every entitlement at an instant (StoreKit's currentEntitlements), in catalog order. Looks only at
    /// the products the ledger has transactions for.
    public func entitlements(at instant: Date? = nil) -> [Transaction] {
        index.byProduct.keys.compactMap { catalog.position(ofProduct: $0) }.sorted()
            .compactMap { entitlement(for: catalog.products[$0].id, at: instant) }
    }

    /// Whether the person has the product now: owns it, is subscribed to it, or holds a pass for it.
    public func owns(_ productID: String) -> Bool { entitlement(for: productID) != nil }

    /// How many units of a consumable were bought and not refunded (the app would deplete them).
    public func consumableBalance(_ productID: String) -> Int {
        index.balances[productID] ?? 0
    }

    /// Introductory offers are for people who never had a subscription in the group.
    public func isEligibleForIntroOffer(group groupID: String) -> Bool {
        (index.byGroup[groupID] ?? []).isEmpty
    }
}
