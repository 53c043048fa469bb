import CatalogFormats
import Foundation
import GRDB
@testable import Ledger
import StoreModel
import Synchronization
import TestSupport
import Testing

extension Ledger {
    /// A device's step at the model level, as the runtime (StoreUI's `Runtime`) makes it: applies
    /// `change` to the account and saves it; when another device saved first, takes in the account as it
    /// is now and applies `change` to that.
    func change(_ store: inout AppStore, _ change: (inout AppStore) -> Void) throws(Failure) {
        if let fresh = try refreshed(store).account { store = fresh }
        for _ in 0..<100 {
            var attempt = store
            change(&attempt)
            do {
                try save(attempt)
                attempt.markSaved()
                store = attempt
                return
            } catch .otherDeviceWrote {
                switch try refreshed(store) {
                case .account(let fresh): store = fresh
                case .clock(let instant): store.advance(to: instant)
                case .none, .failed: break
                }
            }
        }
        throw .otherDeviceWrote(path: path)
    }
}

extension AccountChange {
    /// The account another device saved, if that is what changed.
    var account: AppStore? { if case .account(let store) = self { store } else { nil } }
    var isNone: Bool { if case .none = self { true } else { false } }
}

/// Several devices of one account, each a storefront, on one ledger (issue 29): they share it, the same
/// device twice is refused, no write is lost, and another program's write still stops saving.
struct SharedLedgerTests {
    let catalog = LedgerTests.catalog, usa = LedgerTests.usa
    static let boost = "com.trailhead.boost.small"

    func path(_ name: String) -> String { ScratchFolder.make(name).appendingPathComponent("ledger.sqlite").path }
    func open(_ path: String, as device: String = DeviceName.standard) throws(Ledger.Failure) -> Ledger {
        try Ledger(path: path, catalog: catalog, territory: usa, device: device)
    }
    /// A device's account at launch: the ledger's, or a new one.
    func account(_ ledger: Ledger) -> AppStore {
        var store = ledger.stored ?? AppStore(catalog: catalog, territory: usa, now: LedgerTests.start)
        store.deviceName = ledger.deviceName
        return store
    }

    /// The iPhone and the iPad on a new ledger, the iPhone's first save taken in by the iPad.
    func twoDevices(_ name: String) throws -> (String, Ledger, Ledger, AppStore, AppStore) {
        let path = path(name)
        let phone = try open(path), pad = try open(path, as: "iPad")
        var onPhone = account(phone), onPad = account(pad)
        try phone.change(&onPhone) { _ in }
        onPad = try pad.refreshed(onPad).account ?? onPad
        return (path, phone, pad, onPhone, onPad)
    }

    @Test("the same device twice at once is refused, naming the device and --device; another device of the account opens the ledger beside it")
    func sameDeviceRefused() throws {
        let path = path("same-device")
        var first: Ledger? = try open(path)
        let failure = #expect(throws: Ledger.Failure.inUse(path: path, device: "This iPhone")) { try open(path) }
        #expect(failure?.description.hasPrefix("This iPhone is already open in another storefront; pass --device NAME") == true, "\(failure?.description ?? "")")
        let iPad = try open(path, as: "iPad")
        #expect(throws: Ledger.Failure.inUse(path: path, device: "iPad")) { try open(path, as: "iPad") }
        #expect(DeviceLocks.isOpen(path))
        _ = first
        first = nil
        #expect(throws: Never.self, "free again once the first closes") { try open(path) }
        _ = iPad
    }

    @Test("nobody holds a ledger once its storefronts close: the presence lock goes with them")
    func presenceGoes() throws {
        let path = path("presence")
        var ledger: Ledger? = try open(path)
        #expect(DeviceLocks.isOpen(path))
        _ = ledger
        ledger = nil
        #expect(!DeviceLocks.isOpen(path))
    }

