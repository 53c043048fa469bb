import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// How a guest's session begins and ends over SSH, against the binary under test (the release build
/// too, in `.ci/run`): the program in the session's pty must react to the signals the server sends it
/// (SIGWINCH, SIGTERM, SIGHUP) the same way in every build.
@Suite("storefront serve: a session's program follows the server", .serialized)
struct ServeLifecycleTests {
    /// Polls until `pid` no longer exists; the seconds it took, or nil.
    static func waitForProcessEnd(_ pid: pid_t, timeout: TimeInterval) -> TimeInterval? {
        let start = Date()
        while Date().timeIntervalSince(start) < timeout {
            if kill(pid, 0) != 0 { return Date().timeIntervalSince(start) }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return nil
    }

    @Test("a guest's window change reaches the session's program at once: the compact layout, then 'too small', then the full one")
    func windowChange() throws {
        let server = try ServeProcess(["--demo"])
        defer { server.stop() }
        let guest = try server.guest()
        defer { guest.close() }
        try guest.waitFor("Trail Boost", timeout: 30)
        guest.resize(columns: 50, rows: 16)
        try guest.waitFor("[ b: Buy Trail Boost", timeout: 2)
        guest.resize(columns: 30, rows: 10)
        try guest.waitFor("Terminal too small", timeout: 2)
        guest.resize(columns: 80, rows: 24)
        try guest.waitFor("Trailhead · Store", timeout: 2)
        guest.send("q")
        try guest.waitForExit(timeout: 20)
    }

    @Test("stopping the server restores every guest's terminal (alternate screen left, cursor shown) before the goodbye line")
    func stopRestoresGuests() throws {
        let server = try ServeProcess(["--demo"])
        defer { server.stop() }
        let guests = try (0..<2).map { _ in try server.guest() }
        defer { guests.forEach { $0.close() } }
        for guest in guests { try guest.waitFor("Trail Boost", timeout: 30) }
        kill(server.pid, SIGTERM)
        #expect(server.waitForExit(timeout: 15) == 0)
        for guest in guests {
            try guest.waitFor("the presenter is stopping the server", timeout: 10)
            try guest.waitForExit(timeout: 10)
            #expect(try guest.alternateScreenOn() == false, "the program left the alternate screen")
            #expect(try guest.cursorVisible(), "the program showed the cursor again")
            // The goodbye is on the normal screen: written after the program restored the terminal (had
            // it come first, it would have vanished with the alternate screen).
            #expect(try !guest.screen().contains("Trail Boost"), "nothing of the store is left")
            #expect(guest.sttyAfter.contains(" icanon"))
        }
        #expect(server.log.contains("killed=0"), "every program ended by itself; none was killed:\n\(server.log)")
    }

    @Test("a guest that disconnects ends its program: the session's process is gone, not orphaned")
    func disconnectEndsProgram() throws {
        let server = try ServeProcess(["--demo"])
        defer { server.stop() }
        let guest = try server.guest()
        defer { guest.close() }
        try guest.waitFor("Trail Boost", timeout: 30)
        let program = try server.waitForSessionPID()
        #expect(kill(program, 0) == 0, "the session's program runs")
        // The guest's ssh dies without a word (a closed laptop): only the TCP connection ends.
        let shell = try guest.tmux(["display", "-p", "-t", "t", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let client = try guest.run("/usr/bin/pgrep", ["-P", shell, "ssh"]).split(separator: "\n").first.flatMap { pid_t($0) }
        let ssh = try #require(client, "the guest's ssh process")
        kill(ssh, SIGKILL)
        let took = Self.waitForProcessEnd(program, timeout: 10)
        #expect(took != nil, "program \(program) still runs after its guest left")
        try server.waitForLog("session end", timeout: 10)
    }

    @Test("--idle-timeout ends the session within a second of the limit: the program restores the guest's terminal and exits")
    func idleTimeoutOnTime() throws {
        let server = try ServeProcess(["--demo", "--idle-timeout", "2s"])
        defer { server.stop() }
        let guest = try server.guest()
        defer { guest.close() }
        try guest.waitFor("Trail Boost", timeout: 30)
        let program = try server.waitForSessionPID()
        guest.send("j")
        let lastKey = Date()
        try guest.waitFor("▸ Boost 5-Pack", timeout: 5)
        let ended = Self.waitForProcessEnd(program, timeout: 15).map { _ in Date().timeIntervalSince(lastKey) }
        let seconds = try #require(ended, "the program still runs 15 s after the idle limit")
        #expect(seconds < 3.0 + 0.5, "ended \(seconds) s after the last key, for a 2 s limit")
        try guest.waitFor("this session ended after 2 seconds without a key", timeout: 5)
        try guest.waitForExit(timeout: 10)
        #expect(try guest.alternateScreenOn() == false)
        #expect(try guest.cursorVisible())
    }

    @Test("--max-session-length ends a busy session within a second of the limit, terminal restored")
    func sessionLengthOnTime() throws {
        let server = try ServeProcess(["--demo", "--max-session-length", "3s"])
        defer { server.stop() }
        let guest = try server.guest()
        defer { guest.close() }
        try guest.waitFor("Trail Boost", timeout: 30)
        // The session started before its store was drawn: from here, at most the limit plus a second.
        let drawn = Date()
        let program = try server.waitForSessionPID()
        var ended: TimeInterval?
        while Date().timeIntervalSince(drawn) < 15, ended == nil {
            guest.send("j")
            if kill(program, 0) != 0 { ended = Date().timeIntervalSince(drawn) }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let seconds = try #require(ended, "the program still runs 15 s into a 3 s session")
        #expect(seconds < 3.0 + 1.0, "ended \(seconds) s after its store was drawn, for a 3 s limit")
        try guest.waitFor("sessions here last at most 3 seconds", timeout: 5)
        try guest.waitForExit(timeout: 10)
        #expect(try guest.alternateScreenOn() == false)
        #expect(try guest.cursorVisible())
    }
}
