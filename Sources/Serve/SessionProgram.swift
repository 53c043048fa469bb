import Foundation
#if canImport(Glibc)
import Glibc
#endif

// Glibc's module map hides these behind _XOPEN_SOURCE / _GNU_SOURCE; declared here by their C names.
@_silgen_name("posix_openpt") private func c_posix_openpt(_ flags: Int32) -> Int32
@_silgen_name("grantpt") private func c_grantpt(_ fd: Int32) -> Int32
@_silgen_name("unlockpt") private func c_unlockpt(_ fd: Int32) -> Int32
@_silgen_name("ptsname_r") private func c_ptsname_r(_ fd: Int32, _ buffer: UnsafeMutablePointer<CChar>, _ length: Int) -> Int32
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func c_addclosefrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32

/// One session's program: the ordinary storefront binary in a pseudo-terminal of its own, as sshd runs
/// a login shell. Started with posix_spawn (never fork, which is unsafe in a multi-threaded server) in
/// a new session (POSIX_SPAWN_SETSID) that opens the pty's slave as fds 0, 1 and 2 without O_NOCTTY,
/// which makes it the controlling terminal on Linux: the program gets SIGWINCH when the size changes
/// and SIGHUP when the master closes.
public final class SessionProgram: @unchecked Sendable {
    public let pid: pid_t
    /// The pty's master side, kept for resizes; the server reads and writes a duplicate of it.
    private let master: Int32
    private let lock = NSLock()
    private var closed = false

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// glibc's flags (spawn.h): SETSID is behind _GNU_SOURCE and not imported into Swift.
    private static let setSID: Int16 = 0x80
    private static let setSigDefault: Int16 = 0x04
    private static let setSigMask: Int16 = 0x08

    public init(program: String, arguments: [String], environment: [String: String], columns: Int, rows: Int) throws(Failure) {
        let master = c_posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw Failure(description: "no pseudo-terminal: \(String(cString: strerror(errno)))") }
        var name = [CChar](repeating: 0, count: 128)
        guard c_grantpt(master) == 0, c_unlockpt(master) == 0, c_ptsname_r(master, &name, name.count) == 0 else {
            let reason = String(cString: strerror(errno))
            close(master)
            throw Failure(description: "no pseudo-terminal: \(reason)")
        }
        let slavePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // The size is set before the program starts, so its first frame already fits.
        var size = winsize(ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        // Nothing else of the server's reaches the program: no socket, no other session's pty.
        _ = c_addclosefrom(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The server ignores SIGPIPE and handles SIGTERM/SIGINT/SIGHUP itself; an ignored signal would
        // stay ignored across exec, so every signal goes back to its default, and none is blocked.
        var defaults = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Self.setSID | Self.setSigDefault | Self.setSigMask)

        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, program, &actions, &attributes, argv, envp)
        guard status == 0 else {
            close(master)
            throw Failure(description: "cannot start \(program): \(String(cString: strerror(status)))")
        }
        pid = child
        self.master = master
    }

    /// A duplicate of the master side (close-on-exec), for the server to read and write; its owner closes it.
    public func duplicateMaster() -> Int32 {
        fcntl(master, F_DUPFD_CLOEXEC, 3)
    }

    /// The client's window changed: the kernel sends SIGWINCH to the program's foreground process group.
    public func resize(columns: Int, rows: Int) {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        var size = winsize(ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Sends a signal to the program's whole process group (its session).
    public func signal(_ signal: Int32) {
        kill(-pid, signal)
        kill(pid, signal)
    }

    /// How the program ended, without waiting: nil while it runs.
    public func reap() -> Ending? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else {
            // ECHILD: already reaped (it cannot be anyone else's child).
            return result < 0 && errno == ECHILD ? .exited(0) : nil
        }
        let signal = status & 0x7f
        return signal == 0 ? .exited(Int((status >> 8) & 0xff)) : .signalled(signal)
    }

    public enum Ending: Equatable, Sendable {
        case exited(Int)
        case signalled(Int32)
    }

    /// Closes the master: the program gets SIGHUP if it still runs.
    public func closeMaster() {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        closed = true
        close(master)
    }

    deinit { closeMaster() }
}
