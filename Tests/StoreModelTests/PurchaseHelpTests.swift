import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// Purchase Help's model: refund requests (asked by the person, decided by QA for Apple), the one
/// refund rule they share with the inspector's refund, the charges of the last 90 days, the app's
/// record of undelivered purchases, and feedback.
struct PurchaseHelpTests {
    func bought(_ store: inout AppStore, _ productID: String, quantity: Int = 1) throws -> Transaction {
        try #require(store.purchase(productID, quantity: quantity).transaction)
    }

    @Test("a refund request changes nothing until approved; approval revokes with the date and the reason the issue gives")
    func approveNonConsumable() throws {
        var store = Fixture.store()
        let alps = try bought(&store, "alps")
        let request = try store.requestRefund(alps.id, reason: .didNotMeanToBuy)
        #expect(request.kind == .refundRequest && request.isPending && request.transactionID == alps.id)
        #expect(store.owns("alps"), "a request alone changes nothing")
        #expect(store.pendingRequests.map(\.id) == [request.id], "it joins the Requests")
        store.advance(by: SubscriptionPeriod(value: 1, unit: .day))
        let approved = store.approveRefund(request.id)
        let refunded = try #require(approved)
        #expect(refunded.state == .revoked)
        #expect(refunded.revocationDate == store.now)
        #expect(refunded.revocationReason == .other, "an accidental purchase is StoreKit's other")
        #expect(!store.owns("alps"))
        #expect(store.event(request.id)?.status == .approved)
        #expect(store.pendingRequests.isEmpty)
    }

    @Test("a purchase that does not work or never arrived is refunded as a developer issue")
    func revocationReasons() {
        #expect(RefundReason.doesNotWork.revocationReason == .developerIssue)
        #expect(RefundReason.notReceived.revocationReason == .developerIssue)
        #expect(RefundReason.childPurchase.revocationReason == .other)
        #expect(RefundReason.allCases.count == 5)
    }

    @Test("a refunded subscription loses access mid-period, stops renewing, and may be pitched again")
    func approveSubscription() throws {
        var store = Fixture.store()
        let plan = try bought(&store, "basic.monthly")
        store.advance(by: SubscriptionPeriod(value: 10, unit: .day))
        #expect(store.pitch(forGroup: "plus").mayPitch == false)
        let request = try store.requestRefund(plan.id, reason: .doesNotWork)
        store.approveRefund(request.id)
        #expect(store.status(ofGroup: "plus")?.state == .revoked)
        #expect(store.entitlement(for: "basic.monthly") == nil)
        #expect(store.renewals["plus"]?.willAutoRenew == false)
        #expect(store.pitch(forGroup: "plus").mayPitch, "a refunded subscriber may be pitched again")
        let before = store.transactions.count
        store.advance(by: SubscriptionPeriod(value: 2, unit: .month))
        #expect(store.transactions.count == before, "it never renews")
    }

    @Test("declining changes nothing but the request, which the log keeps as declined")
    func decline() throws {
        var store = Fixture.store()
        let boosts = try bought(&store, "boost", quantity: 3)
        store.useConsumable("boost")
        let request = try store.requestRefund(boosts.id, reason: .other)
        let transactions = store.transactions
        store.declineRefund(request.id)
        #expect(store.transactions == transactions)
        #expect(store.consumableBalance("boost") == 2)
        #expect(store.event(request.id)?.status == .declined)
        #expect(store.pendingRequests.isEmpty)
        #expect(store.refundRefusal(for: boosts.id) == nil, "declined: the person may ask again")
    }

    @Test("a consumable's refund takes back what is left of its units, and later purchases are whole")
    func consumableUnitsDelivered() throws {
        var store = Fixture.store()
        let first = try bought(&store, "boost", quantity: 5)
        for _ in 0..<2 { store.useConsumable("boost") }
        #expect(store.consumableBalance("boost") == 3)
        store.approveRefund(try store.requestRefund(first.id, reason: .other).id)
        #expect(store.consumableBalance("boost") == 0)
        _ = try bought(&store, "boost", quantity: 2)
        #expect(store.consumableBalance("boost") == 2, "the units used before the refund are not charged to the next purchase")
        // Two purchases, most units used: a refund takes back only what is left.
        var other = Fixture.store()
        let a = try bought(&other, "boost", quantity: 5)
        _ = try bought(&other, "boost", quantity: 5)
        for _ in 0..<7 { other.useConsumable("boost") }
        other.refund(a.id)
        #expect(other.consumableBalance("boost") == 3, "units are used oldest purchase first: the first five were all used")
        _ = try bought(&other, "boost", quantity: 1)
        #expect(other.consumableBalance("boost") == 4)
    }

