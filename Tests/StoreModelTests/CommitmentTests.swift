import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// Monthly payments with a 12-month commitment (issue 32): the rules of BillingPlans.swift. The
/// fixture's Pro Annual (29.99 a year) gets a monthly plan of 2.99 in Germany and the USA; the App
/// Store offers it in Germany only.
struct CommitmentTests {
    static let month = SubscriptionPeriod.oneMonth

    static func store(territory: String = "DEU") -> AppStore {
        var catalog = Fixture.catalog
        let index = catalog.position(ofProduct: "pro.annual")!
        var plan = PriceTable()
        plan.set("DEU", significand: 299, exponent: -2)
        plan.set("USA", significand: 299, exponent: -2)
        catalog.products[index].subscription?.monthlyPlan = CommitmentPlan(prices: plan, introductoryOffer: nil)
        return AppStore(catalog: catalog, territory: catalog.territory(territory)!, now: Fixture.start)
    }

    @Test("buying the monthly plan makes payment 1 of 12: a one-month transaction with the commitment's end and total")
    func firstPayment() throws {
        var store = Self.store()
        let transaction = try #require(store.purchase("pro.annual", billingPlan: .monthly).transaction)
        #expect(transaction.billingPlanType == .monthly)
        #expect(transaction.price == Decimal(string: "2.99") && transaction.currency == "EUR")
        #expect(transaction.offerKind == nil, "no introductory offer: the monthly plan has none here")
        #expect(transaction.expirationDate == Self.month.added(to: Fixture.start))
        let commitment = try #require(transaction.commitment)
        #expect(commitment.billingPeriodNumber == 1 && commitment.totalBillingPeriods == 12)
        #expect(commitment.expirationDate == SubscriptionPeriod.oneYear.added(to: Fixture.start))
        #expect(commitment.price == Decimal(string: "35.88"))
        #expect(store.renewalInfo(ofGroup: "plus", ownership: .purchased)?.renewalBillingPlanType == .monthly)
        #expect(store.commitmentStatus(ofGroup: "plus")?.nextPayment == transaction.expirationDate)
    }

    @Test("billed up front, a subscription's transaction has no commitment info")
    func upFrontHasNoCommitment() throws {
        var store = Self.store()
        let transaction = try #require(store.purchase("pro.annual").transaction)
        #expect(transaction.billingPlanType == .billedUpFront && transaction.commitment == nil)
        #expect(store.renewalInfo(ofGroup: "plus", ownership: .purchased)?.renewalBillingPlanType == nil)
    }

    @Test("each renewal within the commitment is a new one-month transaction with commitment info payment k")
    func renewalsCountPayments() throws {
        var store = Self.store()
        store.purchase("pro.annual", billingPlan: .monthly)
        store.advance(by: SubscriptionPeriod(value: 2, unit: .month))
        let latest = try #require(store.status(ofGroup: "plus")?.transaction)
        #expect(latest.commitment?.billingPeriodNumber == 3)
        #expect(latest.reason == .renewal && latest.price == Decimal(string: "2.99"))
        #expect(latest.expirationDate == SubscriptionPeriod(value: 3, unit: .month).added(to: Fixture.start))
        #expect(latest.commitment?.expirationDate == SubscriptionPeriod.oneYear.added(to: Fixture.start), "one commitment, one end")
        #expect(store.transactions.filter { $0.productID == "pro.annual" }.count == 3)
    }

    @Test("after payment 12 a new commitment starts when the commitment auto-renews")
    func newCommitmentAfterTwelve() throws {
        var store = Self.store()
        store.purchase("pro.annual", billingPlan: .monthly)
        store.advance(by: SubscriptionPeriod(value: 11, unit: .month))
        let twelfth = try #require(store.status(ofGroup: "plus")?.transaction)
        #expect(twelfth.commitment?.billingPeriodNumber == 12)
        #expect(twelfth.expirationDate == twelfth.commitment?.expirationDate, "the last payment ends with the commitment")
        store.advance(by: Self.month)
        let next = try #require(store.status(ofGroup: "plus")?.transaction)
        #expect(next.commitment?.billingPeriodNumber == 1)
        #expect(next.commitment?.expirationDate == SubscriptionPeriod(value: 2, unit: .year).added(to: Fixture.start))
        #expect(store.status(ofGroup: "plus")?.state == .subscribed)
    }

