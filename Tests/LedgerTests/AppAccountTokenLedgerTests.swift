import CatalogFormats
import Foundation
@testable import Ledger
import StoreModel
import TestSupport
import Testing

/// A transaction's appAccountToken in the ledger (migration v11-app-account-token), and a waiting
/// request's (v13-request-app-account-token).
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

    @Test("a purchase that waits (Ask to Buy, interrupted) keeps the appAccountToken the app passed, across a relaunch, and the transaction it becomes carries it")
    func waitingRequestKeepsToken() throws {
        let catalog = LedgerTests.catalog, usa = LedgerTests.usa
        let path = ScratchFolder.make("request-token").appendingPathComponent("ledger.sqlite").path
        let asked = UUID(uuidString: "0E984725-C51C-4BF4-9960-E1C80E27ABA0")!
        let interrupted = UUID(uuidString: "A1B2C3D4-E5F6-4711-8899-AABBCCDDEEFF")!
        var store = AppStore(catalog: catalog, territory: usa, now: LedgerTests.start)
        store.scenario.askToBuy = true
        store.purchase("com.trailhead.maps.alps", appAccountToken: asked)
        store.scenario.askToBuy = false
        store.scenario.interruptPurchases = true
        store.purchase("com.trailhead.maps.rockies", appAccountToken: interrupted)
        store.scenario.interruptPurchases = false
        #expect(store.transactions.isEmpty, "both wait: no transaction yet")
        try Ledger(path: path, catalog: catalog, territory: usa).save(store)
        var reopened = try #require(try Ledger(path: path, catalog: catalog, territory: usa).stored)
        #expect(reopened.pendingRequests.map(\.appAccountToken) == [asked, interrupted])
        let requests = reopened.pendingRequests
        reopened.approve(requests[0].id)
        reopened.resolveInterruption(requests[1].id)
        #expect(reopened.transactions.map(\.productID) == ["com.trailhead.maps.alps", "com.trailhead.maps.rockies"])
        #expect(reopened.transactions.map(\.appAccountToken) == [asked, interrupted])
    }
}
