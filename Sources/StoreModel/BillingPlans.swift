import Foundation

/// How a subscription is paid: StoreKit's `Product.SubscriptionInfo.BillingPlanType`. Every
/// auto-renewable subscription is sold billed up front (its own price, once per period); a one-year
/// subscription may also be sold as monthly payments with a 12-month commitment (iOS 26.4 and later).
/// Apple: "Every auto-renewable subscription carries at least one billing plan […] with a default
/// billingPlanType of .upFront"; ".monthly […] only applies to monthly subscriptions with a 12-month
/// commitment" (WWDC26 "What's new in Apple In-App Purchase",
/// https://developer.apple.com/videos/play/wwdc2026/210).
public enum BillingPlanType: String, Sendable, CaseIterable {
    case billedUpFront
    case monthly
}

/// A one-year subscription's plan of monthly payments with a 12-month commitment: the monthly amount
/// per territory, and the introductory offer that belongs to this plan (offers are made per billing
/// plan in App Store Connect and in Xcode's version 5 files). StoreKit shows it as a `PricingTerms`
/// entry whose `SinglePrice.commitmentInfo` (iOS 27.3; `PricingTerms.commitmentInfo` in iOS 26.4–27.3)
/// gives the commitment's total and length; storefront follows the newer shape.
public struct CommitmentPlan: Sendable {
    /// Payments in one commitment, each for one month.
    public static let payments = 12
    public static let paymentPeriod = SubscriptionPeriod.oneMonth
    public static let length = SubscriptionPeriod.oneYear
    /// Territories where the App Store does not offer the plan: at its launch Apple named the United
    /// States and Singapore (Apple Developer News, "monthly subscriptions with a 12-month commitment",
    /// April 2026, as reported; Apple's pages give no list). The plan is not shown or sold there, even
    /// when a catalog prices it; lint says so. The one list storefront follows.
    public static let unavailableTerritories: Set<String> = ["USA", "SGP"]
    /// The commitment's total may be from 1× to 1.5× the price billed up front (lint warns outside).
    public static let totalRange: ClosedRange<Decimal> = 1...Decimal(string: "1.5")!
    /// `totalRange` as fractions (numerator, denominator), for the exact check in whole numbers.
    static let totalRangeFractions = (lower: (1 as UInt64, 1 as UInt64), upper: (3 as UInt64, 2 as UInt64))

    /// The monthly amount by territory code.
    public var prices: [String: Decimal] {
        get { priceTable.dictionary }
        set { priceTable = PriceTable(newValue) }
    }
    package var priceTable: PriceTable
    /// The introductory offer of this plan (a free trial for people who commit, say); the
    /// subscription's own `introductoryOffer` is the up-front plan's. It runs **before** the
    /// commitment: its periods are not payments of the 12, and someone who cancels during it is never
    /// committed; payment 1 is billed when it ends. Apple's pages do not say how the two combine; this
    /// follows how every introductory offer precedes the price it introduces ("free for 1 week, then
    /// £3.49/month for 12 months"), and the commitment's total stays twelve monthly payments.
    public var introductoryOffer: SubscriptionOffer?

    package init(prices: PriceTable, introductoryOffer: SubscriptionOffer?) {
        self.priceTable = prices
        self.introductoryOffer = introductoryOffer
    }

    /// Whether the App Store offers the plan in a territory at all.
    public static func isOffered(in territory: Territory) -> Bool { !unavailableTerritories.contains(territory.code) }

    /// One monthly payment in a territory; nil where the plan is not offered or not priced.
    public func monthlyPrice(in territory: Territory) -> Decimal? {
        Self.isOffered(in: territory) ? priceTable[territory.code] : nil
    }

    /// The plan's introductory offer where it can be sold: priced here (a free trial always is) and,
    /// paid by the month, billed monthly like the plan (a pay-as-you-go offer of weekly periods is not
    /// sold; lint says so). Nil where the plan itself is not offered.
    public func offeredIntroductoryOffer(in territory: Territory) -> SubscriptionOffer? {
        guard monthlyPrice(in: territory) != nil, let offer = introductoryOffer,
              offer.price(in: territory) != nil else { return nil }
        if offer.paymentMode == .payAsYouGo, offer.period != Self.paymentPeriod { return nil }
        return offer
    }

    /// The commitment's total (`CommitmentInfo.price`): its twelve monthly payments. Worked out from the
    /// monthly amount, so the total on screen and the payments charged are one source.
    public func commitmentPrice(in territory: Territory) -> Decimal? {
        monthlyPrice(in: territory).map { $0 * Decimal(Self.payments) }
    }
}

