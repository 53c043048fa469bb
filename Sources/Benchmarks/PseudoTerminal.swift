import Foundation
#if canImport(Glibc)
import Glibc
#endif

// Glibc's module map hides the pseudo-terminal calls behind _XOPEN_SOURCE; declared here by their C names.
@_silgen_name("posix_openpt") private func c_posix_openpt(_ flags: Int32) -> Int32
@_silgen_name("grantpt") private func c_grantpt(_ fd: Int32) -> Int32
@_silgen_name("unlockpt") private func c_unlockpt(_ fd: Int32) -> Int32
@_silgen_name("ptsname") private func c_ptsname(_ fd: Int32) -> UnsafeMutablePointer<CChar>?

/// The real binary in a real pseudo-terminal, as a person's terminal would run it: what it costs to
/// get the first frame on the screen, what one key costs in bytes and time, and the peak memory.
final class PseudoTerminal {
    let pid: pid_t
    let master: Int32
    private(set) var received: [UInt8] = []

    /// glibc's POSIX_SPAWN_SETSID (not imported into Swift): the child starts a new session, so the
    /// pty it opens becomes its controlling terminal and it gets SIGWINCH like any terminal program.
    private static let spawnSetSID: Int16 = 0x80

    init(binary: String, arguments: [String], columns: Int, rows: Int, environment: [String: String]) throws {
        master = c_posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0, c_grantpt(master) == 0, c_unlockpt(master) == 0, let name = c_ptsname(master) else {
            throw BenchError("no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let slavePath = String(cString: name)
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        // Set the size on the slave side before the program starts, so its first frame is the right size.
        let slave = open(slavePath, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw BenchError("cannot open \(slavePath)") }
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
        close(slave)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, fd, slavePath, fd == 0 ? O_RDWR : O_RDWR, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Self.spawnSetSID)

        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, binary, &actions, &attributes, argv, envp)
        guard status == 0 else { throw BenchError("cannot start \(binary): \(String(cString: strerror(status)))") }
        pid = child
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(master)
    }

    /// Reads what the program writes until `done` says so or `timeout` passes. Returns whether `done`.
    @discardableResult
    func read(until done: ([UInt8]) -> Bool, timeout: Duration) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while clock.now < deadline {
            if done(received) { return true }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let left = deadline - clock.now
            let milliseconds = Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            guard poll(&descriptor, 1, milliseconds) > 0 else { continue }
            let count = Glibc.read(master, &buffer, buffer.count)
            if count <= 0 { return done(received) }
            received.append(contentsOf: buffer[0..<count])
        }
        return done(received)
    }

    /// Reads what is there now, without waiting. Returns whether anything came.
    func readAvailable() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = Glibc.read(master, &buffer, buffer.count)
        guard count > 0 else { return false }
        received.append(contentsOf: buffer[0..<count])
        return true
    }

    /// Sends bytes as typed keys, waits up to `firstByte` for the answer to start, then reads until
    /// the output has been quiet for `quiet`. Returns the bytes that came back and the time from the key
    /// to the last of them.
    func key(_ bytes: [UInt8], quiet: Duration = .milliseconds(40), firstByte: Duration = .seconds(5))
        -> (bytes: Int, time: Duration) {
        let clock = ContinuousClock()
        let before = received.count
        let sent = clock.now
        var last = sent
        _ = bytes.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count) }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let waited = clock.now - last
            // Until the first byte arrives, wait for it; after that, for the output to go quiet.
            let left = (received.count == before && !bytes.isEmpty ? firstByte : quiet) - waited
            if left <= .zero { break }
            let milliseconds = Int32(max(1, left.components.attoseconds / 1_000_000_000_000_000 + left.components.seconds * 1000))
            guard poll(&descriptor, 1, milliseconds) > 0 else { continue }
            let count = Glibc.read(master, &buffer, buffer.count)
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
            last = clock.now
        }
        let got = received.count - before
        return (got, got == 0 ? .zero : last - sent)
    }

    /// The process's peak resident memory (VmHWM), in bytes.
    var peakMemory: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            return digits.map { $0 * 1024 }
        }
        return nil
    }
}
