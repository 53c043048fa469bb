import ArgumentParser
import CatalogFormats
import Foundation
import StoreModel
import TextSafety

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
        // StoreKit errors: a .storekit file's stay as written; a scenario file's and --error flags'
        // (and --fail-purchases) are written over them.
        var errors: [StoreKitErrorCategory: StoreKitErrorCase?] = [:]
        for setting in try launch.settings(catalog: source) {
            switch setting {
            case .storeKitError(let category, let error): errors[category] = .some(error)
            case .failPurchases(let error): errors[.purchase] = .some(error.flatMap(StoreKitErrorCase.init(purchaseError:)))
            default: break
            }
        }
        let result = StoreKitExport.export(source, territory: territory, errors: errors)
        let destination = try Self.destination(storekit)
        do {
            try Data(result.text.utf8).write(to: URL(fileURLWithPath: destination), options: .atomic)
        } catch {
            throw StartupError(message: "cannot write \(UntrustedText.path(storekit)): \((error as NSError).localizedDescription)")
        }
        for line in result.dropped { FileHandle.standardError.write(Data(UntrustedText.message("storefront export: not written: \(line)\n").utf8)) }
        print(UntrustedText.message("\(UntrustedText.path(storekit)): StoreKit configuration 4.0 written (\(source.products.count) products)"))
    }

    /// Where the file is written: `path` when it is a regular file or nothing yet, or the file a
    /// symbolic link names (the link is followed and stays a link; the atomic write would otherwise
    /// put a file in its place). A FIFO, a device, a folder or a link to nothing is refused before
    /// anything is written: the atomic write would replace it with a file.
    static func destination(_ path: String) throws -> String {
        func refuse(_ what: String) -> StartupError {
            StartupError(message: "cannot write \(UntrustedText.path(path)): it is \(what); export writes only to a regular file or a new path (--storekit)")
        }
        var target = path
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            guard let resolved = realpath(path, nil) else {
                let named = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
                throw refuse("a symbolic link to \(UntrustedText.path(named)), which does not exist")
            }
            target = String(cString: resolved)
            free(resolved)
        }
        if let kind = FileKind.notRegular(target) { throw refuse(kind) }
        return target
    }
}
