import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Every process a test starts — a receiver, a server, a tmux server, the binary under test — is
/// registered here while it runs. Helpers stop what they start when their test ends (explicitly, with
/// `defer`, never in `deinit`, which may not run before the test process exits); whatever is still
/// registered when the test process exits (a test that crashed, a helper that failed to stop) is killed
/// then, with its process group, so a run leaves nothing behind. `ChildProcessTests` checks the helpers.
public enum ChildProcesses {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var pids: Set<pid_t> = []
    private static let cleanUpAtExit: Void = {
        atexit {
            for pid in ChildProcesses.lock.withLock({ ChildProcesses.pids }) {
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
            }
        }
    }()

    /// A process a test started and will stop.
    public static func register(_ pid: pid_t) {
        _ = cleanUpAtExit
        guard pid > 0 else { return }
        lock.withLock { _ = pids.insert(pid) }
    }

    /// The process ended (or was stopped): no longer the test run's to kill.
    public static func unregister(_ pid: pid_t) {
        lock.withLock { _ = pids.remove(pid) }
    }

    /// The registered processes that are still running.
    public static var running: [pid_t] {
        lock.withLock { pids }.filter { isAlive($0) }.sorted()
    }

    /// Whether a process runs (a zombie, ended but not yet reaped, does not count).
    public static func isAlive(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }

    /// Spawn attributes for a test's child: every signal at its default and none blocked. The test
    /// process ignores some (SIGPIPE, for its sockets) and its threads may block others; a child
    /// inherits both across exec, and a tmux pane that ignores SIGHUP outlives its server. The caller
    /// destroys the attributes (`posix_spawnattr_destroy`).
    public static func cleanSpawnAttributes() -> posix_spawnattr_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        // glibc's POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK (spawn.h).
        posix_spawnattr_setflags(&attributes, 0x04 | 0x08)
        return attributes
    }

    /// Waits up to `timeout` for a process to end; then kills it (and its process group).
    public static func waitOrKill(_ pid: pid_t, timeout: TimeInterval) {
        let deadline = Date().addingTimeInterval(timeout)
        while isAlive(pid), Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if isAlive(pid) {
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
        }
    }

    /// Runs a Foundation `Process` registered, to its end or `timeout` (then it is killed); for a
    /// helper that waits for its child.
    public static func run(_ process: Process, timeout: TimeInterval) throws {
        try process.run()
        register(process.processIdentifier)
        defer { unregister(process.processIdentifier) }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        if process.isRunning { process.terminate() }
        let grace = Date().addingTimeInterval(2)
        while process.isRunning && Date() < grace { Thread.sleep(forTimeInterval: 0.005) }
        // A child may inherit a signal mask that blocks SIGTERM: SIGKILL cannot be blocked.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
