import Crypto
import Foundation
import SwiftASN1
import Testing
import TestSupport
import X509

/// `--notify URL`: App Store Server Notifications reach a server on loopback as
/// `{"signedPayload": "<JWS>"}`, in the order they happened, once in the sandbox and on production's
/// schedule with `--notify-retries` ("Responding to App Store Server Notifications").
@Suite("Server Notifications delivery")
struct ServerNotificationDeliveryTests {
    /// A loopback HTTP server that answers 500 to the first `failures` requests, then 200, and keeps
    /// each request's notificationType and subtype in arrival order.
    final class Receiver: @unchecked Sendable {
        let port: Int
        private let socket: Int32
        private let lock = NSLock()
        private var received: [String] = []
        private var receivedUUIDs: [String] = []
        private var failures: Int
        /// A server that takes each request and never answers (each connection held open until `stop`).
        private let silent: Bool
        private var held: [Int32] = []
        private var heardCount = 0

        init(failing failures: Int, silent: Bool = false) throws {
            self.failures = failures
            self.silent = silent
            let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var yes: Int32 = 1
            setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0, listen(socket, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
            }
            self.socket = socket
            port = Int(UInt16(bigEndian: address.sin_port))
            Thread.detachNewThread { [self] in serve() }
        }

        deinit { stop() }

        /// Stops listening (the accepting thread ends with the socket): its test calls this when it ends.
        func stop() {
            lock.withLock {
                guard !stopped else { return }
                stopped = true
                shutdown(socket, Int32(SHUT_RDWR))
                close(socket)
                held.forEach { close($0) }
            }
        }
        private var stopped = false

        var notifications: [String] { lock.withLock { received } }
        /// Requests a silent receiver took (and never answered).
        var heard: Int { lock.withLock { heardCount } }
        /// The notificationUUID of each notification taken, in arrival order.
        var uuids: [String] { lock.withLock { receivedUUIDs } }

        private func serve() {
            while true {
                let client = accept(socket, nil, nil)
                guard client >= 0 else { return }
                var request = Data()
                var buffer = [UInt8](repeating: 0, count: 65_536)
                // Read the head, then as many body bytes as Content-Length says.
                while true {
                    let count = read(client, &buffer, buffer.count)
                    guard count > 0 else { break }
                    request.append(contentsOf: buffer[0..<count])
                    let text = String(decoding: request, as: UTF8.self)
                    if let headEnd = text.range(of: "\r\n\r\n"),
                       let lengthLine = text[..<headEnd.lowerBound].split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
                       let length = Int(lengthLine.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)),
                       text.utf8.count - text.utf8.distance(from: text.utf8.startIndex, to: headEnd.upperBound) >= length {
                        break
                    }
                }
                if silent {
                    lock.withLock {
                        heardCount += 1
                        held.append(client)
                    }
                    continue
                }
                let text = String(decoding: request, as: UTF8.self)
                let fail = lock.withLock { () -> Bool in
                    if failures > 0 { failures -= 1; return true }
                    if let body = text.range(of: "\r\n\r\n").map({ String(text[$0.upperBound...]) }) {
                        received.append(Self.describe(body))
                        receivedUUIDs.append(Self.payload(body)?["notificationUUID"] as? String ?? "")
                    }
                    return false
                }
                let response = fail ? "HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                                    : "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                _ = response.withCString { write(client, $0, strlen($0)) }
                close(client)
            }
        }

