@testable import StoreModel
import Testing

/// `ChunkedArray` (the ledger's growing lists) reads and changes exactly as an `Array` would, across its
/// chunk boundaries, and a copy never sees the other's changes.
@Suite("Chunked arrays")
struct ChunkedArrayTests {
    /// Sizes around the chunk boundaries.
    static let sizes = [0, 1, 127, 128, 129, 255, 256, 257, 1_000]

    @Test("appending, reading and changing in place agree with an Array at every size around a chunk")
    func agreesWithArray() {
        for size in Self.sizes {
            var chunked = ChunkedArray<Int>(), array: [Int] = []
            for value in 0..<size {
                chunked.append(value)
                array.append(value)
            }
            #expect(Array(chunked) == array && chunked.count == size, "size \(size)")
            for position in stride(from: 0, to: size, by: 7) {
                chunked[position] += 1_000
                array[position] += 1_000
            }
            #expect(Array(chunked) == array, "size \(size)")
            #expect(Array(chunked.reversed()) == array.reversed(), "size \(size)")
            #expect(chunked.last == array.last && chunked.first == array.first, "size \(size)")
        }
    }

    @Test("removing at a position or by a rule keeps order, at every size around a chunk")
    func removals() {
        for size in Self.sizes where size > 0 {
            for position in Set([0, size / 2, size - 1, min(size - 1, 127), min(size - 1, 128)]) {
                var chunked = ChunkedArray(0..<size), array = Array(0..<size)
                #expect(chunked.remove(at: position) == array.remove(at: position), "size \(size), at \(position)")
                #expect(Array(chunked) == array && chunked.count == array.count, "size \(size), at \(position)")
                // Still appends right after a removal moved the chunk boundaries.
                chunked.append(-1)
                array.append(-1)
                #expect(Array(chunked) == array, "size \(size), at \(position)")
            }
            var chunked = ChunkedArray(0..<size), array = Array(0..<size)
            chunked.removeAll { $0 % 3 == 1 }
            array.removeAll { $0 % 3 == 1 }
            #expect(Array(chunked) == array && chunked.count == array.count, "size \(size)")
            chunked.removeAll()
            #expect(chunked.isEmpty && chunked.count == 0)
        }
    }

    @Test("a copy keeps its elements when the original is appended to or changed, and the other way round")
    func copiesAreIndependent() {
        var original = ChunkedArray(0..<300)
        var copy = original
        original.append(300)
        original[5] = -5
        original[299] = -299
        copy[200] = -200
        #expect(Array(copy) == Array(0..<200) + [-200] + Array(201..<300))
        var expected = Array(0..<301)
        (expected[5], expected[299]) = (-5, -299)
        #expect(Array(original) == expected)
        #expect(copy == ChunkedArray(Array(copy)) && copy != original)
    }
}
