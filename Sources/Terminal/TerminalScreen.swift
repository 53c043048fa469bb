import CNCurses
import Foundation
import StoreUI
import TextSafety
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the full-screen terminal could not start. `description` is a message for a person.
public struct TerminalError: Error, CustomStringConvertible, LocalizedError, Equatable {
    public enum Reason: Sendable, Equatable {
        case notATerminal, notUTF8, noTerminalType, unknownTerminal, noTerminfoDatabase
        case noCursorAddressing, alreadyRunning, cannotStart
    }

    public let reason: Reason
    public let message: String

    public init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    public var description: String { message }
    public var errorDescription: String? { message }
}

/// The terminal edge: copies a `Grid` to the terminal, reads keys and resizes, and keeps the terminal
/// usable when the program is stopped by a signal or crashes.
///
/// ncurses provides the terminal description (terminfo); everything written to the terminal and read
/// from it goes through this class alone, so nothing else has its own idea of what the screen shows:
/// frames are diffed by `FrameWriter` (whole wide characters, one `write` per frame) and keys decoded
/// by `InputDecoder` (every escape sequence consumed whole).
///
/// One at a time per process, used from one thread.
public final class TerminalScreen {
    /// How many colours this terminal shows (`.none` with NO_COLOR set or no colour support).
    public let colorMode: ColorMode
    /// Bytes written for the last frame (a measure for tests and tuning).
    public private(set) var lastFrameByteCount = 0

    private var running = true
    private var lastSize: Size
    private let capabilities: Capabilities
    private let colorCount: Int
    private let enterBytes: [UInt8]
    private let leaveBytes: [UInt8]
    private var writer: FrameWriter
    private var themeLooks: (theme: Theme, looks: [Role: Int])?
    /// The last grid drawn, its frame and theme (`Frame.converting` takes unchanged rows from it).
    private var lastConverted: (grid: Grid, frame: Frame, theme: Theme)?
    private var decoder: InputDecoder
    private var queued: [Key] = []
    private var lastInput = ContinuousClock.now
    private var output: [UInt8] = []
    private var readBuffer = [UInt8](repeating: 0, count: 4096)

    private init(capabilities: Capabilities, colorMode: ColorMode, colorCount: Int, enter: [UInt8], leave: [UInt8]) {
        self.capabilities = capabilities
        self.colorMode = colorMode
        self.colorCount = colorCount
        enterBytes = enter
        leaveBytes = leave
        writer = FrameWriter(looks: [capabilities.sgr.bytes(.plain)], clearScreen: capabilities.clearScreen)
        writer.addressing = capabilities.addressing
        writer.avoidBottomRight = capabilities.scrollsAtBottomRight
        writer.relativeMoves = capabilities.relativeMoves
        writer.erase = capabilities.erase
        decoder = InputDecoder(sequences: capabilities.keySequences)
        lastSize = Self.querySize(fallback: capabilities.defaultSize)
        output.reserveCapacity(16384)
    }

    deinit { stop() }

    // MARK: Start and stop

