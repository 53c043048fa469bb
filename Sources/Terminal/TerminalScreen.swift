import CNCurses
import Foundation
import StoreUI
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

/// The ncurses edge: copies a `Grid` to the terminal, reads keys and resizes, and keeps the terminal
/// usable when the program is stopped by a signal or crashes.
///
/// One at a time per process, used from one thread (ncurses is not thread-safe).
public final class TerminalScreen {
    /// How many colours this terminal shows (`.none` with NO_COLOR set or no colour support).
    public let colorMode: ColorMode

    private var screen: OpaquePointer?
    private var running = true
    private var lastSize: Size
    /// Whether `use_default_colors` worked, so colour -1 means the terminal's own colour.
    private let defaultColors: Bool
    private let colorCount: Int32
    private let pairLimit: Int32

    private var pairs: [ColorPairKey: Int32] = [:]
    private var nextPair: Int32 = 1
    private var themeCache: (theme: Theme, looks: [Role: Look])?
    private var wide: [wchar_t] = []

    private init(screen: OpaquePointer, colorMode: ColorMode, defaultColors: Bool) {
        self.screen = screen
        self.colorMode = colorMode
        self.defaultColors = defaultColors
        colorCount = colorMode == .none ? 0 : sf_colors()
        pairLimit = colorMode == .none ? 0 : sf_color_pairs()
        lastSize = Size(columns: Int(max(0, sf_max_x())), rows: Int(max(0, sf_max_y())))
        wide.reserveCapacity(512)
    }

    deinit { stop() }

    // MARK: Start and stop

