import CatalogFormats
import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// What the Account screen asks of the model: changes of plan with their timing and proration, turning
/// auto-renew off and on, the retention offer, and consumables used.
@Suite("Account management")
struct AccountManagementTests {
    @Test("an upgrade refunds the unused part of the old period pro rata, dated the upgrade, and starts a new period now")
    func upgradeProration() throws {
        var store = Fixture.store()
        let basic = try #require(store.purchase("basic.monthly").transaction)   // $1.99, Nov 21 → Dec 21 (30 days)
        store.advance(to: Fixture.date("2026-12-01T09:00:00Z"))                  // 10 days used, 20 left
        let upgrade = try #require(store.purchase("pro.monthly").transaction)
        let old = try #require(store.transaction(basic.id))
        #expect(old.isUpgraded)
        #expect(old.upgradeRefund == Decimal(string: "1.33"))                     // 1.99 × 20/30, to the cent
        #expect(old.upgradeRefundDate == Fixture.date("2026-12-01T09:00:00Z"))
        #expect(upgrade.purchaseDate == Fixture.date("2026-12-01T09:00:00Z"))
        #expect(upgrade.expirationDate == Fixture.date("2027-01-01T09:00:00Z"))
        #expect(upgrade.price == Decimal(string: "4.99"))                         // no intro: the group was had
        #expect(store.status(ofGroup: "plus")?.transaction.id == upgrade.id)
    }

    @Test("a downgrade waits for the renewal date: the current plan stays, the renewal info names the new one, and it renews into it")
    func downgradeTiming() throws {
        var store = Fixture.store()
        let pro = try #require(store.purchase("pro.monthly").transaction)
        store.advance(to: Fixture.date("2026-12-05T09:00:00Z"))
        #expect(store.purchase("basic.monthly") == .scheduled(productID: "basic.monthly", effective: Fixture.date("2026-12-21T09:00:00Z")))
        #expect(store.transaction(pro.id)?.isUpgraded == false)
        #expect(store.renewalInfo(ofGroup: "plus", ownership: .purchased)?.autoRenewProductID == "basic.monthly")
        #expect(store.status(ofGroup: "plus")?.transaction.productID == "pro.monthly")
        #expect(store.nextCharge(ofGroup: "plus")?.amount == Decimal(string: "1.99"))
        store.advance(to: Fixture.date("2026-12-21T09:00:00Z"))
        let renewed = try #require(store.status(ofGroup: "plus")?.transaction)
        #expect(renewed.productID == "basic.monthly")
        #expect(renewed.purchaseDate == Fixture.date("2026-12-21T09:00:00Z"))
        #expect(renewed.originalID == pro.id)
    }

    @Test("a crossgrade to another duration starts at the renewal date, not before")
    func crossgradeTiming() throws {
        var store = Fixture.store()
        store.purchase("pro.monthly")
        store.advance(to: Fixture.date("2026-12-10T09:00:00Z"))
        #expect(store.purchase("pro.annual") == .scheduled(productID: "pro.annual", effective: Fixture.date("2026-12-21T09:00:00Z")))
        store.advance(to: Fixture.date("2026-12-21T08:59:59Z"))
        #expect(store.status(ofGroup: "plus")?.transaction.productID == "pro.monthly")
        store.advance(to: Fixture.date("2026-12-21T09:00:00Z"))
        let renewed = try #require(store.status(ofGroup: "plus")?.transaction)
        #expect(renewed.productID == "pro.annual")
        #expect(renewed.expirationDate == Fixture.date("2027-12-21T09:00:00Z"))
    }

    @Test("auto-renew turned off and back on before expiry keeps renewing; after expiry it cannot be revived")
    func autoRenewOffThenOn() throws {
        var store = Fixture.store()
        store.purchase("basic.monthly")
        store.setAutoRenew(false, group: "plus")
        #expect(store.nextCharge(ofGroup: "plus") == nil)
        store.advance(to: Fixture.date("2026-12-20T09:00:00Z"))
        store.setAutoRenew(true, group: "plus")
        store.advance(to: Fixture.date("2026-12-21T09:00:00Z"))
        #expect(store.status(ofGroup: "plus")?.state == .subscribed)
        #expect(store.status(ofGroup: "plus")?.transaction.expirationDate == Fixture.date("2027-01-21T09:00:00Z"))
        store.setAutoRenew(false, group: "plus")
        store.advance(to: Fixture.date("2027-01-22T09:00:00Z"))
        #expect(store.status(ofGroup: "plus")?.state == .expired)
        store.setAutoRenew(true, group: "plus")
        #expect(store.renewalInfo(ofGroup: "plus", ownership: .purchased)?.willAutoRenew == false)
    }

