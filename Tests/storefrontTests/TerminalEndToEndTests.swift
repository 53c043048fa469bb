import Foundation
import Testing
import TestSupport

/// The real binary in a real terminal (tmux): what a person sees, and that the terminal is restored
/// however the program ends.
@Suite("End to end in tmux", .serialized)
struct TerminalEndToEndTests {
    @Test("buy a consumable and quit: the screen shows the purchase and the terminal is restored")
    func buyConsumableAndQuit() throws {
        let session = try TmuxSession()
        defer { session.close() }
        try session.waitFor("Trail Boost")
        #expect(try session.screen().contains("Trailhead · Store"))
        session.send("+", "+", "b")
        try session.waitFor("[ Confirm ]")
        session.send("Tab", "Enter")
        try session.waitFor("You bought Trail Boost × 3.")
        session.send("Enter", "q")
        try session.waitForExit()
        #expect(session.sttyAfter.contains(" icanon") && session.sttyAfter.contains(" echo"), "terminal modes restored:\n\(session.sttyAfter)")
        #expect(try session.alternateScreenOn() == false, "the alternate screen was left")
        #expect(try !session.screen().contains("Trail Boost"), "nothing of the store is left on the screen")
        #expect(try !session.bracketedPasteLeftOn())
    }

    @Test("keys typed ahead never answer the confirmation sheet before it is seen")
    func typedAheadKeysDoNotConfirm() throws {
        let session = try TmuxSession()
        defer { session.close() }
        try session.waitFor("Trail Boost")
        _ = try session.tmux(["send-keys", "-t", "t", "-l", "jjjb\t\r"])
        try session.waitFor("[ Confirm ]")
        let screen = try session.waitForSettled()
        #expect(screen.contains("[ Confirm ]"), "the sheet is still open, waiting for a deliberate answer")
        #expect(!screen.contains("You bought"))
        session.send("Escape", "Enter", "q")
        try session.waitForExit()
    }

    @Test("with --state, a purchase shown as complete survives kill -9 of the interactive app")
    func ledgerSurvivesKill() throws {
        let folder = ScratchFolder.make("e2e")
        let ledger = folder.appendingPathComponent("ledger.sqlite").path
        let arguments = ["--now", "2026-11-21T09:00:00Z", "--locale", "en_US", "--territory", "USA", "--state", ledger]
        let first = try TmuxSession(arguments: arguments)
        defer { first.close() }
        // A new ledger's first launch opens onboarding (issue 10); s skips to the store.
        try first.waitFor("Maps that work without signal")
        first.send("s")
        try first.waitFor("Trail Boost")
        first.send("Tab", "b")
        try first.waitFor("[ Confirm ]")
        first.send("Tab", "Enter")
        try first.waitFor("You bought Alps Map Pack.")
        try first.signalApp("KILL")
        try first.waitForExit()

        let second = try TmuxSession(arguments: ["--locale", "en_US", "--territory", "USA", "--state", ledger])
        defer { second.close() }
        try second.waitFor("✓ Owned")
        #expect(!(try second.screen()).contains("Maps that work without signal"), "onboarding shows once per ledger")
        second.send("t")
        try second.waitFor("Alps Map Pack  non-consumable purchased")
        second.send("q")
        try second.waitForExit()
    }

    @Test("with --state, feedback typed with wide characters survives a quit attempt and kill -9, and is offered again")
    func feedbackDraftSurvivesKill() throws {
        let folder = ScratchFolder.make("e2e")
        let ledger = folder.appendingPathComponent("ledger.sqlite").path
        let first = try TmuxSession(arguments: ["--now", "2026-11-21T09:00:00Z", "--locale", "en_US", "--territory", "USA",
                                                "--state", ledger, "--open", "help"])
        defer { first.close() }
        // A new ledger's first launch opens onboarding; s skips it, to the screen --open asked for.
        try first.waitFor("Maps that work without signal")
        first.send("s")
        try first.waitFor("How can we help?")
        first.send("j", "j", "j", "Enter")
        try first.waitFor("Type your feedback")
        _ = try first.tmux(["send-keys", "-t", "t", "-l", "山小屋の地図 quits?"])
        try first.waitFor("山小屋の地図 quits?")
        first.send("Escape")
        try first.waitFor("Leave without sending?")
        first.send("n", "Tab", "q")
        try first.waitFor("Quit without sending?")
        first.send("n")
        try first.waitFor("[ Send ]")
        try first.signalApp("KILL")
        try first.waitForExit()

        let second = try TmuxSession(arguments: ["--locale", "en_US", "--territory", "USA", "--state", ledger, "--open", "help"])
        defer { second.close() }
        try second.waitFor("Unsent draft")
        second.send("j", "j", "j", "Enter")
        try second.waitFor("Your unsent draft is here.")
        try second.waitFor("山小屋の地図 quits?")
        second.send("C-c")
        try second.waitForExit()
    }