    /// Takes over the terminal. Throws a `TerminalError` with a message for a person when standard
    /// input/output is not a terminal, the locale is not UTF-8, or TERM is missing, unknown or
    /// cannot address the cursor (TERM=dumb). On failure the terminal and locale are as they were.
    public static func start(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> TerminalScreen {
        guard ActiveScreen.shared.screen == nil else {
            throw TerminalError(.alreadyRunning, "storefront's terminal screen is already running")
        }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw TerminalError(.notATerminal,
                                "storefront's full-screen interface needs a terminal on standard input and output")
        }
        let previousLocale = setlocale(LC_ALL, nil).map { String(cString: $0) }
        do {
            try useUTF8Locale(environment: environment)
            let type = try checkTerminalType(environment: environment)

            ProcessSignals.saveTerminalModes()
            // Before newterm, so ncurses does not put its own exit-on-SIGINT/SIGTERM handlers in.
            ProcessSignals.install()
            guard let screen = newterm(type, sf_stdout(), sf_stdin()) else {
                ProcessSignals.uninstall()
                throw TerminalError(.cannotStart, "storefront could not start the terminal (TERM=\(type))")
            }
            _ = set_term(screen)
            ProcessSignals.armEmergencyRestore()

            raw()          // Ctrl-C, Ctrl-Z, Ctrl-S arrive as keys
            noecho()
            nonl()
            _ = keypad(sf_stdscr(), true)
            _ = leaveok(sf_stdscr(), true)
            _ = curs_set(0)
            _ = set_escdelay(25)

            var mode = ColorMode.none
            var defaults = false
            let noColor = !(environment["NO_COLOR"] ?? "").isEmpty  // https://no-color.org
            if !noColor, has_colors(), start_color() == OK {
                defaults = use_default_colors() == OK
                let colors = sf_colors()
                mode = colors >= 256 ? .full256 : colors >= 8 ? .sixteen : .none
            }
            let terminal = TerminalScreen(screen: screen, colorMode: mode, defaultColors: defaults)
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
        _ = sf_set_attributes(sf_a_normal(), 0)
        endwin()
        if let screen { delscreen(screen) }
        screen = nil
        ProcessSignals.disarmEmergencyRestore()
        ProcessSignals.endStderrCapture()
        ProcessSignals.uninstall()
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
    /// Returns when the shell continues it, with the screen repainted. Does nothing when the shell
    /// has no job control (SIGTSTP ignored).
    public func suspend() {
        guard running else { return }
        switch ProcessSignals.disposition(SIGTSTP) {
        case 1:
            return
        case 2:
            raise(SIGTSTP) // ncurses' own handler leaves and re-enters full-screen mode
        default:
            endwin()
            raise(SIGTSTP)
            _ = clearok(sf_stdscr(), true)
            _ = wrefresh(sf_stdscr())
        }
    }

    // MARK: Size and keys

    /// The terminal's size in cells now.
    public var size: Size {
        guard running else { return lastSize }
        return Size(columns: Int(max(0, sf_max_x())), rows: Int(max(0, sf_max_y())))
    }

    /// Throws away keys typed ahead, so they cannot act on something the person has not seen yet.
    public func discardPendingInput() {
        guard running else { return }
        flushinp()
    }

    /// Waits up to `timeoutMilliseconds` (negative: forever) for a key or a resize. Nil on timeout,
    /// for keys it does not know, and when a signal interrupted the wait.
    public func readKey(timeoutMilliseconds: Int32) -> KeyEvent? {
        guard running, let window = sf_stdscr() else { return nil }
        wtimeout(window, timeoutMilliseconds)
        var code: wint_t = 0
        let result = wget_wch(window, &code)
        if result == ERR {
            if Self.inputHungUp() { ProcessSignals.noteHangup() }
            return nil
        }
        if result == sf_key_code_yes() {
            if Int32(bitPattern: code) == KEY_RESIZE {
                lastSize = size
                return .resize(lastSize)
            }
            return KeyDecoding.keyCode(Int32(bitPattern: code)).map(KeyEvent.key)
        }
        return KeyDecoding.character(UInt32(code)).map(KeyEvent.key)
    }

    // MARK: Drawing

    /// Copies the grid to the terminal. The theme is resolved for `colorMode` here (so callers may
    /// pass it resolved or not). A grid larger than the screen is clipped; a smaller one leaves the
    /// rest in the `.normal` look.
    public func draw(_ grid: Grid, theme: Theme) {
        guard running, let window = sf_stdscr() else { return }
        let looks = looks(for: theme)
        let screenRows = Int(max(0, sf_max_y()))
        let screenColumns = Int(max(0, sf_max_x()))
        let normal = looks[.normal] ?? Look(attributes: sf_a_normal(), pair: 0)

        _ = sf_set_attributes(sf_a_normal(), 0)
        werase(window)
        let rows = min(grid.size.rows, screenRows)
        for row in 0..<rows {
            for run in grid.runs(row: row) where run.column < screenColumns {
                let look = looks[run.role] ?? normal
                _ = sf_set_attributes(look.attributes, look.pair)
                put(run.text, row: row, column: run.column, limit: screenColumns)
            }
            if grid.size.columns < screenColumns, !normal.isPlain {
                fill(row: row, from: grid.size.columns, to: screenColumns, look: normal)
            }
        }
        if rows < screenRows, !normal.isPlain {
            for row in rows..<screenRows { fill(row: row, from: 0, to: screenColumns, look: normal) }
        }
        _ = sf_set_attributes(sf_a_normal(), 0)
        wrefresh(window)
    }

    /// Writes one run at (row, column), never past `limit`. Each character lands in the column the
    /// grid gave it even where ncurses' idea of its width differs (emoji with U+FE0F).
    private func put(_ text: String, row: Int, column: Int, limit: Int) {
        let y = Int32(row)
        // Fast path: printable ASCII that fits.
        let utf8 = text.utf8
        if column + utf8.count <= limit, utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            wide.removeAll(keepingCapacity: true)
            for byte in utf8 { wide.append(wchar_t(byte)) }
            wide.append(0)
            _ = sf_put_wide(y, Int32(column), wide)
            return
        }
        var x = column
        var segmentStart = column
        wide.removeAll(keepingCapacity: true)
        func flush() {
            guard !wide.isEmpty else { return }
            wide.append(0)
            _ = sf_put_wide(y, Int32(segmentStart), wide)
            wide.removeAll(keepingCapacity: true)
        }
        for character in text {
            let width = TextWidth.of(character)
            if width == 0 { continue }
            if x + width > limit { break }
            var cursesWidth = 0
            var scalars: [wchar_t] = []
            for scalar in character.unicodeScalars {
                let value = scalar.value
                if value < 0x20 || (0x7F..<0xA0).contains(value) { continue } // never write controls
                let code = wchar_t(bitPattern: value)
                cursesWidth += max(0, Int(sf_wcwidth(code)))
                scalars.append(code)
            }
            if scalars.isEmpty { scalars = [wchar_t(0x3F)]; cursesWidth = 1 }
            if cursesWidth == width {
                if wide.isEmpty { segmentStart = x }
                wide.append(contentsOf: scalars)
            } else {
                flush()
                segmentStart = x
                wide.append(contentsOf: scalars)
                flush()
            }
            x += width
        }
        flush()
    }

    private func fill(row: Int, from start: Int, to end: Int, look: Look) {
        guard end > start else { return }
        _ = sf_set_attributes(look.attributes, look.pair)
        wide = Array(repeating: wchar_t(0x20), count: end - start) + [0]
        _ = sf_put_wide(Int32(row), Int32(start), wide)
    }

    // MARK: Colours

    /// Attributes and colour pair of a role, as ncurses wants them.
    private struct Look {
        var attributes: attr_t
        var pair: Int32
        var isPlain: Bool { attributes == sf_a_normal() && pair == 0 }
    }

    private struct ColorPairKey: Hashable {
        var foreground: Int32
        var background: Int32
    }

    private func looks(for theme: Theme) -> [Role: Look] {
        if let cache = themeCache, cache.theme == theme { return cache.looks }
        let resolved = theme.resolved(for: colorMode)
        var looks: [Role: Look] = [:]
        for role in Role.allCases { looks[role] = look(for: resolved.style(role)) }
        themeCache = (theme, looks)
        return looks
    }

    private func look(for style: Style) -> Look {
        var attributes = sf_a_normal()
        if style.bold { attributes |= sf_a_bold() }
        if style.underline { attributes |= sf_a_underline() }
        if style.reverse { attributes |= sf_a_reverse() }
        if style.dim { attributes |= sf_a_dim() }
        guard colorMode != .none else { return Look(attributes: attributes, pair: 0) }
        let (foreground, bright) = colorNumber(style.foreground, isForeground: true)
        let (background, _) = colorNumber(style.background, isForeground: false)
        // On an 8-colour terminal the bright foregrounds are the plain ones in bold.
        if bright { attributes |= sf_a_bold() }
        return Look(attributes: attributes, pair: pair(foreground: foreground, background: background))
    }

    /// The ncurses colour number for a theme colour, and whether it needs bold to look bright.
    private func colorNumber(_ color: ThemeColor, isForeground: Bool) -> (Int32, bright: Bool) {
        let terminalDefault: Int32 = defaultColors ? -1 : (isForeground ? Int32(COLOR_WHITE) : Int32(COLOR_BLACK))
        var color = color.degraded(to: colorMode)
        if case .indexed(let index) = color, Int32(index) >= colorCount { color = color.degraded(to: .sixteen) }
        switch color {
        case .terminalDefault:
            return (terminalDefault, false)
        case .ansi(let index), .indexed(let index):
            let number = Int32(min(max(index, 0), 255))
            if number < colorCount { return (number, false) }
            if number >= 8, number < 16, number - 8 < colorCount { return (number - 8, isForeground) }
            return (terminalDefault, false)
        }
    }

    /// A colour pair for (foreground, background), made the first time it is asked for. When the
    /// terminal has no pairs left, the default pair (a readable, uncoloured fallback).
    private func pair(foreground: Int32, background: Int32) -> Int32 {
        let defaultPair = defaultColors
            ? (foreground == -1 && background == -1)
            : (foreground == Int32(COLOR_WHITE) && background == Int32(COLOR_BLACK))
        if defaultPair { return 0 }
        let key = ColorPairKey(foreground: foreground, background: background)
        if let pair = pairs[key] { return pair }
        guard nextPair < pairLimit, init_extended_pair(nextPair, foreground, background) == OK else { return 0 }
        pairs[key] = nextPair
        nextPair += 1
        return nextPair - 1
    }

    // MARK: Helpers

    /// Makes LC_CTYPE UTF-8 or explains why not.
    ///
    /// The locale comes from the environment (`setlocale(LC_ALL, "")`). When that is not UTF-8 we fall
    /// back to C.UTF-8 only when the environment did not ask for something else: either no locale
    /// variable is set at all (containers, cron, `ssh host cmd` without AcceptEnv — the terminal is
    /// almost surely UTF-8 and nobody said otherwise), or it names a UTF-8 locale that is not
    /// installed here (the person clearly wants UTF-8). An explicit non-UTF-8 choice such as LANG=C
    /// or a Latin-1 locale is respected: we refuse with a message rather than send UTF-8 bytes to a
    /// terminal that was declared not to understand them.
    ///
    /// LC_NUMERIC is put back to "C" afterwards: ncurses needs only the character type, and a
    /// decimal comma from e.g. de_DE would change what C-level number formatting and parsing (printf,
    /// strtod) do anywhere in the process. User-facing numbers go through Foundation with an explicit
    /// locale.
    static func useUTF8Locale(environment: [String: String]) throws {
        _ = setlocale(LC_ALL, "")
        _ = setlocale(LC_NUMERIC, "C")
        if sf_codeset_is_utf8() != 0 { return }
        let chosen = ["LC_ALL", "LC_CTYPE", "LANG"].lazy
            .compactMap { name in environment[name].flatMap { $0.isEmpty ? nil : (name, $0) } }
            .first
        let asksForUTF8 = chosen.map { mentionsUTF8($0.1) } ?? true
        if asksForUTF8 {
            for fallback in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, fallback) != nil {
                if sf_codeset_is_utf8() != 0 { return }
            }
        }
        if let (name, value) = chosen {
            if mentionsUTF8(value) {
                throw TerminalError(.notUTF8, "storefront needs a UTF-8 locale; \(name)=\(value) is not installed here "
                    + "and neither is C.UTF-8. `locale -a` lists the installed ones")
            }
            throw TerminalError(.notUTF8, "storefront needs a UTF-8 locale; \(name)=\(value) gives "
                + "\(value == "C" || value == "POSIX" ? "ASCII only" : "no UTF-8"). Try LANG=C.UTF-8 or en_US.UTF-8")
        }
        throw TerminalError(.notUTF8, "storefront needs a UTF-8 locale and this system has none installed "
            + "(tried C.UTF-8 and en_US.UTF-8). Set LANG to one that `locale -a` lists")
    }

