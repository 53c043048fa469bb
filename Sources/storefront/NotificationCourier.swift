import AppStoreSigning
import CHTTPS
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import StoreModel
import SwiftASN1
import TextSafety
import X509

/// Delivers App Store Server Notifications to `--notify URL`: each one POSTed as
/// `{"signedPayload": "<JWS>"}` (application/json), in the order they were made, as the App Store
/// sends them. A 200–206 response is delivered; anything else, or no answer within `--notify-timeout`
/// (five seconds unless it says otherwise), a failed attempt: the sandbox sends once, `--notify-retries` adds production's schedule on the
/// simulated clock (`AppStore.recordDelivery`). The app never waits for the server: http attempts run
/// on a SwiftNIO event loop, https ones on a queue of their own through the platform's libcurl (loaded
/// only when an https URL is given: `CHTTPS`), and the runtime takes their outcomes as messages on its next turn
/// (`takeOutcomes`); a script lets them catch up only before time moves, a relaunch and its end
/// (`Runtime.finishDeliveries`), so its runs repeat without waiting on the server at every step. It sends only what the runtime hands it, once saved: this device's own notifications.
final class NotificationCourier: NotificationSender, @unchecked Sendable {
    struct Target: Sendable, Equatable {
        var host: String
        var port: Int
        var path: String
        var hostHeader: String
        /// https: the connection is TLS, the server's certificate checked against the system's trusted
        /// roots (or `--notify-ca`'s) and its name.
        var tls: Bool
    }

    let target: Target
    let retries: Bool
    private let chain: SigningChain
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    private let outcomes = NIOLockedValueBox<[(id: UInt64, succeeded: Bool)]>([])
    /// The last http attempt's request on the wire (`post`): the next starts after it.
    private let lastOnTheWire = NIOLockedValueBox<EventLoopFuture<Void>?>(nil)
    /// Ids sent and not yet answered: never sent twice at once.
    private var inFlight: Set<UInt64> = []

    /// How long an attempt waits for the server's answer (connecting included): `--notify-timeout`.
    let timeout: TimeAmount
    static let defaultTimeout = Duration.seconds(5)

    /// The URL as given, for an https target (libcurl takes the URL whole); nil for http.
    private let httpsURL: String?
    /// `--notify-ca`: the certificates an https server's is checked against, instead of the system's.
    private let caFile: String?
    /// https attempts, one at a time in the order they were made.
    private let httpsQueue = DispatchQueue(label: "storefront.notify.https")

    init(url: String, trusting caFile: String? = nil, retries: Bool, timeout: Duration = defaultTimeout, chain: SigningChain) throws {
        self.target = try Self.target(url)
        self.retries = retries
        self.timeout = .milliseconds(timeout.components.seconds * 1_000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        self.chain = chain
        self.caFile = caFile
        guard target.tls else {
            if caFile != nil { throw StartupError(message: "--notify-ca is for an https:// server; --notify \(UntrustedText.quoted(url)) is http://") }
            self.httpsURL = nil
            return
        }
        self.httpsURL = url
        var reason = [CChar](repeating: 0, count: 256)
        guard storefront_https_available(&reason, reason.count) == 1 else {
            throw StartupError(message: "--notify \(UntrustedText.quoted(url)): \(String(cString: reason))")
        }
        if let caFile { try Self.checkCertificates(caFile) }
    }

    /// `--notify-ca` must hold certificates in PEM, checked at launch rather than at the first delivery.
    private static func checkCertificates(_ path: String) throws {
        let quoted = UntrustedText.quoted(path)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw StartupError(message: "--notify-ca \(quoted): not a readable PEM file of certificates (no such file, or not readable)")
        }
        let certificates: [Certificate]
        do {
            certificates = try PEMDocument.parseMultiple(pemString: String(decoding: data, as: UTF8.self))
                .filter { $0.discriminator == "CERTIFICATE" }
                .map { try Certificate(pemDocument: $0) }
        } catch {
            throw StartupError(message: "--notify-ca \(quoted): not a readable PEM file of certificates (\(error))")
        }
        guard !certificates.isEmpty else { throw StartupError(message: "--notify-ca \(quoted) holds no certificate") }
    }

    deinit { try? group.syncShutdownGracefully() }

    /// `http://host[:port][/path]` or `https://…`.
    static func target(_ text: String) throws -> Target {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              let host = components.host, !host.isEmpty else {
            throw StartupError(message: "--notify \(UntrustedText.quoted(text)) is not a URL like http://127.0.0.1:8080/notifications")
        }
        guard scheme == "http" || scheme == "https" else {
            throw StartupError(message: "--notify \(UntrustedText.quoted(text)): only http:// and https:// URLs are sent to")
        }
        let tls = scheme == "https"
        let port = components.port ?? (tls ? 443 : 80)
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
            + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        let bareHost = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        return Target(host: bareHost, port: port, path: path, hostHeader: components.port == nil ? host : "\(host):\(port)", tls: tls)
    }