    @Test("cancelling in the commitment keeps billing each month to its end and access to its end; then it expires")
    func cancelKeepsBillingToTheEnd() throws {
        var store = Self.store()
        store.purchase("pro.annual", billingPlan: .monthly)
        store.advance(by: Self.month)
        store.setAutoRenew(false, group: "plus")
        #expect(store.commitmentStatus(ofGroup: "plus")?.willAutoRenew == false)
        #expect(store.nextRenewalDate == SubscriptionPeriod(value: 2, unit: .month).added(to: Fixture.start), "the next payment is still due")
        store.advance(by: SubscriptionPeriod(value: 10, unit: .month))
        let last = try #require(store.status(ofGroup: "plus")?.transaction)
        #expect(last.commitment?.billingPeriodNumber == 12, "payments 3 to 12 billed after cancelling")
        #expect(store.status(ofGroup: "plus")?.state == .subscribed)
        #expect(store.commitmentStatus(ofGroup: "plus")?.nextPayment == nil)
        #expect(store.nextRenewalDate == nil)
        store.advance(by: Self.month)
        let status = try #require(store.status(ofGroup: "plus"))
        #expect(status.state == .expired && status.renewal?.expirationReason == .autoRenewDisabled)
        #expect(store.transactions.filter { $0.productID == "pro.annual" }.count == 12)
    }

    @Test("after payment 12 the subscription moves to the up-front plan when the person chose it")
    func movesToUpFrontAfterCommitment() throws {
        var store = Self.store()
        store.purchase("pro.annual", billingPlan: .monthly)
        let chosen = store.setRenewalBillingPlan(.billedUpFront, group: "plus")
        #expect(chosen)
        store.advance(by: SubscriptionPeriod(value: 12, unit: .month))
        let renewed = try #require(store.status(ofGroup: "plus")?.transaction)
        #expect(renewed.commitment == nil && renewed.billingPlanType == .billedUpFront)
        #expect(renewed.price == Decimal(string: "29.99"))
        #expect(renewed.expirationDate == SubscriptionPeriod(value: 2, unit: .year).added(to: Fixture.start))
        #expect(store.renewalInfo(ofGroup: "plus", ownership: .purchased)?.renewalBillingPlanType == nil, "out of the commitment")
    }

    @Test("the monthly plan is not sold where the App Store does not offer it (the USA), even when the catalog prices it")
    func notOfferedInTheUSA() {
        var store = Self.store(territory: "USA")
        #expect(store.purchase("pro.annual", billingPlan: .monthly) == .failed(.notAvailableInStorefront))
        #expect(throws: PurchaseError.notAvailableInStorefront) { try Self.store(territory: "JPN").quote("pro.annual", billingPlan: .monthly) }
    }

    @Test("a subscriber of the group cannot start a commitment on top of a subscription in force")
    func noCommitmentOverASubscription() {
        var store = Self.store()
        store.purchase("pro.monthly")
        #expect(store.purchase("pro.annual", billingPlan: .monthly) == .failed(.alreadySubscribed))
    }

    @Test("a refund of the monthly payment in force revokes it and ends the commitment: nothing more is billed")
    func refundOfOnePayment() throws {
        var store = Self.store()
        store.purchase("pro.annual", billingPlan: .monthly)
        store.advance(by: SubscriptionPeriod(value: 2, unit: .month))
        let third = try #require(store.status(ofGroup: "plus")?.transaction)
        #expect(store.refund(third.id) == .endsSubscription)
        store.advance(by: SubscriptionPeriod(value: 3, unit: .month))
        #expect(store.transactions.filter { $0.productID == "pro.annual" }.count == 3)
        #expect(store.status(ofGroup: "plus")?.state == .revoked)
    }

    @Test("a refund of a past monthly payment leaves the commitment billing")
    func refundOfPastPayment() throws {
        var store = Self.store()
        let first = try #require(store.purchase("pro.annual", billingPlan: .monthly).transaction)
        store.advance(by: SubscriptionPeriod(value: 2, unit: .month))
        store.refund(first.id)
        store.advance(by: Self.month)
        #expect(store.status(ofGroup: "plus")?.transaction.commitment?.billingPeriodNumber == 4)
    }

