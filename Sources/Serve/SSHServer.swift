import Dispatch
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSH
import TextSafety
#if canImport(Glibc)
import Glibc
#endif

/// `storefront serve`: an SSH server (SwiftNIO SSH) whose every session is the ordinary storefront
/// program in a pseudo-terminal of its own.
public enum SSHServer {
    /// Listens until SIGTERM, SIGINT or SIGHUP, then says goodbye to every session, ends its program and
    /// returns within 5 seconds. `listening` gets the bound port (useful with port 0).
    public static func run(_ configuration: ServeConfiguration, listening: (Int) -> Void) throws {
        // A guest vanishing mid-write must never kill the server; sessions get every signal back at
        // its default (SessionProgram).
        signal(SIGPIPE, SIG_IGN)
        // Four descriptors per session (socket, pty master and its two NIO duplicates): take the hard limit.
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: max(2, System.coreCount))
        let registry = Registry(maxSessions: configuration.maxSessions, rules: configuration.crowd)
        let logger = configuration.logger
        // Ledgers, host key and anything else made while serving are the presenter's alone (0600, 0700);
        // sessions inherit it, so SQLite makes each guest's ledger 0600.
        umask(0o077)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .serverChannelOption(ChannelOptions.backlog, value: 256)
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                let id = registry.nextID()
                let address = channel.remoteAddress?.ipAddress ?? "?"
                let admission = registry.addConnection(id, channel, address: address)
                guard admission == .admitted else {
                    logger.warning("connection refused", metadata: ["remote": "\(address)", "reason": "\(admission.reason(registry))"])
                    // A line, not silence, then the connection closes.
                    channel.writeAndFlush(channel.allocator.buffer(string: admission.line)).whenComplete { _ in channel.close(promise: nil) }
                    return channel.eventLoop.makeSucceededVoidFuture()
                }
                let connection = ConnectionInfo(id: id)
                return channel.eventLoop.makeCompletedFuture {
                    let auth = GuestAuthentication(admission: configuration.admission, connection: connection,
                                                   requireKey: configuration.stateDirectory != nil, logger: logger)
                    var serverConfiguration = SSHServerConfiguration(hostKeys: [configuration.hostKey.privateKey], userAuthDelegate: auth)
                    // 32 KB packets make each session's inbound window 2 MB (64 packets), as OpenSSH's: the most
                    // a guest can have in flight while the session's program is not reading.
                    serverConfiguration.maximumPacketSize = 1 << 15
                    let ssh = NIOSSHHandler(
                        role: .server(serverConfiguration),
                        allocator: channel.allocator,
                        inboundChildChannelInitializer: { child, type in
                            guard case .session = type else {
                                // Port forwarding (direct-tcpip) and anything else: the channel is refused.
                                logger.info("channel refused", metadata: ["connection": "\(id)", "type": "\(Self.describe(type))"])
                                return child.eventLoop.makeFailedFuture(ServeError.channelRefused)
                            }
                            // As OpenSSH's MaxSessions: a connection cannot pile up session channels.
                            guard connection.openChannel(limit: ConnectionInfo.maxChannels) else {
                                logger.info("channel refused", metadata: ["connection": "\(id)", "type": "session",
                                                                          "reason": "\(ConnectionInfo.maxChannels) session channels open on this connection"])
                                return child.eventLoop.makeFailedFuture(ServeError.channelRefused)
                            }
                            return child.eventLoop.makeCompletedFuture {
                                try child.pipeline.syncOperations.addHandler(
                                    SessionHandler(id: registry.nextID(), configuration: configuration, registry: registry, connection: connection))
                            }
                        })
                    try channel.pipeline.syncOperations.addHandler(
                        ConnectionWatch(connection: connection, registry: registry, grace: configuration.loginGraceTime,
                                        crowdGrace: configuration.crowd.crowdGrace, logger: logger))
                    try channel.pipeline.syncOperations.addHandler(ssh)
                    try channel.pipeline.syncOperations.addHandler(ConnectionErrors(logger: logger, id: id))
                }
            }
        let server: Channel
        do {
            server = try bootstrap.bind(host: configuration.host, port: configuration.port).wait()
        } catch {
            try? group.syncShutdownGracefully()
            throw ServeError.cannotListen("\(configuration.host):\(configuration.port)", "\(error)")
        }
        listening(server.localAddress?.port ?? configuration.port)
        logger.info("listening", metadata: ["address": "\(configuration.host):\(server.localAddress?.port ?? configuration.port)"])

        let finished = DispatchSemaphore(value: 0)
        let stopping = NIOLockedValueBox(false)
        let queue = DispatchQueue(label: "storefront.serve.signals")
        var sources: [DispatchSourceSignal] = []
        for number in [SIGTERM, SIGINT, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                guard !stopping.withLockedValue({ let was = $0; $0 = true; return was }) else { return }
                logger.info("stopping", metadata: ["signal": "\(SessionHandler.signalName(number))"])
                shutDown(server: server, registry: registry, group: group, logger: logger)
                finished.signal()
            }
            source.resume()
            sources.append(source)
        }
        finished.wait()
        sources.forEach { $0.cancel() }
    }

    /// Stop accepting; every session's program gets SIGTERM (it restores its terminal) and its guest a
    /// goodbye; whatever is still running after 3 s is killed; connections close; all within 5 s.
    private static func shutDown(server: Channel, registry: Registry, group: EventLoopGroup, logger: Logger) {
        let started = DispatchTime.now()
        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9 }
        server.close(promise: nil)
        let open = registry.beginShutdown()
        for session in open.sessions { session.end(.shutdown) }
        while registry.sessionCount > 0 && elapsed() < 3.0 { usleep(20_000) }
        let stuck = registry.remaining().sessions
        for session in stuck { if let pid = session.pid { kill(-pid, SIGKILL); kill(pid, SIGKILL) } }
        while registry.sessionCount > 0 && elapsed() < 3.6 { usleep(20_000) }
        for connection in registry.remaining().connections { connection.close(promise: nil) }
        while registry.connectionCount > 0 && elapsed() < 4.0 { usleep(20_000) }
        let done = DispatchSemaphore(value: 0)
        group.shutdownGracefully { _ in done.signal() }
        _ = done.wait(timeout: .now() + .milliseconds(500))
        logger.info("stopped", metadata: ["after": "\(String(format: "%.2f", elapsed()))s", "killed": "\(stuck.count)"])
    }

    static func describe(_ type: SSHChannelType) -> String {
        switch type {
        case .session: return "session"
        case .directTCPIP: return "direct-tcpip (port forwarding)"
        case .forwardedTCPIP: return "forwarded-tcpip"
        }
    }
}