    @Test("at an accelerated time rate a subscription renews in real time, while the app is open")
    func acceleratedClock() throws {
        let session = try TmuxSession(arguments: ["--now", "2026-11-21T09:00:00Z", "--locale", "en_US", "--territory", "USA",
                                                  "--time-rate", "30s"])
        defer { session.close() }
        try session.waitFor("Trail Boost")
        session.send("Tab", "Tab", "b")
        try session.waitFor("Choose your Trailhead Plus plan")
        session.send("b")
        try session.waitFor("[ Confirm ]")
        session.send("Tab", "Enter")
        try session.waitFor("You're subscribed to Family Monthly.")
        session.send("Enter", "t")
        // A one-week trial at monthly-renewal-every-thirty-seconds ends after 10 seconds (Apple's weekly time): the renewal appears.
        try session.waitFor("2    1    Family Monthly", timeout: 30)
        session.send("q")
        try session.waitForExit()
    }

    static let signalNumbers: [String: Int32] = ["TERM": SIGTERM, "HUP": SIGHUP, "INT": SIGINT, "QUIT": SIGQUIT,
                                                 "SEGV": SIGSEGV, "ABRT": SIGABRT, "ILL": SIGILL, "FPE": SIGFPE,
                                                 "BUS": SIGBUS, "TRAP": SIGTRAP, "SYS": SIGSYS, "XCPU": SIGXCPU,
                                                 "PIPE": SIGPIPE, "ALRM": SIGALRM, "USR1": SIGUSR1, "USR2": SIGUSR2,
                                                 "VTALRM": SIGVTALRM, "PROF": SIGPROF, "STKFLT": SIGSTKFLT, "PWR": SIGPWR]

    /// A crash's handler says so in one line; the signals that ask the program to stop end it quietly.
    static let crashes: Set<String> = ["SEGV", "ABRT", "ILL", "FPE", "BUS", "TRAP", "SYS", "XCPU"]