/// Where a transaction stands in its commitment: StoreKit's `Transaction.CommitmentInfo`
/// (`billingPeriodNumber`, `totalBillingPeriods`, `expirationDate`, `price`), iOS 26.4. Only a
/// transaction of the monthly plan has one ("For Transactions with an .upfront billingPlanType,
/// commitmentInfo is nil", WWDC26 session 210).
public struct CommitmentInfo: Sendable, Hashable {
    /// Which payment of the commitment this transaction is: 1 to `totalBillingPeriods`.
    public var billingPeriodNumber: Int
    public var totalBillingPeriods: Int
    /// When the commitment ends (its twelfth month's end).
    public var expirationDate: Date
    /// The commitment's total, in the transaction's currency.
    public var price: Decimal

    public init(billingPeriodNumber: Int, totalBillingPeriods: Int, expirationDate: Date, price: Decimal) {
        (self.billingPeriodNumber, self.totalBillingPeriods) = (billingPeriodNumber, totalBillingPeriods)
        (self.expirationDate, self.price) = (expirationDate, price)
    }

    /// Whether payments of this commitment are still to come after this one.
    public var hasPaymentsLeft: Bool { billingPeriodNumber < totalBillingPeriods }
}

// MARK: the commitment's rules

/// Monthly payments with a 12-month commitment, as Apple describes them: "Users can cancel at any time,
/// preventing renewal after completing their commitment", and see "the number of completed and
/// remaining payments" (Apple Developer News, April 2026, as 9to5Mac quoted it); each payment is its own
/// transaction with `commitmentInfo` ("the progress, price and expiration for the 12-month commitment"),
/// and the renewal info's `renewalBillingPlanType` and `commitmentInfo` are "for information on the
/// renewal of the overall commitment", "only present in the renewal info when the subscription is
/// currently in a commitment" (WWDC26 session 210, https://developer.apple.com/videos/play/wwdc2026/210).
extension AppStore {
    /// Prices a purchase of the monthly plan (`PurchaseOption.billingPlanType(.monthly)`): only for a
    /// subscription with a monthly plan offered and priced in this storefront, by someone not subscribed
    /// to the group now (changing plans is billed up front). Someone eligible for an introductory offer
    /// in the group gets the plan's own (`CommitmentPlan.introductoryOffer`; the subscription's
    /// `introductoryOffer` is the up-front plan's and never applies here): the quote is its first
    /// period, and the commitment starts when the offer ends (`commitmentStartAfterOffer`). Otherwise
    /// the quote is payment 1 of the commitment. Promotional and win-back offers are not combined with it.
    func commitmentQuote(_ product: Product, promotionalOffer offerID: String?) throws(PurchaseError) -> Quote {
        guard let info = product.subscription, let plan = info.monthlyPlan,
              let monthly = plan.monthlyPrice(in: territory) else { throw .notAvailableInStorefront }
        guard offerID == nil else { throw .ineligibleForOffer }
        if let status = status(ofGroup: info.groupID, ownership: .purchased),
           status.state.hasAccess || status.state == .inBillingRetryPeriod {
            throw .alreadySubscribed
        }
        var quote = Quote(product: product.id, quantity: 1, unitPrice: monthly, currency: territory.currency)
        quote.billingPlan = .monthly
        if let intro = monthlyPlanOffer(for: product) {
            quote.offer = intro
            quote.unitPrice = intro.price(in: territory) ?? monthly
        }
        return quote
    }

    /// The monthly plan's introductory offer this person gets choosing the plan now: the plan's own,
    /// sold here, to someone eligible for an introductory offer in the group (one per group, whichever
    /// plan it was on). What `commitmentQuote` charges and the screens show.
    public func monthlyPlanOffer(for product: Product) -> SubscriptionOffer? {
        guard let info = product.subscription, let offer = info.monthlyPlan?.offeredIntroductoryOffer(in: territory),
              isEligibleForIntroOffer(group: info.groupID) else { return nil }
        return offer
    }

    /// Makes `transaction` payment 1 of a commitment that starts at `start`: its period is one month,
    /// the commitment ends twelve months on, and its total is twelve of this payment.
    func startCommitment(_ transaction: inout Transaction, from start: Date) {
        transaction.expirationDate = scenario.timeRate.end(of: CommitmentPlan.paymentPeriod, from: start)
        transaction.commitment = CommitmentInfo(
            billingPeriodNumber: 1, totalBillingPeriods: CommitmentPlan.payments,
            expirationDate: scenario.timeRate.end(of: CommitmentPlan.length, from: start),
            price: transaction.price * Decimal(CommitmentPlan.payments))
    }

