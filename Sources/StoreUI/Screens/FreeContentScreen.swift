import Foundation
import StoreModel

/// The app's free area (HIG "Metered paywall"): the catalog's free items, with how many free reads
/// are left this month. Opening an item counts as a read (once per item and month); one read left
/// brings a gentle prompt, and the limit the paywall. Whether the limit applies at all is the pitch
/// policy's answer for the unlocking group, asked here and nowhere else: someone it says never to
/// pitch (a subscriber) reads without a limit, a counter or a prompt.
public enum FreeContentScreen {
    /// The list's own state: the selected item, by position in the catalog's list.
    public struct State: Sendable, Equatable {
        public var selection = 0
        public init(selection: Int = 0) { self.selection = selection }
    }

    /// Opens the free area, where the catalog has one.
    static func open(_ app: inout AppState) {
        guard app.store.catalog.freeContent != nil else { return }
        app.open(.freeContent(State()))
    }

    static func items(_ app: AppState) -> [FreeItem] { app.store.catalog.freeContent?.items ?? [] }

    /// The area's title from the catalog, in the viewer's language.
    static func title(_ app: AppState) -> String {
        app.store.catalog.freeContent.map { app.text($0.title) }
            ?? app.strings.screenName(.freeContent)
    }

    static func title(_ item: FreeItem, _ app: AppState) -> String { app.text(item.title) }

    // MARK: the rules, from the pitch policy

    /// The pitch policy's answer for the group that unlocks the area.
    static func pitch(_ app: AppState) -> PitchDecision? {
        app.store.catalog.freeContent.map { app.store.pitch(forGroup: $0.groupID) }
    }

    /// Whether reads are counted and limited: for everyone the policy does not say never to pitch.
    static func isMetered(_ app: AppState) -> Bool {
        guard let pitch = pitch(app) else { return false }
        if case .never = pitch { return false }
        return true
    }

    /// Whether the person had the group and lapsed (the prompt and paywall say "Resubscribe").
    static func isLapsed(_ app: AppState) -> Bool {
        if case .resubscribe? = pitch(app) { return true }
        return false
    }

    /// The gentle prompt: one free read left, and someone the policy lets us pitch to.
    static func showsPrompt(_ app: AppState) -> Bool {
        isMetered(app) && pitch(app)?.mayPitch == true && app.store.freeReadsLeft == 1
    }

    /// Opens an item to read. A read counts once per item and month; at the limit, an item not read
    /// this month opens the paywall instead.
    static func read(_ itemID: String, _ app: inout AppState) {
        if isMetered(app), !app.store.hasRead(itemID) {
            guard (app.store.freeReadsLeft ?? 0) > 0 else {
                app.open(.paywall(PaywallScreen.State()))
                return
            }
            app.store.recordFreeRead(itemID)
        }
        app.open(.freeItem(FreeItemScreen.State(itemID: itemID)))
    }

    /// "2 of 3 free reads left this month"; nil where nothing is counted.
    static func counter(_ app: AppState) -> String? {
        guard isMetered(app), let content = app.store.catalog.freeContent, let left = app.store.freeReadsLeft else { return nil }
        return app.strings.paywall.leftThisMonth(left, app.number(left), app.number(content.monthlyFreeLimit))
    }


    // MARK: update

    public static func update(_ action: Action, _ screen: inout State, _ app: inout AppState) {
        let items = items(app)
        if !items.isEmpty, let moved = AppState.listMove(action, from: screen.selection, count: items.count, page: listHeight(app) - 1) {
            screen.selection = moved
            return
        }
        switch action {
        case .select where !items.isEmpty: read(items[min(screen.selection, items.count - 1)].id, &app)
        case .seePlans where showsPrompt(app): openSignupFromPaywall(&app)
        case .back: app.screens.removeLast()
        default: break
        }
    }

