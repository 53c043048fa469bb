import Foundation
import NIOConcurrencyHelpers
import NIOCore

/// What the whole server shares, under one lock: the open connections, the running sessions (at most
/// `maxSessions`), the keys with a session (one per key when ledgers are per key), and whether it is
/// shutting down.
final class Registry: Sendable {
    struct Session: Sendable {
        var key: String?
        /// Ends the session politely (on its own event loop): its program gets SIGTERM, then the guest a goodbye.
        var end: @Sendable (Goodbye) -> Void
        /// The program's process id once started, for a last SIGKILL at shutdown.
        var pid: pid_t?
    }

    /// One remote address: its connections that have not started a session, its connections of the last
    /// minute that ended without one (at most `maxPerMinute`), and its penalty.
    private struct Address {
        var startups: Set<Int> = []
        var failures: [NIODeadline] = []
        var penalty = Penalty()
        var isForgettable: Bool { startups.isEmpty && failures.isEmpty && penalty.isEmpty }
    }

    /// OpenSSH's PerSourcePenalties for one address: each connection that ends without a session adds
    /// seconds (`CrowdRules.Penalties`), which run down one a second; once they reach `min`, the address
    /// is refused for as long as they amount to.
    struct Penalty: Equatable {
        var seconds = 0.0
        var asOf = NIODeadline.uptimeNanoseconds(0)
        var refusedUntil: NIODeadline?
        var isEmpty: Bool { seconds == 0 && refusedUntil == nil }

        func remaining(at now: NIODeadline) -> Double { max(0, seconds - Double((now - asOf).nanoseconds) / 1e9) }

        mutating func add(_ amount: Double, rules: CrowdRules.Penalties, now: NIODeadline) {
            seconds = min(rules.max, remaining(at: now) + amount)
            asOf = now
            if seconds >= rules.min { refusedUntil = now + .milliseconds(Int64(seconds * 1000)) }
        }

        /// Seconds this address is still refused for (0: not refused).
        func refusal(at now: NIODeadline) -> Double {
            guard let refusedUntil, refusedUntil > now else { return 0 }
            return Double((refusedUntil - now).nanoseconds) / 1e9
        }
    }

    private struct State {
        var connections: [Int: Channel] = [:]
        var connectionAddress: [Int: String] = [:]
        var addresses: [String: Address] = [:]
        /// Connections that have not started a session, from every address.
        var startups = 0
        var sessions: [Int: Session] = [:]
        var nextID = 1
        var shuttingDown = false
    }

    private let state = NIOLockedValueBox(State())
    let maxSessions: Int
    let maxConnections: Int
    let rules: CrowdRules
    var maxStartupsPerAddress: Int { rules.maxStartupsPerAddress }
    var maxPerMinute: Int { rules.maxFailuresPerMinute }
    /// A number in 0..<1 for random early drop (a seeded one in tests).
    private let random: @Sendable () -> Double
    /// Addresses remembered for the rate limit; past this, those without an open connection are forgotten.
    static let maxTrackedAddresses = 4096

