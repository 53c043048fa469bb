import Foundation
@testable import CatalogFormats
import StoreModel
import Testing

/// Xcode's `_storeKitErrors` in `.storekit` files: read into the `error` setting, written back on export.
struct StoreKitErrorsFileTests {
    typealias Files = StoreKitConfigurationTests

    /// Lumen-v4 with its `_storeKitErrors` entries replaced by `entries`.
    static func lumen(_ entries: String) throws -> String {
        let text = try String(contentsOf: Files.folder.appendingPathComponent("Lumen-v4.storekit"), encoding: .utf8)
        let start = try #require(text.range(of: "\"_storeKitErrors\" : ["))
        let end = try #require(text.range(of: "]", range: start.upperBound..<text.endIndex))
        return text.replacingCharacters(in: start.lowerBound..<end.upperBound, with: "\"_storeKitErrors\" : [" + entries + "]")
    }

    static func load(_ text: String) throws -> StoreKitConfiguration.Loaded {
        try StoreKitConfiguration.load(Data(text.utf8), name: "Lumen")
    }

    @Test("an enabled entry injects its current error into its call; a disabled one, nothing")
    func readsEnabledEntries() throws {
        let loaded = try Self.load(Self.lumen("""
            {"current": {"generic": {"_0": "networkError"}}, "enabled": true, "name": "Load Products"},
            {"current": {"verification": {"_0": "invalidSignature"}}, "enabled": true, "name": "Verification", "emptyOnError": false},
            {"current": {"refundRequest": "duplicateRequest"}, "enabled": true, "name": "Refund Request Sheet"},
            {"current": "systemError", "enabled": false, "name": "App Store Sync"}
            """))
        let errors = loaded.settings.filter { if case .storeKitError = $0 { true } else { false } }
        #expect(errors == [.storeKitError(.loadProducts, .networkError), .storeKitError(.verification, .invalidSignature),
                           .storeKitError(.refundRequestSheet, .duplicateRequest)])
    }

    @Test("a current storefront does not understand is a note naming its path, not a refusal, and the entry is exported as written")
    func unknownCurrentIsANote() throws {
        let text = try Self.lumen("""
            {"current": {"generic": {"_0": "solarFlare"}}, "enabled": true, "name": "Load Products"},
            {"current": {"generic": {"_0": "networkError"}}, "enabled": true, "name": "Verification"}
            """)
        let loaded = try Self.load(text)
        #expect(!loaded.settings.contains { if case .storeKitError = $0 { true } else { false } })
        let notes = loaded.notes.map(\.description)
        #expect(notes.contains { $0.hasPrefix("$.settings._storeKitErrors[0].current: kept for export, not injected: Load Products") })
        #expect(notes.contains { $0.hasPrefix("$.settings._storeKitErrors[1].current: kept for export, not injected: Verification") })
        let exported = try JSONValue.parse(Data(StoreKitExport.export(loaded.catalog).text.utf8))
        let original = try JSONValue.parse(Data(text.utf8))
        #expect(Files.normalized(exported) == Files.normalized(original))
    }

    @Test("round trip: errors set for export are written enabled with their error, and read back as the same settings")
    func roundTrip() throws {
        let loaded = try Self.load(Self.lumen("""
            {"current": null, "enabled": false, "name": "Load Products", "emptyOnError": true}
            """))
        let errors: [StoreKitErrorCategory: StoreKitErrorCase?] = [
            .loadProducts: .networkError, .verification: .revokedCertificate, .refundRequestSheet: .duplicateRequest,
            .purchase: nil, .appStoreSync: nil,
        ]
        let text = StoreKitExport.export(loaded.catalog, errors: errors).text
        #expect(text.contains("\"generic\" : {\n"))
        #expect(text.contains("\"_0\" : \"networkError\""))
        #expect(text.contains("\"emptyOnError\" : true"), "emptyOnError is kept as the file had it")
        let again = try Self.load(text)
        let read = again.settings.filter { if case .storeKitError = $0 { true } else { if case .failPurchases = $0 { true } else { false } } }
        #expect(read == [.storeKitError(.loadProducts, .networkError), .storeKitError(.verification, .revokedCertificate),
                         .storeKitError(.refundRequestSheet, .duplicateRequest)],
                "Purchase and App Store Sync were written off (and _failTransactionsEnabled false)")
    }

    @Test("a new file's export writes all nine calls, off unless set")
    func newFileWritesNine() throws {
        let url = Files.folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("SampleCatalog.json")
        let catalog = try CatalogLoader.load(contentsOf: url)
        let text = StoreKitExport.export(catalog, errors: [.offerCodeRedeemSheet: .unsupported]).text
        let again = try Self.load(text)
        #expect(again.settings.contains(.storeKitError(.offerCodeRedeemSheet, .unsupported)))
        for category in StoreKitErrorCategory.allCases { #expect(text.contains("\"name\" : \"\(category.xcodeName)\"")) }
    }
}
