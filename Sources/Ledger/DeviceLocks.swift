import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Which storefronts have a ledger open, and as which device: byte-range locks on the ledger file
/// itself, so nothing is made beside it. They are Linux's open file description locks
/// (`F_OFD_SETLK`): tied to the descriptor the ledger holds, so the kernel drops them when the process
/// dies however it dies, and two ledgers open in one process (tests, a script's relaunch) exclude each
/// other as two processes do. They sit far past SQLite's own lock bytes (which begin at 1 GiB and take
/// 512 bytes), so they never meet SQLite's locking.
///
/// - Every storefront holds a read lock on `presenceByte` while it has the ledger open: `isOpen`
///   (serve's `--state-dir` clean-up) asks whether anyone does, without taking anything.
/// - Each holds a write lock on its device name's byte: the same device twice at once is refused.
public enum DeviceLocks {
    /// 1 TiB: far past SQLite's lock bytes and any real ledger's size (locks may lie past the end of a file).
    static let presenceByte: Int64 = 1 << 40
    /// Device bytes follow the presence byte, one per device name (its hash in a 2^40 range: two names
    /// sharing one is a one-in-a-trillion chance).
    static func byte(ofDevice name: String) -> Int64 {
        // FNV-1a, 64 bits, over the name's UTF-8: the same in every process and build (Swift's own
        // `hashValue` is seeded per process).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return presenceByte + 1 + Int64(hash & ((1 << 40) - 1))
    }

    /// Held, as a write lock, by the storefront bringing the ledger's schema up to date: two devices
    /// opening a ledger from an older storefront together migrate it one after the other (the second
    /// finds it done), never both at once.
    static let migrationByte: Int64 = presenceByte - 1

    /// Runs `body` (the opening that migrates the schema) while this storefront holds the migration
    /// lock, waiting up to half a minute for another storefront's migration to end.
    static func whileMigrating<T>(_ descriptor: Int32, path: String, _ body: () throws(Ledger.Failure) -> T) throws(Ledger.Failure) -> T {
        var attempts = 0
        while lock(descriptor, at: migrationByte, type: F_WRLCK) != 0 {
            let error = errno
            guard error == EAGAIN || error == EACCES else {
                throw .unreadable(path: path, detail: "it cannot be locked (\(String(cString: strerror(error))))")
            }
            attempts += 1
            guard attempts < 3_000 else {
                throw .unreadable(path: path, detail: "another storefront has been bringing its schema up to date for half a minute")
            }
            usleep(10_000)
        }
        defer { _ = lock(descriptor, at: migrationByte, type: F_UNLCK) }
        return try body()
    }

    // Linux's values (fcntl.h, with _GNU_SOURCE): Swift's Glibc module does not import them.
    private static let getLock: Int32 = 36 // F_OFD_GETLK
    private static let setLock: Int32 = 37 // F_OFD_SETLK

    /// Takes this storefront's locks on `descriptor` (the ledger opened read-write): present, as `device`.
    static func hold(_ descriptor: Int32, path: String, device: String) throws(Ledger.Failure) {
        // Storefronts from before several devices hold an exclusive flock on the ledger: a shared one
        // here keeps them out while any device has it open, and this one out while they do.
        guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else {
            let error = errno
            if error == EWOULDBLOCK { throw .inUse(path: path, device: device) }
            throw .unreadable(path: path, detail: "it cannot be locked (\(String(cString: strerror(error))))")
        }
        guard lock(descriptor, at: presenceByte, type: F_RDLCK) == 0 else {
            throw .unreadable(path: path, detail: "it cannot be locked (\(String(cString: strerror(errno))))")
        }
        // A lock can outlive its holder for an instant: a process forked by another thread of this one
        // (a subprocess starting) shares the open file description until it execs, so a ledger just
        // closed may still be locked for a few milliseconds. Another storefront holds it for good: try
        // for half a second before saying so.
        var error: Int32 = 0
        for attempt in 0..<50 {
            if lock(descriptor, at: byte(ofDevice: device), type: F_WRLCK) == 0 { return }
            error = errno
            guard error == EAGAIN || error == EACCES else { break }
            if attempt < 49 { usleep(10_000) }
        }
        if error == EAGAIN || error == EACCES { throw .inUse(path: path, device: device) }
        throw .unreadable(path: path, detail: "it cannot be locked (\(String(cString: strerror(error))))")
    }

    /// Whether any storefront has the ledger at `path` open now (as any device). Takes no lock, so it
    /// never gets in a storefront's way.
    public static func isOpen(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var probe = region(at: presenceByte, type: F_WRLCK)
        guard fcntl(descriptor, getLock, &probe) == 0 else { return false }
        return probe.l_type != Int16(F_UNLCK)
    }

    private static func region(at offset: Int64, type: Int32) -> flock {
        var region = flock()
        region.l_type = Int16(type)
        region.l_whence = Int16(SEEK_SET)
        region.l_start = off_t(offset)
        region.l_len = 1
        region.l_pid = 0 // open file description locks require 0
        return region
    }

    static func lock(_ descriptor: Int32, at offset: Int64, type: Int32) -> Int32 {
        var region = region(at: offset, type: type)
        return fcntl(descriptor, setLock, &region)
    }
}
