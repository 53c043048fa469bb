import Foundation
import StoreModel

extension AppState {
    /// A question before something that cannot be undone.
    public enum Confirmation: Sendable, Equatable {
        case clearAll
        /// SKTestSession.clearTransactions(): the ledger emptied, the switches kept.
        case clearTransactions
        case delete(transactionID: UInt64)
        /// Leaving Submit Feedback, or quitting from it, with a draft not sent.
        case leaveFeedback(quitting: Bool)
    }

    fileprivate mutating func perform(_ question: Confirmation) {
        switch question {
        case .clearAll:
            store.clearAll()
            setInspectorSelection(nil)
            storeScreen.quantities = [:]
            StoreScreen.revalidate(&self)
            notice = strings.qa.cleared
        case .clearTransactions:
            _ = try? perform(Script.Verb.clear)
        case .delete(let id):
            let index = TransactionsScreen.rows(self).row(of: id)
            store.deleteTransaction(id)
            if case .transaction(let screen)? = screens.last, screen.id == id { screens.removeLast() }
            let remaining = TransactionsScreen.rows(self)
            setInspectorSelection(index.flatMap { remaining.isEmpty ? nil : remaining[min($0, remaining.count - 1)].id })
            notice = strings.qa.deleted(id)
        case .leaveFeedback:
            // Leaving keeps the draft (the store has it as typed): offered again next time.
            if case .feedback? = screens.last { screens.removeLast() }
        }
    }
}

extension Overlays {
    /// A yes/no question before something that cannot be undone.
    static func drawConfirm(_ grid: inout Grid, _ state: AppState, _ question: AppState.Confirmation) {
        let qa = state.strings.qa
        let message: String
        switch question {
        case .clearAll: message = qa.clearQuestion
        case .clearTransactions: message = qa.clearTransactionsQuestion
        case .delete(let id): message = qa.deleteQuestion(id)
        case .leaveFeedback(let quitting):
            // The person's own question, in their language.
            let words = state.strings.help
            drawDialog(&grid, state, title: words.leaveTitle, titleRole: .warning,
                       message: words.leaveQuestion(quitting, state.keepsLedger), button: words.leaveButtons(quitting))
            return
        }
        drawDialog(&grid, state, title: qa.confirmTitle, titleRole: .warning, message: message, button: qa.confirmButtons)
    }
}

extension AppState.Confirmation: ScreenComponent {
    static let bindings: [Binding] = [
        // Only y: Enter, typed out of habit, must not delete anything.
        Binding(keys: [.character("y"), .character("Y")], label: "y", action: .confirm, importance: .high),
        Binding(keys: [.character("n"), .escape, .backspace], label: "n/Esc", action: .cancel, importance: .high),
    ]

    public var kind: ScreenKind { .confirm }
    public var bindings: [Binding] { Self.bindings }

    /// Any answer closes it; only y does what it asks (quitting, for a draft left on quit).
    public mutating func update(_ action: Action, _ app: inout AppState) -> [Effect] {
        app.overlay = nil
        guard action == .confirm else { return [] }
        if case .leaveFeedback(quitting: true) = self { return [.quit] }
        app.perform(self)
        return []
    }

    public func draw(_ grid: inout Grid, _ app: AppState) { Overlays.drawConfirm(&grid, app, self) }
}
