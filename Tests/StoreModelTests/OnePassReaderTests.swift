import Foundation
import Testing
@testable import StoreModel

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
