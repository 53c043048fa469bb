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

    @Test("new connections per address per minute: refused attempts count; a minute later the address may connect again")
    func ratePerAddress() {
        let registry = Registry(maxSessions: 3, maxStartupsPerAddress: 100, maxPerMinute: 3)
        let start = NIODeadline.now()
        for id in 1...3 {
            #expect(registry.addConnection(id, EmbeddedChannel(), address: "::1", now: start + .seconds(Int64(id))) == .admitted)
            registry.removeConnection(id)
        }
        #expect(registry.addConnection(4, EmbeddedChannel(), address: "::1", now: start + .seconds(10)) == .tooFast)
        #expect(registry.addConnection(5, EmbeddedChannel(), address: "::2", now: start + .seconds(10)) == .admitted)
        #expect(registry.addConnection(6, EmbeddedChannel(), address: "::1", now: start + .seconds(50)) == .tooFast)
        // 60 s after the refused attempts at 10 s and 50 s, the minute holds none of them.
        #expect(registry.addConnection(7, EmbeddedChannel(), address: "::1", now: start + .seconds(111)) == .admitted)
    }

    @Test("the server keeps at most max-sessions + 64 connections, and none while stopping")
    func connectionCap() {
        let registry = Registry(maxSessions: 1, maxStartupsPerAddress: 1, maxPerMinute: 1000)
        for id in 1...65 { #expect(registry.addConnection(id, EmbeddedChannel(), address: "10.1.0.\(id)") == .admitted) }
        #expect(registry.addConnection(66, EmbeddedChannel(), address: "10.2.0.1") == .tooManyOpen)
        _ = registry.beginShutdown()
        #expect(registry.addConnection(67, EmbeddedChannel(), address: "10.2.0.2") == .shuttingDown)
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
