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
    /// A purchase started on the App Store page (a promoted product, or a win-back offer's link): the app
    /// is launched by it, and it reaches the app as a `PurchaseIntent` once the app has started.
    case promoted(PurchaseIntent)

    /// What `--open` takes, for messages.
    public static let valid = "store, signup, signup=GROUP_ID, account, help, redeem, redeem=CODE, promoted=PRODUCT[,offer=OFFER_ID]"

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
        case "promoted":
            let words = (value ?? "").split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            var offerID: String?
            if words.count == 2 {
                guard words[1].hasPrefix("offer="), words[1].count > 6 else {
                    throw Problem(message: "\(UntrustedText.quoted(text)): promoted= takes a product id and, optionally, ,offer=OFFER_ID")
                }
                offerID = String(words[1].dropFirst(6))
            }
            do {
                self = .promoted(try PurchaseIntent.checked(productID: words[0], offerID: offerID, catalog: catalog))
            } catch {
                throw Problem(message: "\(UntrustedText.quoted(text)): \(error.message)")
            }
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
        case .promoted(let intent):
            launchIntent = intent
        }
    }
}

extension PurchaseIntent {
    /// Why a purchase intent cannot come from the App Store page; the message names what can.
    public struct Problem: Error, Sendable, Equatable {
        public var message: String
    }

    /// An intent the App Store page can send: a promoted product of the catalog (`--open`, the script
    /// verb) with, optionally, one of its offers; or any subscription with one of its win-back offers
    /// (a win-back offer has a direct link of its own). Its visibility on this device is the caller's
    /// question.
    public static func checked(productID: String, offerID: String?, catalog: Catalog) throws(Problem) -> PurchaseIntent {
        let accepted = catalog.promotedProducts
        guard let product = catalog.product(productID) else {
            throw Problem(message: "\(UntrustedText.quoted(productID)) is not a product of the catalog; the App Store page promotes "
                          + (accepted.isEmpty ? "nothing (the catalog has no promotedProducts)" : AppState.listed(Array(accepted.prefix(6)), of: accepted.count)))
        }
        let info = product.subscription
        let winBacks = info?.winBackOffers.map(\.id) ?? []
        if let offerID {
            let offers = winBacks + (info?.promotionalOffers.compactMap(\.id) ?? [])
            guard offers.contains(offerID) else {
                throw Problem(message: "\(UntrustedText.quoted(offerID)) is not a win-back or promotional offer of \(UntrustedText.quoted(productID))"
                              + (offers.isEmpty ? "; it has none" : "; its offers are \(AppState.listed(Array(offers.prefix(6)), of: offers.count))"))
            }
            if winBacks.contains(offerID) { return PurchaseIntent(productID: productID, offerID: offerID) }
        }
        guard catalog.isPromoted(productID) else {
            throw Problem(message: "\(UntrustedText.quoted(productID)) is not promoted on the App Store; promoted are "
                          + (accepted.isEmpty ? "none (the catalog has no promotedProducts)" : AppState.listed(Array(accepted.prefix(6)), of: accepted.count))
                          + ", and any subscription with one of its win-back offers")
        }
        return PurchaseIntent(productID: productID, offerID: offerID)
    }
}
