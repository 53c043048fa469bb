import Foundation
import StoreModel
import TextSafety

/// The project's one JSON grammar (RFC 8259, strictly): a document laid flat as tokens over the file's
/// bytes, checked as it is laid out, with no tree of boxed values and no String for a key or a value
/// until a reader asks for it. Where it refuses, it notes where it stopped and why (`Status.stop`), and
/// the message, with its line and column, is made from that only then.
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
        /// An array element's index in its array (0 for any other token), so a path is spelt out
        /// without walking the elements before it: a problem in each of 200,000 elements of a nested
        /// array made that walk quadratic. (It fills padding after the flags: a token stays 40 bytes.)
        var position: Int32 = 0
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
    /// What the tapes of one read found while checking: shared by the root's tape and those of its arrays.
    let status: Status
    /// The tokens, in memory the tape manages itself: an array in a class is checked for exclusive
    /// access and retained on every read, which was a quarter of the time to read 100,000 products.
    private var tokens: UnsafeMutablePointer<Token>
    private var capacity = 64
    private(set) var tokenCount = 0
    /// Where the tape's top value is in the document: nil for the root, or a root array's key and the
    /// element's index.
    private(set) var base: (key: String, index: Int)?
    /// How deep the tape's top value is nested (the root object is 1, an element of a root array 3).
    private var baseDepth = 1

    /// Filling a tape checks what it lays out, so a catalog is read in one pass over its bytes. A tape
    /// that refuses something notes where and why here and stops; a string with a character
    /// `UntrustedText` forbids is only noted (the reader then looks for it in the document's tree).
    final class Status {
        /// Something the grammar refuses: the tape stopped there and is not to be read.
        var failed = false
        /// The first refusal: where and why (nil while none, or when a root array's scan broke off,
        /// which its elements' own check then says).
        var stop: Stop?
        /// A string or key with a forbidden character (the tape was laid out whole).
        var forbidden = false
        /// The root arrays (by where they start) that were laid out element by element to their end.
        var walked: Set<Int> = []
        init() {}

        /// The refusal as the reader reports it.
        func problem(in bytes: UnsafeBufferPointer<UInt8>) -> CatalogProblem {
            stop?.problem(in: bytes) ?? CatalogProblem(path: .root, reason: "not valid JSON")
        }
    }

    /// Where a tape refused the document, and why, as the reader reports it.
    struct Stop {
        var offset: Int
        var reason: String
        /// A duplicate key's object (its reason holds both places); nil for a syntax error, reported at the
        /// root with its line and column.
        var path: JSONPath?

        func problem(in bytes: UnsafeBufferPointer<UInt8>) -> CatalogProblem {
            if let path { return CatalogProblem(path: path, reason: reason) }
            return CatalogProblem(path: .root, reason: "not valid JSON: \(JSONTape.position(offset, in: bytes)): \(reason)")
        }
    }

    /// Deeper nesting is refused with a message instead of overflowing the stack. A catalog needs 6.
    static let maxDepth = 64
    /// Objects with more keys than this look a new key up in a set instead of comparing it with every
    /// earlier one.
    static let indexedObjectSize = 16

    init(_ bytes: UnsafeBufferPointer<UInt8>, log: ProblemLog, status: Status = Status()) {
        self.bytes = bytes
        self.log = log
        self.status = status
        tokens = .allocate(capacity: capacity)
        lookupTables.initialize(repeating: -1, count: Self.lookupSlots << 6)
        lookupObjects.initialize(repeating: -1, count: Self.lookupSlots)
        lookupPlain.initialize(repeating: false, count: Self.lookupSlots)
    }

    deinit {
        tokens.deallocate()
        lookupTables.deallocate()
        lookupObjects.deallocate()
        lookupPlain.deallocate()
    }

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
    /// Returns the offset just past the value, or nil when it is not valid JSON (`status.failed`).
    @discardableResult
    func fill(at start: Int, base: (key: String, index: Int)?) -> Int? {
        tokenCount = 0
        forgetLookups()
        if !largeObjectKeys.isEmpty { largeObjectKeys = [:] }
        self.base = base
        baseDepth = base == nil ? 1 : 3
        var offset = start
        guard value(&offset, parent: -1, depth: baseDepth) else { return fail() }
        return offset
    }

    private func fail() -> Int? {
        status.failed = true
        return nil
    }

    /// Lays out the whole document (a leading UTF-8 byte order mark skipped): one value with nothing but
    /// white space after it. False when it is refused (`status.stop` says where and why).
    func fillDocument() -> Bool {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return refuse(0, "the file is UTF-16; save it as UTF-8")
        }
        var offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard let end = fill(at: offset, base: nil) else { return false }
        offset = end
        skipWhitespace(&offset)
        guard offset == bytes.count else { return refuse(offset, "unexpected \(found(offset)) after the JSON value") }
        return true
    }

    // MARK: refusing

    /// Notes the first refusal of this read (where and why) and stops the tape: every `return false` of
    /// the grammar goes through here or `refuseDuplicate`, so the message is made only on error.
    @discardableResult
    @inline(never)
    private func refuse(_ offset: Int, _ reason: @autoclosure () -> String) -> Bool {
        status.failed = true
        if status.stop == nil { status.stop = Stop(offset: offset, reason: reason()) }
        return false
    }

    /// A key given twice in one object: refused with the object's path and both places, since JSON
    /// readers disagree on which of the two wins.
    @discardableResult
    @inline(never)
    private func refuseDuplicate(_ key: Int, in object: Int, members: Int) -> Bool {
        let text = string(at: key)
        // The first earlier key with the same text (walked only here, on error).
        var first = object + 1
        while string(at: first) != text { first = Int(tokens[first + 1].next) }
        return refuse(tokens[key].start, "duplicate key \(UntrustedText.quoted(text)) at \(Self.position(tokens[key].start, in: bytes)), "
                      + "first at \(Self.position(tokens[first].start, in: bytes)); JSON readers disagree on which one wins",
                      path: path(of: object))
    }

    @discardableResult
    private func refuse(_ offset: Int, _ reason: String, path: JSONPath) -> Bool {
        status.failed = true
        if status.stop == nil { status.stop = Stop(offset: offset, reason: reason, path: path) }
        return false
    }

    /// A key was expected at `offset`.
    @discardableResult
    private func refuseKey(_ offset: Int) -> Bool {
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") { return refuse(offset, "a comma before '}' is not allowed in JSON") }
        return refuse(offset, "expected a key in double quotes, found \(found(offset))")
    }

    /// What is at `offset`, for messages: "'x'", "byte 0xC3", "the end of the file".
    private func found(_ offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the file" }
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// "line 12, column 7" for a byte offset; columns count characters (Unicode scalars), from 1, after a
    /// byte order mark. Worked out only for a message.
    static func position(_ target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        var line = 1
        var column = 1
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
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

    /// "D83D": a UTF-16 code unit as four hexadecimal digits, for the surrogate messages.
    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// How a walk over the root's members ended: past the whole document, stopped by `visit`, at a
    /// root array, at a root that is neither (nothing laid out: `fillDocument` lays out either), or
    /// refused (`status` says where and why).
    enum RootEnd { case whole, stopped, rootIsArray, notAnObject, broken }

    /// A root array whose scan broke off (its elements' own check says where); nil otherwise.
    private(set) var unfinishedArray: (start: Int, key: String)?

    /// Lays out the root object, finding its members itself: each key, and each value but an array, is
    /// checked as it is laid out; an array is followed only by its strings and brackets (counting its
    /// elements) and deferred, to be laid out and checked one element at a time by `forEachElement`.
    /// `visit` is handed each key's token before its value is read, and stops the walk by returning
    /// false. `readUpTo` is told how far the walk has read, every megabyte or so.
    @discardableResult
    func fillRoot(readUpTo: ((Int) -> Void)? = nil, visit: (Int) -> Bool = { _ in true }) -> RootEnd {
        tokenCount = 0
        forgetLookups()
        if !largeObjectKeys.isEmpty { largeObjectKeys = [:] }
        base = nil
        baseDepth = 1
        var offset = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        skipWhitespace(&offset)
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "{") else {
            return offset < bytes.count && bytes[offset] == UInt8(ascii: "[") ? .rootIsArray : .notAnObject
        }
        append(Token(kind: .object, start: offset, end: offset, parent: -1))
        offset += 1
        var members: Int32 = 0
        var nextReport = offset + (1 << 20)
        skipWhitespace(&offset)
        if offset >= bytes.count || bytes[offset] != UInt8(ascii: "}") {
            while true {
                skipWhitespace(&offset)
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { refuseKey(offset); return .broken }
                guard string(&offset, parent: 0) else { return .broken }
                guard isNewKey(tokenCount - 1, in: 0, members: Int(members)) else {
                    refuseDuplicate(tokenCount - 1, in: 0, members: Int(members))
                    return .broken
                }
                guard visit(tokenCount - 1) else { return .stopped }
                skipWhitespace(&offset)
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
                    refuse(offset, "expected ':' after the key, found \(found(offset))")
                    return .broken
                }
                offset += 1
                skipWhitespace(&offset)
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "[") {
                    let start = offset
                    guard let count = skipArray(&offset, nextReport: &nextReport, readUpTo) else {
                        status.failed = true
                        unfinishedArray = (start, string(at: tokenCount - 1))
                        return .broken
                    }
                    append(Token(kind: .array, deferred: true, start: start, end: offset, parent: 0,
                                 next: Int32(tokenCount + 1), deferredCount: Int32(count)))
                } else {
                    guard value(&offset, parent: 0, depth: 2) else { return .broken }
                }
                members += 1
                skipWhitespace(&offset)
                if offset < bytes.count, bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: "}") else {
                    refuse(offset, "expected ',' or '}' after an object member, found \(found(offset))")
                    return .broken
                }
                break
            }
        }
        offset += 1 // '}'
        tokens[0].count = members
        tokens[0].end = offset
        tokens[0].next = Int32(tokenCount)
        skipWhitespace(&offset)
        guard offset == bytes.count else {
            refuse(offset, "unexpected \(found(offset)) after the JSON value")
            return .broken
        }
        return .whole
    }

    /// Each array of the root laid out by `fillRoot` (each is deferred): where it starts, and its key.
    var deferredArrays: [(start: Int, key: String)] {
        (0..<tokenCount).compactMap { tokens[$0].deferred ? (tokens[$0].start, string(at: $0 - 1)) : nil }
    }

    /// Lays out each element of the root array `key` starting at `start` in turn, calling `body` with
    /// its index and where it ends while it is on the tape. Stops at the first element that is not valid
    /// JSON; an array laid out to its closing bracket is noted in `status.walked`.
    func forEachElement(ofArrayAt start: Int, key: String, _ body: (Int, Int) -> Void) {
        guard !status.failed else { return }
        var offset = start + 1
        var index = 0
        skipWhitespace(&offset)
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            status.walked.insert(start)
            return
        }
        while true {
            guard let end = fill(at: offset, base: (key, index)) else { return }
            offset = end
            body(index, offset)
            index += 1
            skipWhitespace(&offset)
            if offset < bytes.count, bytes[offset] == UInt8(ascii: ",") {
                offset += 1
                skipWhitespace(&offset)
                guard offset >= bytes.count || bytes[offset] != UInt8(ascii: "]") else {
                    refuse(offset, "a comma before ']' is not allowed in JSON")
                    return
                }
                continue
            }
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "]") else {
                refuse(offset, "expected ',' or ']' after an array element, found \(found(offset))")
                return
            }
            // The scan found the same end (a deferred token's `end`), or the document is not as scanned.
            status.walked.insert(start)
            return
        }
    }

    /// Lays out a value, checking it. False when it is not valid JSON (the tape then stops). `position`:
    /// its index in its array, given to a container at once so a duplicate key inside it has its path.
    private func value(_ offset: inout Int, parent: Int32, depth: Int, position: Int32 = 0) -> Bool {
        skipWhitespace(&offset)
        guard offset < bytes.count else { return refuse(offset, "expected a JSON value, found the end of the file") }
        let index = tokenCount
        let start = offset
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            guard depth <= Self.maxDepth else { return refuse(start, "nested more than \(Self.maxDepth) levels deep") }
            append(Token(kind: .object, position: position, start: start, end: start, parent: parent))
            offset += 1
            var members: Int32 = 0
            // One bit per plain ASCII key seen, chosen by its length, first and last bytes: a key whose bit
            // is not set yet differs from every earlier key without comparing it with each. Once a key
            // is not plain ASCII, every later key is compared.
            var signatures: UInt64 = 0
            var plainKeys = true
            skipWhitespace(&offset)
            if offset >= bytes.count || bytes[offset] != UInt8(ascii: "}") {
                while true {
                    skipWhitespace(&offset)
                    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { return refuseKey(offset) }
                    guard string(&offset, parent: Int32(index)) else { return false }
                    let key = tokens[tokenCount - 1]
                    plainKeys = plainKeys && key.ascii
                    let bit: UInt64 = plainKeys ? 1 << Self.signature(start: key.start, end: key.end, in: bytes) : 0
                    if bit == 0 || signatures & bit != 0 || members >= Self.indexedObjectSize {
                        guard isNewKey(tokenCount - 1, in: index, members: Int(members)) else {
                            return refuseDuplicate(tokenCount - 1, in: index, members: Int(members))
                        }
                    }
                    signatures |= bit
                    skipWhitespace(&offset)
                    guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
                        return refuse(offset, "expected ':' after the key, found \(found(offset))")
                    }
                    offset += 1
                    guard value(&offset, parent: Int32(index), depth: depth + 1) else { return false }
                    members += 1
                    skipWhitespace(&offset)
                    if offset < bytes.count, bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
                    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "}") else {
                        return refuse(offset, "expected ',' or '}' after an object member, found \(found(offset))")
                    }
                    break
                }
            }
            offset += 1 // '}'
            tokens[index].count = members
        case UInt8(ascii: "["):
            guard depth <= Self.maxDepth else { return refuse(start, "nested more than \(Self.maxDepth) levels deep") }
            append(Token(kind: .array, position: position, start: start, end: start, parent: parent))
            offset += 1
            var elements: Int32 = 0
            skipWhitespace(&offset)
            if offset >= bytes.count || bytes[offset] != UInt8(ascii: "]") {
                while true {
                    skipWhitespace(&offset)
                    if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") { return refuse(offset, "a comma before ']' is not allowed in JSON") }
                    let element = tokenCount
                    guard value(&offset, parent: Int32(index), depth: depth + 1, position: elements) else { return false }
                    tokens[element].position = elements
                    elements += 1
                    skipWhitespace(&offset)
                    if offset < bytes.count, bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
                    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "]") else {
                        return refuse(offset, "expected ',' or ']' after an array element, found \(found(offset))")
                    }
                    break
                }
            }
            offset += 1 // ']'
            tokens[index].count = elements
        case UInt8(ascii: "\""):
            return string(&offset, parent: parent)
        case UInt8(ascii: "t"):
            guard literal("true", &offset) else { return refuse(start, "expected a JSON value, found \(found(start))") }
            append(Token(kind: .true, start: start, end: offset, parent: parent))
        case UInt8(ascii: "f"):
            guard literal("false", &offset) else { return refuse(start, "expected a JSON value, found \(found(start))") }
            append(Token(kind: .false, start: start, end: offset, parent: parent))
        case UInt8(ascii: "n"):
            guard literal("null", &offset) else { return refuse(start, "expected a JSON value, found \(found(start))") }
            append(Token(kind: .null, start: start, end: offset, parent: parent))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            guard number(&offset) else { return false }
            append(Token(kind: .number, start: start, end: offset, parent: parent))
        default:
            return refuse(start, "expected a JSON value, found \(found(start))")
        }
        tokens[index].end = offset
        tokens[index].next = Int32(tokenCount)
        return true
    }

    private func literal(_ word: StaticString, _ offset: inout Int) -> Bool {
        let length = word.utf8CodeUnitCount
        guard offset + length <= bytes.count, memcmp(bytes.baseAddress! + offset, word.utf8Start, length) == 0 else { return false }
        offset += length
        return true
    }

    /// -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?, finite; nothing else (no "+1", ".5", "1.", NaN).
    private func number(_ offset: inout Int) -> Bool {
        let start = offset
        func digit() -> Bool { offset < bytes.count && bytes[offset] >= UInt8(ascii: "0") && bytes[offset] <= UInt8(ascii: "9") }
        func digits() { while digit() { offset += 1 } }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        guard digit() else { return refuse(offset, "expected a digit after '-', found \(found(offset))") }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if digit() { return refuse(offset, "a number cannot start with 0 (write 7, not 07)") }
        } else {
            digits()
        }
        var isInteger = true
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digit() else { return refuse(offset, "expected a digit after the decimal point, found \(found(offset))") }
            digits()
            isInteger = false
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digit() else { return refuse(offset, "expected a digit in the exponent, found \(found(offset))") }
            digits()
            isInteger = false
        }
        if isInteger && offset - start <= 18 { return true }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        guard Double(text)?.isFinite ?? false else { return refuse(start, "the number \(text) is too large") }
        return true
    }

    /// Whether the key just laid out (`key`) differs from the object's earlier keys, as Swift compares
    /// strings: bytes for two plain ASCII keys, Strings otherwise. An object of more than
    /// `indexedObjectSize` keys looks its keys up in a set instead of comparing each pair.
    private func isNewKey(_ key: Int, in object: Int, members: Int) -> Bool {
        if members >= Self.indexedObjectSize {
            if members == Self.indexedObjectSize {
                var keys = Set<String>()
                var child = object + 1
                for _ in 0..<members {
                    keys.insert(string(at: child))
                    child = Int(tokens[child + 1].next)
                }
                largeObjectKeys[object] = keys
            }
            return largeObjectKeys[object, default: []].insert(string(at: key)).inserted
        }
        let token = tokens[key]
        var child = object + 1
        for _ in 0..<members {
            let earlier = tokens[child]
            if token.ascii && earlier.ascii {
                let length = token.end - token.start
                // Length, then the first byte (keys of one object mostly differ there), then the rest.
                if earlier.end - earlier.start == length, bytes[token.start + 1] == bytes[earlier.start + 1],
                   memcmp(bytes.baseAddress! + token.start, bytes.baseAddress! + earlier.start, length) == 0 { return false }
            } else if string(at: child) == string(at: key) {
                return false
            }
            child = Int(tokens[child + 1].next)
        }
        return true
    }

    /// A number from 0 to 63 for a plain key (`start` its opening quote, `end` past its closing one):
    /// equal keys have equal numbers.
    @inline(__always)
    static func signature(start: Int, end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        signature(quotedLength: end - start, first: bytes[start + 1], last: bytes[end - 2])
    }

    /// The same for a key's text: its length with the quotes, its first and last bytes (a quote when empty).
    @inline(__always)
    static func signature(quotedLength: Int, first: UInt8, last: UInt8) -> UInt64 {
        let mixed = UInt64(quotedLength) &* 0x9E37_79B9 ^ UInt64(first) &* 0x85EB_CA6B ^ UInt64(last) &* 0xC2B2_AE35
        return (mixed ^ mixed >> 29) & 63
    }

    /// The keys of each object being laid out that has more than `indexedObjectSize` keys.
    private var largeObjectKeys: [Int: Set<String>] = [:]

    /// A string token from its opening quote; `offset` ends past the closing quote. Refuses a string never
    /// closed, a raw control character, invalid UTF-8 and a bad escape; a forbidden character is noted in
    /// `status.forbidden`.
    private func string(_ offset: inout Int, parent: Int32) -> Bool {
        let start = offset
        var index = offset + 1
        var escaped = false
        var high = false
        let count = bytes.count
        let raw = UnsafeRawPointer(bytes.baseAddress!)
        while true {
            // Eight bytes at a time while none is a quote, a backslash, a control or past ASCII; then
            // straight to the first that is.
            while index + 8 <= count {
                let special = Self.specialBytes(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                if special != 0 {
                    index += special.trailingZeroBitCount >> 3
                    break
                }
                index += 8
            }
            guard index < count else { return refuse(start, "a string that is never closed") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                guard escape(&index, quote: start) else { return false }
            } else if byte >= 0x80 {
                high = true
                // The common sequences that cannot be forbidden or malformed but by their continuation
                // bytes: two bytes led by C3–D7 or D9–DF (Latin, Greek, Cyrillic, Hebrew…), three led by
                // E3–EC or EE–EF (kana, CJK…). C2, D8 and E2 lead to forbidden scalars, E0 and ED to
                // overlong forms and surrogates: `utf8Sequence` looks at those.
                if byte >= 0xE3, byte <= 0xEF, byte != 0xED, index + 2 < count,
                   bytes[index + 1] & 0xC0 == 0x80, bytes[index + 2] & 0xC0 == 0x80 {
                    index += 3
                    continue
                }
                if byte >= 0xC3, byte <= 0xDF, byte != 0xD8, index + 1 < count, bytes[index + 1] & 0xC0 == 0x80 {
                    index += 2
                    continue
                }
                guard utf8Sequence(&index) else { return false }
            } else if byte == 0x7F {
                status.forbidden = true
                index += 1
            } else {
                return refuse(index, "a raw control character \(UntrustedText.describe(Unicode.Scalar(byte))) inside a string")
            }
        }
        offset = index + 1
        append(Token(kind: .string, escaped: escaped, deferred: false, ascii: !escaped && !high, start: start,
                     end: offset, parent: parent, next: Int32(tokenCount + 1)))
        return true
    }

    /// The high bit of each of eight bytes (read little-endian) that is a quote, a backslash, below
    /// 0x20 or from 0x7F up; exact for the lowest such byte (a borrow can mark bytes above it only).
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let quote = hasZero(word ^ (ones &* 0x22))
        let backslash = hasZero(word ^ (ones &* 0x5C))
        let control = (word &- ones &* 0x20) & ~word & highs
        // A byte from 0x7F up: its high bit, or 0x7F itself (+1 carries into the high bit).
        let high = (word | (word & ~highs &+ ones)) & highs
        return quote | backslash | control | high
    }

    /// An escape from its backslash (in the string opened at `quote`); escapes of control characters and
    /// `\u` escapes of forbidden scalars are noted in `status.forbidden`.
    private func escape(_ index: inout Int, quote: Int) -> Bool {
        let escape = index
        guard index + 1 < bytes.count else { return refuse(quote, "a string that is never closed") }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
            index += 2
            return true
        case UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            status.forbidden = true
            index += 2
            return true
        case UInt8(ascii: "u"):
            index += 2
            guard let first = hex4(&index) else { return refuse(escape, "\\u needs four hexadecimal digits") }
            var scalar = first
            switch first {
            case 0xD800...0xDBFF:
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    return refuse(escape, "\\u\(hex(first)) is half a UTF-16 surrogate pair; the \\uDC00–\\uDFFF half must follow it")
                }
                let second = index
                index += 2
                guard let low = hex4(&index) else { return refuse(second, "\\u needs four hexadecimal digits") }
                guard (0xDC00...0xDFFF).contains(low) else {
                    return refuse(escape, "\\u\(hex(first)) is half a UTF-16 surrogate pair; \\u\(hex(low)) cannot follow it")
                }
                scalar = 0x10000 + ((first - 0xD800) << 10) + (low - 0xDC00)
            case 0xDC00...0xDFFF:
                return refuse(escape, "\\u\(hex(first)) is the second half of a UTF-16 surrogate pair, without a first")
            default:
                break
            }
            if let scalar = Unicode.Scalar(scalar), UntrustedText.isForbidden(scalar) { status.forbidden = true }
            return true
        default:
            return refuse(escape, "'\\' followed by \(found(escape + 1)) is not a JSON escape; "
                          + "JSON has \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t and \\uXXXX")
        }
    }

    private func hex4(_ index: inout Int) -> UInt32? {
        guard let value = Self.hex4(bytes, at: index) else { return nil }
        index += 4
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

    /// One well-formed UTF-8 sequence past ASCII; the forbidden scalars past ASCII are noted in
    /// `status.forbidden`.
    private func utf8Sequence(_ index: inout Int) -> Bool {
        guard let (length, forbidden) = UTF8Sequence.check(bytes, at: index) else {
            return refuse(index, "invalid UTF-8 (a sequence starting with byte 0x\(String(bytes[index], radix: 16, uppercase: true)))")
        }
        if forbidden { status.forbidden = true }
        index += length
        return true
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
        return decoded(token)
    }

    /// The text of a string token with escapes (already checked), decoded.
    private func decoded(_ token: Token) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(token.end - token.start)
        var index = token.start + 1
        let end = token.end - 1
        while index < end {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else {
                buffer.append(byte)
                index += 1
                continue
            }
            switch bytes[index + 1] {
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = Self.hex4(bytes, at: index + 2) ?? 0xFFFD
                index += 6
                if (0xD800...0xDBFF).contains(scalar), let low = Self.hex4(bytes, at: index + 2) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { buffer.append($0) }
                continue
            default: buffer.append(bytes[index + 1]) // \" \\ \/
            }
            index += 2
        }
        return String(decoding: buffer, as: UTF8.self)
    }

    /// The value of a token as a tree (for `JSONValue.parse`: theme files, `.storekit` files, and a
    /// catalog with a forbidden character, whose strings are then looked at one by one).
    func value(at index: Int) -> JSONValue {
        let token = tokens[index]
        switch token.kind {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .string: return .string(string(at: index))
        case .number:
            // An integer of up to 18 characters is exact as an Int ("-0" is 0); any other as Double reads it.
            let text = UnsafeBufferPointer(rebasing: bytes[token.start..<token.end])
            guard text.count <= 18, !text.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) else {
                return .number(number(at: index))
            }
            var magnitude = 0
            for byte in text where byte != UInt8(ascii: "-") { magnitude = magnitude * 10 + Int(byte &- UInt8(ascii: "0")) }
            return .number(Double(text.first == UInt8(ascii: "-") ? -magnitude : magnitude))
        case .array:
            return .array(children(of: index).map { value(at: $0) })
        case .object:
            var members: [JSONObject.Member] = []
            members.reserveCapacity(Int(token.count))
            var child = index + 1
            for _ in 0..<token.count {
                members.append(JSONObject.Member(key: string(at: child), value: value(at: child + 1)))
                child = Int(tokens[child + 1].next)
            }
            return .object(JSONObject(members))
        }
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
                    if keyToken.end - keyToken.start - 2 == wanted.count, bytes[keyToken.start + 1] == wanted[0],
                       memcmp(bytes.baseAddress! + keyToken.start + 1, wanted.baseAddress!, wanted.count) == 0 { return child + 1 }
                } else if string(at: child, equals: key) {
                    return child + 1
                }
                child = Int(tokens[child + 1].next)
            }
            return nil
        }
    }

    /// Tables of the keys of the objects asked about most recently (a product, its offers): `lookupSlots`
    /// of them, each for one object; each maps a key's `signature` to its key token, -1 (no key) or -2
    /// (several: compare each).
    static let lookupSlots = 4
    private var nextLookupSlot = 0
    private let lookupTables = UnsafeMutablePointer<Int32>.allocate(capacity: JSONTape.lookupSlots << 6)
    /// The object each table is for (-1: none; reset whenever the tape is filled again), and whether all
    /// its keys are plain ASCII (otherwise a lookup compares each key, as Swift compares strings).
    private let lookupObjects = UnsafeMutablePointer<Int>.allocate(capacity: JSONTape.lookupSlots)
    private let lookupPlain = UnsafeMutablePointer<Bool>.allocate(capacity: JSONTape.lookupSlots)

    private func forgetLookups() { lookupObjects.update(repeating: -1, count: Self.lookupSlots) }

    private func buildLookup(_ slot: Int, object: Int) {
        lookupObjects[slot] = object
        lookupPlain[slot] = true
        let table = lookupTables + slot << 6
        table.update(repeating: -1, count: 64)
        var child = object + 1
        for _ in 0..<tokens[object].count {
            let key = tokens[child]
            guard key.ascii else { lookupPlain[slot] = false; return }
            let entry = table + Int(Self.signature(start: key.start, end: key.end, in: bytes))
            entry.pointee = entry.pointee == -1 ? Int32(child) : -2
            child = Int(tokens[child + 1].next)
        }
    }

    /// The value token of an object's member `key` (a key of the schema), as `member(_:of:)` finds it.
    /// The keys of the last few objects asked about are kept in small tables by `signature`, so the
    /// reader's many lookups in one object (twenty in a product) each compare one key, not all of them.
    func member(_ key: StaticString, of index: Int) -> Int? {
        guard key.hasPointerRepresentation, key.isASCII, key.utf8CodeUnitCount > 0 else { return member("\(key)", of: index) }
        let token = tokens[index]
        guard token.kind == .object, token.count > 0 else { return nil }
        let wanted = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
        if token.count > 2 {
            var slot = 0
            while slot < Self.lookupSlots, lookupObjects[slot] != index { slot += 1 }
            if slot == Self.lookupSlots {
                slot = nextLookupSlot
                nextLookupSlot = (nextLookupSlot + 1) % Self.lookupSlots
                buildLookup(slot, object: index)
            }
            if lookupPlain[slot] {
                let entry = lookupTables[slot << 6 + Int(Self.signature(quotedLength: wanted.count + 2, first: wanted[0],
                                                                          last: wanted[wanted.count - 1]))]
                if entry == -1 { return nil }
                if entry >= 0 {
                    let keyToken = tokens[Int(entry)]
                    guard keyToken.end - keyToken.start - 2 == wanted.count,
                          memcmp(bytes.baseAddress! + keyToken.start + 1, wanted.baseAddress!, wanted.count) == 0 else { return nil }
                    return Int(entry) + 1
                }
            }
        }
        var child = index + 1
        for _ in 0..<token.count {
            let keyToken = tokens[child]
            if keyToken.ascii {
                if keyToken.end - keyToken.start - 2 == wanted.count, bytes[keyToken.start + 1] == wanted[0],
                   memcmp(bytes.baseAddress! + keyToken.start + 1, wanted.baseAddress!, wanted.count) == 0 { return child + 1 }
            } else if string(at: child, equals: "\(key)") {
                return child + 1
            }
            child = Int(tokens[child + 1].next)
        }
        return nil
    }

    /// Whether a key token is one of `known`, comparing plain ASCII keys by length and bytes.
    func key(at index: Int, isOneOf known: KnownKeys) -> Bool {
        let token = tokens[index]
        guard token.ascii, known.ascii else { return known.names.contains { string(at: index, equals: $0) } }
        let length = token.end - token.start - 2
        let key = bytes.baseAddress! + token.start + 1
        return known.bytes.withUnsafeBufferPointer { names in
            for position in 0..<known.lengths.count where known.lengths[position] == length {
                if memcmp(key, names.baseAddress! + known.offsets[position], length) == 0 { return true }
            }
            return false
        }
    }

    /// The path of a token, from the document's root.
    func path(of index: Int) -> JSONPath {
        var components: [JSONPath.Component] = []
        var current = index
        while true {
            log.pathSteps += 1
            let parent = Int(tokens[current].parent)
            if parent < 0 { break }
            if tokens[parent].kind == .object {
                components.append(.key(string(at: current - 1)))
            } else {
                components.append(.index(Int(tokens[current].position)))
            }
            current = parent
        }
        if let base { components += [.index(base.index), .key(base.key)] }
        return JSONPath(components: components.reversed())
    }
}

