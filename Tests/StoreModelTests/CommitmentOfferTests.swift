import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// The monthly plan's own introductory offer (issue 32): sold with the plan to people eligible for an
/// introductory offer in the group, it runs before the commitment; payment 1 of 12 follows its end.
/// The fixture's Pro Annual (29.99 a year, its own free week billed up front) gets a monthly plan of
/// 2.99 in Germany with the offer each test gives it.
struct CommitmentOfferTests {
    static let month = SubscriptionPeriod.oneMonth
    static let twoWeeks = SubscriptionPeriod(value: 2, unit: .week)

    static func offer(_ mode: SubscriptionOffer.PaymentMode, _ period: SubscriptionPeriod, count: Int = 1,
                      price: Decimal? = nil) -> SubscriptionOffer {
        var prices = PriceTable()
        if price != nil { prices.set("DEU", significand: 99, exponent: -2) }
        return SubscriptionOffer(id: "commit-intro", kind: .introductory, paymentMode: mode, period: period,
                                 periodCount: count, prices: prices, purpose: nil)
    }

    static func store(intro: SubscriptionOffer?) -> AppStore {
        var catalog = Fixture.catalog
        let index = catalog.position(ofProduct: "pro.annual")!
        var plan = PriceTable()
        plan.set("DEU", significand: 299, exponent: -2)
        catalog.products[index].subscription?.monthlyPlan = CommitmentPlan(prices: plan, introductoryOffer: intro)
        return AppStore(catalog: catalog, territory: catalog.territory("DEU")!, now: Fixture.start)
    }

    @Test("the monthly plan's free trial comes before the commitment: payment 1 of 12 is billed when it ends")
    func trialThenPaymentOne() throws {
        var store = Self.store(intro: Self.offer(.freeTrial, Self.twoWeeks))
        let quote = try store.quote("pro.annual", billingPlan: .monthly)
        #expect(quote.offer?.id == "commit-intro" && quote.unitPrice == 0, "the plan's own offer, not the up-front plan's free week")
        let trial = try #require(store.purchase("pro.annual", billingPlan: .monthly).transaction)
        #expect(trial.isMonthlyPlanOffer && trial.billingPlanType == .monthly)
        #expect(trial.offerKind == .introductory && trial.price == 0 && trial.commitment == nil)
        let trialEnd = Self.twoWeeks.added(to: Fixture.start)
        #expect(trial.expirationDate == trialEnd)
        #expect(store.commitmentStatus(ofGroup: "plus") == nil, "not committed during the trial")
        let charge = try #require(store.nextCharge(ofGroup: "plus"))
        #expect(charge.commitmentFollows && charge.amount == Decimal(string: "2.99") && charge.date == trialEnd)
        #expect(charge.commitment?.billingPeriodNumber == 1)
        #expect(!store.isEligibleForIntroOffer(group: "plus"), "one introductory offer per group, whichever plan it was on")

        store.advance(by: Self.twoWeeks)
        let first = try #require(store.status(ofGroup: "plus")?.transaction)
        #expect(!first.isMonthlyPlanOffer && first.offerKind == nil && first.reason == .renewal)
        #expect(first.price == Decimal(string: "2.99"))
        let commitment = try #require(first.commitment)
        #expect(commitment.billingPeriodNumber == 1 && commitment.totalBillingPeriods == 12)
        #expect(commitment.expirationDate == SubscriptionPeriod.oneYear.added(to: trialEnd), "the commitment starts when the trial ends")
        #expect(commitment.price == Decimal(string: "35.88"), "the total stays twelve monthly payments")
        #expect(first.expirationDate == Self.month.added(to: trialEnd))
    }

    @Test("cancelling during the monthly plan's trial ends it with the trial: never committed, nothing billed")
    func cancelDuringTrial() throws {
        var store = Self.store(intro: Self.offer(.freeTrial, Self.twoWeeks))
        store.purchase("pro.annual", billingPlan: .monthly)
        store.advance(by: SubscriptionPeriod(value: 1, unit: .week))
        store.setAutoRenew(false, group: "plus")
        #expect(store.nextRenewalDate == nil)
        store.advance(by: Self.month)
        let status = try #require(store.status(ofGroup: "plus"))
        #expect(status.state == .expired && status.renewal?.expirationReason == .autoRenewDisabled)
        #expect(store.transactions.allSatisfy { $0.price == 0 }, "no payment of the commitment was billed")
    }

    @Test("a pay-as-you-go offer of the monthly plan bills its months at its price, then the commitment's 12 payments")
    func payAsYouGoThenCommitment() throws {
        var store = Self.store(intro: Self.offer(.payAsYouGo, Self.month, count: 2, price: Decimal(string: "0.99")))
        let first = try #require(store.purchase("pro.annual", billingPlan: .monthly).transaction)
        #expect(first.price == Decimal(string: "0.99") && first.isMonthlyPlanOffer && first.commitment == nil)
        #expect(store.nextCharge(ofGroup: "plus")?.standardFrom == SubscriptionPeriod(value: 2, unit: .month).added(to: Fixture.start))
        store.advance(by: Self.month)
        let second = try #require(store.status(ofGroup: "plus")?.transaction)
        #expect(second.price == Decimal(string: "0.99") && second.isMonthlyPlanOffer && second.offerKind == .introductory)
        #expect(second.commitment == nil, "the offer's months are not payments of the 12")
        store.advance(by: Self.month)
        let third = try #require(store.status(ofGroup: "plus")?.transaction)
        #expect(!third.isMonthlyPlanOffer && third.price == Decimal(string: "2.99"))
        #expect(third.commitment?.billingPeriodNumber == 1)
        store.advance(by: SubscriptionPeriod(value: 11, unit: .month))
        #expect(store.status(ofGroup: "plus")?.transaction.commitment?.billingPeriodNumber == 12)
    }

    @Test("the up-front plan's introductory offer never applies to the monthly plan; a lapsed subscriber gets no second offer")
    func offerBelongsToItsPlan() throws {
        // The plan has no offer of its own: the up-front plan's free week is not sold with it.
        let plain = Self.store(intro: nil)
        #expect(try plain.quote("pro.annual", billingPlan: .monthly).offer == nil)
        // Someone who had the up-front free week and lapsed: the monthly plan's trial is not theirs.
        var store = Self.store(intro: Self.offer(.freeTrial, Self.twoWeeks))
        store.purchase("pro.annual")
        store.setAutoRenew(false, group: "plus")
        store.advance(by: Self.month)
        #expect(store.status(ofGroup: "plus")?.state == .expired)
        let payment = try #require(store.purchase("pro.annual", billingPlan: .monthly).transaction)
        #expect(!payment.isMonthlyPlanOffer && payment.offerKind == nil && payment.commitment?.billingPeriodNumber == 1)
    }

    @Test("a pay-as-you-go offer of the monthly plan billed weekly is not sold, and lint says so")
    func weeklyOfferNotSold() throws {
        var store = Self.store(intro: Self.offer(.payAsYouGo, SubscriptionPeriod(value: 1, unit: .week), count: 4,
                                                 price: Decimal(string: "0.99")))
        let payment = try #require(store.purchase("pro.annual", billingPlan: .monthly).transaction)
        #expect(payment.offerKind == nil && payment.commitment?.billingPeriodNumber == 1)
        let product = try #require(store.catalog.product("pro.annual"))
        #expect(CommitmentPlan.warnings(for: product, in: store.catalog.territories).contains(
            "the plan's introductory offer is paid per P1W period, not monthly like the plan; it is not sold"))
    }
}
