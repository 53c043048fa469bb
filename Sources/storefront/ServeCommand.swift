import ArgumentParser
import Foundation
import Logging
import Serve
import StoreModel
import TextSafety

/// `storefront serve`: the store over SSH, for presenters. Each guest's session runs this same binary
/// with the launch options given here (catalog, locale, theme, scenario, …) in a pseudo-terminal.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the store over SSH: every guest who connects with ssh -t gets a session of their own.",
        discussion: """
            Listens on 127.0.0.1:2222 (this machine only) unless --listen says otherwise. Needs --authorized-keys \
            (who may connect) or --demo (anyone may). Guests connect with `ssh -t -p 2222 HOST`, or open a screen \
            with `ssh -t -p 2222 HOST signup`. SIGTERM or Ctrl-C says goodbye to every guest and stops.
            """
    )

    @Option(help: "Address and port to listen on, like 127.0.0.1:2222, 0.0.0.0:2222 or [::]:2222 (port 0: any free port).")
    var listen = "127.0.0.1:2222"

    @Option(name: .customLong("host-key"), help: "The server's Ed25519 host key (OpenSSH format), created with mode 0600 if missing. Default: in the user's state folder.")
    var hostKey: String?

    @Option(name: .customLong("authorized-keys"), help: "Who may connect: an authorized_keys file of Ed25519 or ECDSA keys.")
    var authorizedKeys: String?

    @Flag(help: "Let anyone who can reach the server in, without a key. Announced at start.")
    var demo = false

    @Option(name: .customLong("max-sessions"), help: "Sessions at once; more guests are told politely and disconnected.")
    var maxSessions = 32

    @Option(name: .customLong("idle-timeout"), help: "End a session after this long without a key from its guest: 10m, 90s, 1h, or off.")
    var idleTimeout = "10m"

    @Option(name: .customLong("max-session-length"), help: "End every session after this long, whatever happens: 30m, 1h, or off.")
    var maxSessionLength = "off"

    @Option(name: .customLong("state-dir"), help: "Keep a ledger per guest key in this folder (one session per key at a time). Default: every session starts fresh, in memory.")
    var stateDir: String?

    @Option(name: .customLong("max-ledgers"), help: "With --demo --state-dir: keep at most this many ledgers; a new key's ledger replaces the oldest idle one.")
    var maxLedgers = 100

    @Option(name: .customLong("login-grace-time"), help: "Close a connection that has not started a session this long after connecting: 20s, 1m.")
    var loginGraceTime = "20s"

    @Option(name: .customLong("max-startups"), help: ArgumentHelp("Connections without a session, from every address: past START a newcomer is dropped at random, RATE% at first, every one at FULL (OpenSSH's MaxStartups).", valueName: "start:rate:full"))
    var maxStartups = CrowdRules.Startups.openSSH.description

    @Option(name: .customLong("max-startups-per-address"), help: "Connections from one address that have not started a session, at once; more are refused.")
    var maxStartupsPerAddress = CrowdRules().maxStartupsPerAddress

    @Option(name: .customLong("max-connections-per-minute"), help: "Connections from one address that ended without a session (never authenticated, failed, or out of time) in any minute; more are refused. Guests' sessions never count.")
    var maxConnectionsPerMinute = CrowdRules().maxFailuresPerMinute

    @Option(name: .customLong("per-source-penalties"), help: ArgumentHelp("on: an address whose connections keep ending without a session is refused for a while (OpenSSH's PerSourcePenalties, its defaults); off: never.", valueName: "on|off"))
    var perSourcePenalties = "on"

    @Option(help: ArgumentHelp("Record each guest's session as an asciicast v2 file in this folder (made if missing): session-TIME-N.cast, never overwritten.", valueName: "folder"))
    var record: String?

    @OptionGroup var launch: LaunchOptions

    /// Not serve's: taken only to refuse it by name, saying what to use instead (`--state-dir`).
    @Option(name: .customLong("state"), help: .hidden)
    var refusedState: String?

    /// serve's own options and whether each takes a value; everything else on the command line is a
    /// launch option, handed to every session's program as it was written.
    static let ownOptions: [String: Bool] = [
        "--listen": true, "--host-key": true, "--authorized-keys": true, "--demo": false, "--max-sessions": true,
        "--idle-timeout": true, "--max-session-length": true, "--state-dir": true, "--open": true,
        "--max-ledgers": true, "--login-grace-time": true, "--max-startups-per-address": true, "--max-connections-per-minute": true,
        "--max-startups": true, "--per-source-penalties": true,
        "--record": true,
    ]

    func run() throws {
        let settings = try checkedSettings()
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .info
            return handler
        }
        let logger = Logger(label: "storefront.serve")
        let hostKey: HostKey
        do {
            hostKey = try HostKey.loadOrCreate(at: settings.hostKeyPath)
        } catch {
            throw StartupError(message: "\(error.description) (--host-key)")
        }
        var configuration = ServeConfiguration(
            host: settings.host, port: settings.port, hostKey: hostKey, admission: settings.admission, maxSessions: maxSessions,
            idleTimeout: settings.idle, maxSessionLength: settings.length, stateDirectory: stateDir.map { Self.absolute($0) },
            program: ServeConfiguration.currentExecutable, arguments: Self.launchArguments(Array(CommandLine.arguments.dropFirst())),
            defaultScreen: launch.open, logger: logger)
        if let record {
            do {
                try FileManager.default.createDirectory(atPath: record, withIntermediateDirectories: true)
            } catch {
                throw StartupError(message: "cannot make the recordings folder \(UntrustedText.path(record)) (--record): \(error.localizedDescription)")
            }
            configuration.recordDirectory = Self.absolute(record)
        }
        configuration.loginGraceTime = settings.grace
        configuration.crowd = settings.crowd
        // With a key list the keys bound the ledgers; with --demo anyone's fresh key would make one.
        configuration.maxLedgers = demo && stateDir != nil ? maxLedgers : nil
        // A guest's ledger that exists resumes its own clock; --now only starts new ones.
        configuration.resumeArguments = Self.launchArguments(Array(CommandLine.arguments.dropFirst()), alsoDropping: ["--now": true])
        do {
            try SSHServer.run(configuration) { port in
                let text = Self.announcement(settings: settings, port: port, hostKey: hostKey, demo: demo, authorizedKeys: authorizedKeys)
                StandardStreams.out((text + "\n"))
            }
        } catch {
            throw StartupError(message: "\(error)")
        }
    }

    struct Settings {
        var host: String
        var port: Int
        var hostKeyPath: String
        var admission: Admission
        var idle: Duration?
        var length: Duration?
        var grace: Duration
        var crowd: CrowdRules
    }

    /// Every option checked before anything listens; a mistake exits 2 with a message saying which.
    func checkedSettings() throws -> Settings {
        guard let (host, port) = ServeConfiguration.parseListen(listen) else {
            throw StartupError(message: "\(UntrustedText.quoted(listen)) is not an address and port (--listen); write it like 127.0.0.1:2222 or 0.0.0.0:2222")
        }
        guard (1...1000).contains(maxSessions) else {
            throw StartupError(message: "--max-sessions \(maxSessions): give a number from 1 to 1000")
        }
        guard let idle = ServeConfiguration.parseDuration(idleTimeout) else {
            throw StartupError(message: "\(UntrustedText.quoted(idleTimeout)) is not a duration (--idle-timeout); write it like 10m, 90s, 1h or off")
        }
        guard let length = ServeConfiguration.parseDuration(maxSessionLength) else {
            throw StartupError(message: "\(UntrustedText.quoted(maxSessionLength)) is not a duration (--max-session-length); write it like 30m, 1h or off")
        }
        guard let grace = ServeConfiguration.parseDuration(loginGraceTime), let grace else {
            throw StartupError(message: "\(UntrustedText.quoted(loginGraceTime)) is not a duration (--login-grace-time); write it like 20s or 1m")
        }
        guard (1...1000).contains(maxStartupsPerAddress) else {
            throw StartupError(message: "--max-startups-per-address \(maxStartupsPerAddress): give a number from 1 to 1000")
        }
        guard (1...100_000).contains(maxConnectionsPerMinute) else {
            throw StartupError(message: "--max-connections-per-minute \(maxConnectionsPerMinute): give a number from 1 to 100000")
        }
        var crowd = CrowdRules()
        guard let startups = CrowdRules.Startups(maxStartups) else {
            throw StartupError(message: "--max-startups \(UntrustedText.quoted(maxStartups)): give start:rate:full like 10:30:100 (start ≤ full ≤ 100000, rate 0 to 100), or one number")
        }
        guard perSourcePenalties == "on" || perSourcePenalties == "off" else {
            throw StartupError(message: "--per-source-penalties \(UntrustedText.quoted(perSourcePenalties)): on or off")
        }
        (crowd.startups, crowd.maxStartupsPerAddress, crowd.maxFailuresPerMinute) = (startups, maxStartupsPerAddress, maxConnectionsPerMinute)
        crowd.penalties.enabled = perSourcePenalties == "on"
        guard (1...1_000_000).contains(maxLedgers) else {
            throw StartupError(message: "--max-ledgers \(maxLedgers): give a number from 1 to 1000000")
        }
        // `--state` is not serve's (one ledger for one person): refused by name, saying what to use instead.
        if refusedState != nil {
            throw StartupError(message: "--state keeps one ledger for one person; serve keeps one per guest key with --state-dir DIR")
        }
        let admission: Admission
        switch (authorizedKeys, demo) {
        case (.some, true):
            throw StartupError(message: "--authorized-keys and --demo contradict each other: a key list, or anyone; choose one")
        case (.none, false):
            throw StartupError(message: "serve needs to know who may connect: --authorized-keys PATH (an authorized_keys file of Ed25519 or ECDSA keys), or --demo (anyone who can reach the server, without a key); refusing to start")
        case (.some(let path), false):
            do {
                let keys = try AuthorizedKeys(path: path)
                for line in keys.unusable { StandardStreams.err(UntrustedText.message("storefront serve: \(line)\n")) }
                admission = .keys(keys)
            } catch {
                throw StartupError(message: error.description)
            }
        case (.none, true):
            admission = .anyone
        }
        // The same checks as a plain launch (catalog, locale, theme, --open, scenario), once, here, so a
        // mistake stops the presenter now rather than every guest later.
        _ = try launch.resolve(state: nil, readOnly: true)
        if let stateDir {
            do {
                try FileManager.default.createDirectory(atPath: stateDir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw StartupError(message: "cannot create the folder \(stateDir) (--state-dir): \(error.localizedDescription)")
            }
        }
        return Settings(host: host, port: port, hostKeyPath: hostKey ?? Self.defaultHostKeyPath, admission: admission,
                        idle: idle, length: length, grace: grace, crowd: crowd)
    }

    /// $XDG_STATE_HOME/storefront/ssh_host_ed25519_key, or ~/.local/state/storefront/….
    static var defaultHostKeyPath: String {
        let environment = ProcessInfo.processInfo.environment
        let state = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        return state + "/storefront/ssh_host_ed25519_key"
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// The command line after `serve`, without serve's own options: the launch options every session's
    /// program gets, as written (`--catalog X`, `--locale=ja_JP`, `--ask-to-buy`, …). `--open` is
    /// left out too: it is the screen a guest opens when they name none, passed per session.
    static func launchArguments(_ arguments: [String], alsoDropping more: [String: Bool] = [:]) -> [String] {
        let dropped = ownOptions.merging(more) { a, _ in a }
        guard let serve = arguments.firstIndex(of: "serve") else { return [] }
        var result: [String] = []
        var index = serve + 1
        while index < arguments.count {
            let argument = arguments[index]
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if let takesValue = dropped[name] {
                index += takesValue && !argument.contains("=") ? 2 : 1
                continue
            }
            result.append(argument)
            index += 1
        }
        return result
    }

    static func announcement(settings: Settings, port: Int, hostKey: HostKey, demo: Bool, authorizedKeys: String?) -> String {
        let loopback = ["127.0.0.1", "::1", "localhost"].contains(settings.host)
        let shownHost = settings.host.contains(":") ? "[\(settings.host)]" : settings.host
        let connectHost = loopback ? "localhost" : (settings.host == "0.0.0.0" || settings.host == "::" ? "THIS-MACHINE" : settings.host)
        var lines = [
            "storefront serve: listening on \(shownHost):\(port)" + (loopback ? " (this machine only; --listen 0.0.0.0:\(port) lets others in)" : " — reachable from other machines"),
            "host key: \(hostKey.fingerprint) (ED25519), \(hostKey.created ? "created now at" : "from") \(settings.hostKeyPath)",
            "guests connect with: ssh -t -p \(port) \(connectHost)    (or name a screen: ssh -t -p \(port) \(connectHost) signup)",
        ]
        if demo {
            let banner = String(repeating: "!", count: 78)
            lines += [banner,
                      "!!  DEMO MODE: anyone who can reach \(shownHost):\(port) gets a session, with no key or password.",
                      "!!  Stop with Ctrl-C or SIGTERM; without --demo, list guests' keys with --authorized-keys.",
                      banner]
        } else if case .keys(let keys) = settings.admission, let authorizedKeys {
            lines.append("admitting the \(keys.keys.count) key\(keys.keys.count == 1 ? "" : "s") in \(authorizedKeys)")
        }
        return lines.joined(separator: "\n")
    }
}