    public static func isAvailable(_ action: Action, _ screen: State, _ app: AppState) -> Bool {
        switch action {
        case .seePlans: return showsPrompt(app)
        case .move, .up, .down, .pageUp, .pageDown, .top, .bottom, .select: return !items(app).isEmpty
        default: return true
        }
    }

    // MARK: view

    /// Rows the prompt takes at the bottom of the body when it shows: its text and its button.
    static func promptHeight(_ app: AppState) -> Int {
        showsPrompt(app) ? min(2, TextWidth.wrap(promptText(app), width: Chrome.body(app).width - 4).count) + 2 : 0
    }

    static func promptText(_ app: AppState) -> String { app.strings.paywall.oneLeft(isLapsed(app)) }

    static func listHeight(_ app: AppState) -> Int {
        Chrome.body(app).height - (counter(app) == nil ? 0 : 2) - promptHeight(app)
    }

    public static func draw(_ grid: inout Grid, _ state: AppState, _ screen: State) {
        let body = Chrome.body(state)
        let area = body.insetHorizontally(2)
        var y = body.row
        if let counter = counter(state) {
            grid.put(TextWidth.truncate(counter, to: area.width), row: y, column: area.column, role: state.store.freeReadsLeft == 0 ? .warning : .accent)
            y += 2
        }
        let items = items(state)
        let height = listHeight(state)
        let offset = max(0, min(screen.selection - height / 2, items.count - height))
        let metered = isMetered(state)
        let readMark = state.strings.paywall.read
        for line in 0..<max(0, min(height, items.count - offset)) {
            let index = offset + line
            let item = items[index]
            let selected = index == screen.selection
            let row = y + line
            var right = 0
            if metered, state.store.hasRead(item.id) {
                right = grid.putRight(readMark, row: row, in: area, role: .owned) + 2
            }
            grid.put((selected ? "▸ " : "  ") + TextWidth.truncate(title(item, state), to: max(1, area.width - 2 - right)),
                     row: row, column: area.column, role: selected ? .selected : .title)
            if selected { grid.restyle(row: row, column: area.column, width: area.width, role: .selected) }
        }
        if offset > 0 { grid.put("▲", row: y, column: body.column + body.width - 1, role: .dim) }
        if offset + height < items.count { grid.put("▼", row: y + height - 1, column: body.column + body.width - 1, role: .dim) }
        if showsPrompt(state) { drawPrompt(&grid, state, in: body) }
    }

    /// The gentle prompt at the bottom of the body: never blocking, with the way to the plans.
    static func drawPrompt(_ grid: inout Grid, _ state: AppState, in body: Rect) {
        let area = body.insetHorizontally(2)
        let height = promptHeight(state)
        var y = body.row + body.height - height + 1
        y += grid.putWrapped(promptText(state), row: y, column: area.column, width: area.width, maxRows: 2, role: .accent)
        let button = isLapsed(state) ? state.strings.paywall.resubscribeButton : state.strings.paywall.seePlansButton
        grid.put(TextWidth.truncate("[ o: \(button) ]", to: area.width), row: y, column: area.column, role: .key)
    }
}

// MARK: the way to the sign-up screen, and Restore

/// The free area's plans: the sign-up screen of the group that unlocks it (a subscriber gets their own
/// plan instead, as everywhere).
func openSignupFromPaywall(_ app: inout AppState, groupID: String? = nil) {
    guard let groupID = groupID ?? app.store.catalog.freeContent?.groupID else { return }
    app.openSignup(groupID: groupID)
}

// MARK: component

extension FreeContentScreen: ComponentFunctions {
    public static let bindings: [Binding] =
        Binding.list + [.select, .seePlans, .back, .scenario, .transactions, .help, .quit]
}

extension FreeContentScreen.State: StackScreen, FunctionsComponent {
    public typealias Functions = FreeContentScreen
    public var kind: ScreenKind { .freeContent }
    public var screen: AppState.Screen { .freeContent(self) }
    public func title(_ app: AppState) -> String { FreeContentScreen.title(app) }
}
