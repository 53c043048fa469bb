import Foundation
import StoreModel
import TextSafety

/// A JSON document as a tree, so the catalog reader can walk it and report every problem with its path
/// instead of stopping at the first one (which is all `Decodable` would give us).
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// What the value is, for messages: "a string", "an array", ...
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Parses JSON text (RFC 8259, strictly; a leading UTF-8 byte order mark is skipped). A syntax error
    /// says where, by line and column; a key given twice in one object is refused with the object's path
    /// and both places, since JSON readers disagree on which of the two wins.
    public static func parse(_ data: Data) throws(CatalogProblem) -> JSONValue {
        try parseNoting(data).value
    }

    /// Parses, also saying whether any string or key holds a character `UntrustedText` forbids, so
    /// the catalog reader walks the tree looking for them only when there is one to find.
    static func parseNoting(_ data: Data) throws(CatalogProblem) -> (value: JSONValue, hasForbiddenText: Bool) {
        let result: Result<(JSONValue, Bool), JSONParser.Failure> = data.withUnsafeBytes { raw in
            var parser = JSONParser(raw.bindMemory(to: UInt8.self))
            do throws(JSONParser.Failure) {
                let value = try parser.document()
                return .success((value, parser.sawForbiddenText))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let parsed): return parsed
        case .failure(let failure): throw failure.problem
        }
    }
}

/// An object's members in document order. Keys are unique: the parser refuses a key given twice.
/// Looking a key up walks the members, which is quicker than hashing for the small objects of a catalog.
public struct JSONObject: Sendable, Equatable, RandomAccessCollection {
    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: JSONValue
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public var members: [Member]

    public init(_ members: [Member] = []) { self.members = members }

    public var startIndex: Int { members.startIndex }
    public var endIndex: Int { members.endIndex }
    public subscript(position: Int) -> Member { members[position] }

    /// The value of a key, or nil when the object has no such key.
    public subscript(key: String) -> JSONValue? {
        for member in members where member.key == key { return member.value }
        return nil
    }

    /// The keys in document order.
    public var keys: [String] { members.map(\.key) }
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
                ? CatalogProblem(path: JSONPath(components: path), reason: positionedMessage)
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
    /// Told the offset each element of the root, or of an array in the root, ends at (a mapped file
    /// hands back what is read).
    var readUpTo: ((Int) -> Void)?
    /// Members, key offsets and elements of the objects and arrays being read, innermost last: each
    /// container is copied out in one allocation of the right size when it closes, instead of growing
    /// an array of its own.
    private var pendingMembers: [JSONObject.Member] = []
    private var pendingKeys: [PendingKey] = []
    private var pendingItems: [JSONValue] = []
    /// Where the document's value starts (past a byte order mark), and whether it is an object.
    private(set) var rootStart = 0
    private(set) var rootIsObject = false

    init(_ bytes: UnsafeBufferPointer<UInt8>, building: Bool = true) {
        self.bytes = bytes
        self.building = building
    }

    /// The value starting at `offset`, in a document already checked by a pass of this parser.
    mutating func value(at start: Int) -> JSONValue {
        offset = start
        return (try? value()) ?? .null
    }

    /// The whole document: one value with nothing but white space after it.
    mutating func document() throws(Failure) -> JSONValue {
        do throws(Failure) {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bomLength = 3; offset = 3 }
            if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
                throw Failure(offset: 0, message: "the file is UTF-16; save it as UTF-8")
            }
            skipWhitespace()
            rootStart = offset
            rootIsObject = peek == UInt8(ascii: "{")
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
            if depth <= 2, let readUpTo { readUpTo(offset) }
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
    static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
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
    /// Worked out only when there is an error, so parsing does not pay for it.
    private func position(_ target: Int) -> String {
        var line = 1
        var column = 1
        var index = bomLength
        while index < min(target, bytes.count) {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return "line \(line), column \(column)"
    }
}

/// One UTF-8 sequence past ASCII, checked as the catalog's readers need it (`JSONParser` and `JSONTape`).
enum UTF8Sequence {
    /// The length of the well-formed sequence at `index` (Unicode table 3-7: no overlong forms,
    /// surrogates or scalars past U+10FFFF), and whether its scalar is one `UntrustedText` forbids;
    /// nil when it is not well formed.
    static func check(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (length: Int, forbidden: Bool)? {
        let byte = bytes[index]
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        let continuations: Int
        switch byte {
        case 0xC2...0xDF: continuations = 1
        case 0xE0: continuations = 2; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: continuations = 2
        case 0xED: continuations = 2; high = 0x9F
        case 0xF0: continuations = 3; low = 0x90
        case 0xF1...0xF3: continuations = 3
        case 0xF4: continuations = 3; high = 0x8F
        default: return nil
        }
        guard index + continuations < bytes.count else { return nil }
        for step in 1...continuations {
            let next = bytes[index + step]
            guard next >= low && next <= high else { return nil }
            (low, high) = (0x80, 0xBF)
        }
        // The forbidden scalars past ASCII: C1 controls (C2 80–9F), U+061C (D8 9C), the line and paragraph
        // separators and bidirectional controls U+2028–U+202E (E2 80 A8–AE) and U+2066–U+2069 (E2 81 A6–A9).
        var forbidden = false
        switch (byte, bytes[index + 1]) {
        case (0xC2, 0x80...0x9F), (0xD8, 0x9C): forbidden = true
        case (0xE2, 0x80): forbidden = (0xA8...0xAE).contains(bytes[index + 2])
        case (0xE2, 0x81): forbidden = (0xA6...0xA9).contains(bytes[index + 2])
        default: break
        }
        return (continuations + 1, forbidden)
    }
}

/// A location in a JSON document, printed as `$.products[3].prices.JPN`. A key that is not a plain
/// identifier is printed quoted and escaped (`$.name["pt-BR"]`), since keys come from the file too.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public static let root = JSONPath(components: [])

    public func appending(_ key: String) -> JSONPath { JSONPath(components: components + [.key(key)]) }
    public func appending(_ index: Int) -> JSONPath { JSONPath(components: components + [.index(index)]) }

    public var description: String {
        var text = "$"
        for component in components {
            switch component {
            case .key(let key):
                let plain = !key.isEmpty && key.utf8.count <= 60
                    && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
                text += plain ? ".\(key)" : "[\(UntrustedText.quoted(key))]"
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }
}

/// One thing wrong with a catalog: where, and why.
public struct CatalogProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: JSONPath
    public var reason: String

    public init(path: JSONPath, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
