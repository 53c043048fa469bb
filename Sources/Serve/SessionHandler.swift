import Foundation
import Ledger
import Logging
import NIOCore
import NIOPosix
import NIOSSH
import TextSafety
#if canImport(Glibc)
import Glibc
#endif

/// One SSH session channel: takes the client's pty request, locale variables and shell or exec
/// request, runs the storefront program in a pseudo-terminal of its own, and copies bytes both ways
/// until the program ends. Everything else a client asks of a session (subsystems, X11, agent
/// forwarding, other variables) is refused. Lives on its connection's event loop.
final class SessionHandler: ChannelInboundHandler {
    typealias InboundIn = SSHChannelData
    typealias OutboundOut = SSHChannelData

    private let id: Int
    private let configuration: ServeConfiguration
    private let registry: Registry
    private let connection: ConnectionInfo
    private var logger: Logger

    private enum Phase { case waiting, running, ended }
    private var phase = Phase.waiting
    private var context: ChannelHandlerContext?
    private var eventLoop: EventLoop?
    private var pty: (term: String, columns: Int, rows: Int)?
    private var locales: [String: String] = [:]
    private var program: SessionProgram?
    private var terminal: Channel?
    private var pendingInput: [ByteBuffer] = []
    private var pendingInputBytes = 0
    /// Input kept while the program's terminal is being attached; more is dropped (a person types less).
    static let maxPendingInput = 64 * 1024
    private var goodbye: Goodbye?
    private var lastInput = NIODeadline.now()
    private var startedAt = NIODeadline.now()
    private var timers: [Scheduled<Void>] = []

    init(id: Int, configuration: ServeConfiguration, registry: Registry, connection: ConnectionInfo) {
        self.id = id
        self.configuration = configuration
        self.registry = registry
        self.connection = connection
        logger = configuration.logger
        logger[metadataKey: "connection"] = "\(connection.id)"
        logger[metadataKey: "session"] = "\(id)"
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        eventLoop = context.eventLoop
        // A client's end of input (EOF) does not end the session; the program decides.
        _ = context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        connection.channelClosed()
    }

    // MARK: Requests

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
            let size = ServeConfiguration.clampedSize(columns: request.terminalCharacterWidth, rows: request.terminalRowHeight)
            pty = (request.term, size.columns, size.rows)
            reply(request.wantReply, phase == .waiting)
        case let request as SSHChannelRequestEvent.EnvironmentRequest:
            let accepted = phase == .waiting && SessionEnvironment.accepts(name: request.name, value: request.value)
            if accepted { locales[request.name] = request.value }
            reply(request.wantReply, accepted)
        case let request as SSHChannelRequestEvent.ShellRequest:
            reply(request.wantReply, phase == .waiting)
            start(screen: configuration.defaultScreen)
        case let request as SSHChannelRequestEvent.ExecRequest:
            reply(request.wantReply, phase == .waiting)
            switch ScreenRequest(command: request.command) {
            case .screen(let screen):
                start(screen: screen)
            case .refused(let message):
                logger.info("exec refused", metadata: ["command": "\(UntrustedText.quoted(request.command, limit: 40))"])
                refuse(message)
            }
        case let request as SSHChannelRequestEvent.SubsystemRequest:
            logger.info("subsystem refused", metadata: ["subsystem": "\(UntrustedText.quoted(request.subsystem, limit: 40))"])
            reply(request.wantReply, false)
        case let request as SSHChannelRequestEvent.WindowChangeRequest:
            let size = ServeConfiguration.clampedSize(columns: request.terminalCharacterWidth, rows: request.terminalRowHeight)
            pty?.columns = size.columns
            pty?.rows = size.rows
            program?.resize(columns: size.columns, rows: size.rows)
        case is ChannelEvent:
            // The client closed its input: the program still runs until it, or the connection, ends.
            break
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    private func reply(_ wanted: Bool, _ success: Bool) {
        guard wanted, let context else { return }
        context.triggerUserOutboundEvent(success ? ChannelSuccessEvent() : ChannelFailureEvent(), promise: nil)
    }