    /// Takes over the terminal. Throws a `TerminalError` with a message for a person when standard
    /// input/output is not a terminal, the locale is not UTF-8, or TERM is missing, unknown or
    /// cannot address the cursor (TERM=dumb). On failure the terminal and locale are as they were.
    ///
    /// A crash while the screen runs restores the terminal, prints one line and ends the process by
    /// the signal. Swift's own backtracer gets the crash only when the environment has SWIFT_BACKTRACE
    /// (its settings are read once, at process start): then it runs on the restored terminal.
    public static func start(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> TerminalScreen {
        guard ActiveScreen.shared.screen == nil else {
            throw TerminalError(.alreadyRunning, "the full-screen interface is already running in this process")
        }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw TerminalError(.notATerminal,
                                "the full-screen interface needs a terminal on standard input and output")
        }
        let previousLocale = setlocale(LC_ALL, nil).map { String(cString: $0) }
        do {
            try useUTF8Locale(environment: environment)
            let type = try checkTerminalType(environment: environment)
            guard sf_terminfo_load(type, STDOUT_FILENO) == 1 else {
                throw TerminalError(.cannotStart, "could not load the terminal description (TERM=\(UntrustedText.name(type)))")
            }
            let capabilities = Capabilities.load()
            guard ProcessSignals.saveTerminalModes() else {
                sf_terminfo_unload()
                throw TerminalError(.cannotStart, "could not read the terminal's modes (TERM=\(UntrustedText.name(type)))")
            }
            ProcessSignals.install(chainCrashes: !(environment["SWIFT_BACKTRACE"] ?? "").isEmpty)

            let noColor = !(environment["NO_COLOR"] ?? "").isEmpty  // https://no-color.org
            let colors = noColor || capabilities.setForeground == nil ? 0 : capabilities.colors
            let mode: ColorMode = colors >= 256 ? .full256 : colors >= 8 ? .sixteen : .none

            // Bracketed paste on, so pasted text arrives marked and never acts as keys.
            let enter = capabilities.string("smcup") + capabilities.string("civis") + Array("\u{1B}[?2004h".utf8)
            var leave = capabilities.sgr.reset + Array("\u{1B}[?2004l".utf8) + capabilities.string("cnorm")
            leave += capabilities.has("rmcup") ? capabilities.string("rmcup") : capabilities.clearScreen
            ProcessSignals.armEmergencyRestore(leaving: leave)
            ProcessSignals.enterRawMode()
            let terminal = TerminalScreen(capabilities: capabilities, colorMode: mode, colorCount: colors,
                                          enter: enter, leave: leave)
            terminal.writeAll(enter)
            ActiveScreen.shared.screen = terminal
            ProcessSignals.beginStderrCapture()
            return terminal
        } catch {
            if let previousLocale { _ = setlocale(LC_ALL, previousLocale) }
            throw error
        }
    }

    /// Gives the terminal back: leaves full-screen mode and restores the tty. Safe to call twice;
    /// `deinit` calls it too. A recorded `pendingSignal` stays readable afterwards.
    public func stop() {
        guard running else { return }
        running = false
        writeAll(leaveBytes)
        ProcessSignals.restoreTerminalModes()
        ProcessSignals.disarmEmergencyRestore()
        ProcessSignals.endStderrCapture()
        ProcessSignals.uninstall()
        sf_terminfo_unload()
        ActiveScreen.shared.clear(self)
    }

    /// For a main loop's catch or exit path: stops the running screen, if any, so an error message
    /// printed next lands on the normal screen.
    public static func restoreAfterFatalError() {
        if let screen = ActiveScreen.shared.screen {
            screen.stop()
        } else {
            ProcessSignals.emergencyRestore()
        }
    }

    /// Ends the process the way `signal` would have (after `stop()`), so the parent sees it.
    public static func terminate(bySignal number: Int32) -> Never {
        restoreAfterFatalError()
        _ = signal(number, SIG_DFL)
        raise(number)
        exit(128 + number)
    }

    /// The signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT) the process received, if any. Poll it after each
    /// `readKey` that returned nil, then `stop()`. SIGHUP is also reported when the terminal's input
    /// is found hung up.
    public var pendingSignal: Int32? { ProcessSignals.pending }

    /// Suspends the program like Ctrl-Z in a shell (raw mode delivers Ctrl-Z as `.control("z")`).
    /// Returns when the shell continues it; the next `draw` repaints everything. Does nothing when the
    /// shell has no job control (SIGTSTP ignored).
    public func suspend() {
        guard running, ProcessSignals.disposition(SIGTSTP) != 1 else { return }
        writeAll(leaveBytes)
        ProcessSignals.restoreTerminalModes()
        ProcessSignals.stopProcess()
        // Continued.
        resume()
    }

    /// Takes the terminal back after the process was stopped and continued (by Ctrl-Z and `fg`, or by
    /// SIGSTOP/SIGTSTP and SIGCONT from outside): the shell may have reset the tty modes and drawn over
    /// the screen, so raw mode and the alternate screen again, and the next `draw` repaints everything.
    private func resume() {
        _ = ProcessSignals.takeContinue()
        ProcessSignals.enterRawMode()
        writeAll(enterBytes)
        writer.invalidate()
        lastSize = Self.querySize(fallback: lastSize)
    }

    // MARK: Size and keys

    /// The terminal's size in cells now.
    public var size: Size {
        guard running else { return lastSize }
        return Self.querySize(fallback: lastSize)
    }

    /// Throws away keys typed ahead, so they cannot act on something the person has not seen yet.
    public func discardPendingInput() {
        guard running else { return }
        _ = tcflush(STDIN_FILENO, TCIFLUSH)
        queued.removeAll()
        decoder.discardPending()
    }