    init(maxSessions: Int, rules: CrowdRules = CrowdRules(), random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }) {
        self.maxSessions = maxSessions
        self.rules = rules
        self.random = random
        // Room for guests to connect and be told the server is full, but bounded; one address can hold
        // at most `maxStartupsPerAddress` of the spare room, and all of them `startups.full`.
        maxConnections = maxSessions + max(64, rules.startups.full)
    }

    /// The tests' shorthand for the per-address rules.
    convenience init(maxSessions: Int, maxStartupsPerAddress: Int, maxPerMinute: Int,
                     startups: CrowdRules.Startups = .openSSH, random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }) {
        var rules = CrowdRules()
        (rules.maxStartupsPerAddress, rules.maxFailuresPerMinute, rules.startups) = (maxStartupsPerAddress, maxPerMinute, startups)
        self.init(maxSessions: maxSessions, rules: rules, random: random)
    }

    func nextID() -> Int {
        state.withLockedValue { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
    }

    enum ConnectionAdmission: Equatable {
        case admitted
        case tooManyOpen
        case tooManyStartups
        case tooFast
        /// Random early drop: this many connections have not started a session (`--max-startups`).
        case busy(startups: Int)
        /// PerSourcePenalties: refused for this many more seconds.
        case penalized(seconds: Int)
        case shuttingDown

        /// The reason in the log line of a refused connection.
        func reason(_ registry: Registry) -> String {
            switch self {
            case .admitted: return "admitted"
            case .tooManyOpen: return "\(registry.maxConnections) connections open, the most this server keeps"
            case .tooManyStartups: return "\(registry.maxStartupsPerAddress) connections from this address have not started a session yet (--max-startups-per-address)"
            case .tooFast: return "\(registry.maxPerMinute) connections from this address ended without a session in the last minute (--max-connections-per-minute)"
            case .busy(let startups):
                let rules = registry.rules.startups
                return "\(startups) connections have not started a session; past \(rules.start) a newcomer is dropped at random, \(rules.rate)% at first, every one at \(rules.full) (--max-startups \(rules))"
            case .penalized(let seconds): return "this address's connections keep ending without a session: refused for \(seconds) s more (penalties as OpenSSH's PerSourcePenalties)"
            case .shuttingDown: return "the server is stopping"
            }
        }

        /// The line a refused newcomer reads before the connection closes (an SSH client shows lines
        /// sent before the server's version with -v; anything else, nc or telnet, shows it as it is).
        var line: String {
            switch self {
            case .admitted: return ""
            case .shuttingDown: return "storefront: the presenter is stopping the server. Thanks for visiting; goodbye.\r\n"
            case .busy, .tooManyOpen: return "storefront: the server is busy with new connections right now; please try again in a few seconds.\r\n"
            case .penalized(let seconds): return "storefront: too many connections from your address ended without a session; please try again in \(max(1, seconds)) seconds.\r\n"
            case .tooManyStartups, .tooFast: return "storefront: too many connections from your address at once; please try again in a few seconds.\r\n"
            }
        }
    }

    /// A new TCP connection from `address`: refused when the server is stopping, the address is
    /// penalized (its connections kept ending without a session: OpenSSH's PerSourcePenalties) or had
    /// too many such connections in the last minute, has too many connections without a session open,
    /// when random early drop says so (OpenSSH's MaxStartups start:rate:full), or too many are open.
    /// Connections that start sessions never count against their address: a room behind one NAT gets in.
    func addConnection(_ id: Int, _ channel: Channel, address: String, now: NIODeadline = .now()) -> ConnectionAdmission {
        state.withLockedValue { state in
            if state.shuttingDown { return .shuttingDown }
            var entry = state.addresses[address] ?? Address()
            entry.failures.removeAll { now - $0 >= .seconds(60) }
            defer {
                if entry.isForgettable { state.addresses.removeValue(forKey: address) } else { state.addresses[address] = entry }
                if state.addresses.count > Self.maxTrackedAddresses {
                    state.addresses = state.addresses.filter { !$0.value.startups.isEmpty || $0.value.penalty.refusal(at: now) > 0 }
                }
            }
            let refusal = entry.penalty.refusal(at: now)
            if refusal > 0 { return .penalized(seconds: Int(refusal.rounded(.up))) }
            if entry.failures.count >= maxPerMinute { return .tooFast }
            if entry.startups.count >= maxStartupsPerAddress { return .tooManyStartups }
            let startups = rules.startups
            if state.startups >= startups.full { return .busy(startups: state.startups) }
            if state.startups >= startups.start {
                let chance = (Double(startups.rate) + Double(100 - startups.rate) * Double(state.startups - startups.start)
                              / Double(max(1, startups.full - startups.start))) / 100
                if random() < chance { return .busy(startups: state.startups) }
            }
            guard state.connections.count < maxConnections else { return .tooManyOpen }
            state.connections[id] = channel
            state.connectionAddress[id] = address
            state.startups += 1
            entry.startups.insert(id)
            return .admitted
        }
    }

    /// Whether so many connections have not started a session that the crowd rules apply
    /// (`--max-startups`'s start): a connection then has `CrowdRules.crowdGrace` to start one.
    var isCrowded: Bool { state.withLockedValue { $0.startups >= rules.startups.start } }

    /// The connection started a session: it no longer counts against its address's startups.
    func connectionStartedSession(_ id: Int) {
        state.withLockedValue { state in
            guard let address = state.connectionAddress[id], state.addresses[address]?.startups.remove(id) != nil else { return }
            state.startups -= 1
        }
    }

    /// How a connection ended, for its address's penalties (OpenSSH's PerSourcePenalties' classes).
    enum Ending: Equatable {
        /// It started a session, or authenticated: a guest, never counted against the address.
        case guest
        /// It never tried to authenticate (noauth).
        case noAuthentication
        /// It tried and failed (authfail).
        case authenticationFailed
        /// It was closed for not starting a session in time (grace-exceeded).
        case graceExceeded
    }

    func removeConnection(_ id: Int, ending: Ending = .guest, now: NIODeadline = .now()) {
        state.withLockedValue { state in
            state.connections.removeValue(forKey: id)
            guard let address = state.connectionAddress.removeValue(forKey: id) else { return }
            var entry = state.addresses[address] ?? Address()
            if entry.startups.remove(id) != nil { state.startups -= 1 }
            let penalties = rules.penalties
            let penalty: Double? = switch ending {
            case .guest: nil
            case .noAuthentication: penalties.noAuthentication
            case .authenticationFailed: penalties.authenticationFailed
            case .graceExceeded: penalties.graceExceeded
            }
            // A connection reset before its address was known ("?") says nothing of any address.
            if let penalty, address != "?" {
                entry.failures.append(now)
                if entry.failures.count > maxPerMinute { entry.failures.removeFirst(entry.failures.count - maxPerMinute) }
                if penalties.enabled { entry.penalty.add(penalty, rules: penalties, now: now) }
            }
            if entry.isForgettable { state.addresses.removeValue(forKey: address) } else { state.addresses[address] = entry }
        }
    }

    /// How many connections from `address` have not started a session (for tests).
    func startups(from address: String) -> Int {
        state.withLockedValue { $0.addresses[address]?.startups.count ?? 0 }
    }

    enum Admission: Equatable {
        case admitted
        case full
        case keyInUse
        case shuttingDown
    }

    /// A session may start unless every seat is taken, its key already has one (when `oneSessionPerKey`),
    /// or the server is stopping.
    func admit(_ id: Int, _ session: Session, oneSessionPerKey: Bool) -> Admission {
        state.withLockedValue { state in
            if state.shuttingDown { return .shuttingDown }
            if oneSessionPerKey, let key = session.key, state.sessions.values.contains(where: { $0.key == key }) { return .keyInUse }
            guard state.sessions.count < maxSessions else { return .full }
            state.sessions[id] = session
            return .admitted
        }
    }

    func started(_ id: Int, pid: pid_t) {
        state.withLockedValue { $0.sessions[id]?.pid = pid }
    }

    func removeSession(_ id: Int) {
        _ = state.withLockedValue { $0.sessions.removeValue(forKey: id) }
    }

    /// The keys of the sessions admitted so far (with a ledger per key: the ledgers in use).
    var sessionKeys: Set<String> { state.withLockedValue { Set($0.sessions.values.compactMap(\.key)) } }

    var sessionCount: Int { state.withLockedValue { $0.sessions.count } }
    var connectionCount: Int { state.withLockedValue { $0.connections.count } }
    var isShuttingDown: Bool { state.withLockedValue { $0.shuttingDown } }

    /// Stops admitting, and hands back what is open so the server can end it.
    func beginShutdown() -> (sessions: [Session], connections: [Channel]) {
        state.withLockedValue { state in
            state.shuttingDown = true
            return (Array(state.sessions.values), Array(state.connections.values))
        }
    }

    func remaining() -> (sessions: [Session], connections: [Channel]) {
        state.withLockedValue { (Array($0.sessions.values), Array($0.connections.values)) }
    }
}

