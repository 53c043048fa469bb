import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// Promoted In-App Purchases (reference: storekit-promoting-in-app-purchases.md; StoreKit's
/// PurchaseIntent): the app's decision on a purchase started on the App Store page, and each device's
/// promotion overrides. Each test is named after the rule it checks.
@Suite("Promoted purchases")
struct PromotedPurchaseTests {
    /// The fixture's store, with Pro Annual, the Alps maps and Boost promoted in that default order.
    static func store(gate: PaymentGate = .allowed) -> AppStore {
        var catalog = Fixture.catalog
        catalog.promotedProducts = ["pro.annual", "alps", "boost"]
        return AppStore(catalog: catalog, territory: catalog.territory("USA")!, now: Fixture.start, gate: gate)
    }

    @Test("with nothing in its way the app continues a purchase intent (the payment sheet opens at once), and the Log records it")
    func continues() {
        var store = Self.store()
        let event = store.receive(PurchaseIntent(productID: "alps"))
        #expect(event.kind == .purchaseIntent && event.intentDecision == .continued && event.failure == nil)
        #expect(store.events.last == event)
    }

    @Test("an intent that arrives during onboarding is deferred for it, and one that arrives with a sheet open is deferred for the sheet")
    func defersForOnboardingAndSheets() {
        var store = Self.store()
        #expect(store.receive(PurchaseIntent(productID: "boost"), inOnboarding: true).intentDecision == .deferredForOnboarding)
        #expect(store.receive(PurchaseIntent(productID: "boost"), sheetOpen: true).intentDecision == .deferredForSheet)
        #expect(store.receive(PurchaseIntent(productID: "boost")).intentDecision == .continued, "once onboarding and the sheet are over")
    }

    @Test("a subscriber opening a promoted plan of the group they have is cancelled by the re-pitch rule, in billing retry too; a lapsed subscriber is sold it")
    func cancelsForSubscribers() {
        var store = Self.store()
        store.purchase("pro.monthly")
        #expect(store.decision(for: PurchaseIntent(productID: "pro.annual"), inOnboarding: true, sheetOpen: false) == .cancelledSubscriber,
                "cancelling comes before deferring: there is nothing to continue later")
        #expect(store.receive(PurchaseIntent(productID: "pro.annual")).intentDecision == .cancelledSubscriber)
        store.apply(.billingRetry(true))
        store.advance(by: SubscriptionPeriod(value: 1, unit: .month))
        #expect(store.receive(PurchaseIntent(productID: "pro.annual")).intentDecision == .cancelledSubscriber, "in billing retry")
        store.apply(.billingRetry(false))
        store.setAutoRenew(false, group: "plus")
        store.advance(by: SubscriptionPeriod(value: 4, unit: .month))
        #expect(store.receive(PurchaseIntent(productID: "pro.annual")).intentDecision == .continued, "lapsed: resubscribing is allowed")
    }

    @Test("an owned non-consumable, or an item the person's subscription includes, is cancelled; so is any intent while payments are blocked")
    func cancelsOwnedAndBlocked() {
        var store = Self.store()
        store.purchase("alps")
        #expect(store.receive(PurchaseIntent(productID: "alps")).intentDecision == .cancelledOwned)
        #expect(store.receive(PurchaseIntent(productID: "boost")).intentDecision == .continued, "a consumable is bought again and again")
        var blocked = Self.store(gate: .screenTime)
        #expect(blocked.receive(PurchaseIntent(productID: "boost")).intentDecision == .cancelledPaymentsBlocked)
    }

    @Test("a win-back intent continues with its offer for a churned subscriber it admits; for anyone else it is logged with StoreKit's ineligibleForOffer")
    func winBackIntent() throws {
        var store = Self.store()
        let intent = PurchaseIntent(productID: "pro.monthly", offerID: "comeback")
        let early = store.receive(intent)
        #expect(early.intentDecision == .continued && early.failure == .ineligibleForOffer, "never subscribed: not eligible")
        store.purchase("pro.monthly")
        store.setAutoRenew(false, group: "plus")
        store.advance(by: SubscriptionPeriod(value: 3, unit: .month))
        let churned = store.receive(intent)
        #expect(churned.intentDecision == .continued && churned.failure == nil && churned.offerID == "comeback")
        let quote = try store.quote("pro.monthly", promotionalOffer: "comeback")
        #expect(quote.offer?.id == "comeback" && quote.unitPrice == Decimal(string: "5.99"))
    }

    @Test("the App Store shows a device's override order first, then the other promoted products in the default order, hidden ones left out")
    func overridesOrderAndVisibility() {
        var store = Self.store()
        #expect(store.promotedProductsShown == ["pro.annual", "alps", "boost"])
        let changed1 = store.setPromotionOrder(["boost"])
        #expect(changed1)
        #expect(store.promotedProductsShown == ["boost", "pro.annual", "alps"])
        let changed2 = store.setPromotionVisibility(.hide, for: "pro.annual")
        #expect(changed2)
        #expect(store.promotedProductsShown == ["boost", "alps"])
        #expect(store.promotedProductsInOrder.map(\.hidden) == [false, true, false])
        store.setPromotionVisibility(.default, for: "pro.annual")
        let changed3 = store.setPromotionOrder([])
        #expect(changed3, "an empty order cancels the override")
        #expect(store.promotedProductsShown == ["pro.annual", "alps", "boost"])
        #expect(store.promotionOverrides.isEmpty && store.promotions.isEmpty)
    }

    @Test("overrides belong to one device: another device name sees the default, and a product the catalog does not promote cannot be overridden")
    func overridesArePerDevice() {
        var store = Self.store()
        store.setPromotionVisibility(.hide, for: "alps")
        store.deviceName = "Alex's iPad"
        #expect(store.promotedProductsShown == ["pro.annual", "alps", "boost"])
        store.deviceName = "This iPhone"
        #expect(store.promotedProductsShown == ["pro.annual", "boost"])
        let changed4 = store.setPromotionVisibility(.hide, for: "pass")
        #expect(!changed4)
        let changed5 = store.setPromotionOrder(["boost", "boost"])
        #expect(!changed5)
        let changed6 = store.movePromotion("pro.annual", by: -1)
        #expect(!changed6, "the first cannot move up")
        let changed7 = store.movePromotion("boost", by: -1)
        #expect(changed7)
        #expect(store.promotedProductsShown == ["boost", "pro.annual"])
    }
}