public enum ServeError: Error, CustomStringConvertible {
    case channelRefused
    case cannotListen(String, String)

    public var description: String {
        switch self {
        case .channelRefused: return "only sessions are served here"
        case .cannotListen(let address, let reason): return "cannot listen on \(address): \(reason)"
        }
    }
}

/// What one TCP connection learned: the guest's key once authenticated, whether a session started,
/// how many of its sessions run now.
final class ConnectionInfo: Sendable {
    let id: Int
    private let state = NIOLockedValueBox<(key: String?, user: String?, started: Bool, running: Int, channels: Int)>((nil, nil, false, 0, 0))
    /// How far authentication got (for the address's penalties when the connection ends without a session).
    private let progress = NIOLockedValueBox<(tried: Bool, authenticated: Bool, graceExceeded: Bool)>((false, false, false))
    /// Session channels one connection may have open at once.
    static let maxChannels = 10

    init(id: Int) { self.id = id }

    var key: String? { state.withLockedValue { $0.key } }
    var hasStartedSession: Bool { state.withLockedValue { $0.started } }
    var runningSessions: Int { state.withLockedValue { $0.running } }

    func authenticated(user: String, key: String?) {
        state.withLockedValue { $0.user = user; $0.key = key }
        progress.withLockedValue { $0.authenticated = true }
    }

    /// A key, a password or a host was offered (not the "none" every client asks first).
    func triedAuthentication() { progress.withLockedValue { $0.tried = true } }

    /// The server closes it for not starting a session in time.
    func exceededGrace() { progress.withLockedValue { $0.graceExceeded = true } }

    /// How it ended, for its address: a guest (a session, or authenticated) never counts against it.
    var ending: Registry.Ending {
        if hasStartedSession { return .guest }
        return progress.withLockedValue { progress in
            if progress.authenticated { return .guest }
            if progress.graceExceeded { return .graceExceeded }
            return progress.tried ? .authenticationFailed : .noAuthentication
        }
    }

    func sessionStarted() { state.withLockedValue { $0.started = true; $0.running += 1 } }

    /// A session channel opens, unless `limit` are open already.
    func openChannel(limit: Int) -> Bool {
        state.withLockedValue { state in
            guard state.channels < limit else { return false }
            state.channels += 1
            return true
        }
    }

    func channelClosed() { state.withLockedValue { $0.channels = max(0, $0.channels - 1) } }

    /// A session of this connection ended; the number still running.
    func sessionEnded() -> Int { state.withLockedValue { $0.running = max(0, $0.running - 1); return $0.running } }
}

/// Authentication: public keys from the authorized_keys file (SwiftNIO SSH has already checked the
/// signature when it asks), or with `--demo` anyone — by the "none" method, or with any key when ledgers
/// are kept per key. No passwords, ever.
final class GuestAuthentication: NIOSSHServerUserAuthenticationDelegate {
    private let admission: Admission
    private let connection: ConnectionInfo
    private let requireKey: Bool
    private let logger: Logger

    init(admission: Admission, connection: ConnectionInfo, requireKey: Bool, logger: Logger) {
        self.admission = admission
        self.connection = connection
        self.requireKey = requireKey
        self.logger = logger
    }

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods { .publicKey }

