import CatalogFormats
import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// Win-back offers (issue 11): their own catalog list, offered only to churned subscribers under the
/// eligibility rules of the catalog, recorded with offer type `winBack`. The fixture's Pro Monthly has
/// one, `comeback`: 3 months paid up front at $5.99, for someone who paid at least 1 month, whose
/// subscription ended 1 to 24 months ago, 12 months after any win-back offer they redeemed.
@Suite("win-back offers")
struct WinBackTests {
    static func months(_ count: Int) -> SubscriptionPeriod { SubscriptionPeriod(value: count, unit: .month) }

    /// A Pro Monthly subscriber (its pay-as-you-go intro price is paid) who turned auto-renew off at
    /// once, `after` months after it ended.
    static func churned(after monthsSince: Int, store: AppStore = Fixture.store()) -> AppStore {
        var store = store
        store.purchase("pro.monthly")
        store.setAutoRenew(false, group: "plus")
        store.advance(by: months(1 + monthsSince))
        return store
    }

    /// The win-back offer the pitch policy offers for the plus group, if any.
    static func offered(_ store: AppStore) -> PitchDecision.WinBack? {
        guard case .resubscribe(_, let winBack) = store.pitch(forGroup: "plus") else { return nil }
        return winBack
    }

    /// The fixture with the `comeback` offer's fields replaced.
    static func store(comeback fields: String) -> AppStore {
        let old = #""paidSubscriptionDurationInMonths": 1, "timeSinceLastSubscribedInMonths": {"minimum": 1, "maximum": 24}, "waitBetweenOffersInMonths": 12"#
        let json = Fixture.json.replacingOccurrences(of: old, with: fields)
        precondition(json != Fixture.json, "the fixture's comeback offer changed")
        let catalog = try! CatalogLoader.load(Data(json.utf8))
        return AppStore(catalog: catalog, territory: catalog.territory("USA")!, now: Fixture.start)
    }

    @Test("a win-back offer is bought with its id and recorded with offer type winBack, at its price for its period")
    func recordedAsWinBack() throws {
        var store = Self.churned(after: 2)
        #expect(Self.offered(store)?.offer.id == "comeback")
        #expect(Self.offered(store)?.offer.kind == .winBack)
        let quote = try store.quote("pro.monthly", promotionalOffer: "comeback")
        #expect(quote.unitPrice == Decimal(string: "5.99"))
        let bought = try #require(store.purchase("pro.monthly", promotionalOffer: "comeback").transaction)
        #expect(bought.offerKind == .winBack)
        #expect(bought.offerID == "comeback")
        #expect(bought.price == Decimal(string: "5.99"))
        #expect(bought.expirationDate == Self.months(3).added(to: store.now), "pay up front: the whole offer is one period")
        // The renewal after it is at the standard price, without the offer.
        store.advance(by: Self.months(3))
        let renewal = try #require(store.status(ofGroup: "plus")?.transaction)
        #expect(renewal.id != bought.id)
        #expect(renewal.offerKind == nil && renewal.offerID == nil)
        #expect(renewal.price == Decimal(string: "4.99"))
    }

