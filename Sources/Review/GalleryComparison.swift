import Foundation

/// `storefront gallery --compare OLD NEW`: the screens whose text differs between two galleries (by
/// their `screens/*.txt` files, so a theme's colours alone change nothing), and a side-by-side page of
/// them, rows that differ marked — a pricing or copy review in one page.
public struct GalleryComparison: Sendable {
    public enum Change: String, Sendable {
        case changed, added, removed
    }

    public struct Entry: Sendable {
        public var name: String
        public var change: Change
        public var old: String?
        public var new: String?
    }

    /// Every screen that is not the same in both, in name order.
    public let entries: [Entry]

    public struct Problem: Error, Sendable {
        public var message: String
    }

    public init(old: URL, new: URL) throws(Problem) {
        let before = try Self.screens(old), after = try Self.screens(new)
        var entries: [Entry] = []
        for name in Set(before.keys).union(after.keys).sorted() {
            switch (before[name], after[name]) {
            case (let was?, let now?) where was != now: entries.append(Entry(name: name, change: .changed, old: was, new: now))
            case (nil, let now?): entries.append(Entry(name: name, change: .added, old: nil, new: now))
            case (let was?, nil): entries.append(Entry(name: name, change: .removed, old: was, new: nil))
            default: break
            }
        }
        self.entries = entries
    }

    /// A gallery's screens by name (the file name without `.txt`) and text.
    static func screens(_ folder: URL) throws(Problem) -> [String: String] {
        let screens = folder.appendingPathComponent("screens", isDirectory: true)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: screens.path) else {
            throw Problem(message: "\(folder.path) is not a gallery (it has no screens folder); make one with storefront gallery --out")
        }
        // The screens the gallery wrote, by its manifest: other files in the folder are not screens.
        let written = (try? String(contentsOf: screens.appendingPathComponent(Gallery.manifestName), encoding: .utf8))
            .map { Set($0.split(separator: "\n").map(String.init)) }
        var result: [String: String] = [:]
        for name in names where name.hasSuffix(".txt") && written?.contains(name) != false {
            guard let data = FileManager.default.contents(atPath: screens.appendingPathComponent(name).path) else {
                throw Problem(message: "cannot read \(screens.appendingPathComponent(name).path)")
            }
            result[String(name.dropLast(4))] = String(decoding: data, as: UTF8.self)
        }
        return result
    }

    /// The side-by-side page: for each screen that differs, the old text beside the new, rows that
    /// differ marked.
    public func html(old: String, new: String) -> String {
        let escape = GalleryPage.escape
        var page = GalleryPage.head(title: "Gallery comparison", generator: "storefront gallery --compare") + """
            body{margin:0;padding:16px;background:#ffffff;color:#1c1c1c;font:14px system-ui,sans-serif}
            section{margin-bottom:32px}
            .pair{display:flex;gap:24px;align-items:flex-start}
            pre{margin:0;padding:4px;background:#f4f4f4;font:14px/17px "DejaVu Sans Mono","Noto Sans Mono CJK JP",monospace}
            mark{background:#ffe08a}
            .removed mark{background:#ffc4c4}
            .added mark{background:#c8f0c8}
            </style>
            </head>
            <body>
            <h1>Gallery comparison</h1>
            <p>\(escape(old)) → \(escape(new)): \(entries.count) screen\(entries.count == 1 ? "" : "s") differ.</p>

            """
        for entry in entries {
            let oldRows = entry.old.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) } ?? []
            let newRows = entry.new.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) } ?? []
            func pane(_ rows: [String], _ other: [String], _ label: String, _ present: Bool) -> String {
                guard present else { return "<div><h3>\(label)</h3><p>(none)</p></div>" }
                let lines = rows.enumerated().map { index, row in
                    index < other.count && other[index] == row ? escape(row) : "<mark>\(escape(row))</mark>"
                }
                return "<div><h3>\(label)</h3><pre>\(lines.joined(separator: "\n"))</pre></div>"
            }
            page += "<section id=\"\(escape(entry.name))\" class=\"\(entry.change.rawValue)\"><h2>\(escape(entry.name)) — \(entry.change.rawValue)</h2><div class=\"pair\">"
            page += pane(oldRows, newRows, "before", entry.old != nil) + pane(newRows, oldRows, "after", entry.new != nil)
            page += "</div></section>\n"
        }
        return page + "</body>\n</html>\n"
    }
}
