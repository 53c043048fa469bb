import Foundation

/// The app's own rules for non-renewing subscriptions (passes). StoreKit's `Transaction.expirationDate`
/// is "the date the subscription expires or renews" (developer.apple.com/documentation/storekit/
/// transaction/expirationdate), an auto-renewable subscription's; for a non-renewing one "your app is
/// responsible for calculating the time period that the subscription is active" (In-App Purchase
/// Programming Guide, product types: /work/shared/reference/iap-product-types-and-transactions.md).
/// So the app computes each pass's end, keeps it in its own record (`Transaction.appPassEnd`) and decides
/// from it whether the pass is in force; nothing here is StoreKit's.
extension AppStore {
    /// The end the app gives a pass bought now: its duration after the end of the pass in force (buying
    /// again extends it), or from now if none is.
    func appPassEnd(buying product: Product) -> Date? {
        guard let duration = product.duration else { return nil }
        let currentEnd = all(of: index.byProduct[product.id]) { !$0.isRevoked(at: now) }.compactMap(\.appPassEnd).max()
        return duration.added(to: max(now, currentEnd ?? now))
    }

    /// The pass the app considers in force for a product at an instant: the newest bought, not revoked,
    /// whose end (the app's) is still ahead.
    func appPassInForce(_ productID: String, at instant: Date) -> Transaction? {
        last(of: index.byProduct[productID]) {
            $0.purchaseDate <= instant && !$0.isRevoked(at: instant) && ($0.appPassEnd ?? .distantPast) > instant
        }
    }
}
