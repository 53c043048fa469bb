import Foundation
import Testing

/// The catalog fuzz pass, over an Xcode StoreKit configuration file, in its own folder.
struct StoreKitFuzzTests {
    @Test("a mutated .storekit file makes lint exit 0 or 2 with a path or a line for every problem, never a signal")
    func storeKitFiles() throws {
        let fixture = Storefront.sampleCatalog.deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/StoreKit/Lumen-v4.storekit")
        try FuzzTests.lintMutants(of: Data(contentsOf: fixture), cases: 40, folder: "fuzz-storekit", extension: "storekit")
    }
}
