import Foundation
import StoreModel
@testable import StoreUI
import Testing

/// The inspector's Device area: which device of the account the app runs on, and its deviceVerificationID.
struct DeviceScreenTests {
    @Test("the inspector's Device area shows the device name and its deviceVerificationID, and whether the ledger keeps it")
    func deviceArea() {
        var app = Sample.app()
        app.store.deviceName = "Anna's iPad"
        app.store.deviceVerificationID = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
        app.press(.character("t"), .character("D"))
        let text = app.view().text
        #expect(text.contains("Device: Anna's iPad"), "\(text)")
        #expect(text.contains("6F9619FF-8B86-D011-B42D-00C04FC964FF"))
        #expect(text.contains("Fresh for this run"), "without a ledger the id is this run's own")
        app.keepsLedger = true
        #expect(app.view().text.contains("Kept in the --state ledger for this device name"))
    }

    @Test("a device name from the command line is drawn without its control characters")
    func hostileDeviceName() {
        var app = Sample.app(Size(columns: 50, rows: 16))
        app.store.deviceName = "evil\u{1B}[2J"
        app.press(.character("t"), .character("D"))
        #expect(!app.view().text.contains("\u{1B}"))
    }
}

extension DeviceScreenTests {
    @Test("D opens the inspector's Device area; Tab cycles Transactions, Requests, Log and Notifications, and leaves the Device area for Transactions")
    func deviceKeyAndTabCycle() {
        var app = Sample.app()
        app.press(.character("t"), .character("D"))
        #expect(app.view().text.contains("Device: This iPhone"))
        app.press(.tab)
        guard case .transactions(let screen) = app.top else { Issue.record("not the inspector"); return }
        #expect(screen.area == .transactions)
        app.press(.tab, .tab, .tab, .tab)
        guard case .transactions(let again) = app.top else { Issue.record("not the inspector"); return }
        #expect(again.area == .transactions, "four tabs come back round without the Device area")
    }
}

extension DeviceScreenTests {
    @Test("the inspector's area row names the open area at every width: at 50 columns it starts late, marked ‹")
    func areaRowNamesTheOpenArea() {
        for size in [Size(columns: 50, rows: 16), Size(columns: 40, rows: 12)] {
            var app = Sample.app(size)
            app.press(.character("t"), .tab, .tab, .tab)
            let areaRow = { (app: AppState) in app.view().text.split(separator: "\n").dropFirst(2).first { $0.hasPrefix(" ‹") || $0.hasPrefix("  Transactions") } ?? "" }
            #expect(areaRow(app).contains("Notifications"), "\(size): \(app.view().text)")
            #expect(areaRow(app).contains("‹"), "earlier areas are left out, and the row says so")
            app.press(.character("D"))
            #expect(areaRow(app).contains("Device"), "\(size): \(app.view().text)")
            app.press(.tab)
            #expect(areaRow(app).contains("Transactions") && !areaRow(app).contains("‹"), "the first area starts the row again")
        }
    }
}
