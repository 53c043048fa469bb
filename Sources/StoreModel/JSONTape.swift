import Foundation

/// One value of a document already checked by `JSONParser`, laid flat as tokens over the file's bytes:
/// no tree of boxed values, no String for a key or a value until the catalog reader asks for it.
/// The catalog reader fills one tape per root section and one per element of a root array (reusing it
/// from element to element), so memory holds the tokens of one product at a time.
final class JSONTape {
    enum Kind: UInt8 { case null, `false`, `true`, number, string, array, object }

    struct Token {
        var kind: Kind
        /// A string with escapes (decoded only when asked for); an array of the root read later, one
        /// element at a time (it has no tokens of its own here).
        var escaped = false
        var deferred = false
        /// A string of ASCII bytes only, without escapes: its text is its bytes.
        var ascii = false
        /// Where the value starts in the file (a string's opening quote) and ends (past its last byte).
        var start: Int
        var end: Int
        /// The container this token is in (an object's key and value tokens both name the object), or
        /// -1 at the top of the tape.
        var parent: Int32
        /// The index after this value's tokens: the next sibling (or key) in its container.
        var next: Int32 = 0
        /// Members (objects) or elements (arrays).
        var count: Int32 = 0
        /// A deferred array's elements (it has none on this tape).
        var deferredCount: Int32 = 0
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let log: ProblemLog
    /// The tokens, in memory the tape manages itself: an array in a class is checked for exclusive
    /// access and retained on every read, which was a quarter of the time to read 100,000 products.
    private var tokens: UnsafeMutablePointer<Token>
    private var capacity = 64
    private(set) var tokenCount = 0
    /// Where the tape's top value is in the document: nil for the root, or a root array's key and the
    /// element's index.
    private(set) var base: (key: String, index: Int)?

    init(_ bytes: UnsafeBufferPointer<UInt8>, log: ProblemLog) {
        self.bytes = bytes
        self.log = log
        tokens = .allocate(capacity: capacity)
    }

    deinit { tokens.deallocate() }

    private func append(_ token: Token) {
        if tokenCount == capacity {
            let larger = UnsafeMutablePointer<Token>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: tokens, count: tokenCount)
            tokens.deallocate()
            tokens = larger
            capacity *= 2
        }
        (tokens + tokenCount).initialize(to: token)
        tokenCount += 1
    }

    // MARK: filling

    /// Lays out the value at `start` (the element `index` of the root array `key`, or the root itself).
    /// Returns the offset just past the value.
    @discardableResult
    func fill(at start: Int, base: (key: String, index: Int)?) -> Int {
        tokenCount = 0
        self.base = base
        var offset = start
        value(&offset, parent: -1)
        return offset
    }

    /// Lays out the root object from the members the checking pass noted, with its arrays deferred.
    func fillRoot(start: Int, members: [(key: String, keyOffset: Int, offset: Int)], arrayCounts: [Int: Int]) {
        tokenCount = 0
        base = nil
        append(Token(kind: .object, start: start, end: start, parent: -1, count: Int32(members.count)))
        for member in members {
            var offset = member.keyOffset
            string(&offset, parent: 0)
            if bytes[member.offset] == UInt8(ascii: "[") {
                let index = tokenCount
                append(Token(kind: .array, deferred: true, start: member.offset, end: member.offset, parent: 0,
                                    deferredCount: Int32(arrayCounts[member.offset] ?? 0)))
                tokens[index].next = Int32(tokenCount)
            } else {
                offset = member.offset
                value(&offset, parent: 0)
            }
        }
        tokens[0].next = Int32(tokenCount)
    }