    @Test("a consumable refund takes back only that purchase's unused units, units being used oldest purchase first")
    func consumableRefundTakesBackItsOwnUnusedUnits() throws {
        var store = Fixture.store()
        let first = try bought(&store, "boost", quantity: 5)
        let second = try bought(&store, "boost", quantity: 2)
        for _ in 0..<5 { store.useConsumable("boost") }
        #expect(store.refundEffect(of: first.id) == .units(0), "the first purchase's five units are the ones used")
        #expect(store.refundEffect(of: second.id) == .units(2))
        store.refund(first.id)
        #expect(store.consumableBalance("boost") == 2, "buy 5, buy 2, use 5, refund the first: 2 left")
        store.useConsumable("boost")
        #expect(store.refundEffect(of: second.id) == .units(1), "one of the second purchase's units is used now")
        store.refund(second.id)
        #expect(store.consumableBalance("boost") == 0)
        // Part of a purchase used: its refund takes back the rest of it, and the newer purchase stays whole.
        var other = Fixture.store()
        let a = try bought(&other, "boost", quantity: 3)
        _ = try bought(&other, "boost", quantity: 4)
        other.useConsumable("boost")
        #expect(other.refundEffect(of: a.id) == .units(2))
        other.refund(a.id)
        #expect(other.consumableBalance("boost") == 4)
    }

    @Test("a refund of a past period leaves the subscription renewing: only that transaction is revoked")
    func pastPeriodRefundKeepsTheSubscription() throws {
        var store = Fixture.store()
        let first = try bought(&store, "basic.monthly")
        store.advance(by: SubscriptionPeriod(value: 2, unit: .month))
        let chain = store.transactions.filter { $0.productID == "basic.monthly" }
        #expect(chain.count == 3, "bought, then two renewals")
        let current = try #require(chain.last)
        #expect(store.refundEffect(of: first.id) == .pastPeriod)
        #expect(store.refundEffect(of: current.id) == .endsSubscription)
        store.refund(first.id)
        #expect(store.transaction(first.id)?.state == .revoked)
        #expect(store.transaction(first.id)?.revocationDate == store.now)
        #expect(store.status(ofGroup: "plus")?.state == .subscribed)
        #expect(store.entitlement(for: "basic.monthly")?.id == current.id)
        #expect(store.renewals["plus"]?.willAutoRenew == true, "auto-renew stays on")
        #expect(store.transaction(current.id)?.revocationDate == nil)
        store.advance(by: SubscriptionPeriod(value: 1, unit: .month))
        #expect(store.transactions.filter { $0.productID == "basic.monthly" }.count == 4, "it renews as before")
    }

    @Test("a refund of the transaction that grants the current period ends access and stops renewing")
    func currentPeriodRefundEndsAccess() throws {
        var store = Fixture.store()
        _ = try bought(&store, "basic.monthly")
        store.advance(by: SubscriptionPeriod(value: 1, unit: .month))
        let current = try #require(store.transactions.last { $0.productID == "basic.monthly" })
        let request = try store.requestRefund(current.id, reason: .other)
        store.approveRefund(request.id)
        #expect(store.transaction(current.id)?.revocationDate == store.now)
        #expect(store.status(ofGroup: "plus")?.state == .revoked)
        #expect(store.entitlement(for: "basic.monthly") == nil)
        #expect(store.renewals["plus"]?.willAutoRenew == false)
    }

    @Test("a refund of a non-consumable or a pass ends the access it gives")
    func otherRefundsEndAccess() throws {
        var store = Fixture.store()
        let alps = try bought(&store, "alps")
        #expect(store.refundEffect(of: alps.id) == .endsAccess)
        store.refund(alps.id)
        #expect(store.refundEffect(of: alps.id) == nil, "a refunded transaction cannot be refunded again")
    }

