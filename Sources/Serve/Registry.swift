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

    /// One remote address: its connections that have not started a session, and when its recent
    /// connections came (the last minute's, at most `maxPerMinute`).
    private struct Address {
        var startups: Set<Int> = []
        var recent: [NIODeadline] = []
    }

    private struct State {
        var connections: [Int: Channel] = [:]
        var connectionAddress: [Int: String] = [:]
        var addresses: [String: Address] = [:]
        var sessions: [Int: Session] = [:]
        var nextID = 1
        var shuttingDown = false
    }

    private let state = NIOLockedValueBox(State())
    let maxSessions: Int
    let maxConnections: Int
    let maxStartupsPerAddress: Int
    let maxPerMinute: Int
    /// Addresses remembered for the rate limit; past this, those without an open connection are forgotten.
    static let maxTrackedAddresses = 4096

    init(maxSessions: Int, maxStartupsPerAddress: Int = 4, maxPerMinute: Int = 30) {
        self.maxSessions = maxSessions
        self.maxStartupsPerAddress = maxStartupsPerAddress
        self.maxPerMinute = maxPerMinute
        // Room for guests to connect and be told the server is full, but bounded; one address can hold
        // at most `maxStartupsPerAddress` of the spare room, so others still get in while it floods.
        maxConnections = maxSessions + 64
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
        case shuttingDown

        /// The reason in the log line of a refused connection.
        func reason(_ registry: Registry) -> String {
            switch self {
            case .admitted: return "admitted"
            case .tooManyOpen: return "\(registry.maxConnections) connections open, the most this server keeps"
            case .tooManyStartups: return "\(registry.maxStartupsPerAddress) connections from this address have not started a session yet (--max-startups-per-address)"
            case .tooFast: return "more than \(registry.maxPerMinute) connections from this address in the last minute (--max-connections-per-minute)"
            case .shuttingDown: return "the server is stopping"
            }
        }
    }

    /// A new TCP connection from `address`: refused when the server is stopping, too many are open, that
    /// address has too many connections without a session, or it connected too often in the last minute
    /// (a refused attempt counts too, so a flood does not refill its own allowance faster).
    func addConnection(_ id: Int, _ channel: Channel, address: String, now: NIODeadline = .now()) -> ConnectionAdmission {
        state.withLockedValue { state in
            if state.shuttingDown { return .shuttingDown }
            var entry = state.addresses[address] ?? Address()
            entry.recent.removeAll { now - $0 >= .seconds(60) }
            defer {
                if entry.recent.count > maxPerMinute { entry.recent.removeFirst(entry.recent.count - maxPerMinute) }
                state.addresses[address] = entry
                if state.addresses.count > Self.maxTrackedAddresses {
                    state.addresses = state.addresses.filter { !$0.value.startups.isEmpty }
                }
            }
            let tooFast = entry.recent.count >= maxPerMinute
            entry.recent.append(now)
            if tooFast { return .tooFast }
            if entry.startups.count >= maxStartupsPerAddress { return .tooManyStartups }
            guard state.connections.count < maxConnections else { return .tooManyOpen }
            state.connections[id] = channel
            state.connectionAddress[id] = address
            entry.startups.insert(id)
            return .admitted
        }
    }

    /// The connection started a session: it no longer counts against its address's startups.
    func connectionStartedSession(_ id: Int) {
        state.withLockedValue { state in
            guard let address = state.connectionAddress[id] else { return }
            state.addresses[address]?.startups.remove(id)
        }
    }

    func removeConnection(_ id: Int) {
        state.withLockedValue { state in
            state.connections.removeValue(forKey: id)
            guard let address = state.connectionAddress.removeValue(forKey: id) else { return }
            state.addresses[address]?.startups.remove(id)
            if let entry = state.addresses[address], entry.startups.isEmpty, entry.recent.isEmpty {
                state.addresses.removeValue(forKey: address)
            }
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
