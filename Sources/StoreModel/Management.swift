import Foundation

/// What the person does to their own subscriptions and purchases from the app's Account screen:
/// accept a retention offer when cancelling, fix a billing problem, use up consumables.
extension AppStore {
    /// The retention offer to show someone about to cancel a group: the first promotional offer with
    /// `purpose: retention` of the product the subscription renews into, priced in this storefront (a
    /// free one needs no price), while their own subscription is active, renewing, and has no offer
    /// booked already. Promotional offers go to current or lapsed subscribers only (App Store Connect,
    /// "Set up promotional offers for auto-renewable subscriptions").
    ///
    /// Staying must never cost more than what the person pays now. A booked offer starts at the next
    /// renewal and replaces what would be charged then, so there is none while an introductory or other
    /// offer still has periods to run (it would end them early), and none that costs as much a day as the
    /// next charge or more.
    public func retentionOffer(forGroup groupID: String) -> SubscriptionOffer? {
        // Not while a change of plan is booked: the offer would be of the plan it changes to, and "Stay
        // with Basic Monthly" to someone on Pro whose downgrade is only booked says something untrue.
        guard let status = status(ofGroup: groupID, ownership: .purchased), status.state.hasAccess,
              let renewal = status.renewal, renewal.willAutoRenew, renewal.offerID == nil,
              renewal.autoRenewProductID == status.transaction.productID,
              renewal.billingIssueSince == nil,
              let product = catalog.product(renewal.autoRenewProductID),
              let next = nextCharge(ofGroup: groupID), next.offer == nil,
              let period = product.subscription?.period else { return nil }
        return product.subscription?.promotionalOffers.first { offer in
            guard offer.purpose == .retention else { return false }
            if offer.paymentMode == .freeTrial { return next.amount > 0 }
            guard let price = offer.price(in: territory) else { return false }
            // The offer's price covers one of its periods (pay as you go) or all of them (pay up front).
            let covered = offer.paymentMode == .payUpFront ? offer.totalDuration : offer.period
            return price * Decimal(period.approximateDays) < next.amount * Decimal(covered.approximateDays)
        }
    }

    /// The person takes the retention offer instead of cancelling: it is booked for the next renewal
    /// (StoreKit's RenewalInfo.offer, "a subscription offer that applies to the transaction at the next
    /// renewal period"), and the subscription keeps renewing. Returns false where no offer applies.
    @discardableResult
    public mutating func acceptRetentionOffer(group groupID: String) -> Bool {
        guard let offer = retentionOffer(forGroup: groupID), let id = offer.id else { return false }
        changeRenewal(of: groupID) {
            $0?.offerID = id
            $0?.offerWaitsForRunningOffer = false
            $0?.willAutoRenew = true
        }
        return true
    }

    /// The person keeps the plan they have: a downgrade or crossgrade booked for the next renewal is
    /// taken back (choosing the current plan in Manage, or buying it again), so the subscription renews
    /// into the current product, and an offer or token booked with the change goes with it. The App
    /// Store sends DID_CHANGE_RENEWAL_PREF with no subtype ("the user canceled a downgrade", Apple's
    /// notificationType page; issue 55, item 6). Returns false where no change is booked.
    @discardableResult
    public mutating func keepCurrentPlan(group groupID: String) -> Bool {
        guard let status = status(ofGroup: groupID, ownership: .purchased), status.state.hasAccess,
              let renewal = status.renewal, renewal.autoRenewProductID != status.transaction.productID,
              let current = catalog.product(status.transaction.productID) else { return false }
        let keepsOffer = bookedOffer(renewal, on: current) != nil
        changeRenewal(of: groupID) {
            $0?.autoRenewProductID = current.id
            $0?.willAutoRenew = true
            if !keepsOffer, $0?.offerID != nil {
                $0?.offerID = nil
                $0?.offerWaitsForRunningOffer = false
                $0?.offerKind = nil
            }
            $0?.appAccountToken = nil
        }
        return true
    }

    /// A consumable's balance, the units the person has left: bought, not refunded and delivered, and any
    /// the app gave as a conciliatory item (Purchase Help), less what the app's own record says they used.
    /// Never below zero. What every screen ("2 left", "×2") and a script's `expect-balance` read.
    public func consumableBalance(_ productID: String) -> Int {
        max(0, consumableUnitsDelivered(productID) + giftedUnits(of: productID) - (consumableUse[productID] ?? 0))
    }

    /// Spends one unit of a consumable, as the app does when the person uses it. The App Store keeps
    /// no such count (a consumable's transaction is finished once delivered); this is the demo app's
    /// own record, kept in the ledger. Returns false when none is left.
    @discardableResult
    public mutating func useConsumable(_ productID: String) -> Bool {
        guard consumableBalance(productID) > 0 else { return false }
        consumableUse[productID, default: 0] += 1
        unsavedChanges.consumableUse.insert(productID)
        return true
    }

    /// A used count brought back from a saved ledger.
    public mutating func restoreConsumableUse(_ productID: String, units: Int) {
        consumableUse[productID] = units > 0 ? units : nil
    }

    /// The consumables the person has units of now, in catalog order: bought and not all used.
    public var consumablesHeld: [Product] {
        Set(index.balances.keys).union(deliveries.values.compactMap(\.giftProductID))
            .compactMap { catalog.position(ofProduct: $0) }.sorted()
            .map { catalog.products[$0] }.filter { consumableBalance($0.id) > 0 }
    }

    /// The person updated their payment method (the simulator's stand-in for Apple Account settings):
    /// charges succeed again, so the App Store's next billing retry renews the subscription.
    public mutating func updatePaymentMethod() {
        scenario.billingFails = false
    }
}
