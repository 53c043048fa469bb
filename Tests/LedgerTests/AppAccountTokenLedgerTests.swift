import CatalogFormats
import Foundation
@testable import Ledger
import StoreModel
import TestSupport
import Testing

/// A transaction's appAccountToken in the ledger (migration v10-app-account-token, after main's v8 and v9).
struct AppAccountTokenLedgerTests {
    @Test("the appAccountToken a purchase passed comes back from the ledger on it and on its renewals")
    func tokenSaved() throws {
        let catalog = LedgerTests.catalog, usa = LedgerTests.usa
        let path = ScratchFolder.make("token").appendingPathComponent("ledger.sqlite").path
        let token = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
        var store = AppStore(catalog: catalog, territory: usa, now: LedgerTests.start)
        store.purchase("com.trailhead.plus.pro.monthly", appAccountToken: token)
        store.purchase("com.trailhead.maps.alps")
        store.advance(by: SubscriptionPeriod(value: 1, unit: .month))
        #expect(store.transactions.map(\.appAccountToken) == [token, nil, token], "a renewal carries its purchase's token")
        try Ledger(path: path, catalog: catalog, territory: usa).save(store)
        let reopened = try #require(try Ledger(path: path, catalog: catalog, territory: usa).stored)
        #expect(reopened.transactions.map(\.appAccountToken) == [token, nil, token])
        #expect(StoreKitFields.transaction(reopened.transactions[0], in: reopened)
            .first { $0.name == "appAccountToken" }?.value.text == "6f9619ff-8b86-d011-b42d-00c04fc964ff")
    }
}
