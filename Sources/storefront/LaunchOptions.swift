import AppStoreSigning
import ArgumentParser
import CatalogFormats
import Foundation
import Ledger
import Serve
import StoreModel
import StoreUI
import TextSafety

/// The values spelled as they are: ArgumentParser's defaults for a string enum spell each one through
/// `"\(value)"`, whose runtime lookups (is it text-streamable? described?) cost 1.1 M instructions at
/// every start before this (issue 33). The help lists the same values.
extension PaymentGate: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public static var allValueDescriptions: [String: String] { [:] }
    public var defaultValueDescription: String { rawValue }
}

/// The options every way of starting the store shares.
struct LaunchOptions: ParsableArguments {
    @Option(help: "Catalog file to sell from.")
    var catalog: String?

    @Option(help: "Locale for text, prices and dates, like en_US, de_DE or ja_JP. Default: the terminal's (LANG).")
    var locale: String?

    @Option(help: "App Store territory (ISO 3166 alpha-3, like USA, DEU or JPN). Default: the locale's region.")
    var territory: String?

    // Its values are listed once, by ArgumentParser's "(values: …)".
    @Option(help: "Whether the device can make payments, and why not (Screen Time, a device-management profile, or external purchases only).")
    var payments: PaymentGate?

    @Option(help: "Start instant of the simulated clock, ISO 8601 (2026-11-21T09:00:00Z or 2026-11-21). Default: now, or where the --state ledger's clock stopped.")
    var now: String?


    @Option(name: .customLong("time-rate"), help: "StoreKit Testing's time rate: \(TimeRate.allCases.map(\.rawValue).joined(separator: ", ")).")
    var timeRate: String?

    @Option(help: "A scenario file: one setting per line, like \"ask-to-buy on\" (see docs/qa.md). Flags given here win over it.")
    var scenario: String?

    @Flag(name: .customLong("ask-to-buy"), help: "Purchases wait for a parent's approval (deferred).")
    var askToBuy = false

    @Option(name: .customLong("fail-next-purchase"), help: "The next purchase fails with: \(PurchaseError.injectable.map(\.settingName).joined(separator: ", ")).")
    var failNextPurchase: String?

    @Option(name: .customLong("fail-purchases"), help: "Every purchase fails, until turned off, with: \(PurchaseError.injectable.map(\.settingName).joined(separator: ", ")) (Xcode's Fail Transactions).")
    var failPurchases: String?

    @Option(name: .customLong("error"), help: "Inject an error into a StoreKit call, as Xcode's StoreKit Errors do: CALL=ERROR, like load-products=network-error (repeatable; CALL=off turns it off). Calls: \(StoreKitErrorCategory.allCases.map(\.rawValue).joined(separator: ", ")).")
    var errors: [String] = []

    @Flag(name: .customLong("interrupt-purchases"), help: "Purchases are interrupted until resolved in the transaction inspector.")
    var interruptPurchases = false

    @Flag(name: .customLong("billing-retry"), help: "Renewals fail to charge: subscriptions enter billing retry.")
    var billingRetry = false

    @Option(name: .customLong("grace-period"), help: "Billing grace period on a failed renewal: catalog, on or off.")
    var gracePeriod: String?

    @Option(name: .customLong("family-sharing"), help: "This account is a family member of an organizer who shares this product (a family-shareable non-consumable or auto-renewable subscription of the catalog), or off.")
    var familySharing: String?

    @Option(name: .customLong("review-mode"), help: "Review requests: production (App Store policy decides whether the prompt shows) or development (it always shows, as while developing).")
    var reviewMode: String?

    @Option(help: "Open this screen at launch: \(DeepLink.valid) (the catalog's first group, or the one named). A subscriber gets their own plan instead of a sign-up screen.")
    var open: String?

    @Flag(help: "Show onboarding (the app's benefits, then its sign-up screen) at launch. Without it, onboarding shows only on a --state ledger's first launch; never to a subscriber.")
    var onboarding = false

    @Option(help: "Which device of the account this is, like iPad: several storefronts with different --device names share one --state ledger (each its own deviceVerificationID).")
    var device: String = DeviceName.standard

    @Option(help: "Theme: a name from Themes/ (default, light, high-contrast) or a path to a theme file.")
    var theme: String = "default"

    @Option(help: ArgumentHelp("Send each App Store Server Notification (V2, signed) to this http:// or https:// URL as it happens, once, as the sandbox does.", valueName: "url"))
    var notify: String?

    @Option(name: .customLong("notify-ca"), help: ArgumentHelp("PEM certificates to trust for --notify https:// (a self-signed or private CA's server); without it, the system's trusted roots.", valueName: "file"))
    var notifyCA: String?

