import Foundation
import GRDB
import StoreModel
import Testing
@testable import Ledger

/// A storefront change QA made (`set territory`) in the ledger (migration v12-storefront-changes): a Log
/// event naming the storefront moved to.
struct StorefrontChangeLedgerTests {
    var catalog: Catalog { LedgerTests.catalog }
    var usa: Territory { LedgerTests.usa }

    @Test("a storefront change is saved as a Log event with the storefront it moved to, and comes back")
    func roundTrip() throws {
        let path = LedgerTests().temporaryPath()
        var store = AppStore(catalog: catalog, territory: usa, now: LedgerTests.start)
        store.changeStorefront(to: try #require(catalog.territory("JPN")))
        try Ledger(path: path, catalog: catalog, territory: usa).save(store)
        let loaded = try #require(try Ledger(path: path, catalog: catalog, territory: usa).stored)
        #expect(loaded.events == store.events)
        #expect(loaded.events.first?.kind == .storefrontChange && loaded.events.first?.storefront == "JPN")
    }

    @Test("a v7 ledger (before storefront changes) opens and is migrated: its events read with no storefront")
    func fromV7() throws {
        let path = try LedgerTests().olderLedger(upTo: Ledger.offerCodeMigration)
        let ledger = try Ledger(path: path, catalog: catalog, territory: usa)
        let stored = try #require(ledger.stored)
        #expect(stored.events.map(\.kind) == [.cancelled])
        #expect(stored.events.first?.storefront == nil)
        var store = stored
        store.changeStorefront(to: try #require(catalog.territory("DEU")))
        try ledger.save(store)
        let applied = try DatabaseQueue(path: path).read { try Ledger.migrator.appliedIdentifiers($0) }
        #expect(applied.contains(Ledger.storefrontChangeMigration))
    }
}
