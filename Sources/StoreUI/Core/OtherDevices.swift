import Foundation
import StoreModel

/// Several devices of one account (`--device`, one `--state` ledger): what another device saved
/// reaches this app as StoreKit's `Transaction.updates` delivers it to a running app.
extension AppState {
    /// The account as the ledger holds it after another device of the account saved (`Ledger.refreshed`):
    /// it replaces this app's, so every screen (store rows, Account, entitlements, the inspector)
    /// redraws from it. What the other device bought that the system syncs across devices
    /// (non-consumables and auto-renewable subscriptions, the reference's product-types table) is named
    /// in a notice. Consumables and non-renewing passes are not synced by the system ("Not synced", "By
    /// your app"): they arrive in the account's ledger (the inspector lists them) with no notice, for
    /// the app's own server to sync. Restores need nothing: the account is the ledger.
    public mutating func receiveFromOtherDevices(_ account: AppStore) {
        var arrived: [String] = []
        if account.nextTransactionID > store.nextTransactionID {
            for id in store.nextTransactionID..<account.nextTransactionID {
                guard let transaction = account.transaction(id), transaction.reason == .purchase,
                      transaction.ownership == .purchased, transaction.productType.restoredBy == .system,
                      let product = account.catalog.product(transaction.productID) else { continue }
                arrived.append(name(product))
            }
        }
        store = account
        StoreScreen.revalidate(&self)
        SignupScreen.revalidate(&self)
        if !arrived.isEmpty {
            notice = strings.purchasedElsewhere(arrived.formatted(.list(type: .and).locale(locale)))
        }
    }

    /// The scenario panel's "Buy on another device" and a script's `buy PRODUCT on DEVICE`: the account
    /// buys the product on another of its devices, confirmed there, and it reaches this app as
    /// `receiveFromOtherDevices` brings it. That device's payments are allowed and no failure injected
    /// on this one applies to it (those switches are this device's, as in StoreKit Testing); Ask to Buy
    /// is the family's, and applies. A purchase the App Store refuses (an item already owned) is refused.
    /// `device` names the other device (the inspector shows it on the transaction it made).
    public mutating func buyOnAnotherDevice(_ productID: String, quantity: Int = 1, device: String = "another device") throws(Script.Verb.Refusal) {
        var account = store
        account.deviceName = device
        account.gate = .allowed
        account.scenario.failNextPurchase = nil
        account.scenario.failPurchases = nil
        account.scenario.interruptPurchases = false
        let outcome = account.purchase(productID, quantity: quantity)
        if case .failed(let error) = outcome {
            throw Script.Verb.Refusal(message: "the App Store refused the purchase on the other device: \(Strings.english.failure(error))")
        }
        (account.gate, account.scenario, account.deviceName) = (store.gate, store.scenario, store.deviceName)
        // What it made becomes notifications where everything does: at the end of `update`.
        receiveFromOtherDevices(account)
    }

    /// The scenario panel's "Cancel in Settings" and a script's `settings cancel GROUP`: the person turns
    /// auto-renew off for their own subscription in the group in the device's Settings (Apple Account,
    /// Subscriptions), outside the app. The app finds the renewal info changed (StoreKit's status
    /// updates): the Account screen says until when access lasts; a notice says what happened.
    public mutating func cancelInSettings(_ groupID: String) throws(Script.Verb.Refusal) {
        try checkCancellable(groupID)
        store.setAutoRenew(false, group: groupID)
        notice = strings.qa.cancelledInSettings(groupName(groupID))
        StoreScreen.revalidate(&self)
    }
}
