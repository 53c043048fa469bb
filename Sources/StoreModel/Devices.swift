import Foundation
import TextSafety

/// The devices of one Apple Account. A person's purchases follow their account, so several devices
/// (storefront processes started with `--device NAME`) share one `--state` ledger; each has its own
/// `deviceVerificationID`, kept in the ledger by its name (StoreKit's `AppStore.deviceVerificationID`:
/// "a UUID that identifies the device", the same for the app on that device).
public enum DeviceName {
    /// The device a storefront is when `--device` does not say.
    public static let standard = "This iPhone"
    /// Long enough for "Anna's iPad Pro (12.9-inch)", short enough to fit the inspector on one line.
    public static let maximumLength = 40

    /// Why `name` cannot name a device, or nil when it can: it is text from the command line or a
    /// script, so only printable text of 1 to `maximumLength` characters, not starting or ending in a space.
    public static func problem(_ name: String) -> String? {
        if name.isEmpty { return "a device name is at least one character" }
        if name.count > maximumLength { return "a device name is at most \(maximumLength) characters, and this one has \(name.count)" }
        if let scalar = name.unicodeScalars.first(where: { UntrustedText.isForbidden($0) }) {
            return "a device name is printable text, and this one contains \(UntrustedText.describe(scalar))"
        }
        if name.first!.isWhitespace || name.last!.isWhitespace { return "a device name does not start or end with a space" }
        return nil
    }
}
