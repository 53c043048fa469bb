import ArgumentParser
import Foundation
import Ledger
import Review
import StoreModel
import StoreUI
import TextSafety

/// `storefront script FILE`: runs a headless QA script against the app core, deterministically and at
/// full speed. Exit 0 when every expectation holds, 1 when one fails (with the line, the expectation
/// and the screen), 2 when the script or its options are malformed, 3 when a line is refused at run
/// time (a refund request that does not wait, a key after the app quit), with the line and why.
/// Several files, a folder, `--junit` or `--jobs` run each script in a process of its own and report
/// them together (ScriptReport.swift).
struct ScriptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "script",
        abstract: "Run headless QA scripts: keys, time travel, scenario switches, expectations, snapshots.",
        discussion: """
            The format is in README.md ("Headless scripts"). Snapshots are compared with \
            snapshots/NAME.txt beside the script; --record writes them instead. A relative \
            `launch --state` ledger lives in a scratch folder made for the run and removed after it, so \
            every run starts from the same place; --ledgers keeps them in a folder of your choosing. \
            Several scripts (or a folder: its *.script files, sorted) each run in a process of their own: \
            one line per script (PASS file, FAIL file:line …), then N passed, N failed; the exit status \
            is the highest of the scripts' (3 refused > 2 malformed > 1 failed > 0 passed).
            """
    )

    @Argument(help: "Script files, or folders whose *.script files run, in name order.")
    var files: [String]

    @Flag(help: "Write snapshots instead of comparing them (review the diff before committing).")
    var record = false

    @Flag(help: "Print each line as it passes, after the ledger is saved: its number, the line, its outcome and the ledger rows it changed.")
    var trace = false

    @Option(help: ArgumentHelp("Keep the ledgers of relative `launch --state` paths in this folder (created if missing) instead of a scratch folder removed after the run; with several scripts, a folder per script in it.", valueName: "folder"))
    var ledgers: String?

    @Option(help: ArgumentHelp("Write a JUnit XML report: a testsuite per script, a testcase per expectation.", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp("Run this many scripts at once (default 1).", valueName: "n"))
    var jobs: Int?

    @Option(help: ArgumentHelp("Record the run as an asciicast v2 file (asciinema's format): a frame per key, a marker per snapshot. One script only.", valueName: "file"))
    var cast: String?

    /// Where a script run for a report writes the line it stopped at (ScriptReport.swift).
    @Option(help: .hidden)
    var stoppedAt: String?

    /// Where a script run for a report writes, for each line run, the seconds since its start
    /// ("LINE SECONDS" a line): the JUnit testcases' times (ScriptReport.swift).
    @Option(help: .hidden)
    var lineTimes: String?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs takes a number of scripts to run at once, 1 or more") }
        if cast != nil, files.count != 1 || junit != nil || jobs != nil {
            throw ValidationError("--cast records one script: give one file, without --junit or --jobs")
        }
    }

    func run() throws {
        var isFolder: ObjCBool = false
        if files.count == 1, junit == nil, jobs == nil,
           !(FileManager.default.fileExists(atPath: files[0], isDirectory: &isFolder) && isFolder.boolValue) {
            try runOne(files[0])
        } else {
            try ScriptReport(command: self).run()
        }
    }

    private func runOne(_ file: String) throws {
        var line: Int?
        // A run for a report says where it stopped, however it stopped.
        defer { if let stoppedAt { try? (line.map(String.init) ?? "").write(toFile: stoppedAt, atomically: true, encoding: .utf8) } }

        guard let data = FileManager.default.contents(atPath: file) else {
            throw StartupError(message: "cannot read the script \(file)")
        }
        let script: Script
        do {
            script = try Script.parse(data: data)
        } catch {
            line = error.line
            throw StartupError(message: "\(file):\(error.line.map { "\($0):" } ?? "") \(error.message)")
        }
        // Where relative ledgers go: the folder asked for, else a scratch folder of this run's own.
        let folder = ledgers.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("storefront-script-\(UUID().uuidString)", isDirectory: true)
        do {
            if ledgers == nil {
                try ScratchFolders.make(folder)
            } else {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
        } catch {
            throw StartupError(message: "cannot create the \(ledgers == nil ? "scratch folder for the script's ledgers" : "ledgers folder") \(folder.path): \(error.localizedDescription)")
        }
        // The scratch folder goes however the run ends: passed, failed, malformed or interrupted.
        defer { if ledgers == nil { ScratchFolders.remove(folder) } }
        var runner = ScriptRunner(file: file, record: record, trace: trace, ledgers: folder)
        defer {
            if let lineTimes {
                try? runner.lineTimes.map { "\($0.line) \($0.seconds)" }.joined(separator: "\n").write(toFile: lineTimes, atomically: true, encoding: .utf8)
            }
        }
        // The UUIDs a run makes are named by the script's text, not drawn at random: the same script
        // gives the same ledger, notifications and exports on any machine.
        runner.identity = AppStore.namedUUID("storefront script " + data.base64EncodedString())
        runner.recordsCast = cast != nil
        // A place the recording cannot go (a FIFO, a folder, a link to nothing) is refused before the run.
        if let cast { _ = try OutputFile.destination(cast, option: "--cast") }
        do {
            try runner.run(script)
        } catch {
            line = runner.line
            // The recording is written however the run ends: a failed expectation is worth seeing too.
            // The script's own outcome is the exit status; a recording not written is said beside it.
            if let cast, let recording = runner.cast {
                do { try OutputFile.write(Data(recording.text.utf8), to: cast, option: "--cast") } catch let failure as StartupError {
                    StandardStreams.err(UntrustedText.message("storefront: \(failure.message)\n"))
                }
            }
            throw error
        }
        if let cast, let recording = runner.cast { try OutputFile.write(Data(recording.text.utf8), to: cast, option: "--cast") }
    }
}

/// Where a script's run is: the app's runtime (once launched) and its size. Every step that acts is a
/// message to the runtime, which saves, takes in other devices' saves and delivers; the runner only
/// reads the script, checks the screen and the model, and reports.
struct ScriptRunner {
    let file: String
    let record: Bool
    let trace: Bool
    /// Where a relative `launch --state` path is: never the folder the script happens to run from.
    let ledgers: URL
    var size = Size(columns: 80, rows: 24)
    var runtime: Runtime?
    var quitAt: Int?
    /// The line being run, for a report of where the run stopped.
    var line: Int?
    /// With --cast: the recording, begun at the first launch (in its theme and size).
    var recordsCast = false
    var cast: CastRecorder?
    /// The last purchase call's outcome, in StoreKit's terms (`expect-result`, the trace), and whether
    /// the step being run made it.
    var lastOutcome: String?
    var stepOutcome: String?
    /// The notice on screen before the step: the trace quotes one only if the step put it there.
    var noticeBefore: String?
    /// Named by the script's text: each account it launches takes its UUIDs from this and its ledger's
    /// name as written (`AppStore.identitySeed`).
    var identity: UUID?
    /// Seconds from the run's start to the end of each line run (a report's JUnit times).
    var lineTimes: [(line: Int, seconds: Double)] = []
    private let started = Date()

    /// The app as the script left it.
    var state: AppState? { runtime?.state }

    /// Scripts start here unless `launch --now` says otherwise, so they read the same every day.
    static let defaultNow = "2026-01-01T09:00:00Z"

    init(file: String, record: Bool, trace: Bool, ledgers: URL) {
        self.file = file
        self.record = record
        self.trace = trace
        self.ledgers = ledgers
    }

    /// A failed expectation: exit 1, after the message.
    struct Failed: Error {}

    /// A line the run refused (the script is well formed, but what it asks for cannot be done now):
    /// exit 3, so CI tells a failing scenario (1) and a malformed script (2) from a refused step.
    struct Refused: Error {
        var message: String
    }

    mutating func run(_ script: Script) throws {
        for step in script.steps {
            line = step.line
            stepOutcome = nil
            noticeBefore = state?.notice
            // However the line ends (a failed check too), the time it ended.
            defer { lineTimes.append((step.line, Date().timeIntervalSince(started))) }
            // What another device of the account saved since the last step arrives first (a device
            // sharing the ledger, in another process), as in the interactive app.
            if quitAt == nil, runtime != nil {
                runtime!.poll(outcomes: false)
                try stopIfNotSaved(step)
            }
            // Deliveries catch up where their answers count: before time moves (a retry is due a set
            // time after a failure), before a relaunch, before a check reads the inspector's
            // Notifications. Elsewhere the script goes on while a server answers (or does not): the
            // attempts show as sending, whatever its speed.
            if runtime != nil, step.waitsForDeliveries || step.checks && TransactionsScreen.showsDeliveries(runtime!.state) {
                runtime!.finishDeliveries()
                try stopIfNotSaved(step)
            }
            try perform(step)
            // What the step changed is saved (with the notifications it made) and sent: on disk before
            // the next step reads it.
            if runtime != nil {
                runtime!.flush()
                try stopIfNotSaved(step)
            }
            recordFrame(after: step.castPause)
            if trace { printTrace(step) }
        }
        // Every attempt made has its answer in the ledger when the script ends.
        if let last = script.steps.last, runtime != nil {
            runtime!.finishDeliveries()
            try stopIfNotSaved(last)
        }
    }

    /// A save the ledger refused (the file deleted, a full disk) stops the script: exit 2. A step refused
    /// only once made again on another device's account (it bought the item first) stops it: exit 3.
    private mutating func stopIfNotSaved(_ step: Script.Step) throws {
        if let failure = runtime?.takeFailure() { throw StartupError(message: "\(file):\(step.line): \(failure)") }
        if case .refused(let why)? = runtime?.takeRefusals().first { throw Refused(message: "\(file):\(step.line): \(why)") }
    }

    private mutating func perform(_ step: Script.Step) throws {
        func fail(_ message: String) -> Refused { Refused(message: "\(file):\(step.line): \(message)") }
        if case .launch(let arguments) = step.command {
            // Once before the first key, or again after the app quit: a relaunch (on the same --state
            // ledger, it is the same person on a fresh start).
            guard runtime == nil || quitAt != nil else {
                throw fail("launch comes once, before the first key or expectation, or again after the app quit (press q)")
            }
            runtime = nil
            quitAt = nil
            try launch(arguments, step: step)
            return
        }
        if case .size(let size) = step.command {
            self.size = size
            if runtime != nil { try send(.resize(size), step) }
            return
        }
        if runtime == nil { try launch([], step: step) }
        if case .appStoreRedeem(let code) = step.command, quitAt != nil {
            // Redeemed while the app is not running: the ledger keeps it until the next launch.
            guard runtime?.storage != nil else { throw fail("app-store-redeem after the app quit needs a --state ledger to keep it for the next launch") }
            try send(.script(.appStoreRedeemLater(code)), step)
            return
        }
        if let quitAt { throw fail("the app quit on line \(quitAt); nothing can follow (but launch, or app-store-redeem for the next launch)") }
        if let change = Script.change(step.command) {
            try send(.script(change), step)
            return
        }
        switch step.command {
        case .press(let keys):
            for key in keys where quitAt == nil {
                try send(.key(key), step)
                recordFrame(after: Script.Step.keyPause)
            }
        case .type(let text):
            for character in text where quitAt == nil {
                try send(.key(.character(character)), step)
                recordFrame(after: Script.Step.typingPause)
            }
        case .paste(let text):
            try send(.key(.paste(text)), step)
        case .expect(let text):
            guard state!.view().text.contains(text) else { try report(step, "the screen does not show \(UntrustedText.quoted(text, limit: 200))") }
        case .expectNot(let text):
            guard !state!.view().text.contains(text) else { try report(step, "the screen shows \(UntrustedText.quoted(text, limit: 200))") }
        case .assert(let assertion):
            let problem: String?
            do { problem = try assertion.failure(in: state!, lastOutcome: lastOutcome) } catch { throw fail(error.message) }
            if let problem { try report(step, problem) }
        case .snapshot(let name):
            cast?.marker(name)
            try snapshot(name, step: step)
        case .kill:
            // Every step was saved as it came, as in the interactive app: dying now loses nothing. The
            // ledger is let go (its lock with it), as the kernel does for a killed process.
            quitAt = step.line
            runtime = Runtime(runtime!.state)
        default:
            break
        }
    }

    /// A message to the app, and what it asks for done as the interactive app does them: saved before
    /// the next step (`run`), quit (nothing more may follow), a refusal (exit 3) or a note.
    /// Type-ahead is no script's: its keys come one at a time.
    private mutating func send(_ message: Message, _ step: Script.Step) throws {
        for effect in runtime!.send(message) {
            switch effect {
            case .quit: quitAt = step.line
            case .refused(let why): throw Refused(message: "\(file):\(step.line): \(why)")
            case .note(let note):
                StandardStreams.err(UntrustedText.message("\(file):\(step.line): note: \(note)\n"))
            case .outcome(let outcome): (lastOutcome, stepOutcome) = (outcome, outcome)
            default: break
            }
        }
        // The screen is saved before it is read (an expectation, a snapshot, the next key's sheet).
        runtime!.flush()
        try stopIfNotSaved(step)
    }

    private mutating func launch(_ arguments: [String], step: Script.Step) throws {
        var line: LaunchLine
        do {
            line = try LaunchLine.parse(arguments)
        } catch {
            throw StartupError(message: "\(file):\(step.line): \(LaunchOptions.message(for: error))")
        }
        let seed = identity.map { AppStore.namedUUID($0.uuidString.lowercased() + " ledger " + (line.ledger.state ?? "")) }
        if let path = line.ledger.state, !path.hasPrefix("/") {
            line.ledger.state = ledgers.appendingPathComponent(path).path
        }
        // Files a launch line names are found beside the script, wherever it is run from: one base,
        // as its snapshots have (a relative --state goes to the run's ledgers folder, above).
        let base = URL(fileURLWithPath: file).deletingLastPathComponent()
        func besideScript(_ path: String) -> String { path.hasPrefix("/") ? path : base.appendingPathComponent(path).path }
        line.options.catalog = line.options.catalog.map(besideScript)
        line.options.scenario = line.options.scenario.map(besideScript)
        line.options.notifyCA = line.options.notifyCA.map(besideScript)
        if line.options.theme.hasSuffix(".json") || line.options.theme.contains("/") { line.options.theme = besideScript(line.options.theme) }
        // Deterministic unless the script says otherwise: English, and a fixed start (a ledger that
        // exists keeps its own clock).
        if line.options.locale == nil { line.options.locale = "en_US" }
        if line.options.now == nil, line.ledger.state.map({ !FileManager.default.fileExists(atPath: $0) }) ?? true {
            line.options.now = Self.defaultNow
        }
        let options = line.options
        var session: LaunchOptions.Session
        do {
            session = try options.resolve(state: line.ledger.state, identitySeed: seed)
        } catch let error as StartupError {
            throw StartupError(message: "\(file):\(step.line): \(error.message)")
        }
        runtime = Runtime(session.appState(size: size), storage: session.ledger, sender: session.courier)
        if recordsCast {
            // The first screen at once; a relaunch a second after what came before.
            let relaunch = cast != nil
            if cast == nil { cast = CastRecorder(size: size, title: URL(fileURLWithPath: file).lastPathComponent, theme: session.theme) }
            recordFrame(after: relaunch ? 1 : 0)
        }
        // Scripts start in the store (or where --open says): onboarding only when their launch line asks for it.
        // What the start changed (a code redeemed in the App Store meanwhile) is saved, as the app does.
        session.firstLaunch = false
        try send(session.start, step)
    }

    /// With --cast: the screen after a pause, as a person would see it (only rows that changed are written).
    private mutating func recordFrame(after seconds: Double) {
        guard cast != nil, let state else { return }
        cast!.wait(seconds)
        cast!.frame(state.view())
    }

    private func snapshot(_ name: String, step: Script.Step) throws {
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("snapshots")
        let url = folder.appendingPathComponent(name + ".txt")
        let actual = state!.view().text + "\n"
        if record {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            do {
                try actual.write(to: url, atomically: true, encoding: .utf8)
            } catch {
                throw StartupError(message: "\(file):\(step.line): cannot write \(url.path): \(error.localizedDescription)")
            }
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            try report(step, "no snapshot file \(url.path); run with --record to write it, then review it")
        }
        guard expected != actual else { return }
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let got = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let row = zip(want, got).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(want.count, got.count)
        let wanted = row < want.count ? UntrustedText.displayable(String(want[row])) : "(nothing)"
        let shown = row < got.count ? String(got[row]) : "(nothing)"
        try report(step, "the screen differs from \(url.path) at row \(row + 1):\n  expected: \(wanted)\n  shown:    \(shown)\n  (run with --record to accept the new screen)")
    }

    /// Prints what failed, where, and the screen, then stops the script with status 1.
    private func report(_ step: Script.Step, _ problem: String) throws -> Never {
        let screen = state!.view()
        let frame = "+" + String(repeating: "-", count: screen.size.columns) + "+"
        let rows = screen.text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { "|" + TextWidth.pad(String($0), to: screen.size.columns) + "|" }
        let message = """
            \(file):\(step.line): expectation failed: \(UntrustedText.displayable(step.source.replacingOccurrences(of: "\t", with: " ")))
              \(problem)
            screen (\(screen.size.columns)×\(screen.size.rows)) at line \(step.line):
            \(frame)
            \(rows.joined(separator: "\n"))
            \(frame)

            """
        StandardStreams.err(UntrustedText.message(message))
        throw Failed()
    }
}

/// A script's `launch` line: the launch options and the person's `--state` ledger.
struct LaunchLine: ParsableArguments {
    @OptionGroup var options: LaunchOptions
    @OptionGroup var ledger: LedgerOption
}

extension Script.Step {
    /// Whether delivery attempts on their way end (with their answers taken in) before this step: time
    /// travel and a launch (and a check of the inspector's Notifications: `run`). `kill` is not: the
    /// app dies with its attempts on their way.
    var waitsForDeliveries: Bool {
        switch command {
        case .advance, .launch: true
        default: false
        }
    }

    /// A recording's pace (`--cast`): a key every half second, typing faster, and a second for what
    /// happens outside the keys (a launch, time travel, a verb); checks take no time.
    static let keyPause = 0.5
    static let typingPause = 0.1

    var castPause: Double {
        switch command {
        case .launch, .press, .type, .expect, .expectNot, .assert, .snapshot, .size: 0
        default: 1
        }
    }
}