    @Flag(name: .customLong("notify-retries"), help: "Retry a notification the server did not take after 1, 12, 24, 48 and 72 hours of simulated time, as production does.")
    var notifyRetries = false

    @Option(name: .customLong("notify-timeout"), help: ArgumentHelp("How long each --notify attempt waits for the server's answer, connecting included, before it counts as failed: 500ms, 2s, 1m (default 5s, at most 5m). Neither the app nor a script waits on it step by step.", valueName: "duration"))
    var notifyTimeout: String?

    @Option(help: ArgumentHelp("The account's environment, which signed data, the inspector and `storefront ledger` name: Sandbox (verifiable with the root from storefront certificates) or Xcode (as StoreKit Testing signs). A --state ledger keeps it. Default: the ledger's, else Sandbox.", valueName: "name"))
    var environment: String?

    /// ArgumentParser's words for a bad option, on one line.
    static func message(for error: Error) -> String {
        fullMessage(for: error).replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "Error: ", with: "")
    }

    /// Everything a session needs, checked.
    struct Session {
        var store: AppStore
        var locale: Locale
        var theme: Theme
        /// Where the store is saved after every change; nil for an in-memory session.
        var ledger: Ledger?
        /// `--onboarding` was given.
        var onboarding = false
        /// This is the ledger's first launch: onboarding is due (once per ledger).
        var firstLaunch = false
        /// The screen to open at launch (`--open`).
        var link: DeepLink = .store
        /// Sends Server Notifications to `--notify URL`; nil without one.
        var courier: NotificationCourier?
        /// Scenario settings a `--state` ledger brought back that differ from a fresh store's and that no
        /// flag set: said once at launch, so a store that looks broken (payments off) says why.
        var fromLedger: [ScenarioSetting] = []
        /// `--now` asked for an instant before the `--state` ledger's clock, which went on from where it
        /// was instead: the instant asked for, said once at launch (a demo command works twice).
        var earlierNowIgnored: Date?
        /// What the launch options changed in the account (applied to `store` already, and again as the
        /// app starts: `Message.start`).
        var launch = LaunchChanges()

        /// The app's start, as the message the runtime sends first.
        var start: Message { .start(onboarding: onboarding, firstLaunch: firstLaunch, launch: launch) }

        /// Says on stderr what the launch notice says, for the commands that print instead of drawing.
        func reportEarlierNow() {
            guard let earlierNowIgnored else { return }
            StandardStreams.err("storefront: --now \(earlierNowIgnored.formatted(.iso8601)) is before the ledger's clock, "
                + "which goes on from \(store.now.formatted(.iso8601))\n")
        }

        /// The app at launch, on the screen `--open` asked for.
        func appState(size: Size) -> AppState {
            var state = AppState(store: store, locale: locale, size: size)
            state.keepsLedger = ledger != nil
            state.follow(link)
            var notices: [String] = []
            if earlierNowIgnored != nil {
                notices.append(state.strings.qa.ledgerClockKept(state.dateTime(store.now)))
            }
            if !fromLedger.isEmpty {
                notices.append(state.strings.qa.settingsFromLedger(fromLedger.map { "\($0.name) \($0.value)" }.joined(separator: ", ")))
            }
            if !notices.isEmpty { state.notice = notices.joined(separator: " ") }
            return state
        }
    }

    /// `readOnly` (plain-text mode) looks at a `--state` ledger without saving or creating anything:
    /// `--now` and scenario flags change only what is printed.
    /// `state` is the `--state` ledger: an option of the commands that keep one person's ledger
    /// (`storefront`, a script's `launch`), not of `serve`, which keeps one per guest.
    /// `identitySeed`: a script's, for the UUIDs a new account makes (`AppStore.identitySeed`).
    func resolve(state: String?, environment: [String: String] = ProcessInfo.processInfo.environment, readOnly: Bool = false,
                 identitySeed: UUID? = nil) throws -> Session {
        let loaded = try loadCatalogFile()
        let catalog = loaded.catalog
        var link = DeepLink.store
        if let open {
            do {
                link = try DeepLink(parsing: open, catalog: catalog)
            } catch {
                throw StartupError(message: "\(error.message) (--open)")
            }
        }
        let locale: Locale
        if let requested = self.locale {
            guard let id = LocaleCatalog.canonical(requested) else {
                throw StartupError(message: "unknown locale \(UntrustedText.quoted(requested)) (--locale); use an identifier like en_US, de_DE, fr_FR or ja_JP")
            }
            locale = Locale(identifier: id)
        } else {
            locale = LocaleCatalog.fromEnvironment(environment)
        }
        // The account's storefront and environment are the ledger's; given here, they move the account
        // (read-only, they change only what is printed). The locale only picks a new account's.
        let requestedTerritory = try territory.map { try lookUpTerritory($0, in: catalog) }
        let requestedEnvironment = try self.environment.map { name -> StoreEnvironment in
            guard let named = StoreEnvironment.named(name) else {
                throw StartupError(message: "--environment \(UntrustedText.quoted(name)) is not one of \(StoreEnvironment.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return named
        }
        let territory = requestedTerritory ?? defaultTerritory(in: catalog, locale: locale)
        let requestedStart = try startInstant()
        if let problem = DeviceName.problem(device) {
            throw StartupError(message: "\(UntrustedText.quoted(device)) cannot name a device (--device): \(problem)")
        }
        var ledger: Ledger?
        var store: AppStore
        var saved: AppStore?
        var earlierNowIgnored: Date?
        var launch = LaunchChanges(environment: requestedEnvironment)
        if let state {
            do {
                if readOnly {
                    let viewed = try Ledger.viewed(path: state, catalog: catalog, territory: territory, device: device)
                    saved = viewed.store
                    if viewed.rolledBack {
                        StandardStreams.err(UntrustedText.message("storefront: \(UntrustedText.path(state)) has a save that was cut short (a storefront stopped while saving); it is shown as SQLite will roll it back, without that save, and the file is left as it is until a storefront opens it in a terminal\n"))
                    }
                } else {
                    let opened = try Ledger(path: state, catalog: catalog, territory: territory, device: device, identitySeed: identitySeed)
                    ledger = opened
                    saved = opened.stored
                    (launch.endsCutAttempts, launch.deliveryRetries) = (true, notifyRetries)
                }
            } catch {
                throw StartupError(message: error.description)
            }
            store = saved ?? AppStore(catalog: catalog, territory: territory, now: requestedStart ?? Date())
            // A .storekit file's settings start a new ledger; a saved one keeps its own (they rank above).
            if saved == nil { launch.settings += loaded.settings }
            // The saved clock resumes where it stopped; --now can only move it forward. An earlier --now
            // (a demo command run again, the ledger's clock having run on) keeps the ledger's clock and
            // says so at launch instead of refusing to start.
            if let requestedStart {
                if requestedStart >= store.now {
                    launch.clock = requestedStart
                } else {
                    earlierNowIgnored = requestedStart
                }
            }
            if let requestedTerritory, requestedTerritory != store.territory {
                // Looking at a ledger records nothing: the storefront asked for is only what is printed.
                if readOnly { store.territory = requestedTerritory } else { launch.storefront = requestedTerritory }
            }
        } else {
            store = AppStore(catalog: catalog, territory: territory, now: requestedStart ?? Date())
            launch.settings += loaded.settings
        }
        // A new account takes the script's seed; a ledger keeps its own (or none).
        if saved == nil, let identitySeed { store.identitySeed = identitySeed }
        // The device's verification id is the ledger's for this device name; without one, this run's own
        // (named by the seed, for a script).
        store.deviceName = device
        if let ledger {
            store.deviceVerificationID = ledger.deviceVerificationID
        } else if let id = store.identityUUID("device " + device) {
            store.deviceVerificationID = id
        }
        let flags = try settings(catalog: catalog)
        var fromLedger: [ScenarioSetting] = []
        if saved != nil {
            var fresh = AppStore(catalog: catalog, territory: territory, now: store.now)
            fresh.apply(LaunchChanges(settings: launch.settings))
            let given = Set(flags.map(\.key))
            fromLedger = zip(ScenarioSetting.current(store), ScenarioSetting.current(fresh))
                .filter { $0.value != $1.value && !given.contains($0.key) }.map(\.0)
        }
        launch.settings += flags
        // Whether a server listens decides how the notifications the launch makes start (pending, and
        // this device's to send): known before the launch's changes are made.
        let courier = try makeCourier()
        store.notifyingServer = courier != nil
        store.apply(launch)
        return Session(store: store, locale: locale, theme: try loadTheme(), ledger: ledger, onboarding: onboarding,
                       firstLaunch: ledger != nil && !store.onboardingShown, link: link, courier: courier, fromLedger: fromLedger,
                       earlierNowIgnored: earlierNowIgnored, launch: launch)
    }

    /// The courier of `--notify URL`, signing with the user's chain in the account's environment.
    func makeCourier() throws -> NotificationCourier? {
        guard let notify else {
            if notifyRetries { throw StartupError(message: "--notify-retries needs the server to send to: --notify URL") }
            if notifyCA != nil { throw StartupError(message: "--notify-ca needs the server to send to: --notify https://…") }
            if notifyTimeout != nil { throw StartupError(message: "--notify-timeout needs the server to send to: --notify URL") }
            return nil
        }
        var timeout = NotificationCourier.defaultTimeout
        if let notifyTimeout {
            guard case let parsed?? = ServeConfiguration.parseDuration(notifyTimeout), parsed >= .milliseconds(1), parsed <= .seconds(300) else {
                throw StartupError(message: "--notify-timeout \(UntrustedText.quoted(notifyTimeout)) is not a duration from 1ms to 5m, like 500ms, 2s or 1m")
            }
            timeout = parsed
        }
        let chain: SigningChain
        do { chain = try SigningChain.load(folder: SigningChain.defaultFolder()) } catch { throw StartupError(message: error.description) }
        return try NotificationCourier(url: notify, trusting: notifyCA, retries: notifyRetries, timeout: timeout, chain: chain)
    }

    /// The scenario file's settings, then the flags', in that order, checked against the catalog.
    func settings(catalog: Catalog) throws -> [ScenarioSetting] {
        var settings: [ScenarioSetting] = []
        if let scenario { settings += try Self.readScenarioFile(scenario, catalog: catalog) }
        if let payments { settings.append(.payments(payments)) }
        if askToBuy { settings.append(.askToBuy(true)) }
        if interruptPurchases { settings.append(.interruptPurchases(true)) }
        if billingRetry { settings.append(.billingRetry(true)) }
        for (name, flag, value) in [("fail-next-purchase", "--fail-next-purchase", failNextPurchase),
                                    ("fail-purchases", "--fail-purchases", failPurchases),
                                    ("grace-period", "--grace-period", gracePeriod), ("time-rate", "--time-rate", timeRate),
                                    ("family-sharing", "--family-sharing", familySharing),
                                    ("review-mode", "--review-mode", reviewMode)] {
            guard let value else { continue }
            do {
                let setting = try ScenarioSetting(name: name, value: value)
                try setting.check(catalog)
                settings.append(setting)
            } catch {
                throw StartupError(message: "\(error.message) (\(flag))")
            }
        }
        for text in errors {
            do {
                let setting = try ScenarioSetting(name: "error", value: text.replacingOccurrences(of: "=", with: " "))
                settings.append(setting)
            } catch {
                throw StartupError(message: "\(error.message) (--error)")
            }
        }
        return settings
    }

    /// The largest scenario file read: a few dozen lines of settings are a few hundred bytes, so a file
    /// this large is something else (a log, a disk image), refused before it is read.
    static let maxScenarioFileSize = 1 << 20

    /// A scenario file: `NAME VALUE` per line; `#` starts a comment. Errors name the file and line.
    /// Only a regular file of at most `maxScenarioFileSize` bytes is read (a FIFO would wait forever).
    static func readScenarioFile(_ path: String, catalog: Catalog) throws -> [ScenarioSetting] {
        let shown = UntrustedText.path(path)
        if let kind = FileKind.notRegular(path) {
            throw StartupError(message: "the scenario file \(shown) is \(kind), not a file (--scenario)")
        }
        func tooLarge(_ size: Int) -> StartupError {
            let english = Locale(identifier: "en_US")
            return StartupError(message: "the scenario file \(shown) is \(size.formatted(.number.locale(english))) bytes; "
                + "a scenario file is at most \(maxScenarioFileSize.formatted(.number.locale(english))) bytes (--scenario)")
        }
        var info = stat()
        if stat(path, &info) == 0, Int(info.st_size) > maxScenarioFileSize { throw tooLarge(Int(info.st_size)) }
        // Read no more than the limit and a byte, in case the file grew since.
        guard let file = FileHandle(forReadingAtPath: path), let data = try? file.read(upToCount: maxScenarioFileSize + 1),
              let text = String(data: data, encoding: .utf8) else {
            throw StartupError(message: "cannot read the scenario file \(shown) (--scenario)")
        }
        try? file.close()
        if data.count > maxScenarioFileSize { throw tooLarge(data.count) }
        do {
            return try ScenarioFile.parse(text, catalog: catalog)
        } catch {
            throw StartupError(message: "\(shown):\(error.line): \(error.message)")
        }
    }

    /// --theme NAME from Themes/ (beside the catalog's default location), or a path to a theme file.
    func loadTheme() throws -> Theme {
        let folder = Self.resourceURL("Themes")
        let available = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        let url = theme.hasSuffix(".json") || theme.contains("/")
            ? URL(fileURLWithPath: theme) : folder.appendingPathComponent(theme + ".json")
        guard let data = FileManager.default.contents(atPath: url.path) else {
            let names = available.isEmpty ? "none found in \(folder.path)" : available.joined(separator: ", ")
            throw StartupError(message: "unknown theme \(UntrustedText.quoted(theme)) (--theme); available: \(names)")
        }
        do {
            return try ThemeLoader.load(data, fallbackName: url.deletingPathExtension().lastPathComponent)
        } catch {
            throw StartupError(message: "the theme has problems:\n" + error.problems.map { "\(url.path): \($0)" }.joined(separator: "\n"))
        }
    }

    func loadCatalog() throws -> Catalog { try loadCatalogFile().catalog }

    /// The catalog (our own or an Xcode .storekit file) with a .storekit file's settings. On a .storekit
    /// catalog, --territory may name any storefront: StoreKit Testing then shows the file's prices in that
    /// storefront's currency, unconverted.
    func loadCatalogFile() throws -> StoreKitConfiguration.Loaded {
        let url = try catalogURL()
        do {
            var loaded = try CatalogFile.load(contentsOf: url)
            // A newer Xcode's keys never stop a file from opening: one line says they were ignored.
            let ignored = loaded.ignoredKeys
            if !ignored.isEmpty {
                let shown = UntrustedText.path(url.path)
                StandardStreams.err(UntrustedText.message("storefront: \(shown): ignored \(ignored.count) key\(ignored.count == 1 ? "" : "s") storefront does not read (\(ignored.prefix(3).map(\.path.description).joined(separator: ", "))\(ignored.count > 3 ? ", …" : "")); `storefront lint` lists them\n"))
            }
            if let territory, let moved = StoreKitConfiguration.catalog(loaded.catalog, inStorefront: territory) { loaded.catalog = moved }
            return loaded
        } catch {
            let shown = UntrustedText.path(url.path)
            let lines = error.problems.map { "\(shown): \($0)" }
            throw StartupError(message: "the catalog has problems:\n" + lines.joined(separator: "\n")
                               + "\n(run `storefront lint \(shown)` to check a catalog)")
        }
    }

    /// --catalog, or SampleCatalog.json in the current folder, or the one bundled in the source tree.
    func catalogURL() throws -> URL {
        if let catalog { return URL(fileURLWithPath: catalog) }
        return Self.defaultCatalogURL
    }

    static var defaultCatalogURL: URL { resourceURL("SampleCatalog.json") }

    /// A file or folder of the project (SampleCatalog.json, Themes): in the current folder, or else in
    /// the source tree this binary was built from, so `storefront` works from any folder.
    static func resourceURL(_ name: String) -> URL {
        let local = URL(fileURLWithPath: name)
        if FileManager.default.fileExists(atPath: local.path) { return local }
        let bundled = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: bundled.path) ? bundled : local
    }

    /// A territory the catalog sells in, by its code (`--territory`).
    private func lookUpTerritory(_ code: String, in catalog: Catalog) throws -> Territory {
        guard let match = catalog.territory(code) else {
            throw StartupError(message: "unknown territory \(UntrustedText.quoted(code)) (--territory); this catalog sells in \(catalog.territories.map(\.code).joined(separator: ", "))")
        }
        return match
    }

    /// A new account's storefront: the locale's region where the catalog sells there, else the USA,
    /// else the catalog's first.
    private func defaultTerritory(in catalog: Catalog, locale: Locale) -> Territory {
        let region = locale.region?.identifier
        return catalog.territories.first { $0.region == region } ?? catalog.territory("USA") ?? catalog.territories[0]
    }

    private func startInstant() throws -> Date? {
        guard let now else { return nil }
        if let instant = try? Date(now, strategy: .iso8601) { return instant }
        if let day = try? Date(now, strategy: Date.ISO8601FormatStyle().year().month().day()) { return day }
        throw StartupError(message: "\(UntrustedText.quoted(now)) is not an ISO 8601 instant (--now); write it like 2026-11-21T09:00:00Z or 2026-11-21")
    }
}

/// `--state`: one person's ledger. Its own group, so `serve` (a ledger per guest, `--state-dir`) does
/// not offer it.
struct LedgerOption: ParsableArguments {
    @Option(help: "Keep the ledger (transactions, renewals, scenario settings, clock) in this SQLite file, created if missing; printed as text (not a terminal), it is only read. Default: in memory, fresh on every launch.")
    var state: String?
}
