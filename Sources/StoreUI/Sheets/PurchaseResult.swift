import Foundation
import StoreModel

extension AppState {
    /// What happened to a purchase, shown until dismissed.
    public struct PurchaseResult: Sendable, Equatable {
        public var productID: String
        public var quantity: Int
        public var outcome: Outcome

        public enum Outcome: Sendable, Equatable {
            case purchased, deferred, interrupted
            case scheduled(Date)
            case failed(PurchaseError)
            /// The App Store completed the purchase, but the app could not verify it (QA's Verification
            /// error) and did not unlock it.
            case unverified(StoreKitErrorCase)
            /// A StoreKit sheet did not open: QA's error for that call (`AppState.sheetFails`).
            case sheetFailed(StoreKitErrorCategory, StoreKitErrorCase)
        }
    }
}

extension Overlays {
    static func drawResult(_ grid: inout Grid, _ state: AppState, _ result: AppState.PurchaseResult) {
        let strings = state.strings
        let product = state.store.catalog.product(result.productID)
        let name = product.map { result.quantity > 1 ? "\(state.name($0)) × \(result.quantity)" : state.name($0) } ?? result.productID
        let (title, message, role): (String, String, Role)
        switch result.outcome {
        case .purchased:
            let text = product?.type == .autoRenewable ? strings.subscribedTo(name) : strings.purchased(name)
            (title, message, role) = ("✓ " + strings.sheetTitle, text, .success)
        case .scheduled(let date):
            (title, message, role) = ("✓ " + strings.sheetTitle, strings.scheduled(name, state.date(date)), .success)
        case .deferred:
            (title, message, role) = (strings.deferred, strings.deferredNote, .warning)
        case .interrupted:
            (title, message, role) = (strings.interruptedTitle, strings.interruptedNote, .warning)
        case .failed(let error):
            (title, message, role) = (strings.failed, strings.failure(error), .error)
        case .unverified:
            (title, message, role) = (strings.faults.unverifiedTitle, strings.faults.unverified(name), .warning)
        case .sheetFailed(let category, let error):
            (title, message) = Self.sheetFailure(strings.faults, category, error)
            role = .error
        }
        drawDialog(&grid, state, title: title, titleRole: role, message: message, button: strings.ok)
    }
}

extension Overlays {
    /// What the app says when a StoreKit sheet does not open: what happened, and where else the person
    /// can do the same thing (Settings, the App Store, reportaproblem.apple.com).
    static func sheetFailure(_ words: FaultStrings, _ category: StoreKitErrorCategory, _ error: StoreKitErrorCase) -> (String, String) {
        switch (category, error) {
        case (.refundRequestSheet, .duplicateRequest): (words.refundTitle, words.refundDuplicate)
        case (.refundRequestSheet, .failed): (words.refundTitle, words.refundFailed + " " + words.refundElsewhere)
        case (.refundRequestSheet, _): (words.refundTitle, words.reason(error) + " " + words.refundElsewhere)
        case (.offerCodeRedeemSheet, _): (words.redeemTitle, words.reason(error) + " " + words.redeemElsewhere)
        default: (words.manageTitle, words.reason(error) + " " + words.manageElsewhere)
        }
    }
}

extension AppState {
    /// Whether a StoreKit sheet fails to open (QA's error for its call); if it does, the app says so,
    /// except for userCancelled: the person closed the sheet, and apps show nothing then.
    mutating func sheetFails(_ category: StoreKitErrorCategory) -> Bool {
        guard let error = store.sheetFailure(category) else { return false }
        if error != .userCancelled {
            overlay = .result(PurchaseResult(productID: "", quantity: 1, outcome: .sheetFailed(category, error)))
        } else {
            overlay = nil
        }
        return true
    }
}

extension AppState.PurchaseResult: ScreenComponent {
    static let bindings: [Binding] = [.dismiss, .help]

    public var kind: ScreenKind { .result }
    public var bindings: [Binding] { Self.bindings }

    public mutating func update(_ action: Action, _ app: inout AppState) -> [Effect] {
        if action == .dismiss { app.overlay = nil }
        return []
    }

    public func draw(_ grid: inout Grid, _ app: AppState) { Overlays.drawResult(&grid, app, self) }
}
