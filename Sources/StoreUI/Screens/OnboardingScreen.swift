import Foundation
import StoreModel

/// Onboarding (HIG "Call attention to subscription benefits during onboarding"): the catalog's pages
/// of the app's benefits, skippable, ending in the group's sign-up screen; the last page sums up the
/// terms above a call to action and Sign In / Restore (the HIG's example); copy that does not fit
/// scrolls with ↑↓. Shown on a ledger's first launch and with `--onboarding`, and never to
/// someone the pitch policy says not to pitch to.
public enum OnboardingScreen {
    public struct State: Sendable, Equatable {
        public var page = 0
        /// How far the page's copy is scrolled, where it does not fit.
        public var offset = 0
        public init(page: Int = 0) { self.page = page }
    }

    /// Opens onboarding over the store when it is due: asked for (`--onboarding`), or the first launch
    /// of a ledger. A first launch is marked in the store (and so in the ledger) whether or not the
    /// pages showed, so a ledger shows them at most once; a subscriber goes straight to the store.
    /// An explicit `--onboarding` that cannot apply says why, in a line over the store.
    public static func startIfDue(_ app: inout AppState, requested: Bool, firstLaunch: Bool) {
        guard requested || firstLaunch else { return }
        guard let onboarding = app.store.catalog.onboarding else {
            if requested { app.notice = app.strings.qa.onboardingNotShown(nil) }
            return
        }
        if firstLaunch { app.store.markOnboardingShown() }
        let pitch = app.store.pitch(forGroup: onboarding.groupID)
        guard pitch.mayPitch else {
            if requested { app.notice = app.strings.qa.onboardingNotShown(pitch) }
            return
        }
        app.open(.onboarding(State()))
    }

    static func pages(_ app: AppState) -> [Onboarding.Page] { app.store.catalog.onboarding?.pages ?? [] }

    static func close(_ app: inout AppState) {
        app.screens.removeAll { $0.kind == .onboarding }
    }

    // MARK: update

    public static func update(_ action: Action, _ screen: inout State, _ app: inout AppState) {
        let count = pages(app).count
        switch action {
        case .nextPage where screen.page + 1 < count: screen = State(page: screen.page + 1)
        case .nextPage:
            let groupID = app.store.catalog.onboarding?.groupID
            close(&app)
            openSignupFromPaywall(&app, groupID: groupID)
        case .previousPage: screen = State(page: max(0, screen.page - 1))
        case .up, .down:
            let most = layout(app, page: screen.page)?.maxOffset ?? 0
            screen.offset = min(max(0, min(screen.offset, most) + (action == .down ? 1 : -1)), most)
        case .restore: app.startRestore()
        case .skip: close(&app)
        default: break
        }
    }

    public static func isAvailable(_ action: Action, _ screen: State, _ app: AppState) -> Bool {
        switch action {
        case .previousPage: screen.page > 0
        case .scroll, .up, .down: (layout(app, page: screen.page)?.maxOffset ?? 0) > 0
        // Sign In / Restore is the last page's, beside its call to action.
        case .restore: screen.page == pages(app).count - 1
        default: true
        }
    }

    // MARK: view

    /// The last page's summary of the terms: the lowest price of the shortest period, whether a free
    /// trial is open to this person, and how renewal works.
    static func terms(_ state: AppState) -> (lines: [String], freeTrial: Bool) {
        guard let groupID = state.store.catalog.onboarding?.groupID else { return ([], false) }
        let billing = BillingTerms(state)
        let options = state.store.catalog.products(inGroup: groupID).filter { $0.price(in: state.store.territory) != nil }
        var lines: [String] = []
        let cheapest = options.min {
            let (a, b) = ($0.subscription!.period.approximateDays, $1.subscription!.period.approximateDays)
            return a != b ? a < b : state.store.price(of: $0)! < state.store.price(of: $1)!
        }
        if let cheapest, let price = billing.standardPrice(cheapest) { lines.append(state.strings.onboarding.plansFrom(price)) }
        // How renewal works before the trial note: where room is short, the last lines give way.
        lines.append(state.strings.renewsAutomatically)
        let freeTrial = options.contains { billing.applicableOffer($0)?.paymentMode == .freeTrial }
        if freeTrial { lines.append(state.strings.onboarding.someTrials) }
        return (lines, freeTrial)
    }

