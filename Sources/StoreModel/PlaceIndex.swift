/// A hash index from String keys to places (a position, or a few numbers packed in one) that keeps no
/// key: a place's key is read back from where it lives (a product's id, an offer's code) through the
/// `keyAt` the caller passes. At 100,000 products a Dictionary of String keys and Int values took
/// 6.3 MB for product ids alone (a String and an Int per bucket at ≤ 0.75 load); this takes 12 bytes a
/// slot at the same load (issue 33).
///
/// Open addressing with linear probing; each slot keeps its key's 32-bit hash (never 0; 0 marks an empty
/// slot), so a probe reads a key back only when the hashes match, and growing rehashes nothing. The
/// hash is Swift's seeded `Hasher`, as a Dictionary's, so an index lives only in the process that made it.
package struct PlaceIndex: Sendable {
    private var hashes: [UInt32]
    private var places: [UInt64]
    package private(set) var count = 0

    /// Room for `expected` keys before the first growth.
    package init(expected: Int = 0) {
        let capacity = Swift.max(8, expected + expected / 3 + 1)
        hashes = Array(repeating: 0, count: capacity)
        places = Array(repeating: 0, count: capacity)
    }

    /// The first place of each key of `count` positions, the place being the position: as a linear scan
    /// from the start would find them.
    package init(positions count: Int, keyAt: (Int) -> String) {
        self.init(expected: count)
        for position in 0..<count {
            _ = insert(keyAt(position), place: UInt64(position)) { keyAt(Int($0)) }
        }
    }

    /// The place of `key`, if the index has it.
    package func place(of key: String, keyAt: (UInt64) -> String) -> UInt64? {
        let hash = Self.hash(key)
        var slot = Self.slot(hash, hashes.count)
        while hashes[slot] != 0 {
            if hashes[slot] == hash, keyAt(places[slot]) == key { return places[slot] }
            slot = slot + 1 == hashes.count ? 0 : slot + 1
        }
        return nil
    }

    /// Adds `key` at `place` unless the index has the key; returns the place it had (and then keeps it).
    package mutating func insert(_ key: String, place: UInt64, keyAt: (UInt64) -> String) -> UInt64? {
        if (count + 1) * 4 > hashes.count * 3 { grow() }
        let hash = Self.hash(key)
        var slot = Self.slot(hash, hashes.count)
        while hashes[slot] != 0 {
            if hashes[slot] == hash, keyAt(places[slot]) == key { return places[slot] }
            slot = slot + 1 == hashes.count ? 0 : slot + 1
        }
        hashes[slot] = hash
        places[slot] = place
        count += 1
        return nil
    }

    /// Bytes the index keeps (its two arrays), for the tests that hold it to its size.
    package var bytes: Int { hashes.count * (MemoryLayout<UInt32>.stride + MemoryLayout<UInt64>.stride) }

    private mutating func grow() {
        let (oldHashes, oldPlaces) = (hashes, places)
        // Half again, not double: at 100,000 keys a doubling leaves megabytes of empty slots.
        let capacity = oldHashes.count + oldHashes.count / 2
        hashes = Array(repeating: 0, count: capacity)
        places = Array(repeating: 0, count: capacity)
        for old in oldHashes.indices where oldHashes[old] != 0 {
            var slot = Self.slot(oldHashes[old], capacity)
            while hashes[slot] != 0 { slot = slot + 1 == capacity ? 0 : slot + 1 }
            hashes[slot] = oldHashes[old]
            places[slot] = oldPlaces[old]
        }
    }

    private static func hash(_ key: String) -> UInt32 {
        let hash = UInt32(truncatingIfNeeded: key.hashValue)
        return hash == 0 ? 1 : hash
    }

    /// The hash scaled to the table (multiply and shift), so any capacity works, not only powers of two.
    private static func slot(_ hash: UInt32, _ capacity: Int) -> Int {
        Int((UInt64(hash) &* UInt64(capacity)) >> 32)
    }
}
