import ArgumentParser
import Foundation
import StoreUI
import TextSafety

/// `storefront script A.script B.script FOLDER… [--junit OUT.xml] [--jobs N]`: each script runs in a
/// process of its own (its own state and scratch ledgers), N at a time. Prints one line per script in
/// the order given (`PASS file`, `FAIL file:line why`) and a closing `N passed, N failed`; a failure's
/// full message, with the screen, goes to standard error. The exit status is the highest of the
/// scripts': 3 (a line refused) > 2 (malformed) > 1 (an expectation failed) > 0 (all passed).
struct ScriptReport {
    let command: ScriptCommand

    /// One script's run.
    struct Run {
        var file: String
        /// The JUnit name: the script's path relative to the folder given, or its file name when given
        /// itself; never absolute, so two machines' reports name their suites alike.
        var name: String = ""
        /// Seconds from the run's start to the end of each line run (`--line-times`).
        var lineTimes: [Int: Double] = [:]
        /// 0 passed, 1 an expectation failed, 2 malformed, 3 refused; anything else is counted as 2.
        var status: Int32
        /// The line the run stopped at (failed, refused or malformed there), if it stopped at one.
        var line: Int?
        var stdout: String
        var stderr: String
        var seconds: Double
        /// The script as read, for the report's testcases; nil when it is malformed.
        var script: Script?

        /// What went wrong, in one line: the message without the program's name and the file's.
        var reason: String {
            var first = stderr.split(separator: "\n").first.map(String.init) ?? ""
            for prefix in ["storefront: ", file + ":", line.map { "\($0):" } ?? "\u{0}", " "] where first.hasPrefix(prefix) {
                first.removeFirst(prefix.count)
            }
            switch status {
            case 1: return first
            case 3: return "refused: " + first
            case 2: return "malformed: " + first
            default: return first
            }
        }
    }

    func run() throws {
        let started = Date()
        let listed = try scripts()
        let files = listed.map(\.path)
        // A place the report cannot go is refused before any script runs.
        if let junit = command.junit { _ = try OutputFile.destination(junit, option: "--junit") }
        let jobs = command.jobs ?? 1
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-report-\(UUID().uuidString)")
        try? ScratchFolders.make(scratch)
        defer { ScratchFolders.remove(scratch) }

        let results = Results(count: files.count)
        let next = Results.Counter()
        let workers = Thread.detachNewThreadWorkers(min(jobs, files.count)) {
            while let index = next.take(below: files.count) {
                var run = Self.runOne(files[index], index: index, executable: executable, scratch: scratch, command: command)
                run.name = listed[index].name
                results.set(index, run)
            }
        }
        // One line per script, in the order given, as soon as each is known.
        var runs: [Run] = []
        for index in files.indices {
            let run = results.wait(index)
            runs.append(run)
            if !run.stdout.isEmpty { StandardStreams.out(run.stdout) }
            if run.status != 0, !run.stderr.isEmpty { StandardStreams.err(run.stderr) }
            let line = run.status == 0 ? "PASS \(run.file)" : "FAIL \(run.file)\(run.line.map { ":\($0)" } ?? "") \(run.reason)"
            StandardStreams.out(UntrustedText.message(line + "\n"))
        }
        workers.forEach { $0.wait() }
        let failed = runs.filter { $0.status != 0 }.count
        StandardStreams.out("\(runs.count - failed) passed, \(failed) failed\n")
        if let junit = command.junit {
            try OutputFile.write(Data(JUnitReport.xml(runs, seconds: Date().timeIntervalSince(started)).utf8), to: junit, option: "--junit")
        }
        let worst = runs.map(\.status).max() ?? 0
        if worst != 0 { throw ExitCode(worst) }
    }

