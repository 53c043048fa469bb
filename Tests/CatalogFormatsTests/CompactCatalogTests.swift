@testable import CatalogFormats
import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// The catalog's compact storage (issue 9: 100,000 products in 150 MB) keeps the model's API: texts,
/// prices and subscriptions read back as they were written, and a mapped file reads like bytes in memory.
@Suite("Compact catalog storage")
struct CompactCatalogTests {
    @Test("a localized text gives back its translations, whatever their order or length")
    func localizedRoundTrip() {
        let long = String(repeating: "ü", count: 300)
        let translations = ["en": "Boost", "pt-BR": "Impulso", "ja": "ブースト", "de": long, "": "empty key"]
        let text = LocalizedText(translations)
        #expect(text.translations == translations)
        #expect(text["pt-BR"] == "Impulso" && text["de"] == long && text["fr"] == nil)
        #expect(text.resolved(for: Locale(identifier: "pt_BR"), fallback: "en") == "Impulso")
        #expect(text.resolved(for: Locale(identifier: "fr_FR"), fallback: "en") == "Boost")
        #expect(text == LocalizedText(translations))
        #expect(text.translations(longerThan: 12).map(\.language) == ["de"])
        var changed = text
        changed.translations["en"] = "Renamed"
        #expect(changed["en"] == "Renamed" && text["en"] == "Boost")
    }

    @Test("a language is found as Swift compares strings: canonically equal spellings match")
    func canonicalLanguage() {
        let text = LocalizedText(["caf\u{E9}": "precomposed"])
        #expect(text["cafe\u{301}"] == "precomposed")
    }