extension JSONTape {
    /// Past the string at `offset` (its opening quote), following escapes only far enough to find its end.
    private func skipString(_ offset: inout Int) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let raw = UnsafeRawPointer(bytes.baseAddress!)
        var index = offset + 1
        while true {
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let special = hasZero(word ^ (ones &* 0x22)) | hasZero(word ^ (ones &* 0x5C))
                if special != 0 {
                    index += special.trailingZeroBitCount >> 3
                    break
                }
                index += 8
            }
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                offset = index + 1
                return true
            case UInt8(ascii: "\\"): index += 2
            default: index += 1
            }
        }
    }

    /// Past the array at `offset`, by its strings and brackets only; returns how many elements it has.
    /// (Its elements are checked as they are laid out, and must end where this found the array ends.)
    private func skipArray(_ offset: inout Int, nextReport: inout Int, _ readUpTo: ((Int) -> Void)?) -> Int? {
        let first = offset
        offset += 1
        skipWhitespace(&offset)
        guard offset < bytes.count else { return nil }
        var commas = 0
        let empty = bytes[offset] == UInt8(ascii: "]") || bytes[offset] == UInt8(ascii: "}")
        var depth = 1
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: "\""):
                guard skipString(&offset) else { return nil }
                if offset >= nextReport {
                    readUpTo?(offset)
                    nextReport = offset + (1 << 20)
                }
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 {
                    offset += 1
                    guard (bytes[first] == UInt8(ascii: "[")) == (bytes[offset - 1] == UInt8(ascii: "]")) else { return nil }
                    return empty ? 0 : commas + 1
                }
            case UInt8(ascii: ","): if depth == 1 { commas += 1 }
            default: break
            }
            offset += 1
        }
        return nil
    }
}
