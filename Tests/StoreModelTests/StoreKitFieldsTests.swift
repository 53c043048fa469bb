import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// The one table of StoreKit's field names and their values as text (issue 27), read by the inspector,
/// a script's expect-transaction / expect-renewal and `storefront ledger`.
@Suite("StoreKit's fields as text")
struct StoreKitFieldsTests {
    func value(_ fields: [StoreKitFields.Field], _ name: String) -> String {
        fields.first { $0.name == name }!.value.text
    }

    @Test("a transaction has every field of the table, in its order, and an absent one reads none")
    func everyField() throws {
        var store = Fixture.store()
        let alps = try #require(store.purchase("alps").transaction)
        let fields = StoreKitFields.transaction(alps, in: store)
        #expect(fields.map(\.name) == StoreKitFields.transactionNames)
        #expect(value(fields, "productID") == "alps")
        #expect(value(fields, "productType") == "nonConsumable")
        #expect(value(fields, "purchaseDate") == "2026-11-21T09:00:00Z")
        #expect(value(fields, "expirationDate") == "none")
        #expect(value(fields, "webOrderLineItemID") == "none", "only a subscription purchase event has one")
        #expect(value(fields, "subscriptionGroupID") == "none")
        #expect(value(fields, "price") == "4.99")
        #expect(value(fields, "currency") == "USD")
        #expect(value(fields, "storefront") == "USA")
        #expect(value(fields, "environment") == "Sandbox", "the account's environment, as signed data names it")
        #expect(value(fields, "offer.type") == "none")
        #expect(value(fields, "appAccountToken") == "none")
    }

    @Test("a subscription bought with its introductory offer names its group, its offer type and payment mode, and a web order line item")
    func subscriptionOffer() throws {
        var store = Fixture.store()
        let pro = try #require(store.purchase("pro.monthly").transaction)
        let fields = StoreKitFields.transaction(pro, in: store)
        #expect(value(fields, "subscriptionGroupID") == "plus")
        #expect(value(fields, "offer.type") == "introductory")
        #expect(value(fields, "offer.id") == "none", "StoreKit gives no id for an introductory offer")
        #expect(value(fields, "offer.paymentMode") == "payAsYouGo")
        #expect(value(fields, "price") == "1.99")
        #expect(value(fields, "expirationDate") == "2026-12-21T09:00:00Z")
        #expect(value(fields, "webOrderLineItemID") == String(pro.id))
    }

    @Test("a quantity's price is the whole charge, and a refund re-signs the transaction at its revocation")
    func refundResigns() throws {
        var store = Fixture.store()
        let boosts = try #require(store.purchase("boost", quantity: 3).transaction)
        #expect(value(StoreKitFields.transaction(boosts, in: store), "price") == "2.97")
        store.advance(to: Fixture.date("2026-11-22T09:00:00Z"))
        _ = store.refund(boosts.id, reason: .developerIssue)
        let fields = StoreKitFields.transaction(store.transaction(boosts.id)!, in: store)
        #expect(value(fields, "revocationReason") == "developerIssue")
        #expect(value(fields, "revocationDate") == "2026-11-22T09:00:00Z")
        #expect(value(fields, "signedDate") == "2026-11-22T09:00:00Z")
        #expect(value(fields, "state") == "revoked")
    }

    @Test("renewal info names the next renewal's date, price and product while auto-renew is on; once it is off, no price or preference (StoreKit's nil), and renewalDate is when the period ends (always present)")
    func renewalInfo() throws {
        var store = Fixture.store()
        store.purchase("pro.monthly")
        let status = try #require(store.status(ofGroup: "plus"))
        let on = StoreKitFields.renewal(status, group: "plus", in: store)
        #expect(on.map(\.name) == StoreKitFields.renewalNames)
        #expect(value(on, "state") == "subscribed")
        #expect(value(on, "willAutoRenew") == "true")
        #expect(value(on, "autoRenewPreference") == "pro.monthly")
        #expect(value(on, "renewalDate") == "2026-12-21T09:00:00Z")
        #expect(value(on, "renewalPrice") == "1.99", "the introductory price still has two periods")
        #expect(value(on, "priceIncreaseStatus") == "noIncreasePending")
        #expect(value(on, "expirationReason") == "none")
        store.setAutoRenew(false, group: "plus")
        let off = StoreKitFields.renewal(store.status(ofGroup: "plus")!, group: "plus", in: store)
        #expect(value(off, "willAutoRenew") == "false")
        #expect(value(off, "renewalDate") == "2026-12-21T09:00:00Z")
        #expect(value(off, "renewalPrice") == "none")
        #expect(value(off, "autoRenewPreference") == "none")
    }

    @Test("eligibleWinBackOfferIDs lists the win-back offers a churned subscriber may redeem, and none before")
    func winBackIDs() {
        var store = Fixture.store()
        store.purchase("pro.monthly")
        store.setAutoRenew(false, group: "plus")
        store.advance(by: SubscriptionPeriod(value: 1, unit: .month))
        #expect(value(StoreKitFields.renewal(store.status(ofGroup: "plus")!, group: "plus", in: store), "eligibleWinBackOfferIDs") == "none",
                "just churned: under the offer's minimum of a month")
        store.advance(by: SubscriptionPeriod(value: 2, unit: .month))
        let fields = StoreKitFields.renewal(store.status(ofGroup: "plus")!, group: "plus", in: store)
        #expect(value(fields, "state") == "expired")
        #expect(value(fields, "expirationReason") == "autoRenewDisabled")
        #expect(value(fields, "eligibleWinBackOfferIDs") == "comeback")
    }

    @Test("an expected date in ISO 8601 with a time is that instant; a day is any time on that day in UTC")
    func expectedDates() {
        let date = Fixture.date("2026-12-21T09:00:00Z")
        #expect(StoreKitFields.matches(date, expected: "2026-12-21T09:00:00Z"))
        #expect(StoreKitFields.matches(date, expected: "2026-12-21T09:00:00.000Z"))
        #expect(!StoreKitFields.matches(date, expected: "2026-12-21T09:00:01Z"))
        #expect(StoreKitFields.matches(date, expected: "2026-12-21"))
        #expect(!StoreKitFields.matches(date, expected: "2026-12-22"))
        #expect(!StoreKitFields.matches(date, expected: "21/12/2026"))
    }
}
