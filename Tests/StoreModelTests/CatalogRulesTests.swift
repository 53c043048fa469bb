import CatalogFormats
import Foundation
@testable import StoreModel
import Testing
import TestSupport
import TextSafety

/// The rules a catalog keeps, checked by the message `storefront lint` gives for a JSON catalog breaking
/// one (the readers' own tests are CatalogFormatsTests' `CatalogLoaderTests`).
@Suite("Catalog rules")
struct CatalogRulesTests: CatalogProblemChecks {}

/// Hostile text and lint rules (issue 8): a typo, a key given twice or a control character in a catalog
/// is an error with its path, and no catalog value can forge or colour the messages that quote it.
extension CatalogRulesTests {
    @Test("unknown keys are errors with did you mean")
    func unknownKeysSuggest() {
        #expect(problems(replacing: #""billingGracePeriod": {"duration": "P16D"}"#, with: #""billingGracePeriode": {"duration": "P16D"}"#)
                == [#"$.app.billingGracePeriode: unknown key "billingGracePeriode"; did you mean "billingGracePeriod"?"#])
        #expect(problems(replacing: #""familyShareable": true, "prices": {"USA": "4.99""#,
                         with: #""familyShareble": true, "prices": {"USA": "4.99""#)
                == [#"$.products[1].familyShareble: unknown key "familyShareble"; did you mean "familyShareable"?"#])
        #expect(problems(replacing: #""codes": {"custom": ["SPRINGTRAIL"]}"#, with: #""codes": {"Custom": ["SPRINGTRAIL"]}"#)
                == [#"$.offerCodes[0].codes.Custom: unknown key "Custom"; did you mean "custom"?"#,
                    #"$.offerCodes[0].codes: needs "oneTimeUse" or "custom" codes"#])
    }

    @Test("an unknown key far from every known one lists the known keys")
    func unknownKeysListKnown() {
        #expect(problems(replacing: #""defaultLanguage": "en","#, with: #""defaultLanguage": "en", "colour": "red","#)
                == [#"$.app.colour: unknown key "colour"; known keys here: name, defaultLanguage, termsOfServiceURL, privacyPolicyURL, billingGracePeriod, exitSurvey, bundleID, appAppleID"#])
    }

    @Test("every schema object refuses unknown keys: root, territories, offers, offer codes")
    func unknownKeysEverywhere() {
        let cases: [(old: String, new: String, path: String)] = [
            (#""offerCodes": ["#, #""offerCode": [], "offerCodes": ["#, "$.offerCode"),
            (#"{"code": "USA", "currency": "USD", "locale": "en_US"}"#,
             #"{"code": "USA", "currency": "USD", "locale": "en_US", "region": "US"}"#, "$.territories[0].region"),
            (#""periodCount": 3,"#, #""periodCount": 3, "periodCont": 3,"#, "$.products[4].introductoryOffer.periodCont"),
            (#"{"id": "stay", "#, #"{"id": "stay", "note": "x", "#, "$.products[4].promotionalOffers[0].note"),
            (#""expires": "2027-06-30T23:59:59Z""#, #""expiry": "2027-06-30T23:59:59Z""#, "$.offerCodes[0].expiry"),
        ]
        for (old, new, path) in cases {
            let found = problems(replacing: old, with: new)
            #expect(found.count == 1 && found[0].hasPrefix("\(path): unknown key "), "\(path): \(found)")
        }
    }

    @Test("localized texts and price tables are maps, not schemas: any language key is accepted")
    func mapsAreNotSchemas() {
        #expect(problems(replacing: #""name": {"en": "Alps Maps"}"#, with: #""name": {"en": "Alps Maps", "pt-BR": "Mapas", "zz": "?"}"#) == [])
    }

    @Test("a key given twice in the catalog is an error with its path and both positions")
    func duplicateKeyInCatalog() {
        let found = problems(replacing: #""id": "alps", "#, with: #""id": "alps", "id": "alps2", "#)
        #expect(found.count == 1)
        #expect(found[0].hasPrefix(#"$.products[1]: duplicate key "id" at line 17, column 20, first at line 17, column 6"#))
    }

    @Test("control characters are refused in any catalog string, map keys included")
    func controlCharactersRefused() {
        let rule = "control characters and bidirectional overrides are not allowed in a catalog"
        #expect(problems(replacing: #"{"en": "Alps Maps"}"#, with: #"{"en": "Alps\u001b[31m Maps"}"#)
                == [#"$.products[1].name.en: "Alps\e[31m Maps" contains U+001B (escape); "# + rule])
        #expect(problems(replacing: #""description": {"en": "Alps."}"#, with: #""description": {"en": "Alps.\u202E"}"#)
                == [#"$.products[1].description.en: "Alps.\u{202E}" contains U+202E (a bidirectional control); "# + rule])
        #expect(problems(replacing: #""id": "pass""#, with: #""id": "pa\u0085ss""#)
                == [#"$.products[2].id: "pa\u{85}ss" contains U+0085 (a C1 control character); "# + rule])
        #expect(problems(replacing: #"{"en": "Plus"}"#, with: #"{"en": "Plus", "e\u0007n": "Plus"}"#)
                == [#"$.subscriptionGroups[0].name: the key "e\u{7}n" contains U+0007 (a control character); "# + rule])
        #expect(problems(replacing: #""https://fixture.example/terms""#, with: #""https://fixture.example/terms\n""#)
                .contains(#"$.app.termsOfServiceURL: "https://fixture.example/terms\n" contains U+000A (line feed); "# + rule))
        #expect(problems(replacing: #""SPRINGTRAIL""#, with: "\"SPRING\u{7F}TRAIL\"")
                .contains(#"$.offerCodes[0].codes.custom[0]: "SPRING\u{7F}TRAIL" contains U+007F (delete); "# + rule))
    }

    @Test("values quoted in messages are cut and escaped, so they cannot forge lines or act on the terminal")
    func quotedValuesEscaped() {
        let hostile = #"\u001b]0;pwned\u0007\n"# + String(repeating: "A", count: 200)
        let found = problems(replacing: #""code": "GBR""#, with: #""code": "\#(hostile)""#)
        #expect(found.contains(#"$.territories[3].code: "\e]0;pwned\u{7}\n"# + String(repeating: "A", count: 49)
                               + #"…" is not an ISO 3166 alpha-3 territory code like "USA" or "JPN""#))
        for problem in found {
            #expect(!problem.unicodeScalars.contains(where: UntrustedText.isForbidden), "\(problem)")
            #expect(problem.count < 200)
        }
    }

    @Test("a hostile map key is escaped in the JSON path too")
    func hostileKeyInPath() {
        let found = problems(replacing: #""GBR": "4.99""#, with: #""X\nY\u001b": "4.99""#)
        #expect(found.contains(#"$.products[1].prices["X\nY\e"]: territory "X\nY\e" is not declared in $.territories"#))
        #expect(found.allSatisfy { !$0.unicodeScalars.contains(where: UntrustedText.isForbidden) })
        let path = JSONPath.root.appending("name").appending("\u{1B}[2J\u{202E}")
        #expect(path.description == #"$.name["\e[2J\u{202E}"]"#)
    }

    @Test("a blank name says blank; an empty one says empty")
    func blankIsNotEmpty() {
        let blank = "$.products[1].name.en: must not be blank (it has no visible character)"
        #expect(problems(replacing: #"{"en": "Alps Maps"}"#, with: #"{"en": "   "}"#) == [blank])
        #expect(problems(replacing: #"{"en": "Alps Maps"}"#, with: #"{"en": ""}"#) == ["$.products[1].name.en: must not be empty"])
    }

    @Test("a name of only invisible characters is blank: zero-width, fillers, lone marks, the blank braille cell")
    func invisibleIsBlank() {
        let blank = "$.products[1].name.en: must not be blank (it has no visible character)"
        for invisible in [#"​​​"#, #"﻿"#, #"­"#, #"⁠"#, #"️"#, #"ㅤ"#, #"⠀"#,
                          #"́́"#, #"　  "#] {
            #expect(problems(replacing: #"{"en": "Alps Maps"}"#, with: #"{"en": ""# + invisible + #""}"#) == [blank], "\(invisible)")
        }
        #expect(problems(replacing: #"{"en": "Alps Maps"}"#, with: #"{"en": "été ​"}"#).isEmpty,
                "visible text with an invisible character in it is fine")
    }

    @Test("only consumables have maxQuantity and only non-renewing subscriptions a duration")
    func typeSpecificFields() {
        #expect(problems(replacing: #""familyShareable": true, "prices": {"USA": "4.99""#,
                         with: #""maxQuantity": 3, "familyShareable": true, "prices": {"USA": "4.99""#)
                == [#"$.products[1].maxQuantity: only consumables have "maxQuantity""#])
        #expect(problems(replacing: #""maxQuantity": 5,"#, with: #""maxQuantity": 5, "duration": "P1M","#)
                == [#"$.products[0].duration: only non-renewing subscriptions have "duration""#])
    }
}

/// Issue 22: a price is no more exact than its territory's currency shows (€0.001 would show €0.00).
extension CatalogRulesTests {
    @Test("a price with more decimals than its territory's currency has is refused, naming the path, price, currency and decimals allowed")
    func priceDecimalsFollowTheCurrency() {
        #expect(problems(replacing: #""prices": {"USA": "0.99", "DEU": "0.99", "JPN": "160"}"#,
                         with: #""prices": {"USA": "0.99", "DEU": "0.001", "JPN": "160.5"}"#)
                == [#"$.products[0].prices.DEU: "0.001" is more exact than EUR allows: a price in EUR has at most 2 decimals"#,
                    #"$.products[0].prices.JPN: "160.5" is more exact than JPY allows: a price in JPY has no decimals"#])
        // Offers' prices follow the same rule.
        #expect(problems(replacing: #""prices": {"USA": "1.99", "DEU": "1.99", "JPN": "300"}"#,
                         with: #""prices": {"USA": "1.999", "DEU": "1.99", "JPN": "300"}"#)
                == [#"$.products[4].introductoryOffer.prices.USA: "1.999" is more exact than USD allows: a price in USD has at most 2 decimals"#])
    }

    @Test("a price written with trailing zeros past the currency's decimals is the same amount, and accepted")
    func trailingZerosAreExact() {
        #expect(problems(replacing: #""prices": {"USA": "0.99", "DEU": "0.99", "JPN": "160"}"#,
                         with: #""prices": {"USA": "0.990", "DEU": "0.9900", "JPN": "160.0"}"#) == [])
    }
}
