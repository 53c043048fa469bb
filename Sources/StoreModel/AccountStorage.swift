import Foundation

/// Where an account is kept between launches and shared between the account's devices: the `--state`
/// ledger (the Ledger module's `Ledger`). The runtime (StoreUI's `Runtime`) is its only caller: it
/// writes what `update` changed and takes in what other devices saved, as messages.
public protocol AccountStorage: AnyObject {
    /// Writes what the store recorded as changed since it was last saved (`AppStore.unsavedChanges`).
    func write(_ store: AppStore) -> SaveResult
    /// What another device of the account saved since this one last read or wrote the ledger, taken in
    /// by the account as `store` holds it.
    func change(since store: AppStore) -> AccountChange
}

/// How a write went.
public enum SaveResult: Sendable, Equatable {
    case saved
    /// Another device of the account saved first: nothing of this write was written. Take in the
    /// account as it is now and make the same change again on it.
    case otherDeviceSavedFirst
    /// Nothing was written, and why (the file deleted or replaced, a full disk, a read-only place).
    case failed(String)
}

/// What another device of the account saved.
public enum AccountChange: Sendable {
    case none
    /// The account as the ledger now holds it, this device's own parts (its name, its verification id,
    /// whether it notifies a server) kept, and its clock no earlier than this device's.
    case account(AppStore)
    /// Only the account's clock moved (a device saved its clock, or a device opened the ledger): the
    /// clock as saved, later than this device's. Nothing else needs reading.
    case clock(Date)
    /// The ledger could not be read: why.
    case failed(String)
}

/// Where App Store Server Notifications go (`--notify URL`). Sending never waits; outcomes are
/// collected later and reach the app as messages (`Message.delivered`).
public protocol NotificationSender: AnyObject {
    /// Starts an attempt for each notification not already on its way.
    func send(_ notifications: [ServerNotification], of store: AppStore)
    /// The attempts that ended since the last call.
    func takeOutcomes() -> [DeliveryOutcome]
    /// Whether any attempt has not ended yet.
    var isSending: Bool { get }
}

/// How one delivery attempt ended.
public struct DeliveryOutcome: Sendable, Equatable {
    public var id: UInt64
    public var succeeded: Bool
    /// Production's retry schedule applies to a failure (`--notify-retries`).
    public var retries: Bool

    public init(id: UInt64, succeeded: Bool, retries: Bool) {
        (self.id, self.succeeded, self.retries) = (id, succeeded, retries)
    }
}
