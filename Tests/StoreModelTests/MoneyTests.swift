import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// Issue 26's money rules: what a renewal charges and in which currency, one price for every screen,
/// the next charge in a grace period or billing retry, and price increases during an introductory price.
struct MoneyTests {
    static let day = SubscriptionPeriod(value: 1, unit: .day)
    static let month = SubscriptionPeriod(value: 1, unit: .month)

    // MARK: item 1: a territory change re-prices renewals

    @Test("a renewal after a territory change is charged in the new storefront's currency at that storefront's price")
    func renewalFollowsTheStorefront() throws {
        var store = Fixture.store()
        store.purchase("basic.monthly")
        store.territory = store.catalog.territory("JPN")!
        #expect(store.nextCharge(ofGroup: "plus")?.amount == 300)
        store.advance(by: Self.month)
        let renewal = try #require(store.transactions.last)
        #expect(renewal.storefront == "JPN")
        #expect(renewal.currency == "JPY")
        #expect(renewal.price == 300)
        #expect(store.transactions.first?.currency == "USD", "the period already paid keeps its currency")
    }

    @Test("an introductory price still running is charged at the new storefront's offer price, in its currency")
    func introRenewalFollowsTheStorefront() throws {
        var store = Fixture.store()
        store.purchase("pro.monthly")
        store.territory = store.catalog.territory("DEU")!
        store.advance(by: Self.month)
        let renewal = try #require(store.transactions.last)
        #expect(renewal.offerKind == .introductory)
        #expect((renewal.storefront, renewal.currency, renewal.price) == ("DEU", "EUR", Decimal(string: "1.99")!))
    }

    @Test("a renewal in a storefront where the renewing product has no price is not charged: it expires (productUnavailable)")
    func renewalWhereNotSold() throws {
        var store = Fixture.store()
        store.purchase("basic.monthly")
        store.territory = store.catalog.territory("DEU")!
        #expect(store.nextCharge(ofGroup: "plus") == nil, "no charge is announced where the plan is not sold")
        store.advance(by: Self.month)
        #expect(store.transactions.count == 1)
        #expect(store.status(ofGroup: "plus")?.renewal?.expirationReason == .productUnavailable)
    }

    @Test("a billing retry recovered in a storefront where the plan has no price expires (productUnavailable), charging nothing")
    func recoveryWhereNotSold() throws {
        var store = Self.failedRenewal(of: "basic.monthly")
        store.territory = store.catalog.territory("DEU")!
        store.scenario.billingFails = false
        store.advance(by: Self.day)
        #expect(store.transactions.count == 1, "nothing charged in a currency the plan has no price in")
        #expect(store.status(ofGroup: "plus")?.renewal?.expirationReason == .productUnavailable)
    }

    // MARK: item 2: one price source

    @Test("after a price increase, the per-month breakdown and the saving use the raised price the sheet charges")
    func perMonthUsesTheRaisedPrice() throws {
        var store = Fixture.store()
        let annual = try #require(store.catalog.product("pro.annual"))
        store.raisePrice("pro.annual", to: Decimal(string: "35.99")!, consentRequired: false)
        store.raisePrice("basic.monthly", to: Decimal(string: "2.39")!, consentRequired: false)
        #expect(try store.quote("basic.monthly").unitPrice == Decimal(string: "2.39"), "the sheet charges the raised price")
        #expect(store.perMonthPrice(of: annual) == Decimal(string: "35.99")! / 12)
        let monthly = try #require(store.catalog.product("pro.monthly"))
        store.raisePrice("pro.monthly", to: Decimal(string: "5.99")!, consentRequired: false)
        #expect(store.savingsAgainstMonthly(of: annual) == 1 - (Decimal(string: "35.99")! / 12) / store.price(of: monthly)!)
    }

    // MARK: item 3: the next charge in a grace period or billing retry

    @Test("in a grace period or billing retry the next charge keeps an introductory price still running, and the recovery charges it",
          arguments: [(0, RenewalState.inGracePeriod), (20, RenewalState.inBillingRetryPeriod)])
    func retryKeepsTheIntroPrice(daysAfterFailure: Int, state: RenewalState) throws {
        var store = Self.failedRenewal(of: "pro.monthly")
        store.advance(by: SubscriptionPeriod(value: daysAfterFailure, unit: .day))
        #expect(store.status(ofGroup: "plus")?.state == state)
        let charge = try #require(store.nextCharge(ofGroup: "plus"))
        #expect(charge.amount == Decimal(string: "1.99"))
        #expect(charge.offer?.kind == .introductory)
        store.scenario.billingFails = false
        store.advance(by: Self.day)
        let recovered = try #require(store.transactions.last)
        #expect(recovered.price == charge.amount)
        #expect(recovered.offerKind == .introductory)
    }

    /// A store whose first renewal of `productID` failed to charge a month after buying it.
    static func failedRenewal(of productID: String) -> AppStore {
        var store = Fixture.store()
        store.purchase(productID)
        store.scenario.billingFails = true
        store.advance(by: month)
        return store
    }

    // MARK: item 13: a price increase during an introductory price

    @Test("a price increase during an introductory price asks no consent while the renewal still charges the intro price")
    func noConsentDueDuringIntro() throws {
        var store = Fixture.store()
        store.purchase("pro.monthly")
        store.raisePrice("pro.monthly", to: Decimal(string: "5.99")!, consentRequired: true)
        #expect(store.pendingPriceConsents.isEmpty, "the next renewal charges the intro price")
        store.advance(by: Self.month)
        #expect(store.status(ofGroup: "plus")?.state == .subscribed, "no expiry for lack of a consent not due")
        #expect(store.transactions.last?.price == Decimal(string: "1.99"))
        store.advance(by: Self.month)
        #expect(store.transactions.last?.price == Decimal(string: "1.99"), "the intro's third period")
        // The next renewal charges the new price: consent is due now.
        #expect(store.pendingPriceConsents == ["plus"])
        #expect(store.status(ofGroup: "plus")?.renewal?.priceIncreaseStatus == .pending)
        store.advance(by: Self.month)
        #expect(store.status(ofGroup: "plus")?.renewal?.expirationReason == .didNotConsentToPriceIncrease)
        #expect(store.transactions.count == 3)
    }

    @Test("a price increase agreed during an introductory price is charged once the intro price has run its periods")
    func agreedIncreaseAfterIntro() throws {
        var store = Fixture.store()
        store.purchase("pro.monthly")
        store.raisePrice("pro.monthly", to: Decimal(string: "5.99")!, consentRequired: false)
        store.advance(by: Self.month)
        #expect(store.transactions.last?.price == Decimal(string: "1.99"))
        #expect(store.status(ofGroup: "plus")?.renewal?.priceIncreaseStatus == .agreed, "still ahead")
        store.advance(by: Self.month)
        let charge = try #require(store.nextCharge(ofGroup: "plus"))
        #expect(charge.amount == Decimal(string: "5.99"))
        store.advance(by: Self.month)
        #expect(store.transactions.last?.price == Decimal(string: "5.99"))
        #expect(store.status(ofGroup: "plus")?.renewal?.priceIncreaseStatus == nil)
    }
}
