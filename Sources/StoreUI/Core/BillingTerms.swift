import Foundation
import StoreModel

/// Prices and billing terms as sentences, shared by every screen that sells (HIG "Making signup
/// effortless": the billing amount, the intro price, its duration and the standard price after it).
public struct BillingTerms {
    let state: AppState
    /// Terms for a plan the person asked for themselves (`AppStore.saleDecision`): a family member
    /// choosing a plan of their own sees its offers; everywhere else only what may be pitched has any.
    let onOwnInitiative: Bool
    /// Read in place: a copy of the table retains each of its strings (issue 33).
    var strings: Strings { _read { yield state.strings } }

    public init(_ state: AppState, onOwnInitiative: Bool = false) {
        self.state = state
        self.onOwnInitiative = onOwnInitiative
    }

    /// "$39.99/year" for a subscription, "$4.99" otherwise; nil where not sold. What the product costs
    /// here now (`AppStore.price(of:)`, a raised price included): what the confirmation sheet charges.
    public func standardPrice(_ product: Product) -> String? { Self.standardPrice(state, product) }

    /// `standardPrice` without making terms: the store's rows ask it per row per frame, and making
    /// `BillingTerms` copies the app's state (issue 33).
    static func standardPrice(_ state: AppState, _ product: Product) -> String? {
        guard let amount = state.store.price(of: product) else { return nil }
        let text = state.price(amount)
        if let period = product.subscription?.period { return text + state.strings.perPeriod(period) }
        return text
    }

    /// "$1.99/month": what a subscriber's renewals of the product charge, a price kept through an
    /// increase made with preserveCurrentPrice included (`AppStore.renewalPrice(of:)`).
    public func renewalPrice(_ product: Product) -> String? {
        guard let amount = state.store.renewalPrice(of: product), let period = product.subscription?.period else {
            return standardPrice(product)
        }
        return state.price(amount) + strings.perPeriod(period)
    }

    /// "Free for 1 week, then $39.99/year"; "$1.99/month for 3 months, then $4.99/month";
    /// "$2.99 for the first 3 months, then $19.99/year".
    public func offerSummary(_ offer: SubscriptionOffer, on product: Product) -> String? {
        guard let standard = standardPrice(product), let amount = offer.price(in: state.store.territory) else { return nil }
        return strings.thenPrice(offerPrice(offer, amount: amount), standard)
    }

    /// The offer's own part: "Free for 1 week", "$1.99/month for 3 months", "$2.99 for the first 3 months".
    public func offerPrice(_ offer: SubscriptionOffer, amount: Decimal) -> String { Self.offerPrice(state, offer, amount: amount) }

    /// `offerPrice` without making terms (the store's rows ask it per frame).
    /// (The language table is read in place: a local copy would retain each of its strings.)
    static func offerPrice(_ state: AppState, _ offer: SubscriptionOffer, amount: Decimal) -> String {
        switch offer.paymentMode {
        case .freeTrial:
            state.strings.freeFor(state.strings.duration(offer.totalDuration))
        case .payAsYouGo:
            state.strings.forDuration(state.price(amount) + state.strings.perPeriod(offer.period), state.strings.duration(offer.totalDuration))
        case .payUpFront:
            state.strings.upFront(state.price(amount), state.strings.duration(offer.totalDuration))
        }
    }

    /// The offer in one line, for someone starting it now: its price and length, the standard price
    /// after it and the date that price is first billed ("Free for 1 week, then $9.99/month starting
    /// Nov 28, 2026").
    public func offerTerms(_ offer: SubscriptionOffer, on product: Product, startingAt start: Date) -> String? {
        guard let standard = standardPrice(product), let amount = offer.price(in: state.store.territory) else { return nil }
        let end = state.date(offer.totalDuration.added(to: start))
        return strings.thenPriceFrom(offerPrice(offer, amount: amount), standard, end)
    }