    private static func mentionsUTF8(_ value: String) -> Bool {
        let upper = value.uppercased()
        return upper.contains("UTF-8") || upper.contains("UTF8")
    }

    /// The terminal type from TERM, checked against terminfo before anything is written to it.
    static func checkTerminalType(environment: [String: String]) throws -> String {
        let hint = "Try TERM=xterm-256color"
        guard let type = environment["TERM"], !type.isEmpty else {
            throw TerminalError(.noTerminalType, "TERM is not set, so storefront cannot tell what terminal this is. \(hint)")
        }
        switch sf_check_terminal_type(type, STDOUT_FILENO) {
        case 1:
            return type
        case -1:
            throw TerminalError(.noTerminfoDatabase,
                                "no terminfo database found for TERM=\(type) (install ncurses-base or set TERMINFO)")
        case -2:
            throw TerminalError(.noCursorAddressing,
                                "TERM=\(type) is a terminal without cursor addressing; storefront needs a full-screen "
                                + "terminal. \(hint)")
        default:
            throw TerminalError(.unknownTerminal, "TERM=\(type) is not a terminal type this system knows. \(hint)")
        }
    }

    /// After `wget_wch` failed: whether standard input was hung up or closed (no SIGHUP needed).
    private static func inputHungUp() -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) == 1 else { return false }
        return descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
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
