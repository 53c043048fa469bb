@_spi(Fuzzing) import CatalogFormats
import Foundation
import TextSafety

/// The REFERENCE JSON reader: the recursive-descent parser the catalog reader used before the tape
/// reported its own problems (issue 25). It is not in the app: the tests (`OnePassReaderTests`) and the
/// fuzz targets (`catalog-careful`, `catalog-differential`) compare the tape's verdict, messages,
/// positions and paths with it, so the grammar has a second, independent writing to be checked against.
/// (It lives here, not in TestSupport, because the fuzz targets link it and TestSupport links Testing.)
public enum ReferenceJSON {
    /// The document's tree and whether a string or key holds a forbidden character, or the problem the
    /// reader must report for it (syntax: at the root with line and column; a duplicate key: at its object).
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<(value: JSONValue, hasForbiddenText: Bool), CatalogProblem> {
        var parser = JSONParser(bytes)
        do throws(JSONParser.Failure) {
            let value = try parser.document()
            return .success((value, parser.sawForbiddenText))
        } catch {
            return .failure(error.problem)
        }
    }
}

/// A hand-written parser over the file's bytes: positions for every error, member order kept,
/// duplicate keys refused, nesting bounded, and fast enough for a 100,000-product catalog (no regular
/// expressions, formatters or string bridging per value).
struct JSONParser {
    /// Deeper nesting is refused with a message instead of overflowing the stack. A catalog needs 6.
    static let maxDepth = 64

    struct Failure: Error {
        /// Byte offset of the problem.
        var offset: Int
        var message: String
        /// Where in the document: filled in on the way out, for a duplicate key's message.
        var path: [JSONPath.Component] = []
        var isDuplicateKey = false
        /// The problem as the catalog reader reports it (positions are worked out here, only on error).
        var positionedMessage: String = ""

        var problem: CatalogProblem {
            isDuplicateKey
                ? CatalogProblem(path: path.reduce(JSONPath.root) { path, component in
                    switch component {
                    case .key(let key): path.appending(key)
                    case .index(let index): path.appending(index)
                    }
                }, reason: positionedMessage)
                : CatalogProblem(path: .root, reason: "not valid JSON: \(positionedMessage)")
        }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    /// False for a checking pass: every rule is checked and keys are compared, but no value is kept
    /// (each comes back as `.null`), so a large document is checked without building its tree.
    private let building: Bool
    private var offset = 0
    private var depth = 0
    private var bomLength = 0
    /// Whether a string or key held a scalar `UntrustedText.isForbidden` refuses (DEL, a C1 control, a
    /// bidirectional control, or an escaped C0 control); noted in passing, as the bytes are checked anyway.
    private(set) var sawForbiddenText = false
    /// Whether the last string read was printable ASCII without escapes, taken from the file as it is.
    private var lastStringWasPlain = false
    /// Members, key offsets and elements of the objects and arrays being read, innermost last: each
    /// container is copied out in one allocation of the right size when it closes, instead of growing
    /// an array of its own.
    private var pendingMembers: [JSONObject.Member] = []
    private var pendingKeys: [PendingKey] = []
    private var pendingItems: [JSONValue] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>, building: Bool = true) {
        self.bytes = bytes
        self.building = building
    }

