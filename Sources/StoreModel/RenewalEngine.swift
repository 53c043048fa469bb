import Foundation

/// The renewal engine: the simulated clock moving forward, renewals, billing retry and grace periods,
/// the time rate, what a renewal charges, and turning auto-renew off or on.
extension AppStore {
    /// Moves the simulated present forward, renewing every subscription whose period ends on the way.
    /// Renewals happen whatever the payment gate says, as on a real device.
    public mutating func advance(to instant: Date) {
        guard instant >= now else { return }
        // What changed before the journey is noted as of now; each change on the way, as of when it happens.
        noteNotifications()
        // Only a group with a renewal state can renew. In catalog order, so renewals get the ids they
        // always had.
        for position in renewals.keys.compactMap({ catalog.position(ofGroup: $0) }).sorted() {
            renew(catalog.subscriptionGroups[position], until: instant)
        }
        if let shared = scenario.familySharing, let groupID = groupID(ofProduct: shared) {
            renewFamilyShared(inGroup: groupID, until: instant)
        }
        expireAskToBuyRequests(until: instant)
        now = instant
    }

    public mutating func advance(by period: SubscriptionPeriod) { advance(to: period.added(to: now)) }

    /// QA changes the time rate (the scenario panel, a script's `set`, a launch flag): what is running is
    /// re-timed. The period each active subscription is in (the person's own, and one a family organizer
    /// shares) keeps the part of it that is left, now measured at the new rate from now, so its next
    /// renewal comes when the new rate says, and what is planned from it (an introductory price's end,
    /// a booked offer) follows. Apple documents nothing about changing `SKTestSession.timeRate` mid-period;
    /// keeping the part left is what lets QA speed up (or slow down) a subscription where it stands.
    /// The same rate again changes nothing. A saved ledger's dates were planned at its saved rate, so
    /// the ledger sets that rate directly (`scenario.timeRate`), without re-timing.
    public mutating func changeTimeRate(to rate: TimeRate) {
        guard rate != scenario.timeRate else { return }
        scenario.timeRate = rate
        for groupID in groupsWithSubscriptions.sorted() {
            for ownership in [Transaction.Ownership.purchased, .familyShared] { retimeCurrentPeriod(ofGroup: groupID, ownership) }
            retimeBillingIssue(ofGroup: groupID)
        }
    }

    /// Re-plans a running billing grace period and billing retry at the time rate, as
    /// `retimeCurrentPeriod` does a period: the share of each that is left is kept. (Without this, a
    /// faster rate would end a retry that began days ago at once, and a grace period would last days.)
    mutating func retimeBillingIssue(ofGroup groupID: String) {
        let now = now
        guard let renewal = renewals[groupID], renewal.expirationReason == nil, let since = renewal.billingIssueSince,
              since < now, let latest = latestTransaction(inGroup: groupID) else { return }
        func retimed(_ end: Date, length: TimeInterval) -> Date {
            now.addingTimeInterval(end.timeIntervalSince(now) / end.timeIntervalSince(since) * length)
        }
        var changed = renewal
        if let end = renewal.gracePeriodExpiration, end > now,
           let length = gracePeriodEnd(renewing: latest, into: renewal.autoRenewProductID, failedAt: now)?.timeIntervalSince(now) {
            changed.gracePeriodExpiration = retimed(end, length: length)
        }
        let retryEnd = billingRetryEnd(of: renewal, since: since)
        if retryEnd > now {
            changed.billingRetryEnds = retimed(retryEnd, length: billingRetryEnd(since: now).timeIntervalSince(now))
        }
        if changed != renewal { changeRenewal(of: groupID) { [changed] in $0 = changed } }
    }

