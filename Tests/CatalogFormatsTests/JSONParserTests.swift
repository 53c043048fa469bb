@testable import CatalogFormats
import Foundation
@testable import StoreModel
import Testing
import TextSafety

/// The catalog's own JSON parser: strict RFC 8259, every error with its line and column, member order
/// kept, duplicate keys refused, and hostile input (deep nesting, bad UTF-8) refused instead of crashing.
@Suite("JSON parser")
struct JSONParserTests {
    func parse(_ text: String) throws(CatalogProblem) -> JSONValue { try JSONValue.parse(Data(text.utf8)) }

    /// The problem the text gives, or nil if it parses.
    func error(_ bytes: [UInt8]) -> String? {
        do {
            _ = try JSONValue.parse(Data(bytes))
            return nil
        } catch {
            return error.description
        }
    }

    func error(_ text: String) -> String? { error(Array(text.utf8)) }

    @Test("a syntax error says the line and column")
    func syntaxErrorPosition() {
        let text = "{\n  \"a\": 1\n  \"b\": 2\n}"
        #expect(error(text) == #"$: not valid JSON: line 3, column 3: expected ',' or '}' after an object member, found '"'"#)
        #expect(error("[1, 2 3]") == "$: not valid JSON: line 1, column 7: expected ',' or ']' after an array element, found '3'")
        #expect(error("") == "$: not valid JSON: line 1, column 1: expected a JSON value, found the end of the file")
        #expect(error("{\"name\": \"never closed}") == "$: not valid JSON: line 1, column 10: a string that is never closed")
    }

    @Test("columns count characters, not bytes")
    func columnsCountCharacters() {
        #expect(error(#"{"名前": "ブースト" x}"#) == "$: not valid JSON: line 1, column 15: expected ',' or '}' after an object member, found 'x'")
    }

    @Test("objects keep their members in document order")
    func memberOrder() throws {
        guard case .object(let object) = try parse(#"{"b": 1, "a": 2, "c": {"z": null, "y": true}}"#) else {
            Issue.record("not an object"); return
        }
        #expect(object.keys == ["b", "a", "c"])
        #expect(object["a"] == .number(2))
        #expect(object["missing"] == nil)
        guard case .object(let inner)? = object["c"] else { Issue.record("c is not an object"); return }
        #expect(inner.keys == ["z", "y"])
    }

    @Test("a duplicate key is an error with the object's path and both positions")
    func duplicateKey() {
        let text = "{\"groups\": [{\"id\": \"a\",\n  \"id\": \"b\"}]}"
        #expect(error(text) == #"$.groups[0]: duplicate key "id" at line 2, column 3, first at line 1, column 14; JSON readers disagree on which one wins"#)
    }

    @Test("a duplicate key is found in a large object too")
    func duplicateKeyInLargeObject() {
        let members = (0..<50).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        #expect(error("{\(members), \"k7\": 0}")?.hasPrefix(#"$: duplicate key "k7" at line 1, column "#) == true)
        #expect(error("{\(members)}") == nil)
    }

    @Test("escapes decode, UTF-16 surrogate pairs included")
    func escapes() throws {
        let value = try parse(#"["\u00e9\uD83D\uDE00\n\t\"\\\/\b\f\r", "\u0041"]"#)
        #expect(value == .array([.string("é😀\n\t\"\\/\u{08}\u{0C}\r"), .string("A")]))
    }

    @Test("a lone or unpaired surrogate and an unknown escape are refused")
    func badEscapes() {
        #expect(error(#"["\uD83D"]"#)?.contains(#"\uD83D is half a UTF-16 surrogate pair"#) == true)
        #expect(error(#"["\uD83D\u0041"]"#)?.contains(#"\u0041 cannot follow it"#) == true)
        #expect(error(#"["\uDE00"]"#)?.contains("second half of a UTF-16 surrogate pair") == true)
        #expect(error(#"["\x41"]"#) == #"$: not valid JSON: line 1, column 3: '\' followed by 'x' is not a JSON escape; JSON has \", \\, \/, \b, \f, \n, \r, \t and \uXXXX"#)
        #expect(error(#"["\u12G4"]"#)?.contains(#"\u needs four hexadecimal digits"#) == true)
    }

    @Test("numbers follow RFC 8259 strictly")
    func numbers() throws {
        #expect(try parse("[0, -0, 12, -12, 1.5, 1.5e3, 1E-2, 123456789012345678901]")
                == .array([.number(0), .number(0), .number(12), .number(-12), .number(1.5), .number(1500),
                           .number(0.01), .number(123456789012345678901)]))
        for bad in ["01", "+1", ".5", "1.", "1e", "1e+", "-", "NaN", "Infinity", "-Infinity", "0x10"] {
            #expect(error("[\(bad)]")?.hasPrefix("$: not valid JSON: line 1, column ") == true, "accepted \(bad)")
        }
        #expect(error("[1e400]")?.contains("the number 1e400 is too large") == true)
    }

