import Crypto
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSH

/// A small SSH client (SwiftNIO SSH) for what OpenSSH's client will not do: any window size a client
/// can send (65535×65535), a transport kept open after its session ends, a fresh key per connection.
/// Every wait is bounded; `close()` ends it.
final class RawSSHClient: @unchecked Sendable {
    static let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    let channel: Channel
    private var session: Channel?
    private let state = NIOLockedValueBox<(output: [UInt8], exitStatus: Int?, sessionClosed: Bool)>(([], nil, false))

    /// Connects to 127.0.0.1:`port` (from `bind`, another loopback address, when given) and
    /// authenticates with `key`, or with the "none" method (which `--demo` accepts).
    init(port: Int, bind: String? = nil, key: Curve25519.Signing.PrivateKey? = nil, user: String = "guest") throws {
        let auth = Authentication(user: user, key: key.map { NIOSSHPrivateKey(ed25519Key: $0) })
        var bootstrap = ClientBootstrap(group: Self.group)
            .connectTimeout(.seconds(10))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let ssh = NIOSSHHandler(role: .client(.init(userAuthDelegate: auth, serverAuthDelegate: AcceptAnyHostKey())),
                                            allocator: channel.allocator, inboundChildChannelInitializer: nil)
                    try channel.pipeline.syncOperations.addHandler(ssh)
                    try channel.pipeline.syncOperations.addHandler(CloseOnError())
                }
            }
        if let bind { bootstrap = bootstrap.bind(to: try SocketAddress(ipAddress: bind, port: 0)) }
        channel = try bootstrap.connect(host: "127.0.0.1", port: port).wait()
    }

    /// Opens a session channel and asks nothing of it; the channel, or the server's refusal.
    func openBareChannel() throws -> Channel {
        let promise = channel.eventLoop.makePromise(of: Channel.self)
        channel.eventLoop.execute { [channel] in
            channel.pipeline.handler(type: NIOSSHHandler.self).whenComplete { result in
                switch result {
                case .success(let ssh): ssh.createChannel(promise, channelType: .session) { child, _ in child.eventLoop.makeSucceededVoidFuture() }
                case .failure(let error): promise.fail(error)
                }
            }
        }
        let timeout = channel.eventLoop.scheduleTask(in: .seconds(10)) { promise.fail(Failure("no answer to a channel open within 10 s")) }
        defer { timeout.cancel() }
        return try promise.futureResult.wait()
    }

    /// Opens a session with a pty of this size and starts the shell (the store). Bounded by 10 s.
    func openSession(columns: Int, rows: Int, term: String = "xterm-256color") throws {
        let promise = channel.eventLoop.makePromise(of: Channel.self)
        let state = self.state
        channel.eventLoop.execute { [channel] in
            channel.pipeline.handler(type: NIOSSHHandler.self).whenComplete { result in
                switch result {
                case .success(let ssh):
                    ssh.createChannel(promise, channelType: .session) { child, _ in
                        child.eventLoop.makeCompletedFuture {
                            try child.pipeline.syncOperations.addHandler(SessionReader(state: state))
                        }
                    }
                case .failure(let error):
                    promise.fail(error)
                }
            }
        }
        let timeout = channel.eventLoop.scheduleTask(in: .seconds(10)) { promise.fail(Failure("no session channel within 10 s")) }
        let child = try promise.futureResult.wait()
        timeout.cancel()
        session = child
        let pty = SSHChannelRequestEvent.PseudoTerminalRequest(
            wantReply: false, term: term, terminalCharacterWidth: columns, terminalRowHeight: rows,
            terminalPixelWidth: 0, terminalPixelHeight: 0, terminalModes: SSHTerminalModes([:]))
        try child.triggerUserOutboundEvent(pty).wait()
        try child.triggerUserOutboundEvent(SSHChannelRequestEvent.ShellRequest(wantReply: false)).wait()
    }

    func windowChange(columns: Int, rows: Int) {
        session?.triggerUserOutboundEvent(SSHChannelRequestEvent.WindowChangeRequest(
            terminalCharacterWidth: columns, terminalRowHeight: rows, terminalPixelWidth: 0, terminalPixelHeight: 0), promise: nil)
    }

    func send(_ text: String) {
        guard let session else { return }
        var buffer = session.allocator.buffer(capacity: text.utf8.count)
        buffer.writeString(text)
        session.writeAndFlush(SSHChannelData(type: .channel, data: .byteBuffer(buffer)), promise: nil)
    }

    /// Everything the session wrote so far (escape sequences and all).
    var output: String { String(decoding: state.withLockedValue { $0.output }, as: UTF8.self) }
    var exitStatus: Int? { state.withLockedValue { $0.exitStatus } }
    var sessionClosed: Bool { state.withLockedValue { $0.sessionClosed } }
    var connectionClosed: Bool { !channel.isActive }

    /// Polls until `condition` holds; false after `timeout`.
    @discardableResult
    func wait(timeout: TimeInterval, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition()
    }

    func waitFor(_ text: String, timeout: TimeInterval = 30) throws {
        guard wait(timeout: timeout, until: { output.contains(text) }) else {
            throw Failure("the session never wrote \"\(text)\"; it wrote \(output.utf8.count) bytes, ending:\n\(String(output.suffix(400)))")
        }
    }

    /// Ends the connection. The FIN goes out first (shutdown), because NIO's sockets are not close-on-exec:
    /// a process another test spawns meanwhile (tmux, ssh, a server) may hold a copy of this socket, and
    /// closing only this copy would then leave the server waiting for a disconnect that never comes.
    func close() {
        _ = try? channel.close(mode: .output).wait()
        _ = try? channel.close().wait()
    }

    deinit { channel.close(promise: nil) }

    private final class Authentication: NIOSSHClientUserAuthenticationDelegate, @unchecked Sendable {
        let user: String
        let key: NIOSSHPrivateKey?
        private var offered = false

        init(user: String, key: NIOSSHPrivateKey?) {
            self.user = user
            self.key = key
        }

        func nextAuthenticationType(availableMethods: NIOSSHAvailableUserAuthenticationMethods,
                                    nextChallengePromise: EventLoopPromise<NIOSSHUserAuthenticationOffer?>) {
            guard !offered else { return nextChallengePromise.succeed(nil) }
            offered = true
            let offer: NIOSSHUserAuthenticationOffer.Offer = key.map { .privateKey(.init(privateKey: $0)) } ?? .none
            nextChallengePromise.succeed(NIOSSHUserAuthenticationOffer(username: user, serviceName: "", offer: offer))
        }
    }

    private final class AcceptAnyHostKey: NIOSSHClientServerAuthenticationDelegate {
        func validateHostKey(hostKey: NIOSSHPublicKey, validationCompletePromise: EventLoopPromise<Void>) {
            validationCompletePromise.succeed()
        }
    }

    private final class CloseOnError: ChannelInboundHandler {
        typealias InboundIn = Any
        func errorCaught(context: ChannelHandlerContext, error: Error) { context.close(promise: nil) }
    }

    /// The session's output (the last 4 MB of it), exit status and close.
    private final class SessionReader: ChannelInboundHandler {
        typealias InboundIn = SSHChannelData
        let state: NIOLockedValueBox<(output: [UInt8], exitStatus: Int?, sessionClosed: Bool)>

        init(state: NIOLockedValueBox<(output: [UInt8], exitStatus: Int?, sessionClosed: Bool)>) { self.state = state }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let message = unwrapInboundIn(data)
            guard case .byteBuffer(let bytes) = message.data else { return }
            state.withLockedValue { state in
                state.output += bytes.readableBytesView
                if state.output.count > 4 << 20 { state.output.removeFirst(state.output.count - (4 << 20)) }
            }
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if let status = event as? SSHChannelRequestEvent.ExitStatus {
                state.withLockedValue { $0.exitStatus = status.exitStatus }
            }
            context.fireUserInboundEventTriggered(event)
        }

        func channelInactive(context: ChannelHandlerContext) {
            state.withLockedValue { $0.sessionClosed = true }
            context.fireChannelInactive()
        }
    }
}
