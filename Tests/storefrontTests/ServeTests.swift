import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `storefront serve` with the real OpenSSH client, on loopback, on a port the server picks at run
/// time (`--listen 127.0.0.1:0`), keys made by ssh-keygen in temporary folders. Every wait is bounded
/// and every process is ended by the test that started it.
@Suite("storefront serve over SSH", .serialized)
struct ServeTests {
    /// Polls until `pid` no longer exists; the seconds it took, or nil.
    static func waitForProcessEnd(_ pid: pid_t, timeout: TimeInterval) -> TimeInterval? {
        let start = Date()
        while Date().timeIntervalSince(start) < timeout {
            if kill(pid, 0) != 0 { return Date().timeIntervalSince(start) }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return nil
    }

    @Test("a guest connects with ssh, sees the store, moves, resizes (relaid out at once), and quits; the session's program is gone after")
    func connectBrowseResizeQuit() throws {
        let server = try ServeProcess(["--demo"])
        defer { server.stop() }
        let guest = try server.guest()
        defer { guest.close() }
        try guest.waitFor("Trail Boost", timeout: 30)
        #expect(try guest.screen().contains("Trailhead · Store"))
        guest.send("j", "j")
        try guest.waitFor("▸ Print Credit")
        // The client's window change reaches the program as SIGWINCH at once: the compact layout, then
        // "too small", then the full one.
        guest.resize(columns: 50, rows: 16)
        try guest.waitFor("[ b: Buy Print Credit", timeout: 2)
        guest.resize(columns: 30, rows: 10)
        try guest.waitFor("Terminal too small", timeout: 2)
        guest.resize(columns: 80, rows: 24)
        try guest.waitFor("buy as many as you like", timeout: 2)
        guest.send("q")
        try guest.waitForExit(timeout: 20)
        #expect(guest.exitStatus == "0", "ssh exits with the program's status")
        let pid = try server.waitForSessionPID()
        try server.waitForLog("session end", timeout: 10)
        #expect(kill(pid, 0) != 0, "the session's program has exited and was reaped")
        // The disconnect is logged when the server sees the TCP connection close, which may come after
        // "session end" (seen missing once under a full test run's load).
        try server.waitForLog("disconnect", timeout: 10)
        #expect(server.log.contains("duration="), "one log line per disconnect, with its duration")
    }

    @Test("keys: an authorized key gets in, another key is refused, and an RSA line is reported at start")
    func authorizedKeys() throws {
        let keys = try KeyFolder()
        let guestKey = try keys.make("guest")
        let stranger = try keys.make("stranger")
        let rsa = try keys.make("rsa", type: "rsa")
        let list = keys.folder.appendingPathComponent("authorized_keys").path
        try (keys.publicKey(guestKey) + "\n" + keys.publicKey(rsa) + "\n").write(toFile: list, atomically: true, encoding: .utf8)
        let server = try ServeProcess(["--authorized-keys", list])
        defer { server.stop() }
        #expect(server.errors.contains("authorized_keys:2: ssh-rsa keys are not supported"), "unusable lines are named at start:\n\(server.errors)")
        #expect(!server.output.contains("DEMO MODE"))

        // Authenticated, the guest reaches the session (and is told a command is not served).
        let allowed = try server.ssh(["-i", guestKey, "-tt"], "nonsense")
        #expect(allowed.output.contains("is not something this server runs"), "\(allowed.output)")
        let refused = try server.ssh(["-i", stranger, "-tt"], "store")
        #expect(refused.status == 255)
        #expect(refused.output.contains("Permission denied (publickey)"), "\(refused.output)")
        // No key at all: the "none" method is not enough without --demo.
        let anonymous = try server.ssh(["-tt"], "store")
        #expect(anonymous.status == 255)
        #expect(server.log.contains("auth refused") && server.log.contains("auth accepted"))
    }

    @Test("without --authorized-keys or --demo the server refuses to start, and says why")
    func refusesOpenServer() throws {
        let run = try Storefront.run(["serve", "--listen", "127.0.0.1:0"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("serve needs to know who may connect: --authorized-keys PATH"))
        let both = try Storefront.run(["serve", "--demo", "--authorized-keys", "/dev/null", "--listen", "127.0.0.1:0"])
        #expect(both.status == 2 && both.stderr.contains("contradict"))
    }

    @Test("serve --help offers the launch options it takes, and not --state, which it refuses; storefront --help offers --state")
    func helpOmitsState() throws {
        let serve = try Storefront.run(["serve", "--help"])
        #expect(serve.status == 0)
        #expect(serve.stdout.contains("--state-dir") && serve.stdout.contains("--locale"), "\(serve.stdout)")
        #expect(!serve.stdout.contains("--state <"), "\(serve.stdout)")
        let root = try Storefront.run(["--help"])
        #expect(root.stdout.contains("--state <state>"), "\(root.stdout)")
    }

    @Test("launch options are checked before anything listens; --state is refused in favour of --state-dir")
    func launchOptionsChecked() throws {
        let locale = try Storefront.run(["serve", "--demo", "--listen", "127.0.0.1:0", "--locale", "xx_NOPE"])
        #expect(locale.status == 2 && locale.stderr.contains("unknown locale \"xx_NOPE\" (--locale)"), "\(locale.stderr)")
        let state = try Storefront.run(["serve", "--demo", "--listen", "127.0.0.1:0", "--state", "/tmp/x.sqlite"])
        #expect(state.status == 2 && state.stderr.contains("--state-dir"), "\(state.stderr)")
        let listen = try Storefront.run(["serve", "--demo", "--listen", "nowhere"])
        #expect(listen.status == 2 && listen.stderr.contains("is not an address and port (--listen)"), "\(listen.stderr)")
        let idle = try Storefront.run(["serve", "--demo", "--listen", "127.0.0.1:0", "--idle-timeout", "soon"])
        #expect(idle.status == 2 && idle.stderr.contains("(--idle-timeout)"), "\(idle.stderr)")
    }

    @Test("--demo is announced loudly at start; the default listens on loopback only")
    func demoAnnounced() throws {
        let server = try ServeProcess(["--demo"])
        defer { server.stop() }
        #expect(server.output.contains("!!  DEMO MODE: anyone who can reach 127.0.0.1:"))
        #expect(server.output.contains("(this machine only"))
    }

    @Test("exec of anything but a screen, a subsystem and a shell command are refused with one line; nothing runs")
    func execRefused() throws {
        let server = try ServeProcess(["--demo"])
        defer { server.stop() }
        for command in ["ls -la /", "sh", "storefront; id", "/bin/bash -c id"] {
            let run = try server.ssh(["-tt"], command)
            #expect(run.status == 1, "\(command): \(run.output)")
            #expect(run.output.contains("is not something this server runs; it serves the store only."), "\(command): \(run.output)")
        }
        let sftp = try server.ssh(["-s"], "sftp")
        #expect(sftp.status != 0 && sftp.output.contains("subsystem request failed"), "\(sftp.output)")
        #expect(!server.log.contains("session start"), "no program started for any of them")
    }

    @Test("port forwarding is refused: direct-tcpip channels and remote listens")
    func forwardingRefused() throws {
        let server = try ServeProcess(["--demo"])
        defer { server.stop() }
        let local = try server.ssh(["-W", "127.0.0.1:\(server.port)"])
        #expect(local.status != 0)
        #expect(local.output.contains("open failed"), "\(local.output)")
        let remote = try server.ssh(["-N", "-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:9"])
        #expect(remote.status != 0)
        #expect(remote.output.contains("remote port forwarding failed"), "\(remote.output)")
        #expect(server.log.contains("direct-tcpip (port forwarding)"))
    }

    @Test("a session without a pty gets a clear one-line message")
    func noPTY() throws {
        let server = try ServeProcess(["--demo"])
        defer { server.stop() }
        let run = try server.ssh(["-T"], "store")
        #expect(run.status == 1)
        #expect(run.output.contains("storefront: this is a full-screen store and needs a terminal; connect with ssh -t"), "\(run.output)")
        let shell = try server.ssh(["-T"])
        #expect(shell.output.contains("needs a terminal"), "\(shell.output)")
    }

    @Test("ssh -t host SCREEN deep-links through --open (help, redeem=CODE pre-filled); anything else is refused")
    func deepLinks() throws {
        let server = try ServeProcess(["--demo"])
        defer { server.stop() }
        let guest = try server.guest(command: ["signup"])
        defer { guest.close() }
        try guest.waitFor("Choose your Trailhead Plus plan", timeout: 30)
        guest.send("q")
        try guest.waitForExit(timeout: 20)
        let help = try server.guest(command: ["help"])
        defer { help.close() }
        try help.waitFor("How can we help?", timeout: 30)
        help.send("q")
        try help.waitForExit(timeout: 20)
        let redeem = try server.guest(command: ["redeem=SPRINGTRAIL"])
        defer { redeem.close() }
        try redeem.waitFor("SPRINGTRAIL", timeout: 30)
        try redeem.waitFor("Redeem Code", timeout: 5)
        redeem.send("Escape")
        redeem.send("q")
        try redeem.waitForExit(timeout: 20)
        let bad = try server.ssh(["-tt"], "nowhere")
        #expect(bad.output.contains("is not something this server runs"), "\(bad.output)")
        #expect(bad.status != 0)
    }

    @Test("the session limit: a guest over --max-sessions is told politely and disconnected")
    func sessionLimit() throws {
        let server = try ServeProcess(["--demo", "--max-sessions", "1"])
        defer { server.stop() }
        let first = try server.guest()
        defer { first.close() }
        try first.waitFor("Trail Boost", timeout: 30)
        let second = try server.ssh(["-tt"], "store")
        #expect(second.status == 1)
        #expect(second.output.contains("all 1 seats are taken right now; please try again in a few minutes."), "\(second.output)")
        #expect(try first.screen().contains("Trail Boost"), "the first session goes on")
        first.send("q")
        try first.waitForExit(timeout: 20)
    }

    @Test("--idle-timeout ends the session within a second of the limit: the program restores the guest's terminal and exits")
    func idleTimeoutOnTime() throws {
        let server = try ServeProcess(["--demo", "--idle-timeout", "2s"])
        defer { server.stop() }
        let guest = try server.guest()
        defer { guest.close() }
        try guest.waitFor("Trail Boost", timeout: 30)
        let program = try server.waitForSessionPID()
        // Keys keep it open: one every half second for 3 s, longer than the limit.
        for key in ["j", "k", "j", "k", "j", "k"] {
            guest.send(key)
            Thread.sleep(forTimeInterval: 0.5)
        }
        #expect(kill(program, 0) == 0, "keys reset the idle clock")
        guest.send("j")
        let lastKey = Date()
        try guest.waitFor("▸ Boost 5-Pack", timeout: 5)
        let ended = ServeTests.waitForProcessEnd(program, timeout: 15).map { _ in Date().timeIntervalSince(lastKey) }
        let seconds = try #require(ended, "the program still runs 15 s after the idle limit")
        #expect(seconds < 3.0 + 0.5, "ended \(seconds) s after the last key, for a 2 s limit")
        try guest.waitFor("this session ended after 2 seconds without a key", timeout: 5)
        try guest.waitForExit(timeout: 10)
        #expect(try guest.alternateScreenOn() == false, "the program restored the terminal before the goodbye")
        #expect(try guest.cursorVisible())
        try server.waitForLog("reason=idle timeout", timeout: 10)
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

    @Test("SIGTERM with sessions open: every guest's terminal is restored (alternate screen left, cursor shown) before its goodbye, every program ends by itself, the server exits within 5 s")
    func sigtermWithSessions() throws {
        let server = try ServeProcess(["--demo"])
        defer { server.stop() }
        let guests = try (0..<2).map { _ in try server.guest() }
        defer { guests.forEach { $0.close() } }
        for guest in guests { try guest.waitFor("Trail Boost", timeout: 30) }
        let pids = server.sessionPIDs
        #expect(pids.count == 2)
        let sent = Date()
        kill(server.pid, SIGTERM)
        let status = server.waitForExit(timeout: 15)
        let took = Date().timeIntervalSince(sent)
        #expect(status == 0, "the server exits cleanly")
        #expect(took < 5, "stopped in \(took) s")
        for guest in guests {
            try guest.waitFor("the presenter is stopping the server", timeout: 10)
            try guest.waitForExit(timeout: 10)
            #expect(try guest.alternateScreenOn() == false, "each guest's terminal was restored by its program")
            #expect(try guest.cursorVisible(), "the program showed the cursor again")
            // The goodbye is on the normal screen: written after the program restored the terminal (had
            // it come first, it would have vanished with the alternate screen).
            #expect(try !guest.screen().contains("Trail Boost"), "nothing of the store is left")
            #expect(guest.sttyAfter.contains(" icanon"))
        }
        for pid in pids { #expect(kill(pid, 0) != 0, "session program \(pid) has ended") }
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
        let took = ServeTests.waitForProcessEnd(program, timeout: 10)
        #expect(took != nil, "program \(program) still runs after its guest left")
        try server.waitForLog("session end", timeout: 10)
    }

    @Test("a crashing session never takes the server down")
    func crashIsolated() throws {
        let server = try ServeProcess(["--demo"])
        defer { server.stop() }
        let guest = try server.guest()
        defer { guest.close() }
        try guest.waitFor("Trail Boost", timeout: 30)
        kill(try server.waitForSessionPID(), SIGSEGV)
        try guest.waitFor("the store stopped unexpectedly (SIGSEGV)", timeout: 20)
        try guest.waitForExit(timeout: 20)
        let next = try server.guest()
        defer { next.close() }
        try next.waitFor("Trail Boost", timeout: 30)
        next.send("q")
        try next.waitForExit(timeout: 20)
    }

    @Test("environment: only LANG and LC_* from the client (which pick the language), TERM, and a minimal PATH")
    func environmentFilter() throws {
        let server = try ServeProcess(["--demo"])
        defer { server.stop() }
        let guest = try server.guest(options: ["-o", "SetEnv=LANG=ja_JP.UTF-8 LC_MESSAGES=ja_JP.UTF-8 SECRET=hunter2 LD_PRELOAD=/tmp/x.so"])
        defer { guest.close() }
        try guest.waitFor("ストア", timeout: 30)
        let environment = try ServeProcess.environment(of: server.waitForSessionPID())
        #expect(environment == ["LANG": "ja_JP.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8", "PATH": "/usr/bin:/bin", "TERM": "xterm-256color"],
                "\(environment)")
        guest.send("q")
        try guest.waitForExit(timeout: 20)

        // Nothing sent: a UTF-8 default, in English.
        let plain = try server.guest()
        defer { plain.close() }
        try plain.waitFor("Trail Boost", timeout: 30)
        let defaults = try ServeProcess.environment(of: server.sessionPIDs.last ?? 0)
        #expect(Set(defaults.keys) == ["LANG", "PATH", "TERM"], "\(defaults)")
        #expect(defaults["LANG"]?.uppercased().contains("UTF-8") == true)
        plain.send("q")
        try plain.waitForExit(timeout: 20)
    }

    @Test("a TERM this machine's terminfo does not know falls back to xterm-256color")
    func termFallback() throws {
        let server = try ServeProcess(["--demo"])
        defer { server.stop() }
        let guest = try server.guest(term: "no-such-terminal-42")
        defer { guest.close() }
        try guest.waitFor("Trail Boost", timeout: 30)
        #expect(try ServeProcess.environment(of: server.waitForSessionPID())["TERM"] == "xterm-256color")
        guest.send("q")
        try guest.waitForExit(timeout: 20)
    }

    @Test("the host key is made once with mode 0600 and reused: the same fingerprint on every start, as ssh-keygen prints it")
    func hostKeyReuse() throws {
        let folder = try KeyFolder()
        let path = folder.folder.appendingPathComponent("state/host_key").path
        let first = try ServeProcess(["--demo"], hostKey: path)
        let printed = first.fingerprint
        first.stop()
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600, "mode \(String(info.st_mode & 0o777, radix: 8))")
        #expect(first.output.contains("created now at"))
        let keygen = try Spawned.run("/usr/bin/ssh-keygen", ["-l", "-f", path])
        #expect(keygen.output.contains(printed) && !printed.isEmpty, "\(keygen.output) vs \(printed)")

        let second = try ServeProcess(["--demo"], hostKey: path)
        defer { second.stop() }
        #expect(second.fingerprint == printed)
        #expect(second.output.contains("(ED25519), from \(path)"))
        // The client sees that key.
        let run = try second.ssh(["-v", "-tt"], "nonsense")
        #expect(run.output.contains(printed), "the client is shown the same host key")

        // A key made by ssh-keygen serves as it is.
        let own = try folder.make("ssh-keygen-host")
        let third = try ServeProcess(["--demo"], hostKey: own)
        defer { third.stop() }
        #expect(try Spawned.run("/usr/bin/ssh-keygen", ["-l", "-f", own]).output.contains(third.fingerprint) && !third.fingerprint.isEmpty)

        chmod(path, 0o644)
        let loose = try Storefront.run(["serve", "--demo", "--listen", "127.0.0.1:0", "--host-key", path])
        #expect(loose.status == 2)
        #expect(loose.stderr.contains("has mode 644, which lets others read it; run chmod 600"), "\(loose.stderr)")
    }

    @Test("--state-dir: a ledger per key; a second session with the same key at once is told politely")
    func ledgerPerKey() throws {
        let keys = try KeyFolder()
        let key = try keys.make("guest")
        let state = keys.folder.appendingPathComponent("ledgers").path
        let server = try ServeProcess(["--demo", "--state-dir", state, "--now", "2026-11-21T09:00:00Z"])
        defer { server.stop() }
        let guest = try server.guest(options: ["-i", key])
        defer { guest.close() }
        // A new ledger's first launch shows onboarding.
        try guest.waitFor("Maps that work without signal", timeout: 30)
        let ledgers = try FileManager.default.contentsOfDirectory(atPath: state)
        #expect(ledgers.count == 1 && ledgers[0].hasPrefix("sha256-") && ledgers[0].hasSuffix(".sqlite"), "\(ledgers)")
        let again = try server.ssh(["-i", key, "-tt"], "store")
        #expect(again.status == 1)
        #expect(again.output.contains("your key already has a session open here"), "\(again.output)")
        guest.send("s")
        try guest.waitFor("Trail Boost")
        guest.send("q")
        try guest.waitForExit(timeout: 20)
        // The same key later: its ledger is kept, so onboarding is not shown again.
        let back = try server.guest(options: ["-i", key])
        defer { back.close() }
        try back.waitFor("Trail Boost", timeout: 30)
        #expect(!(try back.screen()).contains("Maps that work without signal"))
        back.send("q")
        try back.waitForExit(timeout: 20)
    }
}

/// `storefront serve` in the background: stdout and stderr to files, the port it chose read from its
/// announcement. Stopped (and its session programs with it) by `stop`.
final class ServeProcess {
    let folder: URL
    let pid: pid_t
    private(set) var port = 0
    private var exited: Int32?

    var output: String { (try? String(contentsOf: folder.appendingPathComponent("out"), encoding: .utf8)) ?? "" }
    var errors: String { (try? String(contentsOf: folder.appendingPathComponent("err"), encoding: .utf8)) ?? "" }
    var log: String { errors }

    init(_ arguments: [String], hostKey: String? = nil) throws {
        folder = ScratchFolder.make("serve")
        let key = hostKey ?? folder.appendingPathComponent("host_key").path
        pid = try Spawned.start(Storefront.binary.path, ["serve", "--listen", "127.0.0.1:0", "--host-key", key] + arguments,
                                stdout: folder.appendingPathComponent("out").path, stderr: folder.appendingPathComponent("err").path)
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let match = output.firstMatch(of: /listening on 127\.0\.0\.1:(\d+)/), let number = Int(match.1) {
                port = number
                return
            }
            if waitForExit(timeout: 0) != nil { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        stop()
        throw TmuxSession.Failure("storefront serve did not start:\n\(output)\n\(errors)")
    }

    var fingerprint: String {
        output.firstMatch(of: /host key: (SHA256:[A-Za-z0-9+\/]+)/).map { String($0.1) } ?? ""
    }

    /// The process ids of the session programs started so far, from the log.
    var sessionPIDs: [pid_t] {
        log.split(separator: "\n").filter { $0.contains("session start") }
            .compactMap { line in line.firstMatch(of: /pid=(\d+)/).flatMap { pid_t($0.1) } }
    }

    func waitForSessionPID(timeout: TimeInterval = 15) throws -> pid_t {
        try waitForLog("session start", timeout: timeout)
        guard let pid = sessionPIDs.last else { throw TmuxSession.Failure("no pid in the log:\n\(log)") }
        return pid
    }

    func waitForLog(_ text: String, timeout: TimeInterval) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if log.contains(text) { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TmuxSession.Failure("the log never said \"\(text)\":\n\(log)")
    }

    static let clientOptions = ["-F", "/dev/null", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                                "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none", "-o", "ConnectTimeout=20", "-o", "ServerAliveInterval=5", "-o", "ServerAliveCountMax=6"]

    /// ssh with no terminal of its own (standard input /dev/null): `ssh OPTIONS 127.0.0.1 COMMAND`;
    /// output and status. Bounded.
    func ssh(_ options: [String], _ command: String? = nil, timeout: TimeInterval = 30) throws -> Spawned.Result {
        try Spawned.run("/usr/bin/ssh", Self.clientOptions + ["-p", "\(port)"] + options + ["127.0.0.1"] + (command.map { [$0] } ?? []),
                        timeout: timeout)
    }

    /// A guest in tmux at 80x24: `ssh -tt … 127.0.0.1 [command]`.
    func guest(term: String = "xterm-256color", options: [String] = [], command: [String] = []) throws -> TmuxSession {
        try TmuxSession(term: term, command: ["/usr/bin/ssh", "-tt"] + Self.clientOptions + ["-o", "LogLevel=ERROR", "-p", "\(port)"]
                        + options + ["127.0.0.1"] + command, environment: ["LANG": "C.UTF-8"])
    }

    /// Exit status, or nil if it is still running after `timeout`.
    @discardableResult
    func waitForExit(timeout: TimeInterval) -> Int32? {
        if let exited { return exited }
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                exited = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
                ChildProcesses.unregister(pid)
                return exited
            }
            Thread.sleep(forTimeInterval: 0.02)
        } while Date() < deadline
        return nil
    }

    /// SIGTERM, then SIGKILL (and every session program) if it lingers.
    func stop() {
        guard exited == nil else { return }
        let children = sessionPIDs
        kill(pid, SIGTERM)
        if waitForExit(timeout: 8) == nil {
            for child in children { kill(child, SIGKILL) }
            kill(pid, SIGKILL)
            waitForExit(timeout: 5)
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// A process's resident memory in bytes (VmRSS in /proc/PID/status); nil once it is gone.
    static func residentBytes(of pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let match = status.firstMatch(of: /VmRSS:\s+(\d+) kB/), let kilobytes = Int(match.1) else { return nil }
        return kilobytes * 1024
    }

    /// A process's environment, from /proc.
    static func environment(of pid: pid_t) throws -> [String: String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))
        var result: [String: String] = [:]
        for entry in data.split(separator: 0) {
            let text = String(decoding: entry, as: UTF8.self)
            guard let equals = text.firstIndex(of: "=") else { continue }
            result[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        return result
    }
}

/// Keys made by ssh-keygen in a temporary folder.
final class KeyFolder {
    let folder: URL

    init() throws {
        folder = ScratchFolder.make("keys")
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func make(_ name: String, type: String = "ed25519") throws -> String {
        let path = folder.appendingPathComponent(name).path
        let run = try Spawned.run("/usr/bin/ssh-keygen", ["-q", "-t", type, "-N", "", "-C", name, "-f", path] + (type == "rsa" ? ["-b", "2048"] : []))
        guard run.status == 0 else { throw TmuxSession.Failure("ssh-keygen failed: \(run.output)") }
        return path
    }

    func publicKey(_ path: String) throws -> String {
        try String(contentsOfFile: path + ".pub", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Processes started with posix_spawn (not Foundation's Process, whose SIGCHLD handling does not mix
/// with waitpid here), output to files, every wait bounded.
enum Spawned {
    struct Result {
        var status: Int32
        var output: String
    }

    static func start(_ executable: String, _ arguments: [String], stdin: String = "/dev/null", stdout: String, stderr: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let home = FileManager.default.temporaryDirectory.path
        let variables: [String] = ["PATH=/usr/bin:/bin", "LANG=C.UTF-8", "HOME=\(home)"]
        let envp = variables.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        var attributes = ChildProcesses.cleanSpawnAttributes()
        defer { posix_spawnattr_destroy(&attributes) }
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else { throw TmuxSession.Failure("cannot run \(executable): error \(status)") }
        ChildProcesses.register(pid)
        return pid
    }

    /// Runs to the end (killed after `timeout`); stdout and stderr together.
    static func run(_ executable: String, _ arguments: [String], timeout: TimeInterval = 30) throws -> Result {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("spawned-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let pid = try start(executable, arguments, stdout: output, stderr: output + ".err")
        defer { try? FileManager.default.removeItem(atPath: output + ".err") }
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(timeout)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline { kill(pid, SIGKILL); waitpid(pid, &status, 0); break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        ChildProcesses.unregister(pid)
        let text = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "") + ((try? String(contentsOfFile: output + ".err", encoding: .utf8)) ?? "")
        return Result(status: status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f), output: text)
    }
}
