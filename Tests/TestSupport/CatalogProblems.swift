import CatalogFormats
import Foundation
import Testing

/// The problems `storefront lint` would print for a JSON catalog, for suites that check a rule by the
/// message it gives (the readers' tests and the rules' tests alike).
public protocol CatalogProblemChecks {}

extension CatalogProblemChecks {
    /// The fixture with one piece of text replaced; fails the test if the text is not there.
    public func problems(replacing old: String, with new: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        #expect(Fixture.json.contains(old), "fixture does not contain \(old)", sourceLocation: sourceLocation)
        return problems(in: Fixture.json.replacingOccurrences(of: old, with: new))
    }

    public func problems(in json: String) -> [String] {
        do {
            _ = try CatalogLoader.load(Data(json.utf8))
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }
}