    /// Lays out each element of the root array `key` starting at `start` in turn, calling `body` with
    /// its index and where it ends while it is on the tape.
    func forEachElement(ofArrayAt start: Int, key: String, _ body: (Int, Int) -> Void) {
        var offset = start + 1
        var index = 0
        while true {
            skipWhitespace(&offset)
            guard offset < bytes.count, bytes[offset] != UInt8(ascii: "]") else { return }
            offset = fill(at: offset, base: (key, index))
            body(index, offset)
            index += 1
            skipWhitespace(&offset)
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ",") else { return }
            offset += 1
        }
    }

    private func value(_ offset: inout Int, parent: Int32) {
        skipWhitespace(&offset)
        let index = tokenCount
        let start = offset
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            append(Token(kind: .object, start: start, end: start, parent: parent))
            offset += 1
            var members: Int32 = 0
            skipWhitespace(&offset)
            if bytes[offset] != UInt8(ascii: "}") {
                while true {
                    skipWhitespace(&offset)
                    string(&offset, parent: Int32(index))
                    skipWhitespace(&offset)
                    offset += 1 // ':'
                    value(&offset, parent: Int32(index))
                    members += 1
                    skipWhitespace(&offset)
                    if bytes[offset] == UInt8(ascii: ",") { offset += 1 } else { break }
                }
            }
            offset += 1 // '}'
            tokens[index].count = members
        case UInt8(ascii: "["):
            append(Token(kind: .array, start: start, end: start, parent: parent))
            offset += 1
            var elements: Int32 = 0
            skipWhitespace(&offset)
            if bytes[offset] != UInt8(ascii: "]") {
                while true {
                    value(&offset, parent: Int32(index))
                    elements += 1
                    skipWhitespace(&offset)
                    if bytes[offset] == UInt8(ascii: ",") { offset += 1 } else { break }
                }
            }
            offset += 1 // ']'
            tokens[index].count = elements
        case UInt8(ascii: "\""):
            string(&offset, parent: parent)
            return
        case UInt8(ascii: "t"):
            offset += 4
            append(Token(kind: .true, start: start, end: offset, parent: parent))
        case UInt8(ascii: "f"):
            offset += 5
            append(Token(kind: .false, start: start, end: offset, parent: parent))
        case UInt8(ascii: "n"):
            offset += 4
            append(Token(kind: .null, start: start, end: offset, parent: parent))
        default:
            while offset < bytes.count {
                switch bytes[offset] {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                     UInt8(ascii: "e"), UInt8(ascii: "E"):
                    offset += 1
                    continue
                default: break
                }
                break
            }
            append(Token(kind: .number, start: start, end: offset, parent: parent))
        }
        tokens[index].end = offset
        tokens[index].next = Int32(tokenCount)
    }

    /// A string token from its opening quote; `end` is past the closing quote.
    private func string(_ offset: inout Int, parent: Int32) {
        let start = offset
        var index = offset + 1
        var escaped = false
        var high: UInt8 = 0
        while true {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            high |= byte
            if byte == UInt8(ascii: "\\") { escaped = true; index += 2 } else { index += 1 }
        }
        offset = index + 1
        append(Token(kind: .string, escaped: escaped, deferred: false, ascii: !escaped && high < 0x80, start: start,
                     end: offset, parent: parent, next: Int32(tokenCount + 1)))
    }

    private func skipWhitespace(_ offset: inout Int) {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    // MARK: reading

    subscript(index: Int) -> Token { tokens[index] }
    /// The start of a token, without copying the token.
    func start(of index: Int) -> Int { tokens[index].start }

    /// The text of a string token, decoded.
    func string(at index: Int) -> String {
        let token = tokens[index]
        if !token.escaped {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[token.start + 1..<token.end - 1]), as: UTF8.self)
        }
        var parser = JSONParser(bytes)
        if case .string(let text) = parser.value(at: token.start) { return text }
        return ""
    }

    /// The bytes of a string token without escapes (its text as it is in the file), or nil.
    func unescapedBytes(at index: Int) -> UnsafeBufferPointer<UInt8>? {
        let token = tokens[index]
        guard token.kind == .string, !token.escaped else { return nil }
        return UnsafeBufferPointer(rebasing: bytes[token.start + 1..<token.end - 1])
    }

    /// The bytes of a string token that is plainly a text: no escapes, not empty, and starting with a
    /// visible ASCII character (so it cannot be blank); nil for any other, which needs a closer look.
    func plainText(at index: Int) -> UnsafeBufferPointer<UInt8>? {
        let token = tokens[index]
        guard token.kind == .string, !token.escaped, token.end - token.start > 2,
              case let first = bytes[token.start + 1], first > 0x20, first < 0x7F else { return nil }
        return UnsafeBufferPointer(rebasing: bytes[token.start + 1..<token.end - 1])
    }

    /// Whether a string token's text is `text`, as Swift compares strings, without making a String
    /// while both are ASCII.
    func string(at index: Int, equals text: String) -> Bool {
        let token = tokens[index]
        guard !token.escaped else { return string(at: index) == text }
        return UTF8Text.equal(UnsafeBufferPointer(rebasing: bytes[token.start + 1..<token.end - 1]), text)
    }

    /// A number token's value.
    func number(at index: Int) -> Double {
        let token = tokens[index]
        return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]), as: UTF8.self)) ?? .nan
    }

    /// The value tokens of a container: an array's elements; an object's member values (each key is
    /// the token before its value).
    func children(of index: Int) -> [Int] {
        let token = tokens[index]
        var children: [Int] = []
        children.reserveCapacity(Int(token.count))
        var child = index + 1
        let isObject = token.kind == .object
        for _ in 0..<token.count {
            if isObject { child += 1 }
            children.append(child)
            child = Int(tokens[child].next)
        }
        return children
    }

    /// Each member value of an object (the key is the token before it), in order.
    func forEachMember(of index: Int, _ body: (Int) -> Void) {
        let token = tokens[index]
        guard token.kind == .object else { return }
        var child = index + 1
        for _ in 0..<token.count {
            body(child + 1)
            child = Int(tokens[child + 1].next)
        }
    }

    /// The value token of an object's member `key`, or nil. An ASCII key is compared with each plain
    /// ASCII key of the object as bytes (another length: another key); any other as Swift compares.
    func member(_ key: String, of index: Int) -> Int? {
        let token = tokens[index]
        guard token.kind == .object, token.count > 0 else { return nil }
        var wanted = key
        return wanted.withUTF8 { wanted -> Int? in
            let ascii = wanted.count > 0 && !wanted.contains { $0 >= 0x80 }
            var child = index + 1
            for _ in 0..<token.count {
                let keyToken = tokens[child]
                if ascii && keyToken.ascii {
                    if keyToken.end - keyToken.start - 2 == wanted.count,
                       memcmp(bytes.baseAddress! + keyToken.start + 1, wanted.baseAddress!, wanted.count) == 0 { return child + 1 }
                } else if string(at: child, equals: key) {
                    return child + 1
                }
                child = Int(tokens[child + 1].next)
            }
            return nil
        }
    }

    /// Whether a key token is one of `known`, comparing plain ASCII keys by length and bytes.
    func key(at index: Int, isOneOf known: KnownKeys) -> Bool {
        let token = tokens[index]
        guard token.ascii, known.ascii else { return known.names.contains { string(at: index, equals: $0) } }
        let length = token.end - token.start - 2
        for (position, candidate) in known.names.enumerated() where known.lengths[position] == length {
            if string(at: index, equals: candidate) { return true }
        }
        return false
    }

    /// The path of a token, from the document's root.
    func path(of index: Int) -> JSONPath {
        var components: [JSONPath.Component] = []
        var current = index
        while true {
            let parent = Int(tokens[current].parent)
            if parent < 0 { break }
            if tokens[parent].kind == .object {
                components.append(.key(string(at: current - 1)))
            } else {
                var position = 0
                var child = parent + 1
                while child != current {
                    child = Int(tokens[child].next)
                    position += 1
                }
                components.append(.index(position))
            }
            current = parent
        }
        if let base { components += [.index(base.index), .key(base.key)] }
        return JSONPath(components: components.reversed())
    }
}
