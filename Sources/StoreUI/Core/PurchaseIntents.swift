import Foundation
import StoreModel

/// The app's side of a promoted purchase (StoreModel/PromotedPurchases.swift has the rules): a
/// `PurchaseIntent` arrives (`--open promoted=…`, the scenario panel's App Store page, the script verb
/// `promoted`), the store logs the decision, and the app does it: opens the payment sheet, saves the
/// intent until onboarding or the open sheet is over, or takes the person to what they already have
/// and says so ("Provide feedback to the user", Promoting In-App Purchases).
extension AppState {
    /// Whether onboarding is on screen: a purchase intent waits until the person finishes it.
    var isInOnboarding: Bool { screens.contains { $0.kind == .onboarding } }

    /// A purchase intent reaches the running app now.
    public mutating func receivePurchaseIntent(_ intent: PurchaseIntent) {
        let event = store.receive(intent, inOnboarding: isInOnboarding, sheetOpen: overlay != nil)
        guard let product = store.catalog.product(intent.productID), let decision = event.intentDecision else { return }
        switch decision {
        case .continued:
            guard let offerID = intent.offerID else { openSheet(for: product); return }
            // The offer the person chose outside the app is the purchase's ("Add this offer to the
            // purchase options", PurchaseIntent.offer); StoreKit refuses one they cannot have.
            do {
                let quote = try store.quote(product.id, promotionalOffer: offerID)
                overlay = .sheet(PurchaseSheet(quote: quote, confirmFocused: false))
            } catch {
                overlay = .result(PurchaseResult(productID: product.id, quantity: 1, outcome: .failed(error)))
            }
        case .deferredForOnboarding, .deferredForSheet:
            // "Save the payment to use when the app is ready."
            deferredIntent = intent
        case .cancelledSubscriber:
            let groupID = product.subscription!.groupID
            let plan = store.status(ofGroup: groupID).flatMap { store.catalog.product($0.transaction.productID) } ?? product
            openSignup(groupID: groupID)
            notice = strings.promoted.alreadySubscribed(name(plan))
        case .cancelledOwned:
            open(.detail(DetailScreen.State(productID: product.id)))
            notice = strings.promoted.alreadyOwned(name(product))
        case .cancelledPaymentsBlocked:
            notice = strings.promoted.purchasesBlocked(name(product))
        }
    }

    /// A deferred intent goes on once nothing is in the way any more: onboarding finished (skipped, or
    /// its last page) and no sheet open. Decided afresh: onboarding may have sold the plan meanwhile.
    mutating func continueDeferredIntent() {
        guard let intent = deferredIntent, !isInOnboarding, overlay == nil else { return }
        deferredIntent = nil
        receivePurchaseIntent(intent)
    }
}
