import CatalogFormats
import Foundation
import GRDB
@testable import Ledger
import StoreModel
import TestSupport
import Testing

/// Several devices of one account on one ledger (migration v16-devices): each device name's
/// deviceVerificationID.
struct DeviceLedgerTests {
    let catalog = LedgerTests.catalog, usa = LedgerTests.usa

    func path(_ name: String) -> String { ScratchFolder.make(name).appendingPathComponent("ledger.sqlite").path }

    @Test("a device's deviceVerificationID is made the first time its name opens the ledger and is the same on every relaunch")
    func verificationIDSurvivesReopening() throws {
        let path = path("device-id")
        let first = try Ledger(path: path, catalog: catalog, territory: usa).deviceVerificationID
        let again = try Ledger(path: path, catalog: catalog, territory: usa).deviceVerificationID
        #expect(first == again)
        let iPad = try Ledger(path: path, catalog: catalog, territory: usa, device: "iPad").deviceVerificationID
        #expect(iPad != first, "another device of the account has its own")
        #expect(try Ledger(path: path, catalog: catalog, territory: usa, device: "iPad").deviceVerificationID == iPad)
        let rows = try DatabaseQueue(path: path).read { try Row.fetchAll($0, sql: "SELECT name, verificationID FROM device ORDER BY name") }
        #expect(rows.map { $0["name"] as String } == ["This iPhone", "iPad"])
        #expect(rows.map { $0["verificationID"] as String } == [first.uuidString, iPad.uuidString])
    }

    @Test("a ledger looked at read-only shows a known device's deviceVerificationID and writes none for an unknown one")
    func readOnlyWritesNoDevice() throws {
        let path = path("device-read")
        let ledger = try Ledger(path: path, catalog: catalog, territory: usa)
        try ledger.save(AppStore(catalog: catalog, territory: usa, now: LedgerTests.start))
        let id = ledger.deviceVerificationID
        let read = try #require(try Ledger.read(path: path, catalog: catalog, territory: usa))
        #expect(read.deviceVerificationID == id)
        #expect(read.deviceName == DeviceName.standard)
        _ = try Ledger.read(path: path, catalog: catalog, territory: usa, device: "iPad")
        let count = try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM device") }
        #expect(count == 1)
    }

    @Test("a ledger from before devices gets its device table on opening, and its device an id")
    func olderLedgerGetsDevices() throws {
        let path = try LedgerTests().olderLedger(upTo: Ledger.requestTokenMigration)
        let (stored, id) = try { let ledger = try Ledger(path: path, catalog: catalog, territory: usa); return (ledger.stored, ledger.deviceVerificationID) }()
        #expect(stored != nil)
        #expect(try Ledger(path: path, catalog: catalog, territory: usa).deviceVerificationID == id)
    }

    @Test("a hand-edited device row that is not a device name or not a UUID is refused with its table, row and column",
          arguments: [
            ("UPDATE device SET verificationID = 'soon'", #"table device, row name "This iPhone": verificationID "soon" is not a UUID"#),
            ("UPDATE device SET name = 'evil' || char(27) || '[2J'", #"table device, row name "evil\e[2J": name "evil\e[2J" contains U+001B (escape)"#),
            ("UPDATE device SET name = ''", #"name "" is not a device name: a device name is at least one character"#),
          ])
    func handEditedDevice(_ sql: String, _ message: String) throws {
        let path = path("device-edit")
        _ = try Ledger(path: path, catalog: catalog, territory: usa)
        try DatabaseQueue(path: path).write { try $0.execute(sql: sql) }
        let failure = #expect(throws: Ledger.Failure.self) { try Ledger(path: path, catalog: catalog, territory: usa) }
        #expect(failure?.description.contains(message) == true, "\(failure?.description ?? "")")
    }
}
