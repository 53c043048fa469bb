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
        }
        drawDialog(&grid, state, title: title, titleRole: role, message: message, button: strings.ok)
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
