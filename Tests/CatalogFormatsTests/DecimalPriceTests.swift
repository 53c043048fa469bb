@testable import CatalogFormats
import Foundation
import Testing

/// How the JSON reader reads a price's text (the rules on prices are StoreModelTests' `CatalogRulesTests`).
extension CatalogLoaderTests {
    @Test("a price is 1–9 digits, optionally a point and 1–4 digits, checked without a regex")
    func decimalPriceCheck() {
        for good in ["4.99", "600", "0.5", "123456789.1234", "0", "4.90"] {
            #expect(CatalogReader.decimalPrice(good) == Decimal(string: good), "\(good)")
        }
        for bad in ["", ".5", "1.", "1.2.3", "1234567890", "1.23456", "-1", "+1", "1e2", " 1", "٣", "4,99"] {
            #expect(CatalogReader.decimalPrice(bad) == nil, "\(bad)")
        }
    }
}
