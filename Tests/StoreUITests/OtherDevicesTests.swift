import Foundation
import Testing
import StoreModel
@testable import StoreUI

/// Several devices of one account: what another device saved reaches the running app as
/// `Transaction.updates` (OtherDevices.swift).
struct OtherDevicesTests {
    static let size = Size(columns: 80, rows: 24)

    /// The account as another device left it: this one's, with `change` made there.
    func elsewhere(_ app: AppState, _ change: (inout AppStore) -> Void) -> AppStore {
        var account = app.store
        change(&account)
        account.markSaved()
        return account
    }

    @Test("a non-consumable or subscription bought on another device is named in a notice in the app's language, and the store shows it owned")
    func syncedPurchaseNamed() throws {
        var app = Sample.app(Self.size, locale: "en_US")
        app.receiveFromOtherDevices(elsewhere(app) { $0.purchase("com.trailhead.maps.alps"); $0.purchase("com.trailhead.plus.pro.monthly") })
        #expect(app.notice == "Purchased on another device: Alps Map Pack and Pro Monthly.")
        #expect(app.view().text.contains("✓ Owned"))
        var german = Sample.app(Self.size, locale: "de_DE")
        german.receiveFromOtherDevices(elsewhere(german) { $0.purchase("com.trailhead.maps.alps") })
        #expect(german.notice?.hasPrefix("Auf einem anderen Gerät gekauft:") == true, "\(german.notice ?? "")")
    }

    @Test("a consumable or a renewal from another device arrives without a notice: consumables are the app's to sync, renewals are no purchase")
    func unsyncedArriveQuietly() throws {
        var app = Sample.app(Self.size, locale: "en_US")
        app.receiveFromOtherDevices(elsewhere(app) { $0.purchase("com.trailhead.boost.small") })
        #expect(app.notice == nil)
        #expect(app.store.transactions.count == 1, "in the account's ledger all the same")
        app.receiveFromOtherDevices(elsewhere(app) { $0.purchase("com.trailhead.plus.pro.monthly") })
        app.notice = nil
        app.receiveFromOtherDevices(elsewhere(app) { $0.advance(by: SubscriptionPeriod(value: 1, unit: .month)) })
        #expect(app.notice == nil)
        #expect(app.store.transactions.count == 3)
    }

    @Test("buying on another device in the app (the panel, a script) is refused for this device's own name and for an item already owned, and ignores this device's blocked payments")
    func buyOnAnotherDeviceRules() throws {
        var app = Sample.app(Self.size, locale: "en_US")
        app.store.gate = .screenTime
        try app.buyOnAnotherDevice("com.trailhead.maps.alps", device: "iPad")
        #expect(app.notice == "Purchased on another device: Alps Map Pack.")
        #expect(app.store.gate == .screenTime, "this device's switch is left as it was")
        #expect(app.store.transactions.last?.device == "iPad", "made on the iPad")
        #expect(app.store.deviceName == DeviceName.standard, "this device stays itself")
        #expect(throws: Script.Verb.Refusal.self) { try app.buyOnAnotherDevice("com.trailhead.maps.alps") }
        #expect(throws: Script.Verb.Refusal.self) { try app.perform(.buyOnDevice(productID: "com.trailhead.maps.rockies", quantity: 1, device: DeviceName.standard)) }
    }

    @Test("cancelling in Settings turns the person's own subscription's auto-renew off and says so; with nothing renewing it is refused")
    func cancelInSettings() throws {
        var app = Sample.app(Self.size, locale: "en_US")
        #expect(throws: Script.Verb.Refusal.self) { try app.cancelInSettings("trailhead.plus") }
        app.store.purchase("com.trailhead.plus.pro.monthly")
        try app.cancelInSettings("trailhead.plus")
        #expect(app.store.renewals["trailhead.plus"]?.willAutoRenew == false)
        #expect(app.notice == "Trailhead Plus: auto-renew turned off in Settings, outside the app.")
    }

    @Test("the script grammar: buy PRODUCT [N] on DEVICE and settings cancel GROUP; on takes a device name and nothing after it")
    func grammar() throws {
        let script = try Script.parse("buy com.trailhead.boost.small 2 on \"Anna's iPad\"\nsettings cancel trailhead.plus\nexpect \"Boost\"\n")
        #expect(script.steps.map(\.command).prefix(2) == [.verb(.buyOnDevice(productID: "com.trailhead.boost.small", quantity: 2, device: "Anna's iPad")),
                                                           .verb(.settingsCancel("trailhead.plus"))])
        #expect(throws: Script.ParseError.self) { try Script.parse("buy com.trailhead.boost.small on iPad --cancel\nexpect \"x\"\n") }
        #expect(throws: Script.ParseError.self) { try Script.parse("buy com.trailhead.boost.small on \"\"\nexpect \"x\"\n") }
        #expect(throws: Script.ParseError.self) { try Script.parse("settings trailhead.plus\nexpect \"x\"\n") }
    }
}
