import ArgumentParser
import Foundation
import Review
import StoreModel
import StoreUI
import TextSafety

@main
struct Storefront: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storefront",
        abstract: "An interactive terminal storefront that simulates Apple's in-app purchase experience.",
        discussion: """
            With no arguments it opens the store on SampleCatalog.json with a fresh in-memory state, in the \
            terminal's locale. Bad options and broken catalogs exit with status 2.
            """,
        // The interactive launch is the default subcommand, so each subcommand accepts exactly the options
        // it uses: the root has none of its own for a subcommand to inherit and ignore (issue 57, item 1).
        subcommands: [Launch.self, Lint.self, ScriptCommand.self, LedgerCommand.self, ServeCommand.self, ExportCommand.self,
                      CertificatesCommand.self, GalleryCommand.self],
        defaultSubcommand: Launch.self
    )

    /// Every error that stops the program prints one clear message and exits 2; help exits 0. A script
    /// exits 1 for a failed expectation and 3 for a refused line.
    static func main() {
        // Past a file-size limit (`ulimit -f`) a write fails with EFBIG, which every writer reports
        // (the ledger, a cast, an export), instead of SIGXFSZ killing the process mid-write and leaving
        // a half-made file behind; in the interactive app, a purchase past the limit is "Not saved" on screen.
        signal(SIGXFSZ, SIG_IGN)
        do {
            let arguments = Array(CommandLine.arguments.dropFirst())
            // The root's help is the store's: its launch options, then the subcommands.
            if arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
                StandardStreams.out(rootHelp())
                return
            }
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch let error as StartupError {
            StandardStreams.err(UntrustedText.message("storefront: \(error.message)\n"))
            Foundation.exit(2)
        } catch is ScriptRunner.Failed {
            Foundation.exit(1)
        } catch let refused as ScriptRunner.Refused {
            StandardStreams.err(UntrustedText.message("storefront: \(refused.message)\n"))
            Foundation.exit(3)
        } catch {
            if exitCode(for: error) == .success || error is ExitCode { exit(withError: error) }
            // The default subcommand is the root's own launch: its usage is `storefront`'s.
            StandardStreams.err(UntrustedText.message(fullMessage(for: error).replacingOccurrences(of: "storefront launch", with: "storefront") + "\n"))
            Foundation.exit(2)
        }
    }
}

/// The interactive store: `storefront [launch options]`, the root's default subcommand.
struct Launch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "launch",
        abstract: "Open the store (the default: storefront [options]).",
        shouldDisplay: false
    )

    @OptionGroup var launch: LaunchOptions
    @OptionGroup var ledger: LedgerOption

    @Option(help: ArgumentHelp("Record the session as an asciicast v2 file (asciinema's format), written as it goes.", valueName: "file"))
    var recording: String?

    func run() throws {
        // Read once: Foundation builds the whole dictionary on each read (0.37 M instructions with a
        // shell's environment), and start-up asked three times before its first frame (issue 33).
        let environment = ProcessInfo.processInfo.environment
        // Not a terminal (a pipe, a file): print the store as text instead of drawing it. That only
        // looks: a --state ledger is read, never saved or created.
        guard isatty(STDOUT_FILENO) == 1, isatty(STDIN_FILENO) == 1 else {
            let session = try launch.resolve(state: ledger.state, environment: environment, readOnly: true)
            session.reportEarlierNow()
            let state = AppState(store: session.store, locale: session.locale, size: Size(columns: 80, rows: 24))
            let text = StoreScreen.plainText(state)
            // The same answer the full-screen interface follows: a locale that is not UTF-8 gets ASCII.
            let charset = EnvironmentCharset(environment)
            if charset == .utf8 {
                StandardStreams.out(text)
            } else if !ASCIIText.canTransliterate(session.locale) {
                throw StartupError(message: "\(charset.reason), and \(Locale(identifier: "en").localizedString(forLanguageCode: session.locale.language.languageCode?.identifier ?? "") ?? "this language") text has no faithful ASCII form; set LANG=C.UTF-8, or pass --locale en_US")
            } else {
                StandardStreams.err("storefront: \(charset.reason), so the store is printed as an ASCII transliteration; set LANG=C.UTF-8 for the real text\n")
                StandardStreams.out(ASCIIText.transliterate(text))
            }
            return
        }
        let session = try launch.resolve(state: ledger.state, environment: environment)
        let file: CastFile?
        do {
            // A FIFO or a device is refused (opening a FIFO would wait for a reader); a link is followed.
            file = try recording.map { try CastFile(path: try OutputFile.destination($0, option: "--recording"), title: "storefront", theme: session.theme) }
        } catch let refused as StartupError {
            throw refused
        } catch {
            throw StartupError(message: "cannot write the recording \(UntrustedText.path(recording ?? "")) (--recording): \(error.localizedDescription)")
        }
        let status = try Interactive.run(session, environment: environment, recording: file)
        if let recording, let failure = file?.failure {
            let folder = (recording as NSString).deletingLastPathComponent
            StandardStreams.err(UntrustedText.message("storefront: the recording \(UntrustedText.path(recording)) (--recording) stopped early and ends at its last whole frame: \(OutputFile.reason(failure, folder: folder.isEmpty ? "." : folder))\n"))
        }
        if status != 0 { throw ExitCode(status) }
    }

}

extension Storefront {
    /// `storefront --help`: the launch options (the default subcommand's, as `storefront [options]` takes
    /// them), then the subcommands, each of which takes only its own.
    static func rootHelp() -> String {
        let launch = Launch.helpMessage(for: Launch.self)
            .replacingOccurrences(of: "USAGE: launch", with: "USAGE: storefront")
            .replacingOccurrences(of: "storefront launch", with: "storefront")
            .replacingOccurrences(of: "OVERVIEW: Open the store (the default: storefront [options]).",
                                  with: "OVERVIEW: \(configuration.abstract)\n\n\(configuration.discussion)")
        let root = helpMessage()
        let subcommands = root.range(of: "SUBCOMMANDS:").map { String(root[$0.lowerBound...]) } ?? ""
        return launch.trimmingCharacters(in: .newlines) + "\n\n" + subcommands.trimmingCharacters(in: .newlines) + "\n"
    }
}

/// A problem with the options or the catalog that stops the program before it starts.
struct StartupError: Error {
    var message: String
}
