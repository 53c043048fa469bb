import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// Each product type's semantics (reference/iap-product-types-and-transactions.md).
@Suite("Product types")
struct ProductTypeTests {
    @Test("consumables are bought many times, with a quantity")
    func consumablesBuyManyTimes() {
        var store = Fixture.store()
        #expect(store.purchase("boost", quantity: 3).transaction?.quantity == 3)
        #expect(store.purchase("boost", quantity: 2).transaction?.state == .purchased)
        #expect(store.consumableUnitsDelivered("boost") == 5)
    }

    @Test("a consumable quantity outside 1...maxQuantity is refused")
    func consumableQuantityLimits() {
        var store = Fixture.store()
        #expect(store.purchase("boost", quantity: 0) == .failed(.invalidQuantity))
        #expect(store.purchase("boost", quantity: 6) == .failed(.invalidQuantity))
        #expect(store.consumableUnitsDelivered("boost") == 0)
    }

    @Test("consumables are not restored and are not entitlements")
    func consumablesNotRestored() {
        var store = Fixture.store()
        store.purchase("boost", quantity: 2)
        #expect(store.restorePurchases().isEmpty)
        #expect(store.entitlements().isEmpty)
    }

    @Test("a non-consumable is bought once: a second purchase is refused as already owned")
    func nonConsumableOnce() {
        var store = Fixture.store()
        #expect(store.purchase("alps").transaction != nil)
        #expect(store.owns("alps"))
        #expect(store.purchase("alps") == .failed(.alreadyOwned))
        #expect(store.transactions.filter { $0.productID == "alps" && $0.state == .purchased }.count == 1)
    }

    @Test("a non-consumable is restored; a restore is an event in the log, not a transaction (StoreKit 2)")
    func nonConsumableRestored() throws {
        var store = Fixture.store()
        let original = try #require(store.purchase("alps").transaction)
        let restored = store.restorePurchases()
        #expect(restored == [original])
        #expect(store.transactions == [original], "no transaction is added")
        #expect(store.events.last?.kind == .restore)
        #expect(store.events.last?.restored == 1)
        #expect(store.owns("alps"))
        #expect(store.purchase("pass").transaction?.id == original.id + 1, "transaction ids stay consecutive")
    }

    @Test("a non-consumable never expires")
    func nonConsumableNeverExpires() {
        var store = Fixture.store()
        store.purchase("alps")
        store.advance(by: SubscriptionPeriod(value: 10, unit: .year))
        #expect(store.owns("alps"))
    }

    @Test("an auto-renewable subscription renews at the end of each period until cancelled")
    func autoRenewableRenewsUntilCancelled() throws {
        var store = Fixture.store()
        let first = try #require(store.purchase("news.monthly").transaction)
        #expect(first.expirationDate == Fixture.date("2026-12-21T09:00:00Z"))
        store.advance(to: Fixture.date("2027-02-01T00:00:00Z"))
        let chain = store.transactions.filter { $0.originalID == first.id }
        #expect(chain.count == 3, "bought 21 Nov, renewed 21 Dec and 21 Jan")
        #expect(chain.last?.expirationDate == Fixture.date("2027-02-21T09:00:00Z"))
        #expect(store.status(ofGroup: "news")?.state == .subscribed)

        store.setAutoRenew(false, group: "news")
        store.advance(to: Fixture.date("2027-02-21T09:00:00Z"))
        #expect(store.status(ofGroup: "news")?.state == .expired)
        store.advance(to: Fixture.date("2027-06-01T00:00:00Z"))
        #expect(store.transactions.filter { $0.originalID == first.id }.count == 3, "no renewal after cancelling")
    }

    @Test("an auto-renewable subscription is restored by the system, once per group")
    func autoRenewableRestored() {
        var store = Fixture.store()
        store.purchase("news.monthly")
        store.advance(by: .oneMonth)
        let restored = store.restorePurchases()
        #expect(restored.map(\.productID) == ["news.monthly"])
    }

    @Test("a non-renewing subscription lasts its duration, computed by the app")
    func nonRenewingLastsItsDuration() throws {
        var store = Fixture.store()
        let pass = try #require(store.purchase("pass").transaction)
        #expect(pass.appPassEnd == Fixture.date("2027-02-21T09:00:00Z"))
        store.advance(to: Fixture.date("2027-02-21T08:00:00Z"))
        #expect(store.owns("pass"))
        store.advance(to: Fixture.date("2027-02-21T09:00:00Z"))
        #expect(!store.owns("pass"), "a non-renewing subscription does not renew")
        #expect(store.transactions.filter { $0.productID == "pass" }.count == 1)
    }

