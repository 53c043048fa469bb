import CatalogFormats
import Foundation
@testable import Review
import StoreModel
import StoreUI
import TestSupport
import Testing

/// The gallery (Review/Gallery.swift, GalleryPage.swift, GalleryComparison.swift) on the sample catalog.
struct GalleryTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sampleURL = repository.appendingPathComponent("SampleCatalog.json")
    static let sample: Catalog = try! CatalogLoader.load(contentsOf: sampleURL)
    static let defaultTheme: Theme = try! ThemeLoader.load(Data(contentsOf: repository.appendingPathComponent("Themes/default.json")), fallbackName: "default")
    static let sizes = [Size(columns: 80, rows: 24), Size(columns: 50, rows: 16)]

    /// The sample catalog with the Alps Map Pack changed (its English name, its US price).
    static func sample(alpsName: String? = nil, alpsPrice: String? = nil) throws -> Catalog {
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: sampleURL)) as! [String: Any]
        var products = json["products"] as! [[String: Any]]
        let index = products.firstIndex { $0["id"] as? String == "com.trailhead.maps.alps" }!
        if let alpsName {
            var name = products[index]["name"] as! [String: Any]
            name["en"] = alpsName
            products[index]["name"] = name
        }
        if let alpsPrice {
            var prices = products[index]["prices"] as! [String: Any]
            prices["USA"] = alpsPrice
            products[index]["prices"] = prices
        }
        json["products"] = products
        return try CatalogLoader.load(JSONSerialization.data(withJSONObject: json))
    }

    /// The issue's gallery: English and Japanese, 80x24 and 50x16, the default theme.
    static func gallery(_ catalog: Catalog = sample, locales: [String] = ["en_US", "ja_JP"]) -> Gallery {
        let settings = locales.map { id in
            let locale = Locale(identifier: id)
            let territory = catalog.territories.first { $0.region == locale.region?.identifier } ?? catalog.territory("USA")!
            return Gallery.Setting(locale: locale, territory: territory, name: id)
        }
        return Gallery(catalog: catalog, settings: settings, sizes: sizes, themes: [Gallery.ThemeChoice(name: "default", theme: defaultTheme)])
    }

    static func written(_ gallery: Gallery) throws -> URL {
        let folder = ScratchFolder.make("gallery")
        try gallery.write(to: folder, title: "storefront gallery: Trailhead")
        return folder
    }

    static func index(_ folder: URL) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
    }

    /// The values of one data attribute across the page's figures.
    static func values(_ attribute: String, in html: String) -> Set<String> {
        var result = Set<String>()
        var rest = html[...]
        let marker = " data-\(attribute)=\""
        while let start = rest.range(of: marker) {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            result.insert(String(rest[..<end]))
            rest = rest[end...]
        }
        return result
    }

    @Test("a gallery of the sample (en_US and ja_JP, 80x24 and 50x16, default theme) lists every registered screen and state in its index, with a .txt and .ans of each")
    func indexListsEveryScreen() throws {
        let gallery = Self.gallery()
        #expect(gallery.unreached.isEmpty, "\(gallery.unreached)")
        let folder = try Self.written(gallery)
        let html = try Self.index(folder)
        #expect(Self.values("screen", in: html) == Set(ScreenKind.allCases.map(\.rawValue)))
        #expect(Self.values("visit", in: html) == Set(ScreenVisit.all.map(\.name)))
        #expect(Self.values("locale", in: html) == ["en_US", "ja_JP"])
        #expect(Self.values("size", in: html) == ["80x24", "50x16", "36x10"], "the sizes asked for, and too-small's own")
        for drawing in gallery.drawings {
            let name = Gallery.fileName(drawing, theme: "default")
            let text = try String(contentsOf: folder.appendingPathComponent("screens/\(name).txt"), encoding: .utf8)
            #expect(text == drawing.grid.text + "\n", "\(name).txt is the screen's text")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("screens/\(name).ans").path))
            #expect(html.contains("id=\"\(name)\""))
        }
        for kind in ["screen", "visit", "locale", "size", "theme"] {
            #expect(html.contains("<select data-filter=\"\(kind)\">"), "a filter by \(kind)")
        }
        #expect(!html.contains("src=") && !html.contains("href="), "no external assets")
    }

    @Test("two galleries of the same catalog, written to different folders at different times, are byte-identical")
    func deterministic() throws {
        let first = try Self.written(Self.gallery())
        Thread.sleep(forTimeInterval: 1.1)
        let second = try Self.written(Self.gallery())
        let files = try FileManager.default.subpathsOfDirectory(atPath: first.path).sorted()
        #expect(files == (try FileManager.default.subpathsOfDirectory(atPath: second.path).sorted()))
        for file in files {
            let a = FileManager.default.contents(atPath: first.appendingPathComponent(file).path)
            let b = FileManager.default.contents(atPath: second.appendingPathComponent(file).path)
            #expect(a == b, "\(file) differs")
        }
        let html = try Self.index(first)
        #expect(!html.contains(first.path) && !html.contains(first.lastPathComponent), "no output path inside")
    }

    @Test("a gallery deletes nothing it did not write: screens/ with files from elsewhere is refused untouched; a second gallery removes only the first one's screens it does not write again, and compare reads only gallery screens")
    func deletesOnlyItsOwn() throws {
        let folder = ScratchFolder.make("gallery-own")
        let screens = folder.appendingPathComponent("screens")
        try FileManager.default.createDirectory(at: screens, withIntermediateDirectories: true)
        let mine = screens.appendingPathComponent("my-notes.txt")
        try "mine\n".write(to: mine, atomically: true, encoding: .utf8)
        #expect(throws: Gallery.NotOurs.self) { try Self.gallery(locales: ["en_US"]).write(to: folder, title: "t") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: screens.path) == ["my-notes.txt"], "nothing written, nothing deleted")

        try FileManager.default.removeItem(at: mine)
        try Self.gallery(locales: ["en_US", "ja_JP"]).write(to: folder, title: "t")
        try "mine\n".write(to: mine, atomically: true, encoding: .utf8)
        try Self.gallery(locales: ["en_US"]).write(to: folder, title: "t")
        let names = try FileManager.default.contentsOfDirectory(atPath: screens.path)
        #expect(names.contains("my-notes.txt"), "the person's file stays")
        #expect(!names.contains { $0.contains("ja_JP") }, "the first gallery's Japanese screens, not written again, are gone")
        #expect(names.contains { $0.contains("en_US") })
        let compared = try GalleryComparison(old: folder, new: folder)
        #expect(compared.entries.isEmpty)
        #expect(try !GalleryComparison.screens(folder).keys.contains("my-notes"), "compare reads the gallery's screens only")
    }

    @Test("catalog text is HTML-escaped in the page: a product named with markup shows as text")
    func escapesCatalogText() throws {
        let hostile = "<b>Alps</b> & 'Co'"
        let gallery = Self.gallery(try Self.sample(alpsName: hostile), locales: ["en_US"])
        let html = try Self.index(try Self.written(gallery))
        #expect(!html.contains("<b>Alps"))
        #expect(html.contains("&lt;b&gt;Alps&lt;/b&gt; &amp; &#39;Co&#39;"))
    }

    @Test("a wide character is one box two cells wide in the page, and each .ans row is as wide as the screen")
    func wideCharacters() throws {
        let gallery = Self.gallery(locales: ["ja_JP"])
        let folder = try Self.written(gallery)
        let html = try Self.index(folder)
        #expect(html.contains("<span class=\"w\">ア</span>"))
        let store = gallery.drawings.first { $0.visit == "store" && $0.size.columns == 80 }!
        let ans = try String(contentsOf: folder.appendingPathComponent("screens/\(Gallery.fileName(store, theme: "default")).ans"), encoding: .utf8)
        let rows = ans.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(rows.count == 24)
        for row in rows {
            // The row without its SGR sequences is the screen's row, every cell written.
            let plain = String(row).replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            #expect(TextWidth.of(plain) == 80, "\(plain)")
        }
        #expect(ans.contains("アルプス地図パック"), "a line of text is in the file as that text")
    }

    @Test("each screen is drawn in its theme's colours: the default theme's header is #005f87")
    func themeColours() throws {
        let html = try Self.index(try Self.written(Self.gallery(locales: ["en_US"])))
        let header = Role.allCases.firstIndex(of: .header)!
        #expect(html.contains(".t0 .r\(header){color:#ffffff;background:#005f87;font-weight:bold}"))
        #expect(html.contains("<div class=\"screen t0\"><div><span class=\"r\(header)\">"), "a screen's first row is the header")
    }

    @Test("compare: the same catalog twice differs nowhere; a price change lists exactly the screens whose text changed, side by side")
    func compare() throws {
        let old = try Self.written(Self.gallery(locales: ["en_US"]))
        let same = try GalleryComparison(old: old, new: try Self.written(Self.gallery(locales: ["en_US"])))
        #expect(same.entries.isEmpty)
        let repriced = try Self.written(Self.gallery(try Self.sample(alpsPrice: "5.99"), locales: ["en_US"]))
        let comparison = try GalleryComparison(old: old, new: repriced)
        let names = comparison.entries.map(\.name)
        #expect(names.contains("detail_en_US_80x24_default") && names.contains("store_en_US_80x24_default"))
        #expect(!names.contains("purchaseHelp_en_US_80x24_default"), "a screen without the price stays the same")
        #expect(comparison.entries.allSatisfy { $0.change == .changed && $0.new!.contains("5.99") }, "\(names)")
        let page = comparison.html(old: "old", new: "new")
        #expect(page.contains("<mark>") && page.contains("$5.99") && page.contains("$4.99"))
        #expect(throws: GalleryComparison.Problem.self) { try GalleryComparison(old: old, new: old.appendingPathComponent("screens")) }
    }
}
