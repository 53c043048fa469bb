import Foundation

/// Promoted In-App Purchases (reference: storekit-promoting-in-app-purchases.md, "Promoting In-App
/// Purchases", https://developer.apple.com/documentation/storekit/promoting-in-app-purchases; StoreKit's
/// `PurchaseIntent`, https://developer.apple.com/documentation/storekit/purchaseintent).
///
/// - The catalog lists the promoted products in App Store Connect's default order (`promotedProducts`).
/// - A person taps one on the App Store page; it reaches the running app as a `PurchaseIntent` (with a
///   win-back offer, when they redeemed one outside the app: `PurchaseIntent.offer`).
/// - The app decides: **continue** (the payment sheet opens), **defer** (onboarding or a sheet is in the
///   way: continue once it is over) or **cancel** (the person already has what it sells: take them to it).
///   Each decision is a Log event (`StoreEvent.Kind.purchaseIntent`).
/// - Per-device overrides of visibility and order (`SKProductStorePromotionController`), which the App
///   Store applies to what this device's App Store page shows (`promotedProductsShown`).
public struct PurchaseIntent: Sendable, Equatable {
    public var productID: String
    /// The offer the person redeemed outside the app: a win-back offer (StoreKit fills
    /// `PurchaseIntent.offer` for those), or a promotional offer of the product.
    public var offerID: String?

    public init(productID: String, offerID: String? = nil) {
        self.productID = productID
        self.offerID = offerID
    }
}

/// What the app did with a purchase intent. The reference: "return `true` to continue the transaction,
/// or `false` to defer or cancel it".
public enum PurchaseIntentDecision: String, Sendable, CaseIterable {
    /// The payment sheet opens at once.
    case continued
    /// The person is in onboarding: saved, continued when they finish it.
    case deferredForOnboarding = "deferred-onboarding"
    /// A sheet is open: saved, continued when it closes.
    case deferredForSheet = "deferred-sheet"
    /// A subscriber opened a plan of a group they already have (or are in grace or billing retry): the
    /// re-pitch rule says never; they are taken to their plan instead.
    case cancelledSubscriber = "cancelled-subscriber"
    /// A non-consumable they own, or an item their subscription includes: they are taken to it.
    case cancelledOwned = "cancelled-owned"
    /// Purchases are blocked on this device (Screen Time, a profile): nothing can be sold; the app says why.
    case cancelledPaymentsBlocked = "cancelled-payments-blocked"

    public var isDeferral: Bool { self == .deferredForOnboarding || self == .deferredForSheet }
}

/// A device's override of one promoted product's visibility (`SKProductStorePromotionVisibility`).
public enum PromotionVisibility: String, Sendable, CaseIterable {
    /// As App Store Connect sets it (`.default`): shown.
    case `default`
    case show
    case hide
}

/// One device's promotion overrides: visibility per product, and the order it puts first (the App
/// Store shows these, then the remaining promoted products in their default order).
public struct PromotionOverrides: Sendable, Equatable {
    public var visibility: [String: PromotionVisibility] = [:]
    public var order: [String] = []
    public init(visibility: [String: PromotionVisibility] = [:], order: [String] = []) {
        self.visibility = visibility
        self.order = order
    }
    public var isEmpty: Bool { visibility.isEmpty && order.isEmpty }
}

extension AppStore {
    // MARK: what the App Store page shows

    /// The promoted products in the order this device's App Store page lists them, hidden ones
    /// included (`hidden` says which): the device's override order first, then the rest in the
    /// catalog's default order ("The App Store displays the products in the array, followed by the
    /// remaining promoted products, which appear in the same relative order that you set in App Store
    /// Connect"). Costs the promoted list, never the catalog.
    public var promotedProductsInOrder: [(productID: String, hidden: Bool)] {
        let overrides = promotionOverrides
        let first = overrides.order.filter { catalog.isPromoted($0) }
        let placed = Set(first)
        let ids = first + catalog.promotedProducts.filter { !placed.contains($0) }
        return ids.map { ($0, overrides.visibility[$0] == .hide) }
    }

    /// What this device's App Store page shows: the promoted products in order, hidden ones left out.
    public var promotedProductsShown: [String] { promotedProductsInOrder.filter { !$0.hidden }.map(\.productID) }

    /// Whether the person can send this intent from this device's App Store: a product its App Store
    /// page shows, or a win-back offer, whose direct link works whether or not the product is promoted.
    public func canSend(_ intent: PurchaseIntent) -> Bool {
        if let offerID = intent.offerID,
           catalog.product(intent.productID)?.subscription?.winBackOffers.contains(where: { $0.id == offerID }) == true { return true }
        return promotedProductsShown.contains(intent.productID)
    }

