import Foundation
import StoreModel
import StoreUI
import Terminal

/// `storefront gallery`: every screen and overlay (`ScreenVisit.all`, from the app's own registry of
/// screen kinds) in every locale × size × theme, at a fixed clock, written as one HTML page
/// (`GalleryPage`) with a `.txt` and an `.ans` file per screen. Nothing in the output depends on where
/// or when it is written: two galleries of the same catalog are byte-identical.
public struct Gallery: Sendable {
    /// A locale to draw in, and the territory the app would start in for it.
    public struct Setting: Sendable {
        public var locale: Locale
        public var territory: Territory
        /// The locale as it was asked for (en_US), for file names and filters.
        public var name: String
        public init(locale: Locale, territory: Territory, name: String? = nil) {
            self.locale = locale
            self.territory = territory
            self.name = name ?? locale.identifier
        }
    }

    /// A theme and the name it was asked for by (a file name in Themes/).
    public struct ThemeChoice: Sendable {
        public var name: String
        public var theme: Theme
        public init(name: String, theme: Theme) {
            self.name = name
            self.theme = theme
        }
    }

    /// One screen as drawn: which visit, in which locale and size (the grid is the same in every theme).
    public struct Drawing: Sendable {
        public var visit: String
        public var kind: ScreenKind
        public var locale: String
        public var grid: Grid
        public var size: Size { grid.size }
    }

    /// Every screen drawn, in the registry's order, then by locale and size.
    public private(set) var drawings: [Drawing] = []
    /// The themes each drawing is shown in.
    public let themes: [ThemeChoice]
    /// Visits the catalog cannot make (a product or code the sample flows use is not in it).
    public private(set) var unreached: [String] = []

    /// The clock every gallery is drawn at, so the dates on screen never depend on the day it is made.
    public static let clock = Date(timeIntervalSince1970: 1_795_251_600)  // 2026-11-21T09:00:00Z
    /// The device id the inspector shows: fixed, where a fresh store makes a random one.
    static let deviceVerificationID = UUID(uuidString: "00000000-0000-4000-8000-000000000001")!

    public init(catalog: Catalog, settings: [Setting], sizes: [Size], themes: [ThemeChoice],
                visits: [ScreenVisit] = ScreenVisit.all) {
        self.themes = themes
        var unreached: [String] = []
        for visit in visits {
            for setting in settings {
                // A visit with a size of its own is drawn once per locale.
                for size in visit.size.map({ [$0] }) ?? sizes {
                    let app = visit.run({ gate, size in
                        var store = AppStore(catalog: catalog, territory: setting.territory, now: Self.clock, gate: gate)
                        store.deviceVerificationID = Self.deviceVerificationID
                        return AppState(store: store, locale: setting.locale, size: size)
                    }, size: size)
                    guard let app else {
                        if !unreached.contains(visit.name) { unreached.append(visit.name) }
                        continue
                    }
                    drawings.append(Drawing(visit: visit.name, kind: visit.kind, locale: setting.name, grid: app.view()))
                }
            }
        }
        self.unreached = unreached
    }

    /// The file name (without extension) of a drawing in a theme: `store-screen-time_ja_JP_50x16_default`.
    public static func fileName(_ drawing: Drawing, theme: String) -> String {
        [drawing.visit, drawing.locale, drawing.size.description, theme].map(safe).joined(separator: "_")
    }

    /// Letters, digits, -, _ and . only: a name from the command line never leaves the folder or breaks a line.
    static func safe(_ text: String) -> String {
        String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") ? $0 : "-" })
    }

    /// The list of files a gallery wrote into `screens/`, kept beside them: the next gallery into the same
    /// folder removes those it does not write again, and nothing else (issue 53, item 2).
    public static let manifestName = ".storefront-gallery"

    /// `screens/` holds screens no gallery of ours wrote (no manifest): they are never deleted.
    public struct NotOurs: Error, CustomStringConvertible {
        public var folder: String
        public var description: String {
            "\(folder) holds .txt or .ans files that no storefront gallery wrote; give --out an empty or new folder, or one a gallery wrote before"
        }
    }

    /// Writes `index.html` and `screens/NAME.txt` and `.ans` into a folder (made if missing). Screens an
    /// earlier gallery wrote there (its manifest says which) and this one does not are removed, so the
    /// folder holds this gallery only; nothing else in the folder is touched, and a `screens/` folder
    /// with screens from elsewhere is refused before anything is written.
    public func write(to folder: URL, title: String) throws {
        let screens = folder.appendingPathComponent("screens", isDirectory: true)
        let manifest = screens.appendingPathComponent(Self.manifestName)
        let present = (try? FileManager.default.contentsOfDirectory(atPath: screens.path)) ?? []
        let earlier: Set<String>
        if let text = try? String(contentsOf: manifest, encoding: .utf8) {
            earlier = Set(text.split(separator: "\n").map(String.init))
        } else if present.contains(where: { $0.hasSuffix(".txt") || $0.hasSuffix(".ans") }) {
            throw NotOurs(folder: screens.path)
        } else {
            earlier = []
        }
        try FileManager.default.createDirectory(at: screens, withIntermediateDirectories: true)
        var written: [String] = []
        for choice in themes {
            let ansi = ANSIRows(theme: choice.theme)
            for drawing in drawings {
                let name = Self.fileName(drawing, theme: choice.name)
                try Data((drawing.grid.text + "\n").utf8).write(to: screens.appendingPathComponent(name + ".txt"), options: .atomic)
                try Data(ansi.text(drawing.grid).utf8).write(to: screens.appendingPathComponent(name + ".ans"), options: .atomic)
                written += [name + ".txt", name + ".ans"]
            }
        }
        for old in earlier.subtracting(written) where !old.contains("/") && present.contains(old) {
            try? FileManager.default.removeItem(at: screens.appendingPathComponent(old))
        }
        try Data(written.joined(separator: "\n").utf8).write(to: manifest, options: .atomic)
        try Data(GalleryPage(gallery: self, title: title).html.utf8).write(to: folder.appendingPathComponent("index.html"), options: .atomic)
    }
}
