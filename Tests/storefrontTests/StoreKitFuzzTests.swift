import Foundation
import Testing
import TestSupport

/// The catalog fuzz pass, over a Xcode StoreKit configuration file: whatever the mutation, `storefront
/// lint` exits 0 or 2, names a path or a line for each problem, and never dies of a signal.
struct StoreKitFuzzTests {
    static let cases = 40

    @Test("a mutated .storekit file makes lint exit 0 or 2 with a path or a line for every problem, never a signal")
    func storeKitFiles() throws {
        var random = SeededGenerator(seed: FuzzTests.seed)
        let fixture = Storefront.sampleCatalog.deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/StoreKit/Lumen-v4.storekit")
        let original = try Data(contentsOf: fixture)
        let folder = try FuzzTests.folder("fuzz-storekit")
        for index in 0..<Self.cases {
            let mutant = CatalogMutator.mutate(original, &random)
            let file = folder.appendingPathComponent("case-\(index).storekit")
            try mutant.data.write(to: file)
            let run = try Storefront.run(["lint", file.path], timeout: 20)
            let what = "seed \(FuzzTests.seed), case \(index) (\(mutant.how)), kept in \(file.path)"
            #expect(run.signal == nil, "lint died of signal \(run.signal ?? 0): \(what)")
            #expect(run.status == 0 || run.status == 2, "lint exited \(run.status): \(what)\n\(run.stderr)")
            for line in run.stdout.split(separator: "\n") where line.hasPrefix(file.path + ":") {
                let rest = line.dropFirst(file.path.count + 1)
                #expect(rest.contains("$") || rest.contains("line ") || rest.contains("no problems"), "no path or line in \(line): \(what)")
            }
            FuzzTests.expectNoControls(run.stdout + run.stderr, what)
            if run.signal == nil && (run.status == 0 || run.status == 2) { try? FileManager.default.removeItem(at: file) }
        }
    }
}
