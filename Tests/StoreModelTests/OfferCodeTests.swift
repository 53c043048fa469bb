import CatalogFormats
import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// Offer-code redemption: every rule and every refusal of the redemption sheet, with the fixture's
/// catalog grown by one offer per case.
@Suite("Offer codes")
struct OfferCodeTests {
    static let offers = #"""
        "codes": {"custom": ["SPRINGTRAIL"]}},
        {"id": "gift", "name": {"en": "Gift"}, "product": "pro.annual", "paymentMode": "payUpFront", "period": "P1Y",
         "prices": {"USA": "24.99"}, "eligibility": ["new", "lapsed"],
         "codes": {"oneTimeUse": {"created": "2026-11-01T00:00:00Z", "codes": ["GIFT1", "GIFT2", "GIFT3"]}}},
        {"id": "oldgift", "name": {"en": "Old Gift"}, "product": "pro.annual", "paymentMode": "freeTrial", "period": "P1M",
         "eligibility": ["new"], "codes": {"oneTimeUse": {"created": "2026-01-01T00:00:00Z", "codes": ["OLD1"]}}},
        {"id": "loyal", "name": {"en": "Loyal"}, "product": "pro.monthly", "paymentMode": "freeTrial", "period": "P1M",
         "eligibility": ["existing"], "codes": {"custom": ["LOYAL"]}},
        {"id": "upfamily", "name": {"en": "Up"}, "product": "family.monthly", "paymentMode": "payAsYouGo", "period": "P1M",
         "periodCount": 2, "prices": {"USA": "4.99"}, "eligibility": ["existing"], "codes": {"custom": ["UPFAMILY"]}},
        {"id": "basicdown", "name": {"en": "Down"}, "product": "basic.monthly", "paymentMode": "freeTrial", "period": "P1M",
         "eligibility": ["new", "existing", "lapsed"], "codes": {"custom": ["BASICDOWN"]}},
        {"id": "halfyear", "name": {"en": "Half"}, "product": "pro.halfyear", "paymentMode": "freeTrial", "period": "P1M",
         "eligibility": ["existing"], "codes": {"custom": ["HALFYEAR"]}},
        {"id": "newyear", "name": {"en": "New Year"}, "product": "pro.monthly", "paymentMode": "freeTrial", "period": "P1M",
         "eligibility": ["new"], "expires": "2026-01-31T23:59:59Z", "codes": {"custom": ["NEWYEAR"]}},
        {"id": "paused", "name": {"en": "Paused"}, "product": "pro.monthly", "paymentMode": "freeTrial", "period": "P1M",
         "eligibility": ["new"], "active": false, "codes": {"custom": ["PAUSED"]}},
        {"id": "alpsfree", "name": {"en": "Alps Free"}, "product": "alps", "eligibility": ["new", "existing", "lapsed"],
         "codes": {"custom": ["ALPSFREE"]}},
        {"id": "halfboost", "name": {"en": "Half Boost"}, "product": "boost", "prices": {"USA": "0.49"},
         "eligibility": ["new", "existing", "lapsed"], "redemptionLimit": 3, "codes": {"custom": ["HALFBOOST"]}},
        {"id": "firstboost", "name": {"en": "First Boost"}, "product": "boost", "eligibility": ["new"],
         "codes": {"custom": ["FIRSTBOOST"]}},
        {"id": "stackannual", "name": {"en": "Stack"}, "product": "pro.annual", "paymentMode": "payUpFront", "period": "P1Y",
         "prices": {"USA": "19.99"}, "eligibility": ["new", "lapsed"], "withIntroductoryOffer": "stack",
         "codes": {"custom": ["STACKANNUAL"]}}
        """#

    static let json = Fixture.json.replacingOccurrences(of: #""codes": {"custom": ["SPRINGTRAIL"]}}"#, with: offers)

    static func store(territory: String = "USA") -> AppStore {
        let catalog = try! CatalogLoader.load(Data(json.utf8))
        return AppStore(catalog: catalog, territory: catalog.territory(territory)!, now: Fixture.start)
    }

    /// The error a code gets, or nil when it would redeem.
    static func refusal(_ code: String, _ store: AppStore) -> OfferCodeError? {
        do { _ = try store.checkOfferCode(code); return nil } catch { return error }
    }

    static func subscribed(to productID: String) -> AppStore {
        var store = store()
        _ = store.purchase(productID)
        return store
    }

    @Test("a custom code opens its offer whatever case it is typed in, and a new subscriber gets the subscription with the offer")
    func customCodeAnyCase() throws {
        var store = Self.store()
        for typed in ["SPRINGTRAIL", "springtrail", "SpringTrail"] {
            let check = try store.checkOfferCode(typed)
            #expect(check.code == "SPRINGTRAIL")
            #expect(check.effect == .subscribe)
            #expect(check.price == 0)
        }
        let redeemed = try store.redeemOfferCode("springTrail")
        let transaction = try #require(redeemed.transactionID.flatMap(store.transaction))
        #expect(transaction.productID == "pro.monthly")
        #expect(transaction.offerKind == .code)
        #expect(transaction.offerID == "spring")
        #expect(transaction.price == 0)
        #expect(transaction.expirationDate == Fixture.date("2026-12-21T09:00:00Z"))
        #expect(store.status(ofGroup: "plus")?.state == .subscribed)
        // After the free month, the standard price.
        store.advance(to: Fixture.date("2026-12-22T00:00:00Z"))
        #expect(store.transactions.last?.offerKind == nil)
        #expect(store.transactions.last?.price == Decimal(string: "4.99"))
    }

    @Test("a one-time code works once: used twice it is refused as already used")
    func oneTimeCodeTwice() throws {
        var store = Self.store()
        let first = try store.redeemOfferCode("GIFT1")
        #expect(store.transaction(first.transactionID!)?.price == Decimal(string: "24.99"))
        #expect(store.transaction(first.transactionID!)?.expirationDate == Fixture.date("2027-11-21T09:00:00Z"))
        #expect(Self.refusal("GIFT1", store) == .codeAlreadyUsed)
        #expect(Self.refusal("gift1", store) == .codeAlreadyUsed)
        // Another code of the same offer: one redemption per customer per offer.
        #expect(Self.refusal("GIFT2", store) == .alreadyRedeemed)
    }

    @Test("one redemption per customer per offer, custom codes included")
    func oncePerCustomer() throws {
        var store = Self.store()
        try store.redeemOfferCode("ALPSFREE")
        #expect(Self.refusal("alpsfree", store) == .alreadyRedeemed)
    }

    @Test("a one-time code another customer used is refused as already used")
    func oneTimeCodeUsedByOthers() {
        var store = Self.store()
        store.countRedemptionsByOthers(offer: "gift", code: "gift3", count: 1)
        #expect(Self.refusal("GIFT3", store) == .codeAlreadyUsed)
        #expect(Self.refusal("GIFT2", store) == nil)
    }

    @Test("an expired offer and an expired batch of one-time codes are refused as expired; a code not made yet is unknown")
    func expiry() {
        var store = Self.store()
        #expect(Self.refusal("NEWYEAR", store) == .expired)
        // Made 2026-01-01, so expired 2026-07-01: six months at most, whatever the offer says.
        #expect(Self.refusal("OLD1", store) == .expired)
        let early = AppStore(catalog: store.catalog, territory: store.territory, now: Fixture.date("2026-10-15T00:00:00Z"))
        #expect(Self.refusal("GIFT1", early) == .unknownCode)
        // The batch made 2026-11-01 lasts until 2027-05-01.
        store.advance(to: Fixture.date("2027-05-01T00:00:01Z"))
        #expect(Self.refusal("GIFT1", store) == .expired)
    }

    @Test("unknown codes, inactive offers and characters other than ASCII letters and digits each get their own refusal")
    func badCodes() {
        let store = Self.store()
        #expect(Self.refusal("NOSUCHCODE", store) == .unknownCode)
        #expect(Self.refusal("", store) == .unknownCode)
        #expect(Self.refusal(String(repeating: "A", count: 65), store) == .unknownCode)
        #expect(Self.refusal("PAUSED", store) == .inactive)
        for typed in ["SPRING-TRAIL", "SPRING TRAIL", "春セール", "ＳＰＲＩＮＧ", "SPRINGTRAIL\u{301}"] {
            #expect(Self.refusal(typed, store) == .invalidCharacters, "\(typed)")
        }
    }

    @Test("eligibility: an offer for new subscribers refuses a subscriber, saying whom it is for; a lapsed subscriber may redeem a lapsed offer")
    func eligibility() throws {
        var subscriber = Self.subscribed(to: "pro.monthly")
        #expect(Self.refusal("SPRINGTRAIL", subscriber) == .notEligible(person: .existing, offerFor: [.new, .lapsed]))
        #expect(Self.refusal("LOYAL", Self.store()) == .notEligible(person: .new, offerFor: [.existing]))
        subscriber.setAutoRenew(false, group: "plus")
        subscriber.advance(to: Fixture.date("2027-01-01T00:00:00Z"))
        #expect(subscriber.codeEligibility(for: subscriber.catalog.product("pro.monthly")!) == .lapsed)
        #expect(Self.refusal("SPRINGTRAIL", subscriber) == nil)
        #expect(Self.refusal("LOYAL", subscriber) == .notEligible(person: .lapsed, offerFor: [.existing]))
    }

    @Test("a one-time product's eligibility is the person's purchases in the app: never, in the last 30 days, or longer ago")
    func oneTimeEligibility() {
        var store = Self.store()
        let boost = store.catalog.product("boost")!
        #expect(store.codeEligibility(for: boost) == .new)
        _ = store.purchase("alps")
        #expect(store.codeEligibility(for: boost) == .existing)
        #expect(Self.refusal("FIRSTBOOST", store) == .notEligible(person: .existing, offerFor: [.new]))
        store.advance(to: Fixture.date("2026-12-22T09:00:00Z"))
        #expect(store.codeEligibility(for: boost) == .lapsed)
    }

    @Test("a subscriber's code for their own product applies from the next renewal, booked in the renewal info")
    func ownProductNextRenewal() throws {
        var store = Self.subscribed(to: "pro.monthly")
        store.advance(to: Fixture.date("2027-02-22T00:00:00Z"))          // the three intro months are over
        let renewal = Fixture.date("2027-03-21T09:00:00Z")
        let before = store.transactions.count
        let redeemed = try store.redeemOfferCode("loyal")
        #expect(redeemed.effect == .nextRenewal(renewal))
        #expect(redeemed.transactionID == nil)
        #expect(store.transactions.count == before)
        #expect(store.renewals["plus"]?.offerID == "loyal")
        #expect(store.renewals["plus"]?.offerKind == .code)
        #expect(store.nextCharge(ofGroup: "plus")?.amount == 0)
        #expect(store.nextCharge(ofGroup: "plus")?.offer?.id == "loyal")
        store.advance(to: renewal)
        let renewed = try #require(store.transactions.last)
        #expect(renewed.offerKind == .code)
        #expect(renewed.offerID == "loyal")
        #expect(renewed.price == 0)
        #expect(store.renewals["plus"]?.offerID == nil)
        #expect(store.renewals["plus"]?.offerKind == nil)
    }

    @Test("a code for a higher level of the group upgrades at once, marking the old transaction upgraded")
    func upgradeAtOnce() throws {
        var store = Self.subscribed(to: "pro.monthly")
        let old = store.transactions.last!.id
        let redeemed = try store.redeemOfferCode("UPFAMILY")
        #expect(redeemed.effect == .planChange(.upgrade))
        let transaction = try #require(redeemed.transactionID.flatMap(store.transaction))
        #expect(transaction.productID == "family.monthly")
        #expect(transaction.offerKind == .code && transaction.offerID == "upfamily")
        #expect(transaction.price == Decimal(string: "4.99"))
        #expect(store.transaction(old)?.isUpgraded == true)
        #expect(store.status(ofGroup: "plus")?.transaction.productID == "family.monthly")
    }

    @Test("a code that would downgrade the current subscription is refused, naming it")
    func downgradeRefused() {
        let store = Self.subscribed(to: "pro.monthly")
        #expect(Self.refusal("BASICDOWN", store) == .wouldDowngrade(currentProductID: "pro.monthly"))
        // Someone without a subscription may redeem it.
        #expect(Self.refusal("BASICDOWN", Self.store()) == nil)
    }

    @Test("a crossgrade to another duration waits for the renewal, and the offer comes with it")
    func crossgradeAtRenewal() throws {
        var store = Self.subscribed(to: "pro.monthly")
        let renewal = Fixture.date("2026-12-21T09:00:00Z")
        let redeemed = try store.redeemOfferCode("HALFYEAR")
        #expect(redeemed.effect == .planChange(.crossgrade(effective: renewal)))
        #expect(redeemed.price == 0)
        #expect(store.renewals["plus"]?.autoRenewProductID == "pro.halfyear")
        #expect(store.renewals["plus"]?.offerID == "halfyear")
        store.advance(to: renewal)
        let renewed = try #require(store.transactions.last)
        #expect(renewed.productID == "pro.halfyear")
        #expect(renewed.offerKind == .code && renewed.offerID == "halfyear")
        #expect(renewed.expirationDate == Fixture.date("2027-01-21T09:00:00Z"))
    }

    @Test("a non-consumable code delivers the item; one already owned is refused")
    func nonConsumable() throws {
        var store = Self.store()
        let redeemed = try store.redeemOfferCode("ALPSFREE")
        #expect(redeemed.effect == .deliver)
        let transaction = try #require(redeemed.transactionID.flatMap(store.transaction))
        #expect(transaction.productID == "alps" && transaction.price == 0 && transaction.offerKind == .code)
        #expect(store.owns("alps"))
        var buyer = Self.store()
        _ = buyer.purchase("alps")
        #expect(Self.refusal("ALPSFREE", buyer) == .alreadyOwned)
    }

    @Test("a consumable code delivers one unit at the offer's price, only where the offer has one")
    func consumable() throws {
        var store = Self.store()
        let redeemed = try store.redeemOfferCode("HALFBOOST")
        #expect(store.transaction(redeemed.transactionID!)?.price == Decimal(string: "0.49"))
        #expect(store.consumableUnitsDelivered("boost") == 1)
        #expect(Self.refusal("HALFBOOST", Self.store(territory: "JPN")) == .notAvailableInStorefront)
    }

    @Test("when the device cannot make payments no code redeems, a free one included (StoreKit's canMakePayments)")
    func paymentGate() throws {
        let catalog = Self.store().catalog
        for gate in [PaymentGate.screenTime, .deviceManagement, .externalPurchaseOnly] {
            var store = AppStore(catalog: catalog, territory: catalog.territory("USA")!, now: Fixture.start, gate: gate)
            for code in ["HALFBOOST", "GIFT1", "ALPSFREE", "SPRINGTRAIL"] {
                #expect(Self.refusal(code, store) == .paymentNotAllowed, "\(code) with \(gate)")
                #expect(throws: OfferCodeError.paymentNotAllowed) { try store.redeemOfferCode(code) }
            }
            #expect(!store.owns("alps") && store.status(ofGroup: "plus") == nil && store.transactions.isEmpty)
            // A code with characters no code has is still told apart: the field says what is wrong with it.
            #expect(Self.refusal("SPRING-TRAIL", store) == .invalidCharacters)
        }
        // Allowed again, the same free code redeems.
        var allowed = AppStore(catalog: catalog, territory: catalog.territory("USA")!, now: Fixture.start, gate: .allowed)
        try allowed.redeemOfferCode("ALPSFREE")
        #expect(allowed.owns("alps"))
    }

    @Test("a code that stacks with the introductory offer gives a new subscriber the introductory offer first, then the code's offer, then the standard price (STACK_WITH_INTRO_OFFERS)")
    func stacksWithIntroOffer() throws {
        var store = Self.store()
        let check = try store.checkOfferCode("STACKANNUAL")
        let intro = try #require(store.catalog.product("pro.annual")?.subscription?.introductoryOffer)
        #expect(check.effect == .subscribe && check.introductoryOffer == intro && check.price == 0)
        let redeemed = try store.redeemOfferCode("STACKANNUAL")
        // The first period is the introductory offer's: offer type introductory, no offer id.
        let first = try #require(redeemed.transactionID.flatMap(store.transaction))
        #expect(first.offerKind == .introductory && first.offerID == nil && first.price == 0)
        #expect(first.expirationDate == Fixture.date("2026-11-28T09:00:00Z"))
        #expect(!store.isEligibleForIntroOffer(group: "plus"), "the introductory offer is used")
        #expect(Self.refusal("STACKANNUAL", store) == .alreadyRedeemed, "the redemption counts at once")
        // Then the code's offer, for its year.
        store.advance(to: Fixture.date("2026-11-29T00:00:00Z"))
        let code = try #require(store.transactions.last)
        #expect(code.offerKind == .code && code.offerID == "stackannual" && code.price == Decimal(string: "19.99"))
        #expect(code.expirationDate == Fixture.date("2027-11-28T09:00:00Z"))
        // Then the standard price.
        store.advance(to: Fixture.date("2027-11-29T00:00:00Z"))
        #expect(store.transactions.last?.offerKind == nil)
        #expect(store.transactions.last?.price == Decimal(string: "29.99"))
    }

    @Test("a code that replaces the introductory offer does not use it up: after it lapses, the introductory offer is still theirs (REPLACE_INTRO_OFFERS)")
    func replacesIntroOffer() throws {
        var store = Self.store()
        let check = try store.checkOfferCode("SPRINGTRAIL")
        #expect(check.introductoryOffer == nil && check.price == 0)
        try store.redeemOfferCode("SPRINGTRAIL")
        #expect(store.transactions.last?.offerKind == .code)
        #expect(store.isEligibleForIntroOffer(group: "plus"))
        store.setAutoRenew(false, group: "plus")
        store.advance(to: Fixture.date("2027-01-01T00:00:00Z"))
        #expect(store.status(ofGroup: "plus")?.state == .expired)
        let quote = try store.quote("pro.monthly")
        #expect(quote.offer?.kind == .introductory && quote.unitPrice == Decimal(string: "1.99"))
    }

    @Test("only a received introductory offer ends eligibility: a period bought at the standard price does not")
    func standardPriceKeepsIntroEligibility() throws {
        var store = Self.store()
        store.purchase("basic.monthly")
        #expect(store.isEligibleForIntroOffer(group: "plus"))
        store.setAutoRenew(false, group: "plus")
        store.advance(to: Fixture.date("2027-01-01T00:00:00Z"))
        #expect(try store.quote("pro.annual").offer?.kind == .introductory)
        store.purchase("pro.annual")
        #expect(store.transactions.last?.offerKind == .introductory)
        #expect(!store.isEligibleForIntroOffer(group: "plus"))
    }

    @Test("a stacking code to someone who already had the introductory offer gives the code's offer alone")
    func stackingWithoutIntroEligibility() throws {
        var store = Self.store()
        store.purchase("pro.annual")                        // the free week
        store.setAutoRenew(false, group: "plus")
        store.advance(to: Fixture.date("2027-01-01T00:00:00Z"))
        let check = try store.checkOfferCode("STACKANNUAL")
        #expect(check.introductoryOffer == nil && check.price == Decimal(string: "19.99"))
        let redeemed = try store.redeemOfferCode("STACKANNUAL")
        #expect(redeemed.transactionID.flatMap(store.transaction)?.offerKind == .code)
    }

    @Test("an offer's redemption limit counts every customer's redemptions")
    func redemptionLimit() {
        var store = Self.store()
        store.countRedemptionsByOthers(offer: "halfboost", code: "HALFBOOST", count: 2)
        #expect(Self.refusal("HALFBOOST", store) == nil)
        store.countRedemptionsByOthers(offer: "halfboost", code: "HALFBOOST", count: 1)
        #expect(Self.refusal("HALFBOOST", store) == .limitReached)
    }

    @Test("past 1,000,000 redemptions in a calendar quarter the App Store refuses more, until the next quarter")
    func quarterlyLimit() {
        var store = Self.store()
        store.countRedemptionsByOthers(offer: "spring", code: "SPRINGTRAIL", count: 999_999)
        #expect(Self.refusal("ALPSFREE", store) == nil)
        store.countRedemptionsByOthers(offer: "halfboost", code: "HALFBOOST", count: 1)
        #expect(store.offerCodeCounts.byQuarter["2026 Q4"] == 1_000_000)
        #expect(Self.refusal("ALPSFREE", store) == .quarterlyLimitReached)
        store.advance(to: Fixture.date("2027-01-01T00:00:00Z"))
        #expect(Self.refusal("ALPSFREE", store) == nil)
    }

    @Test("quarters are calendar quarters of the simulated clock, in UTC")
    func quarters() {
        #expect(OfferCodeCounts.quarter(of: Fixture.date("2026-03-31T23:59:59Z")) == "2026 Q1")
        #expect(OfferCodeCounts.quarter(of: Fixture.date("2026-04-01T00:00:00Z")) == "2026 Q2")
        #expect(OfferCodeCounts.quarter(of: Fixture.date("2026-12-31T23:59:59Z")) == "2026 Q4")
    }

    @Test("redemptions are counted per offer, per code, per quarter and for this account")
    func counts() throws {
        var store = Self.store()
        try store.redeemOfferCode("gift2")
        #expect(store.offerCodeCounts.byOffer == ["gift": 1])
        #expect(store.offerCodeCounts.byCode == ["GIFT2": 1])
        #expect(store.offerCodeCounts.byQuarter == ["2026 Q4": 1])
        #expect(store.offerCodeCounts.byAccount == ["gift"])
        #expect(store.unsavedChanges.offerCodes)
        store.clearAll()
        #expect(store.offerCodeCounts == OfferCodeCounts())
    }

    @Test("a code redeemed in the App Store while the app is closed waits for the next launch, once")
    func pendingRedemptions() {
        var store = Self.store()
        store.queueAppStoreRedemption("SPRINGTRAIL")
        #expect(store.pendingRedemptions == [PendingRedemption(code: "SPRINGTRAIL", date: Fixture.start)])
        #expect(store.takePendingRedemptions().map(\.code) == ["SPRINGTRAIL"])
        #expect(store.takePendingRedemptions().isEmpty)
    }
}

@Suite("Offer-code catalog rules")
struct OfferCodeCatalogTests {
    func problems(_ offers: String) -> [String] {
        let json = Fixture.json.replacingOccurrences(of: #""codes": {"custom": ["SPRINGTRAIL"]}}"#, with: offers)
        do { _ = try CatalogLoader.load(Data(json.utf8)); return [] } catch { return error.problems.map(\.description) }
    }

    static func oneTime(_ codes: String) -> String { #""codes": {"custom": ["SPRINGTRAIL"]}, "redemptionLimit": 10}, {"id": "b", "name": {"en": "B"}, "product": "alps", "eligibility": ["new"], "codes": {"oneTimeUse": \#(codes)}}"# }

    @Test("one-time codes come as a list with its creation date, expiring at most 6 months later")
    func oneTimeBatch() {
        #expect(problems(Self.oneTime(#"{"created": "2026-11-01T00:00:00Z", "expires": "2027-05-01T00:00:00Z", "codes": ["A1"]}"#)) == [])
        #expect(problems(Self.oneTime(#"{"created": "2026-11-01T00:00:00Z", "expires": "2027-05-02T00:00:00Z", "codes": ["A1"]}"#))
                == [#"$.offerCodes[1].codes.oneTimeUse.expires: one-time codes expire at most 6 months after they are made (2027-05-01T00:00:00Z for codes made 2026-11-01T00:00:00Z)"#])
        #expect(problems(Self.oneTime(#"{"codes": ["A1"]}"#)) == [#"$.offerCodes[1].codes.oneTimeUse: missing required field "created""#])
        #expect(problems(Self.oneTime(#"["A1"]"#)) == [#"$.offerCodes[1].codes.oneTimeUse: one-time codes are a batch with the date App Store Connect made them, like {"created": "2026-11-01T00:00:00Z", "codes": ["TH7Q2K9XWM4P"]}; found an array"#])
        #expect(problems(Self.oneTime(#"{"created": "2026-11-01T00:00:00Z", "codes": ["A1"], "made": 1}"#))
                .first?.hasPrefix(#"$.offerCodes[1].codes.oneTimeUse.made: unknown key "made""#) == true)
    }

    @Test("withIntroductoryOffer is stack or replace (replace when absent), and only on a subscription's offer code")
    func withIntroductoryOffer() throws {
        let stack = #""codes": {"custom": ["SPRINGTRAIL"]}, "withIntroductoryOffer": "stack"}"#
        #expect(problems(stack) == [])
        let json = Fixture.json.replacingOccurrences(of: #""codes": {"custom": ["SPRINGTRAIL"]}}"#, with: stack)
        #expect(try CatalogLoader.load(Data(json.utf8)).offerCodes[0].stacksWithIntroOffer)
        #expect(!Fixture.catalog.offerCodes[0].stacksWithIntroOffer)
        #expect(problems(#""codes": {"custom": ["SPRINGTRAIL"]}, "withIntroductoryOffer": "both"}"#)
                == [#"$.offerCodes[0].withIntroductoryOffer: unknown value "both"; expected stack (the introductory offer first, then the code's) or replace (the code's offer instead)"#])
        #expect(problems(#""codes": {"custom": ["SPRINGTRAIL"]}}, {"id": "b", "name": {"en": "B"}, "product": "alps", "eligibility": ["new"], "withIntroductoryOffer": "stack", "codes": {"custom": ["ALPS"]}}"#)
                == [#"$.offerCodes[1].withIntroductoryOffer: only a subscription's offer code has withIntroductoryOffer; a one-time product has no introductory offer"#])
    }

    @Test("the whole-catalog rules run on a built catalog, naming each broken rule's subject in no file's terms")
    func rulesOnBuiltCatalog() {
        var catalog = Fixture.catalog
        #expect(CatalogRules.violations(in: catalog) == [])
        let spring = catalog.offerCodes[0]
        catalog.offerCodes = (0...CatalogRules.maxActiveOffersPerSubscription).map { index in
            var offer = spring
            offer.id = "spring\(index)"
            offer.customCodes = ["SPRING\(index)"]
            return offer
        }
        catalog.offerCodes[0].redemptionLimit = CatalogRules.maxRedemptionsPerQuarter + 1
        #expect(CatalogRules.violations(in: catalog) == [
            .init(subject: .offerCodes(ofProduct: "pro.monthly"),
                  reason: #"subscription "pro.monthly" has 11 active offer-code offers; the App Store allows at most 10 per subscription"#),
            .init(subject: .allOfferCodes,
                  reason: "redemption limits (1000001) allow 1000001 redemptions in a quarter; the App Store allows at most 1,000,000 per app and quarter"),
        ])
    }

    @Test("lint refuses a catalog whose one-time codes of a quarter and redemption limits could pass 1,000,000 redemptions")
    func quarterlyLimit() {
        let limit = { (value: Int) in #""codes": {"custom": ["SPRINGTRAIL"]}, "redemptionLimit": \#(value)}, {"id": "b", "name": {"en": "B"}, "product": "alps", "eligibility": ["new"], "codes": {"oneTimeUse": {"created": "2026-11-01T00:00:00Z", "codes": ["A1", "A2"]}}}"# }
        #expect(problems(limit(999_998)) == [])
        #expect(problems(limit(999_999))
                == [#"$.offerCodes: one-time codes made in 2026 Q4 (2) and redemption limits (999999) allow 1000001 redemptions in a quarter; the App Store allows at most 1,000,000 per app and quarter"#])
        #expect(problems(#""codes": {"custom": ["SPRINGTRAIL"]}, "redemptionLimit": 1000000}, {"id": "b", "name": {"en": "B"}, "product": "alps", "eligibility": ["new"], "redemptionLimit": 1, "codes": {"custom": ["B1"]}}"#)
                == [#"$.offerCodes: redemption limits (1000001) allow 1000001 redemptions in a quarter; the App Store allows at most 1,000,000 per app and quarter"#])
        #expect(problems(#""codes": {"custom": ["SPRINGTRAIL"]}, "redemptionLimit": 0}"#)
                == [#"$.offerCodes[0].redemptionLimit: must be between 1 and 1,000,000 (the App Store's redemptions per app and quarter)"#])
    }
}

/// A code for the subscriber's own plan, redeemed while an introductory price still runs (issue 55, item 3).
@Suite("Offer codes and a running introductory price")
struct OfferCodeDuringIntroTests {
    @Test("an offer code for the plan one has, redeemed during an introductory price, starts at the next renewal and ends the introductory price there (forums 722812)")
    func codeStartsAtTheNextRenewal() throws {
        var store = OfferCodeTests.subscribed(to: "pro.monthly")          // $1.99 a month for three months
        let check = try store.checkOfferCode("LOYAL")
        #expect(check.effect == .nextRenewal(Fixture.date("2026-12-21T09:00:00Z")), "the next renewal, not after the intro")
        try store.redeemOfferCode("LOYAL")
        let charge = try #require(store.nextCharge(ofGroup: "plus"))
        #expect(charge.amount == 0, "the next charge is the code's free month")
        #expect(charge.bookedFrom == Fixture.date("2026-12-21T09:00:00Z"))
        store.advance(to: Fixture.date("2027-01-22T00:00:00Z"))
        let renewals = store.transactions.dropFirst().map { ($0.price, $0.offerKind) }
        #expect(renewals.map(\.0) == [0, Decimal(string: "4.99")!], "the introductory price does not come back")
        #expect(renewals.map(\.1) == [.code, nil])
    }

    @Test("with nothing running, a code for the subscriber's own plan applies from the next renewal")
    func codeAtNextRenewal() throws {
        var pro = OfferCodeTests.subscribed(to: "pro.monthly")
        pro.advance(to: Fixture.date("2027-02-22T00:00:00Z"))             // the intro is over
        #expect(try pro.checkOfferCode("LOYAL").effect == .nextRenewal(Fixture.date("2027-03-21T09:00:00Z")))
    }
}

@Suite("Offer codes redeemed in the App Store")
struct AppStoreRedemptionOrderTests {
    @Test("a code redeemed in the App Store before the next launch came first: the app refuses the same offer until then, and the launch delivers it")
    func appStoreRedemptionComesFirst() throws {
        var store = OfferCodeTests.store()
        store.queueAppStoreRedemption("SPRINGTRAIL")
        #expect(OfferCodeTests.refusal("springtrail", store) == .alreadyRedeemed)
        let pending = store.takePendingRedemptions()
        #expect(pending.map(\.code) == ["SPRINGTRAIL"])
        let redeemed = try store.redeemOfferCode(pending[0].code)
        #expect(redeemed.transactionID != nil)
    }
}
