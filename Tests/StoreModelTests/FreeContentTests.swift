import CatalogFormats
import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// The free area and onboarding in the catalog (issue 10): optional, checked with paths like every
/// other section; and the metered paywall's count of reads per calendar month.
extension CatalogRulesTests {
    static let freeContent = #"""
    "freeContent": {"title": {"en": "Guides"}, "monthlyFreeLimit": 3, "group": "plus",
      "items": [{"id": "a", "title": {"en": "A"}, "body": {"en": "Body A."}}, {"id": "b", "title": {"en": "B"}, "body": {"en": "Body B."}}]},
    "onboarding": {"group": "plus", "pages": [{"title": {"en": "One"}, "body": {"en": "First."}}]},
    """#

    /// The fixture with the two sections, one piece of text replaced in them.
    func freeContentProblems(replacing old: String, with new: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        #expect(Self.freeContent.contains(old), "the sections do not contain \(old)", sourceLocation: sourceLocation)
        let sections = Self.freeContent.replacingOccurrences(of: old, with: new)
        return problems(in: Fixture.json.replacingOccurrences(of: #""offerCodes": ["#, with: sections + #""offerCodes": ["#))
    }

    @Test("free content and onboarding are optional, and read when present")
    func freeContentOptional() throws {
        #expect(Fixture.catalog.freeContent == nil && Fixture.catalog.onboarding == nil)
        #expect(freeContentProblems(replacing: "Body A.", with: "Body A.") == [])
        let json = Fixture.json.replacingOccurrences(of: #""offerCodes": ["#, with: Self.freeContent + #""offerCodes": ["#)
        let catalog = try CatalogLoader.load(Data(json.utf8))
        #expect(catalog.freeContent?.monthlyFreeLimit == 3)
        #expect(catalog.freeContent?.items.map(\.id) == ["a", "b"])
        #expect(catalog.freeContent?.item("b")?.body.translations["en"] == "Body B.")
        #expect(catalog.onboarding?.groupID == "plus" && catalog.onboarding?.pages.count == 1)
    }

    @Test("lint: the free area's bad values, each with its path")
    func freeContentLint() {
        #expect(freeContentProblems(replacing: #""monthlyFreeLimit": 3"#, with: #""monthlyFreeLimit": 0"#)
                == ["$.freeContent.monthlyFreeLimit: must be between 1 and 100 items a month"])
        #expect(freeContentProblems(replacing: #""monthlyFreeLimit": 3"#, with: #""monthlyFreeLimit": "3""#)
                == ["$.freeContent.monthlyFreeLimit: expected a whole number, found a string"])
        #expect(freeContentProblems(replacing: #""monthlyFreeLimit": 3, "group": "plus""#, with: #""monthlyFreeLimit": 3, "group": "gold""#)
                == [#"$.freeContent.group: no subscription group "gold" in $.subscriptionGroups"#])
        #expect(freeContentProblems(replacing: #"{"id": "b", "#, with: #"{"id": "a", "#)
                == [#"$.freeContent.items[1].id: duplicate free item id "a" (first at $.freeContent.items[0].id)"#])
        #expect(freeContentProblems(replacing: #""body": {"en": "Body B."}"#, with: #""body": {"de": "Text B."}"#)
                == [#"$.freeContent.items[1].body: has no "en" text, the catalog's default language"#])
        #expect(freeContentProblems(replacing: #""title": {"en": "A"}"#, with: #""title": {"en": " "}"#)
                == ["$.freeContent.items[0].title.en: must not be blank (it has no visible character)"])
        #expect(freeContentProblems(replacing: #"{"id": "a", "title""#, with: #"{"id": "a", "titel""#)
                == [#"$.freeContent.items[0].titel: unknown key "titel"; did you mean "title"?"#,
                    #"$.freeContent.items[0]: missing required field "title""#])
        #expect(freeContentProblems(replacing: #""monthlyFreeLimit": 3,"#, with: #""monthlyFreeLimit": 3, "limit": 2,"#)
                == [#"$.freeContent.limit: unknown key "limit"; known keys here: title, monthlyFreeLimit, group, items"#])
        #expect(freeContentProblems(replacing: #"[{"id": "a", "title": {"en": "A"}, "body": {"en": "Body A."}}, {"id": "b", "title": {"en": "B"}, "body": {"en": "Body B."}}]"#,
                                    with: "[]") == ["$.freeContent.items: needs at least one item"])
    }

    @Test("lint: onboarding's bad values, each with its path")
    func onboardingLint() {
        #expect(freeContentProblems(replacing: #""onboarding": {"group": "plus""#, with: #""onboarding": {"group": "news2""#)
                == [#"$.onboarding.group: no subscription group "news2" in $.subscriptionGroups"#])
        #expect(freeContentProblems(replacing: #""pages": [{"title": {"en": "One"}, "body": {"en": "First."}}]"#, with: #""pages": []"#)
                == ["$.onboarding.pages: needs 1 to 5 pages (onboarding is brief), found 0"])
        let page = #"{"title": {"en": "One"}, "body": {"en": "First."}}"#
        #expect(freeContentProblems(replacing: page, with: Array(repeating: page, count: 6).joined(separator: ", "))
                == ["$.onboarding.pages: needs 1 to 5 pages (onboarding is brief), found 6"])
        #expect(freeContentProblems(replacing: #""body": {"en": "First."}"#, with: #""body": {"en": "First.", "ja": "\u001b"}"#).first?
                .hasPrefix(#"$.onboarding.pages[0].body.ja: "\e" contains U+001B (escape)"#) == true)
        #expect(freeContentProblems(replacing: #""title": {"en": "One"}"#, with: #""title": {"fr": "Un"}"#)
                == [#"$.onboarding.pages[0].title: has no "en" text, the catalog's default language"#])
        #expect(freeContentProblems(replacing: #"{"group": "plus", "pages""#, with: #"{"group": "plus", "steps": 1, "pages""#)
                == [#"$.onboarding.steps: unknown key "steps"; known keys here: group, pages"#])
    }
}

/// The metered paywall's count: different items per calendar month (UTC) of the simulated clock.
@Suite("Free reads")
struct FreeReadsTests {
    var store = AppStore(catalog: Sample.catalog, territory: Sample.catalog.territory("USA")!, now: Fixture.start)

    @Test("opening an item counts once a month; opening it again that month does not count again")
    mutating func countsOncePerMonth() {
        #expect(store.freeReadsLeft == 3)
        store.recordFreeRead("guide.layers")
        store.recordFreeRead("guide.layers")
        #expect(store.freeReadsThisMonth == 1 && store.freeReadsLeft == 2)
        #expect(store.hasRead("guide.layers") && !store.hasRead("guide.water"))
        store.recordFreeRead("guide.water")
        store.recordFreeRead("guide.pace")
        #expect(store.freeReadsLeft == 0)
        store.recordFreeRead("guide.weather")
        #expect(store.freeReadsLeft == 0, "never below zero")
    }

    @Test("a new calendar month (UTC) resets the count; the old month's reads stay in the history")
    mutating func newMonthResets() throws {
        store.recordFreeRead("guide.layers")
        store.recordFreeRead("guide.water")
        // 21 November 09:00 → 30 November 23:59:59 UTC is still November.
        store.advance(to: try Date("2026-11-30T23:59:59Z", strategy: .iso8601))
        #expect(store.freeReadsThisMonth == 2 && store.hasRead("guide.layers"))
        store.advance(to: try Date("2026-12-01T00:00:00Z", strategy: .iso8601))
        #expect(store.freeReadsThisMonth == 0 && store.freeReadsLeft == 3 && !store.hasRead("guide.layers"))
        store.recordFreeRead("guide.layers")
        #expect(store.freeReads.all.map(\.month.description) == ["2026-11", "2026-11", "2026-12"])
    }

    @Test("reads are unsaved changes until saved, and clearing everything clears them")
    mutating func unsavedAndCleared() {
        store.markSaved()
        store.recordFreeRead("guide.layers")
        #expect(store.unsavedChanges.freeReads == [FreeReads.Key(month: store.currentMonth, itemID: "guide.layers")])
        store.markSaved()
        store.recordFreeRead("guide.layers")
        #expect(store.unsavedChanges.isEmpty, "opening it again changes nothing")
        store.clearAll()
        #expect(store.freeReadsThisMonth == 0 && store.unsavedChanges.cleared)
    }

    @Test("months read and print as the ledger writes them, and nothing else reads as one")
    func monthText() {
        #expect(Month("2026-11") == Month(year: 2026, month: 11))
        #expect(Month(year: 2026, month: 1).description == "2026-01")
        for bad in ["2026-13", "2026-1", "26-11", "2026-11-01", "abcd-ef", "", "2026−11", "２０２６-11"] {
            #expect(Month(bad) == nil, "\(bad)")
        }
    }
}

enum Sample {
    static let catalog: Catalog = try! CatalogLoader.load(contentsOf: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SampleCatalog.json"))
}
