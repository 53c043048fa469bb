import Foundation
import StoreModel

/// The catalog reader as the fuzz targets (`Sources/FuzzTargets`) drive it: the app's reading, and the
/// pieces of a reference reading (a reference parser's verdict and tree, `Tests/JSONReference`, then
/// the same reader for the catalog's meaning). Not for the app: it reads catalogs through
/// `CatalogLoader` and `CatalogFile`.
@_spi(Fuzzing) public enum CatalogReaders {
    /// What one reading gave, with the work it counted (nodes made, JSON paths built).
    public struct Reading {
        public var catalog: Catalog?
        public var problems: [CatalogProblem]
        public var nodes: Int
        public var paths: Int

        public init(catalog: Catalog?, problems: [CatalogProblem], nodes: Int, paths: Int) {
            (self.catalog, self.problems, self.nodes, self.paths) = (catalog, problems, nodes, paths)
        }
    }

    /// What `CatalogLoader.load` does: the tape checks the JSON and reports its problems itself.
    public static func either(_ bytes: UnsafeBufferPointer<UInt8>) -> Reading {
        reading(CatalogLoader.read(bytes))
    }

    /// The reading of a document the reference parser accepted, without looking for forbidden
    /// characters (the reference reading looks for them in its own tree with `textProblems`).
    public static func meaning(_ bytes: UnsafeBufferPointer<UInt8>) -> Reading {
        reading(CatalogLoader.read(bytes, checkingText: false))
    }

    /// The problems of the strings and keys of a document's tree that hold a forbidden character.
    public static func textProblems(_ value: JSONValue) -> [CatalogProblem] {
        let log = ProblemLog()
        CatalogReader(log: log).checkText(value)
        return log.problems
    }

    private static func reading(_ read: (Catalog?, ProblemLog)) -> Reading {
        Reading(catalog: read.0, problems: read.1.problems, nodes: read.1.nodesMade, paths: read.1.pathsBuilt)
    }
}
