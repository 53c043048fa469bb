import Foundation
import StoreModel
import TextSafety

/// The exit survey (HIG "Helping people manage their subscriptions": when the app learns someone
/// cancelled, it may invite them to describe their reasons): the app's own screen, in the app's theme,
/// opened after the system cancel sheet has cancelled, and only when the catalog has reasons. It is
/// optional: Esc skips it; choosing a reason thanks the person. Never part of the system sheet.
public enum ExitSurveyScreen {
    public struct State: Sendable, Equatable {
        /// The focused reason.
        public var selection = 0
        public var offset = 0
    }

    /// After a cancel: the survey where the catalog has reasons.
    static func openIfAsked(_ app: inout AppState) {
        guard !app.store.catalog.app.exitSurvey.isEmpty else { return }
        app.open(State().screen)
    }

    static func reasons(_ app: AppState) -> [String] {
        app.store.catalog.app.exitSurvey.map { UntrustedText.displayable(app.text($0)) }
    }

    // MARK: update

    public static func update(_ action: Action, _ screen: inout State, _ app: inout AppState) {
        let count = reasons(app).count
        if let moved = AppState.listMove(action, from: screen.selection, count: count, page: max(1, page(app, screen).room - 1)) {
            screen.selection = moved
            screen.offset = scrolled(app, screen)
            return
        }
        switch action {
        case .press:
            app.screens.removeAll { $0.kind == .exitSurvey }
            app.notice = app.strings.account.thanks
        case .skip:
            app.screens.removeAll { $0.kind == .exitSurvey }
        default: break
        }
    }

    // MARK: view

    /// The page, and the lines of each reason (to keep the focused one in view).
    static func layout(_ state: AppState, _ screen: State) -> (page: AppPage, reasons: [Range<Int>]) {
        var ranges: [Range<Int>] = []
        let page = AppPage(state, lines: { width in
            var lines = AppPage.wrap(state.strings.account.surveyTitle, .title, width: width)
            lines.append(("", .normal))
            for (index, reason) in reasons(state).enumerated() {
                let start = lines.count
                let focused = index == screen.selection
                lines += AppPage.wrap(reason, focused ? .selected : .normal, width: width, indent: focused ? "▸ " : "  ")
                ranges.append(start..<lines.count)
            }
            return lines
        }, buttons: [])
        return (page, ranges)
    }

    static func page(_ state: AppState, _ screen: State) -> AppPage { layout(state, screen).page }

    static func scrolled(_ state: AppState, _ screen: State) -> Int {
        let (page, reasons) = layout(state, screen)
        guard screen.selection < reasons.count else { return screen.offset }
        // The first reason brings the title back into view with it.
        let focused = screen.selection == 0 ? 0..<reasons[0].upperBound : reasons[screen.selection]
        return page.offset(keeping: focused, from: screen.offset)
    }

    public static func draw(_ grid: inout Grid, _ state: AppState, _ screen: State) {
        layout(state, screen).page.draw(&grid, state, offset: screen.offset)
    }
}

// MARK: component

extension ExitSurveyScreen: ComponentFunctions {
    public static let bindings: [Binding] =
        Binding.list + [
            .press,
            // Optional: Esc leaves without an answer.
            Binding(keys: [.escape, .backspace, .character("s")], label: "Esc", action: .skip, importance: .high),
            .help, .quit,
        ]
}

extension ExitSurveyScreen.State: StackScreen, FunctionsComponent {
    public typealias Functions = ExitSurveyScreen
    public var kind: ScreenKind { .exitSurvey }
}
