import CatalogFormats
import Foundation
@testable import Ledger
import StoreModel
import TestSupport
import Testing

/// A commitment in the ledger (migration v19-billing-plans): each payment's commitment info and the
/// renewal info's plan after the commitment.
struct BillingPlanLedgerTests {
    @Test("a commitment's payments come back from the ledger with their commitment info, and the plan chosen after it")
    func commitmentSaved() throws {
        let catalog = LedgerTests.catalog
        let germany = try #require(catalog.territory("DEU"))
        let path = ScratchFolder.make("commitment").appendingPathComponent("ledger.sqlite").path
        var store = AppStore(catalog: catalog, territory: germany, now: LedgerTests.start)
        store.purchase("com.trailhead.plus.pro.annual", billingPlan: .monthly)
        store.advance(by: SubscriptionPeriod(value: 2, unit: .month))
        store.setRenewalBillingPlan(.billedUpFront, group: "trailhead.plus")
        try Ledger(path: path, catalog: catalog, territory: germany).save(store)
        let reopened = try #require(try Ledger(path: path, catalog: catalog, territory: germany).stored)
        #expect(reopened.transactions.map(\.commitment) == store.transactions.map(\.commitment))
        #expect(reopened.transactions.last?.commitment?.billingPeriodNumber == 3)
        #expect(reopened.transactions.last?.commitment?.price == Decimal(string: "41.88"))
        #expect(reopened.renewals["trailhead.plus"]?.renewalBillingPlanType == .billedUpFront)
    }

    @Test("a period of the monthly plan's introductory offer comes back from the ledger as one, and payment 1 follows it after reopening")
    func monthlyPlanOfferSaved() throws {
        var catalog = LedgerTests.catalog
        let index = try #require(catalog.position(ofProduct: "com.trailhead.plus.pro.annual"))
        catalog.products[index].subscription?.monthlyPlan?.introductoryOffer = SubscriptionOffer(
            id: nil, kind: .introductory, paymentMode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .week),
            periodCount: 1, prices: PriceTable(), purpose: nil)
        let germany = try #require(catalog.territory("DEU"))
        let path = ScratchFolder.make("monthly-plan-offer").appendingPathComponent("ledger.sqlite").path
        var store = AppStore(catalog: catalog, territory: germany, now: LedgerTests.start)
        store.purchase("com.trailhead.plus.pro.annual", billingPlan: .monthly)
        #expect(store.transactions.last?.isMonthlyPlanOffer == true)
        try Ledger(path: path, catalog: catalog, territory: germany).save(store)
        var reopened = try #require(try Ledger(path: path, catalog: catalog, territory: germany).stored)
        #expect(reopened.transactions.map(\.isMonthlyPlanOffer) == [true])
        #expect(reopened.transactions.last?.billingPlanType == .monthly)
        reopened.advance(by: SubscriptionPeriod(value: 1, unit: .week))
        #expect(reopened.transactions.last?.commitment?.billingPeriodNumber == 1, "the trial ran out: payment 1 of 12")
    }
}
