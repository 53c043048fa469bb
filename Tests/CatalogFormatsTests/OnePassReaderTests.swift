@testable import CatalogFormats
import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// The catalog is read in one pass over its bytes (issue 9: lint of 100,000 products in a second): the
/// tapes check the JSON as they lay it out, and anything they do not accept is read again the careful
/// way (`readCheckingFirst`), so every problem is reported exactly as that reader reports it.
@Suite("One-pass catalog reading")
struct OnePassReaderTests {
    /// Problems and product ids, from the one-pass reader (nil when it hands over) and the careful one.
    func both(_ text: String) -> (onePass: [String]?, careful: [String], read: [String]) {
        let data = Data(text.utf8)
        return data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            func outcome(_ read: (Catalog?, ProblemLog)) -> [String] {
                read.1.problems.map(\.description) + (read.0?.products.map(\.id) ?? ["no catalog"])
            }
            return (CatalogLoader.readInOnePass(bytes).map(outcome), outcome(CatalogLoader.readCheckingFirst(bytes)),
                    outcome(CatalogLoader.read(bytes)))
        }
    }

    /// The fixture with `snippet` in place of the first product's description text.
    func withDescription(_ snippet: String) -> String {
        Fixture.json.replacingOccurrences(of: #""description": {"en": "One boost."}"#, with: #""description": {"en": "#
                                          + snippet + "}")
    }

    @Test("a sound catalog is read in one pass, to the same catalog the careful reading makes")
    func soundInOnePass() throws {
        let (onePass, careful, _) = both(Fixture.json)
        #expect(onePass != nil)
        #expect(onePass == careful)
        #expect(!careful.contains("no catalog"))
    }

    @Test("JSON the parser refuses, and forbidden characters, are handed to the careful reading, which reports them",
          arguments: [
              #""One boost.","#, #""One boost."#, #""bad \x escape""#, #""lone \ud800 half""#, #""\udc00""#,
              "\"raw \u{01} control\"", #""One" "boost""#, "01", "1.", "-", "1e999", "tru", "nul", "+1", ".5",
              #""a", "en": "b""#, "\"\u{7F} DEL\"", #""escaped \n newline""#, "\"\u{202E} override\"", #""\u202e""#,
              "\"\u{85} C1\"", #""\u0007""#, "[" + String(repeating: "[", count: 70) + String(repeating: "]", count: 71),
              // A duplicate key among 20 (found by the set a large object's keys are kept in).
              "\"x\"}, \"more\": {" + (0..<20).map { "\"T\($0 % 19)\": \"1\"" }.joined(separator: ", ") + "}, \"z\": {\"a\": 1",
          ])
    func refusedGoesCareful(snippet: String) {
        let (onePass, careful, read) = both(withDescription(snippet))
        #expect(onePass == nil)
        #expect(read == careful)
        #expect(!careful.isEmpty)
    }

    @Test("invalid UTF-8 and a byte order mark for UTF-16 are handed over too")
    func badBytes() {
        var bytes = Array(withDescription(#""caf\#u{E9}""#).utf8)
        let accent = bytes.firstIndex(of: 0xC3)!
        bytes[accent + 1] = 0x28 // not a continuation byte
        for document in [bytes, [0xFF, 0xFE] + Array(Fixture.json.utf8)] {
            let (onePass, careful) = document.withUnsafeBufferPointer { bytes in
                (CatalogLoader.readInOnePass(bytes), CatalogLoader.readCheckingFirst(bytes).1.problems.map(\.description))
            }
            #expect(onePass == nil)
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

    func outcomes(_ document: [UInt8]) -> (onePass: [String]?, careful: [String]) {
        document.withUnsafeBufferPointer { bytes in
            (CatalogLoader.readInOnePass(bytes).map { $0.1.problems.map(\.description) },
             CatalogLoader.readCheckingFirst(bytes).1.problems.map(\.description))
        }
    }

    @Test("malformed UTF-8 and forbidden scalars are handed over; well-formed text past ASCII is read in one pass")
    func utf8Sequences() {
        let malformed: [[UInt8]] = [[0xE3, 0x28, 0x81], [0xE3, 0x81], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xC3],
                                    [0xDF, 0xC0], [0xF5, 0x80, 0x80, 0x80], [0xC0, 0xAF], [0xEF, 0xBF]]
        for bytes in malformed {
            let (onePass, careful) = outcomes(withBytes(bytes))
            #expect(onePass == nil, "\(bytes)")
            #expect(careful.first?.contains("invalid UTF-8") == true, "\(bytes)")
        }
        let forbidden: [[UInt8]] = [[0xD8, 0x9C], [0xC2, 0x85], [0xE2, 0x80, 0xAE], [0xE2, 0x81, 0xA6]]
        for bytes in forbidden {
            let (onePass, careful) = outcomes(withBytes(bytes))
            #expect(onePass == nil, "\(bytes)")
            #expect(careful.first?.contains("bidirectional overrides are not allowed") == true, "\(bytes)")
        }
        let wellFormed: [[UInt8]] = [[0xE3, 0x81, 0x82], [0xD7, 0x90], [0xEF, 0xBC, 0x81], [0xF0, 0x9F, 0x98, 0x80],
                                     [0xE2, 0x82, 0xAC], [0xC2, 0xA9], [0xD8, 0xA7], [0xE0, 0xA4, 0x85], [0xED, 0x9F, 0xBF]]
        for bytes in wellFormed {
            let (onePass, careful) = outcomes(withBytes(bytes))
            #expect(onePass == careful && careful.isEmpty, "\(bytes) \(careful)")
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
        let (onePass, careful, _) = both(withDescription(snippet))
        #expect(onePass != nil)
        #expect(onePass == careful)
    }

    @Test("a root array the reader does not read is still checked: sound, it is an unknown key; broken, a syntax error")
    func unknownRootArray() {
        // The root is level 1, "extra" 2, its object 3: 61 arrays make 64.
        let nesting = String(repeating: "[", count: 61) + String(repeating: "]", count: 61)
        let sound = both(Fixture.json.replacingOccurrences(of: #""territories": ["#, with: #""extra": [1, "a", {"b": \#(nesting)}], "territories": ["#))
        #expect(sound.onePass != nil && sound.onePass == sound.careful)
        #expect(sound.careful.first?.contains("unknown key \"extra\"") == true)
        for broken in ["[1, 2,]", "[01]", "[{\"a\": 1, \"a\": 2}]", "[" + String(repeating: "[", count: 63) + String(repeating: "]", count: 64)] {
            let result = both(Fixture.json.replacingOccurrences(of: #""territories": ["#, with: #""extra": \#(broken), "territories": ["#))
            #expect(result.onePass == nil)
            #expect(result.read == result.careful && result.careful.count == 2) // the syntax problem, and no catalog
        }
    }

    @Test("nesting: 64 levels are read in one pass, 65 are refused as the parser refuses them")
    func nestingLimit() {
        // The root object is level 1: 63 arrays from level 2 make 64.
        let deepest = String(repeating: "[", count: 63) + String(repeating: "]", count: 63)
        let tooDeep = "[" + deepest + "]"
        let ok = both(Fixture.json.replacingOccurrences(of: #""app": {"#, with: #""extra": \#(deepest), "app": {"#))
        #expect(ok.onePass != nil && ok.onePass == ok.careful)
        let refused = both(Fixture.json.replacingOccurrences(of: #""app": {"#, with: #""extra": \#(tooDeep), "app": {"#))
        #expect(refused.onePass == nil && refused.careful.first?.contains("nested more than 64 levels deep") == true)
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
        var handedOver = 0
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
            let (read, careful, onePass) = bytes.withUnsafeBufferPointer { bytes in
                func outcome(_ read: (Catalog?, ProblemLog)) -> [String] {
                    read.1.problems.map(\.description) + (read.0?.products.map(\.id) ?? ["no catalog"])
                }
                return (outcome(CatalogLoader.read(bytes)), outcome(CatalogLoader.readCheckingFirst(bytes)),
                        CatalogLoader.readInOnePass(bytes))
            }
            #expect(read == careful, "\(String(decoding: bytes, as: UTF8.self))")
            if onePass == nil { handedOver += 1 }
        }
        // Most damage breaks the JSON (handed over); some leaves it valid (read in one pass), and both happen.
        #expect(handedOver > 100 && handedOver < 300)
    }
}