    @Test("prices read compactly give back the same Decimals, and can be replaced")
    func pricesRoundTrip() throws {
        let catalog = try CatalogLoader.load(Data(Fixture.json.utf8))
        let usa = try #require(catalog.territory("USA"))
        var alps = try #require(catalog.product("alps"))
        #expect(alps.prices == ["USA": Decimal(string: "4.99")!, "DEU": Decimal(string: "5.99")!,
                                "JPN": Decimal(800), "GBR": Decimal(string: "4.99")!])
        #expect(alps.price(in: usa) == Decimal(string: "4.99"))
        alps.prices["USA"] = Decimal(string: "3.49")
        #expect(alps.price(in: usa) == Decimal(string: "3.49"))
        #expect(alps.prices.count == 4)
        let pro = try #require(catalog.product("pro.monthly")?.subscription)
        #expect(pro.introductoryOffer?.price(in: usa) == Decimal(string: "1.99"))
        #expect(pro.promotionalOffers.map { $0.price(in: usa) } == [Decimal(string: "2.49")])
        #expect(pro.winBackOffers.map { $0.offer.price(in: usa) } == [Decimal(string: "5.99")])
    }

    @Test("a mapped catalog file reads as the same catalog, and its problems keep their places")
    func mappedFile() throws {
        let folder = ScratchFolder.make("compact")
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("good.json")
        try Data(Fixture.json.utf8).write(to: good)
        let mapped = try CatalogLoader.load(contentsOf: good, mappingFrom: 0)
        let read = try CatalogLoader.load(Data(Fixture.json.utf8))
        #expect(mapped.products.map(\.id) == read.products.map(\.id))
        #expect(mapped.products.map(\.prices) == read.products.map(\.prices))
        #expect(mapped.products.map(\.name) == read.products.map(\.name))

        let bad = folder.appendingPathComponent("bad.json")
        try Data(Fixture.json.replacingOccurrences(of: #""USA": "4.99""#, with: #""USA": "4,99""#).utf8).write(to: bad)
        var problems: [String] = []
        do { _ = try CatalogLoader.load(contentsOf: bad, mappingFrom: 0) } catch { problems = error.problems.map(\.description) }
        #expect(problems == [#"$.products[1].prices.USA: "4,99" is not a decimal price; write it like "4.99""#,
                             #"$.products[4].prices.USA: "4,99" is not a decimal price; write it like "4.99""#])
        try Data((Fixture.json + "x").utf8).write(to: bad)
        do { _ = try CatalogLoader.load(contentsOf: bad, mappingFrom: 0) } catch { problems = error.problems.map(\.description) }
        #expect(problems.count == 1 && problems[0].hasPrefix("$: not valid JSON: line ") && problems[0].hasSuffix("unexpected 'x' after the JSON value"))
    }

    @Test("a name is measured only when it could be too wide: more bytes than cells, and more than half as many scalars")
    func measuredOnlyWhenPossiblyWide() {
        // 11 Japanese characters are 33 bytes but at most 22 cells; 16 are 48 bytes and up to 32 cells.
        let text = LocalizedText(["ja": String(repeating: "ブ", count: 11), "de": String(repeating: "ブ", count: 16),
                                  "en": String(repeating: "a", count: 31)])
        #expect(text.translations(longerThan: 30, cellsPerScalar: 2).map(\.language) == ["de", "en"])
        #expect(text.translations(longerThan: 30).map(\.language) == ["de", "en", "ja"])
    }

    @Test("equal descriptions are shared while the table is small, or while most lookups find one; not past that")
    func sharingIsBounded() {
        let limit = CatalogReader.sharedTableLimit
        #expect(CatalogReader.keepsSharing(entries: limit - 1, lookups: 10 * limit, hits: 0))
        #expect(!CatalogReader.keepsSharing(entries: limit, lookups: 2 * limit, hits: limit - 1))
        #expect(CatalogReader.keepsSharing(entries: limit, lookups: 2 * limit, hits: limit))
    }

    @Test("a code given twice, in any case, names where it was first seen: offer, kind of list and position")
    func duplicateCodeNamesTheFirst() throws {
        #expect(Catalog.codePlaceParts(Catalog.codePlace(offer: 42_857, custom: true, index: 7)) == (42_857, true, 7))
        #expect(Catalog.codePlaceParts(Catalog.codePlace(offer: 3, custom: false, index: 0)) == (3, false, 0))
        let again = #"""
            "codes": {"custom": ["SPRINGTRAIL"]}},
            {"id": "again", "name": {"en": "Again"}, "product": "pro.monthly", "paymentMode": "freeTrial", "period": "P1M",
             "eligibility": ["new"], "codes": {"oneTimeUse": {"created": "2026-11-01T00:00:00Z", "codes": ["A1", "springtrail"]}}}
            """#
        let json = Fixture.json.replacingOccurrences(of: #""codes": {"custom": ["SPRINGTRAIL"]}}"#, with: again)
        let problems: [String]
        do { _ = try CatalogLoader.load(Data(json.utf8)); problems = [] } catch { problems = error.problems.map(\.description) }
        #expect(problems == [#"$.offerCodes[1].codes.oneTimeUse.codes[1]: duplicate offer code "springtrail" (first at $.offerCodes[0].codes.custom[0])"#])
    }

    /// The duplicate checks read an id or code back from the product or offer made from its element; an
    /// element that made nothing (and every one after it, whose position no longer matches) keeps a copy.
    @Test("ids and codes after an element that made nothing are still checked for duplicates, and the products after it are still found")
    func duplicatesAfterABrokenElement() throws {
        var json = Fixture.json
            .replacingOccurrences(of: #""maxQuantity": 5, "prices": {"USA": "0.99","#, with: #""maxQuantity": 5, "prices": {"USA": "0,99","#)
            .replacingOccurrences(of: #"{"id": "pass", "type": "nonRenewing""#, with: #"{"id": "alps", "type": "nonRenewing""#)
            .replacingOccurrences(of: #"{"id": "basic.monthly", "type""#, with: #"{"id": "boost", "type""#)
        let broken = #"{"id": "gone", "name": {"en": "Gone"}, "product": "nope", "paymentMode": "freeTrial", "period": "P1M", "eligibility": ["new"], "codes": {"custom": ["springtrail"]}}, "#
        json = json.replacingOccurrences(of: #""offerCodes": ["#, with: #""offerCodes": ["# + broken)
        let problems: [String]
        do { _ = try CatalogLoader.load(Data(json.utf8)); problems = [] } catch { problems = error.problems.map(\.description) }
        #expect(problems.filter { $0.contains("duplicate") } == [
            #"$.products[2].id: duplicate product id "alps" (first at $.products[1].id)"#,
            #"$.products[7].id: duplicate product id "boost" (first at $.products[0].id)"#,
            #"$.offerCodes[1].codes.custom[0]: duplicate offer code "SPRINGTRAIL" (first at $.offerCodes[0].codes.custom[0])"#,
        ], "\(problems)")
        // The spring offer's product (element 4, position 3 once boost made nothing) is found.
        #expect(!problems.contains { $0.hasPrefix("$.offerCodes[1].product") }, "\(problems)")
        #expect(problems.contains(#"$.offerCodes[0].product: no product "nope" in $.products"#), "\(problems)")
    }

    @Test("an expiry date read once is still checked for every offer that gives it")
    func datesRememberedStillChecked() throws {
        let offers = (0..<3).map { index in
            #"{"id": "o\#(index)", "name": {"en": "O"}, "product": "pro.monthly", "paymentMode": "freeTrial", "period": "P1M", "eligibility": ["new"], "expires": "\#(index == 1 ? "2027-06-30T23:59:59Z" : "soon")", "codes": {"custom": ["C\#(index)"]}}"#
        }.joined(separator: ", ")
        let json = Fixture.json.replacingOccurrences(
            of: #"{"id": "spring", "name": {"en": "Spring"}, "product": "pro.monthly", "paymentMode": "freeTrial", "period": "P1M","#,
            with: offers + #", {"id": "spring", "name": {"en": "Spring"}, "product": "pro.monthly", "paymentMode": "freeTrial", "period": "P1M","#)
        let problems: [String]
        do { _ = try CatalogLoader.load(Data(json.utf8)); problems = [] } catch { problems = error.problems.map(\.description) }
        #expect(problems == [0, 2].map { #"$.offerCodes[\#($0)].expires: "soon" is not an ISO 8601 date-time like "2027-01-31T00:00:00Z""# })
    }
}