    /// The commitment payment a renewal of `latest` into `product` bills: the next payment of the same
    /// commitment while payments are left (billed even after the person cancelled: cancelling stops
    /// only what follows the commitment); after the last payment, payment 1 of a new commitment when
    /// the person kept the monthly plan (`renewalBillingPlanType`), or nil: the renewal is billed up
    /// front (the person chose that plan, or `latest` was not in a commitment). Renewing at all after
    /// the last payment is `willAutoRenew`'s, checked by `renew`.
    func nextCommitmentPayment(after latest: Transaction, into product: Product, renewal: RenewalInfo?) -> CommitmentInfo? {
        if latest.isMonthlyPlanOffer {
            // The plan's introductory offer ran out: payment 1 of the commitment, if the plan is sold
            // here (the person chose nothing else: a plan change during the offer is billed up front).
            guard latest.productID == product.id, (renewal?.renewalBillingPlanType ?? .monthly) == .monthly,
                  let total = product.subscription?.monthlyPlan?.commitmentPrice(in: territory) else { return nil }
            return CommitmentInfo(billingPeriodNumber: 1, totalBillingPeriods: CommitmentPlan.payments,
                                  expirationDate: latest.expirationDate ?? now, price: total)
        }
        guard let current = latest.commitment else { return nil }
        let total = product.subscription?.monthlyPlan?.commitmentPrice(in: territory) ?? current.price
        if current.hasPaymentsLeft, latest.productID == product.id {
            return CommitmentInfo(billingPeriodNumber: current.billingPeriodNumber + 1, totalBillingPeriods: current.totalBillingPeriods,
                                  expirationDate: current.expirationDate, price: total)
        }
        guard (renewal?.renewalBillingPlanType ?? .monthly) == .monthly else { return nil }
        // (The new commitment's end is set from its start by `startCommitment`.)
        return CommitmentInfo(billingPeriodNumber: 1, totalBillingPeriods: CommitmentPlan.payments,
                              expirationDate: current.expirationDate, price: total)
    }

    /// The App Store's disclosure sheet before the first commitment was accepted: "Before a customer
    /// subscribes to a commitment plan for the first time, new messaging is included with a disclosure
    /// sheet. The App Store automatically presents this sheet, and it's displayed once per Apple Account.
    /// The sheet includes information about the number of payments required to fulfill the commitment,
    /// along with cancellation guidance" (WWDC26 session 210). A commitment bought marks it too.
    public mutating func markCommitmentDisclosureShown() { commitmentDisclosureShown = true }

    /// Chooses the plan the subscription renews into after its commitment: monthly (a new commitment)
    /// or billed up front. Only in a commitment; false otherwise.
    @discardableResult
    public mutating func setRenewalBillingPlan(_ plan: BillingPlanType, group groupID: String) -> Bool {
        guard let latest = latestTransaction(inGroup: groupID), latest.commitment != nil,
              renewals[groupID]?.expirationReason == nil else { return false }
        changeRenewal(of: groupID) { $0?.renewalBillingPlanType = plan }
        return true
    }

    /// Where a subscription's commitment stands, for the screens: the latest payment's commitment
    /// info, whether a payment is still to come in it, and what follows it. Nil outside a commitment.
    public func commitmentStatus(ofGroup groupID: String) -> CommitmentStatus? {
        guard let status = status(ofGroup: groupID, ownership: .purchased), status.state.hasAccess,
              let commitment = status.transaction.commitment else { return nil }
        let renewal = renewals[groupID]
        let plan = renewal?.renewalBillingPlanType ?? .monthly
        // What the renewal after the last payment charges: a new commitment's total, or the price billed
        // up front (StoreKit's `RenewalInfo.CommitmentInfo.renewalPrice`, read as the commitment's
        // `price` is: the whole of what follows). Nil where it is not sold here.
        let renewing = catalog.product(renewal?.autoRenewProductID ?? status.transaction.productID)
        let renewalPrice = renewing.flatMap { plan == .monthly ? $0.subscription?.monthlyPlan?.commitmentPrice(in: territory) : price(of: $0) }
        var result = CommitmentStatus(commitment: commitment, willAutoRenew: renewal?.willAutoRenew ?? false,
                                      renewalBillingPlanType: plan,
                                      nextPayment: commitment.hasPaymentsLeft ? status.transaction.expirationDate : nil)
        result.renewalPrice = renewalPrice
        return result
    }
}

