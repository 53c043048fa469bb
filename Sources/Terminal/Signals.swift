import CTerminalState
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Process-wide signal handling, tty modes and the emergency terminal restore, over the C state that
/// Sources/CTerminalState/terminal_state.c owns (one copy in every build).
enum ProcessSignals {
    /// Recorded for the main loop to poll, which restores the terminal and ends the process with the
    /// signal; a second one while the program still runs restores the terminal and kills the process
    /// with it. Every signal whose default action ends the process and that is not a crash: a program
    /// asked to stop by any of them leaves the terminal as it found it.
    static let recorded: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGVTALRM, SIGPROF]
        + linuxOnly
    #if os(Linux)
    static let linuxOnly: [Int32] = [SIGSTKFLT, SIGPWR]
    #else
    static let linuxOnly: [Int32] = []
    #endif
    /// Crashes: restore the terminal, then die of the signal (Swift traps are SIGILL or SIGTRAP; SIGSYS
    /// is a refused system call, SIGXCPU the CPU-time limit).
    static let crashes: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS, SIGXCPU]

    /// Installs the handlers. Crashes go on to Swift's backtracer only when `chainCrashes` (the person
    /// set SWIFT_BACKTRACE); see `sf_crash_handler` in terminal_state.c.
    static func install(chainCrashes: Bool) {
        _ = sf_wake_open()
        sf_crash_set_chain(chainCrashes ? 1 : 0)
        for signal in recorded { sf_signal_install_record(signal) }
        for signal in crashes { sf_signal_install_crash(signal) }
        sf_signal_install_winch()
        sf_signal_install_job_control()
    }

    /// Puts back the dispositions the process had before `install()`. A recorded signal stays readable.
    static func uninstall() {
        for signal in recorded + crashes + [SIGWINCH, SIGTSTP, SIGCONT] { sf_signal_uninstall(signal) }
    }

    static var pending: Int32? {
        let signal = sf_signal_pending()
        return signal == 0 ? nil : signal
    }

    /// Treats the terminal as hung up (its input reached end of file) even without a SIGHUP.
    static func noteHangup() { sf_signal_note(SIGHUP) }

    /// Whether a SIGTSTP (a stop from outside: `kill -TSTP`) arrived since the last call.
    static func takeSuspend() -> Bool { sf_suspend_take() != 0 }

    /// Whether the process was continued (SIGCONT) since the last call.
    static func takeContinue() -> Bool { sf_continue_take() != 0 }

    /// Stops the process as Ctrl-Z in a shell does; returns when it is continued.
    static func stopProcess() { sf_suspend_self() }

    /// Whether the terminal changed size since the last call.
    static func takeResize() -> Bool { sf_resize_take() != 0 }

    /// A descriptor that becomes readable when a handled signal arrives (poll it with the input).
    static var wakeDescriptor: Int32 { sf_wake_fd() }

    static func drainWake() { sf_wake_drain() }

    /// Saves the tty modes before raw mode, for `restoreTerminalModes` and the emergency restore.
    static func saveTerminalModes() -> Bool { sf_restore_save_termios() == 0 }

    static func enterRawMode() { _ = sf_enter_raw_mode() }

    static func restoreTerminalModes() { _ = sf_restore_termios() }

    /// Records the bytes that leave full-screen mode and arms the emergency restore that crash and
    /// signal handlers use (writes them, restores the saved tty modes, gives stderr back).
    static func armEmergencyRestore(leaving bytes: [UInt8]) {
        sf_restore_reset()
        let stored = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { sf_restore_set_bytes($0, buffer.count) }
            } ?? 1
        }
        if stored == 0 { _ = sf_restore_set_bytes("\u{1B}[?2004l\u{1B}[?1049l\u{1B}[?25h", 22) }
        sf_restore_arm(1)
    }

    static func disarmEmergencyRestore() { sf_restore_arm(0) }

    /// Sends a terminal stderr to a temporary file while the screen runs (see terminal_state.h), so messages
    /// neither garble the screen nor vanish with the alternate screen.
    static func beginStderrCapture() { sf_stderr_capture_begin() }

    /// Gives stderr back and copies what was written to it meanwhile.
    static func endStderrCapture() { sf_stderr_capture_end() }

    /// Leaves full-screen mode without ncurses (async-signal-safe writes and tcsetattr) and gives
    /// stderr back.
    static func emergencyRestore() { sf_restore_emergency() }

    /// 0 default, 1 ignored, 2 a handler.
    static func disposition(_ signal: Int32) -> Int32 { sf_signal_disposition(signal) }
}
