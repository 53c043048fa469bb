import Foundation
import StoreModel
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
    /// How connections that have not started a session are kept from crowding guests out.
    public var crowd = CrowdRules()
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

    /// A duration in the one grammar (`DurationText`: "10m", "30s", "1h", "2d"; a bare number is
    /// seconds), or "off" → nil. Months and years have no fixed length, so they are not durations here.
    public static func parseDuration(_ text: String) -> Duration?? {
        let value = text.trimmingCharacters(in: .whitespaces).lowercased()
        if value == "off" || value == "none" || value == "0" { return .some(nil) }
        guard let seconds = DurationText.parse(text.trimmingCharacters(in: .whitespaces))?.seconds else { return nil }
        return .some(.milliseconds(Int64((seconds * 1000).rounded())))
    }
}

/// How `serve` keeps a crowd of connections that never start a session from locking guests out:
/// OpenSSH's answers. Guests who start sessions never count against their address, so a room behind one
/// NAT gets in.
public struct CrowdRules: Sendable, Equatable {
    /// OpenSSH's MaxStartups start:rate:full: once `start` connections have not started a session, a
    /// newcomer is dropped with `rate`% chance, rising to every one at `full`.
    public struct Startups: Sendable, Equatable, CustomStringConvertible {
        public var start: Int
        public var rate: Int
        public var full: Int
        public static let openSSH = Startups(start: 10, rate: 30, full: 100)

        public init(start: Int, rate: Int, full: Int) { (self.start, self.rate, self.full) = (start, rate, full) }

        /// "10:30:100", or "100" (no random early drop: every newcomer past 100 is refused).
        public init?(_ text: String) {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
            switch parts.count {
            case 1: guard let full = parts[0], (1...100_000).contains(full) else { return nil }
                self.init(start: full, rate: 100, full: full)
            case 3: guard let start = parts[0], let rate = parts[1], let full = parts[2], start >= 1, start <= full, full <= 100_000,
                          (0...100).contains(rate) else { return nil }
                self.init(start: start, rate: rate, full: full)
            default: return nil
            }
        }

        public var description: String { "\(start):\(rate):\(full)" }
    }

    /// OpenSSH's PerSourcePenalties, with its defaults: seconds added to an address each time one of its
    /// connections ends without a session, by how; they run down a second a second, and once they reach
    /// `min` the address is refused for as long as they amount to (at most `max`).
    public struct Penalties: Sendable, Equatable {
        public var enabled = true
        /// noauth: it closed without trying to authenticate.
        public var noAuthentication = 1.0
        /// authfail: it tried, and failed.
        public var authenticationFailed = 5.0
        /// grace-exceeded: it was closed for not starting a session in time.
        public var graceExceeded = 10.0
        public var min = 15.0
        public var max = 600.0
    }

    public var startups = Startups.openSSH
    public var penalties = Penalties()
    /// Connections from one address that have not started a session, at once: under `startups.start`,
    /// so one address alone never makes a crowd that drops others' newcomers.
    public var maxStartupsPerAddress = 4
    /// Connections from one address that ended without a session in any 60 seconds; more are refused.
    public var maxFailuresPerMinute = 30
    /// Once crowded (`startups.start` connections without a session), a connection has this long to
    /// start one (or the login grace, if shorter): a flood of idle connections gives way in seconds.
    public var crowdGrace: Duration = .seconds(3)

    public init() {}
}