    @Test("a pay-as-you-go win-back offer renews at its price for its periods, then at the standard price")
    func payAsYouGoRenews() throws {
        // The fixture's comeback pays up front; this one is the same offer paid monthly, twice.
        var catalogJSON = Fixture.json.replacingOccurrences(
            of: #"{"id": "comeback", "paymentMode": "payUpFront", "period": "P3M""#,
            with: #"{"id": "comeback", "paymentMode": "payAsYouGo", "period": "P1M", "periodCount": 2"#)
        #expect(catalogJSON != Fixture.json)
        catalogJSON = catalogJSON.replacingOccurrences(of: #""prices": {"USA": "5.99", "JPN": "1000"}"#,
                                                       with: #""prices": {"USA": "2.99", "JPN": "500"}"#)
        let catalog = try CatalogLoader.load(Data(catalogJSON.utf8))
        var store = Self.churned(after: 2, store: AppStore(catalog: catalog, territory: catalog.territory("USA")!, now: Fixture.start))
        store.purchase("pro.monthly", promotionalOffer: "comeback")
        #expect(store.nextCharge(ofGroup: "plus")?.amount == Decimal(string: "2.99"))
        store.advance(by: Self.months(2))
        let ids = store.index.byGroup["plus"] ?? []
        let last3 = ids.suffix(3).map { store.transaction($0)! }
        #expect(last3.map(\.offerKind) == [.winBack, .winBack, nil])
        #expect(last3.map(\.offerID) == ["comeback", "comeback", nil])
        #expect(last3.map(\.price) == [Decimal(string: "2.99"), Decimal(string: "2.99"), Decimal(string: "4.99")])
    }

    @Test("win-back offers come only from the customer's most recent subscription in the group (RenewalInfo.eligibleWinBackOfferIDs)")
    func onlyTheMostRecentSubscriptionsOffers() throws {
        // Basic Monthly, paid, cancelled, ended two months ago: pro.monthly's comeback (1 paid month, 1 to
        // 24 months since) would hold by its own rules, but it is configured for another subscription.
        var store = Fixture.store()
        store.purchase("basic.monthly")
        store.setAutoRenew(false, group: "plus")
        store.advance(by: Self.months(3))
        #expect(store.churnDate(ofGroup: "plus") != nil)
        #expect(Self.offered(store) == nil, "the pitch offers no other subscription's win-back offer")
        #expect(store.renewalMoment(ofGroup: "plus")?.eligibleWinBackOfferIDs == [])
        let comeback = try #require(store.catalog.product("pro.monthly")?.subscription?.winBackOffers.first)
        #expect(!store.isEligible(for: comeback, inGroup: "plus"))
        #expect(throws: PurchaseError.ineligibleForOffer) { try store.quote("pro.monthly", promotionalOffer: "comeback") }
        // The same history on pro.monthly, the product the offer is configured for: offered.
        let own = Self.churned(after: 2)
        #expect(Self.offered(own)?.offer.id == "comeback")
        #expect(own.renewalMoment(ofGroup: "plus")?.eligibleWinBackOfferIDs == ["comeback"])
    }

    @Test("a refunded only period churns once expired, but pays for nothing: no win-back offer that needs a paid month")
    func refundedOnlyPeriodPaysForNothing() throws {
        var store = Fixture.store()
        let bought = try #require(store.purchase("pro.monthly").transaction)
        store.advance(by: SubscriptionPeriod(value: 1, unit: .week))
        store.refund(bought.id)
        store.advance(by: Self.months(2))
        guard case .resubscribe = store.pitch(forGroup: "plus") else { Issue.record("a refunded subscriber may resubscribe"); return }
        #expect(store.churnDate(ofGroup: "plus") == bought.expirationDate, "expired and not auto-renewing: churned")
        #expect(Self.offered(store) == nil, "the refunded month is not a paid month")
        #expect(throws: PurchaseError.ineligibleForOffer) { try store.quote("pro.monthly", promotionalOffer: "comeback") }
    }

    @Test("a subscriber whose last period was refunded and who is not subscribed is churned once it expired, and may be offered a win-back")
    func refundedLastPeriodIsAChurn() throws {
        var store = Fixture.store()
        store.purchase("pro.monthly")                  // a paid month, at the introductory price
        store.advance(by: Self.months(1))              // renewed: the period in force
        let current = try #require(store.status(ofGroup: "plus")?.transaction)
        store.refund(current.id)
        #expect(store.renewals["plus"]?.willAutoRenew == false)
        #expect(store.churnDate(ofGroup: "plus") == nil, "not churned before the refunded period's expiration date")
        #expect(Self.offered(store) == nil)
        store.advance(by: Self.months(2))
        #expect(store.churnDate(ofGroup: "plus") == current.expirationDate)
        #expect(Self.offered(store)?.offer.id == "comeback", "one paid month, ended a month ago")
        let bought = try #require(store.purchase("pro.monthly", promotionalOffer: "comeback").transaction)
        #expect(bought.offerKind == .winBack)
    }

    @Test("a subscription that expired by billing error after retry is a churn; in billing retry it is not")
    func billingErrorIsAChurn() {
        var store = Fixture.store()
        store.purchase("pro.monthly")
        store.scenario.billingFails = true
        store.advance(by: Self.months(1))
        store.advance(by: SubscriptionPeriod(value: 30, unit: .day))
        #expect(store.status(ofGroup: "plus")?.state == .inBillingRetryPeriod)
        #expect(store.churnDate(ofGroup: "plus") == nil, "billing retry is not eligible for win-back offers")
        store.advance(by: Self.months(2))
        #expect(store.renewals["plus"]?.expirationReason == .billingError)
        #expect(store.churnDate(ofGroup: "plus") != nil)
        #expect(Self.offered(store)?.offer.id == "comeback")
    }

    @Test("minimum paid duration: only paid periods count, free trials do not")
    func minimumPaidDuration() {
        // Three months paid are needed. Two paid months are not enough; three are.
        let three = #""paidSubscriptionDurationInMonths": 3, "timeSinceLastSubscribedInMonths": {"minimum": 1, "maximum": 24}"#
        for (paid, eligible) in [(2, false), (3, true)] {
            var store = Self.store(comeback: three)
            store.purchase("pro.monthly")
            store.advance(by: Self.months(paid - 1))
            store.setAutoRenew(false, group: "plus")
            store.advance(by: Self.months(3))
            #expect(store.churnDate(ofGroup: "plus") != nil)
            #expect((Self.offered(store) != nil) == eligible, "\(paid) paid months")
        }
        // A free trial only (Pro Annual's week): nothing paid, no win-back offer.
        var trial = Fixture.store()
        trial.purchase("pro.annual")
        trial.setAutoRenew(false, group: "plus")
        trial.advance(by: Self.months(2))
        #expect(trial.churnDate(ofGroup: "plus") != nil)
        #expect(Self.offered(trial) == nil)
    }

    @Test("time since the subscription ended must be within the offer's minimum and maximum months")
    func timeSinceEnded() {
        #expect(Self.offered(Self.churned(after: 0)) == nil, "ended days ago: under the minimum of 1 month")
        #expect(Self.offered(Self.churned(after: 1)) != nil)
        #expect(Self.offered(Self.churned(after: 24)) != nil, "the maximum is included")
        #expect(Self.offered(Self.churned(after: 25)) == nil, "over the maximum of 24 months")
    }

    @Test("time between win-back offers: none within the wait after one was redeemed")
    func waitBetweenOffers() throws {
        var store = Self.churned(after: 2)
        let redeemed = try #require(store.purchase("pro.monthly", promotionalOffer: "comeback").transaction)
        store.setAutoRenew(false, group: "plus")
        // The offer's 3 months end; 2 months later the subscription churned long enough ago, but only
        // 5 months passed since the offer was redeemed, under the 12-month wait.
        store.advance(by: Self.months(5))
        #expect(store.churnDate(ofGroup: "plus") != nil)
        #expect(Self.offered(store) == nil)
        #expect(throws: PurchaseError.ineligibleForOffer) { try store.quote("pro.monthly", promotionalOffer: "comeback") }
        // 12 months after the redemption, it is offered again.
        store.advance(to: Self.months(12).added(to: redeemed.purchaseDate))
        #expect(Self.offered(store)?.offer.id == "comeback")
        // Without a wait in the catalog, it is offered at once.
        var noWait = Self.store(comeback: #""paidSubscriptionDurationInMonths": 1, "timeSinceLastSubscribedInMonths": {"minimum": 1, "maximum": 24}"#)
        noWait = Self.churned(after: 2, store: noWait)
        noWait.purchase("pro.monthly", promotionalOffer: "comeback")
        noWait.setAutoRenew(false, group: "plus")
        noWait.advance(by: Self.months(5))
        #expect(Self.offered(noWait)?.offer.id == "comeback")
    }

    @Test("a win-back offer runs only from its start date until its end date")
    func startAndEndDates() {
        let dated = #""paidSubscriptionDurationInMonths": 1, "timeSinceLastSubscribedInMonths": {"minimum": 1, "maximum": 24}, "startDate": "2027-02-01", "endDate": "2027-03-01""#
        // The fixture starts 21 November 2026: churned after 1 month is late December, before the start.
        #expect(Self.offered(Self.churned(after: 1, store: Self.store(comeback: dated))) == nil)
        #expect(Self.offered(Self.churned(after: 2, store: Self.store(comeback: dated)))?.offer.id == "comeback")
        #expect(Self.offered(Self.churned(after: 3, store: Self.store(comeback: dated))) == nil, "after the end date")
    }

    @Test("of several eligible win-back offers, a high-priority one is offered first")
    func highPriorityFirst() {
        let eligibility = #""paidSubscriptionDurationInMonths": 1, "timeSinceLastSubscribedInMonths": {"minimum": 1, "maximum": 24}"#
        let two = eligibility + #"}, {"id": "comeback-high", "paymentMode": "freeTrial", "period": "P1M", "priority": "high", "#
            + eligibility
        let store = Self.churned(after: 2, store: Self.store(comeback: two))
        #expect(Self.offered(store)?.offer.id == "comeback-high")
    }

    @Test("someone who never subscribed is not offered a win-back offer: naming it is refused as ineligibleForOffer")
    func neverSubscribed() throws {
        let store = Fixture.store()
        #expect(store.pitch(forGroup: "plus") == .subscribe(introOffer: true))
        #expect(throws: PurchaseError.ineligibleForOffer) { try store.quote("pro.monthly", promotionalOffer: "comeback") }
        // An active subscriber is not churned either.
        var subscriber = Fixture.store()
        subscriber.purchase("basic.monthly")
        #expect(subscriber.churnDate(ofGroup: "plus") == nil)
    }

    @Test("win-back eligibility reads the group's recent transactions through the indexes, not the whole history")
    func eligibilityWorkIsBounded() {
        var work: [Int] = []
        for renewals in [24, 240] {
            var store = Fixture.store()
            store.purchase("pro.monthly")
            store.advance(by: Self.months(renewals))
            store.setAutoRenew(false, group: "plus")
            store.advance(by: Self.months(3))
            let meter = WorkMeter()
            store.meter = meter
            #expect(Self.offered(store)?.offer.id == "comeback")
            work.append(meter.visited)
        }
        #expect(work[0] == work[1], "transactions visited at 24 and 240 renewals: \(work)")
    }
}

/// Lint of win-back offers: their fields, App Store Connect's ranges, every error with its path.
extension CatalogRulesTests {
    static let comebackPath = "$.products[4].winBackOffers[0]"

    @Test("lint checks a win-back offer's eligibility against App Store Connect's ranges")
    func winBackRanges() {
        let path = Self.comebackPath
        #expect(problems(replacing: #""paidSubscriptionDurationInMonths": 1"#, with: #""paidSubscriptionDurationInMonths": 30"#)
                == ["\(path).paidSubscriptionDurationInMonths: 30 is not a paid duration App Store Connect offers; use 1 to 24, 36, 48 or 60 months"])
        #expect(problems(replacing: #""paidSubscriptionDurationInMonths": 1"#, with: #""paidSubscriptionDurationInMonths": 36"#) == [])
        #expect(problems(replacing: #"{"minimum": 1, "maximum": 24}"#, with: #"{"minimum": 0, "maximum": 25}"#)
                == ["\(path).timeSinceLastSubscribedInMonths.minimum: must be between 1 and 24 months",
                    "\(path).timeSinceLastSubscribedInMonths.maximum: must be between 1 and 24 months"])
        #expect(problems(replacing: #"{"minimum": 1, "maximum": 24}"#, with: #"{"minimum": 6, "maximum": 3}"#)
                == ["\(path).timeSinceLastSubscribedInMonths: minimum 6 is more than maximum 3"])
        #expect(problems(replacing: #""waitBetweenOffersInMonths": 12"#, with: #""waitBetweenOffersInMonths": 1"#)
                == ["\(path).waitBetweenOffersInMonths: must be between 2 and 24 months, or left out"])
        #expect(problems(replacing: #""waitBetweenOffersInMonths": 12"#, with: #""waitBetweenOffersInMonths": 12, "priority": "urgent""#)
                == [#"\#(path).priority: unknown priority "urgent"; expected high or normal"#])
        #expect(problems(replacing: #""waitBetweenOffersInMonths": 12"#,
                         with: #""waitBetweenOffersInMonths": 12, "startDate": "2027-03-01", "endDate": "2027-02-01""#)
                == [#"\#(path).endDate: must be after "startDate""#])
        #expect(problems(replacing: #""waitBetweenOffersInMonths": 12"#, with: #""waitBetweenOffersInMonths": 12, "startDate": "1 March""#)
                == [#"\#(path).startDate: "1 March" is not a date like "2026-07-01""#])
    }

    @Test("a win-back offer needs its eligibility fields, and refuses unknown keys in it and in its month range")
    func winBackRequiredAndUnknown() {
        let path = Self.comebackPath
        #expect(problems(replacing: #""paidSubscriptionDurationInMonths": 1, "#, with: "")
                == [#"\#(path): missing required field "paidSubscriptionDurationInMonths""#])
        #expect(problems(replacing: #""timeSinceLastSubscribedInMonths": {"minimum": 1, "maximum": 24}"#,
                         with: #""timeSinceLastSubscribedInMonths": {"min": 1, "maximum": 24}"#)
                == [#"\#(path).timeSinceLastSubscribedInMonths.min: unknown key "min"; known keys here: minimum, maximum"#,
                    #"\#(path).timeSinceLastSubscribedInMonths: missing required field "minimum""#])
        #expect(problems(replacing: #""waitBetweenOffersInMonths": 12"#, with: #""waitBetweenOffersInMonths": 12, "purpose": "winBack""#)
                == [#"\#(path).purpose: unknown key "purpose"; known keys here: id, paymentMode, period, periodCount, prices, "#
                    + "paidSubscriptionDurationInMonths, timeSinceLastSubscribedInMonths, waitBetweenOffersInMonths, priority, startDate, endDate"])
        #expect(problems(replacing: #"{"id": "comeback", "paymentMode": "payUpFront", "period": "P3M", "prices": {"USA": "5.99", "JPN": "1000"},"#,
                         with: #"{"id": "comeback", "paymentMode": "payUpFront", "period": "P3M","#)
                == [#"\#(path): missing required field "prices""#])
    }

    @Test("a promotional offer with purpose winBack is an error that names the win-back list")
    func winBackPurposeMoved() {
        #expect(problems(replacing: #""id": "stay", "purpose": "retention""#, with: #""id": "stay", "purpose": "winBack""#)
                == [#"$.products[4].promotionalOffers[0].purpose: win-back offers are their own list: move this offer to the subscription's "winBackOffers", with its eligibility"#])
    }

    @Test("a win-back offer's id is not another offer's of the subscription, and only subscriptions have win-back offers")
    func winBackIDsAndProductTypes() {
        #expect(problems(replacing: #"{"id": "comeback", "paymentMode""#, with: #"{"id": "stay", "paymentMode""#)
                == [#"\#(Self.comebackPath).id: offer id "stay" is used by another offer of this subscription"#])
        #expect(problems(replacing: #""duration": "P3M", "prices": {"USA": "9.99", "JPN": "1500"}"#,
                         with: #""duration": "P3M", "prices": {"USA": "9.99", "JPN": "1500"}, "winBackOffers": []"#)
                == [#"$.products[2].winBackOffers: only auto-renewable subscriptions have "winBackOffers""#])
    }
}
