import Foundation
import StoreModel

/// The metered paywall (HIG "Metered paywall"): the free limit is reached for this month. "See Your
/// Options" opens the sign-up screen, an existing subscriber can restore, and Not Now goes back to the
/// free list. Opened only by `FreeContentScreen.read`, which asks the pitch policy first; someone who
/// cannot pay here is told why instead of being offered plans.
public enum PaywallScreen {
    public struct State: Sendable, Equatable {
        /// The focused button.
        public var focus = 0
        public init() {}
    }

    enum Button: Equatable { case options, restore, notNow }

    static func buttons(_ app: AppState) -> [Button] {
        (FreeContentScreen.pitch(app)?.mayPitch == true ? [.options] : []) + [.restore, .notNow]
    }

    /// A button's words; `width` is the room for them, so a long label gives way to its short form.
    static func label(_ button: Button, _ app: AppState, width: Int = .max) -> String {
        let words = app.strings.paywall
        switch button {
        case .options: return FreeContentScreen.isLapsed(app) ? words.resubscribeButton : words.seeYourOptions
        case .restore: return TextWidth.of(words.restore) <= width ? words.restore : words.restoreShort
        case .notNow: return words.notNow
        }
    }

    static func press(_ button: Button, _ app: inout AppState) {
        switch button {
        case .options:
            // The sign-up screen takes the paywall's place: its Not Now goes back to the free list.
            app.screens.removeLast()
            openSignupFromPaywall(&app)
        case .restore: app.startRestore()
        case .notNow: app.screens.removeLast()
        }
    }

    // MARK: update

    public static func update(_ action: Action, _ screen: inout State, _ app: inout AppState) {
        let buttons = buttons(app)
        screen.focus = min(screen.focus, buttons.count - 1)
        switch action {
        case .up: screen.focus = max(0, screen.focus - 1)
        case .down: screen.focus = min(buttons.count - 1, screen.focus + 1)
        case .press: press(buttons[screen.focus], &app)
        case .restore: press(.restore, &app)
        case .back: press(.notNow, &app)
        default: break
        }
    }

    // MARK: view

    /// The message under the title: subscribe (or resubscribe) or wait for next month; or, for someone
    /// who cannot pay here, only the wait and why.
    static func message(_ state: AppState) -> [String] {
        guard let content = state.store.catalog.freeContent else { return [] }
        let words = state.strings.paywall
        // A line break never falls inside the date.
        let date = state.date(state.store.currentMonth.following.start).replacingOccurrences(of: " ", with: "\u{00A0}")
        let limit = state.number(content.monthlyFreeLimit)
        switch FreeContentScreen.pitch(state) {
        case .unavailable(let gate)?:
            return [words.waitOnly(date, limit), state.strings.gateExplanation(gate)]
        default:
            let group = state.store.catalog.group(content.groupID).map { state.text($0.name) } ?? ""
            return [words.subscribeOrWait(group, date, limit, FreeContentScreen.isLapsed(state))]
        }
    }

    public static func draw(_ grid: inout Grid, _ state: AppState, _ screen: State) {
        let body = Chrome.body(state)
        let area = body.insetHorizontally(2)
        let bottom = body.row + body.height
        let buttons = buttons(state)
        // The buttons follow the words, and are never cut: where room is short the words give way.
        let roomy = body.height >= 12
        let lowest = bottom - buttons.count
        var y = body.row + (roomy ? 1 : 0)
        y += grid.putWrapped(state.strings.paywall.limitReached, row: y, column: area.column, width: area.width,
                             maxRows: max(1, min(2, lowest - y - 1)), role: .title)
        for paragraph in message(state) {
            let gap = roomy ? 1 : 0
            guard y + gap < lowest - 1 else { break }
            y += gap
            y += grid.putWrapped(paragraph, row: y, column: area.column, width: area.width, maxRows: lowest - 1 - y, role: .normal)
        }
        let buttonsTop = min(y + 1, lowest)
        for (index, button) in buttons.enumerated() {
            let focused = index == min(screen.focus, buttons.count - 1)
            let text = TextWidth.truncate((focused ? "▸ " : "  ") + "[ " + label(button, state, width: area.width - 6) + " ]", to: area.width)
            let role: Role = focused ? .selected : (button == .options ? .accent : .normal)
            grid.put(text, row: buttonsTop + index, column: area.column, role: role)
        }
    }
}

// MARK: component

extension PaywallScreen: ComponentFunctions {
    public static let bindings: [Binding] =
        [.move, .up, .down,
         Binding(keys: [.tab], label: "Tab", action: .down, importance: .helpOnly),
         Binding(keys: [.backTab], label: "⇧Tab", action: .up, importance: .helpOnly),
         .press, .restore, .back, .help, .quit]
}

extension PaywallScreen.State: StackScreen, FunctionsComponent {
    public typealias Functions = PaywallScreen
    public var kind: ScreenKind { .paywall }
    public var screen: AppState.Screen { .paywall(self) }
    public func title(_ app: AppState) -> String { FreeContentScreen.title(app) }
}