    func requestReceived(request: NIOSSHUserAuthenticationRequest, responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>) {
        let user = UntrustedText.quoted(request.username, limit: 32)
        if case .none = request.request {} else { connection.triedAuthentication() }
        switch (request.request, admission) {
        case (.none, .anyone) where !requireKey:
            connection.authenticated(user: request.username, key: nil)
            logger.info("auth accepted", metadata: ["connection": "\(connection.id)", "method": "none (demo)", "user": "\(user)"])
            responsePromise.succeed(.success)
        case (.none, _):
            // Every client asks with "none" first; the answer lists the methods that can work.
            responsePromise.succeed(.failure)
        case (.publicKey(let offer), .anyone):
            let fingerprint = Fingerprint.of(offer.publicKey)
            connection.authenticated(user: request.username, key: fingerprint)
            logger.info("auth accepted", metadata: ["connection": "\(connection.id)", "method": "publickey (demo)", "key": "\(fingerprint)", "user": "\(user)"])
            responsePromise.succeed(.success)
        case (.publicKey(let offer), .keys(let keys)):
            let fingerprint = Fingerprint.of(offer.publicKey)
            if keys.keys.contains(offer.publicKey) {
                connection.authenticated(user: request.username, key: fingerprint)
                logger.info("auth accepted", metadata: ["connection": "\(connection.id)", "method": "publickey", "key": "\(fingerprint)", "user": "\(user)"])
                responsePromise.succeed(.success)
            } else {
                logger.info("auth refused", metadata: ["connection": "\(connection.id)", "method": "publickey", "key": "\(fingerprint)", "user": "\(user)"])
                responsePromise.succeed(.failure)
            }
        case (.password, _), (.hostBased, _):
            logger.info("auth refused", metadata: ["connection": "\(connection.id)", "method": "password or hostbased (never accepted)", "user": "\(user)"])
            responsePromise.succeed(.failure)
        }
    }
}

/// One log line when a connection opens and one when it closes (with its duration); closes a
/// connection that has not started a session within the grace time.
final class ConnectionWatch: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let connection: ConnectionInfo
    private let registry: Registry
    private let grace: Duration
    private let crowdGrace: Duration
    private let logger: Logger
    private var opened = NIODeadline.now()
    private var remote = "?"
    private var graceTimer: Scheduled<Void>?
    private var crowdTimer: Scheduled<Void>?

    init(connection: ConnectionInfo, registry: Registry, grace: Duration, crowdGrace: Duration, logger: Logger) {
        self.connection = connection
        self.registry = registry
        self.grace = grace
        self.crowdGrace = crowdGrace
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { opened(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        opened(context)
        context.fireChannelActive()
    }

    private func opened(_ context: ChannelHandlerContext) {
        guard graceTimer == nil else { return }
        opened = .now()
        remote = context.channel.remoteAddress.map { "\($0.ipAddress ?? "?"):\($0.port ?? 0)" } ?? "?"
        logger.info("connect", metadata: ["connection": "\(connection.id)", "remote": "\(remote)"])
        let channel = context.channel
        let connection = self.connection
        let logger = self.logger
        let grace = self.grace
        graceTimer = context.eventLoop.scheduleTask(in: TimeAmount(grace)) {
            guard !connection.hasStartedSession else { return }
            logger.info("closing: no session within the grace time", metadata: ["connection": "\(connection.id)", "grace": "\(Goodbye.words(grace))"])
            connection.exceededGrace()
            channel.close(promise: nil)
        }
        // In a crowd, the grace is short: a flood of idle connections gives way to guests in seconds.
        let registry = self.registry
        let crowdGrace = self.crowdGrace
        if crowdGrace < grace {
            crowdTimer = context.eventLoop.scheduleTask(in: TimeAmount(crowdGrace)) {
                guard !connection.hasStartedSession, registry.isCrowded else { return }
                logger.info("closing: no session within the grace time of a crowd", metadata: ["connection": "\(connection.id)", "grace": "\(Goodbye.words(crowdGrace))"])
                connection.exceededGrace()
                channel.close(promise: nil)
            }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        graceTimer?.cancel()
        crowdTimer?.cancel()
        registry.removeConnection(connection.id, ending: connection.ending)
        let seconds = Double((NIODeadline.now() - opened).nanoseconds) / 1e9
        logger.info("disconnect", metadata: ["connection": "\(connection.id)", "remote": "\(remote)",
                                             "duration": "\(String(format: "%.1f", seconds))s"])
        context.fireChannelInactive()
    }
}

/// The end of a connection's pipeline: a protocol error closes that connection, and nothing else.
final class ConnectionErrors: ChannelInboundHandler {
    typealias InboundIn = Any
    private let logger: Logger
    private let id: Int

    init(logger: Logger, id: Int) {
        self.logger = logger
        self.id = id
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        logger.info("connection error", metadata: ["connection": "\(id)", "error": "\(UntrustedText.quoted(String(describing: error), limit: 200))"])
        context.close(promise: nil)
    }
}
