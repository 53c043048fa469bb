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

    private struct State {
        var connections: [Int: Channel] = [:]
        var sessions: [Int: Session] = [:]
        var nextID = 1
        var shuttingDown = false
    }

    private let state = NIOLockedValueBox(State())
    let maxSessions: Int
    let maxConnections: Int

    init(maxSessions: Int) {
        self.maxSessions = maxSessions
        // Room for guests to connect and be told the server is full, but bounded.
        maxConnections = maxSessions + 16
    }

    func nextID() -> Int {
        state.withLockedValue { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
    }

    /// A new TCP connection, or false when too many are open (or the server is stopping).
    func addConnection(_ id: Int, _ channel: Channel) -> Bool {
        state.withLockedValue { state in
            guard !state.shuttingDown, state.connections.count < maxConnections else { return false }
            state.connections[id] = channel
            return true
        }
    }

    func removeConnection(_ id: Int) {
        _ = state.withLockedValue { $0.connections.removeValue(forKey: id) }
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
