import Foundation
import Testing
import TestSupport

/// `.storekit` files as people have them, on the command line (issue 32): a newer Xcode's keys are told
/// on opening, never fatal; export names what it drops and refuses options it does not use.
@Suite("storekit files on the command line")
struct StoreKitFilesCommandLineTests {
    static let kiln = "Tests/Fixtures/StoreKit/Kiln-v4.storekit"

    @Test("opening a file with keys storefront does not read says so in one line on standard error, and the file opens")
    func ignoredKeysOnOpen() throws {
        let out = ScratchFolder.make("storekit-files").appendingPathComponent("out.storekit").path
        let run = try Storefront.run(["export", "--storekit", out, "--catalog", Self.kiln], timeout: 20)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("\(Self.kiln): ignored 2 keys storefront does not read ($.settings._kilnPreviewFeature, $.products[1]._firingNotes); `storefront lint` lists them"), "\(run.stderr)")
        #expect(run.stderr.contains("storefront export: not written: $.products[1]._firingNotes: ignored when the file was read"), "\(run.stderr)")
    }

    @Test("lint of our own Xcode-shaped files finds no problems and lists the ignored keys and filled-in names")
    func lintClean() throws {
        for file in [Self.kiln, "Tests/Fixtures/StoreKit/Kiln-v5.storekit"] {
            let run = try Storefront.run(["lint", file], timeout: 20)
            #expect(run.status == 0, "\(file): \(run.stdout)\(run.stderr)")
        }
        let v4 = try Storefront.run(["lint", Self.kiln], timeout: 20)
        #expect(v4.stdout.contains("$.settings._kilnPreviewFeature: ignored"))
        #expect(v4.stdout.contains("$.products[0].localizations[0].displayName: warning: displayName is empty or missing"))
    }

    @Test("options that do not change a .storekit export are refused with a message, and nothing is written")
    func unusedOptionsRefused() throws {
        let out = ScratchFolder.make("storekit-files").appendingPathComponent("out.storekit").path
        let run = try Storefront.run(["export", "--storekit", out, "--locale", "de_DE", "--now", "2026-01-01"], timeout: 20)
        #expect(run.status != 0)
        #expect(run.stderr.contains("--locale does not change a .storekit export, so it is refused"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
