import Foundation
import GRDB
import Testing
import StoreModel
@testable import Ledger

/// Injected StoreKit errors are scenario settings: a ledger keeps them, one row per call.
@Suite("StoreKit errors in saved ledgers")
struct StoreKitErrorsLedgerTests {
    typealias T = LedgerTests

    @Test("injected errors are saved one row per call and come back; turning one off is saved too")
    func savedAndRestored() throws {
        let path = T().temporaryPath()
        var store = AppStore(catalog: T.catalog, territory: T.usa, now: T.start)
        store.apply(.storeKitError(.loadProducts, .networkError))
        store.apply(.storeKitError(.refundRequestSheet, .duplicateRequest))
        try Ledger(path: path, catalog: T.catalog, territory: T.usa).save(store)
        let rows = try DatabaseQueue(path: path).read {
            try String.fetchAll($0, sql: "SELECT name || '=' || value FROM setting WHERE name LIKE 'error %' ORDER BY name")
        }
        #expect(rows.contains("error load-products=network-error"))
        #expect(rows.contains("error refund-request-sheet=duplicate-request"))
        #expect(rows.contains("error verification=off"))
        var loaded = try #require(try Ledger(path: path, catalog: T.catalog, territory: T.usa).stored)
        #expect(loaded.injectedError(.loadProducts) == .networkError)
        #expect(loaded.injectedError(.refundRequestSheet) == .duplicateRequest)
        loaded.apply(.storeKitError(.loadProducts, nil))
        do {
            let again = try Ledger(path: path, catalog: T.catalog, territory: T.usa)
            _ = again.stored
            try again.save(loaded)
        }
        let reopened = try #require(try Ledger(path: path, catalog: T.catalog, territory: T.usa).stored)
        #expect(reopened.injectedError(.loadProducts) == nil)
        #expect(reopened.injectedError(.refundRequestSheet) == .duplicateRequest)
    }

    @Test("a hand-edited error row the call does not have is refused with its table and row")
    func badRowRefused() throws {
        let path = T().temporaryPath()
        try Ledger(path: path, catalog: T.catalog, territory: T.usa).save(AppStore(catalog: T.catalog, territory: T.usa, now: T.start))
        try LedgerHardeningTests().edit(path, "UPDATE setting SET value = 'duplicate-request' WHERE name = 'error load-products'")
        let failure = #expect(throws: Ledger.Failure.self) { try Ledger(path: path, catalog: T.catalog, territory: T.usa) }
        #expect(failure?.description.contains(#"table setting, row "error load-products": "duplicate-request" is not an error of load-products"#) == true,
                "\(failure?.description ?? "")")
    }
}
