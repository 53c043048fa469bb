import ArgumentParser
import CatalogFormats
import Foundation
import StoreModel
import StoreUI

/// `swift run -c release storefront-bench`: storefront's performance in one table of medians.
///
/// Generates catalogs of the sample's shape (12, 1,000 and 100,000 products) and ledgers (10 and
/// 10,000 transactions), then measures in process (catalog load, update + view per key, renewals) and
/// end to end through a real pseudo-terminal with the built binary (first frame, bytes and time per key,
/// peak memory, lint, scripts with --state). Then the targets of docs/performance.md (issue 33), each
/// with its figure or ratio and PASS or FAIL; ratios come from programs measured side by side, in turn,
/// in this one run, so a loaded machine slows both sides alike. Not a test: it reports on this machine.
@main
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storefront-bench",
        abstract: "Measure storefront at scale and print one table of medians."
    )

    @Option(help: "The storefront binary to run end to end. Default: beside this one.")
    var binary: String?

    @Option(help: "The bare C ncurses list to compare with (list-comparator). Default: beside this one.")
    var comparator: String?

    @Option(help: "The Swift floor the first frame is measured against (swift-list-floor). Default: beside this one.")
    var floor: String?

    @Option(help: "Catalog sizes, in products, comma-separated.")
    var sizes: String = "12,1000,100000"

    @Option(help: "Ledger sizes, in transactions, comma-separated.")
    var ledgers: String = "10,10000"

    @Option(help: "Purchases in the two --state script runs, comma-separated.")
    var scripts: String = "500,5000"

    @Option(help: "Repetitions for each median.")
    var repeats: Int = 5

    @Flag(help: "Skip the slow end-to-end runs (scripts, lint of the largest catalog).")
    var quick = false

    @Option(name: .customLong("ssh-sessions"), help: "Instead of the table: storefront serve with this many concurrent OpenSSH sessions on loopback, comma-separated (50,100,200); key→frame latency percentiles and memory per session.")
    var sshSessions: String?

    @Flag(inversion: .prefixedNo, help: "Number every copy's descriptions as well as its names, so no two descriptions are equal (memory without shared texts; the memory target is set for this).")
    var distinctDescriptions = true

    @Option(help: "Keep the generated catalogs in this folder (catalog-N.json), for profiling.")
    var keep: String?

    func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let storefront = binary ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("storefront").path
        guard FileManager.default.isExecutableFile(atPath: storefront) else {
            throw ValidationError("no storefront binary at \(storefront); build it first (swift build -c release) or pass --binary")
        }
        if let sshSessions {
            let counts = sshSessions.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
            guard !counts.isEmpty, counts.allSatisfy({ $0 <= 500 }) else {
                throw ValidationError("--ssh-sessions takes session counts from 1 to 500, like 50,100,200")
            }
            print(try SSHBench(storefront: storefront, folder: folder).run(counts: counts))
            return
        }
        let baseline = comparator ?? URL(fileURLWithPath: storefront).deletingLastPathComponent()
            .appendingPathComponent("list-comparator").path
        guard FileManager.default.isExecutableFile(atPath: baseline) else {
            throw ValidationError("no list-comparator binary at \(baseline); build it first (swift build -c release) or pass --comparator")
        }
        let swiftFloor = floor ?? URL(fileURLWithPath: storefront).deletingLastPathComponent()
            .appendingPathComponent("swift-list-floor").path
        guard FileManager.default.isExecutableFile(atPath: swiftFloor) else {
            throw ValidationError("no swift-list-floor binary at \(swiftFloor); build it first (scripts/build-release swift-list-floor) or pass --floor")
        }
        var targets = Targets()
        let sample = try Data(contentsOf: Self.sampleURL)
        let start = try Date("2026-11-21T09:00:00Z", strategy: .iso8601)
        var table = Table()

        for size in sizes.split(separator: ",").compactMap({ Int($0) }) {
            let json = try Generate.catalogJSON(sample: sample, products: size, distinctDescriptions: distinctDescriptions)
            let file = folder.appendingPathComponent("catalog-\(size).json")
            if let keep {
                try json.write(to: URL(fileURLWithPath: keep).appendingPathComponent("catalog-\(size).json"))
            }
            try json.write(to: file)
            let label = "\(size.formatted()) products"
            let megabytes = Double(json.count) / 1_048_576

            let loads = try (0..<repeats).map { _ in try measure { _ = try CatalogLoader.load(json) } }
            table.add("catalog load (in process)", label, time: median(loads), note: String(format: "%.1f MB of JSON", megabytes))
            let catalog = try CatalogLoader.load(json)

            for ledger in ledgers.split(separator: ",").compactMap({ Int($0) }) {
                let store = Generate.store(catalog: catalog, transactions: ledger, start: start)
                var state = AppState(store: store, locale: Locale(identifier: "en_US"), size: Size(columns: 80, rows: 24))
                _ = state.view()
                var times: [Duration] = []
                for index in 0..<200 {
                    let key: Key = index % 40 < 20 ? .down : .up
                    times.append(measure { _ = state.update(.key(key)); _ = state.view() })
                }
                table.add("key: update + view (in process)", "\(label), \(ledger.formatted()) transactions", time: median(times))
                targets.atMost("key, update + view, median (in process)", "\(label), \(ledger.formatted()) transactions",
                               median(times), limit: .milliseconds(1))
            }

            if !quick || size <= 1_000 {
                let arguments = ["--catalog", file.path, "--now", "2026-11-21T09:00:00Z", "--locale", "en_US"]
                let run = try endToEnd(storefront, arguments: arguments, label: label, into: &table)
                targets.atMost("key, end to end, median", label, run.key, limit: .milliseconds(1))
                targets.atMost("key, end to end, bytes", label, bytes: run.keyBytes, limit: 200)
                if size >= 100_000 {
                    targets.atMost("peak memory\(distinctDescriptions ? ", distinct descriptions" : "")", label, bytes: run.peak,
                                   limit: 150 * 1_048_576)
                }
                if size == 12 {
                    // The same kind of screen from a bare C ncurses program and from the Swift floor.
                    _ = try endToEnd(baseline, arguments: [], label: "bare C ncurses list (20 rows)", into: &table)
                    _ = try endToEnd(swiftFloor, arguments: [], label: "Swift floor (swift-list-floor)", into: &table)
                    // The ratio: the three first frames measured in turn, so load falls on each alike.
                    let sides = try firstFramesSideBySide([("storefront", storefront, arguments), ("Swift floor", swiftFloor, []),
                                                           ("bare C", baseline, [])])
                    table.add("first frame, side by side (80x24)", "sample: storefront · Swift floor · bare C",
                              time: sides[0], note: "\(Table.format(sides[1])) · \(Table.format(sides[2]))")
                    targets.ratio("first frame with the sample ÷ Swift floor", sides[0], over: sides[1], limit: 1.5,
                                  note: "\(Table.format(sides[0])) ÷ \(Table.format(sides[1])); bare C \(Table.format(sides[2]))")
                }
                if size >= 100_000 || size == 12 {
                    let lints = try (0..<max(1, repeats / 2)).map { _ in try measureProcess(storefront, ["lint", file.path]) }
                    table.add("lint (end to end)", label, time: median(lints.map(\.wall)), note: "CPU \(Table.format(median(lints.map(\.cpu))))")
                    if size >= 100_000 {
                        targets.atMost("lint, CPU time", label, median(lints.map(\.cpu)), limit: .seconds(1))
                    }
                }
            }
        }

        // Renewals: a monthly subscription moved through 10,000 renewal periods.
        let catalog = try CatalogLoader.load(sample)
        var store = AppStore(catalog: catalog, territory: catalog.territory("USA")!, now: start)
        let monthly = catalog.products.first { $0.subscription?.period.unit == .month && $0.subscription?.period.value == 1 }!
        store.purchase(monthly.id)
        let target = Calendar(identifier: .gregorian).date(byAdding: .month, value: 10_000, to: start)!
        let renewalTime = measure { store.advance(to: target) }
        table.add("advance through 10,000 renewals (in process)", "sample", time: renewalTime,
                  note: "\(store.transactions.count.formatted()) transactions after")

        if !quick {
            // Each size `repeats` times, the sizes taken in turn so a machine's load falls on each alike,
            // each run on a new ledger; medians. One run each swung the ratio by 30% (disk flushes).
            let counts = scripts.split(separator: ",").compactMap { Int($0) }
            var times = Array(repeating: [(wall: Duration, cpu: Duration)](), count: counts.count)
            for _ in 0..<repeats {
                for (position, count) in counts.enumerated() {
                    times[position].append(try scriptRun(storefront, purchases: count, folder: folder))
                }
            }
            var runs: [(count: Int, wall: Duration, cpu: Duration)] = []
            for (count, time) in zip(counts, times) {
                runs.append((count, median(time.map(\.wall)), median(time.map(\.cpu))))
                table.add("script of N purchases with --state (end to end)", "\(count.formatted()) purchases", time: runs.last!.wall,
                          note: "CPU \(Table.format(runs.last!.cpu))")
            }
            if runs.count == 2, runs[1].count == runs[0].count * 10 {
                targets.ratio("script with --state, \(runs[1].count.formatted()) ÷ \(runs[0].count.formatted()) purchases, wall",
                              runs[1].wall, over: runs[0].wall, limit: 10, note: "CPU \(Table.format(runs[1].cpu)) ÷ \(Table.format(runs[0].cpu))")
            }
        }

        print(table.render(machine: Self.machine))
        print("")
        print(targets.render(load: Self.loadAverage))
    }

    /// First frame, keys, and peak memory through a real pseudo-terminal at 80×24. The program must
    /// show a "Trail Boost" row and move its selection with j and k.
    func endToEnd(_ program: String, arguments: [String], label: String, into table: inout Table) throws
        -> (key: Duration, keyBytes: Int, peak: Int) {
        var firsts: [Duration] = []
        var keyTimes: [Duration] = []
        var keyBytes: [Int] = []
        var peak = 0
        for _ in 0..<repeats {
            let clock = ContinuousClock()
            let began = clock.now
            let terminal = try PseudoTerminal(
                binary: program,
                arguments: arguments,
                columns: 80, rows: 24,
                environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
            let row = Array("Trail Boost".utf8)
            guard terminal.read(until: { $0.contains(subsequence: row) }, timeout: .seconds(60)) else {
                throw BenchError("no product row on the screen within 60 s (\(label))")
            }
            firsts.append(clock.now - began)
            _ = terminal.key([], quiet: .milliseconds(100))
            for index in 0..<30 {
                let (bytes, time) = terminal.key(index % 10 < 5 ? [UInt8(ascii: "j")] : [UInt8(ascii: "k")])
                keyBytes.append(bytes)
                keyTimes.append(time)
            }
            peak = max(peak, terminal.peakMemory ?? 0)
        }
        table.add("first frame (end to end, 80x24)", label, time: median(firsts))
        table.add("key: move selection (end to end)", label, time: median(keyTimes),
                  note: "\(median(keyBytes)) B per key")
        table.add("peak memory (VmHWM)", label, bytes: peak)
        return (median(keyTimes), median(keyBytes), peak)
    }

    /// The time to each program's first frame, the programs started one after another in turn
    /// (`repeats` × 2 rounds), so a machine's load falls on each alike; medians, in the programs' order.
    func firstFramesSideBySide(_ programs: [(label: String, path: String, arguments: [String])]) throws -> [Duration] {
        var times = [[Duration]](repeating: [], count: programs.count)
        let row = Array("Trail Boost".utf8)
        for _ in 0..<(repeats * 2) {
            for (index, program) in programs.enumerated() {
                let clock = ContinuousClock()
                let began = clock.now
                let terminal = try PseudoTerminal(binary: program.path, arguments: program.arguments, columns: 80, rows: 24,
                                                  environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
                guard terminal.read(until: { $0.contains(subsequence: row) }, timeout: .seconds(60)) else {
                    throw BenchError("no product row on the screen within 60 s (\(program.label))")
                }
                times[index].append(clock.now - began)
            }
        }
        return times.map(median)
    }

    /// `storefront script` with --state, `count` purchases of a consumable.
    func scriptRun(_ storefront: String, purchases count: Int, folder: URL) throws -> (wall: Duration, cpu: Duration) {
        let ledger = folder.appendingPathComponent("ledger-\(count).sqlite").path
        // A new ledger each run: an existing one would be continued, not started.
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(ledger + suffix) }
        var lines = ["launch --now 2026-11-21T09:00:00Z --state \(ledger)"]
        for _ in 0..<count {
            lines += ["press b tab enter", "expect \"You bought Trail Boost.\"", "press enter"]
        }
        let script = folder.appendingPathComponent("purchases-\(count).script")
        try lines.joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
        return try measureProcess(storefront, ["script", script.path])
    }

    /// Runs a program to its end, output to /dev/null, and times it from spawn to exit, with the CPU
    /// time (user + system) it used. posix_spawn and wait4, not Foundation's Process, whose own start-up
    /// and polling added ~50–90 ms here.
    func measureProcess(_ binary: String, _ arguments: [String]) throws -> (wall: Duration, cpu: Duration) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let clock = ContinuousClock()
        let began = clock.now
        var child: pid_t = 0
        let spawned = posix_spawn(&child, binary, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchError("cannot start \(binary): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(child, &status, 0, &usage) < 0 && errno == EINTR {}
        let time = clock.now - began
        guard status == 0 else {
            throw BenchError("storefront \(arguments.joined(separator: " ")) exited with wait status \(status)")
        }
        func duration(_ value: timeval) -> Duration { .seconds(value.tv_sec) + .microseconds(value.tv_usec) }
        return (time, duration(usage.ru_utime) + duration(usage.ru_stime))
    }

    /// /proc/loadavg's three load averages, as docs/performance.md states them beside a run.
    static var loadAverage: String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    static var sampleURL: URL {
        let local = URL(fileURLWithPath: "SampleCatalog.json")
        if FileManager.default.fileExists(atPath: local.path) { return local }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("SampleCatalog.json")
    }

    static var machine: String {
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
        return "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(cpu)"
    }
}

func measure(_ work: () throws -> Void) rethrows -> Duration {
    let clock = ContinuousClock()
    let began = clock.now
    try work()
    return clock.now - began
}

func median<T: Comparable>(_ values: [T]) -> T {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

extension Array where Element == UInt8 {
    func contains(subsequence: [UInt8]) -> Bool {
        guard !subsequence.isEmpty, count >= subsequence.count else { return false }
        for start in 0...(count - subsequence.count) where self[start] == subsequence[0] {
            if self[start..<(start + subsequence.count)].elementsEqual(subsequence) { return true }
        }
        return false
    }
}

/// The targets in docs/performance.md: each figure or ratio with its limit, PASS or FAIL.
struct Targets {
    private var rows: [(what: String, measured: String, limit: String, pass: Bool)] = []

    mutating func atMost(_ what: String, _ size: String, _ value: Duration, limit: Duration) {
        rows.append(("\(what) (\(size))", Table.format(value), "≤ \(Table.format(limit))", value <= limit))
    }

    mutating func atMost(_ what: String, _ size: String, bytes: Int, limit: Int) {
        let format = { (bytes: Int) in bytes >= 1_048_576 ? String(format: "%.1f MB", Double(bytes) / 1_048_576) : "\(bytes) B" }
        rows.append(("\(what) (\(size))", format(bytes), "≤ \(format(limit))", bytes <= limit))
    }

    mutating func ratio(_ what: String, _ value: Duration, over base: Duration, limit: Double, note: String) {
        let ratio = value / base
        rows.append(("\(what): \(note)", String(format: "%.2f×", ratio), String(format: "≤ %.1f×", limit), ratio <= limit))
    }

    func render(load: String) -> String {
        var lines = ["| target | measured | limit | |", "|---|---|---|---|"]
        for row in rows { lines.append("| \(row.what) | \(row.measured) | \(row.limit) | \(row.pass ? "PASS" : "FAIL") |") }
        lines.append("")
        lines.append("Load average at the end of the run: \(load). \(rows.filter(\.pass).count) of \(rows.count) targets met.")
        return lines.joined(separator: "\n")
    }
}

/// The benchmark's one table: what, at which size, the median.
struct Table {
    private var rows: [(what: String, size: String, value: String, note: String)] = []

    mutating func add(_ what: String, _ size: String, time: Duration, note: String = "") {
        rows.append((what, size, Self.format(time), note))
    }

    mutating func add(_ what: String, _ size: String, bytes: Int) {
        rows.append((what, size, String(format: "%.1f MB", Double(bytes) / 1_048_576), ""))
    }

    static func format(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        if seconds >= 1 { return String(format: "%.2f s", seconds) }
        if seconds >= 0.001 { return String(format: "%.1f ms", seconds * 1_000) }
        return String(format: "%.0f µs", seconds * 1_000_000)
    }

    func render(machine: String) -> String {
        var lines = ["| measure | size | median | note |", "|---|---|---|---|"]
        for row in rows { lines.append("| \(row.what) | \(row.size) | \(row.value) | \(row.note) |") }
        lines.append("")
        lines.append("Machine: \(machine). Medians of the repetitions; keys alternate j/k at 80x24.")
        return lines.joined(separator: "\n")
    }
}