/// Why the server ends a session, and what the guest reads after their terminal is restored.
enum Goodbye: Sendable, Equatable {
    case idle(Duration)
    case sessionLength(Duration)
    case shutdown

    var message: String {
        switch self {
        case .idle(let after):
            return "storefront: this session ended after \(Self.words(after)) without a key. Thanks for visiting; connect again any time."
        case .sessionLength(let after):
            return "storefront: sessions here last at most \(Self.words(after)), and yours has reached it. Thanks for visiting."
        case .shutdown:
            return "storefront: the presenter is stopping the server. Thanks for visiting; goodbye."
        }
    }

    var logName: String {
        switch self {
        case .idle: return "idle timeout"
        case .sessionLength: return "session length cap"
        case .shutdown: return "server shutdown"
        }
    }

    static func words(_ amount: Duration) -> String {
        let seconds = Double(amount.components.seconds) + Double(amount.components.attoseconds) / 1e18
        if seconds >= 3600, seconds.truncatingRemainder(dividingBy: 3600) == 0 { return plural(Int(seconds / 3600), "hour") }
        if seconds >= 60, seconds.truncatingRemainder(dividingBy: 60) == 0 { return plural(Int(seconds / 60), "minute") }
        if seconds >= 1, seconds.truncatingRemainder(dividingBy: 1) == 0 { return plural(Int(seconds), "second") }
        return String(format: "%.1f seconds", seconds)
    }

    private static func plural(_ count: Int, _ unit: String) -> String { "\(count) \(unit)\(count == 1 ? "" : "s")" }
}