    @Test("every signal whose default action ends the program (TERM, HUP, INT, QUIT, PIPE, ALRM, USR1, USR2, VTALRM, PROF, STKFLT, PWR, and crashes sent by kill) restores the terminal, then the process dies of it (status 128+n)",
          arguments: ["TERM", "HUP", "INT", "QUIT", "PIPE", "ALRM", "USR1", "USR2", "VTALRM", "PROF", "STKFLT", "PWR",
                      "SEGV", "ABRT", "ILL", "FPE", "BUS", "TRAP", "SYS", "XCPU"])
    func signalRestores(signal: String) throws {
        let session = try TmuxSession()
        defer { session.close() }
        try session.waitFor("Trail Boost")
        try session.signalApp(signal)
        try session.waitForExit(timeout: 5)
        let number = Self.signalNumbers[signal]!
        #expect(session.exitStatus == "\(128 + number)", "a shell sees SIG\(signal): status \(session.exitStatus)")
        #expect(session.sttyAfter.contains(" icanon") && session.sttyAfter.contains(" echo"), "terminal modes restored:\n\(session.sttyAfter)")
        #expect(try session.alternateScreenOn() == false, "the alternate screen was left")
        #expect(try session.cursorVisible(), "the cursor is shown again")
        let said = try session.screen().contains("storefront crashed (signal \(number))")
        #expect(said == Self.crashes.contains(signal), "a crash, and only a crash, says so in one line")
        if !Self.crashes.contains(signal) { #expect(try !session.bracketedPasteLeftOn()) }
    }

    @Test("past a file-size limit (ulimit -f) a purchase is not saved and says so on screen; the program goes on, quits normally, and the ledger keeps every purchase it reported")
    func fileSizeLimitIsAnError() throws {
        let folder = ScratchFolder.make("xfsz")
        defer { try? FileManager.default.removeItem(at: folder) }
        let ledger = folder.appendingPathComponent("ledger.sqlite").path
        let script = folder.appendingPathComponent("make.script")
        try "launch --now 2026-11-21T09:00:00Z --state \(ledger)\nbuy com.trailhead.maps.alps\nexpect-entitlements com.trailhead.maps.alps\n"
            .write(to: script, atomically: true, encoding: .utf8)
        let first = try Storefront.run(["script", script.path])
        #expect(first.status == 0, "\(first.stderr)")
        // Room for about one more page of the ledger (bash counts ulimit -f in KiB).
        let size = try #require(try FileManager.default.attributesOfItem(atPath: ledger)[.size] as? Int)
        let session = try TmuxSession(command: ["bash", "-c", "ulimit -f \(size / 1024 + 6); exec \"$0\" \"$@\"", Storefront.binary.path,
                                                "--state", ledger, "--locale", "en_US", "--territory", "USA"])
        defer { session.close() }
        try session.waitFor("skip")  // a ledger's first interactive launch opens on onboarding
        session.send("Escape")
        try session.waitFor("Trail Boost")
        var bought = 0
        var refused = false
        for _ in 0..<200 where !refused {
            session.send("b")
            try session.waitFor("[ Confirm ]")
            session.send("Tab", "Enter")
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                let screen = try session.screen()
                if screen.contains("Not saved") { refused = true; break }
                if screen.contains("You bought") { bought += 1; break }
                Thread.sleep(forTimeInterval: 0.05)
            }
            if !refused {
                session.send("Enter")
                try session.waitForSettled()
            }
        }
        #expect(refused, "the limit was reached after \(bought) purchases")
        #expect(try session.screen().contains("Trail Boost"), "the program still runs")
        session.send("q")
        try session.waitForExit(timeout: 10)
        #expect(session.exitStatus == "0", "not killed by SIGXFSZ (153): \(session.exitStatus)")
        #expect(session.sttyAfter.contains(" icanon") && session.sttyAfter.contains(" echo"))
        let read = try Storefront.run(["ledger", "--state", ledger, "--json"])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.components(separatedBy: "com.trailhead.boost.small").count - 1 >= bought,
                "every purchase reported bought is in the ledger")
    }

    @Test("a --recording cut by a file-size limit ends at its last whole frame, every line JSON, and the program says so when it ends")
    func recordingCutShort() throws {
        let folder = ScratchFolder.make("cut-cast")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cast = folder.appendingPathComponent("walk.cast").path
        let session = try TmuxSession(command: ["bash", "-c", "ulimit -f 6; exec \"$0\" \"$@\"", Storefront.binary.path,
                                                "--now", "2026-11-21T09:00:00Z", "--locale", "en_US", "--recording", cast])
        defer { session.close() }
        try session.waitFor("Trail Boost")
        for key in ["t", "Escape", "s", "Escape", "a", "Escape", "?", "Escape", "j", "j", "j", "j"] {
            session.send(key)
            try session.waitForSettled()
        }
        session.send("q")
        try session.waitForExit(timeout: 10)
        #expect(session.exitStatus == "0")
        #expect(try session.screen().contains("stopped early and ends at its last whole frame"))
        let text = try String(contentsOfFile: cast, encoding: .utf8)
        #expect(text.hasSuffix("\n") && text.utf8.count <= 6 * 1024)
        let lines = text.split(separator: "\n")
        #expect(lines.count >= 2, "the header and the first frame")
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "a whole JSON line: \(line.prefix(60))")
        }
    }

    @Test("stopped and continued from outside (SIGSTOP, SIGCONT), the program takes the terminal back and repaints what was drawn over")
    func continueRepaints() throws {
        let session = try TmuxSession()
        defer { session.close() }
        try session.waitFor("Trail Boost")
        try session.signalApp("STOP")
        // Something else writes over the screen while the program is stopped.
        try session.writeToTerminal("\u{1B}[2J\u{1B}[HSCRIBBLED OVER")
        try session.waitFor("SCRIBBLED OVER")
        try session.signalApp("CONT")
        try session.waitFor("Trail Boost", timeout: 5)
        #expect(try !session.screen().contains("SCRIBBLED"), "the whole screen was repainted")
        session.send("j")
        try session.waitFor("▸ ", timeout: 5)
        session.send("q")
        try session.waitForExit()
    }

    @Test("kill -TSTP in a shell with job control: the terminal is given back before the program stops; fg repaints it")
    func stopFromOutsideUnderJobControl() throws {
        let session = try TmuxSession(command: ["/bin/bash", "--norc", "--noprofile", "-i"], environment: ["PS1": "job$ "])
        defer { session.close() }
        try session.waitFor("job$")
        let command = ([Storefront.binary.path, "--now", "2026-11-21T09:00:00Z", "--locale", "en_US", "--territory", "USA"])
            .map { "'\($0)'" }.joined(separator: " ")
        _ = try session.tmux(["send-keys", "-t", "t", "-l", command])
        session.send("Enter")
        try session.waitFor("Trail Boost")
        try session.signalApp("TSTP", parent: "bash")
        try session.waitFor("Stopped", timeout: 5)
        #expect(try session.alternateScreenOn() == false, "the alternate screen was left before stopping")
        #expect(try session.cursorVisible())
        _ = try session.tmux(["send-keys", "-t", "t", "-l", "stty -a | grep -o ' -\\?icanon'"])
        session.send("Enter")
        try session.waitFor(" icanon", timeout: 5)
        #expect(try !session.screen().contains("-icanon"), "the shell got its line editing back")
        _ = try session.tmux(["send-keys", "-t", "t", "-l", "fg"])
        session.send("Enter")
        try session.waitFor("Trailhead · Store", timeout: 5)
        #expect(try session.alternateScreenOn(), "back in full screen")
        session.send("j")
        try session.waitFor("▸ ", timeout: 5)
        session.send("q")
        try session.waitFor("job$", timeout: 5)
        #expect(try session.alternateScreenOn() == false)
        // An interactive shell outlives its tmux server's SIGHUP here: leave it, so nothing lingers.
        _ = try session.tmux(["send-keys", "-t", "t", "-l", "exit"])
        session.send("Enter")
        try session.waitForExit(timeout: 5)
    }

    @Test("Ctrl-C quits and restores the terminal")
    func controlC() throws {
        let session = try TmuxSession()
        defer { session.close() }
        try session.waitFor("Trail Boost")
        session.send("C-c")
        try session.waitForExit()
        #expect(session.sttyAfter.contains(" icanon"))
    }

    @Test("a resize re-lays out the screen at once, and keys act on the new layout; below the minimum a clear message")
    func resize() throws {
        let session = try TmuxSession()
        defer { session.close() }
        try session.waitFor("Trail Boost")
        session.resize(columns: 50, rows: 16)
        try session.waitFor("[ b: Buy Trail Boost", timeout: 2)
        session.send("j")
        try session.waitFor("[ b: Buy Boost 5-Pack", timeout: 2)
        #expect(try session.screen().contains("? keys"), "the footer fits the 50 columns")
        session.resize(columns: 30, rows: 10)
        try session.waitFor("Terminal too small", timeout: 2)
        session.send("j")
        Thread.sleep(forTimeInterval: 0.2)
        #expect(try session.screen().contains("Terminal too small"))
        session.resize(columns: 80, rows: 24)
        try session.waitFor("Trailhead · Store", timeout: 2)
        session.send("j")
        try session.waitFor("▸ Print Credit", timeout: 2)
        session.send("q")
        try session.waitForExit()
        #expect(session.exitStatus == "0")
    }

    @Test("a crash restores the terminal before anything is printed, waits for nothing, and the process dies of the signal")
    func crashRestores() throws {
        // STOREFRONT_TEST_CRASH=overflow: the first key overflows an integer (see CrashTest in Interactive.swift).
        let session = try TmuxSession(environment: ["STOREFRONT_TEST_CRASH": "overflow"])
        defer { session.close() }
        try session.waitFor("Trail Boost")
        let crashed = Date()
        session.send("j")
        try session.waitForExit(timeout: 10)
        #expect(Date().timeIntervalSince(crashed) < 5, "no backtracer pause")
        #expect(session.sttyAfter.contains(" icanon") && session.sttyAfter.contains(" echo"), "terminal modes restored:\n\(session.sttyAfter)")
        #expect(try session.alternateScreenOn() == false, "the alternate screen was left")
        let status = Int(session.exitStatus) ?? 0
        #expect(status > 128 && [SIGILL, SIGTRAP].contains(Int32(status - 128)), "died of the trap's signal: status \(status)")
        let lines = try session.screen().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.contains { $0.hasPrefix("storefront crashed (signal ") }, "the note starts at the left margin:\n\(lines.joined(separator: "\n"))")
        #expect(!lines.contains { $0.hasPrefix("          ") && $0.contains { !$0.isWhitespace } }, "no staircase:\n\(lines.joined(separator: "\n"))")
        #expect(!lines.contains { $0.contains("Press space") })
        #expect(!lines.contains { $0.contains("Trail Boost") }, "nothing of the store is left on the screen")
        #expect(try !session.bracketedPasteLeftOn())
    }

    @Test("reports and paste markers act as nothing: ESC[201~ does not advance the clock, a mouse report with q does not quit, a paste does nothing")
    func escapeSequencesAreConsumed() throws {
        let session = try TmuxSession()
        defer { session.close() }
        try session.waitFor("Trail Boost")
        session.send("t") // the inspector, where "1" advances the clock a day
        try session.waitFor("Clock Nov 21, 2026")
        let before = try session.screen()
        // Split across reads, as over ssh: the rest of each sequence arrives a little later.
        session.sendBytes([0x1B, 0x5B])
        Thread.sleep(forTimeInterval: 0.1)
        session.sendBytes(Array("201~".utf8))
        session.sendBytes([0x1B, 0x5B, 0x4D, 0x20]) // X10 mouse report: button, then "q" and "!" as coordinates
        Thread.sleep(forTimeInterval: 0.1)
        session.sendBytes([0x71, 0x21])
        session.sendBytes(Array("\u{1B}[<0;113;1M\u{1B}]11;rgb:0000/0000/0000\u{7}".utf8)) // SGR mouse, an OSC reply
        session.paste("q1b")
        // A key after them all: its overlay shows only once everything before it was read, and had any
        // of it quit or moved the clock, the screen would not come back as it was.
        session.send("?")
        try session.waitFor("Keys — ")
        session.send("Escape")
        try session.waitForScreen(before)
        session.send("1")
        try session.waitFor("Clock Nov 22, 2026") // keys still work
        session.send("q")
        try session.waitForExit()
        #expect(session.exitStatus == "0")
    }

    @Test("ja_JP: the help, the buy sheet and the result box open and close over wide text without a trace; Ctrl-L repaints")
    func wideTextUnderOverlays() throws {
        let session = try TmuxSession(arguments: ["--now", "2026-11-21T09:00:00Z", "--locale", "ja_JP", "--territory", "JPN"])
        defer { session.close() }
        try session.waitFor("トレイルブースト")
        let fresh = try session.waitForSettled()
        session.send("?")
        try session.waitFor("キー一覧 —")
        session.send("Escape")
        try session.waitForScreen(fresh)
        // The sheet closes as a cancel with a line, no dialog; moving on clears the line.
        session.send("b")
        try session.waitFor("App Store")
        session.send("Escape")
        try session.waitFor("購入をキャンセルしました")
        session.send("j")
        session.send("k")
        try session.waitForScreen(fresh)
        // A purchase's result box, over the same wide text.
        session.send("b")
        try session.waitFor("App Store")
        try session.waitForSettled()
        session.send("Tab")
        session.send("Enter")
        try session.waitFor("[ OK ]")
        session.send("Enter")
        try session.waitForScreen(fresh)
        // Something else writes over the screen; Ctrl-L brings the store back.
        let tty = try session.tmux(["display", "-p", "-t", "t", "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let handle = try #require(FileHandle(forWritingAtPath: tty))
        handle.write(Data("\u{1B}[5;10Hgarbage".utf8))
        try handle.close()
        try session.waitFor("garbage")
        session.send("C-l")
        try session.waitForScreen(fresh)
        session.send("q")
        try session.waitForExit()
    }

    @Test("no locale at all is refused like LANG=C, with the same message and exit status 2", arguments: [
        ["LANG": "", "LC_ALL": "", "LC_CTYPE": ""], ["LANG": "C", "LC_ALL": "", "LC_CTYPE": ""],
    ])
    func noLocaleIsC(environment: [String: String]) throws {
        let session = try TmuxSession(environment: environment)
        defer { session.close() }
        try session.waitForExit()
        let screen = try session.screen()
        #expect(screen.contains("storefront: a UTF-8 locale is needed;"), "\(screen)")
        #expect(screen.contains("ASCII only"), "\(screen)")
        #expect(session.exitStatus == "2")
    }

    @Test("TERM=dumb gets a clear message and exit status 2, not garbage")
    func dumbTerminal() throws {
        let session = try TmuxSession(term: "dumb")
        defer { session.close() }
        try session.waitForExit()
        #expect(try session.screen().contains("storefront:"))
        #expect(session.exitStatus == "2")
    }
}

/// A detached tmux server of its own running `storefront`, then `stty -a` to see how it left the terminal.
final class TmuxSession {
    let socket = "storefront-test-\(UUID().uuidString.prefix(8))"
    let folder: URL
    var sttyAfter: String { (try? String(contentsOf: folder.appendingPathComponent("stty"), encoding: .utf8)) ?? "" }
    var exitStatus: String {
        ((try? String(contentsOf: folder.appendingPathComponent("status"), encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    convenience init(term: String = "xterm-256color", arguments: [String] = ["--now", "2026-11-21T09:00:00Z", "--locale", "en_US", "--territory", "USA"],
                     environment: [String: String] = [:]) throws {
        try self.init(term: term, command: [Storefront.binary.path] + arguments, environment: environment)
    }

    /// Any command in the pane (`ssh …` for `storefront serve`), followed the same way.
    init(term: String = "xterm-256color", command words: [String], environment: [String: String] = [:]) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
            throw Failure("tmux is not installed (apt-get install -y tmux); .ci/run installs it")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let command = words.map { "'\($0)'" }.joined(separator: " ")
        // No core files in the repository from the signal tests (SIGQUIT, SIGSEGV, … dump core by default).
        let script = "ulimit -c 0; cd '\(Storefront.repository.path)'; TERM=\(term) \(command); echo $? > '\(folder.path)/status'; stty -a > '\(folder.path)/stty'; sleep 60"
        let variables = ["LANG=C.UTF-8"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        try tmux(["new-session", "-d", "-x", "80", "-y", "24", "-s", "t", "env"] + variables + ["sh", "-c", script])
        // Its server (and, by its process group, what runs in it) is the test run's to stop.
        serverPID = pid_t(try tmux(["display", "-p", "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        ChildProcesses.register(serverPID)
    }

    private var closed = false
    private(set) var serverPID: pid_t = 0

    /// Ends the session, its tmux server and what runs in it, and removes its files: called by each test
    /// when it ends (`defer`).
    func close() {
        guard !closed else { return }
        closed = true
        let panes = ((try? tmux(["list-panes", "-a", "-F", "#{pane_pid}"])) ?? "").split(separator: "\n").compactMap { pid_t($0) }
        _ = try? tmux(["kill-server"])
        // The server ends its panes (SIGHUP) and itself; what lingers is killed.
        ChildProcesses.waitOrKill(serverPID, timeout: 2)
        for pane in panes { ChildProcesses.waitOrKill(pane, timeout: 1) }
        ChildProcesses.unregister(serverPID)
        try? FileManager.default.removeItem(atPath: "/tmp/tmux-\(getuid())/\(socket)")
        try? FileManager.default.removeItem(at: folder)
    }

    deinit { close() }

    func send(_ keys: String...) {
        for key in keys { _ = try? tmux(["send-keys", "-t", "t", key]) }
    }

    /// Sends raw bytes, as a terminal would (tmux's send-keys -H).
    func sendBytes(_ bytes: [UInt8]) {
        _ = try? tmux(["send-keys", "-t", "t", "-H"] + bytes.map { String(format: "%02x", $0) })
    }

    /// Pastes text the way a terminal does for a program that asked for bracketed paste.
    func paste(_ text: String) {
        _ = try? tmux(["set-buffer", text])
        _ = try? tmux(["paste-buffer", "-p", "-t", "t"])
    }

    /// After the app exited: whether the terminal still has bracketed paste on (tmux then wraps a
    /// paste in ESC[200~ … ESC[201~, which the tty echoes as ^[[200~).
    func bracketedPasteLeftOn() throws -> Bool {
        paste("paste-probe")
        try waitFor("paste-probe")
        return try screen().contains("^[[200~")
    }

    /// Polls until two captures a tenth of a second apart are the same (the app has drawn its frame
    /// whole, however busy the machine); bounded. Returns that screen.
    @discardableResult
    func waitForSettled(timeout: TimeInterval = 10) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = try screen()
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            let now = try screen()
            if now == last { return now }
            last = now
        }
        throw Failure("the screen never settled; it was:\n\(last)")
    }

    /// Polls until the screen is exactly `expected`; bounded.
    func waitForScreen(_ expected: String, timeout: TimeInterval = 5) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = (try? screen()) ?? ""
            if last == expected { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw Failure("the screen never became:\n\(expected)\nit was:\n\(last)")
    }

    func resize(columns: Int, rows: Int) {
        _ = try? tmux(["resize-window", "-t", "t", "-x", "\(columns)", "-y", "\(rows)"])
    }

    func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", "t"]) }

    /// Whether the terminal shows its cursor (a program that hid it must show it again on the way out).
    func cursorVisible() throws -> Bool {
        try tmux(["display", "-p", "-t", "t", "#{cursor_flag}"]).trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// Writes bytes to the pane's terminal as another program would (not as keys to the program).
    func writeToTerminal(_ text: String) throws {
        let tty = try tmux(["display", "-p", "-t", "t", "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let handle = FileHandle(forWritingAtPath: tty) else { throw Failure("cannot open \(tty)") }
        defer { try? handle.close() }
        handle.write(Data(text.utf8))
    }

    func alternateScreenOn() throws -> Bool {
        try tmux(["display", "-p", "-t", "t", "#{alternate_on}"]).trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// Sends a signal to the storefront process (the child of the pane's shell, or of the `parent` the
    /// pane's shell started).
    func signalApp(_ name: String, parent: String? = nil) throws {
        var shell = try tmux(["display", "-p", "-t", "t", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        if let parent, let inner = try run("/usr/bin/pgrep", ["-P", shell, parent]).split(separator: "\n").first {
            shell = String(inner)
        }
        let children = try run("/usr/bin/pgrep", ["-P", shell, "storefront"]).split(separator: "\n")
        guard let pid = children.first else { throw Failure("storefront is not running under pane shell \(shell)") }
        _ = try run("/bin/kill", ["-\(name)", String(pid)])
    }

    /// Polls the screen until it contains the text; bounded, so a test never hangs.
    func waitFor(_ text: String, timeout: TimeInterval = 15) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = (try? screen()) ?? ""
            if last.contains(text) { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw Failure("timed out waiting for \"\(text)\"; the screen was:\n\(last)")
    }

    func waitForExit(timeout: TimeInterval = 15) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("stty").path), !sttyAfter.isEmpty { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw Failure("storefront did not exit; the screen was:\n\((try? screen()) ?? "")")
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String { try run("/usr/bin/tmux", ["-L", socket] + arguments) }

    /// Runs a command with posix_spawn and waitpid. Not Foundation's Process: `tmux new-session` forks
    /// a daemon, and Process then never notices its own child exit (waitUntilExit hangs). Output goes
    /// through a file, not a pipe, which the daemon would inherit and hold open. Bounded to 10 s.
    @discardableResult
    func run(_ executable: String, _ arguments: [String]) throws -> String {
        let output = folder.appendingPathComponent("output-\(UUID())")
        defer { try? FileManager.default.removeItem(at: output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        var attributes = ChildProcesses.cleanSpawnAttributes()
        defer { posix_spawnattr_destroy(&attributes) }
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw Failure("cannot run \(executable): error \(spawned)") }
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(10)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline { kill(pid, SIGKILL); waitpid(pid, &status, 0); break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
