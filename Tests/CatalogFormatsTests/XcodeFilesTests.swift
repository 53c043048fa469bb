@testable import CatalogFormats
import Foundation
@testable import StoreModel
import Testing

/// `.storekit` files as app teams keep them (issue 32): empty names, a newer Xcode's keys, version 5's
/// lists, win-back offers, code offers' ids, and an export that keeps what the format holds. The fixtures
/// (Tests/Fixtures/StoreKit/Kiln-v4 and Kiln-v5) are this project's own, written in Xcode's shapes.
struct XcodeFilesTests {
    static func kiln(_ version: Int) throws -> StoreKitConfiguration.Loaded {
        try CatalogFile.load(contentsOf: StoreKitConfigurationTests.folder.appendingPathComponent("Kiln-v\(version).storekit"))
    }

    static func load(_ text: String) throws -> StoreKitConfiguration.Loaded {
        try StoreKitConfiguration.load(Data(text.utf8), name: "Kiln")
    }

    @Test("an empty or missing display name or description reads as the reference name, with a warning, and is written back empty")
    func emptyNames() throws {
        let loaded = try Self.kiln(4)
        let catalog = loaded.catalog
        #expect(catalog.product("kiln.glazes")?.name["en-US"] == "Glaze Pack")
        #expect(catalog.product("kiln.glazes")?.description["en-US"] == "Glaze Pack")
        #expect(catalog.product("kiln.glazes")?.name["de-DE"] == "Glasurpaket")
        #expect(catalog.product("kiln.clay")?.name["en-US"] == "Clay Bag", "a missing displayName, too")
        #expect(catalog.group("5C200001")?.name["en-US"] == "Kiln Studio", "a group's empty display name is its reference name")
        let notes = loaded.notes.map(\.description)
        #expect(notes.contains { $0.hasPrefix("$.products[0].localizations[0].displayName: warning: displayName is empty or missing") })
        #expect(notes.contains { $0.hasPrefix("$.products[1].localizations[0].displayName: warning:") })
        let exported = StoreKitExport.export(catalog).text
        #expect(!exported.contains("\"displayName\" : \"Glaze Pack\""), "the filled-in name is written back empty, as the file had it")
        #expect(exported.contains("\"displayName\" : \"Glasurpaket\""))
    }

