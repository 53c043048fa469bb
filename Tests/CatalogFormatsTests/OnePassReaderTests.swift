@testable import CatalogFormats
import Foundation
import JSONReference
@testable import StoreModel
import TestSupport
import Testing

/// The catalog is read in one pass over its bytes (issue 9: lint of 100,000 products in a second): the
/// tapes check the JSON as they lay it out and report what they refuse themselves (issue 25), exactly
/// as the reference reading does: the reference parser (`Tests/JSONReference`, the careful reader of
/// before) checking the whole document first, then the reader for its meaning.
@Suite("One-pass catalog reading")
struct OnePassReaderTests {
    /// The reference reading: the reference parser's problem, or the reader's (the forbidden characters
    /// of the reference's own tree first).
    static func reference(_ bytes: UnsafeBufferPointer<UInt8>) -> (Catalog?, [CatalogProblem]) {
        switch ReferenceJSON.read(bytes) {
        case .failure(let problem):
            return (nil, [problem])
        case .success(let (value, hasForbiddenText)):
            let (catalog, log) = CatalogLoader.read(bytes, checkingText: false)
            var text: [CatalogProblem] = []
            if hasForbiddenText {
                let textLog = ProblemLog()
                CatalogReader(log: textLog).checkText(value)
                text = textLog.problems
            }
            return (catalog, text + log.problems)
        }
    }

    /// Problems and product ids, from the reading (`read`) and the reference reading (`careful`), and
    /// whether the reference parser refused the JSON.
    func both(_ text: String) -> (refused: Bool, careful: [String], read: [String]) {
        Array(text.utf8).withUnsafeBufferPointer(outcomes)
    }

    func outcomes(_ bytes: UnsafeBufferPointer<UInt8>) -> (refused: Bool, careful: [String], read: [String]) {
        func outcome(_ catalog: Catalog?, _ problems: [CatalogProblem]) -> [String] {
            problems.map(\.description) + (catalog?.products.map(\.id) ?? ["no catalog"])
        }
        let (catalog, log) = CatalogLoader.read(bytes)
        let careful = Self.reference(bytes)
        let refused = if case .failure = ReferenceJSON.read(bytes) { true } else { false }
        return (refused, outcome(careful.0, careful.1), outcome(catalog, log.problems))
    }

    /// The fixture with `snippet` in place of the first product's description text.
    func withDescription(_ snippet: String) -> String {
        Fixture.json.replacingOccurrences(of: #""description": {"en": "One boost."}"#, with: #""description": {"en": "#
                                          + snippet + "}")
    }

    @Test("a sound catalog is read in one pass, to the same catalog the reference reading makes")
    func soundInOnePass() throws {
        let (refused, careful, read) = both(Fixture.json)
        #expect(!refused)
        #expect(read == careful)
        #expect(!careful.contains("no catalog"))
    }

    @Test("JSON the reference parser refuses, and forbidden characters, are reported as the reference reading reports them",
          arguments: [
              #""One boost.","#, #""One boost."#, #""bad \x escape""#, #""lone \ud800 half""#, #""\udc00""#,
              "\"raw \u{01} control\"", #""One" "boost""#, "01", "1.", "-", "1e999", "tru", "nul", "+1", ".5",
              #""a", "en": "b""#, "\"\u{7F} DEL\"", #""escaped \n newline""#, "\"\u{202E} override\"", #""\u202e""#,
              "\"\u{85} C1\"", #""\u0007""#, "[" + String(repeating: "[", count: 70) + String(repeating: "]", count: 71),
              // A duplicate key among 20 (found by the set a large object's keys are kept in).
              "\"x\"}, \"more\": {" + (0..<20).map { "\"T\($0 % 19)\": \"1\"" }.joined(separator: ", ") + "}, \"z\": {\"a\": 1",
          ])
    func refusedGoesCareful(snippet: String) {
        let (_, careful, read) = both(withDescription(snippet))
        #expect(read == careful)
        #expect(careful.first?.hasPrefix("$") == true)
    }