    @Test("the renewal info's commitment renewal price is what follows the last payment: a new commitment's total, or the price billed up front once chosen")
    func commitmentRenewalPrice() throws {
        var store = Self.store()
        store.purchase("pro.annual", billingPlan: .monthly)
        #expect(store.commitmentStatus(ofGroup: "plus")?.renewalPrice == Decimal(string: "35.88"))
        store.setRenewalBillingPlan(.billedUpFront, group: "plus")
        #expect(store.commitmentStatus(ofGroup: "plus")?.renewalPrice == Decimal(string: "29.99"))
        let status = try #require(store.status(ofGroup: "plus"))
        let field = StoreKitFields.renewal(status, group: "plus", in: store).first { $0.name == "commitmentInfo.renewalPrice" }
        #expect(field?.value == .amount(Decimal(string: "29.99")!, currency: "EUR"))
    }

    @Test("lint: a commitment's total outside 1× to 1.5× the up-front price, and a plan priced where it is not offered, are warned about")
    func planWarnings() throws {
        let store = Self.store()
        let product = try #require(store.catalog.product("pro.annual"))
        let warnings = CommitmentPlan.warnings(for: product, in: store.catalog.territories)
        #expect(warnings.count == 1 && warnings[0].hasPrefix("USA: the App Store does not offer"))
        var cheap = product
        cheap.subscription?.monthlyPlan?.prices = ["DEU": Decimal(string: "1.99")!]
        #expect(CommitmentPlan.warnings(for: cheap, in: store.catalog.territories) == [
            "DEU: the commitment's total (12 × 1.99 = 23.88) is outside 1× to 1.5× the price billed up front (29.99)"])
        // The same price as a reader keeps it (significand and exponent): the same warning.
        var table = PriceTable()
        table.set("DEU", significand: 199, exponent: -2)
        cheap.subscription?.monthlyPlan?.priceTable = table
        var upFront = PriceTable()
        upFront.set("DEU", significand: 2999, exponent: -2)
        cheap.priceTable = upFront
        #expect(CommitmentPlan.isOutsideTotalRange(monthly: table.exact("DEU"), upFront: upFront.exact("DEU")) == true)
        #expect(CommitmentPlan.warnings(for: cheap, in: store.catalog.territories) == [
            "DEU: the commitment's total (12 × 1.99 = 23.88) is outside 1× to 1.5× the price billed up front (29.99)"])
    }

    @Test("lint's whole-number check of a commitment's total agrees with Decimal arithmetic, at the range's bounds too")
    func wholeNumberRangeCheck() {
        let (lower, upper) = CommitmentPlan.totalRangeFractions
        #expect(Decimal(lower.0) / Decimal(lower.1) == CommitmentPlan.totalRange.lowerBound)
        #expect(Decimal(upper.0) / Decimal(upper.1) == CommitmentPlan.totalRange.upperBound)
        // 12 × 2.50 = 30 (1×) and 12 × 3.75 = 45 (1.5× of 30) are inside; a thousandth either way is not.
        let catalogPrices: [(significand: UInt64, exponent: Int)] = [
            (0, 0), (1, -2), (199, -2), (2499, -3), (250, -2), (2501, -3), (3749, -3), (375, -2), (3751, -3),
            (30, 0), (2999, -2), (45, 0), (45, -1), (12, 0), (18, 0),
        ]
        let extremes: [(significand: UInt64, exponent: Int)] = [(UInt64.max, 0), (5, 20), (7, -30)]
        for monthly in catalogPrices + extremes {
            for upFront in catalogPrices + extremes {
                let decimal = CommitmentPlan.isOutsideTotalRange(
                    monthly: Decimal(sign: .plus, exponent: monthly.exponent, significand: Decimal(monthly.significand)),
                    upFront: Decimal(sign: .plus, exponent: upFront.exponent, significand: Decimal(upFront.significand)))
                let whole = CommitmentPlan.isOutsideTotalRange(monthly: monthly, upFront: upFront)
                // Prices as catalogs write them are always answered in whole numbers; only a product
                // past 64 bits is left to Decimal.
                let catalogLike = !extremes.contains { $0 == monthly || $0 == upFront }
                if catalogLike { #expect(whole != nil, "12 × \(monthly) against \(upFront)") }
                if let whole { #expect(whole == decimal, "12 × \(monthly) against \(upFront)") }
            }
        }
        #expect(CommitmentPlan.isOutsideTotalRange(monthly: (250, -2), upFront: (30, 0)) == false)
        #expect(CommitmentPlan.isOutsideTotalRange(monthly: (3751, -3), upFront: (30, 0)) == true)
        #expect(CommitmentPlan.isOutsideTotalRange(monthly: (UInt64.max, 0), upFront: (1, -100)) == nil)
    }
}