    /// Re-plans the end of the period a subscription is in at the time rate: see `changeTimeRate(to:)`.
    mutating func retimeCurrentPeriod(ofGroup groupID: String, _ ownership: Transaction.Ownership) {
        guard let status = status(ofGroup: groupID, ownership: ownership), status.state == .subscribed,
              let end = status.transaction.expirationDate, end > now, status.transaction.purchaseDate < end,
              let product = catalog.product(status.transaction.productID), let info = product.subscription else { return }
        let latest = status.transaction
        // The period the transaction was bought for: its offer's (one pay-as-you-go period, or the whole
        // offer), else the plan's.
        let bought = offer(of: latest, product: product)
        let period = bought.map { $0.paymentMode == .payAsYouGo ? $0.period : $0.totalDuration } ?? info.period
        let left = end.timeIntervalSince(now) / end.timeIntervalSince(latest.purchaseDate)
        let length = scenario.timeRate.end(of: period, from: now).timeIntervalSince(now)
        let retimed = now.addingTimeInterval(left * length)
        update(latest.id) { $0.expirationDate = retimed }
    }

    mutating func renew(_ group: SubscriptionGroup, until instant: Date) {
        // Ends: every pass returns, or appends a renewal that ends later than the last one, or marks a
        // billing issue (after which the next pass returns or appends). Each pass costs O(1) lookups.
        meter?.groupsVisited += 1
        while let latest = latestTransaction(inGroup: group.id), latest.revocationDate == nil,
              var renewal = renewals[group.id], let expiration = latest.expirationDate {
            meter?.renewalPasses += 1
            // An expired subscription renews no more; buying again starts a new renewal state.
            if renewal.expirationReason != nil { return }
            if let since = renewal.billingIssueSince {
                // Billing retry: the App Store keeps trying until the retry period ends, then the
                // subscription expires with the billing error (notification EXPIRED, BILLING_RETRY).
                let retryEnd = billingRetryEnd(of: renewal, since: since)
                let recovered = max(now, since)
                if scenario.billingFails || !renewal.willAutoRenew || recovered >= retryEnd {
                    // A grace period that ran out on the way with the billing issue still open, whether
                    // it began before this stretch of time or in it (GRACE_PERIOD_EXPIRED).
                    if let graceEnd = renewal.gracePeriodExpiration, graceEnd <= instant, graceEnd > now {
                        notificationBaseline.graceEnded.append((group.id, graceEnd))
                        noteNotifications(asOf: graceEnd)
                    }
                    // (Auto-renew off here is a ledger from before cancelling ended the retry: the same
                    // billing error, as `setAutoRenew` records it.)
                    if retryEnd <= instant {
                        expire(group.id, .billingError)
                        noteNotifications(asOf: max(now, retryEnd))
                    }
                    return
                }
                guard recovered <= instant else { return }
                // The recovery charges this storefront's price: where the plan has none, nothing is
                // charged and it expires as no longer for sale.
                guard let renewing = catalog.product(renewal.autoRenewProductID), price(of: renewing) != nil else {
                    expire(group.id, .productUnavailable)
                    noteNotifications(asOf: recovered)
                    return
                }
                // Recovered in the grace period: the renewal date stays. Later: it moves to the recovery.
                let inGrace = renewal.gracePeriodExpiration.map { recovered < $0 } ?? false
                renewal.billingIssueSince = nil
                renewal.gracePeriodExpiration = nil
                renewal.billingRetryEnds = nil
                changeRenewal(of: group.id) { [renewal] in $0 = renewal }
                appendRenewal(of: latest, at: recovered, periodStart: inGrace ? since : recovered)
                noteNotifications(asOf: recovered)
                continue
            }
            guard expiration <= instant else { return }
            // Why a subscription does not renew at its expiration date, in StoreKit's words. A
            // commitment's payments are billed to its end whatever auto-renew says (BillingPlans.swift).
            if !renewal.willAutoRenew, latest.commitment?.hasPaymentsLeft != true {
                expire(group.id, .autoRenewDisabled)
                noteNotifications(asOf: max(now, expiration))
                return
            }
            guard let renewing = catalog.product(renewal.autoRenewProductID),
                  let terms = renewalTerms(of: latest, into: renewing, renewal: renewal) else {
                expire(group.id, .productUnavailable)
                noteNotifications(asOf: max(now, expiration))
                return
            }
            // Consent is asked for the price that will be charged (`isPriceConsentDue`): a renewal still
            // on an offer's price (an introductory price running its periods) needs none.
            if renewal.priceIncreaseStatus == .pending, chargesRaisedPrice(terms, of: renewing.id) {
                expire(group.id, .didNotConsentToPriceIncrease)
                noteNotifications(asOf: max(now, expiration))
                return
            }
            if scenario.billingFails {
                renewal.billingIssueSince = expiration
                renewal.gracePeriodExpiration = gracePeriodEnd(renewing: latest, into: renewal.autoRenewProductID,
                                                               failedAt: expiration)
                renewal.billingRetryEnds = billingRetryEnd(since: expiration)
                changeRenewal(of: group.id) { [renewal] in $0 = renewal }
                noteNotifications(asOf: max(now, expiration))
                continue
            }
            appendRenewal(of: latest, at: expiration, periodStart: expiration)
            noteNotifications(asOf: max(now, expiration))
        }
    }

