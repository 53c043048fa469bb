import Foundation
import GRDB
import Testing
import StoreModel
@testable import Ledger

/// Issue 11: time rates are StoreKit Testing's by name; a ledger saved with an earlier value still opens.
@Suite("Time rates in saved ledgers")
struct TimeRateLedgerTests {
    typealias T = LedgerTests

    @Test("a ledger saved with an earlier time-rate value opens at the StoreKit Testing rate it names, or the nearest, and is saved with the new name",
          arguments: [("30s", TimeRate.monthlyRenewalEveryThirtySeconds), ("1h", .monthlyRenewalEveryHour), ("real", .realTime),
                      ("10m", .monthlyRenewalEveryFifteenMinutes), ("1m", .monthlyRenewalEveryThirtySeconds)])
    func earlierTimeRatesOpen(_ saved: String, _ rate: TimeRate) throws {
        let path = T().temporaryPath()
        var store = AppStore(catalog: T.catalog, territory: T.usa, now: T.start)
        store.purchase("com.trailhead.plus.pro.monthly")
        try Ledger(path: path, catalog: T.catalog, territory: T.usa).save(store)
        try LedgerHardeningTests().edit(path, "UPDATE setting SET value = '\(saved)' WHERE name = 'time-rate'")

        let ledger = try Ledger(path: path, catalog: T.catalog, territory: T.usa)
        var loaded = try #require(ledger.stored)
        #expect(loaded.scenario.timeRate == rate)
        loaded.advance(to: T.start.addingTimeInterval(60))
        try ledger.save(loaded)
        let value = try DatabaseQueue(path: path).read {
            try String.fetchOne($0, sql: "SELECT value FROM setting WHERE name = 'time-rate'")
        }
        #expect(value == rate.rawValue)
    }

    @Test("a ledger reopens at its saved time rate with its dates as planned: only a change of rate re-times what is running")
    func savedRateIsNotRetimed() throws {
        let path = T().temporaryPath()
        var store = AppStore(catalog: T.catalog, territory: T.usa, now: T.start)
        store.purchase("com.trailhead.plus.pro.monthly")
        store.advance(to: T.start.addingTimeInterval(15 * 86_400))
        store.apply(.timeRate(.oneRenewalEveryTwoSeconds))      // re-timed: half of 2 seconds left
        let planned = try #require(store.nextRenewalDate)
        #expect(planned == store.now.addingTimeInterval(1))
        try Ledger(path: path, catalog: T.catalog, territory: T.usa).save(store)
        let loaded = try #require(try Ledger(path: path, catalog: T.catalog, territory: T.usa).stored)
        #expect(loaded.scenario.timeRate == .oneRenewalEveryTwoSeconds)
        #expect(loaded.nextRenewalDate == planned)
    }
}
