/// An array kept in chunks of `chunkSize` elements, for the ledger's lists that grow with every
/// purchase (transactions, the event log, Server Notifications, a product's transaction ids).
///
/// Why: the app and the script runner keep a copy of the state where a turn began (to go back to it when
/// another device of the account saves first, or a write fails). With a plain `Array`, the turn's first
/// append then copies every element — a purchase's work grew with the ledger. A copy of a
/// `ChunkedArray` shares its chunks: changing or appending an element copies that one chunk and the
/// list of chunks (one reference per `chunkSize` elements), never the elements of the rest.
public struct ChunkedArray<Element> {
    /// 128 elements: a shared chunk of transactions copied is about 40 KB.
    static var chunkShift: Int { 7 }
    static var chunkSize: Int { 1 << chunkShift }

    /// Every chunk but the last holds exactly `chunkSize` elements; the last holds 1...chunkSize.
    private var chunks: [ContiguousArray<Element>] = []
    public private(set) var count = 0

    public init() {}

    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        for element in elements { append(element) }
    }

    public mutating func append(_ element: Element) {
        if count & (Self.chunkSize - 1) == 0 { chunks.append([]) }
        chunks[chunks.count - 1].append(element)
        count += 1
    }

    public mutating func append<S: Sequence>(contentsOf elements: S) where S.Element == Element {
        for element in elements { append(element) }
    }

    /// Rare (a QA delete, an approval): rebuilds the chunks after `position`.
    @discardableResult
    public mutating func remove(at position: Int) -> Element {
        precondition(position >= 0 && position < count, "ChunkedArray index out of range")
        let removed = self[position]
        let rest = Array(self[(position + 1)...])
        truncate(to: position)
        append(contentsOf: rest)
        return removed
    }

    public mutating func removeAll(where shouldRemove: (Element) throws -> Bool) rethrows {
        guard let first = try firstIndex(where: shouldRemove) else { return }
        var kept: [Element] = []
        for element in self[(first + 1)...] where try !shouldRemove(element) { kept.append(element) }
        truncate(to: first)
        append(contentsOf: kept)
    }

    public mutating func removeAll() {
        chunks = []
        count = 0
    }

    /// Keeps the first `length` elements.
    private mutating func truncate(to length: Int) {
        let fullChunks = length >> Self.chunkShift, rest = length & (Self.chunkSize - 1)
        chunks.removeSubrange((rest == 0 ? fullChunks : fullChunks + 1)...)
        if rest > 0 { chunks[fullChunks].removeSubrange(rest...) }
        count = length
    }
}

extension ChunkedArray: RandomAccessCollection, MutableCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> Element {
        get {
            precondition(position >= 0 && position < count, "ChunkedArray index out of range")
            return chunks[position >> Self.chunkShift][position & (Self.chunkSize - 1)]
        }
        _modify {
            precondition(position >= 0 && position < count, "ChunkedArray index out of range")
            yield &chunks[position >> Self.chunkShift][position & (Self.chunkSize - 1)]
        }
    }
}

extension ChunkedArray: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension ChunkedArray: Equatable where Element: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elementsEqual(rhs) }
}

extension ChunkedArray: Sendable where Element: Sendable {}

extension ChunkedArray: CustomStringConvertible {
    public var description: String { Array(self).description }
}