    /// When the grace period of a renewal that failed at `expiration` ends, after the scenario's setting:
    /// the app's Billing Grace Period from the catalog (none for a free period turning paid when it covers
    /// paid-to-paid renewals only; at most 6 days for a weekly subscription), StoreKit Testing's lengths,
    /// or none. Nil when the failure starts without one.
    func gracePeriodEnd(renewing latest: Transaction, into productID: String, failedAt expiration: Date) -> Date? {
        guard let period = catalog.product(productID)?.subscription?.period else { return nil }
        switch scenario.gracePeriod {
        case .off:
            return nil
        case .on:
            return scenario.timeRate.gracePeriodEnd(for: period, from: expiration)
        case .asCatalog:
            guard let grace = catalog.app.billingGracePeriod else { return nil }
            let wasFree = latest.offerKind != nil && latest.price == 0
            if grace.renewals == .paidToPaidOnly, wasFree { return nil }
            // Under an accelerated rate, StoreKit Testing's table gives the length.
            guard scenario.timeRate == .realTime else { return scenario.timeRate.gracePeriodEnd(for: period, from: expiration) }
            return grace.length(for: period).added(to: expiration)
        }
    }

    /// When the next renewal attempt after `now` is due, across all groups: the expiration of an
    /// auto-renewing subscription, or the end of a grace period or billing retry. Nil if nothing will
    /// renew or change on its own.
    /// When the person's next subscription runs out without renewing (auto-renew off), after now.
    public var nextExpiration: Date? {
        renewals.keys.compactMap { status(ofGroup: $0, ownership: .purchased) }
            .filter { $0.state == .subscribed && $0.renewal?.willAutoRenew == false }
            .compactMap(\.transaction.expirationDate).filter { $0 > now }.min()
    }

    public var nextRenewalDate: Date? {
        [ownNextRenewalDate, nextFamilySharedRenewal].compactMap { $0 }.min()
    }

    /// A family-shared subscription renews with the organizer's: each period the organizer pays, this
    /// account gets a new `familyShared` transaction, whatever its own billing (a failing payment method
    /// or billing retry here is not the organizer's). It stops when the organizer stops sharing, which
    /// revokes the latest transaction. Each pass appends one renewal, found through the group's shared ids.
    mutating func renewFamilyShared(inGroup groupID: String, until instant: Date) {
        meter?.groupsVisited += 1
        while let latest = last(of: index.sharedByGroup[groupID], where: { !$0.isUpgraded }),
              latest.state == .purchased, latest.productID == scenario.familySharing,
              let expiration = latest.expirationDate, expiration <= instant,
              let period = catalog.product(latest.productID)?.subscription?.period {
            meter?.renewalPasses += 1
            var renewal = latest
            renewal.id = nextTransactionID
            nextTransactionID += 1
            renewal.purchaseDate = expiration
            renewal.reason = .renewal
            renewal.expirationDate = scenario.timeRate.end(of: period, from: expiration)
            renewal.storefront = territory.code
            renewal.currency = territory.currency
            append(renewal)
        }
    }

