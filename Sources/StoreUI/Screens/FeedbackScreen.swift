import Foundation
import StoreModel

/// Submit Feedback: a multi-line text field (the shared `TextField`) and Send. The draft is the store's
/// (`AppStore.feedbackDraft`), set on every key the field takes, so with `--state` it is on disk as it
/// is typed and survives even kill -9; it is offered again the next time the screen opens. Esc, or `q`
/// where it is not typed into the field, asks first while a draft is unsent; Ctrl-C quits at once (the
/// draft is saved already). Tab moves between the field and Send.
public enum FeedbackScreen {
    public struct State: Sendable, Equatable {
        public var field: TextField
        /// Whether Send has focus (else the field has).
        public var sendFocused = false
        /// The draft was there when the screen opened: it says so.
        public var offeredDraft: Bool

        public init(draft: String) {
            field = TextField(text: draft, limit: AppStore.feedbackLimit, multiline: true)
            offeredDraft = !draft.isEmpty
        }
    }

    static func open(_ app: inout AppState) {
        app.open(.feedback(State(draft: app.store.feedbackDraft)))
    }

    /// A key for the field, while it has focus; the store keeps the text as typed.
    static func type(_ key: Key, _ screen: inout State, _ app: inout AppState) -> Bool {
        guard !screen.sendFocused, screen.field.handle(key, width: fieldRect(app).width) else { return false }
        app.store.setFeedbackDraft(screen.field.text)
        return true
    }

    // MARK: update

    public static func update(_ action: Action, _ screen: inout State, _ app: inout AppState) {
        switch action {
        case .nextArea, .previousArea: screen.sendFocused.toggle()
        case .back:
            if screen.field.text.allSatisfy(\.isWhitespace) {
                app.screens.removeLast()
            } else {
                app.overlay = .confirm(.leaveFeedback(quitting: false))
            }
        case .press where screen.sendFocused:
            guard app.store.sendFeedback() != nil else {
                app.notice = app.strings.help.typeFirst
                screen.sendFocused = false
                return
            }
            app.screens.removeLast()
            app.notice = app.strings.help.sent
        default: break
        }
    }

    public static func isAvailable(_ action: Action, _ screen: State, _ app: AppState) -> Bool {
        switch action {
        // While the field has focus, q and ? are typed, Enter is a new line: the footer says so by not
        // offering them.
        case .quit, .help, .press: screen.sendFocused
        default: true
        }
    }

    /// Whether leaving now would leave an unsent draft behind (the quit question asks first).
    static func hasUnsentDraft(_ app: AppState) -> Bool {
        guard case .feedback(let screen) = app.top else { return false }
        return !screen.field.text.allSatisfy(\.isWhitespace)
    }

    // MARK: view

    static func area(_ app: AppState) -> Rect {
        var area = Chrome.body(app).insetHorizontally(app.isCompact ? 1 : 2)
        area.width = min(area.width, 96)
        return area
    }

    /// The fewest rows of text the field shows, at any size from the smallest the app supports (40x12).
    static let minimumFieldRows = 2

    /// What goes above the field's frame at this size: the title, a blank row (`gap`), and as much of the
    /// introduction as leaves the field `minimumFieldRows` with its frame, the count and Send below it.
    /// Where rows are short the introduction is cut first, then the blank row: the field, the count and
    /// Send always show.
    static func header(_ app: AppState) -> (gap: Int, intro: [String]) {
        let area = area(app)
        // Besides the header and the field: the title, the frame's two borders, the count and Send.
        let room = area.height - 5 - minimumFieldRows
        let gap = room >= 1 ? 1 : 0
        let intro = TextWidth.wrap(app.strings.help.feedbackIntro, width: area.width)
        return (gap, Array(intro.prefix(max(0, room - gap))))
    }

    /// Where the field's text goes, inside its frame: between the introduction and Send.
    static func fieldRect(_ app: AppState) -> Rect {
        let area = area(app), header = header(app)
        let top = area.row + 1 + header.gap + header.intro.count + 1
        // Below it: its frame's bottom, the count line and Send.
        let height = max(minimumFieldRows, area.row + area.height - 3 - top)
        return Rect(row: top, column: area.column + 1, width: max(1, area.width - 2), height: height)
    }

    public static func draw(_ grid: inout Grid, _ state: AppState, _ screen: State) {
        let words = state.strings.help
        let area = area(state)
        guard area.height >= 5 + minimumFieldRows else { return }
        grid.put(words.submitFeedback, row: area.row, column: area.column, role: .title, width: area.width)
        let header = header(state)
        for (row, line) in header.intro.enumerated() {
            grid.put(line, row: area.row + 1 + header.gap + row, column: area.column, role: .dim, width: area.width)
        }
        let field = fieldRect(state)
        let frame = Rect(row: field.row - 1, column: field.column - 1, width: field.width + 2, height: field.height + 2)
        grid.box(frame, role: .normal, borderRole: screen.sendFocused ? .border : .accent,
                 title: screen.offeredDraft ? words.draftOffered : nil, titleRole: .dim)
        screen.field.draw(into: &grid, row: field.row, column: field.column, width: field.width, height: field.height,
                          role: .normal, cursorRole: .selected, placeholder: words.placeholder, showsCursor: !screen.sendFocused)
        let countRow = frame.row + frame.height
        grid.putRight(words.count(state.number(screen.field.count), state.number(AppStore.feedbackLimit)), row: countRow,
                      in: Rect(row: countRow, column: area.column, width: area.width, height: 1), role: .dim)
        grid.put("[ \(words.send) ]", row: countRow + 1, column: area.column, role: screen.sendFocused ? .selected : .accent)
    }
}

// MARK: component

extension FeedbackScreen: ComponentFunctions {
    public static let bindings: [Binding] =
        // The field takes typing (q and ? included) while it has focus; Tab moves to Send and back.
        [Binding(keys: [.tab, .backTab], label: "Tab", action: .nextArea, importance: .high),
         .press, .back, .help, .quit]
}

extension FeedbackScreen.State: StackScreen, FunctionsComponent {
    public typealias Functions = FeedbackScreen
    public var kind: ScreenKind { .feedback }
    public var screen: AppState.Screen { .feedback(self) }
    public func title(_ app: AppState) -> String { app.strings.help.title }
    public mutating func type(_ key: Key, _ app: inout AppState) -> Bool { FeedbackScreen.type(key, &self, &app) }
}
