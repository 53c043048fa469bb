import Foundation
import Testing

/// docs/dev/codebase-guide.md cannot drift from the tree: every path it names exists, and each recipe
/// lists the files a change of its kind really takes, worked out here from the sources.
@Suite("Codebase guide")
struct CodebaseGuideTests {
    static let root = Storefront.repository
    static let guide = (try? String(contentsOf: root.appendingPathComponent("docs/dev/codebase-guide.md"), encoding: .utf8)) ?? ""

    /// The paths the text names in backticks (`Sources/…`, `Tests/…`, `docs/…`, `.ci/…`).
    static func paths(in text: String) -> Set<String> {
        var found: Set<String> = []
        for piece in text.components(separatedBy: "`").enumerated() where piece.offset % 2 == 1 {
            let word = piece.element.split(separator: " ").first.map(String.init) ?? ""
            if ["Sources/", "Tests/", "docs/", ".ci/"].contains(where: word.hasPrefix) { found.insert(word) }
        }
        return found
    }

    /// A recipe's text: from its heading to the next.
    static func recipe(_ title: String) -> String {
        guard let start = guide.range(of: "### " + title) else { return "" }
        let rest = guide[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n### ")?.lowerBound ?? rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    /// The source files whose text contains `needle`, relative to the repository.
    static func sources(containing needle: String, under folder: String = "Sources") -> Set<String> {
        let base = root.appendingPathComponent(folder)
        var found: Set<String> = []
        let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where file.pathExtension == "swift" {
            guard let text = try? String(contentsOf: file, encoding: .utf8), text.contains(needle) else { continue }
            found.insert(folder + "/" + file.path.dropFirst(base.path.count + 1))
        }
        return found
    }

    @Test("every path the guide names exists")
    func pathsExist() {
        let named = Self.paths(in: Self.guide)
        #expect(named.count > 40)
        for path in named {
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path), "\(path)")
        }
    }

    @Test("the screen recipe lists every file a screen took, strings aside: the newest screen's kind is named in exactly those and its own, three besides strings")
    func screenRecipe() {
        // The Redeem welcome (issue 41) is the newest screen: every file that names its kind.
        let took = Self.sources(containing: "redeemWelcome").filter { !$0.hasPrefix("Sources/StoreUI/Strings/") }
        let own = "Sources/StoreUI/Screens/RedeemWelcomeScreen.swift"
        #expect(took.contains(own))
        let listed = Self.paths(in: Self.recipe("A screen")).filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Sources/StoreUI/Strings/") }
        #expect(took.subtracting([own]) == listed, "the recipe lists \(listed.sorted()); the screen took \(took.sorted())")
        #expect(took.count <= 3)
    }

    @Test("the persisted-fact recipe lists where a setting and a transaction's fact are declared: two files, and the migration")
    func persistedFactRecipe() {
        let recipe = Self.paths(in: Self.recipe("A persisted fact"))
        // A setting: commitmentDisclosureShown, persisted by its declaration and one entry.
        let setting = Self.sources(containing: "commitmentDisclosureShown").intersection(
            Self.sources(containing: "commitmentDisclosureShown = false").union(Self.sources(containing: "settingFacts")))
        #expect(setting == ["Sources/StoreModel/AppStore.swift", "Sources/Ledger/Snapshot.swift"])
        #expect(setting.isSubset(of: recipe))
        // A transaction's fact: the device that made it (issue 51).
        let column = Self.sources(containing: "\"deviceName\"", under: "Sources/Ledger")
        #expect(column == ["Sources/Ledger/Snapshot.swift", "Sources/Ledger/Ledger.swift"])
        #expect(column.union(["Sources/StoreModel/Transaction.swift"]).isSubset(of: recipe))
    }

    @Test("every module has its line in the guide's table")
    func modules() throws {
        let modules = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path)
        for module in ["TextSafety", "StoreModel", "CatalogFormats", "StoreUI", "Ledger", "AppStoreSigning", "Terminal", "Review", "Serve", "storefront"] {
            #expect(modules.contains(module))
            #expect(Self.guide.contains("| `Sources/\(module)/` |"), "\(module)")
        }
    }
}
