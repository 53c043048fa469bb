import Foundation
import TestSupport
import Testing

/// `--device NAME`: which device of the account the app runs on, with its deviceVerificationID.
struct DeviceCommandLineTests {
    @Test("a device name that is not printable text of 1 to 40 characters exits 2 and says why",
          arguments: [("", "at least one character"), ("evil\u{1B}]0;owned\u{7}", "contains U+001B (escape)"),
                      (String(repeating: "x", count: 41), "at most 40 characters")])
    func badDeviceName(_ name: String, _ reason: String) throws {
        let run = try Storefront.run(["--device", name])
        #expect(run.status == 2)
        #expect(run.stderr.contains("cannot name a device (--device): a device name is"), "\(run.stderr)")
        #expect(run.stderr.contains(reason), "\(run.stderr)")
        #expect(!run.stderr.contains("\u{1B}"), "the name is quoted, never raw")
    }

    @Test("a device's deviceVerificationID shown in the inspector is the same after a relaunch on the same --state ledger, and another device's differs")
    func verificationIDSurvivesRelaunch() throws {
        let folder = ScratchFolder.make("device-relaunch")
        let ledgers = folder.appendingPathComponent("ledgers").path
        // A failing expectation prints the screen: that is how the test reads the id the inspector shows.
        func shownID(_ device: String) throws -> String? {
            let file = folder.appendingPathComponent("\(device).script")
            try "# Read the device's id\nlaunch --state devices.sqlite --device \(device)\npress t D\nexpect \"never shown\"\n"
                .write(to: file, atomically: true, encoding: .utf8)
            let run = try Storefront.run(["script", "--ledgers", ledgers, file.path])
            #expect(run.status == 1, "\(run.stderr)")
            return try #/[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/#.firstMatch(in: run.stderr).map { String($0.output) }
        }
        let first = try #require(try shownID("iPad"))
        #expect(try shownID("iPad") == first)
        #expect(try shownID("iPhone") != first)
    }
}