    @Test("a second request while one waits, or for a refunded purchase, is refused; so are shared and free ones")
    func refusals() throws {
        var store = Fixture.store()
        let alps = try bought(&store, "alps")
        try store.requestRefund(alps.id, reason: .other)
        #expect(throws: RefundRefusal.requestPending) { try store.requestRefund(alps.id, reason: .other) }
        #expect(store.pendingRequests.count == 1)
        store.refund(alps.id)
        #expect(store.pendingRequests.isEmpty, "the inspector's refund answers the request: one refund rule")
        #expect(throws: RefundRefusal.alreadyRefunded) { try store.requestRefund(alps.id, reason: .other) }
        let trial = try bought(&store, "pro.annual")
        #expect(store.refundRefusal(for: trial.id) == .notCharged)
        let sharing = store.receiveFamilySharing("family.monthly")
        let shared = try #require(sharing)
        #expect(store.refundRefusal(for: shared.id) == .familyShared)
        #expect(store.refundRefusal(for: 999) == .notFound)
    }

    @Test("a refund request never stands in the way of buying again")
    func requestIsNotAPurchaseRequest() throws {
        var store = Fixture.store()
        let boosts = try bought(&store, "boost")
        try store.requestRefund(boosts.id, reason: .other)
        #expect(store.pendingRequest(for: "boost") == nil)
        #expect(store.purchase("boost").transaction != nil)
    }

    @Test("recent charges: 90 days, newest first, renewals included, free periods and shared purchases not")
    func recentCharges() throws {
        var store = Fixture.store()
        let old = try bought(&store, "alps")
        store.advance(by: SubscriptionPeriod(value: 100, unit: .day))
        _ = try bought(&store, "pro.annual")             // a free week: no charge
        store.advance(by: SubscriptionPeriod(value: 8, unit: .day)) // renewed: charged
        _ = store.receiveFamilySharing("alps")
        let boosts = try bought(&store, "boost", quantity: 2)
        let charges = store.recentCharges()
        #expect(!charges.contains { $0.id == old.id }, "older than 90 days")
        #expect(charges.first?.id == boosts.id)
        #expect(charges.map(\.productID) == ["boost", "pro.annual"])
        #expect(charges.allSatisfy { $0.price > 0 && $0.ownership == .purchased })
        #expect(store.refundRefusal(for: old.id) == .tooOld)
    }

    @Test("recent charges cost the recent ones, not the whole ledger")
    func recentChargesWork() throws {
        var store = Fixture.store()
        for _ in 0..<300 {
            store.purchase("boost")
            store.advance(by: SubscriptionPeriod(value: 1, unit: .day))
        }
        store.meter = WorkMeter()
        let charges = store.recentCharges()
        #expect(charges.count == 90)
        #expect(store.meter!.visited <= 92, "visited \(store.meter!.visited) of 300")
    }

    @Test("an undelivered purchase is made good by delivery or a conciliatory item, once")
    func delivery() throws {
        var store = Fixture.store()
        let alps = try bought(&store, "alps")
        let pass = try bought(&store, "pass")
        let marks = [store.markUndelivered(alps.id), store.markUndelivered(alps.id), store.markUndelivered(pass.id)]
        #expect(marks == [true, false, true], "marked once")
        #expect(store.undeliveredPurchases.map(\.id) == [alps.id, pass.id])
        let deliveries = [store.deliverNow(alps.id), store.deliverNow(alps.id)]
        #expect(deliveries == [true, false], "delivered once")
        // The fixture has no help: no conciliatory item to give.
        let given = store.giveConciliatoryItem(for: pass.id)
        #expect(!given)
        var helped = helpedStore()
        let map = try bought(&helped, "alps")
        helped.markUndelivered(map.id)
        let gift = helped.giveConciliatoryItem(for: map.id)
        #expect(gift)
        #expect(helped.consumableBalance("boost") == 1)
        #expect(helped.consumablesHeld.map(\.id) == ["boost"])
        #expect(helped.undeliveredPurchases.isEmpty)
    }

    /// The fixture's catalog with a conciliatory item (one Boost).
    func helpedStore() -> AppStore {
        var catalog = Fixture.catalog
        catalog.help = HelpInfo(faq: [], contact: .init(email: "a@b.example"), conciliatoryItem: "boost")
        return AppStore(catalog: catalog, territory: catalog.territory("USA")!, now: Fixture.start)
    }