    /// How the offer ends, for someone starting it now: when, and what is then billed automatically.
    public func offerEnd(_ offer: SubscriptionOffer, on product: Product, startingAt start: Date) -> String? {
        guard let standard = standardPrice(product) else { return nil }
        let end = state.date(offer.totalDuration.added(to: start))
        return offer.paymentMode == .freeTrial ? strings.trialEnds(end, standard) : strings.offerEnds(end, standard)
    }

    /// A one-year subscription's monthly plan with a 12-month commitment, here: "£3.49/month"; nil where
    /// the App Store does not offer the plan (`CommitmentPlan.isOffered`) or the catalog does not price it.
    /// The amount each payment charges (`CommitmentPlan.monthlyPrice`, what `AppStore.commitmentQuote` bills).
    public func monthlyPlanPrice(_ product: Product) -> String? {
        guard state.store.price(of: product) != nil,
              let amount = product.subscription?.monthlyPlan?.monthlyPrice(in: state.store.territory) else { return nil }
        return state.price(amount) + strings.perPeriod(CommitmentPlan.paymentPeriod)
    }

    /// "£3.49/month for 12 months, £41.88 in all": the commitment's payments and its total
    /// (`CommitmentPlan.commitmentPrice`, twelve of the payment the sheet charges).
    public func commitmentTerms(_ product: Product) -> String? {
        guard let monthly = monthlyPlanPrice(product),
              let total = product.subscription?.monthlyPlan?.commitmentPrice(in: state.store.territory) else { return nil }
        return strings.commitmentTerms(monthly, CommitmentPlan.payments, state.price(total))
    }

    /// "£3.49/month for 12 months": what the commitment charges, for a button.
    public func commitmentCharge(_ product: Product) -> String? {
        monthlyPlanPrice(product).map {
            strings.forDuration($0, strings.duration(SubscriptionPeriod(value: CommitmentPlan.payments, unit: .month)))
        }
    }

    /// The monthly plan's introductory offer this person gets choosing the plan now
    /// (`AppStore.monthlyPlanOffer`, what the purchase charges): it runs before the commitment.
    public func monthlyPlanOffer(_ product: Product) -> SubscriptionOffer? {
        state.store.price(of: product) != nil ? state.store.monthlyPlanOffer(for: product) : nil
    }

    /// "Free for 1 week, then £3.49/month for 12 months": the monthly plan's offer and the commitment
    /// that follows it, for a button and the confirmation sheet.
    public func commitmentOfferSummary(_ offer: SubscriptionOffer, on product: Product) -> String? {
        guard let commitment = commitmentCharge(product), let amount = offer.price(in: state.store.territory) else { return nil }
        return strings.thenPrice(offerPrice(offer, amount: amount), commitment)
    }

    /// The same for someone starting it now, with the date payment 1 is billed ("Free for 1 week, then
    /// £3.49/month for 12 months starting Dec 3, 2026").
    public func commitmentOfferTerms(_ offer: SubscriptionOffer, on product: Product, startingAt start: Date) -> String? {
        guard let commitment = commitmentCharge(product), let amount = offer.price(in: state.store.territory) else { return nil }
        return strings.thenPriceFrom(offerPrice(offer, amount: amount), commitment, state.date(offer.totalDuration.added(to: start)))
    }

    /// How the monthly plan's offer ends, for someone starting it now: when, that the commitment then
    /// starts with its payments, and that cancelling before means it never does (not "billed until you
    /// cancel": a commitment's payments are billed to its end).
    public func commitmentOfferEnd(_ offer: SubscriptionOffer, on product: Product, startingAt start: Date) -> String? {
        guard let charge = commitmentCharge(product) else { return nil }
        let end = state.date(offer.totalDuration.added(to: start))
        return strings.commitmentAfterOffer(end, strings.commitmentLength(CommitmentPlan.payments), charge)
    }

