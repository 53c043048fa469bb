import Foundation
import NIOConcurrencyHelpers
#if canImport(Glibc)
import Glibc
#endif

/// The `--state-dir` folder of guests' ledgers (`sha256-….sqlite` and SQLite's `-wal`, `-shm` and
/// `-journal` beside each), kept to at most a number of ledgers: with `--demo` any key is welcome, so
/// without a cap every fresh key would leave a file behind.
enum LedgerFolder {
    /// One decision at a time: sessions start on several event loops.
    private static let lock = NIOLock()
    static let companions = ["", "-wal", "-shm", "-journal"]

    enum Room: Equatable {
        /// `path` may be used; these ledgers (file names) were removed to make room, oldest first.
        case ready(removed: [String])
        /// Every other ledger is in use: nothing can be removed.
        case full
    }

    /// Makes room for the ledger at `path` so that at most `cap` ledgers exist once it does: the ledgers
    /// in the folder and those of sessions that have not written theirs yet (`inUse`) are counted; the
    /// least recently used one that no session here (`inUse`) or elsewhere (its flock) holds goes first.
    static func makeRoom(folder: String, for path: String, cap: Int, inUse: Set<String>) -> Room {
        lock.withLock {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            let existing = Set(names.filter { $0.hasPrefix("sha256-") && $0.hasSuffix(".sqlite") }
                .map { (folder as NSString).appendingPathComponent($0) })
            var counted = existing.union(inUse).union([path])
            guard counted.count > cap else { return .ready(removed: []) }
            let candidates = existing.subtracting(inUse).subtracting([path])
                .map { (path: $0, used: lastUse($0)) }
                .sorted { $0.used < $1.used }
            var removed: [String] = []
            for candidate in candidates where counted.count > cap {
                guard !SessionHandler.ledgerIsOpenElsewhere(candidate.path) else { continue }
                for suffix in companions { unlink(candidate.path + suffix) }
                counted.remove(candidate.path)
                removed.append((candidate.path as NSString).lastPathComponent)
            }
            return counted.count > cap ? .full : .ready(removed: removed)
        }
    }

    /// When a ledger was last written (the later of the file and its write-ahead log).
    static func lastUse(_ path: String) -> Double {
        var latest = 0.0
        for suffix in ["", "-wal"] {
            var info = stat()
            if stat(path + suffix, &info) == 0 {
                latest = max(latest, Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
            }
        }
        return latest
    }

    /// Ledgers made before the server set its umask may be 0644: only the presenter reads them.
    static func restrict(_ path: String) {
        for suffix in companions { chmod(path + suffix, 0o600) }
    }
}
