/// `canMakePayments` and why it is false. When it is false no purchase can start, but existing
/// transactions stay readable and subscriptions keep renewing (StoreKit's canMakePayments notes).
public enum PaymentGate: String, Sendable, CaseIterable {
    case allowed
    /// Screen Time's Content & Privacy Restrictions block purchases.
    case screenTime = "screen-time"
    /// A device-management (MDM) profile blocks purchases.
    case deviceManagement = "device-management"
    /// The app must use the External Purchase APIs instead of In-App Purchase.
    case externalPurchaseOnly = "external-only"

    public var canMakePayments: Bool { self == .allowed }
}