    /// When the shared subscription renews next, while the organizer shares it.
    var nextFamilySharedRenewal: Date? {
        guard let shared = scenario.familySharing, let groupID = groupID(ofProduct: shared),
              let status = status(ofGroup: groupID, ownership: .familyShared), status.state == .subscribed,
              status.renewal?.willAutoRenew == true else { return nil }
        return status.transaction.expirationDate
    }

    /// When the person's own next renewal attempt is due: see `nextRenewalDate`.
    var ownNextRenewalDate: Date? {
        renewals.keys.compactMap { catalog.group($0) }.compactMap { group -> Date? in
            meter?.groupsVisited += 1
            guard let latest = latestTransaction(inGroup: group.id), latest.revocationDate == nil,
                  let renewal = renewals[group.id], let expiration = latest.expirationDate else { return nil }
            if let since = renewal.billingIssueSince {
                return [renewal.gracePeriodExpiration, billingRetryEnd(of: renewal, since: since)].compactMap { $0 }.filter { $0 > now }.min()
            }
            let billsNext = renewal.willAutoRenew || latest.commitment?.hasPaymentsLeft == true
            return billsNext && expiration > now ? expiration : nil
        }.min()
    }

    mutating func appendRenewal(of latest: Transaction, at date: Date, periodStart: Date) {
        let groupID = self.groupID(ofProduct: latest.productID)!
        let product = catalog.product(renewals[groupID]!.autoRenewProductID)!
        // `renew` expires a subscription whose plan has no price here before it gets this far.
        let terms = renewalTerms(of: latest, into: product, renewal: renewals[groupID])!
        var transaction = latest
        transaction.id = nextTransactionID
        nextTransactionID += 1
        transaction.productID = product.id
        transaction.purchaseDate = date
        transaction.isUpgraded = false
        transaction.reason = .renewal
        // The App Store renews, not a device.
        transaction.device = nil
        // Charged in the storefront it renews in: its currency and its price.
        transaction.storefront = territory.code
        transaction.currency = territory.currency
        transaction.price = terms.price
        transaction.offerKind = terms.offerKind
        transaction.offerID = Self.transactionOfferID(terms.offer)
        if let token = renewals[groupID]?.appAccountToken { transaction.appAccountToken = token }
        transaction.expirationDate = scenario.timeRate.end(of: terms.period, from: periodStart)
        transaction.commitment = terms.commitment
        transaction.isMonthlyPlanOffer = terms.monthlyPlanOffer
        if terms.commitment?.billingPeriodNumber == 1 { startCommitment(&transaction, from: periodStart) }
        if let end = transaction.commitment?.expirationDate, !(transaction.commitment?.hasPaymentsLeft ?? true) {
            transaction.expirationDate = end // the last payment ends with the commitment
        }
        append(transaction)
        // A price increase applies from the renewal that charges the standard price on: nothing is
        // pending any more. One still on an offer's price leaves it ahead. A booked offer is now the
        // transaction's.
        changeRenewal(of: groupID) {
            if terms.offer == nil, $0?.priceIncreaseStatus != nil { $0?.priceIncreaseStatus = nil }
            if terms.booked, $0?.offerID != nil { $0?.offerID = nil }
            if terms.booked, $0?.offerKind != nil { $0?.offerKind = nil }
            if terms.booked, $0?.offerWaitsForRunningOffer == true { $0?.offerWaitsForRunningOffer = false }
            // The token booked with the plan is now the transaction's.
            if $0?.appAccountToken != nil { $0?.appAccountToken = nil }
            // Out of a commitment (renewed billed up front after it), no commitment renewal info is kept.
            if terms.commitment == nil, $0?.renewalBillingPlanType != nil { $0?.renewalBillingPlanType = nil }
        }
    }