    /// The whole document: one value with nothing but white space after it.
    mutating func document() throws(Failure) -> JSONValue {
        do throws(Failure) {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bomLength = 3; offset = 3 }
            if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
                throw Failure(offset: 0, message: "the file is UTF-16; save it as UTF-8")
            }
            skipWhitespace()
            let value = try self.value()
            skipWhitespace()
            if offset < bytes.count { throw failure("unexpected \(found) after the JSON value") }
            return value
        } catch {
            var located = error
            located.positionedMessage = error.isDuplicateKey ? error.message : "\(position(error.offset)): \(error.message)"
            throw located
        }
    }

    // MARK: values

    private mutating func value() throws(Failure) -> JSONValue {
        skipWhitespace()
        guard offset < bytes.count else { throw failure("expected a JSON value, found the end of the file") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""):
            let text = try string(keep: building)
            return building ? .string(text) : .null
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("expected a JSON value, found \(found)")
        }
    }

    private mutating func object() throws(Failure) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        let base = pendingMembers.count
        let keyBase = pendingKeys.count
        defer { pendingKeys.removeSubrange(keyBase...) }
        /// Built once an object grows past a few keys, so a huge object is not checked quadratically.
        var index: [String: Int]? = nil
        skipWhitespace()
        if peek == UInt8(ascii: "}") { offset += 1; return .object(JSONObject()) }
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else {
                if peek == UInt8(ascii: "}") { throw failure("a comma before '}' is not allowed in JSON") }
                throw failure("expected a key in double quotes, found \(found)")
            }
            let keyOffset = offset
            // A checking pass keeps a plain key as its place in the file and compares bytes; a key with
            // escapes or past ASCII is decoded and compared as a String, as before.
            var key = PendingKey(offset: keyOffset, end: 0, text: try string(keep: building))
            if lastStringWasPlain {
                key.end = offset - 1
                if !building { key.text = nil }
            } else if !building {
                offset = keyOffset
                key.text = try string()
            }
            if pendingKeys.count - keyBase == Self.indexedObjectSize && index == nil {
                index = Dictionary(uniqueKeysWithValues: (keyBase..<pendingKeys.count).map { (text(of: pendingKeys[$0]), $0) })
            }
            let earlier: Int? = if let index { index[text(of: key)] } else {
                pendingKeys[keyBase...].firstIndex { sameKey($0, key) }
            }
            if let earlier {
                throw Failure(offset: keyOffset,
                              message: "duplicate key \(UntrustedText.quoted(text(of: key))) at \(position(keyOffset)), "
                                  + "first at \(position(pendingKeys[earlier].offset)); JSON readers disagree on which one wins",
                              isDuplicateKey: true)
            }
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw failure("expected ':' after the key, found \(found)") }
            offset += 1
            let value: JSONValue
            do throws(Failure) { value = try self.value() } catch {
                var outer = error
                outer.path.insert(.key(text(of: key)), at: 0)
                throw outer
            }
            index?[text(of: key)] = pendingKeys.count
            if building { pendingMembers.append(JSONObject.Member(key: key.text!, value: value)) }
            pendingKeys.append(key)
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                if !building { return .null }
                let members = Array(pendingMembers[base...])
                pendingMembers.removeSubrange(base...)
                return .object(JSONObject(members))
            default: throw failure("expected ',' or '}' after an object member, found \(found)")
            }
        }
    }

    /// Objects with more keys than this look a new key up in a dictionary instead of comparing it with
    /// every earlier one.
    static let indexedObjectSize = 16

    /// A key of an object being read, for the duplicate check: where it starts, and either where its
    /// plain ASCII text ends in the file (`text` nil) or its decoded text.
    struct PendingKey {
        var offset: Int
        var end: Int
        var text: String?
    }

    private func text(of key: PendingKey) -> String {
        key.text ?? String(decoding: UnsafeBufferPointer(rebasing: bytes[key.offset + 1..<key.end]), as: UTF8.self)
    }

    /// Whether two keys are the same, as Swift compares strings: bytes for two plain ASCII keys, whose
    /// texts are equal only when their bytes are; Strings (canonical equivalence) otherwise.
    private func sameKey(_ a: PendingKey, _ b: PendingKey) -> Bool {
        if a.end > 0 && b.end > 0 {
            let length = a.end - a.offset
            guard length == b.end - b.offset else { return false }
            return memcmp(bytes.baseAddress! + a.offset, bytes.baseAddress! + b.offset, length) == 0
        }
        return text(of: a) == text(of: b)
    }

    private mutating func array() throws(Failure) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        let base = pendingItems.count
        var count = 0
        skipWhitespace()
        if peek == UInt8(ascii: "]") { offset += 1; return .array([]) }
        while true {
            skipWhitespace()
            if peek == UInt8(ascii: "]") { throw failure("a comma before ']' is not allowed in JSON") }
            do throws(Failure) {
                let item = try value()
                if building { pendingItems.append(item) }
            } catch {
                var outer = error
                outer.path.insert(.index(count), at: 0)
                throw outer
            }
            count += 1
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"):
                offset += 1
                if !building { return .null }
                let items = Array(pendingItems[base...])
                pendingItems.removeSubrange(base...)
                return .array(items)
            default: throw failure("expected ',' or ']' after an array element, found \(found)")
            }
        }
    }

    /// Steps past '{' or '[', refusing nesting deeper than `maxDepth`.
    private mutating func enter() throws(Failure) {
        guard depth < Self.maxDepth else { throw failure("nested more than \(Self.maxDepth) levels deep") }
        depth += 1
        offset += 1
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let length = word.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: length)
        guard offset + length <= bytes.count, bytes[offset..<offset + length].elementsEqual(expected) else {
            throw failure("expected a JSON value, found \(found)")
        }
        offset += length
    }

    // MARK: numbers

    /// -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?, nothing else (no "+1", ".5", "1.", NaN).
    private mutating func number() throws(Failure) -> Double {
        let start = offset
        if peek == UInt8(ascii: "-") { offset += 1 }
        guard isDigit(peek) else { throw failure("expected a digit after '-', found \(found)") }
        if peek == UInt8(ascii: "0") {
            offset += 1
            if isDigit(peek) { throw failure("a number cannot start with 0 (write 7, not 07)") }
        } else {
            skipDigits()
        }
        var isInteger = true
        if peek == UInt8(ascii: ".") {
            offset += 1
            guard isDigit(peek) else { throw failure("expected a digit after the decimal point, found \(found)") }
            skipDigits()
            isInteger = false
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            offset += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { offset += 1 }
            guard isDigit(peek) else { throw failure("expected a digit in the exponent, found \(found)") }
            skipDigits()
            isInteger = false
        }
        if isInteger && offset - start <= 18 {
            var magnitude = 0
            for byte in bytes[start..<offset] where byte != UInt8(ascii: "-") {
                magnitude = magnitude * 10 + Int(byte &- UInt8(ascii: "0"))
            }
            return Double(bytes[start] == UInt8(ascii: "-") ? -magnitude : magnitude)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            throw Failure(offset: start, message: "the number \(text) is too large")
        }
        return number
    }

    private func isDigit(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while offset < bytes.count, bytes[offset] >= UInt8(ascii: "0"), bytes[offset] <= UInt8(ascii: "9") { offset += 1 }
    }

    // MARK: strings

    /// A string from its opening quote. Text without escapes is taken from the file in one piece.
    private mutating func string(keep: Bool = true) throws(Failure) -> String {
        let quote = offset
        let start = offset + 1
        let bytes = self.bytes
        // A local index, so the common loop over plain ASCII keeps it in a register.
        var index = start
        var plain = true
        lastStringWasPlain = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            offset = index
            if byte == UInt8(ascii: "\"") {
                offset += 1
                lastStringWasPlain = plain
                return keep ? String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self) : ""
            }
            if byte == UInt8(ascii: "\\") { return try escapedString(from: start, quote: quote) }
            try stepInString(byte)
            plain = false
            index = offset
        }
        throw Failure(offset: quote, message: "a string that is never closed")
    }

    /// The rest of a string that has escapes, decoded into a byte buffer.
    private mutating func escapedString(from start: Int, quote: Int) throws(Failure) -> String {
        var buffer = Array(bytes[start..<offset])
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                offset += 1
                return String(decoding: buffer, as: UTF8.self)
            }
            if byte != UInt8(ascii: "\\") {
                let from = offset
                try stepInString(byte)
                buffer.append(contentsOf: bytes[from..<offset])
                continue
            }
            let escape = offset
            offset += 1
            guard offset < bytes.count else { break }
            switch bytes[offset] {
            case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): buffer.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): buffer.append(0x08); sawForbiddenText = true
            case UInt8(ascii: "f"): buffer.append(0x0C); sawForbiddenText = true
            case UInt8(ascii: "n"): buffer.append(0x0A); sawForbiddenText = true
            case UInt8(ascii: "r"): buffer.append(0x0D); sawForbiddenText = true
            case UInt8(ascii: "t"): buffer.append(0x09); sawForbiddenText = true
            case UInt8(ascii: "u"):
                offset += 1
                let scalar = try unicodeEscape(at: escape)
                if UntrustedText.isForbidden(scalar) { sawForbiddenText = true }
                UTF8.encode(scalar) { buffer.append($0) }
                continue
            default:
                let what = found
                offset = escape
                throw failure("'\\' followed by \(what) is not a JSON escape; "
                              + "JSON has \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t and \\uXXXX")
            }
            offset += 1
        }
        throw Failure(offset: quote, message: "a string that is never closed")
    }

    /// One byte (or UTF-8 sequence) of string content: raw control characters and invalid UTF-8 refused.
    private mutating func stepInString(_ byte: UInt8) throws(Failure) {
        if byte < 0x20 {
            throw failure("a raw control character \(UntrustedText.describe(Unicode.Scalar(byte))) inside a string")
        }
        if byte < 0x80 {
            if byte == 0x7F { sawForbiddenText = true }
            offset += 1
            return
        }
        guard let (length, forbidden) = UTF8Sequence.check(bytes, at: offset) else { throw invalidUTF8(byte) }
        if forbidden { sawForbiddenText = true }
        offset += length
    }

    private func invalidUTF8(_ byte: UInt8) -> Failure {
        failure("invalid UTF-8 (a sequence starting with byte 0x\(String(byte, radix: 16, uppercase: true)))")
    }

    /// The scalar of \uXXXX (offset just past the 'u'), pairing UTF-16 surrogates.
    private mutating func unicodeEscape(at escape: Int) throws(Failure) -> Unicode.Scalar {
        let first = try hex4(escape)
        switch first {
        case 0xD800...0xDBFF:
            let second = offset
            guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                throw Failure(offset: escape, message: "\\u\(hex(first)) is half a UTF-16 surrogate pair; the \\uDC00–\\uDFFF half must follow it")
            }
            offset += 2
            let low = try hex4(second)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw Failure(offset: escape, message: "\\u\(hex(first)) is half a UTF-16 surrogate pair; \\u\(hex(low)) cannot follow it")
            }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (low - 0xDC00))!
        case 0xDC00...0xDFFF:
            throw Failure(offset: escape, message: "\\u\(hex(first)) is the second half of a UTF-16 surrogate pair, without a first")
        default:
            return Unicode.Scalar(first)!
        }
    }

    private mutating func hex4(_ escape: Int) throws(Failure) -> UInt32 {
        guard let value = Self.hex4(bytes, at: offset) else {
            throw Failure(offset: escape, message: "\\u needs four hexadecimal digits")
        }
        offset += 4
        return value
    }

    /// The four hexadecimal digits at `index` (of a \\uXXXX escape) as a number; nil for anything else.
    /// (Written apart from the tape's on purpose: a reference shares no code with what it checks.)
    static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        let digits = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<index + 4]), as: UTF8.self)
        guard digits.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit }) else { return nil }
        return UInt32(digits, radix: 16)
    }

    /// A UTF-16 code unit as four upper-case hexadecimal digits.
    private func hex(_ value: UInt32) -> String {
        String(("000" + String(value, radix: 16, uppercase: true)).suffix(4))
    }

    // MARK: positions

    private var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func skipWhitespace() {
        var index = offset
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
        offset = index
    }

    private func failure(_ message: String) -> Failure { Failure(offset: offset, message: message) }

    /// What is at the current offset, for messages: "'x'", "byte 0xC3", "the end of the file".
    private var found: String {
        guard let byte = peek else { return "the end of the file" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// "line 12, column 7" for a byte offset; columns count characters (Unicode scalars), from 1.
    /// Worked out only when there is an error, so parsing does not pay for it. (Counted otherwise than
    /// the tape counts: lines by their feeds, the column from the last one.)
    private func position(_ target: Int) -> String {
        let before = UnsafeBufferPointer(rebasing: bytes[bomLength..<max(bomLength, min(target, bytes.count))])
        let line = 1 + before.filter { $0 == 0x0A }.count
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let column = 1 + before[lineStart...].filter { $0 & 0xC0 != 0x80 }.count
        return "line \(line), column \(column)"
    }
}

