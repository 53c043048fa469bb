import CatalogFormats
import Foundation
import StoreModel
@testable import StoreUI
import Testing

/// A team's own Xcode .storekit file, in the store and on the sign-up screen: its names, prices in the
/// file's storefront currency, and offer terms.
struct StoreKitScreenTests {
    static func app(_ version: Int, locale: String = "en_US", territory: String? = nil) throws -> AppState {
        let url = Sample.repository.appendingPathComponent("Tests/Fixtures/StoreKit/Lumen-v\(version).storekit")
        var catalog = try CatalogFile.load(contentsOf: url).catalog
        if let territory { catalog = try #require(StoreKitConfiguration.catalog(catalog, inStorefront: territory)) }
        let store = AppStore(catalog: catalog, territory: territory.flatMap(catalog.territory) ?? catalog.territories[0], now: Sample.start)
        return AppState(store: store, locale: Locale(identifier: locale), size: Size(columns: 80, rows: 24))
    }

    @Test("each file version's store shows the file's names and prices in its storefront's currency", arguments: [1, 2, 3, 4])
    func store(_ version: Int) throws {
        let text = try Self.app(version).view().text
        let (monthly, yearly) = version == 3 ? ("¥600", "¥6,000") : version == 2 ? ("£4.99", "£39.99") : ("$4.99", "$39.99")
        for expected in ["Film Rolls", "Tilt Lens", "Pro Monthly", "Pro Yearly", "Season Pass", monthly, yearly] {
            #expect(text.contains(expected), "v\(version) store lacks \(expected):\n\(text)")
        }
    }

    @Test("golden: the v4 file's store at 80×24")
    func golden() throws {
        expectGolden(try Self.app(4).view(), "storekit-v4-80x24")
    }

    @Test("the sign-up screen shows the file's subscriptions with their introductory terms and the file's policies")
    func signup() throws {
        var app = try Self.app(4)
        app.openSignup(groupID: "2A000001", selecting: nil)
        let text = SignupTests.allText(app) // whitespace taken out
        for expected in ["ProMonthly", "ProYearly", "Freefor1week", "$4.99", "$39.99", "$19.99", "lumen.example.com/privacy", "stdeula"] {
            #expect(text.contains(expected), "sign-up lacks \(expected):\n\(text)")
        }
    }

    @Test("another storefront shows the same numbers in its own currency, as StoreKit Testing does")
    func otherStorefront() throws {
        let text = try Self.app(4, locale: "de_DE", territory: "DEU").view().text
        #expect(text.contains("4,99 €") && text.contains("39,99 €"), "\(text)")
    }
}