    @Test("two devices buying 100 each at once, from two threads, leave 200 transactions: no id used twice, no write lost, integrity ok")
    func concurrentPurchases() throws {
        let path = path("concurrent")
        let phone = try open(path), pad = try open(path, as: "iPad")
        // Each thread uses its own device's ledger (a connection of its own), as two processes would.
        struct Device: @unchecked Sendable { let ledger: Ledger; let store: AppStore }
        let devices = [Device(ledger: phone, store: account(phone)), Device(ledger: pad, store: account(pad))]
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            var store = devices[index].store
            for _ in 0..<100 {
                do {
                    try devices[index].ledger.change(&store) { $0.purchase(Self.boost) }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                    return
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(try phone.check() == (200, "ok"))
        let ids = try DatabaseQueue(path: path).read { try Int64.fetchAll($0, sql: "SELECT id FROM transactionRecord ORDER BY id") }
        #expect(ids == Array(1...200), "ids handed out once each, consecutive")
        let reopened = try #require(try Ledger.read(path: path, catalog: catalog, territory: usa))
        #expect(reopened.transactions.count == 200)
        #expect(reopened.nextTransactionID == 201)
    }

    @Test("a purchase on one device is in the other's account when it next looks; with nothing new, looking reads nothing")
    func purchaseArrives() throws {
        let path = path("arrives")
        let phone = try open(path), pad = try open(path, as: "iPad")
        var onPhone = account(phone), onPad = account(pad)
        try phone.change(&onPhone) { _ in }
        onPad = try #require(try pad.refreshed(onPad).account, "the phone's first save is news to the iPad")
        #expect(try pad.refreshed(onPad).isNone, "nothing new: nothing")
        try pad.change(&onPad) { $0.purchase("com.trailhead.maps.alps") }
        let fresh = try #require(try phone.refreshed(onPhone).account)
        #expect(fresh.transactions.map(\.productID) == ["com.trailhead.maps.alps"])
        #expect(fresh.deviceName == "This iPhone", "the device stays itself")
        #expect(fresh.deviceVerificationID == onPhone.deviceVerificationID)
        #expect(fresh.unsavedChanges.isEmpty)
        onPhone = fresh
        #expect(try phone.refreshed(onPhone).isNone)
    }

    @Test("the clock is the account's: advancing on one device moves the other's clock")
    func clockShared() throws {
        let path = path("clock")
        let phone = try open(path), pad = try open(path, as: "iPad")
        var onPhone = account(phone), onPad = account(pad)
        try phone.change(&onPhone) { $0.purchase("com.trailhead.plus.pro.monthly") }
        let month = SubscriptionPeriod(value: 1, unit: .month)
        try pad.change(&onPad) { $0.advance(by: month) }
        #expect(onPad.now == month.added(to: LedgerTests.start))
        #expect(onPad.transactions.count == 2, "the iPad renewed the phone's subscription")
        onPhone = try #require(try phone.refreshed(onPhone).account)
        #expect(onPhone.now == onPad.now)
        #expect(onPhone.transactions == onPad.transactions)
    }

    @Test("a save of the clock alone makes another device take in the clock, not read the ledger again; a change of the account makes it read the account")
    func clockOnlySave() throws {
        let (_, phone, pad, phoneAtStart, padAtStart) = try twoDevices("clock-only")
        var onPhone = phoneAtStart
        let onPad = padAtStart
        // The phone's clock ran on five seconds (its periodic save).
        onPhone.advance(to: onPhone.now.addingTimeInterval(5))
        try phone.save(onPhone)
        onPhone.markSaved()
        guard case .clock(let instant) = try pad.refreshed(onPad) else {
            Issue.record("the iPad read the ledger again for a clock")
            return
        }
        #expect(instant == onPhone.now)
        #expect(try pad.refreshed(onPad).isNone, "taken in: nothing new")
        // A purchase is a change of the account: read whole.
        try phone.change(&onPhone) { $0.purchase(Self.boost) }
        #expect(try pad.refreshed(onPad).account?.transactions.count == 1)
    }

    @Test("a storefront bringing a ledger's schema up to date holds the migration lock: another opening waits for it, then opens")
    func migrationsOneAtATime() throws {
        let path = path("migrating")
        _ = try open(path)
        // Another storefront migrating: the migration byte held by a descriptor of its own.
        let other = Glibc.open(path, O_RDWR | O_CLOEXEC)
        #expect(DeviceLocks.lock(other, at: DeviceLocks.migrationByte, type: F_WRLCK) == 0)
        let opened = Mutex(false)
        let thread = Thread { [catalog, usa] in
            _ = try? Ledger(path: path, catalog: catalog, territory: usa, device: "iPad")
            opened.withLock { $0 = true }
        }
        thread.start()
        Thread.sleep(forTimeInterval: 0.3)
        #expect(!opened.withLock { $0 }, "waits while the other migrates")
        _ = DeviceLocks.lock(other, at: DeviceLocks.migrationByte, type: F_UNLCK)
        let deadline = Date().addingTimeInterval(10)
        while !opened.withLock({ $0 }), Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(opened.withLock { $0 }, "then opens")
        close(other)
    }

    @Test("a device's first opening of the ledger moves no other device to read it again")
    func newDeviceIsNoChange() throws {
        let (path, _, pad, _, padAtStart) = try twoDevices("new-device")
        _ = try open(path, as: "iPad mini")
        #expect(try pad.refreshed(padAtStart).isNone)
    }

    @Test("a device whose clock ran ahead keeps it when another device's save arrives: time only moves forward")
    func clockOnlyForward() throws {
        let (_, phone, pad, phoneAtStart, padAtStart) = try twoDevices("forward")
        var onPhone = phoneAtStart, onPad = padAtStart
        onPhone.advance(to: onPhone.now.addingTimeInterval(3))
        try pad.change(&onPad) { $0.purchase(Self.boost) }
        let fresh = try #require(try phone.refreshed(onPhone).account)
        #expect(fresh.now == onPhone.now)
        #expect(fresh.transactions.count == 1)
    }

    @Test("a change made on an account another device has since changed is applied again to the account as it is now: both purchases of a non-consumable are not made")
    func staleChangeReapplied() throws {
        let (path, phone, pad, phoneAtStart, padAtStart) = try twoDevices("stale")
        var onPhone = phoneAtStart, onPad = padAtStart
        // Both look at the ledger, then both buy the Alps maps: the iPad saves first.
        var stale = onPhone
        stale.purchase("com.trailhead.maps.alps")
        try pad.change(&onPad) { $0.purchase("com.trailhead.maps.alps") }
        #expect(throws: Ledger.Failure.otherDeviceWrote(path: path), "a save on a stale account writes nothing") { try phone.save(stale) }
        try phone.change(&onPhone) { $0.purchase("com.trailhead.maps.alps") }
        #expect(onPhone.transactions.count == 1, "already owned: the phone's purchase made no second transaction")
        #expect(try phone.check().transactions == 1)
    }

    @Test("another program's write still stops saving while two devices share the ledger; a device's write does not")
    func otherProgramStillStops() throws {
        let path = path("other-program")
        let phone = try open(path), pad = try open(path, as: "iPad")
        var onPhone = account(phone), onPad = account(pad)
        try phone.change(&onPhone) { $0.purchase(Self.boost) }
        try pad.change(&onPad) { $0.purchase(Self.boost) }
        try phone.change(&onPhone) { $0.purchase(Self.boost) }
        #expect(onPhone.transactions.count == 3)
        onPad = try #require(try pad.refreshed(onPad).account)
        // A hand edit, as with the sqlite3 tool.
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { try $0.execute(sql: "UPDATE setting SET value = 'on' WHERE name = 'billing-retry'") }
        try queue.close()
        var next = onPad
        next.purchase(Self.boost)
        #expect(throws: Ledger.Failure.lost(path: path, detail: "another program wrote to it since storefront opened it")) { try pad.save(next) }
        #expect(try phone.refreshed(onPhone).isNone, "found by looking, too: nothing is read from it")
        next = onPhone
        next.purchase(Self.boost)
        #expect(throws: Ledger.Failure.lost(path: path, detail: "another program wrote to it since storefront opened it")) { try phone.save(next) }
    }
}