    /// The scripts named: files as given, a folder's *.script files in name order; each with its JUnit
    /// name (relative to the folder given, or the file's own name).
    func scripts() throws -> [(path: String, name: String)] {
        var files: [(path: String, name: String)] = []
        for path in command.files {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw StartupError(message: "cannot read the script \(path)")
            }
            guard isFolder.boolValue else { files.append((path, URL(fileURLWithPath: path).lastPathComponent)); continue }
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".script") }.sorted()
            guard !names.isEmpty else { throw StartupError(message: "\(path) holds no *.script files") }
            files += names.map { (URL(fileURLWithPath: path).appendingPathComponent($0).path, $0) }
        }
        return files
    }

    /// Runs one script as `storefront script FILE` in a process of its own, its output kept in files
    /// (no pipe to fill up).
    static func runOne(_ file: String, index: Int, executable: URL, scratch: URL, command: ScriptCommand) -> Run {
        let base = scratch.appendingPathComponent("\(index)")
        let (out, err, stopped) = (base.appendingPathExtension("out"), base.appendingPathExtension("err"), base.appendingPathExtension("line"))
        let times = base.appendingPathExtension("times")
        var arguments = ["script", file, "--stopped-at", stopped.path, "--line-times", times.path]
        if command.record { arguments.append("--record") }
        if command.trace { arguments.append("--trace") }
        if let ledgers = command.ledgers {
            arguments += ["--ledgers", URL(fileURLWithPath: ledgers).appendingPathComponent(URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent).path]
        }
        let script = FileManager.default.contents(atPath: file).flatMap { try? Script.parse(data: $0) }
        let start = Date()
        var status: Int32 = 2
        var problem = ""
        do {
            FileManager.default.createFile(atPath: out.path, contents: nil)
            FileManager.default.createFile(atPath: err.path, contents: nil)
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = try FileHandle(forWritingTo: out)
            process.standardError = try FileHandle(forWritingTo: err)
            try process.run()
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal {
                problem = "storefront: the script's process was stopped by signal \(process.terminationStatus)\n"
            } else if (0...3).contains(process.terminationStatus) {
                status = process.terminationStatus
            } else {
                problem = "storefront: the script's process exited with status \(process.terminationStatus)\n"
            }
        } catch {
            problem = "storefront: cannot run \(executable.path): \(error.localizedDescription)\n"
        }
        let read = { (url: URL) in (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        var lineTimes: [Int: Double] = [:]
        for entry in read(times).split(separator: "\n") {
            let parts = entry.split(separator: " ")
            if parts.count == 2, let line = Int(parts[0]), let seconds = Double(parts[1]) { lineTimes[line] = seconds }
        }
        return Run(file: file, lineTimes: lineTimes, status: status, line: Int(read(stopped)), stdout: read(out),
                   stderr: problem + read(err), seconds: Date().timeIntervalSince(start), script: script)
    }

    /// The runs, filled in by the workers and waited for in order.
    final class Results: @unchecked Sendable {
        private var runs: [Run?]
        private let condition = NSCondition()

        init(count: Int) { runs = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ run: Run) {
            condition.lock()
            runs[index] = run
            condition.broadcast()
            condition.unlock()
        }

        func wait(_ index: Int) -> Run {
            condition.lock()
            defer { condition.unlock() }
            while runs[index] == nil { condition.wait() }
            return runs[index]!
        }

        /// Hands out the scripts' indexes, each once.
        final class Counter: @unchecked Sendable {
            private var value = 0
            private let lock = NSLock()
            func take(below limit: Int) -> Int? {
                lock.lock()
                defer { lock.unlock() }
                guard value < limit else { return nil }
                value += 1
                return value - 1
            }
        }
    }
}

extension Thread {
    /// Starts `count` threads running `body`; each returned semaphore is signalled when its thread ends.
    static func detachNewThreadWorkers(_ count: Int, _ body: @escaping @Sendable () -> Void) -> [DispatchSemaphore] {
        (0..<max(count, 0)).map { _ in
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                body()
                done.signal()
            }
            return done
        }
    }
}

/// The JUnit XML CI systems read: a testsuite per script, a testcase per expectation line (`expect…`,
/// `snapshot`). A failed one has `<failure>` with the message and the screen; a line refused at run time
/// or a malformed script is an `<error>`; expectations after where a script stopped are `<skipped>`.
enum JUnitReport {
    /// `seconds`: the whole report's, on the root.
    static func xml(_ runs: [ScriptReport.Run], seconds: Double) -> String {
        var suites: [String] = []
        var totals = (tests: 0, failures: 0, errors: 0, skipped: 0)
        for run in runs {
            var cases: [String] = []
            var counts = (tests: 0, failures: 0, errors: 0, skipped: 0)
            // A testcase's time: from the end of the check before it to the end of its own line (what it
            // took to reach it and check it); a skipped one took none.
            var previous = 0.0
            func add(_ name: String, _ body: String, line: Int? = nil) {
                counts.tests += 1
                var time = 0.0
                if let line, let end = run.lineTimes[line] { (time, previous) = (max(0, end - previous), end) }
                cases.append("    <testcase classname=\"\(escape(run.name))\" name=\"\(escape(name))\" time=\"\(format(time))\"\(body.isEmpty ? "/>" : ">\n      \(body)\n    </testcase>")")
            }
            let details = run.stderr
            if let script = run.script {
                let stopped = run.status == 0 ? nil : run.line
                for step in script.steps where step.checks || step.line == stopped {
                    let name = "line \(step.line): \(step.source)"
                    if let stopped, step.line > stopped {
                        counts.skipped += 1
                        add(name, "<skipped message=\"not reached: the script stopped at line \(stopped)\"/>")
                    } else if step.line == stopped, run.status == 1 {
                        counts.failures += 1
                        add(name, "<failure message=\"\(escape(run.reason))\">\(escape(details))</failure>", line: step.line)
                    } else if step.line == stopped {
                        counts.errors += 1
                        add(name, "<error message=\"\(escape(run.reason))\">\(escape(details))</error>", line: step.line)
                    } else {
                        add(name, "", line: step.line)
                    }
                }
                if run.status != 0, stopped == nil {
                    counts.errors += 1
                    add("run", "<error message=\"\(escape(run.reason))\">\(escape(details))</error>")
                }
            } else {
                counts.errors += 1
                add("read the script", "<error message=\"\(escape(run.reason))\">\(escape(details))</error>")
            }
            totals = (totals.tests + counts.tests, totals.failures + counts.failures, totals.errors + counts.errors, totals.skipped + counts.skipped)
            suites.append("""
                  <testsuite name="\(escape(run.name))" tests="\(counts.tests)" failures="\(counts.failures)" errors="\(counts.errors)" skipped="\(counts.skipped)" time="\(format(run.seconds))">
                \(cases.joined(separator: "\n"))
                  </testsuite>
                """)
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="storefront script" tests="\(totals.tests)" failures="\(totals.failures)" errors="\(totals.errors)" skipped="\(totals.skipped)" time="\(format(seconds))">
            \(suites.joined(separator: "\n"))
            </testsuites>

            """
    }

    /// Seconds with three decimals, the same under any locale.
    static func format(_ seconds: Double) -> String {
        String(format: "%.3f", locale: Locale(identifier: "en_US_POSIX"), seconds)
    }

    /// Text made safe inside XML: markup characters as entities, control characters (which XML 1.0
    /// cannot hold) removed, tab and line breaks kept.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars where !isControl(scalar) {
            if let entity = entities[scalar] { result += entity } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    static let entities: [Unicode.Scalar: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;"]

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar != "\t", scalar != "\n", scalar != "\r" else { return false }
        return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }
}
