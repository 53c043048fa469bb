import CatalogFormats
import Foundation
import Ledger
import StoreModel
import Testing
import TestSupport

/// Devices of one account started together on one `--state` ledger, each a `storefront script` process
/// of its own (issue 51): creating a new ledger and every device's first save happen under the lock,
/// a save that meets another device's is made again on the account as it is (never twice), and each
/// notification is made once.
@Suite("Devices racing on one ledger", .serialized)
struct DeviceRaceTests {
    static let boost = "com.trailhead.boost.small"

    /// A device's script: launched as `device` on `ledger`, then `purchases` purchases of a consumable,
    /// each with an appAccountToken of its own (returned, to find each purchase once in the ledger).
    static func script(device: String, ledger: String, purchases: Int, in folder: URL) throws -> (URL, [UUID]) {
        let tokens = (0..<purchases).map { _ in UUID() }
        var lines = "launch --state \(ledger) --device \"\(device)\" --now 2026-11-21T09:00:00Z\n"
        for token in tokens { lines += "buy \(boost) token \(token.uuidString.lowercased())\n" }
        lines += "expect \"Trail Boost\"\n"
        let file = folder.appendingPathComponent("\(device).script")
        try Data(lines.utf8).write(to: file)
        return (file, tokens)
    }

    /// Runs the scripts at once, each in a process of its own; their exit statuses and error output.
    static func together(_ scripts: [URL], timeout: TimeInterval = 60) throws -> [(status: Int32, stderr: String)] {
        let processes = try scripts.map { script -> (Process, URL) in
            let err = script.appendingPathExtension("err")
            FileManager.default.createFile(atPath: err.path, contents: nil)
            let process = Process()
            process.executableURL = Storefront.binary
            process.arguments = ["script", script.path]
            process.environment = ["LANG": "en_US.UTF-8", "PATH": "/usr/bin:/bin"]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: err)
            return (process, err)
        }
        for (process, _) in processes {
            try process.run()
            ChildProcesses.register(process.processIdentifier)
        }
        let deadline = Date().addingTimeInterval(timeout)
        for (process, _) in processes {
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            ChildProcesses.unregister(process.processIdentifier)
        }
        return processes.map { ($0.0.terminationStatus, (try? String(contentsOf: $0.1, encoding: .utf8)) ?? "") }
    }

    static let catalog = try! CatalogLoader.load(contentsOf: Storefront.sampleCatalog)

    /// The ledger as read back (SQLite's integrity check included: `Ledger.read` refuses a damaged file).
    static func account(_ ledger: String) throws -> AppStore {
        try #require(try Ledger.read(path: ledger, catalog: catalog, territory: catalog.territory("USA")!))
    }

    /// An existing account: a purchase from each of two devices the racing ones include (iPhone, A).
    static func existingLedger() throws -> (path: String, tokens: [UUID]) {
        let folder = ScratchFolder.make("race-existing")
        let ledger = folder.appendingPathComponent("family.sqlite").path
        var tokens: [UUID] = []
        for device in ["iPhone", "A"] {
            let (first, made) = try script(device: device, ledger: ledger, purchases: 1, in: folder)
            let runs = try together([first])
            try #require(runs[0].status == 0, "\(runs[0].stderr)")
            tokens += made
        }
        return (ledger, tokens)
    }

    /// `devices` scripts together on a new ledger or a copy of `existing`; every purchase is in the
    /// ledger once, with one notification, and every script passed.
    func race(devices: [String], existing: (path: String, tokens: [UUID])?, trial: Int) throws {
        let folder = ScratchFolder.make("race")
        defer { try? FileManager.default.removeItem(at: folder) }
        let ledger = folder.appendingPathComponent("family.sqlite").path
        var tokens: [UUID] = []
        if let existing {
            try FileManager.default.copyItem(atPath: existing.path, toPath: ledger)
            tokens = existing.tokens
        }
        var scripts: [URL] = []
        for device in devices {
            let (file, made) = try Self.script(device: device, ledger: ledger, purchases: 20, in: folder)
            scripts.append(file)
            tokens += made
        }
        let runs = try Self.together(scripts)
        for (device, run) in zip(devices, runs) {
            #expect(run.status == 0, "trial \(trial), \(devices.count) devices on a \(existing == nil ? "new" : "existing") ledger: \(device) exited \(run.status): \(run.stderr)")
        }
        let account = try Self.account(ledger)
        let bought = account.transactions.filter { $0.appAccountToken != nil }
        #expect(account.transactions.count == tokens.count, "trial \(trial): no row lost, none made twice")
        #expect(Set(bought.compactMap(\.appAccountToken)) == Set(tokens) && bought.count == tokens.count,
                "trial \(trial): each token once: \(bought.count) purchases for \(tokens.count) tokens")
        let notified = account.notifications.filter { $0.kind == .oneTimeCharge }.compactMap(\.transactionID)
        #expect(notified.sorted() == account.transactions.map(\.id).sorted(), "trial \(trial): one notification per transaction")
        #expect(Set(account.transactions.map(\.id)).count == account.transactions.count)
    }

    @Test("2 and 3 devices started together, known and new names, on a new and on an existing ledger, 10 times each (50 in the slow lane): no exit 2, no lost row, no token twice, one notification per transaction, integrity ok")
    func stress() throws {
        let existing = try Self.existingLedger()
        for trial in 1...SlowTests.trials(10, slowLane: 50) {
            // A new ledger: every name is new to it. An existing one knows iPhone and A.
            try race(devices: ["iPhone", "iPad"], existing: nil, trial: trial)
            try race(devices: ["iPhone", "iPad"], existing: existing, trial: trial)
            try race(devices: ["A", "B", "C"], existing: nil, trial: trial)
            try race(devices: ["A", "iPhone", "C"], existing: existing, trial: trial)
        }
    }

    @Test("devices started together on a ledger written before one runtime bring its schema up to date one at a time: none refused, every purchase kept")
    func migrationTogether() throws {
        let fixture = Storefront.repository.appendingPathComponent("Tests/Fixtures/ledgers/main-11d8dc3.sqlite").path
        for trial in 1...SlowTests.trials(5, slowLane: 20) {
            let folder = ScratchFolder.make("race-migrate")
            defer { try? FileManager.default.removeItem(at: folder) }
            let ledger = folder.appendingPathComponent("old.sqlite").path
            try FileManager.default.copyItem(atPath: fixture, toPath: ledger)
            let before = try Self.account(ledger).transactions.count
            var scripts: [URL] = []
            var tokens: [UUID] = []
            for device in ["iPad", "iPhone", "Mac"] {
                let (file, made) = try Self.script(device: device, ledger: ledger, purchases: 5, in: folder)
                scripts.append(file)
                tokens += made
            }
            for (device, run) in zip(["iPad", "iPhone", "Mac"], try Self.together(scripts)) {
                #expect(run.status == 0, "trial \(trial): \(device) exited \(run.status): \(run.stderr)")
            }
            let account = try Self.account(ledger)
            #expect(account.transactions.count == before + tokens.count, "trial \(trial)")
            #expect(Set(account.transactions.compactMap(\.appAccountToken)) == Set(tokens), "trial \(trial)")
        }
    }
}
