@testable import CatalogFormats
import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// A broken catalog is refused with the JSON path and the reason of every problem, never a crash.
@Suite("Catalog loading")
struct CatalogLoaderTests: CatalogProblemChecks {
    @Test("the test fixture itself has no problems")
    func fixtureIsClean() {
        #expect(problems(in: Fixture.json) == [])
        #expect(Fixture.catalog.products.count == 9)
    }

    @Test("the bundled SampleCatalog.json has no problems")
    func sampleCatalogIsClean() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("SampleCatalog.json")
        let catalog = try CatalogLoader.load(contentsOf: url)
        for type in ProductType.allCases { #expect(!catalog.products(ofType: type).isEmpty, "no \(type) in the sample") }
        #expect(catalog.territories.count >= 8)
    }

    @Test("bad JSON is reported at the root with the parser's reason")
    func badJSON() {
        let found = problems(in: "{\"app\": [1, 2,, }")
        #expect(found == ["$: not valid JSON: line 1, column 15: expected a JSON value, found ','"])
    }

    @Test("an empty file is bad JSON, not a crash")
    func emptyFile() {
        #expect(problems(in: "").first?.hasPrefix("$: not valid JSON") == true)
    }

    @Test("a missing required field names the object that lacks it")
    func missingField() {
        let found = problems(replacing: #""name": {"en": "Alps Maps"}, "#, with: "")
        #expect(found == [#"$.products[1]: missing required field "name""#])
    }

    @Test("an unknown product type lists the known ones")
    func unknownType() {
        let found = problems(replacing: #""type": "nonRenewing""#, with: #""type": "seasonPass""#)
        #expect(found.contains(#"$.products[2].type: unknown product type "seasonPass"; expected one of consumable, nonConsumable, autoRenewable, nonRenewing"#))
    }

    @Test("a price that is not a decimal is refused with its territory in the path")
    func priceNotDecimal() {
        let found = problems(replacing: #""DEU": "5.99""#, with: #""DEU": "5,99""#)
        #expect(found == [#"$.products[1].prices.DEU: "5,99" is not a decimal price; write it like "4.99""#])
    }

    @Test("a price written as a JSON number is refused: prices must be exact")
    func priceAsNumber() {
        let found = problems(replacing: #""DEU": "5.99""#, with: #""DEU": 5.99"#)
        #expect(found == [#"$.products[1].prices.DEU: write prices as strings, like "4.99", so they are exact decimals"#])
    }

    @Test("a price in a territory the catalog does not declare is refused")
    func undeclaredTerritory() {
        let found = problems(replacing: #""GBR": "4.99""#, with: #""XYZ": "4.99""#)
        #expect(found == [#"$.products[1].prices.XYZ: territory "XYZ" is not declared in $.territories"#])
    }

    @Test("a duplicate product id names both places")
    func duplicateProductID() {
        let found = problems(replacing: #""id": "pass""#, with: #""id": "alps""#)
        #expect(found == [#"$.products[2].id: duplicate product id "alps" (first at $.products[1].id)"#])
    }

    @Test("a custom offer code with non-ASCII characters is refused (HIG: alphanumeric ASCII only)")
    func nonASCIICustomCode() {
        let found = problems(replacing: #""custom": ["SPRINGTRAIL"]"#, with: #""custom": ["PRINTEMPSÉTÉ"]"#)
        #expect(found == [#"$.offerCodes[0].codes.custom[0]: custom code "PRINTEMPSÉTÉ" may contain only ASCII letters and digits"#])
    }

    @Test("a custom offer code with punctuation or CJK characters is refused")
    func punctuationAndCJKCodes() {
        let found = problems(replacing: #""custom": ["SPRINGTRAIL"]"#, with: #""custom": ["SPRING-SALE", "春セール"]"#)
        #expect(found.count == 2)
        #expect(found.allSatisfy { $0.contains("may contain only ASCII letters and digits") })
    }

    @Test("more than 10 active offer-code offers on one subscription are refused")
    func tooManyActiveOffers() {
        let offer = { (index: Int, active: Bool) in
            #"{"id": "o\#(index)", "name": {"en": "O"}, "product": "pro.annual", "paymentMode": "freeTrial", "period": "P1M", "eligibility": ["new"], "active": \#(active), "codes": {"custom": ["CODE\#(index)"]}}"#
        }
        let ten = (1...10).map { offer($0, true) }.joined(separator: ",")
        let eleven = (1...11).map { offer($0, true) }.joined(separator: ",")
        let tenAndInactive = ten + "," + offer(11, false)
        let marker = #"{"id": "spring""#
        func with(_ list: String) -> [String] {
            problems(in: Fixture.json.replacingOccurrences(of: marker, with: list + "," + marker))
        }
        #expect(with(ten) == [])
        #expect(with(tenAndInactive) == [])
        #expect(with(eleven) == [#"$.offerCodes: subscription "pro.annual" has 11 active offer-code offers; the App Store allows at most 10 per subscription"#])
    }

    @Test("every problem is reported, not only the first")
    func allProblemsReported() {
        let broken = Fixture.json
            .replacingOccurrences(of: #""DEU": "5.99""#, with: #""DEU": "five""#)
            .replacingOccurrences(of: #""type": "nonRenewing""#, with: #""type": "pass""#)
            .replacingOccurrences(of: #""period": "P6M""#, with: #""period": "P5M""#)
        let found = problems(in: broken)
        #expect(found.count == 3)
        #expect(found.contains { $0.hasPrefix("$.products[1].prices.DEU:") })
        #expect(found.contains { $0.hasPrefix("$.products[2].type:") })
        #expect(found.contains { $0.hasPrefix("$.products[5].period: P5M is not an App Store renewal period") })
    }

    @Test("a wrong type says what was expected and what was found")
    func wrongType() {
        let found = problems(replacing: #""maxQuantity": 5"#, with: #""maxQuantity": "five""#)
        #expect(found == ["$.products[0].maxQuantity: expected a whole number, found a string"])
    }

    @Test("a subscription naming an unknown group is refused")
    func unknownGroup() {
        let found = problems(replacing: #""group": "news""#, with: #""group": "sports""#)
        #expect(found == [#"$.products[8].group: no subscription group "sports" in $.subscriptionGroups"#])
    }

    @Test("territory codes must be ISO 3166 alpha-3 and currencies ISO 4217")
    func territoryCodes() {
        let found = problems(replacing: #"{"code": "GBR", "currency": "GBP", "locale": "en_GB"}"#,
                             with: #"{"code": "GB", "currency": "XXQ", "locale": "en_GB"}"#)
        #expect(found.contains(#"$.territories[3].code: "GB" is not an ISO 3166 alpha-3 territory code like "USA" or "JPN""#))
        #expect(found.contains(#"$.territories[3].currency: "XXQ" is not an ISO 4217 currency code like "USD" or "EUR""#))
    }

    @Test("offer codes may apply to every product type: consumables, non-consumables and non-renewing subscriptions too")
    func offerCodesForEveryProductType() throws {
        // A one-time product's offer is the item, free or at `prices`: no payment mode or period.
        let oneTime = { (product: String) in
            Fixture.json.replacingOccurrences(of: #""product": "pro.monthly", "paymentMode": "freeTrial", "period": "P1M","#,
                                              with: #""product": "\#(product)", "prices": {"USA": "0.49"},"#)
        }
        for productID in ["boost", "alps", "pass"] {
            #expect(problems(in: oneTime(productID)) == [], "\(productID)")
        }
        let catalog = try CatalogLoader.load(Data(oneTime("boost").utf8))
        #expect(catalog.offerCodes.first?.productID == "boost")
        #expect(catalog.offerCodes.first?.offer == nil)
        #expect(catalog.offerCodes.first?.itemPrice(in: catalog.territory("USA")!) == Decimal(string: "0.49"))
        #expect(catalog.offerCodes.first?.itemPrice(in: catalog.territory("JPN")!) == nil)
        #expect(problems(replacing: #""product": "pro.monthly""#, with: #""product": "gems""#)
                == [#"$.offerCodes[0].product: no product "gems" in $.products"#])
    }

    @Test("a one-time product's offer code has no payment mode or period: only a subscription's offer has them")
    func oneTimeOfferHasNoPaymentMode() {
        let found = problems(replacing: #""product": "pro.monthly""#, with: #""product": "alps""#)
        #expect(found == [#"$.offerCodes[0].paymentMode: only a subscription's offer has paymentMode; a code for a one-time product gives it free, or at "prices""#,
                          #"$.offerCodes[0].period: only a subscription's offer has period; a code for a one-time product gives it free, or at "prices""#])
    }

    @Test("an expiry that is not an ISO 8601 date-time is refused")
    func badExpiry() {
        let found = problems(replacing: #""2027-06-30T23:59:59Z""#, with: #""30/06/2027""#)
        #expect(found == [#"$.offerCodes[0].expires: "30/06/2027" is not an ISO 8601 date-time like "2027-01-31T00:00:00Z""#])
    }

    @Test("a name without the default language is refused, since it is the last fallback")
    func missingDefaultLanguage() {
        let found = problems(replacing: #""name": {"en": "Boost", "ja": "ブースト"}"#, with: #""name": {"ja": "ブースト"}"#)
        #expect(found == [#"$.products[0].name: has no "en" text, the catalog's default language"#])
    }

    @Test("a missing catalog file is a clear problem")
    func missingFile() {
        #expect(throws: CatalogLoader.Failure.self) {
            try CatalogLoader.load(contentsOf: URL(fileURLWithPath: "/nonexistent/catalog.json"))
        }
        do {
            _ = try CatalogLoader.load(contentsOf: URL(fileURLWithPath: "/nonexistent/catalog.json"))
        } catch {
            #expect(error.problems.map(\.description) == ["$: no catalog file at /nonexistent/catalog.json"])
        }
    }

    @Test("JSON paths quote keys that are not plain identifiers")
    func pathQuoting() {
        let path = JSONPath.root.appending("products").appending(2).appending("name").appending("pt-BR")
        #expect(path.description == #"$.products[2].name["pt-BR"]"#)
    }
}

extension CatalogLoaderTests {
    static let annual = #""period": "P1Y", "prices": {"USA": "29.99", "DEU": "29.99", "JPN": "4800"},"#

    @Test("billingPlans: a one-year subscription's monthly plan is read with its monthly prices and its own introductory offer")
    func billingPlanRead() throws {
        let json = Fixture.json.replacingOccurrences(of: Self.annual, with: Self.annual
            + #" "billingPlans": [{"billingPlanType": "monthly", "prices": {"DEU": "2.99"}, "introductoryOffer": {"paymentMode": "freeTrial", "period": "P1W"}}],"#)
        let catalog = try CatalogLoader.load(Data(json.utf8))
        let plan = try #require(catalog.product("pro.annual")?.subscription?.monthlyPlan)
        #expect(plan.prices == ["DEU": Decimal(string: "2.99")!])
        #expect(plan.introductoryOffer?.paymentMode == .freeTrial)
        #expect(plan.commitmentPrice(in: catalog.territory("DEU")!) == Decimal(string: "35.88"))
    }

    @Test("billingPlans: only on one-year subscriptions, only the monthly plan, once, with known keys")
    func billingPlanProblems() {
        #expect(problems(replacing: #""period": "P1M", "prices": {"USA": "1.99", "JPN": "300"}"#,
                         with: #""period": "P1M", "prices": {"USA": "1.99", "JPN": "300"}, "billingPlans": [{"billingPlanType": "monthly", "prices": {"JPN": "300"}}]"#)
                == [#"$.products[7].billingPlans: only one-year subscriptions have billing plans (monthly payments with a 12-month commitment); this one renews every P1M"#])
        let found = problems(replacing: Self.annual, with: Self.annual + #" "billingPlans": [{"billingPlanType": "billedUpFront", "prices": {"DEU": "2.99"}}, {"billingPlanType": "monthly", "prices": {"DEU": "2.99"}, "total": 1}],"#)
        #expect(found.contains { $0.hasPrefix("$.products[6].billingPlans[0].billingPlanType: billed up front is the subscription's own") })
        #expect(found.contains { $0.hasPrefix("$.products[6].billingPlans[1].total:") })
        #expect(problems(replacing: #""type": "nonConsumable","#, with: #""type": "nonConsumable", "billingPlans": [],"#)
                == [#"$.products[1].billingPlans: only auto-renewable subscriptions have "billingPlans""#])
    }
}
