import Foundation
import StoreModel

/// The catalog's two readers, side by side, for the fuzz targets (`Sources/FuzzTargets`): the
/// one-pass tape and the careful reader must accept the same documents and report the same problems.
/// Not for the app: it reads catalogs through `CatalogLoader` and `CatalogFile`.
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

    /// The one-pass reading, or nil where it hands the document to the careful reader.
    public static func onePass(_ bytes: UnsafeBufferPointer<UInt8>) -> Reading? {
        CatalogLoader.readInOnePass(bytes).map(Self.reading)
    }

    /// The careful reading: `JSONParser` checks the whole document first.
    public static func careful(_ bytes: UnsafeBufferPointer<UInt8>) -> Reading {
        reading(CatalogLoader.readCheckingFirst(bytes))
    }

    /// What `CatalogLoader.load` does: the one pass, and the careful reading where it hands over.
    public static func either(_ bytes: UnsafeBufferPointer<UInt8>) -> Reading {
        reading(CatalogLoader.read(bytes))
    }

    private static func reading(_ read: (Catalog?, ProblemLog)) -> Reading {
        Reading(catalog: read.0, problems: read.1.problems, nodes: read.1.nodesMade, paths: read.1.pathsBuilt)
    }
}
