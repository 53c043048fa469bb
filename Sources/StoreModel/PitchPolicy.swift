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
    /// A product that is not a subscription, and may be sold to this person now.
    case offer

    public enum NeverReason: Sendable, Equatable {
        case subscribed(Transaction.Ownership)
        case inGracePeriod
        /// The last renewal failed and the App Store is retrying: show "update your payment method",
        /// not a pitch, or they may think they need to pay twice.
        case inBillingRetry
        /// Not a subscription: the person's active subscription already gives its content
        /// (`Product.includedIn`); the subscription they have.
        case includedInPlan(subscriptionProductID: String)
        /// Not a subscription: a non-consumable they own.
        case owned
    }

    /// A win-back offer and the subscription it is bought with.
    public struct WinBack: Sendable, Equatable {
        public var productID: String
        public var offer: SubscriptionOffer
    }

    public var mayPitch: Bool {
        switch self {
        case .subscribe, .resubscribe, .offer: true
        case .never, .unavailable: false
        }
    }
}

extension AppStore {
    /// Whether to pitch a subscription group to this person, and how.
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
        return offerOfOwnPlan(inGroup: groupID)
    }

    /// What a sign-up screen the person opened themselves sells: the pitch decision, except for a family
    /// member who may buy a plan of their own (`mayBuyOwnSubscription`), who is never pitched but, on
    /// their own initiative, is sold one as anyone without a subscription of their own is.
    public func saleDecision(forGroup groupID: String) -> PitchDecision {
        mayBuyOwnSubscription(inGroup: groupID) ? offerOfOwnPlan(inGroup: groupID) : pitch(forGroup: groupID)
    }

    /// A subscription of the person's own, for someone who has none now. Resubscribing is for someone
    /// who had one of their own: a family member whose shared plan ended (or goes on) never subscribed,
    /// and is still eligible for the introductory offer.
    private func offerOfOwnPlan(inGroup groupID: String) -> PitchDecision {
        guard let last = status(ofGroup: groupID, ownership: .purchased)?.transaction else {
            let eligible = catalog.products(inGroup: groupID).contains { $0.subscription?.introductoryOffer != nil }
            return .subscribe(introOffer: eligible && isEligibleForIntroOffer(group: groupID))
        }
        return .resubscribe(lastProductID: last.productID,
                            winBack: winBackOffer(forGroup: groupID, lastProductID: last.productID))
    }

    /// Whether to offer a product: for a subscription, its group's answer; for anything else, whether
    /// the person can pay, already owns it (a non-consumable), or already has its content through an
    /// active subscription that includes it (`Product.includedIn`). Every place that sells asks this.
    public func pitch(forProduct productID: String) -> PitchDecision {
        guard let product = catalog.product(productID) else { return .unavailable(gate) }
        if let info = product.subscription { return pitch(forGroup: info.groupID) }
        if let plan = includingSubscription(of: product) { return .never(.includedInPlan(subscriptionProductID: plan)) }
        if product.type == .nonConsumable, owns(productID) { return .never(.owned) }
        guard gate.canMakePayments else { return .unavailable(gate) }
        return .offer
    }

    /// The active subscription (with access: subscribed or in grace) that includes a product, if any.
    /// Looks only at the groups and subscriptions the product lists.
    public func includingSubscription(of product: Product) -> String? {
        // Each group is asked once, however many of its subscriptions the product lists (the sample
        // lists five Pro and Family plans): this runs for every visible row on every key.
        var asked: Set<String> = []
        for id in product.includedIn {
            guard let groupID = catalog.group(id) != nil ? id : catalog.product(id)?.subscription?.groupID,
                  asked.insert(groupID).inserted else { continue }
            // Each subscription with access counts, the person's own and a family-shared one alike.
            for status in statuses(ofGroup: groupID) where status.state.hasAccess {
                let current = status.transaction.productID
                if product.includedIn.contains(groupID) || product.includedIn.contains(current) { return current }
            }
        }
        return nil
    }

    /// Whether this person may buy a subscription of their own in a group on their own initiative while
    /// the pitch policy says never: a family member whose access comes only from a subscription the
    /// organizer shares. The App Store sells them their own plan (a new subscription beside the shared
    /// one); the app never asks them to, so nothing pitches it, but the sign-up screen they open does.
    public func mayBuyOwnSubscription(inGroup groupID: String) -> Bool {
        guard gate.canMakePayments, status(ofGroup: groupID, ownership: .familyShared)?.state.hasAccess == true else {
            return false
        }
        guard let own = status(ofGroup: groupID, ownership: .purchased) else { return true }
        return !own.state.hasAccess && own.state != .inBillingRetryPeriod
    }

    /// The win-back offer for a churned subscriber, priced in the current territory, that they are
    /// eligible for (`isEligible(for:inGroup:)`): an offer of the product they had last, the only
    /// product whose offers count (RenewalInfo.eligibleWinBackOfferIDs), a high-priority one first,
    /// then catalog order. Nil for anyone not churned (a refund is not a churn).
    public func winBackOffer(forGroup groupID: String, lastProductID: String) -> PitchDecision.WinBack? {
        guard churnDate(ofGroup: groupID) != nil else { return nil }
        let eligible = winBackOffers(ofGroup: groupID).filter { $0.offer.price(in: territory) != nil && isEligible(for: $0, inGroup: groupID) }
        guard let best = eligible.first(where: { $0.priority == .high }) ?? eligible.first else { return nil }
        return PitchDecision.WinBack(productID: lastProductID, offer: best.offer)
    }
}
