import CNCurses
import StoreUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the terminal description (terminfo, through ncurses) says about this terminal, read once at
/// start while the entry is loaded.
struct Capabilities {
    private var strings: [String: [UInt8]] = [:]
    /// Palette size (the `colors` capability; 0 without `setaf`).
    var colors = 0
    var setForeground: String?
    var sgr = SGREncoder.ansi
    var clearScreen: [UInt8] = []
    var addressing = CursorAddressing.ansi
    /// xterm's CUF, CUB, CHA and VPA (`cuf`, `cub`, `hpa`, `vpa` as xterm has them).
    var relativeMoves = false
    /// xterm's EL and ECH (`el`, `ech` as xterm has them).
    var erase = false
    /// Erasing fills with the current background colour (`bce`).
    var backgroundColorErase = false
    /// Writing the bottom-right cell scrolls the screen (`am` without `xenl`).
    var scrollsAtBottomRight = false
    var keySequences: [[UInt8]: Key] = [:]
    var defaultSize = Size(columns: 80, rows: 24)

    func string(_ name: String) -> [UInt8] { strings[name] ?? [] }
    func has(_ name: String) -> Bool { strings[name] != nil }

    private static let names = ["smcup", "rmcup", "civis", "cnorm", "sgr0", "bold", "dim", "smul", "rev", "clear",
                                "cup", "setaf", "setab"]

    /// The key capabilities the app knows, by terminfo name.
    private static let keys: [(String, Key)] = [
        ("kcuu1", .up), ("kcud1", .down), ("kcub1", .left), ("kcuf1", .right), ("khome", .home), ("kend", .end),
        ("kpp", .pageUp), ("knp", .pageDown), ("kdch1", .delete), ("kcbt", .backTab), ("kent", .enter),
    ] + (1...20).map { ("kf\($0)", Key.function($0)) }

    /// Reads the current terminfo entry (`sf_terminfo_load` must have succeeded).
    static func load() -> Capabilities {
        var result = Capabilities()
        for name in names {
            if let value = sf_terminfo_string(name) { result.strings[name] = bytes(value) }
        }
        let colors = Int(sf_terminfo_number("colors"))
        let setaf = sf_terminfo_string("setaf").map { String(cString: $0) }
        let setab = sf_terminfo_string("setab").map { String(cString: $0) }
        result.setForeground = setaf
        result.colors = setaf == nil ? 0 : max(0, colors)
        let lines = Int(sf_terminfo_number("lines")), columns = Int(sf_terminfo_number("cols"))
        if lines > 0, columns > 0 { result.defaultSize = Size(columns: columns, rows: lines) }

        let reset = result.strings["sgr0"] ?? Array("\u{1B}[m".utf8)
        result.sgr = SGREncoder(
            reset: reset, bold: result.strings["bold"], dim: result.strings["dim"], underline: result.strings["smul"],
            reverse: result.strings["rev"],
            foreground: { number in setaf.flatMap { format($0, number) } },
            background: { number in setab.flatMap { format($0, number) } })
        result.clearScreen = reset + (result.strings["clear"] ?? Array("\u{1B}[H\u{1B}[2J".utf8))
        if let cup = sf_terminfo_string("cup").map({ String(decoding: bytes($0), as: UTF8.self) }), cup != "\u{1B}[%i%p1%d;%p2%dH" {
            result.addressing = .terminfo(cup)
        }
        func isXterm(_ name: String, _ value: String) -> Bool {
            sf_terminfo_string(name).map { String(decoding: bytes($0), as: UTF8.self) == value } ?? false
        }
        result.relativeMoves = isXterm("cuf", "\u{1B}[%p1%dC") && isXterm("cub", "\u{1B}[%p1%dD")
            && isXterm("hpa", "\u{1B}[%i%p1%dG") && isXterm("vpa", "\u{1B}[%i%p1%dd")
        result.erase = isXterm("el", "\u{1B}[K") && isXterm("ech", "\u{1B}[%p1%dX")
        result.backgroundColorErase = sf_terminfo_flag("bce") == 1
        result.scrollsAtBottomRight = sf_terminfo_flag("am") == 1 && sf_terminfo_flag("xenl") == 0

        for (name, key) in keys {
            guard let value = sf_terminfo_string(name) else { continue }
            let sequence = bytes(value)
            // Only escape sequences: single control bytes (kbs is ^H or ^?) are decoded by value.
            if sequence.count >= 2, sequence[0] == 0x1B { result.keySequences[sequence] = key }
        }
        return result
    }

    /// A capability's bytes without its padding delays (`$<5>`, which tputs would turn into a pause
    /// and a terminal would print).
    static func bytes(_ value: UnsafePointer<CChar>) -> [UInt8] {
        withoutPadding(Array(UnsafeBufferPointer(start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self),
                                                 count: strlen(value))))
    }

    static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(0x24) else { return bytes }
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x24, index + 1 < bytes.count, bytes[index + 1] == 0x3C,
               let close = bytes[(index + 2)...].firstIndex(of: 0x3E),
               bytes[(index + 2)..<close].allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2A || $0 == 0x2F }) {
                index = close + 1
                continue
            }
            result.append(bytes[index])
            index += 1
        }
        return result
    }

    /// A parameterized capability with one parameter. Call only while the entry is loaded.
    private static func format(_ capability: String, _ number: Int) -> [UInt8]? {
        sf_terminfo_format(capability, number, 0).map(bytes)
    }
}
