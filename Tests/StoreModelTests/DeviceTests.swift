import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// Which device of the account the app runs on (`--device NAME`): a name is untrusted text.
struct DeviceTests {
    @Test("a store is \"This iPhone\" unless told otherwise, with a deviceVerificationID of its own each time it is made")
    func defaultDevice() {
        let one = Fixture.store(), two = Fixture.store()
        #expect(one.deviceName == "This iPhone")
        #expect(DeviceName.standard == one.deviceName)
        #expect(one.deviceVerificationID != two.deviceVerificationID, "without a ledger nothing keeps it: fresh each time")
    }

    @Test("a device name is printable text of 1 to 40 characters, not starting or ending in a space",
          arguments: [("iPad", nil), ("Anna’s iPad Pro (12.9-inch)", nil), ("日本のiPhone", nil),
                      ("", "at least one character"), (String(repeating: "x", count: 41), "at most 40 characters, and this one has 41"),
                      ("evil\u{1B}[2J", "contains U+001B (escape)"), ("two\nlines", "contains U+000A"),
                      ("\u{202E}enoHPi", "contains U+202E"), (" iPad", "does not start or end with a space")] as [(String, String?)])
    func deviceNames(_ name: String, _ problem: String?) {
        let found = DeviceName.problem(name)
        if let problem {
            #expect(found?.contains(problem) == true, "\(found ?? "accepted")")
        } else {
            #expect(found == nil)
        }
    }
}