    /// "$3.33/month · save 33%": the subordinate per-month breakdown of a longer period.
    public func perMonth(_ product: Product) -> String? {
        guard let perMonth = state.store.perMonthPrice(of: product) else { return nil }
        var text = strings.perMonthBreakdown(state.price(perMonth))
        if let saving = state.store.savingsAgainstMonthly(of: product) {
            text += " · " + strings.save(state.prices.percent(saving))
        }
        return text
    }

    /// What buying it now costs first, for a button: the offer's price where one applies ("1 week
    /// free"), else the standard price.
    public func firstCharge(_ product: Product) -> String? {
        if let offer = applicableOffer(product), let amount = offer.price(in: state.store.territory) {
            return offerPrice(offer, amount: amount)
        }
        return standardPrice(product)
    }

    /// The offer this person would get buying the product now, as the purchase prices it: the win-back
    /// offer for a lapsed subscriber where one applies, else the intro offer if eligible — a lapsed
    /// subscriber who never received one still is (`AppStore.isEligibleForIntroOffer`).
    public func applicableOffer(_ product: Product) -> SubscriptionOffer? {
        Self.applicableOffer(state, product, onOwnInitiative: onOwnInitiative)
    }

    /// `applicableOffer` without making terms (the store's rows ask it per frame).
    static func applicableOffer(_ state: AppState, _ product: Product, onOwnInitiative: Bool = false) -> SubscriptionOffer? {
        guard let info = product.subscription else { return nil }
        let intro = info.introductoryOffer.flatMap { $0.price(in: state.store.territory) != nil ? $0 : nil }
        switch onOwnInitiative ? state.store.saleDecision(forGroup: info.groupID) : state.store.pitch(forGroup: info.groupID) {
        case .subscribe(introOffer: true):
            return intro
        case .resubscribe(_, let winBack?) where winBack.productID == product.id:
            return winBack.offer
        case .resubscribe:
            return state.store.isEligibleForIntroOffer(group: info.groupID) ? intro : nil
        default:
            return nil
        }
    }

    /// What a subscriber pays next, in words: a free trial until its end, an offer's price until the
    /// standard price starts, or the price the next renewal bills.
    public func nextCharge(_ charge: AppStore.NextCharge, on product: Product) -> String? {
        // After the monthly plan's introductory offer: the commitment's payments.
        guard let standard = charge.commitmentFollows ? commitmentCharge(product) : renewalPrice(product) else { return nil }
        // An offer booked after what runs now: what runs now, until the booked offer starts.
        if let booked = charge.booked, let from = charge.bookedFrom {
            let bookedText = offerPrice(booked, amount: booked.price(in: state.store.territory) ?? 0)
            if charge.currentOffer?.paymentMode == .freeTrial {
                return strings.trialUntil(state.date(from), bookedText)
            }
            if charge.bookedUntil != nil, let running = charge.offer {
                return strings.payingUntil(state.price(charge.amount) + strings.perPeriod(running.period), state.date(from), bookedText)
            }
        }
        if charge.currentOffer?.paymentMode == .freeTrial {
            return strings.trialUntil(state.date(charge.date), standard)
        } else if let offer = charge.offer, offer.paymentMode == .freeTrial, let from = charge.standardFrom {
            // A free offer booked for the next renewal (a retention offer, an offer code): free from
            // then until the standard price starts.
            return strings.trialUntil(state.date(from), standard)
        } else if let offer = charge.offer, let from = charge.standardFrom {
            let offerPrice = state.price(charge.amount) + strings.perPeriod(offer.period)
            return strings.payingUntil(offerPrice, state.date(from), standard)
        } else if let current = charge.currentOffer, current.paymentMode == .payUpFront,
                  let paid = current.price(in: state.store.territory) {
            // Paid up front for the offer's length: that, until the standard price is billed.
            return strings.payingUntil(state.price(paid), state.date(charge.date), standard)
        }
        if charge.commitmentFollows { return standard }
        return state.store.catalog.product(charge.productID).flatMap(renewalPrice)
    }
}
