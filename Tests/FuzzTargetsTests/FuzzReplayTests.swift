@_spi(Fuzzing) import CatalogFormats
import Foundation
@testable import FuzzTargets
import StoreModel
import Testing

/// The fuzz targets' promises over their seed corpora and every finding kept in Tests/Fixtures/Fuzz:
/// a finding of `.ci/fuzz` becomes a regression test by saving its input there (docs/fuzzing.md).
@Suite("Fuzz targets: seeds and kept findings")
struct FuzzReplayTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A target's seed files (its folders expanded) and the findings kept for it.
    static func inputs(of target: FuzzTarget) -> [URL] {
        target.seeds.flatMap { seed -> [URL] in
            let url = repository.appendingPathComponent(seed)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return [] }
            guard isFolder.boolValue else { return [url] }
            return ((try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: [.isDirectoryKey])) ?? [])
                .filter { !$0.lastPathComponent.hasPrefix(".") && !$0.hasDirectoryPath }.sorted { $0.path < $1.path }
        }
    }

    @Test("every seed and every kept finding keeps the target's promises (path and line, no control characters, linear work)",
          arguments: FuzzTarget.all.map(\.name))
    func replay(name: String) throws {
        let target = try #require(FuzzTarget.named(name))
        let files = Self.inputs(of: target)
        #expect(!files.isEmpty, "\(name) has seeds")
        for file in files {
            let finding = target.run(try Data(contentsOf: file))
            #expect(finding == nil, "\(file.lastPathComponent): \(finding ?? "")")
        }
    }

    @Test("every target's dictionary exists and each of its lines is an entry libFuzzer reads")
    func dictionaries() throws {
        for target in FuzzTarget.all {
            guard let path = target.dictionary else { continue }
            let text = try String(contentsOf: Self.repository.appendingPathComponent(path), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                #expect(line.contains(/^[A-Za-z0-9_]*="(?:[^"\\]|\\.)*"$/), "\(path): \(line)")
            }
        }
    }

    // The checks themselves can fail: each promise, broken on purpose.

    @Test("a control character in a message or a catalog string is a finding")
    func controlsAreFindings() {
        #expect(FuzzTarget.controlIn("fine text", "x") == nil)
        #expect(FuzzTarget.controlIn("bell\u{07}", "x") != nil)
        #expect(FuzzTarget.controlIn("two\nlines", "x") != nil)
        #expect(FuzzTarget.controlIn("bidi\u{202E}", "x") != nil)
    }

    @Test("a problem without a JSON path, or a refusal without a problem, is a finding")
    func problemsSayWhere() {
        let good = CatalogProblem(path: JSONPath.root.appending("products").appending(0), reason: "bad")
        #expect(FuzzTarget.checkProblems([good], "x") == nil)
        #expect(FuzzTarget.checkProblems([CatalogProblem(path: .root, reason: "")], "x") != nil)
        let refused = FuzzTarget.checkReading(.init(catalog: nil, problems: [], nodes: 0, paths: 0), size: 10)
        #expect(refused?.contains("without a problem") == true)
    }

    @Test("work over the budget is a finding: nodes beyond a fixed multiple of the input, paths beyond the problems")
    func workBudget() {
        let problem = CatalogProblem(path: JSONPath.root.appending("x"), reason: "bad")
        let many = FuzzTarget.checkReading(.init(catalog: nil, problems: [problem], nodes: 10_000, paths: 1), size: 100)
        #expect(many?.contains("nodes") == true)
        let paths = FuzzTarget.checkReading(.init(catalog: nil, problems: [problem], nodes: 10, paths: 1_000), size: 100)
        #expect(paths?.contains("paths") == true)
    }

    @Test("the Mirror walk finds text deep in a catalog (so a control character there would be found)")
    func catalogTextIsWalked() throws {
        let data = try Data(contentsOf: Self.repository.appendingPathComponent("Tests/Fixtures/Fuzz/catalog/seed-small.json"))
        let catalog = try CatalogLoader.load(data)
        var found: [String] = []
        FuzzTarget.strings(in: catalog, into: &found)
        #expect(found.contains("フィクスチャ"), "the app's Japanese name")
        #expect(found.contains("Three months."), "a product's description")
    }
}