    /// The page's copy as lines: its title, its text and, on the last page, the terms. Where they do
    /// not fit above the buttons they scroll with ↑↓ (never cut); `room` lines show from `top`.
    struct Layout {
        var lines: [(String, Role)]
        var top: Int
        var room: Int
        /// The call to action and, on the last page, Sign In / Restore: on one row where they fit.
        var buttons: [(text: String, row: Int, role: Role)]
        var maxOffset: Int { max(0, lines.count - room) }
    }

    static func layout(_ state: AppState, page index: Int) -> Layout? {
        let pages = pages(state)
        guard !pages.isEmpty else { return nil }
        let index = min(index, pages.count - 1)
        let page = pages[index]
        let body = Chrome.body(state)
        let area = body.insetHorizontally(state.isCompact ? 2 : 4)
        let last = index == pages.count - 1
        // From the bottom up: the page dots, then on the last page the buttons.
        var bottom = body.row + body.height - 2
        var buttons: [(text: String, row: Int, role: Role)] = []
        if last {
            let words = state.strings.onboarding
            let cta = "[ ⏎ " + (terms(state).freeTrial ? words.tryItFree : words.seePlans) + " ]"
            // HIG: the last page offers sign-in and restore beside the call to action.
            let restore = "r " + words.signInRestore
            if TextWidth.of(cta) + 4 + TextWidth.of(restore) <= area.width {
                buttons = [(cta + "    " + restore, bottom - 1, .accent)]
                bottom -= 1
            } else {
                buttons = [(cta, bottom - 2, .accent), (restore, bottom - 1, .normal)]
                bottom -= 2
            }
            // A blank row between the copy and the buttons, where the body has room for one.
            if body.height >= 10 { bottom -= 1 }
        }
        let top = body.row + (body.height >= 14 ? 1 : 0)
        var lines: [(String, Role)] = []
        func add(_ text: String, _ role: Role) { lines += TextWidth.wrap(text, width: area.width).map { ($0, role) } }
        add(state.text(page.title), .title)
        lines.append(("", .normal))
        add(state.text(page.body), .normal)
        if last {
            for line in terms(state).lines {
                lines.append(("", .dim))
                add(line, .dim)
            }
        }
        return Layout(lines: lines, top: top, room: max(1, bottom - top), buttons: buttons)
    }

    public static func draw(_ grid: inout Grid, _ state: AppState, _ screen: State) {
        let pages = pages(state)
        guard let layout = layout(state, page: screen.page) else { return }
        let index = min(screen.page, pages.count - 1)
        let body = Chrome.body(state)
        let area = body.insetHorizontally(state.isCompact ? 2 : 4)
        let dots = (0..<pages.count).map { $0 == index ? "●" : "○" }.joined(separator: " ")
        grid.putCentered(dots, row: body.row + body.height - 1, in: body, role: .dim)
        for button in layout.buttons {
            grid.putCentered(button.text, row: button.row, in: body, role: button.role)
        }
        let offset = min(screen.offset, layout.maxOffset)
        for (row, (text, role)) in layout.lines.dropFirst(offset).prefix(layout.room).enumerated() {
            grid.put(text, row: layout.top + row, column: area.column, role: role, width: area.width)
        }
        // ▲/▼ in the right margin where there is more copy above or below.
        let mark = min(state.size.columns - 1, area.column + area.width + 1)
        if offset > 0 { grid.put("▲", row: layout.top, column: mark, role: .dim) }
        if offset < layout.maxOffset { grid.put("▼", row: layout.top + layout.room - 1, column: mark, role: .dim) }
    }
}

// MARK: component

extension OnboardingScreen: ComponentFunctions {
    public static let bindings: [Binding] =
        [Binding(keys: [.right, .enter, .character("l"), .character(" ")], label: "→/⏎", action: .nextPage, importance: .high),
         Binding(keys: [.left, .character("h"), .backspace], label: "←", action: .previousPage, importance: .normal),
         Binding(keys: [.character("s"), .escape], label: "s/Esc", action: .skip, importance: .high),
         .restore, .scroll, .up, .down, .redeemCode, .help, .quit]
}

extension OnboardingScreen.State: StackScreen, FunctionsComponent {
    public typealias Functions = OnboardingScreen
    public var kind: ScreenKind { .onboarding }
    public var screen: AppState.Screen { .onboarding(self) }
}
