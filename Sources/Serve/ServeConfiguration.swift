import Foundation
import Logging

/// Everything `storefront serve` was asked for, checked.
public struct ServeConfiguration: Sendable {
    public var host: String
    public var port: Int
    public var hostKey: HostKey
    public var admission: Admission
    public var maxSessions: Int
    /// A session with no key from its guest for this long is ended; nil: never.
    public var idleTimeout: Duration?
    /// A session is ended after this long whatever happens; nil: no cap.
    public var maxSessionLength: Duration?
    /// A ledger per key fingerprint in this folder; nil: every session starts fresh, in memory.
    public var stateDirectory: String?
    /// `--record`: each session's program records itself into a new file here (`--recording`).
    public var recordDirectory: String?
    /// The program each session runs (this executable) and the launch options it gets.
    public var program: String
    public var arguments: [String]
    /// The launch options for a guest whose ledger exists already (without --now: it resumes its own clock).
    public var resumeArguments: [String]?
    /// The screen a session opens when the guest names none (the presenter's `--open`).
    public var defaultScreen: String?
    /// A connection that has not started a session within this long is closed.
    public var loginGraceTime: Duration = .seconds(20)
    /// A connection whose last session ended is closed after this long unless it starts another.
    public var lingerTime: Duration = .seconds(3)
    /// Connections from one address that have not started a session (unauthenticated, or authenticated
    /// and idle) open at once; more from that address are refused.
    public var maxStartupsPerAddress: Int = 4
    /// New connections from one address in any 60 seconds; more are refused.
    public var maxConnectionsPerMinute: Int = 30
    /// With `--demo --state-dir`: at most this many ledgers; the oldest idle one is removed for a new key.
    /// nil: no cap (with an authorized_keys file the keys themselves are the bound).
    public var maxLedgers: Int?
    public var logger: Logger

    public init(host: String, port: Int, hostKey: HostKey, admission: Admission, maxSessions: Int,
                idleTimeout: Duration?, maxSessionLength: Duration?, stateDirectory: String?,
                program: String, arguments: [String], defaultScreen: String?, logger: Logger) {
        self.host = host
        self.port = port
        self.hostKey = hostKey
        self.admission = admission
        self.maxSessions = maxSessions
        self.idleTimeout = idleTimeout
        self.maxSessionLength = maxSessionLength
        self.stateDirectory = stateDirectory
        self.program = program
        self.arguments = arguments
        self.defaultScreen = defaultScreen
        self.logger = logger
    }

    /// What a guest's window may be: larger sizes are clamped to this before they reach the program (a
    /// session's program keeps about 100 bytes per cell; 1000×500 is 50 MB, 65535×65535 would be 400 GB).
    public static let maxColumns = 1000
    public static let maxRows = 500

    /// A size a client sent, as the session's pty gets it: at most `maxColumns`×`maxRows`; 0 stays 0
    /// (the program then shows "terminal too small").
    public static func clampedSize(columns: Int, rows: Int) -> (columns: Int, rows: Int) {
        (min(max(columns, 0), maxColumns), min(max(rows, 0), maxRows))
    }

    /// The running executable, as the kernel knows it (so a session runs exactly this build).
    public static var currentExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// "127.0.0.1:2222", "[::1]:2222", "0.0.0.0:2222", ":2222" (all addresses) → host and port.
    public static func parseListen(_ text: String) -> (host: String, port: Int)? {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65535).contains(port) else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.isEmpty { host = "0.0.0.0" }
        guard host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".:-".contains($0)) }) else { return nil }
        return (host, port)
    }

    /// "10m", "30s", "1h", "90s", "off" → a duration (nil for off). A bare number is seconds.
    public static func parseDuration(_ text: String) -> Duration?? {
        let value = text.trimmingCharacters(in: .whitespaces).lowercased()
        if value == "off" || value == "none" || value == "0" { return .some(nil) }
        let units: [(String, Int64)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000)]
        for (suffix, milliseconds) in units where value.hasSuffix(suffix) {
            guard let number = Double(value.dropLast(suffix.count)), number > 0, number < 1e9 else { continue }
            return .some(.milliseconds(Int64(number * Double(milliseconds))))
        }
        if let seconds = Double(value), seconds > 0, seconds < 1e9 { return .some(.milliseconds(Int64(seconds * 1000))) }
        return nil
    }
}
