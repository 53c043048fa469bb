import CatalogFormats
import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// Issue 10's pitch decisions beyond the group: a product an active subscription already gives
/// (`includedIn`) is never pitched to that subscriber; win-back offers stay with the service the person
/// had; a subscriber paying an introductory price is told that price and when the standard one starts.
@Suite("Pitch policy: products included in a plan, win-back, next charge")
struct InclusionTests {
    /// The fixture with the Summer Pass included in Pro and Family (not Basic), and the Alps maps in
    /// the whole group.
    static func store() -> AppStore {
        let json = Fixture.json
            .replacingOccurrences(of: #""duration": "P3M","#,
                                  with: #""duration": "P3M", "includedIn": ["pro.monthly", "pro.halfyear", "pro.annual", "family.monthly"],"#)
            .replacingOccurrences(of: #""familyShareable": true, "prices": {"USA": "4.99", "DEU": "5.99""#,
                                  with: #""familyShareable": true, "includedIn": ["plus"], "prices": {"USA": "4.99", "DEU": "5.99""#)
        let catalog = try! CatalogLoader.load(Data(json.utf8))
        return AppStore(catalog: catalog, territory: catalog.territory("USA")!, now: Fixture.start)
    }

    @Test("a product included in an active subscription is never pitched to that subscriber")
    func includedNotPitched() {
        var store = Self.store()
        #expect(store.pitch(forProduct: "pass") == .offer)
        store.purchase("pro.annual")
        #expect(store.pitch(forProduct: "pass") == .never(.includedInPlan(subscriptionProductID: "pro.annual")))
        #expect(store.pitch(forProduct: "alps") == .never(.includedInPlan(subscriptionProductID: "pro.annual")),
                "a group id covers every subscription of the group")
        #expect(store.pitch(forProduct: "boost") == .offer, "what no plan includes is still sold")
    }

    @Test("a product included only in higher levels is still pitched to a lower level's subscriber")
    func includedOnlyWhereListed() {
        var store = Self.store()
        store.purchase("basic.monthly")
        #expect(store.pitch(forProduct: "pass") == .offer)
        #expect(store.pitch(forProduct: "alps") == .never(.includedInPlan(subscriptionProductID: "basic.monthly")))
    }

    @Test("inclusion lasts as long as access: through grace, not in billing retry or after expiry")
    func inclusionFollowsAccess() {
        var store = Self.store()
        store.purchase("pro.monthly")
        store.scenario.billingFails = true
        store.advance(by: SubscriptionPeriod(value: 1, unit: .month))
        store.advance(by: SubscriptionPeriod(value: 1, unit: .day))
        #expect(store.status(ofGroup: "plus")?.state == .inGracePeriod)
        #expect(!store.pitch(forProduct: "pass").mayPitch)
        store.advance(by: SubscriptionPeriod(value: 20, unit: .day))
        #expect(store.status(ofGroup: "plus")?.state == .inBillingRetryPeriod)
        #expect(store.pitch(forProduct: "pass") == .offer, "no access in billing retry: the pass is worth buying")
    }

    @Test("a family-shared subscription includes what its plan includes")
    func familyShareIncludes() {
        var store = Self.store()
        store.receiveFamilySharing("family.monthly")
        #expect(store.pitch(forProduct: "pass") == .never(.includedInPlan(subscriptionProductID: "family.monthly")))
    }

    @Test("an owned non-consumable is not offered again; payments blocked explain instead", arguments: PaymentGateTests.closed)
    func ownedAndGated(gate: PaymentGate) {
        var store = Self.store()
        store.purchase("alps")
        #expect(store.pitch(forProduct: "alps") == .never(.owned))
        store.gate = gate
        #expect(store.pitch(forProduct: "boost") == .unavailable(gate))
    }

    @Test("a win-back offer is only ever the one of the product the person had last, not another period of the same service nor another service (RenewalInfo.eligibleWinBackOfferIDs)")
    func winBackStaysWithTheService() {
        // Pro Annual lapsed after a paid year (its free trial alone is no paid month): Pro Monthly's
        // win-back (same level, another period) is configured for another subscription, so none.
        var pro = Fixture.store()
        pro.purchase("pro.annual")
        pro.advance(by: SubscriptionPeriod(value: 2, unit: .week))
        pro.setAutoRenew(false, group: "plus")
        pro.advance(by: SubscriptionPeriod(value: 2, unit: .year))
        guard case .resubscribe(_, let winBack) = pro.pitch(forGroup: "plus") else { Issue.record("not lapsed"); return }
        #expect(winBack == nil)

        // Basic lapsed: Pro's win-back is a different service, so none is offered.
        var basic = Fixture.store()
        basic.purchase("basic.monthly")
        basic.setAutoRenew(false, group: "plus")
        basic.advance(by: SubscriptionPeriod(value: 2, unit: .month))
        guard case .resubscribe(let last, let none) = basic.pitch(forGroup: "plus") else { Issue.record("not lapsed"); return }
        #expect(last == "basic.monthly")
        #expect(none == nil)
    }

    @Test("a subscriber paying an introductory price is charged it next, and told when the standard price starts")
    func nextChargeDuringIntro() throws {
        var store = Fixture.store()
        store.purchase("pro.monthly") // $1.99/month for 3 months, then $4.99
        let first = try #require(store.nextCharge(ofGroup: "plus"))
        #expect(first.amount == Decimal(string: "1.99"))
        #expect(first.date == Fixture.date("2026-12-21T09:00:00Z"))
        #expect(first.standardFrom == Fixture.date("2027-02-21T09:00:00Z"))
        store.advance(by: SubscriptionPeriod(value: 2, unit: .month))
        let standard = try #require(store.nextCharge(ofGroup: "plus"))
        #expect(standard.amount == Decimal(string: "4.99"), "three periods paid at the intro price")
        #expect(standard.offer == nil && standard.standardFrom == nil)
    }

    @Test("a free trial's next charge is the standard price when the trial ends; nothing renews with auto-renew off")
    func nextChargeAfterTrial() throws {
        var store = Fixture.store()
        store.purchase("pro.annual")
        let charge = try #require(store.nextCharge(ofGroup: "plus"))
        #expect(charge.currentOffer?.paymentMode == .freeTrial)
        #expect(charge.amount == Decimal(string: "29.99"))
        #expect(charge.date == Fixture.date("2026-11-28T09:00:00Z"))
        store.setAutoRenew(false, group: "plus")
        #expect(store.nextCharge(ofGroup: "plus") == nil)
    }
}

extension CatalogRulesTests {
    @Test("includedIn lists groups or subscriptions of the catalog, each once, and not on a subscription")
    func includedInRules() {
        let pass = #""duration": "P3M","#
        func with(_ list: String) -> [String] { problems(replacing: pass, with: #""duration": "P3M", "includedIn": "# + list + ",") }
        #expect(with(#"["plus", "pro.annual"]"#) == [])
        #expect(with(#"["pro.anual"]"#) == [#"$.products[2].includedIn[0]: "pro.anual" is neither a subscription group nor a product of this catalog"#])
        #expect(with(#"["alps"]"#) == [#"$.products[2].includedIn[0]: "alps" is not an auto-renewable subscription: only a subscription's subscribers can have a product included"#])
        #expect(with(#"["plus", "plus"]"#) == [#"$.products[2].includedIn[1]: "plus" is listed twice"#])
        #expect(with("[]") == [#"$.products[2].includedIn: list at least one subscription group or subscription, or leave "includedIn" out"#])
        #expect(with(#""plus""#).first?.hasPrefix("$.products[2].includedIn: expected an array") == true)
        #expect(problems(replacing: #""group": "news", "level": 1,"#, with: #""group": "news", "level": 1, "includedIn": ["plus"],"#)
                == [#"$.products[8].includedIn: a subscription's place in its group is its "level"; "includedIn" is for the other product types"#])
    }
}
