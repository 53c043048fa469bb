import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `storefront-bench --ssh-sessions 50,100,200`: `storefront serve --demo` on loopback with that many
/// real OpenSSH clients connected at once, each in a pseudo-terminal of its own at 80×24. Reports the
/// time from a key (j or k) written to the client's terminal to the end of the frame that answers it
/// (the output going quiet for 40 ms), as percentiles, one key at a time and all sessions at once; and
/// memory per session (PSS, so shared pages count once); and each session's time from starting its
/// client to its first full frame (the keys line, the last row written). Clients connect 10 at a time; everything
/// it starts is ended before it returns. The target (issue 33): every session at once, p99 ≤ 60 ms at
/// 200 sessions.
struct SSHBench {
    let storefront: String
    let folder: URL

    struct Round {
        var sessions: Int
        var connect: Duration
        var firstFrames: [Duration]
        var oneAtATime: [Duration]
        var allAtOnce: [Duration]
        var serverPSS: Int
        var programPSS: [Int]
        /// CPU time (user + system) the bursts took, by who spent it, over every key of them.
        var burstCPU: BurstCPU
    }

    /// Where the CPU of the every-session bursts went: the session programs (redraws), the server
    /// (SSH decryption of the keys, encryption of the frames, the relay), the OpenSSH clients, and
    /// this benchmark (writing keys, reading frames).
    struct BurstCPU {
        var programs: Duration = .zero
        /// The programs' system time alone (reading the key, writing the frame, polling).
        var programsSystem: Duration = .zero
        var server: Duration = .zero
        var clients: Duration = .zero
        var bench: Duration = .zero
        var keys = 0

        static func - (after: BurstCPU, before: BurstCPU) -> BurstCPU {
            BurstCPU(programs: after.programs - before.programs, programsSystem: after.programsSystem - before.programsSystem, server: after.server - before.server,
                     clients: after.clients - before.clients, bench: after.bench - before.bench)
        }
    }

    /// CPU time so far of each party, from /proc (clock ticks) and getrusage for this process.
    private static func cpu(server: pid_t, programs: [pid_t], clients: [pid_t]) -> BurstCPU {
        func sum(_ pids: [pid_t], systemOnly: Bool = false) -> Duration {
            pids.reduce(.zero) { $0 + (cpuTime($1, systemOnly: systemOnly) ?? .zero) }
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let bench = Duration.seconds(Int64(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec))
            + .microseconds(Int64(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec))
        return BurstCPU(programs: sum(programs), programsSystem: sum(programs, systemOnly: true), server: cpuTime(server) ?? .zero, clients: sum(clients), bench: bench)
    }

    /// utime + stime of a process (fields 14 and 15 of /proc/PID/stat, in clock ticks).
    static func cpuTime(_ pid: pid_t, systemOnly: Bool = false) -> Duration? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the name: state is field 3, so utime (14) and stime (15) are at 11 and 12 here.
        guard fields.count > 12, let user = Int64(fields[11]), let system = Int64(fields[12]) else { return nil }
        let ticks = Int64(sysconf(Int32(_SC_CLK_TCK)))
        return .microseconds(((systemOnly ? 0 : user) + system) * 1_000_000 / ticks)
    }

    func run(counts: [Int]) throws -> String {
        let server = try Server(storefront: storefront, folder: folder, maxSessions: counts.max() ?? 1)
        defer { server.stop() }
        var rounds: [Round] = []
        for count in counts {
            rounds.append(try round(count, server: server))
            // Every client gone, every program reaped, before the next size.
            let deadline = ContinuousClock.now + .seconds(60)
            while !server.programs().isEmpty && ContinuousClock.now < deadline { usleep(100_000) }
        }
        return render(rounds)
    }

    private func round(_ count: Int, server: Server) throws -> Round {
        let clock = ContinuousClock()
        let began = clock.now
        var clients: [PseudoTerminal] = []
        var firstFrames: [Duration] = []
        defer { clients.removeAll() }
        while clients.count < count {
            var started: [ContinuousClock.Instant] = []
            let batch = try (0..<min(10, count - clients.count)).map { _ in
                started.append(clock.now)
                return try PseudoTerminal(binary: "/usr/bin/ssh", arguments: server.clientArguments, columns: 80, rows: 24,
                                          environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin",
                                                        "HOME": folder.path])
            }
            // The batch read together, each frame timed when its last row arrives.
            var shown = [ContinuousClock.Instant?](repeating: nil, count: batch.count)
            let deadline = clock.now + .seconds(90)
            while shown.contains(where: { $0 == nil }) {
                guard clock.now < deadline else { throw BenchError("a session of \(count) showed no store within 90 s") }
                let waiting = batch.indices.filter { shown[$0] == nil }
                var descriptors = waiting.map { pollfd(fd: batch[$0].master, events: Int16(POLLIN), revents: 0) }
                guard poll(&descriptors, nfds_t(descriptors.count), 100) > 0 else { continue }
                for (slot, index) in waiting.enumerated() where descriptors[slot].revents & Int16(POLLIN) != 0 {
                    if batch[index].readAvailable(), Self.showsFullFrame(batch[index].received) { shown[index] = clock.now }
                }
            }
            for (index, client) in batch.enumerated() {
                firstFrames.append(shown[index]! - started[index])
                _ = client.key([], quiet: .milliseconds(50))
                clients.append(client)
            }
        }
        let connect = clock.now - began
        usleep(500_000)
        let programs = server.programs()
        let programPSS = programs.compactMap(Self.pss)
        let serverPSS = Self.pss(server.pid) ?? 0