    /// Waits up to `timeoutMilliseconds` (negative: forever) for a key or a resize. Nil on timeout and
    /// when a signal interrupted the wait. Sequences for keys the app does not know are consumed
    /// without a trace.
    public func readKey(timeoutMilliseconds: Int32) -> KeyEvent? {
        guard running else { return nil }
        let clock = ContinuousClock()
        let deadline = timeoutMilliseconds < 0 ? nil : clock.now + .milliseconds(Int(timeoutMilliseconds))
        while true {
            // A stop from outside (kill -TSTP) leaves full-screen mode first, like Ctrl-Z; a continue
            // after any stop (SIGSTOP included) takes the terminal back and repaints it.
            if ProcessSignals.takeSuspend() {
                suspend()
                return .resize(lastSize)
            }
            if ProcessSignals.takeContinue() {
                resume()
                return .resize(lastSize)
            }
            if ProcessSignals.takeResize() {
                lastSize = Self.querySize(fallback: lastSize)
                writer.invalidate() // the terminal may have reflowed or cleared what it showed
                return .resize(lastSize)
            }
            if !queued.isEmpty { return .key(queued.removeFirst()) }
            if ProcessSignals.pending != nil { return nil }

            let now = clock.now
            var wait: Duration? = deadline.map { max(.zero, $0 - now) }
            var decoderDue: ContinuousClock.Instant?
            if let pending = decoder.waitMilliseconds {
                let due = lastInput + .milliseconds(pending)
                decoderDue = due
                wait = min(wait ?? .seconds(3600), max(.zero, due - now))
            }
            var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: ProcessSignals.wakeDescriptor, events: Int16(POLLIN), revents: 0)]
            let count = descriptors[1].fd < 0 ? 1 : 2
            let result = poll(&descriptors, nfds_t(count), wait.map(Self.milliseconds) ?? -1)
            if result < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 2, descriptors[1].revents != 0 { ProcessSignals.drainWake() }
            let input = descriptors[0].revents
            if input & Int16(POLLIN) != 0 {
                let n = readBuffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if n > 0 {
                    lastInput = clock.now
                    queued += decoder.feed(readBuffer[0..<n])
                    continue
                }
                if n == 0 || (errno != EINTR && errno != EAGAIN) {
                    ProcessSignals.noteHangup()
                    return nil
                }
                continue
            }
            if input & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                ProcessSignals.noteHangup()
                return nil
            }
            if let decoderDue, clock.now >= decoderDue {
                queued += decoder.timeout()
                continue
            }
            if let deadline, clock.now >= deadline, queued.isEmpty { return nil }
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(0, total))
    }

    // MARK: Drawing

    /// Makes the terminal show the grid, writing only what changed since the last frame (all of it
    /// after `invalidate()`, a resize or a suspend). The theme is resolved for `colorMode` here (so
    /// callers may pass it resolved or not). A grid larger than the screen is clipped; a smaller one
    /// leaves the rest in the `.normal` look.
    public func draw(_ grid: Grid, theme: Theme) {
        guard running else { return }
        let looks = lookIndexes(for: theme)
        let normal = looks[.normal] ?? 0
        // Rows equal to the last grid's come from the last frame, when the looks are the same.
        let previous = lastConverted.flatMap { $0.theme == theme ? ($0.grid, $0.frame) : nil }
        let frame = Frame.converting(grid, size: size, look: { looks[$0] ?? normal }, previous: previous).frame
        lastConverted = (grid, frame, theme)
        output.removeAll(keepingCapacity: true)
        writer.write(frame, into: &output)
        lastFrameByteCount = output.count
        writeAll(output)
    }

    /// Forget what the terminal shows: the next `draw` clears the screen and paints every cell
    /// (Ctrl-L, or after something else wrote to the terminal).
    public func invalidate() {
        writer.invalidate()
    }

    /// Each role's look as an index into the writer's SGR table (0 is the plain look). A new theme
    /// replaces the table and repaints everything.
    private func lookIndexes(for theme: Theme) -> [Role: Int] {
        if let cached = themeLooks, cached.theme == theme { return cached.looks }
        let (specs, looks) = LookSpec.table(for: theme, mode: colorMode, colors: colorCount, encoder: capabilities.sgr)
        writer.useLooks(specs, encoder: capabilities.sgr, backgroundColorErase: capabilities.backgroundColorErase)
        writer.invalidate()
        themeLooks = (theme, looks)
        return looks
    }

    /// Writes everything, retrying after interruptions and a full terminal buffer.
    private func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if n > 0 {
                    offset += n
                } else if n < 0, errno == EINTR {
                    continue
                } else if n < 0, errno == EAGAIN {
                    var descriptor = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&descriptor, 1, 100)
                } else {
                    return // the terminal is gone; the input side notices the hangup
                }
            }
        }
    }

    /// The most the program draws, whatever the terminal says (a pty may say 65535×65535; every cell
    /// costs about 100 bytes). `storefront serve` clamps guests' sizes to the same.
    public static let maxSize = Size(columns: 1000, rows: 500)

    private static func querySize(fallback: Size) -> Size {
        var rows: Int32 = 0, columns: Int32 = 0
        if sf_window_size(STDOUT_FILENO, &rows, &columns) == 1 {
            // 0×0 (a pty nobody sized) is "too small", not a guess.
            return Size(columns: min(max(Int(columns), 0), maxSize.columns), rows: min(max(Int(rows), 0), maxSize.rows))
        }
        return fallback
    }

    // MARK: Helpers

    /// Makes LC_CTYPE UTF-8 or explains why not.
    ///
    /// Whether the environment asks for UTF-8 is `EnvironmentCharset`'s answer, the one plain-text
    /// output follows too: LC_ALL, then LC_CTYPE, then LANG; none at all is the C locale, refused
    /// exactly as LANG=C is (a server that starts storefront for a guest sets a UTF-8 default itself).
    /// An explicit non-UTF-8 choice such as LANG=C or a Latin-1 locale is respected: we refuse rather
    /// than send UTF-8 bytes to a terminal declared not to understand them. A UTF-8 locale that is not
    /// installed here falls back to one that is (the person clearly wants UTF-8).
    ///
    /// LC_NUMERIC is put back to "C" afterwards: only the character type matters here, and a decimal
    /// comma from e.g. de_DE would change what C-level number formatting and parsing (printf, strtod)
    /// do anywhere in the process. User-facing numbers go through Foundation with an explicit locale.
    static func useUTF8Locale(environment: [String: String]) throws {
        let charset = EnvironmentCharset(environment)
        guard charset == .utf8 else {
            throw TerminalError(.notUTF8, "a UTF-8 locale is needed; \(charset.reason). Try LANG=C.UTF-8 or en_US.UTF-8")
        }
        _ = setlocale(LC_ALL, "")
        _ = setlocale(LC_NUMERIC, "C")
        if sf_codeset_is_utf8() != 0 { return }
        for fallback in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, fallback) != nil {
            if sf_codeset_is_utf8() != 0 { return }
        }
        throw TerminalError(.notUTF8, "a UTF-8 locale is needed and this system has none installed "
            + "(tried the one asked for, C.UTF-8 and en_US.UTF-8). Set LANG to one that `locale -a` lists")
    }

    /// The terminal type from TERM, checked against terminfo before anything is written to it.
    static func checkTerminalType(environment: [String: String]) throws -> String {
        let hint = "Try TERM=xterm-256color"
        guard let type = environment["TERM"], !type.isEmpty else {
            throw TerminalError(.noTerminalType, "TERM is not set, so there is no telling what terminal this is. \(hint)")
        }
        let shown = UntrustedText.name(type)
        switch sf_check_terminal_type(type, STDOUT_FILENO) {
        case 1:
            return type
        case -1:
            throw TerminalError(.noTerminfoDatabase,
                                "no terminfo database found for TERM=\(shown) (install ncurses-base or set TERMINFO)")
        case -2:
            throw TerminalError(.noCursorAddressing,
                                "TERM=\(shown) is a terminal without cursor addressing; storefront needs a full-screen "
                                + "terminal. \(hint)")
        default:
            throw TerminalError(.unknownTerminal, "TERM=\(shown) is not a terminal type this system knows. \(hint)")
        }
    }
}

/// The running screen, for `restoreAfterFatalError` and to refuse a second one.
private final class ActiveScreen: @unchecked Sendable {
    static let shared = ActiveScreen()
    private let lock = NSLock()
    private weak var current: TerminalScreen?

    var screen: TerminalScreen? {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }

    func clear(_ screen: TerminalScreen) {
        lock.withLock { if current === screen { current = nil } }
    }
}
