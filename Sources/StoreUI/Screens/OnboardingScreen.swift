import Foundation
import StoreModel

/// Onboarding (HIG "Call attention to subscription benefits during onboarding"): the catalog's pages
/// of the app's benefits, skippable, ending in the group's sign-up screen; the last page sums up the
/// terms under a call to action. Shown on a ledger's first launch and with `--onboarding`, and never to
/// someone the pitch policy says not to pitch to.
public enum OnboardingScreen {
    public struct State: Sendable, Equatable {
        public var page = 0
        public init(page: Int = 0) { self.page = page }
    }

    /// Opens onboarding over the store when it is due: asked for (`--onboarding`), or the first launch
    /// of a ledger. A first launch is marked in the store (and so in the ledger) whether or not the
    /// pages showed, so a ledger shows them at most once; a subscriber goes straight to the store.
    public static func startIfDue(_ app: inout AppState, requested: Bool, firstLaunch: Bool) {
        guard requested || firstLaunch, let onboarding = app.store.catalog.onboarding else { return }
        if firstLaunch { app.store.markOnboardingShown() }
        guard app.store.pitch(forGroup: onboarding.groupID).mayPitch else { return }
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
        case .nextPage where screen.page + 1 < count: screen.page += 1
        case .nextPage:
            let groupID = app.store.catalog.onboarding?.groupID
            close(&app)
            openSignupFromPaywall(&app, groupID: groupID)
        case .previousPage: screen.page = max(0, screen.page - 1)
        case .skip: close(&app)
        default: break
        }
    }

    public static func isAvailable(_ action: Action, _ screen: State, _ app: AppState) -> Bool {
        action == .previousPage ? screen.page > 0 : true
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

    public static func draw(_ grid: inout Grid, _ state: AppState, _ screen: State) {
        let pages = pages(state)
        guard !pages.isEmpty else { return }
        let index = min(screen.page, pages.count - 1)
        let page = pages[index]
        let body = Chrome.body(state)
        let area = body.insetHorizontally(state.isCompact ? 2 : 4)
        var bottom = body.row + body.height
        // From the bottom up: the page dots, then on the last page the call to action and the terms.
        let dots = (0..<pages.count).map { $0 == index ? "●" : "○" }.joined(separator: " ")
        grid.putCentered(dots, row: bottom - 1, in: body, role: .dim)
        bottom -= 2
        if index == pages.count - 1 {
            let (lines, freeTrial) = terms(state)
            let words = state.strings.onboarding
            let tight = body.height < 10
            grid.putCentered("[ ⏎ " + (freeTrial ? words.tryItFree : words.seePlans) + " ]", row: bottom - 1, in: body, role: .accent)
            bottom -= tight ? 1 : 2
            // Whole sentences, most important first, leaving the page's title (and, where there is
            // room, a line of its text): the terms matter more than the page's words.
            let room = bottom - body.row - (body.height >= 14 ? 1 : 0) - (tight ? 1 : 4)
            var shown: [String] = []
            for line in lines {
                let wrapped = TextWidth.wrap(line, width: area.width)
                guard shown.count + wrapped.count <= room else { break }
                shown += wrapped
            }
            for (offset, line) in shown.enumerated() {
                grid.put(line, row: bottom - shown.count + offset, column: area.column, role: .dim)
            }
            bottom -= shown.count + (shown.isEmpty || tight ? 0 : 1)
        }
        var y = body.row + (body.height >= 14 ? 1 : 0)
        y += grid.putWrapped(page.title.resolved(for: state.locale, fallback: state.fallbackLanguage), row: y, column: area.column,
                             width: area.width, maxRows: max(0, min(2, bottom - y)), role: .title)
        y += 1
        grid.putWrapped(page.body.resolved(for: state.locale, fallback: state.fallbackLanguage), row: y, column: area.column,
                        width: area.width, maxRows: max(0, bottom - y), role: .normal)
    }
}

// MARK: component

extension OnboardingScreen: ComponentFunctions {
    public static let bindings: [Binding] =
        [Binding(keys: [.right, .enter, .character("l"), .character(" ")], label: "→/⏎", action: .nextPage, importance: .high),
         Binding(keys: [.left, .character("h"), .backspace], label: "←", action: .previousPage, importance: .normal),
         Binding(keys: [.character("s"), .escape], label: "s/Esc", action: .skip, importance: .high),
         .redeemCode, .help, .quit]
}

extension OnboardingScreen.State: StackScreen, FunctionsComponent {
    public typealias Functions = OnboardingScreen
    public var kind: ScreenKind { .onboarding }
    public var screen: AppState.Screen { .onboarding(self) }
}