    // MARK: Input

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        guard case .byteBuffer(let bytes) = message.data, message.type == .channel else { return }
        lastInput = .now()
        if let terminal {
            terminal.writeAndFlush(bytes, promise: nil)
            // Back-pressure: while the pty cannot take more (the program is not reading), stop reading
            // the guest. NIOSSH then stops opening the channel's window, so the guest can have at most the
            // window (2 MB) in flight; what waits here is the pty channel's high-water mark plus that.
            if !terminal.isWritable { setReadingGuest(false, context: context) }
        } else if phase == .running, pendingInputBytes + bytes.readableBytes <= Self.maxPendingInput {
            pendingInputBytes += bytes.readableBytes
            pendingInput.append(bytes)
        }
    }

    /// The program's terminal can take more input again (or cannot): read the guest again (or stop).
    func terminalWritabilityChanged(_ writable: Bool) {
        guard let context else { return }
        setReadingGuest(writable, context: context)
    }

    private var readingGuest = true

    private func setReadingGuest(_ reading: Bool, context: ChannelHandlerContext) {
        guard reading != readingGuest else { return }
        readingGuest = reading
        _ = context.channel.setOption(ChannelOptions.autoRead, value: reading)
        // NIOSSH's child channel does not read by itself when autoRead comes back on.
        if reading { context.read() }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        // The guest's window is full: stop reading the program until it drains.
        _ = terminal?.setOption(ChannelOptions.autoRead, value: context.channel.isWritable)
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        // The guest went away: hang up the program's terminal, as sshd does (SIGHUP restores and ends it).
        if phase == .running {
            goodbye = nil
            program?.signal(SIGHUP)
            terminal?.close(promise: nil)
            program?.closeMaster()
        }
        context.fireChannelInactive()
    }

    // MARK: Starting

    private func start(screen: String?) {
        guard phase == .waiting, let context else { return }
        guard let pty else {
            logger.info("refused: no pty")
            refuse("storefront: this is a full-screen store and needs a terminal; connect with ssh -t (the -t asks for one).")
            return
        }
        let key = connection.key
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        let entry = Registry.Session(key: key, end: { goodbye in
            bound.eventLoop.execute { bound.value.end(goodbye) }
        }, pid: nil)
        switch registry.admit(id, entry, oneSessionPerKey: configuration.stateDirectory != nil) {
        case .admitted:
            break
        case .full:
            logger.info("refused: all seats taken", metadata: ["max-sessions": "\(registry.maxSessions)"])
            refuse("storefront: all \(registry.maxSessions) seats are taken right now; please try again in a few minutes.")
            return
        case .keyInUse:
            logger.info("refused: key already has a session")
            refuse(Self.keyInUseMessage)
            return
        case .shuttingDown:
            refuse(Goodbye.shutdown.message)
            return
        }
        var arguments = configuration.arguments
        if let folder = configuration.stateDirectory, let key {
            let path = Self.ledgerPath(folder: folder, key: key)
            guard !Self.ledgerIsOpenElsewhere(path) else {
                logger.info("refused: ledger in use")
                registry.removeSession(id)
                refuse(Self.keyInUseMessage)
                return
            }
            if let cap = configuration.maxLedgers {
                let inUse = Set(registry.sessionKeys.map { Self.ledgerPath(folder: folder, key: $0) })
                switch LedgerFolder.makeRoom(folder: folder, for: path, cap: cap, inUse: inUse) {
                case .ready(let removed):
                    for name in removed {
                        logger.info("ledger removed: the oldest idle one, to keep at most \(cap) (--max-ledgers)", metadata: ["ledger": "\(name)"])
                    }
                case .full:
                    logger.info("refused: all \(cap) ledgers are in use (--max-ledgers)")
                    registry.removeSession(id)
                    refuse("storefront: every guest ledger this server keeps is in use right now; please try again in a few minutes.")
                    return
                }
            }
            if FileManager.default.fileExists(atPath: path) {
                LedgerFolder.restrict(path)
                if let resume = configuration.resumeArguments { arguments = resume }
            }
            arguments += ["--state", path]
        }
        phase = .running
        if let screen { arguments += ["--open", screen] }
        if let folder = configuration.recordDirectory {
            // A file of its own, named by time and number (never by anything the guest sent).
            if let path = try? SessionRecording.reserve(in: folder) {
                arguments += ["--recording", path]
                logger.info("recording", metadata: ["file": "\(path)"])
            } else {
                logger.error("cannot record the session: no new file in the recordings folder", metadata: ["folder": "\(folder)"])
            }
        }
        let environment = SessionEnvironment(term: pty.term, locales: locales)
        do {
            program = try SessionProgram(program: configuration.program, arguments: arguments, environment: environment.variables,
                                         columns: pty.columns, rows: pty.rows)
        } catch {
            logger.error("session could not start", metadata: ["reason": "\(error.description)"])
            registry.removeSession(id)
            phase = .ended
            refuse("storefront: the session could not start (\(error.description)); please tell the presenter.")
            return
        }
        guard let program else { return }
        connection.sessionStarted()
        registry.connectionStartedSession(connection.id)
        registry.started(id, pid: program.pid)
        startedAt = .now()
        lastInput = .now()
        logger.info("session start", metadata: [
            "pid": "\(program.pid)", "screen": "\(screen ?? "store")", "size": "\(pty.columns)x\(pty.rows)",
            "term": "\(environment.variables["TERM"] ?? "")", "lang": "\(environment.variables["LC_ALL"] ?? environment.variables["LANG"] ?? "")",
        ])
        attachTerminal(program, context: context)
        scheduleIdleCheck()
        if let cap = configuration.maxSessionLength {
            timers.append(context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(cap)) { [self] in end(.sessionLength(cap)) })
        }
    }

    static let keyInUseMessage = "storefront: your key already has a session open here, and each key keeps one ledger; please finish that session first, then connect again."

    /// Reads and writes the program's terminal through SwiftNIO, on this session's event loop.
    private func attachTerminal(_ program: SessionProgram, context: ChannelHandlerContext) {
        let input = program.duplicateMaster(), output = program.duplicateMaster()
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        NIOPipeBootstrap(group: context.eventLoop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(TerminalReader(session: bound))
                }
            }
            .takingOwnershipOfDescriptors(input: input, output: output)
            .assumeIsolated()
            .whenComplete { [self] result in
                switch result {
                case .success(let channel):
                    terminal = channel
                    for bytes in pendingInput { channel.write(bytes, promise: nil) }
                    pendingInput = []
                    pendingInputBytes = 0
                    channel.flush()
                    if phase != .running || self.context == nil { channel.close(promise: nil) }
                case .failure(let error):
                    close(input)
                    close(output)
                    logger.error("cannot read the session's terminal", metadata: ["error": "\(error)"])
                    program.signal(SIGHUP)
                    programOutputEnded()
                }
            }
    }

    private func scheduleIdleCheck() {
        guard let timeout = configuration.idleTimeout, let context else { return }
        timers.append(context.eventLoop.assumeIsolated().scheduleTask(deadline: lastInput + TimeAmount(timeout)) { [self] in
            guard phase == .running else { return }
            if NIODeadline.now() >= lastInput + TimeAmount(timeout) {
                end(.idle(timeout))
            } else {
                scheduleIdleCheck()
            }
        })
    }

    // MARK: Output and ending

    /// Bytes the program wrote to its terminal, for the guest.
    func programWrote(_ bytes: ByteBuffer) {
        guard let context else { return }
        context.writeAndFlush(wrapOutboundOut(SSHChannelData(type: .channel, data: .byteBuffer(bytes))), promise: nil)
    }

    /// The server ends the session: the program gets SIGTERM (it restores the terminal and exits), then
    /// the guest reads why.
    func end(_ reason: Goodbye) {
        switch phase {
        case .running:
            guard goodbye == nil else { return }
            goodbye = reason
            logger.info("ending session", metadata: ["reason": "\(reason.logName)"])
            program?.signal(SIGTERM)
        case .waiting:
            refuse(reason.message)
        case .ended:
            break
        }
    }

    /// The program's side of the terminal closed (it exited, or was killed): collect its status,
    /// waiting a little and then insisting, so no session outlives its program.
    func programOutputEnded() {
        guard let program, let eventLoop else { return }
        terminal = nil
        let bound = NIOLoopBound(self, eventLoop: eventLoop)
        Self.reap(program, on: eventLoop, attempt: 0) { ending in bound.value.programEnded(ending) }
    }

    private static func reap(_ program: SessionProgram, on eventLoop: EventLoop, attempt: Int,
                             then done: @escaping @Sendable (SessionProgram.Ending) -> Void) {
        if let ending = program.reap() {
            done(ending)
            return
        }
        // About 3 s for the program to restore its terminal and exit, then SIGKILL.
        if attempt == 150 { program.signal(SIGKILL) }
        eventLoop.scheduleTask(in: .milliseconds(20)) { reap(program, on: eventLoop, attempt: attempt + 1, then: done) }
    }

    private func programEnded(_ ending: SessionProgram.Ending) {
        phase = .ended
        timers.forEach { $0.cancel() }
        timers = []
        program?.closeMaster()
        registry.removeSession(id)
        if connection.sessionEnded() == 0 { closeConnectionUnlessUsed() }
        let seconds = Double((NIODeadline.now() - startedAt).nanoseconds) / 1e9
        logger.info("session end", metadata: [
            "duration": "\(String(format: "%.1f", seconds))s", "ending": "\(ending)", "reason": "\(goodbye?.logName ?? "program ended")",
        ])
        guard let context, context.channel.isActive else { return }
        var lines: [String] = []
        if let goodbye {
            lines.append(goodbye.message)
        } else if case .signalled(let signal) = ending {
            lines.append("storefront: the store stopped unexpectedly (\(Self.signalName(signal))). Sorry about that; connect again for a fresh start.")
        }
        if !lines.isEmpty { write(lines.joined(separator: "\r\n") + "\r\n") }
        let status: any Sendable
        switch ending {
        case .exited(let code): status = SSHChannelRequestEvent.ExitStatus(exitStatus: goodbye == nil ? code : 0)
        case .signalled(let signal) where goodbye == nil:
            status = SSHChannelRequestEvent.ExitSignal(signalName: Self.signalName(signal).replacingOccurrences(of: "SIG", with: ""),
                                                       errorMessage: "", language: "", dumpedCore: false)
        case .signalled: status = SSHChannelRequestEvent.ExitStatus(exitStatus: 0)
        }
        let channel = context.channel
        context.triggerUserOutboundEvent(status).assumeIsolated().whenComplete { _ in channel.close(promise: nil) }
    }

    /// A connection whose last session ended is closed after `lingerTime` unless it starts another: a
    /// client that keeps its transport open after the program ends must not hold a seat of the server's.
    private func closeConnectionUnlessUsed() {
        guard let parent = context?.channel.parent else { return }
        let connection = self.connection
        let logger = self.logger
        let linger = configuration.lingerTime
        parent.eventLoop.scheduleTask(in: TimeAmount(linger)) {
            guard connection.runningSessions == 0, parent.isActive else { return }
            logger.info("closing: the connection's last session ended", metadata: ["after": "\(Goodbye.words(linger))"])
            parent.close(promise: nil)
        }
    }

    /// A message instead of a session: one line, then exit status 1 and the channel closes.
    private func refuse(_ message: String) {
        guard let context, phase != .running else { return }
        phase = .ended
        write(message + "\r\n", type: pty == nil ? .stdErr : .channel)
        let channel = context.channel
        context.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: 1)).assumeIsolated()
            .whenComplete { _ in channel.close(promise: nil) }
    }

    private func write(_ text: String, type: SSHChannelData.DataType = .channel) {
        guard let context else { return }
        var buffer = context.channel.allocator.buffer(capacity: text.utf8.count)
        buffer.writeString(text)
        context.writeAndFlush(wrapOutboundOut(SSHChannelData(type: type, data: .byteBuffer(buffer))), promise: nil)
    }

    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
                                      SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV",
                                      SIGPIPE: "SIGPIPE", SIGTERM: "SIGTERM"]
        return names[signal] ?? "signal \(signal)"
    }

    // MARK: Ledgers per key

    /// DIR/sha256-….sqlite: the fingerprint with its base64 made safe for a file name.
    static func ledgerPath(folder: String, key: String) -> String {
        let name = key.replacingOccurrences(of: "SHA256:", with: "sha256-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "+", with: "-")
        return (folder as NSString).appendingPathComponent(name + ".sqlite")
    }

    /// Whether another storefront holds the ledger (as any device: `DeviceLocks`), e.g. one started by
    /// hand or by another server on the same folder. This server's own sessions are counted by the registry.
    static func ledgerIsOpenElsewhere(_ path: String) -> Bool { DeviceLocks.isOpen(path) }
}

/// The program's terminal → the guest.
final class TerminalReader: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let session: NIOLoopBound<SessionHandler>
    private var ended = false

    init(session: NIOLoopBound<SessionHandler>) {
        self.session = session
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        session.value.programWrote(unwrapInboundIn(data))
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        session.value.terminalWritabilityChanged(context.channel.isWritable)
        context.fireChannelWritabilityChanged()
    }

    /// Reading the master fails with EIO once the program's side is closed: that is the end of output.
    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        guard !ended else { return }
        ended = true
        session.value.programOutputEnded()
    }
}
