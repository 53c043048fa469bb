import Foundation
import Testing
import TestSupport

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
        private var failures: Int

        init(failing failures: Int) throws {
            self.failures = failures
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

        deinit { close(socket) }

        var notifications: [String] { lock.withLock { received } }

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
                let text = String(decoding: request, as: UTF8.self)
                let fail = lock.withLock { () -> Bool in
                    if failures > 0 { failures -= 1; return true }
                    if let body = text.range(of: "\r\n\r\n").map({ String(text[$0.upperBound...]) }) {
                        received.append(Self.describe(body))
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
                  let jws = object["signedPayload"] else { return "not a signedPayload: \(body.prefix(80))" }
            let parts = jws.split(separator: ".")
            guard parts.count == 3 else { return "not a JWS" }
            var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
            guard let data = Data(base64Encoded: base64),
                  let payload = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let type = payload["notificationType"] as? String else { return "not a notification" }
            return type + ((payload["subtype"] as? String).map { " " + $0 } ?? "")
        }
    }

    func runScript(_ lines: String) throws -> Storefront.Run {
        let folder = ScratchFolder.make("notify")
        let script = folder.appendingPathComponent("notify.script")
        try lines.write(to: script, atomically: true, encoding: .utf8)
        return try Storefront.run(["script", script.path],
                                  environment: ["LANG": "en_US.UTF-8", "XDG_STATE_HOME": folder.appendingPathComponent("state").path])
    }

    @Test("a receiver on loopback gets every notification in the order it happened, as a signedPayload")
    func inOrder() throws {
        let receiver = try Receiver(failing: 0)
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

    @Test("--notify refuses what is not an http:// URL, and --notify-retries alone, before anything runs")
    func refusedURL() throws {
        let bad = try runScript("launch --notify https://example.com/asn\nexpect \"Store\"\n")
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("only http:// URLs"))
        let alone = try runScript("launch --notify-retries\nexpect \"Store\"\n")
        #expect(alone.status != 0)
        #expect(alone.stderr.contains("--notify-retries needs the server to send to"))
    }
}
