@testable import CatalogFormats
import Foundation
@testable import StoreModel
import Testing

/// Every `.storekit` file Xcode opens (issue 56): shapes Xcode writes that storefront refused, and what
/// export wrote back wrongly. The fixtures (Tests/Fixtures/StoreKit/Glaze-*) are this project's own,
/// written in those shapes.
struct XcodeShapesTests {
    static func glaze(_ name: String) throws -> StoreKitConfiguration.Loaded {
        try CatalogFile.load(contentsOf: StoreKitConfigurationTests.folder.appendingPathComponent("Glaze-\(name).storekit"))
    }

    /// Exported, read again and exported again: the two exports are the same bytes.
    static func roundTrips(_ loaded: StoreKitConfiguration.Loaded) throws -> String {
        let first = StoreKitExport.export(loaded.catalog).text
        let again = try StoreKitConfiguration.load(Data(first.utf8), name: "again")
        #expect(StoreKitExport.export(again.catalog).text == first, "exporting the export is byte-identical")
        return first
    }

    @Test("a version 1.0 file without a top-level identifier (Xcode 12's format) opens, and its export gets one")
    func versionOneWithoutIdentifier() throws {
        let loaded = try Self.glaze("v1-no-identifier")
        #expect(loaded.catalog.product("glaze.book")?.price(in: loaded.catalog.territories[0]) == Decimal(string: "2.99"))
        #expect(!loaded.notes.contains { $0.reason.contains("identifier") && !$0.reason.hasPrefix("warning") })
        let exported = try Self.roundTrips(loaded)
        #expect(exported.contains("\"identifier\" : \""), "version 4 has an identifier: a stable one is made")
        #expect(StoreKitConfiguration.isConfiguration(try JSONValue.parse(Data(#"{"settings":{},"version":{"major":1,"minor":0},"products":[]}"#.utf8))))
        // From version 1.1 on, the identifier is required.
        #expect(throws: CatalogLoader.Failure.self) {
            try StoreKitConfiguration.load(Data(#"{"settings":{},"version":{"major":2,"minor":0},"products":[]}"#.utf8), name: "x")
        }
    }

    @Test("an empty displayPrice on a product or an introductory offer opens as free, with a warning naming each, and is written back empty")
    func emptyPrices() throws {
        let loaded = try Self.glaze("empty-prices")
        let usa = loaded.catalog.territories[0]
        #expect(loaded.catalog.product("glaze.sample")?.price(in: usa) == 0)
        let intro = try #require(loaded.catalog.product("glaze.studio.year")?.subscription?.introductoryOffer)
        #expect(intro.price(in: usa) == 0)
        let warnings = loaded.notes.filter { $0.reason.hasPrefix("warning: an empty displayPrice") }.map(\.path.description)
        #expect(warnings == ["$.products[0].displayPrice", "$.subscriptionGroups[0].subscriptions[0].introductoryOffer.displayPrice"])
        let exported = try Self.roundTrips(loaded)
        #expect(exported.components(separatedBy: "\"displayPrice\" : \"\"").count == 3, "both written back empty")
        // A paid one still has to be a price.
        #expect(throws: CatalogLoader.Failure.self) {
            try StoreKitConfiguration.load(Data(#"{"identifier":"A","settings":{},"version":{"major":4},"products":[{"type":"Consumable","productID":"p","displayPrice":"cheap"}]}"#.utf8), name: "x")
        }
    }

    @Test("version 5 billingPlans with only BILLED_UPFRONT, on a monthly subscription too, is the ordinary plan; only a MONTHLY plan needs a one-year subscription")
    func billedUpFrontOnly() throws {
        let loaded = try Self.glaze("v5-billed-upfront")
        let monthly = try #require(loaded.catalog.product("glaze.studio.month")?.subscription)
        #expect(monthly.monthlyPlan == nil)
        #expect(monthly.introductoryOffer?.paymentMode == .freeTrial)
        _ = try Self.roundTrips(loaded)
        let monthlyPlanOnMonthly = #"{"identifier":"A","settings":{},"version":{"major":5},"subscriptionGroups":[{"id":"g","subscriptions":[{"type":"RecurringSubscription","productID":"p","displayPrice":"1.00","groupNumber":1,"recurringSubscriptionPeriod":"P1M","billingPlans":[{"billingPlanType":"MONTHLY","displayPrice":"1.00"}]}]}]}"#
        do {
            _ = try StoreKitConfiguration.load(Data(monthlyPlanOnMonthly.utf8), name: "x")
            Issue.record("a MONTHLY plan on a monthly subscription cannot be simulated")
        } catch {
            #expect(error.problems.map(\.description).contains { $0.contains("a MONTHLY billing plan (monthly payments with a 12-month commitment) needs a one-year subscription") && $0.contains("Xcode offers the plan only on one-year subscriptions") })
        }
    }

    @Test("export keeps promotional offers that share an offerID across products apart: each keeps its own internal id and reference name")
    func sharedOfferIDs() throws {
        let loaded = try Self.glaze("v5-billed-upfront")
        #expect(loaded.catalog.product("glaze.studio.month")?.subscription?.promotionalOffers.first?.id == "stay")
        #expect(loaded.catalog.product("glaze.studio.year")?.subscription?.promotionalOffers.first?.id == "stay")
        let exported = try Self.roundTrips(loaded)
        let root = try JSONSerialization.jsonObject(with: Data(exported.utf8)) as! [String: Any]
        let subscriptions = ((root["subscriptionGroups"] as! [[String: Any]])[0]["subscriptions"] as! [[String: Any]])
        let offers = subscriptions.map { ($0["adHocOffers"] as! [[String: Any]])[0] }
        #expect(offers.map { $0["internalID"] as? String } == ["6A1B0221", "6A1B0222"])
        #expect(offers.map { $0["referenceName"] as? String } == ["Monthly stay", "Yearly stay"])
    }

    @Test("an empty localizations list is written back empty, and a numberOfPeriods Xcode writes on a free trial is kept")
    func emptyLocalizationsAndPeriods() throws {
        let loaded = try Self.glaze("v5-billed-upfront")
        #expect(loaded.catalog.product("glaze.studio.month")?.name["en-US"] == "Studio Monthly", "the store shows the reference name")
        let exported = try Self.roundTrips(loaded)
        let root = try JSONSerialization.jsonObject(with: Data(exported.utf8)) as! [String: Any]
        let subscriptions = ((root["subscriptionGroups"] as! [[String: Any]])[0]["subscriptions"] as! [[String: Any]])
        #expect((subscriptions[0]["localizations"] as? [Any])?.isEmpty == true)
        let intro = (subscriptions[0]["introductoryOffers"] as! [[String: Any]])[0]
        #expect(intro["paymentMode"] as? String == "free")
        #expect(intro["numberOfPeriods"] as? Int == 1)
    }

    @Test("shapes Xcode writes that storefront can simulate are warnings, not errors: an unknown time rate, locale or code-offer eligibility, a shared consumable, a mismatched group id, a repeated offer id")
    func xcodeShapesAreWarnings() throws {
        let file = #"""
        {"identifier":"A","settings":{"_timeRate":7,"_locale":"xx_YY"},"version":{"major":4},
         "products":[{"type":"Consumable","productID":"boost","displayPrice":"0.99","familyShareable":true,"referenceName":"Boost"}],
         "subscriptionGroups":[{"id":"g","name":"G","subscriptions":[{"type":"RecurringSubscription","productID":"s","displayPrice":"4.99",
           "groupNumber":1,"recurringSubscriptionPeriod":"P1M","subscriptionGroupID":"other","referenceName":"S",
           "adHocOffers":[{"offerID":"o","paymentMode":"free","subscriptionPeriod":"P1M"},{"offerID":"o","paymentMode":"free","subscriptionPeriod":"P1W"}],
           "codeOffers":[{"referenceName":"Gift","paymentMode":"free","subscriptionPeriod":"P1M","eligibility":["new","someday"]}]}]}]}
        """#
        let loaded = try StoreKitConfiguration.load(Data(file.utf8), name: "Shapes")
        let warnings = loaded.notes.filter { $0.reason.hasPrefix("warning:") }.map(\.path.description)
        for path in ["$.settings._timeRate", "$.settings._locale", "$.products[0].familyShareable",
                     "$.subscriptionGroups[0].subscriptions[0].subscriptionGroupID",
                     "$.subscriptionGroups[0].subscriptions[0].adHocOffers[1].offerID",
                     "$.subscriptionGroups[0].subscriptions[0].codeOffers[0].eligibility[1]"] {
            #expect(warnings.contains(path), "\(path) in \(warnings)")
        }
        #expect(loaded.catalog.product("boost")?.familyShareable == false, "sold unshared")
        #expect(loaded.catalog.product("s")?.subscription?.groupID == "g", "the list it is in is its group")
        #expect(loaded.catalog.product("s")?.subscription?.promotionalOffers.map(\.period) == [.oneMonth], "the first of the repeated id")
        #expect(!loaded.settings.contains { if case .timeRate = $0 { true } else { false } }, "real time")
    }

    @Test("the saving on a longer plan is measured against the cheapest monthly plan of the same level, not the first in file order")
    func savingAgainstTheCheapestMonthly() throws {
        // A $49.99 monthly listed before a $4.99 one, and a $39.99 annual: 33% saved against $4.99, not 93%.
        let file = #"""
        {"identifier":"A","settings":{},"version":{"major":4},"subscriptionGroups":[{"id":"g","name":"G","subscriptions":[
          {"type":"RecurringSubscription","productID":"pro.monthly.team","displayPrice":"49.99","groupNumber":1,"recurringSubscriptionPeriod":"P1M","referenceName":"Team"},
          {"type":"RecurringSubscription","productID":"pro.monthly","displayPrice":"4.99","groupNumber":1,"recurringSubscriptionPeriod":"P1M","referenceName":"Monthly"},
          {"type":"RecurringSubscription","productID":"pro.annual","displayPrice":"39.99","groupNumber":1,"recurringSubscriptionPeriod":"P1Y","referenceName":"Annual"}]}]}
        """#
        let catalog = try StoreKitConfiguration.load(Data(file.utf8), name: "Saving").catalog
        let annual = try #require(catalog.product("pro.annual"))
        let saving = try #require(catalog.savingsAgainstMonthly(of: annual, in: catalog.territories[0]))
        #expect(PriceFormatter(locale: Locale(identifier: "en_US")).percent(saving) == "33%")
    }

    @Test("a file's promotional offers reach the subscribers they are for: the retention pitch offers them, as a catalog's retention offers")
    func promotionalOffersAreRetentionOffers() throws {
        let catalog = try Self.glaze("v5-billed-upfront").catalog
        let offer = try #require(catalog.product("glaze.studio.month")?.subscription?.promotionalOffers.first)
        #expect(offer.purpose == .retention)
        var store = AppStore(catalog: catalog, territory: catalog.territories[0], now: Date(timeIntervalSince1970: 1_795_000_000))
        store.purchase("glaze.studio.month")
        #expect(store.retentionOffer(forGroup: "6A1B0210")?.id == "stay")
    }
}