    /// What a renewal of `latest` into `product` charges in this storefront, in its currency: a
    /// pay-as-you-go offer still being paid (an introductory price) continues for its periods at its
    /// price here; else an offer booked for the renewal (a retention offer accepted, an offer code
    /// redeemed) starts: a booked offer never ends a running one early; else the standard price, raised
    /// prices included (`price(of:)`), or the price a subscriber kept through an increase made with
    /// preserveCurrentPrice. An offer with no price here does not apply. The one source for
    /// what a renewal (or a billing retry's recovery) charges and what the Account screen says it will.
    /// Nil where the product has no price in this storefront: it is not sold here.
    func renewalTerms(of latest: Transaction, into product: Product, renewal: RenewalInfo?) -> RenewalTerms? {
        // The monthly plan's introductory price, still being paid (where the plan still sells it): its
        // periods come before the commitment.
        if latest.isMonthlyPlanOffer, product.subscription?.monthlyPlan?.offeredIntroductoryOffer(in: territory) != nil,
           let terms = runningOfferTerms(of: latest, into: product) {
            return terms
        }
        if let payment = nextCommitmentPayment(after: latest, into: product, renewal: renewal) {
            // A commitment's payment: the plan's monthly amount here, or not sold here.
            guard let monthly = product.subscription?.monthlyPlan?.monthlyPrice(in: territory) else { return nil }
            return RenewalTerms(price: monthly, offer: nil, offerKind: nil, period: CommitmentPlan.paymentPeriod,
                                remainingOfferPeriods: 0, booked: false, commitment: payment)
        }
        guard let standard = price(of: product), let info = product.subscription else { return nil }
        // A booked offer starts at the next renewal, ending a running one there, unless it was booked to
        // wait for it (an offer code stacked with the introductory offer).
        let booked = renewal.flatMap { renewal in bookedOffer(renewal, on: product).flatMap { offer in offer.price(in: territory).map { (offer, $0) } } }
        if !latest.isMonthlyPlanOffer, booked == nil || renewal?.offerWaitsForRunningOffer == true,
           let terms = runningOfferTerms(of: latest, into: product) { return terms }
        if let (offer, amount) = booked {
            return RenewalTerms(price: amount, offer: offer, offerKind: offer.kind,
                                period: offer.paymentMode == .payAsYouGo ? offer.period : offer.totalDuration,
                                remainingOfferPeriods: offer.paymentMode == .payAsYouGo ? offer.periodCount : 1, booked: true)
        }
        // A price kept through an increase made with preserveCurrentPrice, for this product here.
        return RenewalTerms(price: keptPrice(renewal, of: product) ?? standard, offer: nil, offerKind: nil, period: info.period, remainingOfferPeriods: 0, booked: false)
    }

    /// A pay-as-you-go offer `latest` was bought with, still running in `product`: its next period at its
    /// price here, with the periods left. Nil once its periods are billed, for another product, or
    /// where the offer has no price here.
    func runningOfferTerms(of latest: Transaction, into product: Product) -> RenewalTerms? {
        guard let kind = latest.offerKind, latest.productID == product.id, let groupID = product.subscription?.groupID,
              let offer = offer(of: latest, product: product), offer.paymentMode == .payAsYouGo,
              let amount = offer.price(in: territory) else { return nil }
        let billed = periodsBilled(of: latest, group: groupID, upTo: offer.periodCount)
        guard billed < offer.periodCount else { return nil }
        var terms = RenewalTerms(price: amount, offer: offer, offerKind: kind, period: offer.period,
                                 remainingOfferPeriods: offer.periodCount - billed, booked: false)
        terms.monthlyPlanOffer = latest.isMonthlyPlanOffer
        return terms
    }