    @Test("a non-renewing subscription has no StoreKit expirationDate: its end is the app's own")
    func nonRenewingHasNoStoreKitExpiration() throws {
        var store = Fixture.store()
        let pass = try #require(store.purchase("pass").transaction)
        #expect(pass.expirationDate == nil, "StoreKit leaves a non-renewing subscription's duration to the app")
        #expect(pass.appPassEnd == Fixture.date("2027-02-21T09:00:00Z"), "the app's own end: three months")
        #expect(store.appPassInForce("pass", at: store.now)?.id == pass.id)
        #expect(store.entitlement(for: "pass")?.id == pass.id, "the entitlement is the app's pass in force")
        #expect(store.appPassInForce("pass", at: Fixture.date("2027-02-21T09:00:00Z")) == nil)
    }

    @Test("buying a non-renewing subscription again extends it from its current end")
    func nonRenewingExtends() throws {
        var store = Fixture.store()
        store.purchase("pass")
        store.advance(by: .oneMonth)
        let second = try #require(store.purchase("pass").transaction)
        #expect(second.appPassEnd == Fixture.date("2027-05-21T09:00:00Z"), "three months after the first pass ends")
    }

    @Test("a lapsed non-renewing subscription bought again starts from now")
    func nonRenewingAfterLapse() throws {
        var store = Fixture.store()
        store.purchase("pass")
        store.advance(to: Fixture.date("2027-04-01T00:00:00Z"))
        let again = try #require(store.purchase("pass").transaction)
        #expect(again.appPassEnd == Fixture.date("2027-07-01T00:00:00Z"))
    }

    @Test("non-renewing passes are restored by the app's own records")
    func nonRenewingRestoredByApp() {
        var store = Fixture.store()
        store.purchase("pass")
        #expect(store.restorePurchases().map(\.productID) == ["pass"])
        #expect(ProductType.nonRenewing.restoredBy == .app)
        #expect(ProductType.autoRenewable.restoredBy == .system)
        #expect(ProductType.consumable.restoredBy == .nobody)
    }

    @Test("a product not priced in the territory cannot be bought there")
    func notAvailableInStorefront() {
        var store = Fixture.store(territory: "GBR")
        #expect(store.purchase("boost") == .failed(.notAvailableInStorefront))
        #expect(store.transactions.isEmpty, "a failed purchase is no transaction")
        #expect(store.events.last?.failure == .notAvailableInStorefront)
    }

    @Test("cancelling the confirmation sheet records no transaction (StoreKit 2's .userCancelled); the log shows the cancel")
    func cancelIsRecorded() throws {
        var store = Fixture.store()
        store.cancelPurchase("alps")
        #expect(store.transactions.isEmpty)
        #expect(store.events.last?.kind == .cancelled)
        #expect(!store.owns("alps"))
        #expect(try #require(store.purchase("alps").transaction).id == 1, "transaction ids stay consecutive")
    }

    @Test("Ask to Buy: a request waiting for a parent is not a transaction (.pending); approval creates the transaction")
    func askToBuyApprove() throws {
        var store = Fixture.store()
        store.scenario.askToBuy = true
        let request = try #require(store.purchase("alps").request)
        #expect(request.kind == .askToBuy && request.isPending)
        #expect(store.transactions.isEmpty)
        #expect(store.pendingRequests == [request])
        #expect(!store.owns("alps"))
        // Answered within the request's 24 hours (a day later, it has expired: `askToBuyExpires`).
        store.advance(to: store.now.addingTimeInterval(12 * 3600))
        let approved = try #require(store.approve(request.id)?.transaction)
        #expect(approved.id == 1, "the first transaction takes id 1: the request took none")
        #expect(approved.purchaseDate == store.now, "bought when approved")
        #expect(store.owns("alps"))
        #expect(store.pendingRequests.isEmpty)
        #expect(store.event(request.id)?.status == .approved)
        #expect(store.event(request.id)?.transactionID == approved.id)
        #expect(store.approve(request.id) == nil, "a request is approved once")
    }

    @Test("Ask to Buy: a decline records nothing a customer would see")
    func askToBuyDecline() throws {
        var store = Fixture.store()
        store.scenario.askToBuy = true
        let request = try #require(store.purchase("alps").request)
        store.decline(request.id)
        #expect(store.transactions.isEmpty)
        #expect(store.event(request.id)?.status == .declined, "QA sees the decline in the log")
        #expect(store.pendingRequests.isEmpty)
        #expect(!store.owns("alps"))
    }

    @Test("Ask to Buy: asking again for the same item while one is pending does not create a second request")
    func askToBuyAskAgain() throws {
        var store = Fixture.store()
        store.scenario.askToBuy = true
        let first = try #require(store.purchase("alps").request)
        let again = try #require(store.purchase("alps").request)
        #expect(again == first)
        #expect(store.pendingRequests.count == 1)
        #expect(store.events.count == 1)
        let other = try #require(store.purchase("pass").request)
        #expect(other.id != first.id, "another item is another request")
    }

