import Foundation
import NIOCore
import NIOEmbedded
import Testing
@testable import Serve

/// serve's limits under a crowd, without a network: per-address connection rules, window sizes, the ledger cap.
@Suite("serve crowd rules")
struct CrowdRulesTests {
    @Test("one address may hold only so many connections without a session; other addresses are not affected")
    func startupsPerAddress() {
        let registry = Registry(maxSessions: 3, maxStartupsPerAddress: 4, maxPerMinute: 1000)
        for id in 1...4 { #expect(registry.addConnection(id, EmbeddedChannel(), address: "10.0.0.1") == .admitted) }
        #expect(registry.addConnection(5, EmbeddedChannel(), address: "10.0.0.1") == .tooManyStartups)
        #expect(registry.addConnection(6, EmbeddedChannel(), address: "10.0.0.2") == .admitted)
        // A connection that starts a session, or closes, makes room for its address.
        registry.connectionStartedSession(1)
        #expect(registry.addConnection(7, EmbeddedChannel(), address: "10.0.0.1") == .admitted)
        registry.removeConnection(2)
        #expect(registry.startups(from: "10.0.0.1") == 3)
        #expect(registry.addConnection(8, EmbeddedChannel(), address: "10.0.0.1") == .admitted)
    }

    @Test("connections that end without a session count against their address (30 a minute); a minute later it may connect again; guests' sessions never count")
    func failuresPerAddress() {
        let registry = Registry(maxSessions: 3, maxStartupsPerAddress: 100, maxPerMinute: 3)
        let start = NIODeadline.now()
        for id in 1...3 {
            #expect(registry.addConnection(id, EmbeddedChannel(), address: "::1", now: start + .seconds(Int64(id))) == .admitted)
            registry.removeConnection(id, ending: .noAuthentication, now: start + .seconds(Int64(id)))
        }
        #expect(registry.addConnection(4, EmbeddedChannel(), address: "::1", now: start + .seconds(10)) == .tooFast)
        #expect(registry.addConnection(5, EmbeddedChannel(), address: "::2", now: start + .seconds(10)) == .admitted)
        // 60 s after the failures at 1, 2 and 3 s, the minute holds none of them.
        #expect(registry.addConnection(7, EmbeddedChannel(), address: "::1", now: start + .seconds(64)) == .admitted)
    }

    @Test("a room behind one NAT: 40 guests from one address within a minute all get in, each starting a session")
    func roomBehindOneAddress() {
        let registry = Registry(maxSessions: 50)
        let start = NIODeadline.now()
        var admitted = 0
        for id in 1...40 {
            let now = start + .milliseconds(Int64(id) * 1_400)
            if registry.addConnection(id, EmbeddedChannel(), address: "203.0.113.7", now: now) == .admitted { admitted += 1 }
            registry.connectionStartedSession(id)
            // Some leave again within the minute, as guests do.
            if id % 3 == 0 { registry.removeConnection(id, ending: .guest, now: now + .seconds(1)) }
        }
        #expect(admitted == 40)
    }

    @Test("random early drop (MaxStartups 10:30:100): below 10 connections without a session every newcomer gets in; past it each is dropped with a chance from 30% rising to every one at 100")
    func randomEarlyDrop() {
        // A die that always shows 0.5: a newcomer is dropped once the chance passes one half,
        // 0.3 + 0.7 × (S − 10) / 90 > 0.5, that is from 36 connections without a session.
        let registry = Registry(maxSessions: 3, maxStartupsPerAddress: 10, maxPerMinute: 1000, random: { 0.5 })
        var outcomes: [Registry.ConnectionAdmission] = []
        for id in 1...40 { outcomes.append(registry.addConnection(id, EmbeddedChannel(), address: "10.0.\(id / 250).\(id % 250)")) }
        #expect(outcomes.prefix(36).allSatisfy { $0 == .admitted })
        #expect(outcomes.dropFirst(36).allSatisfy { $0 == .busy(startups: 36) })
        // Sessions started leave the crowd: newcomers get in again.
        for id in 1...30 { registry.connectionStartedSession(id) }
        #expect(registry.addConnection(41, EmbeddedChannel(), address: "10.1.0.1") == .admitted)
        #expect(!registry.isCrowded)

        let certain = Registry(maxSessions: 3, maxStartupsPerAddress: 10, maxPerMinute: 1000, random: { 0 })
        for id in 1...10 { #expect(certain.addConnection(id, EmbeddedChannel(), address: "10.2.0.\(id)") == .admitted) }
        #expect(certain.isCrowded)
        #expect(certain.addConnection(11, EmbeddedChannel(), address: "10.2.0.11") == .busy(startups: 10), "past start, 30% are dropped: a die at 0 drops")

        let lucky = Registry(maxSessions: 3, maxStartupsPerAddress: 10, maxPerMinute: 1000, random: { 0.999 })
        for id in 1...100 { #expect(lucky.addConnection(id, EmbeddedChannel(), address: "10.3.\(id / 250).\(id % 250)") == .admitted) }
        #expect(lucky.addConnection(101, EmbeddedChannel(), address: "10.4.0.1") == .busy(startups: 100), "at full, every newcomer is dropped")
    }

    @Test("per-source penalties (OpenSSH's defaults): an address whose connections end without a session is refused once they add up to 15 s, for as long as they amount to; they run down a second a second")
    func penalties() {
        let registry = Registry(maxSessions: 3, maxStartupsPerAddress: 10, maxPerMinute: 1000)
        let start = NIODeadline.now()
        func connect(_ id: Int, at seconds: Double) -> Registry.ConnectionAdmission {
            registry.addConnection(id, EmbeddedChannel(), address: "198.51.100.9", now: start + .milliseconds(Int64(seconds * 1000)))
        }
        #expect(connect(1, at: 0) == .admitted)
        registry.removeConnection(1, ending: .graceExceeded, now: start)
        #expect(connect(2, at: 1) == .admitted, "10 s of penalty is under the 15 s minimum")
        registry.removeConnection(2, ending: .graceExceeded, now: start + .seconds(1))
        // 9 left + 10 = 19 s from 1 s: refused until 20 s.
        #expect(connect(3, at: 2) == .penalized(seconds: 18))
        #expect(registry.addConnection(4, EmbeddedChannel(), address: "198.51.100.10", now: start + .seconds(2)) == .admitted, "another address is not affected")
        #expect(connect(5, at: 21) == .admitted)
        // A guest's connection adds nothing, however it ends.
        registry.removeConnection(5, ending: .guest, now: start + .seconds(22))
        #expect(connect(6, at: 22) == .admitted)
        // Failed authentications (5 s each): three at once reach the minimum.
        let other = Registry(maxSessions: 3, maxStartupsPerAddress: 10, maxPerMinute: 1000)
        for id in 1...3 {
            #expect(other.addConnection(id, EmbeddedChannel(), address: "192.0.2.1", now: start) == .admitted)
            other.removeConnection(id, ending: .authenticationFailed, now: start)
        }
        #expect(other.addConnection(4, EmbeddedChannel(), address: "192.0.2.1", now: start) == .penalized(seconds: 15))
        // Off: never refused for it.
        var rules = CrowdRules()
        rules.penalties.enabled = false
        let off = Registry(maxSessions: 3, rules: rules)
        for id in 1...5 {
            #expect(off.addConnection(id, EmbeddedChannel(), address: "192.0.2.2", now: start) == .admitted)
            off.removeConnection(id, ending: .graceExceeded, now: start)
        }
    }

    @Test("--max-startups reads start:rate:full as OpenSSH does, or one number")
    func startupsParsed() {
        #expect(CrowdRules.Startups("10:30:100") == .openSSH)
        #expect(CrowdRules.Startups("50") == CrowdRules.Startups(start: 50, rate: 100, full: 50))
        for bad in ["", "10:30", "100:30:10", "10:130:100", "a:b:c", "0:30:100", "10:30:100:5"] { #expect(CrowdRules.Startups(bad) == nil, "\(bad)") }
    }

    @Test("the server keeps at most max-sessions + 100 connections, and none while stopping")
    func connectionCap() {
        let registry = Registry(maxSessions: 1, maxStartupsPerAddress: 1, maxPerMinute: 1000, random: { 0.999 })
        for id in 1...100 { #expect(registry.addConnection(id, EmbeddedChannel(), address: "10.1.\(id / 250).\(id % 250)") == .admitted) }
        // Sessions started make room among the startups, not among the connections open.
        for id in 1...100 { registry.connectionStartedSession(id) }
        #expect(registry.addConnection(101, EmbeddedChannel(), address: "10.2.0.1") == .admitted)
        #expect(registry.addConnection(102, EmbeddedChannel(), address: "10.2.0.2") == .tooManyOpen)
        _ = registry.beginShutdown()
        #expect(registry.addConnection(103, EmbeddedChannel(), address: "10.2.0.3") == .shuttingDown)
    }

    @Test("window sizes are clamped to 1000×500; 0 stays 0 (too small)")
    func windowSizes() {
        func clamped(_ columns: Int, _ rows: Int) -> String {
            let size = ServeConfiguration.clampedSize(columns: columns, rows: rows)
            return "\(size.columns)x\(size.rows)"
        }
        #expect(clamped(65535, 65535) == "1000x500")
        #expect(clamped(Int(UInt32.max), 4000) == "1000x500")
        #expect(clamped(0, 0) == "0x0")
        #expect(clamped(80, 24) == "80x24")
    }

    @Test("the ledger cap removes the ledger used longest ago that no session holds, with its companions")
    func ledgerCap() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledgers-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func path(_ name: String) -> String { (folder as NSString).appendingPathComponent("sha256-\(name).sqlite") }
        for (index, name) in ["a", "b", "c"].enumerated() {
            FileManager.default.createFile(atPath: path(name), contents: Data())
            FileManager.default.createFile(atPath: path(name) + "-wal", contents: Data())
            var times = [timespec(tv_sec: 1_000_000 + index, tv_nsec: 0), timespec(tv_sec: 1_000_000 + index, tv_nsec: 0)]
            utimensat(AT_FDCWD, path(name), &times, 0)
            utimensat(AT_FDCWD, path(name) + "-wal", &times, 0)
        }
        // "a" is the oldest but in use: "b" goes.
        #expect(LedgerFolder.makeRoom(folder: folder, for: path("d"), cap: 3, inUse: [path("a"), path("d")]) == .ready(removed: ["sha256-b.sqlite"]))
        #expect(!FileManager.default.fileExists(atPath: path("b")) && !FileManager.default.fileExists(atPath: path("b") + "-wal"))
        // An existing ledger needs no room.
        #expect(LedgerFolder.makeRoom(folder: folder, for: path("c"), cap: 2, inUse: [path("a"), path("c")]) == .ready(removed: []))
        // Everything else in use: full.
        #expect(LedgerFolder.makeRoom(folder: folder, for: path("e"), cap: 2, inUse: [path("a"), path("c"), path("e")]) == .full)
        #expect(FileManager.default.fileExists(atPath: path("a")) && FileManager.default.fileExists(atPath: path("c")))
    }
}
