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
        guard let latest = latestTransactionInGroup(groupID, at: instant),
              let group = catalog.group(groupID) else { return nil }
        let renewal = renewals[groupID]
        let state: RenewalState
        if latest.isRevoked(at: instant) {
            state = .revoked
        } else if let expiration = latest.expirationDate, expiration > instant {
            state = .subscribed
        } else if let since = renewal?.billingIssueSince, since == latest.expirationDate {
            if let grace = group.gracePeriod, instant < grace.added(to: since) {
                state = .inGracePeriod
            } else if instant < group.billingRetryPeriod.added(to: since) {
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
        transactions.last {
            $0.isCompletedPurchase && !$0.isUpgraded && $0.purchaseDate <= instant
                && catalog.product($0.productID)?.subscription?.groupID == groupID
        }
    }

    /// The transactions that entitle the person to content at an instant (StoreKit's
    /// currentEntitlements): owned non-consumables, the active subscription of each group (including a
    /// grace period), and non-renewing passes that have not run out. Consumables are not entitlements.
    public func entitlements(at instant: Date? = nil) -> [Transaction] {
        let instant = instant ?? now
        var result: [Transaction] = []
        for product in catalog.products {
            switch product.type {
            case .consumable, .autoRenewable:
                continue
            case .nonConsumable:
                if let owned = transactions.first(where: {
                    $0.productID == product.id && $0.isCompletedPurchase && $0.purchaseDate <= instant
                        && !$0.isRevoked(at: instant)
                }) {
                    result.append(owned)
                }
            case .nonRenewing:
                if let active = transactions.last(where: {
                    $0.productID == product.id && $0.isCompletedPurchase && $0.purchaseDate <= instant
                        && !$0.isRevoked(at: instant) && ($0.expirationDate ?? .distantPast) > instant
                }) {
                    result.append(active)
                }
            }
        }
        for group in catalog.subscriptionGroups {
            if let status = status(ofGroup: group.id, at: instant), status.state.hasAccess {
                result.append(status.transaction)
            }
        }
        return result
    }

    /// Whether the person has the product now: owns it, is subscribed to it, or holds a pass for it.
    public func owns(_ productID: String) -> Bool { entitlements().contains { $0.productID == productID } }

    /// How many units of a consumable were bought and not refunded (the app would deplete them).
    public func consumableBalance(_ productID: String) -> Int {
        transactions
            .filter { $0.productID == productID && $0.productType == .consumable && $0.state == .purchased }
            .reduce(0) { $0 + $1.quantity }
    }

    /// Introductory offers are for people who never had a subscription in the group.
    public func isEligibleForIntroOffer(group groupID: String) -> Bool {
        !transactions.contains {
            $0.isCompletedPurchase && catalog.product($0.productID)?.subscription?.groupID == groupID
        }
    }
}