/// A subscription in a commitment, as the Account screen and the inspector show it: "payment 3 of 12".
public struct CommitmentStatus: Sendable, Equatable {
    public var commitment: CommitmentInfo
    /// The commitment's auto-renew (`RenewalInfo.commitmentInfo.willAutoRenew`): whether anything
    /// follows the last payment. Cancelling turns it off; the payments left are billed anyway.
    public var willAutoRenew: Bool
    /// The plan that follows the commitment when it renews.
    public var renewalBillingPlanType: BillingPlanType
    /// When the next payment of this commitment is billed; nil after the last.
    public var nextPayment: Date?
    /// What the renewal after the commitment charges in all (a new commitment's twelve payments, or the
    /// price billed up front); nil where it is not sold here.
    public var renewalPrice: Decimal?
}

extension CommitmentPlan {
    /// What lint warns about a subscription's monthly plan, territory by territory: a commitment whose
    /// total is outside 1× to 1.5× the price billed up front there (App Store Connect's range for it),
    /// a territory that prices the plan but where the App Store does not offer it, and one that prices
    /// the plan but not the subscription. Each warning names the territory; none stops the catalog.
    public static func warnings(for product: Product, in territories: [Territory]) -> [String] {
        guard let plan = product.subscription?.monthlyPlan else { return [] }
        var warnings: [String] = []
        if let intro = plan.introductoryOffer, intro.paymentMode == .payAsYouGo, intro.period != paymentPeriod {
            warnings.append("the plan's introductory offer is paid per \(intro.period) period, not monthly like the plan; it is not sold")
        }
        for territory in territories {
            guard let monthly = plan.priceTable[territory.code] else { continue }
            guard isOffered(in: territory) else {
                warnings.append("\(territory.code): the App Store does not offer monthly payments with a 12-month commitment there; the plan is not shown or sold")
                continue
            }
            guard let upFront = product.price(in: territory) else {
                warnings.append("\(territory.code): the plan is priced but the subscription is not sold there")
                continue
            }
            // total ÷ upFront within the range, compared in whole numbers from the prices as read: Decimal
            // multiplications were nine tenths of lint's work on plans (3,700 instructions each).
            let outside = isOutsideTotalRange(monthly: plan.priceTable.exact(territory.code), upFront: product.priceTable.exact(territory.code))
                ?? isOutsideTotalRange(monthly: monthly, upFront: upFront)
            guard outside else { continue }
            let total = monthly * Decimal(payments)
            warnings.append("\(territory.code): the commitment's total (12 × \(monthly) = \(total)) is outside 1× to 1.5× the price billed up front (\(upFront))")
        }
        return warnings
    }

    /// Whether twelve payments of `monthly` fall outside `totalRange` times `upFront` (a free
    /// subscription has no range), in Decimal.
    static func isOutsideTotalRange(monthly: Decimal, upFront: Decimal) -> Bool {
        let total = monthly * Decimal(payments)
        return upFront > 0 && (total < upFront * totalRange.lowerBound || total > upFront * totalRange.upperBound)
    }

    /// The same from two prices as read (significand × 10^exponent), exactly, in whole numbers; nil
    /// when either is missing or a product would not fit in 64 bits (the Decimal check decides then).
    static func isOutsideTotalRange(monthly: (significand: UInt64, exponent: Int)?,
                                    upFront: (significand: UInt64, exponent: Int)?) -> Bool? {
        guard let monthly, let upFront else { return nil }
        guard upFront.significand > 0 else { return false }
        // Each side is brought to the smaller exponent, so both are whole numbers of the same unit.
        func scaled(_ price: (significand: UInt64, exponent: Int), by factor: UInt64, to exponent: Int) -> UInt64? {
            var value = price.significand.multipliedReportingOverflow(by: factor)
            guard !value.overflow else { return nil }
            for _ in 0..<(price.exponent - exponent) {
                value = value.partialValue.multipliedReportingOverflow(by: 10)
                guard !value.overflow else { return nil }
            }
            return value.partialValue
        }
        let exponent = min(monthly.exponent, upFront.exponent)
        let (lower, upper) = totalRangeFractions
        // total < upFront·lower.n/lower.d ⇔ total·lower.d < upFront·lower.n; likewise above the upper bound.
        guard let belowLeft = scaled(monthly, by: UInt64(payments) * lower.1, to: exponent),
              let belowRight = scaled(upFront, by: lower.0, to: exponent),
              let aboveLeft = scaled(monthly, by: UInt64(payments) * upper.1, to: exponent),
              let aboveRight = scaled(upFront, by: upper.0, to: exponent) else { return nil }
        return belowLeft < belowRight || aboveLeft > aboveRight
    }
}
