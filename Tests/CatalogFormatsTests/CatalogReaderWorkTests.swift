@testable import CatalogFormats
import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// The catalog reader's work grows linearly with the catalog, and it spells out a JSON path only for a
/// problem (issue 9: 100,000 products in a second). Counted, not timed.
@Suite("Catalog reader work")
struct CatalogReaderWorkTests {
    /// The fixture with its products repeated `copies` times (ids made unique); `breakPrice` spoils one
    /// price of the last product.
    func catalog(copies: Int, breakPrice: Bool = false, breakFirstName: Bool = false) throws -> Data {
        var root = try #require(JSONSerialization.jsonObject(with: Data(Fixture.json.utf8)) as? [String: Any])
        let products = try #require(root["products"] as? [[String: Any]])
        var all: [[String: Any]] = []
        for copy in 0..<copies {
            for product in products {
                var product = product
                if copy > 0 { product["id"] = "\(product["id"]!).\(copy)" }
                all.append(product)
            }
        }
        if breakPrice { all[all.count - 1]["prices"] = ["USA": "1,99"] }
        if breakFirstName { all[0].removeValue(forKey: "name") }
        root["products"] = all
        return try JSONSerialization.data(withJSONObject: root)
    }

    func work(copies: Int, breakPrice: Bool = false) throws -> (nodes: Int, paths: Int, problems: Int) {
        let (_, log) = CatalogLoader.read(try catalog(copies: copies, breakPrice: breakPrice))
        return (log.nodesMade, log.pathsBuilt, log.problems.count)
    }

    /// The reader hands the catalog the offer-code indexes its duplicate checks built; they must answer
    /// as the indexes a catalog builds itself (`Catalog.init`) do.
    @Test("a catalog read from JSON finds every offer by id and every code, as one built in code does")
    func offerCodeIndexesFromTheReader() throws {
        // The sample: offers for every kind of product, one-time-use codes and custom codes.
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("SampleCatalog.json")
        for json in [Data(Fixture.json.utf8), try Data(contentsOf: sample)] {
            try checkOfferCodeIndexes(try #require(CatalogLoader.read(json).0))
        }
    }

    func checkOfferCodeIndexes(_ read: Catalog) throws {
        #expect(read.offerCodes.contains { !$0.customCodes.isEmpty } || read.offerCodes.contains { !$0.oneTimeUseCodes.isEmpty })
        let built = Catalog(app: read.app, territories: read.territories, subscriptionGroups: read.subscriptionGroups,
                            products: read.products, offerCodes: read.offerCodes)
        #expect(!read.offerCodes.isEmpty)
        for (position, offer) in read.offerCodes.enumerated() {
            #expect(read.offerCode(id: offer.id)?.id == offer.id && built.offerCode(id: offer.id)?.id == offer.id)
            #expect(read.offerCodes.firstIndex { $0.id == offer.id } == position, "offer ids are unique in the fixture")
            for code in offer.oneTimeUseCodes + offer.customCodes {
                let found = try #require(read.offerCode(forCode: code), "\(code)")
                #expect(found.offer.id == offer.id && found.oneTimeUse == offer.oneTimeUseCodes.contains(code))
                #expect(built.offerCode(forCode: code).map { ($0.offer.id, $0.oneTimeUse) } ?? ("", false)
                        == (found.offer.id, found.oneTimeUse))
            }
        }
        #expect(read.offerCode(forCode: "NOSUCHCODE") == nil && read.offerCode(id: "nope") == nil)
    }

    @Test("a clean catalog's duplicate checks keep no copy of an id or code: each is read back from its product or offer, which the catalog's indexes then use")
    func duplicateChecksCopyNoKeys() throws {
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("SampleCatalog.json")
        for json in [try catalog(copies: 8), try Data(contentsOf: sample)] {
            let (read, log) = CatalogLoader.read(json)
            #expect(read != nil && log.problems.isEmpty && log.keysCopied == 0)
        }
        // A product that made nothing (no name): its id, and those of the 8 × 9 − 1 products after it
        // (their positions no longer match their elements'), are kept as copies.
        let (_, log) = CatalogLoader.read(try catalog(copies: 8, breakFirstName: true))
        #expect(log.problems.count == 1 && log.keysCopied == 72, "\(log.keysCopied)")
    }

    @Test("nodes visited grow linearly with the number of products")
    func nodesAreLinear() throws {
        let (small, medium, large) = (try work(copies: 2), try work(copies: 4), try work(copies: 8))
        #expect(small.problems == 0 && medium.problems == 0 && large.problems == 0)
        #expect(medium.nodes > small.nodes)
        // Each added copy of the products costs the same number of nodes.
        #expect(large.nodes - medium.nodes == 2 * (medium.nodes - small.nodes))
    }

    @Test("a clean catalog builds no JSON path at all")
    func noPathsWithoutProblems() throws {
        #expect(try work(copies: 1).paths == 0)
        #expect(try work(copies: 8).paths == 0)
    }

    @Test("paths are built only for problems: one bad price costs the same at any size")
    func pathsOnlyForProblems() throws {
        let small = try work(copies: 2, breakPrice: true)
        let large = try work(copies: 8, breakPrice: true)
        #expect(small.problems == 1 && large.problems == 1)
        #expect(small.paths >= 1 && small.paths == large.paths)
    }

