import ArgumentParser
import Foundation
import Review
import StoreModel
import StoreUI
import TextSafety

/// `storefront gallery --out DIR`: every screen and overlay in every locale × size × theme, as one HTML
/// page with a `.txt` and an `.ans` file per screen (Review/Gallery.swift). `storefront gallery
/// --compare OLD NEW`: the screens whose text changed between two galleries, and a side-by-side page.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Draw every screen in every locale, size and theme as one HTML page; or compare two galleries.",
        discussion: """
            Writes DIR/index.html (filters by screen, state, locale, size and theme) and DIR/screens/NAME.txt \
            and NAME.ans, NAME being VISIT_LOCALE_SIZE_THEME. The clock is fixed (2026-11-21T09:00:00Z), so \
            two galleries of the same catalog are byte-identical. --compare OLD NEW prints one line per \
            screen whose text differs (changed, added, removed NAME) and writes a side-by-side page to \
            --out (default NEW/compare.html); exit 0 when none differs, 1 when some do, 2 on trouble.
            """
    )

    static let defaultSizes = "80x24,50x16,40x12"

    @Option(help: ArgumentHelp("The folder to write the gallery into (made if missing); with --compare, the comparison page's file.", valueName: "path"))
    var out: String?

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Compare two galleries' screens.", valueName: "old-dir new-dir"))
    var compare: [String] = []

    @Option(help: ArgumentHelp("Locales, comma-separated (default: one for each language the app speaks).", valueName: "en_US,ja_JP,…"))
    var locales: String?

    @Option(help: ArgumentHelp("Terminal sizes, comma-separated.", valueName: "80x24,50x16,…"))
    var sizes: String = defaultSizes

    @Option(help: ArgumentHelp("Themes, comma-separated: names in Themes/ or paths to theme files.", valueName: "default,light,…"))
    var themes: String = "default"

    @Option(help: ArgumentHelp("The catalog to draw (JSON or .storekit). Default: SampleCatalog.json, as the app's.", valueName: "path"))
    var catalog: String?

    func validate() throws {
        if compare.isEmpty {
            guard out != nil else { throw ValidationError("say where to write the gallery: --out DIR (or compare two: --compare OLD_DIR NEW_DIR)") }
        } else {
            guard compare.count == 2 else { throw ValidationError("--compare takes two gallery folders: --compare OLD_DIR NEW_DIR") }
            guard locales == nil, sizes == Self.defaultSizes, themes == "default", catalog == nil else {
                throw ValidationError("--compare compares two galleries already made; --locales, --sizes, --themes and --catalog belong to making one")
            }
        }
    }

    func run() throws {
        if compare.isEmpty { try make() } else { try runComparison() }
    }

    private func make() throws {
        let sizes = try Self.parseSizes(sizes)
        let localeIDs = try locales.map { try Self.parseLocales($0) } ?? Self.defaultLocales
        var settings: [Gallery.Setting] = []
        var catalog: Catalog?
        for (id, name) in localeIDs {
            // The app's own launch: the catalog as it reads it, the territory it starts in for the locale.
            let session = try LaunchOptions.parse(["--locale", id, "--now", "2026-11-21"] + (self.catalog.map { ["--catalog", $0] } ?? []))
                .resolve(state: nil)
            catalog = session.store.catalog
            settings.append(Gallery.Setting(locale: session.locale, territory: session.store.territory, name: name))
        }
        var choices: [Gallery.ThemeChoice] = []
        for name in Self.list(themes) {
            do {
                choices.append(Gallery.ThemeChoice(name: name, theme: try LaunchOptions.parse(["--theme", name]).loadTheme()))
            } catch let error as StartupError {
                throw StartupError(message: error.message.replacingOccurrences(of: "(--theme)", with: "(--themes)"))
            }
        }
        guard !choices.isEmpty else { throw StartupError(message: "--themes names no theme; write one like --themes default,light") }
        let gallery = Gallery(catalog: catalog!, settings: settings, sizes: sizes, themes: choices)
        let folder = URL(fileURLWithPath: out!, isDirectory: true)
        do {
            try gallery.write(to: folder, title: "storefront gallery: \(catalog!.app.name.resolved(for: Locale(identifier: "en_US"), fallback: catalog!.app.defaultLanguage))")
        } catch let notOurs as Gallery.NotOurs {
            throw StartupError(message: "cannot write the gallery into \(UntrustedText.path(folder.path)) (--out): \(UntrustedText.path(notOurs.description))")
        } catch {
            let posix = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError).flatMap { $0.domain == NSPOSIXErrorDomain ? Int32($0.code) : nil }
            let reason = posix.map { OutputFile.reason($0, folder: folder.path) } ?? (error as NSError).localizedDescription
            throw StartupError(message: "cannot write the gallery into \(UntrustedText.path(folder.path)) (--out): \(reason)")
        }
        let count = gallery.drawings.count * choices.count
        StandardStreams.out("wrote \(count) screens (\(Set(gallery.drawings.map(\.kind)).count) kinds × \(localeIDs.count) locales × \(sizes.count) sizes × \(choices.count) themes) to \(UntrustedText.path(folder.appendingPathComponent("index.html").path))" + "\n")
        if !gallery.unreached.isEmpty {
            StandardStreams.err("storefront: note: not drawn, as this catalog lacks what their sample flows use: \(gallery.unreached.joined(separator: ", "))\n")
        }
    }

    private func runComparison() throws {
        let old = URL(fileURLWithPath: compare[0], isDirectory: true), new = URL(fileURLWithPath: compare[1], isDirectory: true)
        let comparison: GalleryComparison
        do {
            comparison = try GalleryComparison(old: old, new: new)
        } catch {
            throw StartupError(message: UntrustedText.message(error.message))
        }
        let page = out.map { URL(fileURLWithPath: $0) } ?? new.appendingPathComponent("compare.html")
        do {
            try Data(comparison.html(old: compare[0], new: compare[1]).utf8).write(to: page)
        } catch {
            throw StartupError(message: "cannot write \(UntrustedText.path(page.path)): \(error.localizedDescription)")
        }
        for entry in comparison.entries { StandardStreams.out("\(entry.change.rawValue) \(UntrustedText.path(entry.name))\n") }
        StandardStreams.err("\(comparison.entries.count) screen\(comparison.entries.count == 1 ? "" : "s") differ; side by side in \(UntrustedText.path(page.path))\n")
        if !comparison.entries.isEmpty { throw ExitCode(1) }
    }

    /// One locale for each language the app speaks (Strings/Languages.swift), English first.
    static var defaultLocales: [(id: String, name: String)] {
        (["en_US"] + Strings.languageKeys.sorted().map { key in
            ["de": "de_DE", "fr": "fr_FR", "ja": "ja_JP", "es": "es_ES", "zh-Hans": "zh_CN"][key] ?? key
        }).map { ($0, $0) }
    }

    static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static func parseSizes(_ text: String) throws -> [Size] {
        let sizes = try list(text).map { item in
            let parts = item.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 2, let columns = parts[0], let rows = parts[1], (1...500).contains(columns), (1...500).contains(rows) else {
                throw StartupError(message: "\(UntrustedText.quoted(item)) is not a size (--sizes); write COLUMNSxROWS, 1 to 500 each, like 80x24,50x16")
            }
            return Size(columns: columns, rows: rows)
        }
        guard !sizes.isEmpty else { throw StartupError(message: "--sizes names no size; write them like 80x24,50x16") }
        return sizes
    }

    /// Each locale checked as --locale checks it, and named as it was written (en_US).
    static func parseLocales(_ text: String) throws -> [(id: String, name: String)] {
        let ids = try list(text).map { item in
            guard let id = LocaleCatalog.canonical(item) else {
                throw StartupError(message: "unknown locale \(UntrustedText.quoted(item)) (--locales); use identifiers like en_US,ja_JP")
            }
            return (id, item)
        }
        guard !ids.isEmpty else { throw StartupError(message: "--locales names no locale; write them like en_US,ja_JP") }
        return ids
    }
}
