import Foundation
import StoreModel

/// The retention offer's pitch (HIG "Helping people manage their subscriptions": extend a personalized
/// offer as an alternative to cancellation, in a branded experience that complements the system's
/// management UI): the app's own screen, in the app's theme, shown when someone starts cancelling from
/// the Account screen a subscription whose group has a retention offer. "Before you go…", the offer's
/// price, duration and price after it (BillingTerms, as the system sheet states them) and when it
/// starts, and until when access lasts; Take Offer opens the uniform system sheet that books it
/// (RetentionOfferSheet), Cancel Subscription (or x) cancels at once, so cancelling is two presses here
/// too. It opens on Take Offer, which books nothing by itself.
public enum RetentionPitchScreen {
    public struct State: Sendable, Equatable {
        public var groupID: String
        /// Which button has focus: Take Offer (false) or Cancel Subscription.
        public var cancelFocused = false
        public var offset = 0
    }

    /// Where cancelling starts from the app's Account screen: the pitch first when the group has a
    /// retention offer for this person, else the system cancel sheet (which also turns away a family
    /// member). The system's Manage sheet goes straight to the system cancel sheet.
    static func startCancelling(groupID: String, _ app: inout AppState) {
        guard CancelSheet.cancellable(groupID, app) != nil, app.store.retentionOffer(forGroup: groupID) != nil else {
            CancelSheet.open(groupID: groupID, &app)
            return
        }
        app.open(State(groupID: groupID).screen)
    }

    static func close(_ app: inout AppState) {
        app.screens.removeAll { $0.kind == .retentionPitch }
    }

    // MARK: update

    public static func update(_ action: Action, _ screen: inout State, _ app: inout AppState) {
        switch action {
        case .switchButton: screen.cancelFocused.toggle()
        case .press where screen.cancelFocused, .cancelSubscription:
            // The pitch is the confirmation: it says until when access lasts, so cancelling takes two
            // presses with an offer as without one (x on Account, x here; issue 57, item 8).
            CancelSheet.cancel(groupID: screen.groupID, &app)
        case .press:
            app.overlay = .retentionOffer(RetentionOfferSheet.State(groupID: screen.groupID))
        case .back: close(&app)
        default: screen.offset = page(app, screen).scrolled(action, from: screen.offset)
        }
    }

    public static func isAvailable(_ action: Action, _ screen: State, _ app: AppState) -> Bool {
        page(app, screen).isAvailable(action)
    }

    // MARK: view

    static func page(_ state: AppState, _ screen: State) -> AppPage {
        let words = state.strings.account
        let take = "[ \(words.takeOffer) ]", cancel = "[ x \(words.cancelSubscription) ]"
        let buttons: [(String, Role)] = screen.cancelFocused ? [(take, .accent), (cancel, .selected)] : [(take, .selected), (cancel, .normal)]
        return AppPage(state, lines: { width in
            guard let offer = state.store.retentionOffer(forGroup: screen.groupID),
                  let status = state.store.status(ofGroup: screen.groupID, ownership: .purchased),
                  let product = state.store.catalog.product(status.renewal?.autoRenewProductID ?? status.transaction.productID)
            else { return [] }
            let terms = BillingTerms(state).offerSummary(offer, on: product) ?? CancelSheet.offerText(state, offer)
            var lines = AppPage.wrap(words.beforeYouGo, .title, width: width)
            lines.append(("", .normal))
            lines += AppPage.wrap(words.stayFor(state.name(product)), .normal, width: width)
            lines += AppPage.wrap(terms, .accent, width: width, indent: "  ")
            lines.append(("", .normal))
            lines += AppPage.wrap(words.retentionStarts(CancelSheet.accessEnd(state, status)), .dim, width: width)
            // What x does here, as the system's confirmation would say it.
            lines.append(("", .normal))
            lines += AppPage.wrap(words.keepUsing(state.name(product), CancelSheet.accessEnd(state, status)), .normal, width: width)
            return lines
        }, buttons: buttons)
    }

    public static func draw(_ grid: inout Grid, _ state: AppState, _ screen: State) {
        page(state, screen).draw(&grid, state, offset: screen.offset)
    }
}

// MARK: component

extension RetentionPitchScreen: ComponentFunctions {
    public static let bindings: [Binding] =
        [
            .switchButton, .switchButtonArrows, .press,
            // Cancel Subscription at one key, as on the Account screen: cancelling stays easy (HIG).
            .cancelSubscription,
            .back, .scroll, .up, .down, .top, .bottom, .help, .quit,
        ]
}

extension RetentionPitchScreen.State: StackScreen, FunctionsComponent {
    public typealias Functions = RetentionPitchScreen
    public var kind: ScreenKind { .retentionPitch }
}