    /// What a renewal charges: see `renewalTerms(of:into:renewal:)`.
    struct RenewalTerms {
        /// Per period, in this storefront's currency.
        var price: Decimal
        /// The offer it is billed under, if any.
        var offer: SubscriptionOffer?
        var offerKind: SubscriptionOffer.Kind?
        /// How long the period it pays for lasts.
        var period: SubscriptionPeriod
        /// The offer's periods left to bill, this renewal's included.
        var remainingOfferPeriods: Int
        /// Whether the offer is one booked for this renewal, starting with it.
        var booked: Bool
        /// A payment of a 12-month commitment: which one, and the commitment's end and total.
        var commitment: CommitmentInfo?
        /// A period of the monthly plan's introductory offer, before its commitment.
        var monthlyPlanOffer = false
    }

    /// The offer id a transaction carries: none for an introductory offer, whatever id the catalog gives
    /// it ("This value is nil if there isn't an offer, or if the offer type is introductory",
    /// https://developer.apple.com/documentation/storekit/transaction/offerid).
    static func transactionOfferID(_ offer: SubscriptionOffer?) -> String? {
        offer?.kind == .introductory ? nil : offer?.id
    }

    /// The offer a transaction was billed under, from the catalog: the monthly plan's introductory
    /// offer for a period of it, else the offer its kind and id name. Nil without an offer.
    func offer(of transaction: Transaction, product: Product) -> SubscriptionOffer? {
        if transaction.isMonthlyPlanOffer { return product.subscription?.monthlyPlan?.introductoryOffer }
        return transaction.offerKind.flatMap { offer(kind: $0, id: transaction.offerID, product: product) }
    }

    func offer(kind: SubscriptionOffer.Kind, id: String?, product: Product) -> SubscriptionOffer? {
        switch kind {
        case .introductory: product.subscription?.introductoryOffer
        case .promotional: product.subscription?.promotionalOffers.first { $0.id == id }
        case .code: id.flatMap { catalog.offerCode(id: $0)?.offer }
        case .winBack: product.subscription?.winBackOffers.first { $0.id == id }?.offer
        }
    }


    /// Turns auto-renew off (cancel) or back on for a group. Access continues until the expiration date;
    /// once the subscription has expired, only buying again renews it.
    ///
    /// Cancelling while a renewal could not be charged (a grace period or billing retry) ends the retry:
    /// with auto-renew off the App Store has nothing left to renew, so the subscription expires now, its
    /// grace period gone with it. The reason stays the billing error it expired with (StoreKit's
    /// `isInBillingRetry` table gives `expirationReason` `billingError` throughout billing retry and
    /// grace, developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/
    /// isinbillingretry), and the App Store sends EXPIRED with subtype BILLING_RETRY: an Apple engineer,
    /// on a subscription cancelled in its grace period, "after deactivating auto renewal they went
    /// straight to the EXPIRED state" (developer.apple.com/forums/thread/739756).
    public mutating func setAutoRenew(_ on: Bool, group groupID: String) {
        // Cancelling in a grace period or billing retry ends the retry: the subscription expires now, as
        // the customer's choice (EXPIRED VOLUNTARY after DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_DISABLED,
        // Apple's subtype pages; issue 55, item 10).
        if !on, let renewal = renewals[groupID], renewal.expirationReason == nil, renewal.billingIssueSince != nil {
            expire(groupID, .autoRenewDisabled)
            return
        }
        changeRenewal(of: groupID) {
            guard $0?.expirationReason == nil else { return }
            $0?.willAutoRenew = on
        }
    }
}

extension AppStore {
    /// The next instant the clock alone makes something happen: a renewal or the end of a grace period
    /// or billing retry (`nextRenewalDate`), a retry of a notification this device sends, an Ask to Buy
    /// request's expiry, after now. Nil when nothing will. A loop may sleep until then (`Runtime.secondsUntilDue`).
    public var nextDue: Date? {
        let retries = pendingNotifications.lazy.map { notifications[$0] }
            .filter { $0.sender == nil || $0.sender == deviceName }.compactMap(\.nextAttempt).filter { $0 > now }.min()
        let expiries = pendingRequests.lazy.compactMap(\.askToBuyExpiration).filter { $0 > now }.min()
        return [nextRenewalDate, retries, expiries].compactMap { $0 }.filter { $0 > now }.min()
    }
}
