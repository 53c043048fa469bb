import CNCurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Process-wide signal handling and the emergency terminal restore, over the C state in shim.h.
///
/// This is the only Swift file that may call the `sf_signal_*` and `sf_restore_*` functions: their
/// state lives in `static` C variables, and in a debug (non-whole-module) build each Swift file that
/// calls a `static inline` function gets its own copy of the function and of that state.
enum ProcessSignals {
    /// Recorded for the main loop to poll; a second one while the program still runs restores the
    /// terminal and kills the process with it.
    static let recorded: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    /// Crashes: restore the terminal, then pass the signal on (Swift traps are SIGILL or SIGTRAP).
    static let crashes: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

    static func install() {
        for signal in recorded { sf_signal_install_record(signal) }
        for signal in crashes { sf_signal_install_crash(signal) }
    }

    /// Puts back the dispositions the process had before `install()`. A recorded signal stays readable.
    static func uninstall() {
        for signal in recorded + crashes { sf_signal_uninstall(signal) }
    }

    static var pending: Int32? {
        let signal = sf_signal_pending()
        return signal == 0 ? nil : signal
    }

    /// Treats the terminal as hung up (its input reached end of file) even without a SIGHUP.
    static func noteHangup() { sf_signal_note(SIGHUP) }

    /// Saves the tty modes before ncurses changes them, for the emergency restore.
    static func saveTerminalModes() { _ = sf_restore_save_termios() }

    /// With the ncurses terminal current: records the bytes that leave full-screen mode and arms the
    /// emergency restore that crash handlers use.
    static func armEmergencyRestore() {
        sf_restore_reset()
        for capability in ["sgr0", "cnorm", "rmkx", "rmcup"] { sf_restore_append_capability(capability) }
        sf_restore_arm(1)
    }

    static func disarmEmergencyRestore() { sf_restore_arm(0) }

    /// Sends a terminal stderr to a temporary file while the screen runs (see shim.h), so messages
    /// neither garble the screen nor vanish with the alternate screen.
    static func beginStderrCapture() { sf_stderr_capture_begin() }

    /// Gives stderr back and copies what was written to it meanwhile.
    static func endStderrCapture() { sf_stderr_capture_end() }

    /// Leaves full-screen mode without ncurses (async-signal-safe writes and tcsetattr) and gives
    /// stderr back.
    static func emergencyRestore() { sf_restore_emergency() }

    /// 0 default, 1 ignored, 2 a handler (ncurses installs one for SIGTSTP when it was default).
    static func disposition(_ signal: Int32) -> Int32 { sf_signal_disposition(signal) }
}
