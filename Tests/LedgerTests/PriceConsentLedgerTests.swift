import CatalogFormats
import Foundation
@testable import Ledger
import StoreModel
import TestSupport
import Testing

/// What Apple's price-increase consent rule keeps across launches.
struct PriceConsentLedgerTests {
    static var catalog: Catalog { LedgerTests.catalog }
    static var usa: Territory { LedgerTests.usa }
    static let monthly = "com.trailhead.plus.family.monthly"

    func path() -> String { ScratchFolder.make("ledger").appendingPathComponent("ledger.sqlite").path }

    @Test("the ledger keeps the date of the last increase without consent: a second one within a year still needs consent after a relaunch")
    func lastIncreaseDateSurvivesRelaunch() throws {
        let path = path()
        var store = AppStore(catalog: Self.catalog, territory: Self.usa, now: LedgerTests.start)
        store.purchase(Self.monthly)
        store.raisePrice(Self.monthly, to: Decimal(string: "10.99")!)
        #expect(store.status(ofGroup: "trailhead.plus")?.renewal?.priceIncreaseStatus == .agreed)
        store.advance(by: .oneMonth)
        try Ledger(path: path, catalog: Self.catalog, territory: Self.usa).save(store)
        var reopened = try #require(try Ledger(path: path, catalog: Self.catalog, territory: Self.usa).stored)
        let key = PriceIncrease.Key(territory: "USA", productID: Self.monthly)
        #expect(reopened.priceIncreases[key]?.lastWithoutConsent == LedgerTests.start)
        reopened.raisePrice(Self.monthly, to: Decimal(string: "11.99")!)
        #expect(reopened.status(ofGroup: "trailhead.plus")?.renewal?.priceIncreaseStatus == .pending)
    }

    @Test("the ledger keeps a price preserved for the subscriber: after a relaunch the renewal still charges it")
    func preservedPriceSurvivesRelaunch() throws {
        let path = path()
        var store = AppStore(catalog: Self.catalog, territory: Self.usa, now: LedgerTests.start)
        store.purchase(Self.monthly)
        store.raisePrice(Self.monthly, to: Decimal(string: "11.99")!, preserveCurrentPrice: true)
        try Ledger(path: path, catalog: Self.catalog, territory: Self.usa).save(store)
        var reopened = try #require(try Ledger(path: path, catalog: Self.catalog, territory: Self.usa).stored)
        #expect(reopened.renewals["trailhead.plus"] == store.renewals["trailhead.plus"])
        reopened.advance(by: .oneMonth)
        #expect(reopened.transactions.last?.price == Decimal(string: "9.99"))
    }
}
