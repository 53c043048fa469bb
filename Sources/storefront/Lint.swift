import ArgumentParser
import Foundation
import StoreModel

/// `storefront lint [PATH]`: checks a catalog and prints every problem with its JSON path.
struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a catalog file and print every problem with its JSON path.",
        discussion: "Exits 0 when the catalog is sound and 2 when it has problems."
    )

    @Argument(help: "Catalog to check. Default: SampleCatalog.json.")
    var path: String?

    func run() throws {
        let url = path.map { URL(fileURLWithPath: $0) } ?? LaunchOptions.defaultCatalogURL
        do {
            let catalog = try CatalogLoader.load(contentsOf: url)
            print("\(url.path): no problems (\(catalog.products.count) products, "
                  + "\(catalog.territories.count) territories, \(catalog.offerCodes.count) offer-code offers)")
        } catch {
            for problem in error.problems { print("\(url.path): \(problem)") }
            let count = error.problems.count
            FileHandle.standardError.write(Data("storefront lint: \(count) problem\(count == 1 ? "" : "s")\n".utf8))
            throw ExitCode(2)
        }
    }
}
