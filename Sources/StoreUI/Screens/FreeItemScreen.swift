import Foundation
import StoreModel

/// One free item, open to read: its title and its text, which scrolls. Opening it counted as a read
/// (FreeContentScreen.read); with one free read left, the gentle prompt shows below the text.
public enum FreeItemScreen {
    public struct State: Sendable, Equatable {
        public var itemID: String
        /// The first line of the text shown.
        public var offset = 0

        public init(itemID: String) { self.itemID = itemID }
    }

    static func item(_ app: AppState, _ screen: State) -> FreeItem? { app.store.catalog.freeContent?.item(screen.itemID) }

    /// Where the text goes: below the title and a blank line, above the prompt.
    static func textArea(_ app: AppState, _ screen: State) -> Rect {
        let body = Chrome.body(app)
        let area = body.insetHorizontally(2)
        let titleRows = item(app, screen).map { min(2, TextWidth.wrap(FreeContentScreen.title($0, app), width: area.width).count) } ?? 1
        let top = body.row + titleRows + 1
        return Rect(row: top, column: area.column, width: area.width,
                    height: max(0, body.row + body.height - top - FreeContentScreen.promptHeight(app)))
    }

    /// The text as lines of the width it is drawn at (the item's length, not the catalog's, sets the work).
    static func lines(_ app: AppState, _ screen: State) -> [String] {
        guard let item = item(app, screen) else { return [] }
        return TextWidth.wrap(app.text(item.body), width: textArea(app, screen).width)
    }

    static func maxOffset(_ app: AppState, _ screen: State) -> Int {
        max(0, lines(app, screen).count - textArea(app, screen).height)
    }

    // MARK: update

    public static func update(_ action: Action, _ screen: inout State, _ app: inout AppState) {
        let maxOffset = maxOffset(app, screen)
        screen.offset = min(screen.offset, maxOffset)
        if let moved = AppState.listMove(action, from: screen.offset, count: maxOffset + 1, page: textArea(app, screen).height - 1) {
            screen.offset = moved
            return
        }
        switch action {
        case .seePlans where FreeContentScreen.showsPrompt(app): openSignupFromPaywall(&app)
        case .back:
            // Read to the end, then back to the list: a natural pause to ask for a review. Only someone
            // reading without a limit (a subscriber): one the free area still pitches to gets its sales
            // prompts, never a rating prompt mixed in with them.
            let finished = screen.offset >= maxOffset && !FreeContentScreen.isMetered(app)
            app.screens.removeLast()
            if finished {
                app.completedReadings += 1
                if app.completedReadings % AppState.readingsBeforeReviewRequest == 0 { app.requestReviewAtNaturalMoment() }
            }
        default: break
        }
    }

    public static func isAvailable(_ action: Action, _ screen: State, _ app: AppState) -> Bool {
        switch action {
        case .seePlans: return FreeContentScreen.showsPrompt(app)
        case .scroll, .up, .down, .pageUp, .pageDown, .top, .bottom: return maxOffset(app, screen) > 0
        default: return true
        }
    }

    // MARK: view

    public static func draw(_ grid: inout Grid, _ state: AppState, _ screen: State) {
        guard let item = item(state, screen) else { return }
        let body = Chrome.body(state)
        let area = body.insetHorizontally(2)
        grid.putWrapped(FreeContentScreen.title(item, state), row: body.row, column: area.column, width: area.width, maxRows: 2, role: .title)
        let text = textArea(state, screen)
        let lines = lines(state, screen)
        let offset = min(screen.offset, max(0, lines.count - text.height))
        for line in 0..<max(0, min(text.height, lines.count - offset)) {
            grid.put(lines[offset + line], row: text.row + line, column: text.column, role: .normal, width: text.width)
        }
        if offset > 0 { grid.put("▲", row: text.row, column: body.column + body.width - 1, role: .dim) }
        if offset + text.height < lines.count {
            grid.put("▼", row: text.row + text.height - 1, column: body.column + body.width - 1, role: .dim)
        }
        if FreeContentScreen.showsPrompt(state) { FreeContentScreen.drawPrompt(&grid, state, in: body) }
    }
}

// MARK: component

extension FreeItemScreen: ComponentFunctions {
    public static let bindings: [Binding] =
        Binding.scrolling + [.seePlans, .back, .help, .quit]
}

extension FreeItemScreen.State: StackScreen, FunctionsComponent {
    public typealias Functions = FreeItemScreen
    public var kind: ScreenKind { .freeItem }
    public var screen: AppState.Screen { .freeItem(self) }
    public func title(_ app: AppState) -> String { FreeContentScreen.title(app) }
}