        /// "TYPE SUBTYPE" of a `{"signedPayload": …}` body (the payload decoded, not verified: the
        /// verification is Apple's library's, in .ci/verify-signed).
        static func describe(_ body: String) -> String {
            guard let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String],
                  object["signedPayload"] != nil else { return "not a signedPayload: \(body.prefix(80))" }
            guard let payload = payload(body), let type = payload["notificationType"] as? String else { return "not a notification" }
            return type + ((payload["subtype"] as? String).map { " " + $0 } ?? "")
        }

        /// The decoded payload of a `{"signedPayload": …}` body.
        static func payload(_ body: String) -> [String: Any]? {
            guard let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String],
                  let jws = object["signedPayload"] else { return nil }
            let parts = jws.split(separator: ".")
            guard parts.count == 3 else { return nil }
            var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
            return Data(base64Encoded: base64).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        }
    }

    func runScript(_ lines: String) throws -> Storefront.Run {
        let folder = ScratchFolder.make("notify")
        let script = folder.appendingPathComponent("notify.script")
        try lines.write(to: script, atomically: true, encoding: .utf8)
        return try Storefront.run(["script", script.path],
                                  environment: ["LANG": "en_US.UTF-8", "XDG_STATE_HOME": folder.appendingPathComponent("state").path])
    }

    @Test("two devices of one ledger that notify one server send each notification once: the device that made it sends it, retries included")
    func twoDevicesSendOnce() throws {
        // The server refuses the iPhone's two notifications once; then it takes everything.
        let receiver = try Receiver(failing: 2)
        defer { receiver.stop() }
        let folder = ScratchFolder.make("notify-devices")
        let url = "http://127.0.0.1:\(receiver.port)/asn"
        func device(_ name: String, _ lines: String) throws -> Storefront.Run {
            let script = folder.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(6)).script")
            try ("launch --state family.sqlite --device \(name) --notify \(url) --notify-retries --now 2026-11-21T09:00:00Z\n" + lines)
                .write(to: script, atomically: true, encoding: .utf8)
            return try Storefront.run(["script", "--ledgers", folder.path, script.path],
                                      environment: ["LANG": "en_US.UTF-8", "XDG_STATE_HOME": folder.appendingPathComponent("state").path])
        }
        var run = try device("iPhone", "buy com.trailhead.maps.alps\nbuy com.trailhead.boost.small\nexpect \"Trail Boost\"\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(receiver.uuids.isEmpty, "both refused: each waits an hour for its retry")
        // The iPad takes in the account a day on: the iPhone's retries are due, but they are the iPhone's.
        run = try device("iPad", "advance 1d\nbuy com.trailhead.maps.rockies\nexpect \"Trail Boost\"\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(receiver.notifications == ["ONE_TIME_CHARGE"], "the iPad sent its own only")
        // The iPhone comes back and sends its two.
        run = try device("iPhone", "advance 1d\nexpect \"Trail Boost\"\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(receiver.uuids.count == 3)
        #expect(Set(receiver.uuids).count == receiver.uuids.count, "no notification sent twice")
        let json = try Storefront.run(["ledger", "--json", "--state", folder.appendingPathComponent("family.sqlite").path])
        #expect(json.stdout.components(separatedBy: #""delivery":"delivered""#).count - 1 == 3, "all three delivered: \(json.stdout)")
    }

    @Test("a receiver on loopback gets every notification in the order it happened, as a signedPayload")
    func inOrder() throws {
        let receiver = try Receiver(failing: 0)
        defer { receiver.stop() }
        let run = try runScript("""
            launch --now 2026-11-21T09:00:00Z --notify http://127.0.0.1:\(receiver.port)/asn
            buy com.trailhead.plus.basic.monthly
            advance next-renewal
            buy com.trailhead.maps.alps
            refund 3
            cancel trailhead.plus
            expect-notification REFUND
            """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(receiver.notifications == ["SUBSCRIBED INITIAL_BUY", "DID_RENEW", "ONE_TIME_CHARGE", "REFUND",
                                           "DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_DISABLED"])
    }

    @Test("with --notify-retries a receiver that failed twice still gets the notification, on production's schedule; the sandbox sends once")
    func retries() throws {
        let retrying = try Receiver(failing: 2)
        defer { retrying.stop() }
        let run = try runScript("""
            launch --now 2026-11-21T09:00:00Z --notify http://127.0.0.1:\(retrying.port)/ --notify-retries
            buy com.trailhead.maps.alps
            advance 1d
            advance 1d
            expect-notification ONE_TIME_CHARGE
            """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(retrying.notifications == ["ONE_TIME_CHARGE"])

        let once = try Receiver(failing: 1)

        defer { once.stop() }
        let sandbox = try runScript("""
            launch --now 2026-11-21T09:00:00Z --notify http://127.0.0.1:\(once.port)/
            buy com.trailhead.maps.alps
            advance 1d
            buy com.trailhead.maps.rockies
            expect-notification ONE_TIME_CHARGE
            """)
        #expect(sandbox.status == 0, "\(sandbox.stderr)")
        // The first was refused and never sent again; the second arrived.
        #expect(once.notifications == ["ONE_TIME_CHARGE"])
    }

    @Test("a silent receiver costs a script one --notify-timeout, not one per notification: the script goes on, each attempt ends failed once")
    func silentReceiverDoesNotHoldTheScript() throws {
        let silent = try Receiver(failing: 0, silent: true)
        defer { silent.stop() }
        let folder = ScratchFolder.make("notify-silent")
        let ledger = folder.appendingPathComponent("silent.sqlite").path
        let started = Date()
        let run = try runScript("""
            launch --now 2026-11-21T09:00:00Z --state \(ledger) --notify http://127.0.0.1:\(silent.port)/ --notify-timeout 1s
            buy com.trailhead.maps.alps
            buy com.trailhead.maps.rockies
            buy com.trailhead.boost.small
            buy com.trailhead.boost.small
            buy com.trailhead.boost.small
            buy com.trailhead.boost.small
            expect-notification ONE_TIME_CHARGE
            """)
        let elapsed = Date().timeIntervalSince(started)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(silent.heard == 6, "each notification was sent once")
        // Six attempts of a second each, waited for together at the script's end (a generous bound: the
        // rule is one timeout in all, not six).
        #expect(elapsed < 4.5, "took \(elapsed) s")
        let shown = try Storefront.run(["ledger", "--json", "--state", ledger])
        #expect(shown.stdout.components(separatedBy: #""delivery":"failed""#).count - 1 == 6, "\(shown.stdout)")
        #expect(!shown.stdout.contains(#""delivery":"sending""#))
    }

    @Test("--notify-timeout takes a duration from 1ms to 5m, and only with --notify")
    func timeoutChecked() throws {
        for (value, wanted) in [("0", "is not a duration"), ("6m", "is not a duration"), ("soon", "is not a duration")] {
            let run = try runScript("launch --notify http://127.0.0.1:9/ --notify-timeout \(value)\nexpect \"Store\"\n")
            #expect(run.status == 2)
            #expect(run.stderr.contains(wanted), "\(run.stderr)")
        }
        let alone = try runScript("launch --notify-timeout 2s\nexpect \"Store\"\n")
        #expect(alone.status == 2)
        #expect(alone.stderr.contains("--notify-timeout needs the server to send to"), "\(alone.stderr)")
    }

    @Test("an attempt cut by the app quitting is counted: the next launch does not POST it again as a first attempt (the sandbox sends once)")
    func cutAttemptNotSentAgain() throws {
        let silent = try Receiver(failing: 0, silent: true)
        defer { silent.stop() }
        let folder = ScratchFolder.make("notify-cut")
        let ledger = folder.appendingPathComponent("cut.sqlite").path
        let state = ["XDG_STATE_HOME": folder.appendingPathComponent("state").path]
        let first = try TmuxSession(arguments: ["--now", "2026-11-21T09:00:00Z", "--locale", "en_US", "--territory", "USA", "--state", ledger,
                                                "--notify", "http://127.0.0.1:\(silent.port)/"], environment: state)
        defer { first.close() }
        try first.waitFor("Maps that work without signal")
        first.send("s")
        try first.waitFor("Trail Boost")
        first.send("Tab", "b")
        try first.waitFor("[ Confirm ]")
        first.send("Tab", "Enter")
        try first.waitFor("You bought Alps Map Pack.")
        // Quit while the server has not answered (it never will).
        first.send("Enter", "q")
        try first.waitForExit()
        #expect(silent.heard == 1)

        let listening = try Receiver(failing: 0)
        defer { listening.stop() }
        let script = folder.appendingPathComponent("relaunch.script")
        try """
            launch --state \(ledger) --notify http://127.0.0.1:\(listening.port)/
            expect-notification ONE_TIME_CHARGE
            """.write(to: script, atomically: true, encoding: .utf8)
        let run = try Storefront.run(["script", script.path], environment: state.merging(["LANG": "en_US.UTF-8"]) { $1 })
        #expect(run.status == 0, "\(run.stderr)")
        #expect(listening.notifications.isEmpty, "the attempt was made: the sandbox does not send it again")
        let shown = try Storefront.run(["ledger", "--json", "--state", ledger])
        #expect(shown.stdout.contains(#""delivery":"failed""#), "\(shown.stdout)")
    }

    @Test("with --notify-retries, an attempt cut by the app dying is the first of production's schedule: the retry an hour on is the second")
    func cutAttemptRetried() throws {
        let silent = try Receiver(failing: 0, silent: true)
        defer { silent.stop() }
        let listening = try Receiver(failing: 0)
        defer { listening.stop() }
        let run = try runScript("""
            launch --now 2026-11-21T09:00:00Z --state cut.sqlite --notify http://127.0.0.1:\(silent.port)/ --notify-retries
            buy com.trailhead.maps.alps
            kill
            launch --state cut.sqlite --notify http://127.0.0.1:\(listening.port)/ --notify-retries
            press t tab tab tab
            expect "retry 2 due"
            advance 1d
            expect-notification ONE_TIME_CHARGE
            """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(listening.notifications == ["ONE_TIME_CHARGE"])
    }

    @Test("--notify refuses what is not an http:// or https:// URL, --notify-retries or --notify-ca alone, and --notify-ca for http, before anything runs")
    func refusedURL() throws {
        let bad = try runScript("launch --notify ftp://example.com/asn\nexpect \"Store\"\n")
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("only http:// and https:// URLs"))
        let alone = try runScript("launch --notify-retries\nexpect \"Store\"\n")
        #expect(alone.status != 0)
        #expect(alone.stderr.contains("--notify-retries needs the server to send to"))
        let caAlone = try runScript("launch --notify-ca /nonexistent.pem\nexpect \"Store\"\n")
        #expect(caAlone.status != 0 && caAlone.stderr.contains("--notify-ca needs the server to send to"))
        let caForHTTP = try runScript("launch --notify http://127.0.0.1:9/ --notify-ca /nonexistent.pem\nexpect \"Store\"\n")
        #expect(caForHTTP.status != 0 && caForHTTP.stderr.contains("--notify-ca is for an https:// server"))
        let unreadable = try runScript("launch --notify https://localhost:9/ --notify-ca /nonexistent.pem\nexpect \"Store\"\n")
        #expect(unreadable.status != 0 && unreadable.stderr.contains("not a readable PEM file"))
    }
}

extension ServerNotificationDeliveryTests {
    /// An https receiver on loopback (Python's http.server behind its ssl module) with a self-signed
    /// certificate for localhost and 127.0.0.1, made here; it keeps each notification's type in order.
    final class TLSReceiver: @unchecked Sendable {
        let port: Int
        let certificatePath: String
        let process = Process()
        private let output = Pipe()
        private let lock = NSLock()
        private var lines: [String] = []
        private var pending = ""

        private let folder: URL

        init() throws {
            let folder = ScratchFolder.make("tls-receiver")
            self.folder = folder
            let key = P256.Signing.PrivateKey()
            let name = try DistinguishedName { CommonName("localhost") }
            let now = Date()
            let certificate = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey),
                notValidBefore: now - 3_600, notValidAfter: now + 86_400, issuer: name, subject: name,
                signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                    SubjectAlternativeNames([.dnsName("localhost"), .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))])
                },
                issuerPrivateKey: .init(key))
            certificatePath = folder.appendingPathComponent("receiver.pem").path
            let keyPath = folder.appendingPathComponent("receiver-key.pem").path
            try certificate.serializeAsPEM().pemString.write(toFile: certificatePath, atomically: true, encoding: .utf8)
            try key.pemRepresentation.write(toFile: keyPath, atomically: true, encoding: .utf8)
            let server = """
                import http.server, ssl, sys
                class Handler(http.server.BaseHTTPRequestHandler):
                    def do_POST(self):
                        body = self.rfile.read(int(self.headers["Content-Length"]))
                        print(body.decode(), flush=True)
                        self.send_response(200)
                        self.send_header("Content-Length", "0")
                        self.end_headers()
                    def log_message(self, *args):
                        pass
                server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
                context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
                context.load_cert_chain(sys.argv[1], sys.argv[2])
                server.socket = context.wrap_socket(server.socket, server_side=True)
                print(server.server_address[1], flush=True)
                server.serve_forever()
                """
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", server, certificatePath, keyPath]
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            ChildProcesses.register(process.processIdentifier)
            var first = Data()
            while !first.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { throw POSIXError(.EPIPE) }
                first.append(chunk)
            }
            let text = String(decoding: first, as: UTF8.self)
            guard let port = Int(text.prefix { $0 != "\n" }) else { throw POSIXError(.EPROTO) }
            self.port = port
            pending = String(text.drop { $0 != "\n" }.dropFirst())
            output.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let data = handle.availableData
                guard let self, !data.isEmpty else { return }
                // A line (one request's body) may come in several reads: only whole lines are kept.
                self.lock.withLock {
                    self.pending += String(decoding: data, as: UTF8.self)
                    while let end = self.pending.firstIndex(of: "\n") {
                        self.lines.append(String(self.pending[..<end]))
                        self.pending = String(self.pending[self.pending.index(after: end)...])
                    }
                }
            }
        }

        /// Stops the server and removes its files: its test calls this when it ends (`defer`).
        func stop() {
            output.fileHandleForReading.readabilityHandler = nil
            // SIGKILL: a child may inherit a signal mask that blocks SIGTERM from the thread that
            // started it (these receivers once outlived every run for that reason).
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            ChildProcesses.unregister(process.processIdentifier)
            try? FileManager.default.removeItem(at: folder)
        }

        var notifications: [String] { lock.withLock { lines.map(Receiver.describe) } }
    }

    @Test("an https receiver whose certificate --notify-ca trusts gets the notifications, by name and by address")
    func httpsDelivery() throws {
        let receiver = try TLSReceiver()
        defer { receiver.stop() }
        for host in ["localhost", "127.0.0.1"] {
            let run = try runScript("""
                launch --now 2026-11-21T09:00:00Z --notify https://\(host):\(receiver.port)/asn --notify-ca \(receiver.certificatePath)
                buy com.trailhead.maps.alps
                expect-notification ONE_TIME_CHARGE
                """)
            #expect(run.status == 0, "\(run.stderr)")
        }
        #expect(receiver.notifications == ["ONE_TIME_CHARGE", "ONE_TIME_CHARGE"])
    }

    @Test("an https server whose certificate is not trusted gets nothing: the certificate is checked, and the delivery shows failed")
    func httpsUntrusted() throws {
        let receiver = try TLSReceiver()
        defer { receiver.stop() }
        let run = try runScript("""
            launch --now 2026-11-21T09:00:00Z --notify https://localhost:\(receiver.port)/asn
            buy com.trailhead.maps.alps
            press t tab tab tab
            expect /ONE_TIME_CHARGE .*failed/
            """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(receiver.notifications.isEmpty)
    }
}
