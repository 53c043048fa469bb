/// Whether a subscription pitch may be shown — the same answer in every place of the app (onboarding,
/// paywall, settings, a prompt near the free limit, the store). HIG: "Encourage a new subscription only
/// when someone isn't already a subscriber."
public enum PitchDecision: Sendable, Equatable {
    /// Already a subscriber: never ask them to subscribe again.
    case never(NeverReason)
    /// Never had the group: pitch, with the introductory offer if `introOffer` is true.
    case subscribe(introOffer: Bool)
    /// Had the group, lapsed now: offer to resubscribe (with a win-back offer where the catalog has one).
    case resubscribe(lastProductID: String, winBack: WinBack?)
    /// Not a subscriber, but this person cannot pay: explain why instead of pitching.
    case unavailable(PaymentGate)

    public enum NeverReason: Sendable, Equatable {
        case subscribed(Transaction.Ownership)
        case inGracePeriod
        /// The last renewal failed and the App Store is retrying: show "update your payment method",
        /// not a pitch, or they may think they need to pay twice.
        case inBillingRetry
    }

    /// A win-back offer and the subscription it is bought with.
    public struct WinBack: Sendable, Equatable {
        public var productID: String
        public var offer: SubscriptionOffer
    }

    public var mayPitch: Bool {
        switch self {
        case .subscribe, .resubscribe: true
        case .never, .unavailable: false
        }
    }
}

extension AppStore {
    public func pitch(forGroup groupID: String) -> PitchDecision {
        if let status = status(ofGroup: groupID) {
            switch status.state {
            case .subscribed: return .never(.subscribed(status.transaction.ownership))
            case .inGracePeriod: return .never(.inGracePeriod)
            case .inBillingRetryPeriod: return .never(.inBillingRetry)
            case .expired, .revoked: break
            }
        }
        guard gate.canMakePayments else { return .unavailable(gate) }
        guard let last = status(ofGroup: groupID)?.transaction else {
            let eligible = catalog.products(inGroup: groupID).contains { $0.subscription?.introductoryOffer != nil }
            return .subscribe(introOffer: eligible && isEligibleForIntroOffer(group: groupID))
        }
        return .resubscribe(lastProductID: last.productID,
                            winBack: winBackOffer(forGroup: groupID, lastProductID: last.productID))
    }

    /// A win-back offer for a lapsed subscriber: on the product they had, else on any in the group,
    /// priced in the current territory.
    public func winBackOffer(forGroup groupID: String, lastProductID: String) -> PitchDecision.WinBack? {
        let inGroup = catalog.products(inGroup: groupID)
        let products = inGroup.filter { $0.id == lastProductID } + inGroup.filter { $0.id != lastProductID }
        for product in products {
            if let offer = product.subscription?.promotionalOffers.first(where: {
                $0.purpose == .winBack && $0.price(in: territory) != nil
            }) {
                return PitchDecision.WinBack(productID: product.id, offer: offer)
            }
        }
        return nil
    }
}
