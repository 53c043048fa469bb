@testable import CatalogFormats
import Foundation
import StoreModel
import TestSupport
import Testing

/// `priceIncreaseConsent`: the inputs to Apple's price-increase consent rule, read and checked.
@Suite("Price increase consent in the catalog")
struct PriceConsentCatalogTests: CatalogProblemChecks {
    func with(_ section: String) -> String {
        Fixture.json.replacingOccurrences(of: #""subscriptionGroups": ["#, with: "\"priceIncreaseConsent\": \(section),\n\"subscriptionGroups\": [")
    }

    @Test("priceIncreaseConsent is read: territories that always require consent, and each territory's thresholds in its currency")
    func read() throws {
        let text = with(#"{"alwaysRequiredIn": ["DEU"], "thresholds": {"JPN": {"perPeriod": "750", "annual": "7500"}}}"#)
        #expect(problems(in: text) == [])
        let consent = try CatalogLoader.load(Data(text.utf8)).priceIncreaseConsent
        #expect(consent.alwaysRequiredIn == ["DEU"])
        #expect(consent.threshold(in: "JPN") == .init(perPeriod: 750, annual: 7500))
        #expect(consent.threshold(in: "USA") == PriceIncreaseConsent.unitedStates, "Apple's US figures when left out")
        #expect(consent.threshold(in: "GBR") == nil)
    }

    @Test("priceIncreaseConsent refuses unknown keys, undeclared territories and amounts more exact than the currency")
    func problemsFound() {
        let found = problems(in: with(#"{"alwaysRequired": [], "alwaysRequiredIn": ["CHL"], "thresholds": {"JPN": {"perPeriod": "7.5", "annual": "75", "weekly": "1"}, "XYZ": {"perPeriod": "1", "annual": "1"}, "USA": {"perPeriod": "5"}}}"#))
        #expect(found.contains { $0.hasPrefix(#"$.priceIncreaseConsent.alwaysRequired: unknown key "alwaysRequired""#) })
        #expect(found.contains(#"$.priceIncreaseConsent.alwaysRequiredIn[0]: territory "CHL" is not declared in $.territories"#))
        #expect(found.contains { $0.hasPrefix("$.priceIncreaseConsent.thresholds.JPN.perPeriod: ") && $0.contains("JPY") })
        #expect(found.contains { $0.hasPrefix(#"$.priceIncreaseConsent.thresholds.JPN.weekly: unknown key "weekly""#) })
        #expect(found.contains(#"$.priceIncreaseConsent.thresholds.XYZ: territory "XYZ" is not declared in $.territories"#))
        #expect(found.contains(#"$.priceIncreaseConsent.thresholds.USA: missing required field "annual""#))
    }
}