    /// Starts an attempt for each notification not already on its way, signed as it was made.
    func send(_ notifications: [ServerNotification], of store: AppStore) {
        for notification in notifications where !inFlight.contains(notification.id) {
            inFlight.insert(notification.id)
            let id = notification.id
            let body: String
            do {
                let payload = try SignedPayloads.notification(notification, in: store, chain: chain)
                body = try String(decoding: JSONSerialization.data(withJSONObject: ["signedPayload": JWS.sign(payload, with: chain)]), as: UTF8.self)
            } catch {
                outcomes.withLockedValue { $0.append((id, false)) }
                continue
            }
            if let httpsURL {
                httpsQueue.async { [outcomes, caFile, timeout] in
                    let succeeded = Self.postOverHTTPS(body, to: httpsURL, trusting: caFile, timeout: timeout).map { (200...206).contains($0) } ?? false
                    outcomes.withLockedValue { $0.append((id, succeeded)) }
                }
                continue
            }
            post(body).whenComplete { [outcomes] result in
                let succeeded = (try? result.get()).map { (200...206).contains($0) } ?? false
                outcomes.withLockedValue { $0.append((id, succeeded)) }
            }
        }
    }

    /// The outcomes of attempts that ended since the last call: the runtime sends each to `update`.
    func takeOutcomes() -> [DeliveryOutcome] {
        let ended = outcomes.withLockedValue { taken in defer { taken = [] }; return taken }
        for outcome in ended { inFlight.remove(outcome.id) }
        return ended.map { DeliveryOutcome(id: $0.id, succeeded: $0.succeeded, retries: retries) }
    }

    var isSending: Bool { !inFlight.isEmpty }

    static let headers = [
        "Content-Type: application/json",
        "User-Agent: storefront (App Store Server Notifications V2)",
    ]

    /// One POST over TLS (libcurl checks the certificate and the name, an IP address as one); the
    /// response's status code, or nil when there was none within the timeout.
    private static func postOverHTTPS(_ body: String, to url: String, trusting caFile: String?, timeout: TimeAmount) -> Int? {
        var status = 0
        var reason = [CChar](repeating: 0, count: 256)
        let lines = headers.map { strdup($0) }
        defer { lines.forEach { free($0) } }
        let answered = lines.map { UnsafePointer($0) }.withUnsafeBufferPointer { headerList in
            body.withCString { text in
                storefront_https_post(url, headerList.baseAddress, headerList.count, text, body.utf8.count, caFile,
                                      Int(timeout.nanoseconds / 1_000_000), &status, &reason, reason.count)
            }
        }
        return answered == 1 ? status : nil
    }

    /// One POST on a new connection; the response's status code. Each starts once the one before it
    /// is on the wire (or has ended), so a server gets them in the order they were made, while their
    /// answers are waited for together: a silent server costs one timeout, not one per notification.
    /// The whole attempt, connecting included, has `timeout` to be answered.
    private func post(_ body: String) -> EventLoopFuture<Int> {
        let loop = group.next()
        let status = loop.makePromise(of: Int.self)
        // The request is written, or the attempt ended: the next may start.
        let onTheWire = loop.makePromise(of: Void.self)
        status.futureResult.whenComplete { _ in onTheWire.succeed(()) }
        let (target, timeout) = (self.target, self.timeout)
        let begin = {
            let timer = loop.scheduleTask(in: timeout) { status.fail(ChannelError.connectTimeout(timeout)) }
            status.futureResult.whenComplete { _ in timer.cancel() }
            ClientBootstrap(group: loop)
                .connectTimeout(timeout)
                .channelInitializer { channel in
                    channel.pipeline.addHTTPClientHandlers().flatMap {
                        channel.pipeline.addHandler(StatusReader(status: status))
                    }
                }
                .connect(host: target.host, port: target.port).whenComplete { result in
                    switch result {
                    case .failure(let error):
                        status.fail(error)
                    case .success(let channel):
                        // However the attempt ends (answered, refused, out of time), its connection closes.
                        status.futureResult.whenComplete { _ in channel.close(promise: nil) }
                        var headers = HTTPHeaders()
                        headers.add(name: "Host", value: target.hostHeader)
                        for line in Self.headers {
                            let parts = line.split(separator: ":", maxSplits: 1)
                            headers.add(name: String(parts[0]), value: String(parts[1].dropFirst()))
                        }
                        headers.add(name: "Content-Length", value: String(body.utf8.count))
                        headers.add(name: "Connection", value: "close")
                        let head = HTTPRequestHead(version: .http1_1, method: .POST, uri: target.path, headers: headers)
                        channel.write(HTTPClientRequestPart.head(head), promise: nil)
                        channel.write(HTTPClientRequestPart.body(.byteBuffer(channel.allocator.buffer(string: body))), promise: nil)
                        channel.writeAndFlush(HTTPClientRequestPart.end(nil)).whenComplete { _ in onTheWire.succeed(()) }
                    }
                }
        }
        let previous = lastOnTheWire.withLockedValue { last in defer { last = onTheWire.futureResult }; return last }
        if let previous { previous.whenComplete { _ in begin() } } else { loop.execute(begin) }
        return status.futureResult
    }

    /// Reads the response head's status; the connection closing first is a failure.
    private final class StatusReader: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = HTTPClientResponsePart
        let status: EventLoopPromise<Int>
        init(status: EventLoopPromise<Int>) { self.status = status }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            if case .head(let head) = unwrapInboundIn(data) { status.succeed(Int(head.status.code)) }
        }
        func channelInactive(context: ChannelHandlerContext) {
            status.fail(ChannelError.ioOnClosedChannel)
        }
        func errorCaught(context: ChannelHandlerContext, error: Error) {
            status.fail(error)
            context.close(promise: nil)
        }
    }
}
