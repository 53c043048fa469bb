import CatalogFormats
import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// The catalog's `help` (docs/catalog.md): FAQ, contact and the conciliatory item, read strictly.
extension CatalogRulesTests {
    static let help = #"""
    , "help": {"faq": [{"question": {"en": "Where?", "ja": "どこ？"}, "answer": {"en": "Here.", "ja": "ここ。"}}],
               "contact": {"email": "help@fixture.example", "url": "https://fixture.example/help", "note": {"en": "Soon."}},
               "conciliatoryItem": "boost"}
    """#

    func withHelp(_ help: String = CatalogRulesTests.help) -> String {
        let json = Fixture.json.trimmingCharacters(in: .whitespacesAndNewlines)
        return String(json.dropLast()) + help + "\n}"
    }

    @Test("help is read: questions and answers, localized; the contact; the conciliatory item")
    func helpRead() throws {
        let catalog = try CatalogLoader.load(Data(withHelp().utf8))
        let help = try #require(catalog.help)
        #expect(help.faq.count == 1)
        #expect(help.faq[0].question.resolved(for: Locale(identifier: "ja_JP"), fallback: "en") == "どこ？")
        #expect(help.contact.email == "help@fixture.example")
        #expect(help.contact.url == "https://fixture.example/help")
        #expect(help.conciliatoryItem == "boost")
        #expect(Fixture.catalog.help == nil, "without it, none")
    }

    @Test("help's mistakes are errors with their path: unknown keys, a bad address, a conciliatory item that is not a consumable")
    func helpProblems() {
        func found(_ old: String, _ new: String) -> [String] {
            let help = Self.help.replacingOccurrences(of: old, with: new)
            #expect(help != Self.help, "\(old) is not in the help fixture")
            return problems(in: withHelp(help))
        }
        #expect(found(#""conciliatoryItem": "boost""#, #""conciliatoryItem": "alps""#)
                == [#"$.help.conciliatoryItem: "alps" is not a consumable; the app gives one unit of a consumable as a conciliatory item"#])
        #expect(found(#""conciliatoryItem": "boost""#, #""conciliatoryItem": "nope""#)
                == [#"$.help.conciliatoryItem: no product "nope" in $.products"#])
        #expect(found(#""email": "help@fixture.example""#, #""email": "help at fixture""#)
                == [#"$.help.contact.email: "help at fixture" is not an e-mail address like "support@example.com""#])
        #expect(found(#""faq": [{"question""#, #""faqs": [], "faq": [{"question""#).first?.hasPrefix(#"$.help.faqs: unknown key "faqs""#) == true)
        #expect(found(#"{"question": {"en": "Where?", "ja": "どこ？"}, "answer": {"en": "Here.", "ja": "ここ。"}}"#, "")
                == ["$.help.faq: needs 1 to 30 questions, found 0"])
        #expect(found(#""answer": {"en": "Here.", "ja": "ここ。"}"#, #""answer": {"ja": "ここ。"}"#)
                == [#"$.help.faq[0].answer: has no "en" text, the catalog's default language"#])
    }

    @Test("the sample catalog's help: five questions in four languages, a contact, Trail Boost as the conciliatory item")
    func sampleHelp() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("SampleCatalog.json")
        let help = try #require(try CatalogLoader.load(contentsOf: url).help)
        #expect(help.faq.count == 5)
        for question in help.faq {
            for language in ["en", "de", "fr", "ja"] { #expect(question.answer[language] != nil) }
        }
        #expect(help.conciliatoryItem == "com.trailhead.boost.small")
    }
}
