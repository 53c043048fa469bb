import Foundation
import GRDB
import Testing
import StoreModel
@testable import Ledger

/// Offer codes in the ledger (migration v7-offer-code-redemptions): redemption counts per offer, code
/// and quarter, this account's redemptions, App Store redemptions waiting for the next launch, and an
/// offer code booked for the next renewal.
struct OfferCodeLedgerTests {
    typealias T = LedgerTests

    @Test("redemption counts, a code booked for the renewal and pending App Store redemptions come back from the ledger")
    func countsSaved() throws {
        let path = LedgerTests().temporaryPath()
        var store = AppStore(catalog: T.catalog, territory: T.usa, now: T.start)
        store.purchase("com.trailhead.plus.pro.monthly")
        try store.redeemOfferCode("loyalpro")
        try store.redeemOfferCode("ALPSFREE")
        store.countRedemptionsByOthers(offer: "BOOST-HALF", code: "HALFBOOST", count: 7)
        store.queueAppStoreRedemption("HALFBOOST")
        let ledger = try Ledger(path: path, catalog: T.catalog, territory: T.usa)
        try ledger.save(store)
        let loaded = try #require(try Ledger.read(path: path, catalog: T.catalog, territory: T.usa))
        #expect(loaded.offerCodeCounts == store.offerCodeCounts)
        #expect(loaded.offerCodeCounts.byOffer == ["ALPS-FREE": 1, "BOOST-HALF": 7, "LOYAL-PRO": 1])
        #expect(loaded.offerCodeCounts.byAccount == ["ALPS-FREE", "LOYAL-PRO"])
        #expect(loaded.pendingRedemptions == [PendingRedemption(code: "HALFBOOST", date: T.start)])
        #expect(loaded.renewals["trailhead.plus"]?.offerID == "LOYAL-PRO")
        #expect(loaded.renewals["trailhead.plus"]?.offerKind == .code)
        // One redemption per customer per offer holds after reopening.
        #expect(throws: OfferCodeError.alreadyRedeemed) { try loaded.checkOfferCode("alpsfree") }
    }

    @Test("taking the pending redemptions at launch is saved: they are handled once")
    func pendingTakenOnce() throws {
        let path = LedgerTests().temporaryPath()
        var store = AppStore(catalog: T.catalog, territory: T.usa, now: T.start)
        store.queueAppStoreRedemption("SPRINGTRAIL")
        let ledger = try Ledger(path: path, catalog: T.catalog, territory: T.usa)
        try ledger.save(store)
        store.markSaved()
        #expect(store.takePendingRedemptions().count == 1)
        try ledger.save(store)
        #expect(try Ledger.read(path: path, catalog: T.catalog, territory: T.usa)?.pendingRedemptions == [])
    }

    @Test("a ledger from before offer codes opens, is migrated to v7, and keeps its booked retention offer")
    func migratesV5Ledger() throws {
        let path = LedgerTests().temporaryPath()
        var old = AppStore(catalog: T.catalog, territory: T.usa, now: T.start)
        old.purchase("com.trailhead.plus.pro.monthly")
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: "PRAGMA application_id = \(Ledger.applicationID)") }
        try Ledger.migrator.migrate(queue, upTo: Ledger.consumableUseMigration)
        try queue.write { db in
            // The columns a v5 ledger has (later migrations add more).
            let existing = Set(try db.columns(in: "transactionRecord").map(\.name))
            let row = zip(TransactionRow.columns, try TransactionRow.values(old.transactions[0])).filter { existing.contains($0.0) }
            try db.execute(sql: "INSERT INTO transactionRecord (\(row.map(\.0).joined(separator: ", "))) VALUES (\(row.map { _ in "?" }.joined(separator: ", ")))",
                           arguments: StatementArguments(row.map(\.1)))
            try db.execute(sql: "INSERT INTO renewal (groupID, willAutoRenew, autoRenewProductID, offerID) VALUES ('trailhead.plus', 1, 'com.trailhead.plus.pro.monthly', 'pro-monthly-stay-half')")
            for (name, value) in Snapshot.settings(of: old) {
                try db.execute(sql: "INSERT INTO setting (name, value) VALUES (?, ?)", arguments: [name, value])
            }
        }
        try queue.close()
        let viewed = try #require(try Ledger.read(path: path, catalog: T.catalog, territory: T.usa))
        #expect(viewed.renewals["trailhead.plus"]?.offerID == "pro-monthly-stay-half")
        #expect(viewed.renewals["trailhead.plus"]?.offerKind == nil, "a booked offer from before is a retention offer")
        let ledger = try Ledger(path: path, catalog: T.catalog, territory: T.usa)
        var store = try #require(ledger.stored)
        let applied = try DatabaseQueue(path: path).read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations") }
        #expect(applied.contains(Ledger.offerCodeMigration))
        #expect(store.nextCharge(ofGroup: "trailhead.plus")?.booked?.id == "pro-monthly-stay-half", "booked, after the intro months")
        try store.redeemOfferCode("ALPSFREE")
        try ledger.save(store)
        #expect(try Ledger.read(path: path, catalog: T.catalog, territory: T.usa)?.offerCodeCounts.byAccount == ["ALPS-FREE"])
    }

    @Test("a hand-edited quarter or count is refused with its table, row and column",
          arguments: [
            ("UPDATE quarterRedemption SET quarter = 'autumn'", #"table quarterRedemption, row quarter "autumn": quarter is "autumn", not a quarter like "2026 Q4""#),
            ("UPDATE codeRedemption SET redemptions = -1", #"table codeRedemption, row code "ALPSFREE": redemptions"#),
          ])
    func badRows(edit: String, message: String) throws {
        let path = LedgerTests().temporaryPath()
        var store = AppStore(catalog: T.catalog, territory: T.usa, now: T.start)
        try store.redeemOfferCode("ALPSFREE")
        try Ledger(path: path, catalog: T.catalog, territory: T.usa).save(store)
        try DatabaseQueue(path: path).write { db in try db.execute(sql: edit) }
        #expect {
            _ = try Ledger.read(path: path, catalog: T.catalog, territory: T.usa)
        } throws: { error in
            "\(error)".contains(message)
        }
    }
}