    /// This device's overrides (the ledger keeps them by device name: overrides are per device).
    public var promotionOverrides: PromotionOverrides { promotions[deviceName] ?? PromotionOverrides() }

    /// `SKProductStorePromotionController.update(storePromotionVisibility:for:)`. False for a product
    /// the catalog does not promote (the controller fails for it).
    @discardableResult
    public mutating func setPromotionVisibility(_ visibility: PromotionVisibility, for productID: String) -> Bool {
        guard catalog.isPromoted(productID) else { return false }
        changePromotions { $0.visibility[productID] = visibility == .default ? nil : visibility }
        return true
    }

    /// `SKProductStorePromotionController.update(storePromotionOrder:)`: these first, in this order; an
    /// empty list cancels the override ("send an empty product array"). False, changing nothing, when a
    /// product is not promoted or named twice.
    @discardableResult
    public mutating func setPromotionOrder(_ productIDs: [String]) -> Bool {
        guard productIDs.allSatisfy(catalog.isPromoted), Set(productIDs).count == productIDs.count else { return false }
        changePromotions { $0.order = productIDs }
        return true
    }

    /// Moves a promoted product one place up (-1) or down (+1) on this device's App Store page, past the
    /// next product shown there (hidden ones keep their places), as a new override order of every
    /// promoted product. False at either end.
    @discardableResult
    public mutating func movePromotion(_ productID: String, by step: Int) -> Bool {
        let entries = promotedProductsInOrder
        var ids = entries.map(\.productID)
        guard let index = ids.firstIndex(of: productID) else { return false }
        // Among the products shown (or, for a hidden one, among all of them).
        let places = entries[index].hidden ? Array(ids.indices) : ids.indices.filter { !entries[$0].hidden }
        guard let place = places.firstIndex(of: index), places.indices.contains(place + step) else { return false }
        ids.swapAt(index, places[place + step])
        return setPromotionOrder(ids)
    }

    private mutating func changePromotions(_ change: (inout PromotionOverrides) -> Void) {
        var overrides = promotionOverrides
        change(&overrides)
        promotions[deviceName] = overrides.isEmpty ? nil : overrides
        unsavedChanges.promotions = true
    }

    /// A device's overrides, as a ledger kept them.
    public mutating func restorePromotionOverrides(_ overrides: PromotionOverrides, device: String) {
        promotions[device] = overrides.isEmpty ? nil : overrides
    }

    // MARK: the app's decision

    /// What the app does with a purchase intent, by the reference's rules: cancel when the person
    /// already has what it sells (the pitch policy's answer, the same as everywhere in the app), defer
    /// while onboarding or a sheet is in the way, else continue.
    public func decision(for intent: PurchaseIntent, inOnboarding: Bool, sheetOpen: Bool) -> PurchaseIntentDecision {
        switch pitch(forProduct: intent.productID) {
        case .never(.owned), .never(.includedInPlan): return .cancelledOwned
        case .never: return .cancelledSubscriber
        case .unavailable: return .cancelledPaymentsBlocked
        case .subscribe, .resubscribe, .offer: break
        }
        if inOnboarding { return .deferredForOnboarding }
        if sheetOpen { return .deferredForSheet }
        return .continued
    }

    /// The app received a purchase intent and decided: logged with the decision. A continued intent
    /// whose offer the person cannot have is logged with StoreKit's `ineligibleForOffer` (the purchase
    /// with that offer fails so; the App Store shows a win-back offer only to those eligible, so only a
    /// stale link or QA gets here).
    @discardableResult
    public mutating func receive(_ intent: PurchaseIntent, inOnboarding: Bool = false, sheetOpen: Bool = false) -> StoreEvent {
        let decision = decision(for: intent, inOnboarding: inOnboarding, sheetOpen: sheetOpen)
        var failure: PurchaseError?
        if decision == .continued, intent.offerID != nil {
            do { _ = try quote(intent.productID, promotionalOffer: intent.offerID) } catch { failure = error }
        }
        return record(.purchaseIntent, intent.productID, offerID: intent.offerID, failure: failure,
                      intentDecision: decision)
    }
}

extension Catalog {
    /// Whether App Store Connect promotes this product (`promotedProducts`).
    public func isPromoted(_ productID: String) -> Bool { promotedPositions[productID] != nil }
}