    @Test("Ask to Buy: a request unanswered for 24 hours expires: no transaction, an expired request in the log, and the .pending purchase never completes")
    func askToBuyExpires() throws {
        var store = Fixture.store()
        store.scenario.askToBuy = true
        let request = try #require(store.purchase("alps").request)
        store.advance(to: Fixture.start.addingTimeInterval(24 * 3600 - 1))
        #expect(store.pendingRequest(for: "alps") != nil, "still waiting a second before its 24 hours")
        store.advance(to: Fixture.start.addingTimeInterval(24 * 3600))
        let expired = try #require(store.event(request.id))
        #expect(expired.status.rawValue == "expired" && expired.resolvedDate == Fixture.start.addingTimeInterval(24 * 3600))
        #expect(store.pendingRequests.isEmpty && store.transactions.isEmpty)
        #expect(store.approve(request.id) == nil, "a parent can no longer approve it: the purchase never completes")
        #expect(store.transactions.isEmpty && !store.owns("alps"))
        // Asking again after it expired is a new request, with 24 hours of its own.
        let again = try #require(store.purchase("alps").request)
        #expect(again.id != request.id && again.isPending)
    }

    @Test("Ask to Buy: asking again while a request waits consolidates into it and restarts its 24 hours")
    func askToBuyAskAgainResetsTheTimer() throws {
        var store = Fixture.store()
        store.scenario.askToBuy = true
        let request = try #require(store.purchase("alps").request)
        store.advance(to: Fixture.start.addingTimeInterval(20 * 3600))
        let again = try #require(store.purchase("alps").request)
        #expect(again.id == request.id, "consolidated into the waiting request")
        store.advance(to: Fixture.start.addingTimeInterval(44 * 3600 - 1))
        #expect(store.pendingRequest(for: "alps")?.id == request.id, "past the first 24 hours, still waiting")
        store.advance(to: Fixture.start.addingTimeInterval(44 * 3600))
        #expect(store.pendingRequest(for: "alps") == nil, "24 hours after it was asked again, it expires")
        #expect(store.approve(request.id) == nil && store.transactions.isEmpty)
        // Answered in time, approval buys once.
        let third = try #require(store.purchase("alps").request)
        #expect(store.approve(third.id)?.transaction != nil)
        #expect(store.transactions.count == 1)
    }

    @Test("an injected failure fails the next purchase only")
    func injectedFailure() {
        var store = Fixture.store()
        store.scenario.failNextPurchase = .networkError
        #expect(store.purchase("alps") == .failed(.networkError))
        #expect(store.purchase("alps").transaction?.state == .purchased)
    }

    @Test("a refund revokes the entitlement")
    func refundRevokes() throws {
        var store = Fixture.store()
        let bought = try #require(store.purchase("alps").transaction)
        store.refund(bought.id, reason: .developerIssue)
        #expect(!store.owns("alps"))
        let revoked = try #require(store.transaction(bought.id))
        #expect(revoked.state == .revoked)
        #expect(revoked.revocationDate == store.now)
        #expect(revoked.revocationReason == .developerIssue)
    }

    @Test("transactions carry StoreKit's fields")
    func transactionFields() throws {
        var store = Fixture.store(territory: "JPN")
        let t = try #require(store.purchase("boost", quantity: 2).transaction)
        #expect(t.originalID == t.id)
        #expect(t.storefront == "JPN")
        #expect(t.price == 160 && t.currency == "JPY")
        #expect(t.ownership == .purchased)
        #expect(t.productType == .consumable)
        #expect(t.purchaseDate == Fixture.start)
        #expect(!t.isUpgraded)
    }

    @Test("a family member's shared purchase entitles this account, marked family-shared")
    func familySharedNonConsumable() {
        var store = Fixture.store()
        #expect(store.receiveFamilySharing("alps")?.ownership == .familyShared)
        #expect(store.owns("alps"))
        #expect(store.receiveFamilySharing("pass") == nil, "non-renewing passes are not family-shareable")
        #expect(store.receiveFamilySharing("boost") == nil, "consumables are never shared")
    }

    @Test("Restore Purchases names purchases oldest first, and adds nothing to the ledger")
    func restoredInLedgerOrder() throws {
        var store = Fixture.store()
        store.purchase("alps")
        store.purchase("pass")
        let before = store.transactions
        let restored = store.restorePurchases()
        #expect(restored.count >= 2)
        #expect(restored.map(\.id) == restored.map(\.id).sorted())
        #expect(store.transactions == before)
    }
}
