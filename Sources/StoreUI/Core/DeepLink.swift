import Foundation
import StoreModel
import TextSafety

/// Where a launch opens (`storefront --open SCREEN`): one option that each flow extends as its screen
/// is built. Parsing checks the value against the catalog, so a mistake is reported before anything
/// starts.
public enum DeepLink: Sendable, Equatable {
    case store
    /// A group's sign-up screen: the catalog's first group unless one is named. A subscriber gets their
    /// own plan instead (`AppState.openSignup`).
    case signup(groupID: String?)
    /// The Account screen.
    case account
    /// Purchase Help ("How can we help?").
    case help
    /// The offer-code redemption sheet, pre-filled with a code as an App Store redemption URL opens it
    /// (empty without one).
    case redeem(code: String?)

    /// What `--open` takes, for messages.
    public static let valid = "store, signup, signup=GROUP_ID, account, help, redeem, redeem=CODE"

    /// Why a value is not a screen; the message names the valid values.
    public struct Problem: Error, Sendable, Equatable {
        public var message: String
    }

    public init(parsing text: String, catalog: Catalog) throws(Problem) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        // Screen names in any case (SIGNUP, Signup); a group id as written.
        let name = parts[0].lowercased(), value = parts.count > 1 ? parts[1] : nil
        switch name {
        case "store" where value == nil:
            self = .store
        case "signup":
            let groups = catalog.subscriptionGroups.map(\.id)
            guard !groups.isEmpty else { throw Problem(message: "\(UntrustedText.quoted(text)): this catalog has no subscription groups to sign up for") }
            guard let value else { self = .signup(groupID: nil); return }
            guard !value.isEmpty else {
                throw Problem(message: "\(UntrustedText.quoted(text)): signup= needs a subscription group id, one of \(groups.joined(separator: ", ")); or write signup alone for the first")
            }
            guard catalog.group(value) != nil else {
                throw Problem(message: "\(UntrustedText.quoted(text)): no subscription group \(UntrustedText.quoted(value)) in the catalog; its groups: \(groups.joined(separator: ", ")); use \(Self.valid)")
            }
            self = .signup(groupID: value)
        case "account" where value == nil:
            self = .account
        case "help" where value == nil:
            self = .help
        case "redeem":
            // Any text: the sheet's field keeps what a code can hold, and says what is wrong with it.
            self = .redeem(code: value.flatMap { $0.isEmpty ? nil : $0 })
        case "store", "account", "help":
            throw Problem(message: "\(UntrustedText.quoted(text)): \(name) takes no value; use \(Self.valid)")
        default:
            throw Problem(message: "unknown screen \(UntrustedText.quoted(text)); use \(Self.valid)")
        }
    }
}

extension AppState {
    /// Opens what a launch asked for, by the same rules as a key would (a subscriber never sees a pitch).
    public mutating func follow(_ link: DeepLink) {
        switch link {
        case .store:
            break
        case .signup(let groupID):
            guard let groupID = groupID ?? store.catalog.subscriptionGroups.first?.id else { return }
            openSignup(groupID: groupID)
        case .account:
            AccountScreen.open(&self)
        case .help:
            HelpScreen.open(&self)
        case .redeem(let code):
            RedeemSheet.open(code: code ?? "", &self)
        }
    }
}
