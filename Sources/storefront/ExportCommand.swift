import ArgumentParser
import Foundation
import StoreModel

/// `storefront export --storekit OUT.storekit [--catalog C] [--territory T]`: the catalog as an Xcode
/// StoreKit configuration file (version 4.0) for one storefront; what the format cannot hold is listed.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the catalog as an Xcode StoreKit configuration file (.storekit).",
        discussion: "Lists on standard error what the format cannot hold (other territories' prices, ...). Exits 2 on a broken catalog."
    )

    @Option(help: "The StoreKit configuration file to write.")
    var storekit: String

    /// --catalog (storefront's own or a .storekit file) and --territory, the storefront whose prices are
    /// written (default: a .storekit file's own storefront, else USA); the other launch options are unused.
    @OptionGroup var launch: LaunchOptions

    func run() throws {
        let source = try launch.loadCatalogFile().catalog
        let territory = launch.territory
        if let territory, source.territory(territory) == nil {
            throw StartupError(message: "unknown territory \(UntrustedText.quoted(territory)) (--territory); this catalog sells in \(source.territories.map(\.code).joined(separator: ", "))")
        }
        let result = StoreKitExport.export(source, territory: territory)
        do {
            try Data(result.text.utf8).write(to: URL(fileURLWithPath: storekit), options: .atomic)
        } catch {
            throw StartupError(message: "cannot write \(storekit): \((error as NSError).localizedDescription)")
        }
        for line in result.dropped { FileHandle.standardError.write(Data(UntrustedText.message("storefront export: not written: \(line)\n").utf8)) }
        print(UntrustedText.message("\(storekit): StoreKit configuration 4.0 written (\(source.products.count) products)"))
    }
}
