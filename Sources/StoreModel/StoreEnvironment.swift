/// The environment the App Store runs an account in, as its signed data names it (`environment`, an app
/// transaction's `receiptType`) and StoreKit's `AppStore.Environment` spells it: `Sandbox` by default
/// (Apple's library verifies it against a root it is given: `storefront certificates`), or `Xcode`, as
/// StoreKit Testing in Xcode signs it (backends skip verifying). A fact of the account the ledger
/// keeps: the inspector, `storefront ledger`, a script's assertions and every signed payload read it.
public enum StoreEnvironment: String, Sendable, CaseIterable {
    case sandbox = "Sandbox"
    case xcode = "Xcode"

    /// The environment by its name, in any case ("sandbox", "Xcode").
    public static func named(_ name: String) -> StoreEnvironment? {
        allCases.first { $0.rawValue.lowercased() == name.lowercased() }
    }
}