        // One key at a time, round robin: what a guest feels while the others are connected and idle.
        var oneAtATime: [Duration] = []
        for index in 0..<(count * 3) {
            let key = (index / count) % 2 == 0 ? UInt8(ascii: "j") : UInt8(ascii: "k")
            let (bytes, time) = clients[index % count].key([key], quiet: .milliseconds(40), firstByte: .seconds(10))
            if bytes > 0 { oneAtATime.append(time) }
        }
        // Every guest presses a key at the same moment, three times.
        var allAtOnce: [Duration] = []
        let clientPIDs = clients.map(\.pid)
        let before = Self.cpu(server: server.pid, programs: programs, clients: clientPIDs)
        for burst in 0..<3 {
            allAtOnce += Self.burst(clients, key: burst % 2 == 0 ? UInt8(ascii: "j") : UInt8(ascii: "k"))
            usleep(200_000)
        }
        var burstCPU = Self.cpu(server: server.pid, programs: programs, clients: clientPIDs) - before
        burstCPU.keys = allAtOnce.count
        return Round(sessions: count, connect: connect, firstFrames: firstFrames, oneAtATime: oneAtATime, allAtOnce: allAtOnce,
                     serverPSS: serverPSS, programPSS: programPSS, burstCPU: burstCPU)
    }

    /// The store's first frame is whole once its first product row ("Trail Boost") and the keys line at
    /// the bottom ("quit", the last row written) have arrived.
    static func showsFullFrame(_ received: [UInt8]) -> Bool {
        received.contains(subsequence: Array("Trail Boost".utf8)) && received.contains(subsequence: Array("quit".utf8))
    }

    /// Writes the key to every client, then polls them all until each has answered and gone quiet
    /// for 40 ms (or 30 s pass); each one's time from its key to its last byte.
    private static func burst(_ clients: [PseudoTerminal], key: UInt8) -> [Duration] {
        let clock = ContinuousClock()
        var sent: [ContinuousClock.Instant] = []
        for client in clients {
            var byte = key
            sent.append(clock.now)
            _ = write(client.master, &byte, 1)
        }
        var last = [ContinuousClock.Instant?](repeating: nil, count: clients.count)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = clock.now + .seconds(30)
        while clock.now < deadline {
            let now = clock.now
            let waiting = clients.indices.filter { last[$0] == nil || now - last[$0]! < .milliseconds(40) }
            if waiting.isEmpty { break }
            var descriptors = waiting.map { pollfd(fd: clients[$0].master, events: Int16(POLLIN), revents: 0) }
            guard poll(&descriptors, nfds_t(descriptors.count), 10) > 0 else { continue }
            for (slot, index) in waiting.enumerated() where descriptors[slot].revents & Int16(POLLIN) != 0 {
                if read(clients[index].master, &buffer, buffer.count) > 0 { last[index] = clock.now }
            }
        }
        return clients.indices.compactMap { index in last[index].map { $0 - sent[index] } }
    }

    /// Proportional set size in bytes (shared pages divided among the processes that share them).
    static func pss(_ pid: pid_t) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("Pss:") {
            return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }

    private func render(_ rounds: [Round]) -> String {
        func ms(_ duration: Duration) -> String {
            let value = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
            return String(format: "%.1f ms", value)
        }
        func percentiles(_ values: [Duration]) -> String {
            guard !values.isEmpty else { return "none answered" }
            let sorted = values.sorted()
            func at(_ p: Double) -> Duration { sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)] }
            return "p50 \(ms(at(0.5))) · p90 \(ms(at(0.9))) · p99 \(ms(at(0.99))) · max \(ms(sorted.last!)) (\(values.count) keys)"
        }
        func mb(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
        func kb(_ bytes: Int) -> String { String(format: "%.0f KB", Double(bytes) / 1024) }
        var lines = ["storefront serve over SSH, loopback, 80x24, OpenSSH clients (\(Bench.machine))", ""]
        lines.append("| sessions | connect all, 10 at a time | client start→first full frame | key→frame, one key at a time | key→frame, every session at once | memory per session (PSS) |")
        lines.append("|---|---|---|---|---|---|")
        for round in rounds {
            let program = round.programPSS.isEmpty ? 0 : round.programPSS.reduce(0, +) / round.programPSS.count
            // The server's whole PSS spread over its sessions: an upper bound on what one costs it.
            let server = round.serverPSS / max(1, round.sessions)
            lines.append("| \(round.sessions) | \(ms(round.connect)) | \(percentiles(round.firstFrames).replacingOccurrences(of: "keys)", with: "sessions)")) | \(percentiles(round.oneAtATime)) | \(percentiles(round.allAtOnce)) "
                         + "| \(mb(program + server)): program \(mb(program)) + server \(kb(server)) (server \(mb(round.serverPSS)) in all) |")
        }
        lines.append("")
        lines.append("CPU of the every-session bursts, per key (user + system; /proc clock ticks, so coarse at few sessions):")
        lines.append("")
        lines.append("| sessions | session program (of it system) | server | OpenSSH client | benchmark | all |")
        lines.append("|---|---|---|---|---|---|")
        for round in rounds where round.burstCPU.keys > 0 {
            let cpu = round.burstCPU
            func perKey(_ time: Duration) -> String {
                let share = time / cpu.keys
                return String(format: "%.2f ms", Double(share.components.seconds) * 1000 + Double(share.components.attoseconds) / 1e15)
            }
            lines.append("| \(round.sessions) | \(perKey(cpu.programs)) (\(perKey(cpu.programsSystem))) | \(perKey(cpu.server)) | \(perKey(cpu.clients)) | \(perKey(cpu.bench)) "
                         + "| \(perKey(cpu.programs + cpu.server + cpu.clients + cpu.bench)) |")
        }
        if let crowd = rounds.first(where: { $0.sessions == 200 }), !crowd.allAtOnce.isEmpty {
            let sorted = crowd.allAtOnce.sorted()
            let p99 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
            let answered = crowd.allAtOnce.count == 600
            lines.append("")
            lines.append("| target | measured | limit | |")
            lines.append("|---|---|---|---|")
            lines.append("| every session pressing a key at once, 200 sessions, p99 | \(ms(p99)) (\(crowd.allAtOnce.count) of 600 keys answered) | ≤ 60 ms, all answered "
                         + "| \(p99 <= .milliseconds(60) && answered ? "PASS" : "FAIL") |")
            lines.append("")
            lines.append("Load average at the end of the run: \(Bench.loadAverage).")
        }
        return lines.joined(separator: "\n")
    }

    /// `storefront serve --demo` on a free loopback port, its own host key, no idle timeout.
    final class Server {
        let pid: pid_t
        let port: Int
        private let output: URL

        init(storefront: String, folder: URL, maxSessions: Int) throws {
            output = folder.appendingPathComponent("serve.out")
            let log = folder.appendingPathComponent("serve.log")
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            let arguments = ["serve", "--demo", "--listen", "127.0.0.1:0", "--host-key", folder.appendingPathComponent("host_key").path,
                             "--max-sessions", "\(maxSessions)", "--idle-timeout", "off",
                             // Every client comes from 127.0.0.1: lift the per-address limits meant for a
                             // hostile crowd, or the 31st connection of a minute is refused.
                             "--max-startups-per-address", "1000", "--max-connections-per-minute", "100000",
                             "--now", "2026-11-21T09:00:00Z", "--locale", "en_US", "--territory", "USA"]
            let argv = ([storefront] + arguments).map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            var child: pid_t = 0
            let spawned = posix_spawn(&child, storefront, &actions, nil, argv, environ)
            guard spawned == 0 else { throw BenchError("cannot start \(storefront) serve: \(String(cString: strerror(spawned)))") }
            pid = child
            let deadline = ContinuousClock.now + .seconds(30)
            var found: Int?
            while ContinuousClock.now < deadline {
                let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
                if let match = text.firstMatch(of: /listening on 127\.0\.0\.1:(\d+)/) { found = Int(match.1); break }
                usleep(50_000)
            }
            guard let found else {
                kill(child, SIGKILL)
                var status: Int32 = 0
                waitpid(child, &status, 0)
                throw BenchError("storefront serve did not start: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
            }
            port = found
        }

        var clientArguments: [String] {
            ["-tt", "-F", "/dev/null", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
             "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none", "-o", "ConnectTimeout=60",
             "-p", "\(port)", "127.0.0.1"]
        }

        /// The session programs running now: the server's child processes.
        func programs() -> [pid_t] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap { pid_t($0) }.filter { child in
                guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
                      let close = stat.lastIndex(of: ")") else { return false }
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                return fields.count > 1 && pid_t(fields[1]) == pid
            }
        }

        func stop() {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            for _ in 0..<500 {
                if waitpid(pid, &status, WNOHANG) == pid { return }
                usleep(20_000)
            }
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
    }
}
