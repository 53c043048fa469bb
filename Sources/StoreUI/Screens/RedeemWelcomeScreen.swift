import Foundation
import StoreModel

/// The app's welcome after an offer code starts a new subscription: its own screen, in the app's
/// theme, opened once the system redemption sheet has reported the redemption (its Done), or at once
/// for a code redeemed in the App Store, whose own screens already reported it. HIG "Supporting offer
/// codes": the system provides the redemption screens; what the app adds is its own UI, never drawn
/// inside a sheet titled "App Store".
public enum RedeemWelcomeScreen {
    public struct State: Sendable, Equatable {
        public var redemption: CodeRedemption
        public var offset = 0
    }

    static func open(_ redemption: CodeRedemption, _ app: inout AppState) {
        app.open(State(redemption: redemption).screen)
    }

    // MARK: update

    public static func update(_ action: Action, _ screen: inout State, _ app: inout AppState) {
        switch action {
        case .dismiss: app.screens.removeAll { $0.kind == .redeemWelcome }
        default: screen.offset = page(app, screen).scrolled(action, from: screen.offset)
        }
    }

    public static func isAvailable(_ action: Action, _ screen: State, _ app: AppState) -> Bool {
        page(app, screen).isAvailable(action)
    }

    // MARK: view

    static func page(_ state: AppState, _ screen: State) -> AppPage {
        let words = state.strings.redeem
        let catalog = state.store.catalog
        let product = catalog.product(screen.redemption.productID)
        let service = product?.subscription.flatMap { catalog.group($0.groupID) }.map { state.text($0.name) } ?? state.appName
        return AppPage(state, lines: { width in
            var lines = AppPage.wrap(words.welcomeTitle(service), .title, width: width)
            lines.append(("", .normal))
            lines += AppPage.wrap(words.welcomeBody(product.map(state.name) ?? service), .normal, width: width)
            return lines
        }, buttons: [("[ \(words.getStarted) ]", Role.selected)])
    }

    public static func draw(_ grid: inout Grid, _ state: AppState, _ screen: State) {
        page(state, screen).draw(&grid, state, offset: screen.offset)
    }
}

// MARK: component

extension RedeemWelcomeScreen: ComponentFunctions {
    public static let bindings: [Binding] = [.dismiss, .scroll, .up, .down, .top, .bottom, .help, .quit]
}

extension RedeemWelcomeScreen.State: StackScreen, FunctionsComponent {
    public typealias Functions = RedeemWelcomeScreen
    public var kind: ScreenKind { .redeemWelcome }
}
