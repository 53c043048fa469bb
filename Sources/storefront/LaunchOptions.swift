import ArgumentParser
import Foundation
import StoreModel
import StoreUI

extension PaymentGate: ExpressibleByArgument {}

/// The options every way of starting the store shares.
struct LaunchOptions: ParsableArguments {
    @Option(help: "Catalog file to sell from.")
    var catalog: String?

    @Option(help: "Locale for text, prices and dates, like en_US, de_DE or ja_JP. Default: the terminal's (LANG).")
    var locale: String?

    @Option(help: "App Store territory (ISO 3166 alpha-3, like USA, DEU or JPN). Default: the locale's region.")
    var territory: String?

    @Option(help: "Whether the device can make payments: \(PaymentGate.allCases.map(\.rawValue).joined(separator: ", ")).")
    var payments: PaymentGate = .allowed

    @Option(help: "Start instant of the simulated clock, ISO 8601 (2026-11-21T09:00:00Z or 2026-11-21). Default: now.")
    var now: String?

    @Option(help: "Theme: a name from Themes/ (default, light, high-contrast) or a path to a theme file.")
    var theme: String = "default"

    /// Everything a session needs, checked.
    struct Session {
        var store: AppStore
        var locale: Locale
        var theme: Theme
    }

    func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Session {
        let catalog = try loadCatalog()
        let locale: Locale
        if let requested = self.locale {
            guard let id = LocaleCatalog.canonical(requested) else {
                throw StartupError(message: "unknown locale \"\(requested)\" (--locale); use an identifier like en_US, de_DE, fr_FR or ja_JP")
            }
            locale = Locale(identifier: id)
        } else {
            locale = LocaleCatalog.fromEnvironment(environment)
        }
        let territory = try chooseTerritory(in: catalog, locale: locale)
        let start = try startInstant()
        return Session(store: AppStore(catalog: catalog, territory: territory, now: start, gate: payments),
                       locale: locale, theme: try loadTheme())
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
            throw StartupError(message: "unknown theme \"\(theme)\" (--theme); available: \(names)")
        }
        do {
            return try ThemeLoader.load(data, fallbackName: url.deletingPathExtension().lastPathComponent)
        } catch {
            throw StartupError(message: "the theme has problems:\n" + error.problems.map { "\(url.path): \($0)" }.joined(separator: "\n"))
        }
    }

    func loadCatalog() throws -> Catalog {
        let url = try catalogURL()
        do {
            return try CatalogLoader.load(contentsOf: url)
        } catch {
            let lines = error.problems.map { "\(url.path): \($0)" }
            throw StartupError(message: "the catalog has problems:\n" + lines.joined(separator: "\n")
                               + "\n(run `storefront lint \(url.path)` to check a catalog)")
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

    private func chooseTerritory(in catalog: Catalog, locale: Locale) throws -> Territory {
        let known = catalog.territories.map(\.code).joined(separator: ", ")
        if let requested = territory {
            guard let match = catalog.territory(requested) else {
                throw StartupError(message: "unknown territory \"\(requested)\" (--territory); this catalog sells in \(known)")
            }
            return match
        }
        let region = locale.region?.identifier
        return catalog.territories.first { $0.region == region }
            ?? catalog.territory("USA") ?? catalog.territories[0]
    }

    private func startInstant() throws -> Date {
        guard let now else { return Date() }
        if let instant = try? Date(now, strategy: .iso8601) { return instant }
        if let day = try? Date(now, strategy: Date.ISO8601FormatStyle().year().month().day()) { return day }
        throw StartupError(message: "\"\(now)\" is not an ISO 8601 instant (--now); write it like 2026-11-21T09:00:00Z or 2026-11-21")
    }
}
