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
    /// the catalog reader walks the tree looking for them only when there is one to find. The document
    /// is laid out whole on a tape (the one JSON grammar), then made a tree.
    static func parseNoting(_ data: Data) throws(CatalogProblem) -> (value: JSONValue, hasForbiddenText: Bool) {
        let result: Result<(JSONValue, Bool), CatalogProblem> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let tape = JSONTape(bytes, log: ProblemLog())
            guard tape.fillDocument() else { return .failure(tape.status.problem(in: bytes)) }
            return .success((tape.value(at: 0), tape.status.forbidden))
        }
        switch result {
        case .success(let parsed): return parsed
        case .failure(let problem): throw problem
        }
    }
}

/// An object's members in document order. Keys are unique: the tape refuses a key given twice.
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

/// One UTF-8 sequence past ASCII, checked as the tape needs it (and the reference parser of the tests,
/// `Tests/JSONReference`).
@_spi(Fuzzing) public enum UTF8Sequence {
    /// The length of the well-formed sequence at `index` (Unicode table 3-7: no overlong forms,
    /// surrogates or scalars past U+10FFFF), and whether its scalar is one `UntrustedText` forbids;
    /// nil when it is not well formed.
    public static func check(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (length: Int, forbidden: Bool)? {
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

    // One copy of the components each (`components + [x]` made two arrays).
    public func appending(_ key: String) -> JSONPath {
        var path = self
        path.components.append(.key(key))
        return path
    }

    public func appending(_ index: Int) -> JSONPath {
        var path = self
        path.components.append(.index(index))
        return path
    }

    public var description: String {
        // Bytes first, one String at the end: appending to a String piece by piece, or an
        // interpolation per component, was most of a path's cost (lint prints a path per offer code).
        var text: [UInt8] = [UInt8(ascii: "$")]
        text.reserveCapacity(48)
        for component in components {
            switch component {
            case .key(let key):
                // ASCII letters, digits and "_", byte by byte: Character's isLetter looks up Unicode
                // properties, 20,000 instructions a path.
                let plain = !key.isEmpty && key.utf8.count <= 60
                    && key.utf8.allSatisfy { $0 == UInt8(ascii: "_") || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
                if plain {
                    text.append(UInt8(ascii: "."))
                    text.append(contentsOf: key.utf8)
                } else {
                    text.append(UInt8(ascii: "["))
                    text.append(contentsOf: UntrustedText.quoted(key).utf8)
                    text.append(UInt8(ascii: "]"))
                }
            case .index(let index):
                text.append(UInt8(ascii: "["))
                text.append(contentsOf: String(index).utf8)
                text.append(UInt8(ascii: "]"))
            }
        }
        return String(decoding: text, as: UTF8.self)
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