    @Test("a purchase marked undelivered is not owned in the app until Deliver Now; the App Store still has it")
    func undeliveredNonConsumableIsNotOwned() throws {
        var store = Fixture.store()
        let alps = try bought(&store, "alps")
        store.markUndelivered(alps.id)
        #expect(!store.isDelivered(alps.id))
        #expect(store.deliveredEntitlement(for: "alps") == nil, "the app has not delivered it")
        #expect(store.deliveredEntitlements().isEmpty)
        #expect(store.owns("alps"), "the App Store charged for it: it will not sell it twice")
        #expect(store.transaction(alps.id)?.state == .purchased, "the transaction itself is unchanged")
        #expect(store.refundRefusal(for: alps.id) == nil, "a refund may still be asked")
        store.deliverNow(alps.id)
        #expect(store.isDelivered(alps.id))
        #expect(store.deliveredEntitlement(for: "alps")?.id == alps.id)
    }

    /// Two boosts bought and delivered, then three bought and marked undelivered (returned).
    func twoDeliveredThreeNot(_ store: inout AppStore) throws -> Transaction {
        _ = try bought(&store, "boost", quantity: 2)
        let three = try bought(&store, "boost", quantity: 3)
        store.markUndelivered(three.id)
        return three
    }

    @Test("units of a consumable marked undelivered are not in the balance until Deliver Now")
    func undeliveredConsumableIsNotCounted() throws {
        var store = Fixture.store()
        let three = try twoDeliveredThreeNot(&store)
        #expect(store.consumableUnitsDelivered("boost") == 2)
        #expect(store.consumableBalance("boost") == 2)
        store.deliverNow(three.id)
        #expect(store.consumableUnitsDelivered("boost") == 5)
        #expect(store.consumableBalance("boost") == 5)
    }

    @Test("a conciliatory item replaces the undelivered purchase: the item is given, the purchase never is")
    func conciliatoryItemReplacesThePurchase() throws {
        var store = helpedStore()
        let three = try bought(&store, "boost", quantity: 3)
        let alps = try bought(&store, "alps")
        store.markUndelivered(three.id)
        store.markUndelivered(alps.id)
        #expect(store.consumableBalance("boost") == 0)
        let given = [store.giveConciliatoryItem(for: three.id), store.giveConciliatoryItem(for: alps.id)]
        #expect(given == [true, true])
        #expect(!store.isDelivered(three.id) && !store.isDelivered(alps.id), "the originals stay undelivered")
        #expect(store.consumableBalance("boost") == 2, "one item for each, and none of the three units")
        #expect(store.deliveredEntitlement(for: "alps") == nil, "not owned after the item either")
        #expect(store.transaction(three.id)?.state == .purchased && store.refundRefusal(for: three.id) == nil)
    }

    @Test("refunding a purchase the app never delivered takes back none of the units the app did deliver")
    func refundOfUndeliveredKeepsDeliveredUnits() throws {
        var store = Fixture.store()
        let three = try twoDeliveredThreeNot(&store)
        store.useConsumable("boost")
        #expect(store.consumableBalance("boost") == 1)
        store.refund(three.id)
        #expect(store.consumableBalance("boost") == 1, "the delivered unit left is still there")
        #expect(store.undeliveredPurchases.isEmpty, "refunded: nothing left to make good")
        // A delivered purchase's refund still takes back what is left of it.
        let four = try bought(&store, "boost", quantity: 4)
        #expect(store.consumableBalance("boost") == 5)
        store.refund(four.id)
        #expect(store.consumableBalance("boost") == 1)
    }

    @Test("feedback: the draft is kept as typed, sending keeps it and clears the draft, blank is not sent")
    func feedback() {
        var store = Fixture.store()
        store.markSaved()
        store.setFeedbackDraft("  ")
        #expect(store.unsavedChanges.feedbackDraft)
        #expect(store.sendFeedback() == nil)
        store.setFeedbackDraft("地図が開かない\nplease")
        let sent = store.sendFeedback()
        #expect(sent?.text == "地図が開かない\nplease")
        #expect(store.feedbackDraft.isEmpty)
        #expect(store.unsavedChanges.feedbackIDs == [1])
        store.clearAll()
        #expect(store.feedback.isEmpty)
    }
}