    @Test("keys a newer Xcode adds are listed as ignored and never stop a file from opening")
    func unknownKeys() throws {
        let loaded = try Self.kiln(4)
        let ignored = loaded.ignoredKeys.map(\.path.description)
        #expect(ignored.contains("$.settings._kilnPreviewFeature"))
        #expect(ignored.contains("$.products[1]._firingNotes"))
        let newer = try Self.load(#"{"identifier":"A","settings":{"_newSwitch":true},"version":{"major":6,"minor":1},"futureRootList":[],"products":[{"type":"Consumable","productID":"p","displayPrice":"1.00","futureKey":{"a":1},"localizations":[{"locale":"en_US","displayName":"P","description":"","tone":"warm"}]}]}"#)
        #expect(newer.catalog.product("p") != nil)
        #expect(Set(newer.ignoredKeys.map(\.path.description)) == ["$.futureRootList", "$.settings._newSwitch", "$.products[0].futureKey", "$.products[0].localizations[0].tone"])
    }

    @Test("version 5's introductoryOffers is read, preferred over the legacy introductoryOffer; the offer billed up front is the subscription's")
    func introductoryOffers() throws {
        let catalog = try Self.kiln(5).catalog
        let intro = try #require(catalog.product("kiln.studio.yearly")?.subscription?.introductoryOffer)
        #expect(intro.paymentMode == .freeTrial && intro.period == SubscriptionPeriod(value: 2, unit: .week))
        let both = try Self.load(#"{"identifier":"A","settings":{},"version":{"major":5},"subscriptionGroups":[{"id":"g","subscriptions":[{"type":"RecurringSubscription","productID":"p","displayPrice":"1.00","groupNumber":1,"recurringSubscriptionPeriod":"P1M","introductoryOffer":{"paymentMode":"free","subscriptionPeriod":"P1W"},"introductoryOffers":[{"billingPlanType":"BILLED_UPFRONT","paymentMode":"free","subscriptionPeriod":"P1M"}]}]}]}"#)
        #expect(both.catalog.product("p")?.subscription?.introductoryOffer?.period == .oneMonth)
        #expect(both.notes.contains { $0.description.hasPrefix("$.subscriptionGroups[0].subscriptions[0].introductoryOffer: ignored: introductoryOffers") })
    }

    @Test("_compatibilityTimeRate gives the time rate when there is no _timeRate: the newest version's entry")
    func compatibilityTimeRate() throws {
        #expect(try Self.kiln(4).settings.contains(.timeRate(.oneRenewalEveryTenSeconds)))
        let both = try Self.load(#"{"identifier":"A","settings":{"_timeRate":1002,"_compatibilityTimeRate":{"3":6}},"version":{"major":4}}"#)
        #expect(both.settings == [.timeRate(.oneRenewalEveryMinute)], "storefront reads every rate: _timeRate wins")
        let number = try Self.load(#"{"identifier":"A","settings":{"_compatibilityTimeRate":1},"version":{"major":4}}"#)
        #expect(number.settings.isEmpty, "Xcode skips a bare number")
        #expect(number.notes.contains { $0.description.hasPrefix("$.settings._compatibilityTimeRate: ignored, kept for export") })
    }

    @Test("appPolicies: the privacy policy is the app language's URL; a EULA or policy written as text is kept for export")
    func appPolicies() throws {
        let v4 = try Self.kiln(4)
        #expect(v4.catalog.app.privacyPolicyURL == "https://kiln.example.com/privacy", "en_US, the app's language, not de_DE listed first")
        #expect(v4.notes.contains { $0.description.hasPrefix("$.appPolicies.policies[1].policyText: kept for export") })
        #expect(try Self.kiln(5).catalog.app.termsOfServiceURL == "https://kiln.example.com/terms")
        #expect(StoreKitExport.export(v4.catalog).text.contains("We keep your glaze recipes on your device."))
    }

    @Test("an Xcode win-back offer switched on is offered right after the subscription expires; one switched off never is")
    func winBackOffers() throws {
        let catalog = try Self.kiln(4).catalog
        let offers = try #require(catalog.product("kiln.studio.monthly")?.subscription?.winBackOffers)
        #expect(offers.map(\.id) == ["kiln.back.free", "kiln.back.paid"])
        #expect(offers[1].offer.paymentMode == .payAsYouGo && offers[1].offer.periodCount == 2
                && offers[1].offer.price(in: catalog.territories[0]) == Decimal(string: "1.99"))
        var store = AppStore(catalog: catalog, territory: catalog.territories[0], now: Date(timeIntervalSince1970: 1_800_000_000))
        guard case .purchased = store.purchase("kiln.studio.monthly") else { Issue.record("the subscription should be bought"); return }
        #expect(store.winBackOffer(forGroup: "5C200001", lastProductID: "kiln.studio.monthly") == nil, "a subscriber gets none")
        store.setAutoRenew(false, group: "5C200001")
        store.advance(by: SubscriptionPeriod(value: 32, unit: .day))
        #expect(store.winBackOffer(forGroup: "5C200001", lastProductID: "kiln.studio.monthly")?.offer.id == "kiln.back.free")
        guard case .purchased(let bought) = store.purchase("kiln.studio.monthly", promotionalOffer: "kiln.back.paid") else {
            Issue.record("the paid win-back offer should be redeemable"); return
        }
        #expect(bought.offerKind == .winBack && bought.offerID == "kiln.back.paid" && bought.price == Decimal(string: "1.99"))
        #expect(throws: PurchaseError.self) { _ = try store.quote("kiln.studio.monthly", promotionalOffer: "kiln.back.off") }
    }

    @Test("a code offer of a .storekit file records its reference name as the transaction's offer id")
    func codeOfferID() throws {
        let catalog = try Self.kiln(4).catalog
        #expect(catalog.offerCodes.map(\.id) == ["Open Studio Week"])
        var store = AppStore(catalog: catalog, territory: catalog.territories[0], now: Date(timeIntervalSince1970: 1_800_000_000))
        _ = try store.redeemOfferCode("OPENSTUDIOWEEK")
        let transaction = try #require(store.transactions.last)
        #expect(transaction.offerKind == .code && transaction.offerID == "Open Studio Week")
        // Two code offers with one reference name: the second is told by its internal id, with a warning.
        let twice = try Self.load(#"{"identifier":"A","settings":{},"version":{"major":4},"subscriptionGroups":[{"id":"g","subscriptions":[{"type":"RecurringSubscription","productID":"p","displayPrice":"1.00","groupNumber":1,"recurringSubscriptionPeriod":"P1M","codeOffers":[{"internalID":"1","referenceName":"Fall","paymentMode":"free","subscriptionPeriod":"P1M"},{"internalID":"2","referenceName":"Fall","paymentMode":"free","subscriptionPeriod":"P1W"}]}]}]}"#)
        #expect(twice.catalog.offerCodes.map(\.id) == ["Fall", "2"])
    }

    @Test("export writes a JSON catalog's win-back offers in Xcode's shape and names their eligibility rules as dropped")
    func exportWinBack() throws {
        let url = StoreKitConfigurationTests.folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SampleCatalog.json")
        let catalog = try CatalogLoader.load(contentsOf: url)
        let withWinBack = try #require(catalog.products.first { !($0.subscription?.winBackOffers.isEmpty ?? true) })
        let offer = try #require(withWinBack.subscription?.winBackOffers.first)
        let result = StoreKitExport.export(catalog)
        #expect(result.text.contains("\"offerID\" : \"\(offer.id)\""))
        #expect(result.dropped.contains { $0.contains("win-back offer \"\(offer.id)\"'s eligibility") })
        let again = try StoreKitConfiguration.load(Data(result.text.utf8), name: "Sample").catalog
        #expect(again.product(withWinBack.id)?.subscription?.winBackOffers.map(\.id) == withWinBack.subscription?.winBackOffers.map(\.id))
    }

    @Test("export never writes placeholder text into a URL field")
    func exportURLs() throws {
        // Version 1 has no appPolicies: the catalog's privacy policy reads "not set in …".
        let v1 = try StoreKitConfigurationTests.fixture(1).catalog
        #expect(v1.app.privacyPolicyURL.hasPrefix("not set in"))
        let text = StoreKitExport.export(v1).text
        #expect(!text.contains("not set in"))
        #expect(text.contains("\"policyURL\" : \"\""))
    }

    @Test("round trip: our own files (empty names, win-back offers, version 5 billing plans and introductoryOffers, _storeKitErrors) are written back with nothing dropped", arguments: [4, 5])
    func roundTrip(_ version: Int) throws {
        let url = StoreKitConfigurationTests.folder.appendingPathComponent("Kiln-v\(version).storekit")
        let original = try JSONValue.parse(Data(contentsOf: url))
        let exported = StoreKitExport.export(try Self.kiln(version).catalog)
        // Only the key storefront does not read (a newer Xcode's) is dropped, and named.
        #expect(exported.dropped == (version == 4 ? ["$.products[1]._firingNotes: ignored when the file was read (lint says why)"] : []))
        let written = try JSONValue.parse(Data(exported.text.utf8))
        #expect(StoreKitConfigurationTests.normalized(written) == StoreKitConfigurationTests.normalized(Self.withoutUnknownKeys(original)))
        let again = StoreKitExport.export(try StoreKitConfiguration.load(Data(exported.text.utf8), name: "Kiln-v\(version)").catalog)
        #expect(again.text == exported.text)
    }

    /// The fixture without the keys storefront ignores (a newer Xcode's, which export does not write),
    /// and with a localization's missing text as the empty one export writes (Xcode reads both alike).
    static func withoutUnknownKeys(_ value: JSONValue) -> JSONValue {
        func filled(_ value: JSONValue) -> JSONValue {
            switch value {
            case .array(let items): return .array(items.map(filled))
            case .object(var object):
                if object["locale"] != nil, object["policyURL"] == nil {
                    for key in ["displayName", "description"] where object[key] == nil { object.members.append(.init(key: key, value: .string(""))) }
                }
                return .object(JSONObject(object.members.map { .init(key: $0.key, value: filled($0.value)) }))
            default: return value
            }
        }
        return filled(StoreKitConfigurationTests.strip(value, keys: ["_firingNotes"]))
    }
}

extension XcodeFilesTests {
    @Test("version 5 billingPlans: an enabled MONTHLY plan is the subscription's monthly plan at its displayPrice, with the MONTHLY introductory offer; broken shapes are problems")
    func billingPlans() throws {
        let v5 = try Self.kiln(5)
        let germany = v5.catalog.territories[0]
        let info = try #require(v5.catalog.product("kiln.studio.yearly")?.subscription)
        let plan = try #require(info.monthlyPlan, "the enabled MONTHLY plan is sold")
        #expect(plan.monthlyPrice(in: germany) == Decimal(string: "5.99"))
        #expect(plan.commitmentPrice(in: germany) == Decimal(string: "71.88"), "commitmentDisplayPrice is twelve payments")
        #expect(plan.introductoryOffer?.paymentMode == .payAsYouGo && plan.introductoryOffer?.periodCount == 2, "the MONTHLY introductory offer belongs to the plan")
        #expect(info.introductoryOffer?.paymentMode == .freeTrial, "the BILLED_UPFRONT one is the subscription's")
        #expect(!v5.notes.contains { $0.description.contains("not sold") })
        #expect(v5.catalog.product("kiln.studio.yearly")?.price(in: v5.catalog.territories[0]) == Decimal(string: "59.99"))
        // _storefront is the territory (its currency), _locale the language; _disableDialogs is kept for export.
        #expect(v5.catalog.territories.map(\.code) == ["DEU"] && v5.catalog.territories[0].currency == "EUR")
        #expect(v5.catalog.app.defaultLanguage == "en-US")
        #expect(v5.notes.contains { $0.description.hasPrefix("$.settings._disableDialogs: kept for export; Xcode's switch suppresses") })
        let broken = #"{"identifier":"A","settings":{},"version":{"major":5},"subscriptionGroups":[{"id":"g","subscriptions":[{"type":"RecurringSubscription","productID":"p","displayPrice":"1.00","groupNumber":1,"recurringSubscriptionPeriod":"P1Y","billingPlans":[{"billingPlanType":"WEEKLY","displayPrice":"1.00"},{"billingPlanType":"MONTHLY","displayPrice":"cheap"}]}]}]}"#
        do {
            _ = try Self.load(broken)
            Issue.record("a broken billing plan should be a problem")
        } catch let failure as CatalogLoader.Failure {
            let problems = failure.problems.map(\.description)
            #expect(problems.contains { $0.hasPrefix("$.subscriptionGroups[0].subscriptions[0].billingPlans[0].billingPlanType: unknown billing plan \"WEEKLY\"") })
            #expect(problems.contains { $0.hasPrefix("$.subscriptionGroups[0].subscriptions[0].billingPlans[1].displayPrice: \"cheap\" is not a price") })
        }
    }
}

extension XcodeFilesTests {
    @Test("a MONTHLY plan switched off is kept for export only; a commitmentDisplayPrice that is not twelve payments gets a warning")
    func billingPlanNotes() throws {
        func file(_ plan: String) -> String {
            #"{"identifier":"A","settings":{"_storefront":"DEU"},"version":{"major":5},"subscriptionGroups":[{"id":"g","subscriptions":[{"type":"RecurringSubscription","productID":"p","displayPrice":"50.00","groupNumber":1,"recurringSubscriptionPeriod":"P1Y","billingPlans":["# + plan + "]}]}]}"
        }
        let off = try Self.load(file(#"{"billingPlanType":"MONTHLY","displayPrice":"4.99","commitmentDisplayPrice":"59.88","isEnabled":false}"#))
        #expect(off.catalog.product("p")?.subscription?.monthlyPlan == nil)
        #expect(off.notes.contains { $0.description.hasPrefix("$.subscriptionGroups[0].subscriptions[0].billingPlans[0]: kept for export, not sold") })
        #expect(StoreKitExport.export(off.catalog).text.contains("\"isEnabled\" : false"), "written back as the file had it")
        let odd = try Self.load(file(#"{"billingPlanType":"MONTHLY","displayPrice":"4.99","commitmentDisplayPrice":"50.00"}"#))
        #expect(odd.notes.contains { $0.description.hasPrefix("$.subscriptionGroups[0].subscriptions[0].billingPlans[0].commitmentDisplayPrice: warning: \"50.00\" is not 12 × the displayPrice") })
    }

    @Test("a JSON catalog's monthly plan is exported as version 5 billingPlans, BILLED_UPFRONT and MONTHLY with the commitment's total")
    func exportJSONPlan() throws {
        let catalog = try CatalogLoader.load(Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("SampleCatalog.json")))
        let exported = StoreKitExport.export(catalog, territory: "DEU")
        let back = try StoreKitConfiguration.load(Data(exported.text.utf8), name: "Trailhead").catalog
        let germany = try #require(back.territory("DEU"))
        let plan = try #require(back.product("com.trailhead.plus.pro.annual")?.subscription?.monthlyPlan)
        #expect(plan.monthlyPrice(in: germany) == Decimal(string: "3.49"))
        #expect(exported.text.contains("\"commitmentDisplayPrice\" : \"41.88\""))
        #expect(exported.text.contains("\"major\" : 5"))
    }
}