    @Test("literals are lower case and whole")
    func literals() throws {
        #expect(try parse("[true, false, null]") == .array([.bool(true), .bool(false), .null]))
        for bad in ["True", "nul", "falsey", "undefined"] {
            #expect(error("[\(bad)]") != nil, "accepted \(bad)")
        }
    }

    @Test("no trailing commas")
    func trailingCommas() {
        #expect(error("[1, 2,]") == "$: not valid JSON: line 1, column 7: a comma before ']' is not allowed in JSON")
        #expect(error(#"{"a": 1,}"#) == "$: not valid JSON: line 1, column 9: a comma before '}' is not allowed in JSON")
        #expect(error("[1,,2]") != nil)
    }

    @Test("nothing may follow the value")
    func nothingAfterValue() throws {
        #expect(error("{} x") == "$: not valid JSON: line 1, column 4: unexpected 'x' after the JSON value")
        #expect(error("{}{}") != nil)
        #expect(try parse(" \n\t{}\r\n ") == .object(JSONObject()))
    }

    @Test("a UTF-8 byte order mark is tolerated; UTF-16 is refused clearly")
    func byteOrderMark() {
        #expect(error([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8)) == nil)
        #expect(error([0xEF, 0xBB, 0xBF] + Array("{,}".utf8)) == "$: not valid JSON: line 1, column 2: expected a key in double quotes, found ','")
        #expect(error([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00]) == "$: not valid JSON: line 1, column 1: the file is UTF-16; save it as UTF-8")
    }

    @Test("invalid UTF-8 is refused with its position")
    func invalidUTF8() {
        let prefix = Array("{\"a\": \"x".utf8), suffix = Array("\"}".utf8)
        for bad: [UInt8] in [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE3, 0x81], [0x80]] {
            let found = error(prefix + bad + suffix)
            #expect(found?.hasPrefix("$: not valid JSON: line 1, column 9: invalid UTF-8 (a sequence starting with byte 0x") == true,
                    "\(bad): \(found ?? "accepted")")
        }
        #expect(error(prefix + [0xE3, 0x81, 0x82] + suffix) == nil)
        #expect(error([0xC3, 0xA9]) == "$: not valid JSON: line 1, column 1: expected a JSON value, found byte 0xC3")
    }

    @Test("a raw control character inside a string is refused: JSON needs it escaped")
    func rawControlCharacter() {
        #expect(error("[\"a\nb\"]") == "$: not valid JSON: line 1, column 4: a raw control character U+000A (line feed) inside a string")
        #expect(error("[\"a\u{1B}b\"]")?.contains("U+001B (escape)") == true)
    }

    @Test("deep nesting is an error, not a stack overflow")
    func deepNesting() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(error(deep) == "$: not valid JSON: line 1, column 65: nested more than 64 levels deep")
        let deepObjects = String(repeating: #"{"a":"#, count: 10_000)
        #expect(error(deepObjects)?.contains("nested more than 64 levels deep") == true)
        let limit = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(error(limit) == nil)
    }

    @Test("a hostile key in a duplicate-key message is escaped, one line")
    func hostileDuplicateKey() {
        let found = error(#"{"a\u001b]0;x\u0007\nb": 1, "a\u001b]0;x\u0007\nb": 2}"#)
        #expect(found == #"$: duplicate key "a\e]0;x\u{7}\nb" at line 1, column 29, first at line 1, column 2; JSON readers disagree on which one wins"#)
    }

    @Test("the parser notes forbidden text exactly where UntrustedText would refuse it, raw or escaped")
    func forbiddenTextNoted() throws {
        func noted(_ json: String) throws -> Bool { try JSONValue.parseNoting(Data(json.utf8)).hasForbiddenText }
        // Every scalar written raw in a string, and every BMP scalar written as an escape.
        let scalars = (0x20...0x10FFFF).lazy.compactMap(Unicode.Scalar.init).filter { $0 != "\"" && $0 != "\\" }
        for scalar in scalars where scalar.value < 0x3000 || scalar.value % 97 == 0 {
            let raw = try noted("[\"a\(Character(scalar))b\"]")
            #expect(raw == UntrustedText.isForbidden(scalar), "raw U+\(String(scalar.value, radix: 16))")
        }
        for value in 0..<0x3000 where !(0xD800...0xDFFF).contains(value) {
            let scalar = Unicode.Scalar(UInt32(value))!
            let hex = String(value, radix: 16)
            let escaped = try noted("{\"k\\u\(String(repeating: "0", count: 4 - hex.count) + hex)\": 1}")
            #expect(escaped == UntrustedText.isForbidden(scalar), "escaped U+\(hex)")
        }
        #expect(try noted(#"["\uD83D\uDE00", "plain", "ブースト"]"#) == false)
    }
}