    @Test("a retention offer accepted on the cancel sheet applies from the next renewal, then the standard price")
    func retentionOffer() throws {
        var store = Fixture.store()
        store.purchase("pro.monthly")
        store.advance(to: Fixture.date("2027-02-21T09:00:00Z"))                  // the three intro months are used
        let offer = try #require(store.retentionOffer(forGroup: "plus"))
        #expect(offer.id == "stay")
        let accepted = store.acceptRetentionOffer(group: "plus")
        #expect(accepted)
        #expect(store.retentionOffer(forGroup: "plus") == nil)                    // booked once
        #expect(store.nextCharge(ofGroup: "plus")?.amount == Decimal(string: "2.49"))
        store.advance(to: Fixture.date("2027-05-21T09:00:00Z"))
        let prices = store.transactions.suffix(3).map(\.price)
        #expect(prices == [Decimal(string: "2.49")!, Decimal(string: "2.49")!, Decimal(string: "4.99")!])
        #expect(store.transactions.suffix(3).map(\.offerID) == ["stay", "stay", nil])
    }

    @Test("staying never costs more: no retention offer while the introductory price runs, nor one dearer than the next charge")
    func retentionOfferNeverCostsMore() throws {
        var store = Fixture.store()
        store.purchase("pro.monthly")                                            // $1.99 for three months
        #expect(store.retentionOffer(forGroup: "plus") == nil, "booking $2.49 would end the $1.99 months early")
        store.advance(to: Fixture.date("2027-02-21T09:00:00Z"))
        #expect(store.retentionOffer(forGroup: "plus")?.id == "stay", "after the intro, $2.49 is less than $4.99")

        let dearer = try CatalogLoader.load(Data(Fixture.json.replacingOccurrences(
            of: #""prices": {"USA": "2.49", "JPN": "400"}"#, with: #""prices": {"USA": "4.99", "JPN": "800"}"#).utf8))
        var same = AppStore(catalog: dearer, territory: dearer.territory("USA")!, now: Fixture.start)
        same.purchase("pro.monthly")
        same.advance(to: Fixture.date("2027-02-21T09:00:00Z"))
        #expect(same.retentionOffer(forGroup: "plus") == nil, "an offer at the standard price saves nothing")
    }

    @Test("no retention offer once auto-renew is off, or for a plan without one")
    func noRetentionOffer() {
        var store = Fixture.store()
        store.purchase("basic.monthly")
        #expect(store.retentionOffer(forGroup: "plus") == nil)
        var pro = Fixture.store()
        pro.purchase("pro.monthly")
        pro.setAutoRenew(false, group: "plus")
        #expect(pro.retentionOffer(forGroup: "plus") == nil)
        let accepted = pro.acceptRetentionOffer(group: "plus")
        #expect(!accepted)
    }

    @Test("consumables used are the app's own record: bought less used, never below zero, and a refund takes back what is left")
    func consumableUse() throws {
        var store = Fixture.store()
        let bought = try #require(store.purchase("boost", quantity: 3).transaction)
        let used = store.useConsumable("boost")
        #expect(used)
        #expect(store.consumableBalance("boost") == 2)
        #expect(store.consumablesHeld.map(\.id) == ["boost"])
        #expect(store.unsavedChanges.consumableUse == ["boost"])
        store.refund(bought.id)
        #expect(store.consumableBalance("boost") == 0)
        let usedAfterRefund = store.useConsumable("boost")
        #expect(!usedAfterRefund)
        #expect(store.consumablesHeld.isEmpty)
    }

    @Test("Update Payment Method ends the billing failure: the next retry renews")
    func updatePaymentMethod() {
        var store = Fixture.store()
        store.purchase("basic.monthly")
        store.scenario.billingFails = true
        store.scenario.gracePeriod = .off
        store.advance(to: Fixture.date("2026-12-22T09:00:00Z"))
        #expect(store.status(ofGroup: "plus")?.state == .inBillingRetryPeriod)
        store.updatePaymentMethod()
        store.advance(to: Fixture.date("2026-12-23T09:00:00Z"))
        #expect(store.status(ofGroup: "plus")?.state == .subscribed)
    }
}
