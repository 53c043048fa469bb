@testable import CatalogFormats
import Foundation
import StoreModel
import TestSupport
import Testing

/// `promotedProducts`: the in-app purchases App Store Connect promotes, in its default order.
@Suite("Promoted products in the catalog")
struct PromotedProductsCatalogTests: CatalogProblemChecks {
    func with(_ section: String, products extra: String = "") -> String {
        Fixture.json.replacingOccurrences(of: #""subscriptionGroups": ["#, with: "\"promotedProducts\": \(section),\n\"subscriptionGroups\": [")
            .replacingOccurrences(of: #""products": ["#, with: #""products": ["# + extra)
    }

    @Test("promotedProducts is read in its order, the App Store's default order")
    func read() throws {
        let text = with(#"["pro.annual", "alps", "boost"]"#)
        #expect(problems(in: text) == [])
        let catalog = try CatalogLoader.load(Data(text.utf8))
        #expect(catalog.promotedProducts == ["pro.annual", "alps", "boost"])
        #expect(catalog.isPromoted("alps") && !catalog.isPromoted("pass"))
        #expect(try CatalogLoader.load(Data(Fixture.json.utf8)).promotedProducts == [], "none without the key")
    }

    @Test("promotedProducts refuses an id the catalog lacks, a product named twice, one no territory sells, and a value that is not a list of strings")
    func problemsFound() {
        let unsold = #"{"id": "unsold", "type": "consumable", "name": {"en": "Unsold"}, "description": {"en": "Nowhere."}, "prices": {}},"#
        let found = problems(in: with(#"["alps", "nope", "alps", "unsold", 3]"#, products: unsold))
        #expect(found.contains(#"$.promotedProducts[1]: "nope" is not a product of this catalog"#), "\(found)")
        #expect(found.contains(#"$.promotedProducts[2]: "alps" is promoted already, at $.promotedProducts[0]; each product is promoted once"#), "\(found)")
        #expect(found.contains(#"$.promotedProducts[3]: "unsold" has no price in any territory, so a promotion of it could never be bought"#), "\(found)")
        #expect(found.contains { $0.hasPrefix("$.promotedProducts[4]: ") }, "\(found)")
        #expect(problems(in: with(#""alps""#)).contains { $0.hasPrefix("$.promotedProducts: ") })
    }
}