    @Test("invalid UTF-8 and a byte order mark for UTF-16 are reported as the reference reports them")
    func badBytes() {
        var bytes = Array(withDescription(#""caf\#u{E9}""#).utf8)
        let accent = bytes.firstIndex(of: 0xC3)!
        bytes[accent + 1] = 0x28 // not a continuation byte
        for document in [bytes, [0xFF, 0xFE] + Array(Fixture.json.utf8)] {
            let (refused, careful, read) = document.withUnsafeBufferPointer(outcomes)
            #expect(refused)
            #expect(read == careful)
            #expect(careful.first?.contains("not valid JSON") == true)
        }
    }

    /// The fixture with `bytes` inside the first product's description text.
    func withBytes(_ bytes: [UInt8]) -> [UInt8] {
        var document = Array(withDescription(#""caf~""#).utf8)
        let mark = document.firstIndex(of: UInt8(ascii: "~"))!
        document.replaceSubrange(mark...mark, with: bytes)
        return document
    }

    func outcomes(_ document: [UInt8]) -> (refused: Bool, careful: [String], read: [String]) {
        document.withUnsafeBufferPointer(outcomes)
    }

    @Test("malformed UTF-8 is refused and forbidden scalars are reported as the reference reports them; well-formed text past ASCII is read")
    func utf8Sequences() {
        let malformed: [[UInt8]] = [[0xE3, 0x28, 0x81], [0xE3, 0x81], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xC3],
                                    [0xDF, 0xC0], [0xF5, 0x80, 0x80, 0x80], [0xC0, 0xAF], [0xEF, 0xBF]]
        for bytes in malformed {
            let (refused, careful, read) = outcomes(withBytes(bytes))
            #expect(refused && read == careful, "\(bytes)")
            #expect(careful.first?.contains("invalid UTF-8") == true, "\(bytes)")
        }
        let forbidden: [[UInt8]] = [[0xD8, 0x9C], [0xC2, 0x85], [0xE2, 0x80, 0xAE], [0xE2, 0x81, 0xA6]]
        for bytes in forbidden {
            let (refused, careful, read) = outcomes(withBytes(bytes))
            #expect(!refused && read == careful, "\(bytes)")
            #expect(careful.first?.contains("bidirectional overrides are not allowed") == true, "\(bytes)")
        }
        let wellFormed: [[UInt8]] = [[0xE3, 0x81, 0x82], [0xD7, 0x90], [0xEF, 0xBC, 0x81], [0xF0, 0x9F, 0x98, 0x80],
                                     [0xE2, 0x82, 0xAC], [0xC2, 0xA9], [0xD8, 0xA7], [0xE0, 0xA4, 0x85], [0xED, 0x9F, 0xBF]]
        for bytes in wellFormed {
            let (_, careful, read) = outcomes(withBytes(bytes))
            #expect(read == careful && !careful.contains { $0.hasPrefix("$") } && !careful.contains("no catalog"), "\(bytes) \(careful)")
        }
    }

    @Test("what the parser accepts, the one pass accepts, with the same problems",
          arguments: [
              #""quote \" slash \/ backslash \\ \u00e9 \ud83d\ude00""#, #""brackets ] } [ { , : in a string""#, #""caf\#u{E9} 日本語 \#u{1F600}""#,
              "\"" + String(repeating: "long text ", count: 50) + "\"", #""x", "de": "y""#,
              // An object of 20 keys (more than are compared key by key) under an unknown key.
              "\"x\"}, \"more\": {" + (0..<20).map { "\"T\($0)\": \"1\"" }.joined(separator: ", ") + "}, \"z\": {\"a\": 1",
          ])
    func acceptedInOnePass(snippet: String) {
        let (refused, careful, read) = both(withDescription(snippet))
        #expect(!refused)
        #expect(read == careful)
    }

    @Test("a root array the reader does not read is still checked: sound, it is an unknown key; broken, a syntax error")
    func unknownRootArray() {
        // The root is level 1, "extra" 2, its object 3: 61 arrays make 64.
        let nesting = String(repeating: "[", count: 61) + String(repeating: "]", count: 61)
        let sound = both(Fixture.json.replacingOccurrences(of: #""territories": ["#, with: #""extra": [1, "a", {"b": \#(nesting)}], "territories": ["#))
        #expect(!sound.refused && sound.read == sound.careful)
        #expect(sound.careful.first?.contains("unknown key \"extra\"") == true)
        for broken in ["[1, 2,]", "[01]", "[{\"a\": 1, \"a\": 2}]", "[" + String(repeating: "[", count: 63) + String(repeating: "]", count: 64)] {
            let result = both(Fixture.json.replacingOccurrences(of: #""territories": ["#, with: #""extra": \#(broken), "territories": ["#))
            #expect(result.refused)
            #expect(result.read == result.careful && result.careful.count == 2) // the syntax problem, and no catalog
        }
    }

    @Test("nesting: 64 levels are read in one pass, 65 are refused as the parser refuses them")
    func nestingLimit() {
        // The root object is level 1: 63 arrays from level 2 make 64.
        let deepest = String(repeating: "[", count: 63) + String(repeating: "]", count: 63)
        let tooDeep = "[" + deepest + "]"
        let ok = both(Fixture.json.replacingOccurrences(of: #""app": {"#, with: #""extra": \#(deepest), "app": {"#))
        #expect(!ok.refused && ok.read == ok.careful)
        let refused = both(Fixture.json.replacingOccurrences(of: #""app": {"#, with: #""extra": \#(tooDeep), "app": {"#))
        #expect(refused.refused && refused.read == refused.careful)
        #expect(refused.careful.first?.contains("nested more than 64 levels deep") == true)
    }

    /// The fixture with each (old, new) replaced.
    func fixture(_ changes: [(String, String)]) -> String {
        changes.reduce(Fixture.json) { json, change in
            precondition(json.contains(change.0), "fixture does not contain \(change.0)")
            return json.replacingOccurrences(of: change.0, with: change.1)
        }
    }

    @Test("the first problem in the document wins, though the root's arrays are checked after the root and in the reader's order",
          arguments: [
              // A broken element of an earlier root array, before a later root member's problem.
              ([(#""locale": "en_GB"}"#, #""locale": "en_GB",}"#), (#""subscriptionGroups": ["#, #""later": tru, "subscriptionGroups": ["#)],
               "line 8, column 58: a comma before '}' is not allowed in JSON"),
              // An unknown array first in the file (checked last), before a broken array the reader reads first.
              ([(#""app": {"#, #""extra": [1, 2,], "app": {"#), (#""locale": "en_US"}"#, #""locale": "en_US",}"#)],
               "line 2, column 18: a comma before ']' is not allowed in JSON"),
              // A root array whose scan breaks off (its brackets do not match): its elements say where.
              ([(#""app": {"#, #""extra": [1, 2}, "app": {"#)], "line 2, column 17: expected ',' or ']' after an array element, found '}'"),
              // A string left open inside a root array: its scan runs on past the line's end.
              ([(#""name": {"en": "Plus"}"#, #""name": {"en": "Plus}"#)], "line 11, column 43: a raw control character U+000A (line feed) inside a string"),
              // A duplicate key in an element of a root array, and in an array element inside another.
              ([(#""code": "DEU","#, #""code": "DEU", "code": "X","#)], "$.territories[1]: duplicate key \"code\""),
              ([(#""app": {"#, #""extra": [[0, {"k": 1, "k": 2}]], "app": {"#)], "$.extra[0][1]: duplicate key \"k\""),
              ([(#""app": {"#, #""extra": {"a": [0, {"k": 1, "k": 2}]}, "app": {"#)], "$.extra.a[1]: duplicate key \"k\""),
              // A duplicate root key after a broken root array: the array's problem is first.
              ([(#""locale": "de_DE"}"#, #""locale": "de_DE" x}"#), (#""offerCodes": ["#, #""app": 1, "offerCodes": ["#)],
               "expected ',' or '}' after an object member, found 'x'"),
          ])
    func firstProblemInDocumentOrder(changes: [(String, String)], expected: String) {
        let (refused, careful, read) = both(fixture(changes))
        #expect(refused)
        #expect(read == careful)
        #expect(read.count == 2 && read.first?.contains(expected) == true, "\(read)")
    }

    @Test("300 random damages to a catalog: the reading reports exactly what the careful reading reports")
    func damagedCatalogs() {
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let original = Array(Fixture.json.utf8)
        let inserts: [[UInt8]] = ["{", "}", "[", "]", ",", ":", "\"", "\\", " ", "0", "a", "\u{7F}", "é", "\\u", "-"].map { Array($0.utf8) }
        var refusedCount = 0
        for _ in 0..<300 {
            var bytes = original
            for _ in 0...next(2) {
                let at = next(bytes.count)
                switch next(3) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(contentsOf: inserts[next(inserts.count)], at: at)
                default: bytes.replaceSubrange(at..<min(at + 1 + next(8), bytes.count), with: inserts[next(inserts.count)])
                }
            }
            let (refused, careful, read) = outcomes(bytes)
            #expect(read == careful, "\(String(decoding: bytes, as: UTF8.self))")
            if refused { refusedCount += 1 }
        }
        // Most damage breaks the JSON (refused); some leaves it valid (read for its meaning), and both happen.
        #expect(refusedCount > 100 && refusedCount < 300)
    }
}
