import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A large catalog file mapped read-only instead of read into memory, so its pages can be handed back
/// behind each pass of the reader: 100,000 products are about 100 MB of JSON, which would otherwise
/// stay resident beside the catalog built from it. Used only for files of `threshold` bytes or more;
/// smaller ones are read whole, as before.
final class MappedFile {
    static let threshold = 16 << 20
    /// Pages are handed back in steps of this many bytes at least: what a pass has read and not yet
    /// handed back is resident, so a smaller step is a lower peak (1 MB: about 100 calls a pass at
    /// 100,000 products; 8 MB kept up to 14 MB of the file resident at the peak).
    static let step = 1 << 20

    let bytes: UnsafeBufferPointer<UInt8>
    private var released = 0

    /// Nil when the file is smaller than `threshold` or cannot be mapped (reading it then says why).
    init?(path: String, threshold: Int = MappedFile.threshold) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, Int(info.st_size) >= max(threshold, 1) else { return nil }
        let count = Int(info.st_size)
        guard let base = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else { return nil }
        bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count)
        madvise(base, count, MADV_SEQUENTIAL)
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }

    /// Hands back the pages before `offset`, which a pass has read: they are the file's, so a later
    /// look (the next pass, or a line and column for a message) reads them again from the page cache.
    func release(before offset: Int) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let end = offset / page * page
        // The reader reads the root's arrays in its own order, not the file's: a step back starts over
        // from there.
        if end < released { released = end }
        guard end - released >= Self.step else { return }
        madvise(UnsafeMutableRawPointer(mutating: bytes.baseAddress! + released), end - released, MADV_DONTNEED)
        released = end
    }
}