    @Test("a duplicate product id is found among many products and names both places")
    func duplicateAmongMany() throws {
        var root = try #require(JSONSerialization.jsonObject(with: try catalog(copies: 3)) as? [String: Any])
        var products = try #require(root["products"] as? [[String: Any]])
        products[20]["id"] = products[5]["id"]
        root["products"] = products
        let data = try JSONSerialization.data(withJSONObject: root)
        let found: [String]
        do {
            _ = try CatalogLoader.load(data)
            found = []
        } catch {
            found = error.problems.map(\.description)
        }
        #expect(found == [#"$.products[20].id: duplicate product id "\#(products[5]["id"]!)" (first at $.products[5].id)"#])
    }

    /// The fixture with `count` numbers where texts belong, in an array nested in the document: the
    /// custom codes of its offer (`offerCodes[0].codes.custom`) or the app's exit survey.
    func nestedWork(_ place: String, count: Int) -> (problems: Int, paths: Int, steps: Int) {
        let numbers = Array(repeating: "1", count: count).joined(separator: ",")
        let json = place == "custom"
            ? Fixture.json.replacingOccurrences(of: #""codes": {"custom": ["SPRINGTRAIL"]}"#, with: #""codes": {"custom": [\#(numbers)]}"#)
            : Fixture.json.replacingOccurrences(of: #""billingGracePeriod": {"duration": "P16D"}}"#,
                                                with: #""billingGracePeriod": {"duration": "P16D"}, "exitSurvey": [\#(numbers)]}"#)
        let (_, log) = CatalogLoader.read(Data(json.utf8))
        return (log.problems.count, log.pathsBuilt, log.pathSteps)
    }

    @Test("a nested array's wrong-typed elements each cost the same work, however many there are (issue 22)",
          arguments: ["custom", "exitSurvey"])
    func nestedArraysAreLinear(_ place: String) {
        let (small, medium, large) = (nestedWork(place, count: 500), nestedWork(place, count: 1000), nestedWork(place, count: 2000))
        #expect(medium.problems - small.problems == 500 && large.problems - medium.problems == 1000)
        #expect(large.paths - medium.paths == 2 * (medium.paths - small.paths))
        // The steps taken to spell out the problems' paths: the same for each element, wherever it is.
        #expect(large.steps - medium.steps == 2 * (medium.steps - small.steps), "steps: \(small.steps), \(medium.steps), \(large.steps)")
    }

    /// The fixture with every product's name and description in `languages` and priced in `territories`.
    func translatedWork(languages: [String], territories: [String]) throws -> (nodes: Int, problems: Int, texts: [Int]) {
        var root = try #require(JSONSerialization.jsonObject(with: Data(Fixture.json.utf8)) as? [String: Any])
        var products = try #require(root["products"] as? [[String: Any]])
        for index in products.indices {
            let id = products[index]["id"] as? String ?? ""
            products[index]["name"] = Dictionary(uniqueKeysWithValues: languages.map { ($0, "Name \(id) \($0)") })
            products[index]["description"] = Dictionary(uniqueKeysWithValues: languages.map { ($0, "About \(id) in \($0).") })
            // (The yen has no minor unit: a price there is whole.)
            products[index]["prices"] = Dictionary(uniqueKeysWithValues: territories.map { ($0, $0 == "JPN" ? "800" : "4.99") })
        }
        root["products"] = products
        let (catalog, log) = CatalogLoader.read(try JSONSerialization.data(withJSONObject: root))
        let texts = catalog?.products.map { $0.name.translations.count + $0.description.translations.count + $0.prices.count } ?? []
        return (log.nodesMade, log.problems.count, texts)
    }

    @Test("a text's translations and a price table's prices are read from the tape without a node each")
    func plainTranslationsAndPricesMakeNoNodes() throws {
        let one = try translatedWork(languages: ["en"], territories: ["USA"])
        let four = try translatedWork(languages: ["de", "en", "fr", "ja"], territories: ["USA", "DEU", "JPN", "GBR"])
        #expect(one.problems == 0 && four.problems == 0)
        // Every translation and price was read (the model has them all)…
        #expect(four.texts.count == one.texts.count && four.texts.allSatisfy { $0 == 12 } && one.texts.allSatisfy { $0 == 3 })
        // …at the same count of nodes: the three more of each text and price table cost none.
        #expect(four.nodes == one.nodes, "nodes: \(one.nodes) with one of each, \(four.nodes) with four")
    }

    @Test("reading a catalog asks ICU for no currency's decimals: every common ISO currency's are known ahead")
    func noCurrencyProbesWhileReading() throws {
        let before = CurrencyDecimals.probesMade
        let (catalog, log) = CatalogLoader.read(try catalog(copies: 1))
        #expect(log.problems.isEmpty)
        #expect(Set(try #require(catalog).territories.map(\.currency)).count > 1)
        #expect(CurrencyDecimals.probesMade - before == 0)
    }

    @Test("the decimals known ahead are the ones Foundation shows, for every common ISO currency")
    func knownDecimalsAreFoundations() {
        for code in Locale.commonISOCurrencyCodes {
            #expect(CurrencyDecimals.knownDigits(code) == CurrencyDecimals.probedDigits(code), "\(code)")
        }
        #expect(CurrencyDecimals.knownDigits("XYZ") == nil)
    }
}
