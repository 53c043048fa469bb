import Foundation
import StoreModel

/// The system's price-increase consent sheet (StoreKit's `Message` with reason `priceIncreaseConsent`):
/// when a subscription's price goes up and the increase needs consent, the person is asked once per
/// launch, as the system asks when the app comes to the foreground. Agree keeps the subscription
/// renewing at the new price; Not Now leaves it pending, and without consent by the renewal date it
/// expires (`didNotConsentToPriceIncrease`). A system sheet: themes do not restyle it.
public enum PriceConsent {
    public struct State: Sendable, Equatable {
        public var groupID: String
        /// Which button has focus: it opens on Not Now, so a stray Enter agrees to nothing.
        public var agreeFocused = false
        public var offset = 0
        public init(groupID: String) { self.groupID = groupID }
    }

    public static func update(_ action: Action, _ sheet: inout State, _ app: inout AppState) {
        switch action {
        case .switchButton:
            sheet.agreeFocused.toggle()
        case .press where sheet.agreeFocused:
            app.store.consentToPriceIncrease(group: sheet.groupID)
            app.overlay = nil
            app.notice = app.strings.priceConsent.agreed(groupName(sheet, app))
            return
        case .press, .cancel:
            app.overlay = nil
            return
        case .up, .down:
            let most = layout(app, sheet).maxOffset
            sheet.offset = min(max(0, min(sheet.offset, most) + (action == .down ? 1 : -1)), most)
        default:
            break
        }
        app.overlay = .priceConsent(sheet)
    }

    private static func groupName(_ sheet: State, _ app: AppState) -> String {
        app.store.catalog.group(sheet.groupID).map { app.text($0.name) } ?? sheet.groupID
    }

    /// The sheet's content: the plan, the app, and what changes when.
    static func lines(_ state: AppState, _ sheet: State) -> [(String, Role)] {
        let words = state.strings.priceConsent
        guard let status = state.store.status(ofGroup: sheet.groupID, ownership: .purchased),
              let product = status.renewal.flatMap({ state.store.catalog.product($0.autoRenewProductID) }),
              let increase = state.store.priceIncrease(for: product.id),
              let currency = state.store.catalog.territory(increase.key.territory)?.currency,
              let period = product.subscription?.period else { return [] }
        let inner = Overlays.systemSheetWidth(state) - 4
        var lines: [(String, Role)] = []
        for text in TextWidth.wrap(words.title, width: inner) { lines.append((text, .systemTitle)) }
        lines.append((state.name(product) + " · " + state.appName, .systemSheet))
        lines.append(("", .systemSheet))
        let from = status.transaction.expirationDate.map(state.date) ?? "—"
        for text in TextWidth.wrap(words.message(state.prices.string(increase.price, currency: currency) + state.strings.perPeriod(period), from), width: inner) {
            lines.append((text, .systemSheet))
        }
        return lines
    }

    static func layout(_ state: AppState, _ sheet: State) -> Overlays.SystemSheetLayout {
        Overlays.systemSheetLayout(state, lineCount: lines(state, sheet).count)
    }

    public static func draw(_ grid: inout Grid, _ state: AppState, _ sheet: State) {
        let words = state.strings.priceConsent
        Overlays.drawSystemSheet(&grid, state, lines: lines(state, sheet), offset: min(sheet.offset, layout(state, sheet).maxOffset),
                                 buttons: (words.notNow, words.agree), secondFocused: sheet.agreeFocused)
    }
}

extension AppState {
    /// Shows the consent sheet for a price increase waiting on the person, once per group and launch,
    /// when nothing else covers the screen and no notice is being read (after QA raises a price, the
    /// sheet comes with the next key, as the system's comes when the app returns to the foreground).
    mutating func askForPriceConsentIfDue() {
        guard overlay == nil, notice == nil, !isTooSmall,
              let groupID = store.pendingPriceConsents.first(where: { !priceConsentAsked.contains($0) }) else { return }
        priceConsentAsked.insert(groupID)
        overlay = .priceConsent(PriceConsent.State(groupID: groupID))
    }
}

// MARK: component

extension PriceConsent: ComponentFunctions {
    /// The same keys as the confirmation sheet: two buttons, and scrolling where it does not fit.
    public static let bindings: [Binding] =
        AppState.PurchaseSheet.bindings

    /// Scrolling only where it does not fit.
    public static func isAvailable(_ action: Action, _ sheet: State, _ app: AppState) -> Bool {
        action == .scroll || action == .up || action == .down ? layout(app, sheet).maxOffset > 0 : true
    }
}

extension PriceConsent.State: FunctionsComponent {
    public typealias Functions = PriceConsent
    public var kind: ScreenKind { .priceConsent }
}
