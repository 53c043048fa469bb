import Dispatch
import Foundation

/// Scratch folders a command makes for itself (a script's ledgers when no `--ledgers` is given) and
/// removes when it ends. Ctrl-C, SIGTERM and SIGHUP remove them too, before the process dies of the
/// signal as it would have (the parent still sees why): an interrupted `storefront script` leaves
/// nothing in `$TMPDIR` (issue 53, item 7). A signal ignored when the program started (nohup) stays
/// ignored.
enum ScratchFolders {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var folders: Set<URL> = []
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    /// Set once a signal is being handled: the program is about to die of it.
    nonisolated(unsafe) private static var dying = false

    /// Makes `folder` and removes it if the process is interrupted before `remove`.
    static func make(_ folder: URL) throws {
        _ = watchSignals
        lock.withLock { _ = folders.insert(folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    static func remove(_ folder: URL) {
        try? FileManager.default.removeItem(at: folder)
        lock.withLock { _ = folders.remove(folder) }
    }

    /// Removes a folder the program may still be writing in (the script's ledger saving its next
    /// step): moved aside first, so nothing made by its old path (a journal) lands in it while it goes.
    private static func removeWhileInUse(_ folder: URL) {
        let aside = folder.deletingLastPathComponent().appendingPathComponent(".\(folder.lastPathComponent)-removing")
        if rename(folder.path, aside.path) == 0 {
            try? FileManager.default.removeItem(at: aside)
        } else {
            try? FileManager.default.removeItem(at: folder)
        }
    }

    private static let watchSignals: Void = {
        // Removing the folders can make the running script fail (its ledger is gone) and exit 2 before
        // the signal is raised again: an exit while the signal is being handled waits for the signal,
        // so the parent always sees the death it caused (seen once in CI with SIGHUP).
        atexit {
            guard ScratchFolders.lock.withLock({ ScratchFolders.dying }) else { return }
            while true { pause() }
        }
        for number in [SIGINT, SIGTERM, SIGHUP] {
            var current = sigaction()
            guard sigaction(number, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil else { continue }  // SIG_DFL only
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                lock.withLock { dying = true }
                for folder in lock.withLock({ folders }) { removeWhileInUse(folder) }
                signal(number, SIG_DFL)
                kill(getpid(), number)
            }
            source.resume()
            sources.append(source)
        }
    }()
}
