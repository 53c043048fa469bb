import Foundation
import StoreModel
import TextSafety

/// The system's offer-code redemption sheet (StoreKit's `offerCodeRedemption(isPresented:onCompletion:)`,
/// HIG "Supporting offer codes"): a code field with an "Enter Code" placeholder and the Terms and
/// Conditions; a valid code shows the offer — its name and terms ("Free for 1 month, then
/// $4.99/month", "Alps Map Pack, free") — with Redeem Offer; each refusal has its own message on the
/// sheet. After redeeming, the sheet reports it ("Code Redeemed" and what starts, a short note of what
/// changes when for an existing subscriber); a new subscriber's welcome is the app's own screen after
/// it (RedeemWelcomeScreen, issue 31). A system sheet: themes do not restyle it (`system*` roles only).
public enum RedeemSheet {
    public struct State: Sendable, Equatable {
        /// The code field: at most a code's 64 characters, whatever is typed or pasted.
        public var field: TextField
        public var page: Page
        /// Why the last code was refused, shown under the field until the code is edited.
        public var error: OfferCodeError?
        /// On the offer page, which button has focus: it opens on Cancel, so a stray Enter redeems nothing.
        public var redeemFocused = false

        public init(code: String = "") {
            field = TextField(text: code, limit: OfferCodeOffer.maxCodeLength)
            page = .entry
        }
    }

    public enum Page: Sendable, Equatable {
        /// the code field
        case entry
        /// a valid code's offer, before Redeem Offer
        case offer(CodeRedemption)
        /// redeemed: what starts now, or what changes when
        case done(CodeRedemption)
    }

    static func open(code: String = "", _ app: inout AppState) {
        if app.sheetFails(.offerCodeRedeemSheet) { return }
        app.overlay = .redeem(State(code: code))
    }

    // MARK: update

    public static func update(_ action: Action, _ sheet: inout State, _ app: inout AppState) {
        switch (sheet.page, action) {
        case (.entry, .press):
            do {
                sheet.page = .offer(try app.store.checkOfferCode(sheet.field.text))
                sheet.redeemFocused = false
                sheet.error = nil
            } catch {
                sheet.error = error
                app.store.logCodeRefusal(sheet.field.text, error)
            }
        case (.offer, .switchButton):
            sheet.redeemFocused.toggle()
        case (.offer(let redemption), .press) where sheet.redeemFocused:
            do {
                sheet.page = .done(try app.store.redeemOfferCode(redemption.code))
                app.afterRedemption()
            } catch {
                // Something changed since the offer showed (time passed it by): say why, on the field.
                sheet.page = .entry
                sheet.error = error
                app.store.logCodeRefusal(redemption.code, error)
            }
        case (.done(let redemption), .press), (.done(let redemption), .cancel):
            // The system sheet has reported it: the app welcomes a new subscriber on its own screen.
            app.overlay = nil
            if redemption.effect == .subscribe { RedeemWelcomeScreen.open(redemption, &app) }
            return
        case (.offer, .press), (_, .cancel):
            app.overlay = nil
            return
        default:
            break
        }
        app.overlay = .redeem(sheet)
    }

    /// Whether a key of the sheet does something now: Tab only between the offer's buttons; `?` is
    /// typed into the field on its page, so the key help is there only on the others.
    public static func isAvailable(_ action: Action, _ sheet: State, _ app: AppState) -> Bool {
        switch action {
        case .switchButton: if case .offer = sheet.page { true } else { false }
        case .help: sheet.page != .entry
        default: true
        }
    }

    // MARK: view

    /// The sheet's lines, and where the field goes among them (entry page only).
    static func lines(_ state: AppState, _ sheet: State) -> (lines: [(String, Role)], fieldLine: Int?) {
        let words = state.strings.redeem
        let inner = Overlays.systemSheetWidth(state) - 4
        var lines: [(String, Role)] = []
        func wrap(_ text: String, _ role: Role) {
            for line in TextWidth.wrap(text, width: inner) { lines.append((line, role)) }
        }
        switch sheet.page {
        case .entry:
            wrap(words.redeemCode, .systemTitle)
            wrap(state.appName, .systemSheet)
            lines.append(("", .systemSheet))
            let field = lines.count
            lines.append(("", .systemSheet))
            if let error = sheet.error {
                lines.append(("", .systemSheet))
                wrap(message(error, code: sheet.field.text, state), .systemError)
            }
            lines.append(("", .systemSheet))
            wrap(words.terms, .systemSheet)
            return (lines, field)
        case .offer(let redemption):
            guard let offer = state.store.catalog.offerCode(id: redemption.offerID),
                  let product = state.store.catalog.product(redemption.productID) else { return (lines, nil) }
            wrap(state.text(offer.name), .systemTitle)
            wrap(state.name(product) + " · " + state.appName, .systemSheet)
            lines.append(("", .systemSheet))
            wrap(terms(offer, product, state, introFirst: redemption.introductoryOffer), .systemSheet)
            if let when = when(redemption, state) { wrap(when, .systemSheet) }
            lines.append(("", .systemSheet))
            wrap(words.terms, .systemSheet)
        case .done(let redemption):
            let (title, message) = afterword(redemption, state)
            wrap(title, .systemTitle)
            lines.append(("", .systemSheet))
            wrap(message, .systemSheet)
        }
        return (lines, nil)
    }

    /// The offer's terms: a subscription's price and length and the standard price after it
    /// (BillingTerms: "Free for 1 month, then $4.99/month"), after the introductory offer where the
    /// code's offer stacks with it; a one-time product with its price.
    static func terms(_ offer: OfferCodeOffer, _ product: Product, _ state: AppState, introFirst: SubscriptionOffer? = nil) -> String {
        let words = state.strings.redeem
        if let subscription = offer.offer {
            let billing = BillingTerms(state)
            let summary = billing.offerSummary(subscription, on: product) ?? state.name(product)
            guard let intro = introFirst, let amount = intro.price(in: state.store.territory) else { return summary }
            return words.stackedTerms(billing.offerPrice(intro, amount: amount), summary)
        }
        let price = offer.itemPrice(in: state.store.territory) ?? 0
        return price == 0 ? words.itemFree(state.name(product)) : words.itemPrice(state.name(product), state.price(price))
    }

    /// When the offer applies, on the offer page.
    static func when(_ redemption: CodeRedemption, _ state: AppState) -> String? {
        let words = state.strings.redeem
        let product = state.store.catalog.product(redemption.productID).map(state.name) ?? redemption.productID
        switch redemption.effect {
        case .subscribe: return words.startsNow
        case .nextRenewal(let date): return words.fromRenewal(state.date(date))
        case .planChange(let change):
            guard let date = change.effectiveDate, date > state.store.now else { return words.switchesNow(product) }
            return words.switchesAt(product, state.date(date))
        case .deliver: return nil
        }
    }

    /// After redeeming, the system's report: what starts now for a new subscriber (the app welcomes
    /// them after, on its own screen), what changes when for an existing one, the item for a one-time
    /// product. Title and message.
    static func afterword(_ redemption: CodeRedemption, _ state: AppState) -> (String, String) {
        let words = state.strings.redeem
        let catalog = state.store.catalog
        guard let offer = catalog.offerCode(id: redemption.offerID), let product = catalog.product(redemption.productID) else {
            return (words.deliveredTitle, redemption.code)
        }
        let offerName = state.text(offer.name)
        let terms = terms(offer, product, state)
        switch redemption.effect {
        case .subscribe:
            if let intro = redemption.introductoryOffer, let amount = intro.price(in: state.store.territory) {
                let introTerms = BillingTerms(state).offerPrice(intro, amount: amount)
                return (words.deliveredTitle, words.welcomeStacked(introTerms, offerName, terms))
            }
            return (words.deliveredTitle, words.welcome(offerName, terms))
        case .nextRenewal(let date):
            return (words.changesTitle, words.changesAtRenewal(offerName, state.date(date), terms))
        case .planChange(let change):
            if let date = change.effectiveDate, date > state.store.now {
                let current = product.subscription.flatMap { state.store.status(ofGroup: $0.groupID, ownership: .purchased) }
                    .flatMap { catalog.product($0.transaction.productID) }.map(state.name) ?? ""
                return (words.changesTitle, words.switchedAt(state.name(product), state.date(date), current))
            }
            return (words.changesTitle, words.switchedNow(state.name(product), offerName))
        case .deliver:
            return (words.deliveredTitle, words.delivered(state.name(product)))
        }
    }

    /// Why a code was refused, in the person's language; `code` names the product where it matters.
    public static func message(_ error: OfferCodeError, code: String, _ state: AppState) -> String {
        let words = state.strings.redeem
        let product = state.store.catalog.offerCode(forCode: code.uppercased()).flatMap { state.store.catalog.product($0.offer.productID) }
        switch error {
        case .invalidCharacters: return words.invalidCharacters
        case .unknownCode: return words.unknownCode
        case .expired: return words.expired
        case .inactive: return words.inactive
        case .codeAlreadyUsed: return words.codeAlreadyUsed
        case .alreadyRedeemed: return words.alreadyRedeemed
        case .notEligible(_, let offerFor):
            // Whom it is for, in the App Store's order, joined as the locale joins a list with "or".
            let order: [OfferCodeOffer.Eligibility] = [.new, .existing, .lapsed]
            let whom = product?.subscription == nil ? words.customers : words.subscribers
            return words.notEligible(order.filter(offerFor.contains).map(whom).formatted(.list(type: .or).locale(state.locale)))
        case .wouldDowngrade(let current):
            return words.wouldDowngrade(state.store.catalog.product(current).map(state.name) ?? current)
        case .limitReached: return words.limitReached
        case .quarterlyLimitReached: return words.quarterlyLimitReached
        case .alreadyOwned: return words.alreadyOwned(product.map(state.name) ?? code)
        case .notAvailableInStorefront: return words.notAvailable
        case .paymentNotAllowed: return words.paymentNotAllowed
        }
    }

    static func layout(_ state: AppState, _ sheet: State) -> Overlays.SystemSheetLayout {
        Overlays.systemSheetLayout(state, lineCount: lines(state, sheet).lines.count)
    }

    public static func draw(_ grid: inout Grid, _ state: AppState, _ sheet: State) {
        let words = state.strings.redeem
        let (lines, fieldLine) = lines(state, sheet)
        let layout = Overlays.systemSheetLayout(state, lineCount: lines.count)
        // What matters comes first (the field and its error, the offer's terms); on a short terminal
        // the Terms and Conditions line is what is cut, under ▼.
        let offset = 0
        switch sheet.page {
        case .entry:
            Overlays.drawSystemSheet(&grid, state, lines: lines, offset: offset, buttons: (words.cancel, words.redeem), secondFocused: nil)
        case .offer:
            Overlays.drawSystemSheet(&grid, state, lines: lines, offset: offset, buttons: (words.cancel, words.redeemOffer),
                                     secondFocused: sheet.redeemFocused)
        case .done:
            Overlays.drawSystemSheet(&grid, state, lines: lines, offset: offset, buttons: ("", words.done), secondFocused: true)
        }
        guard let fieldLine, fieldLine - offset < layout.room else { return }
        let content = layout.rect.inset(1).insetHorizontally(1)
        let row = content.row + fieldLine - offset
        if sheet.field.isEmpty {
            grid.fill(row: row, column: content.column, width: content.width, height: 1, role: .systemField)
            grid.put(words.placeholder, row: row, column: content.column + 1, role: .systemPlaceholder, width: content.width - 1)
            grid.restyle(row: row, column: content.column, width: 1, role: .systemSelected)
        } else {
            sheet.field.draw(into: &grid, row: row, column: content.column, width: content.width, height: 1,
                             role: .systemField, cursorRole: .systemSelected)
        }
    }
}

extension AppState {
    /// What a redemption changes beyond the ledger: the store's list and a sign-up screen give way to
    /// the subscription now held (a subscriber is never pitched).
    mutating func afterRedemption() {
        StoreScreen.revalidate(&self)
        SignupScreen.revalidate(&self)
        // Onboarding is never shown to a subscriber: a code redeemed from it ends it.
        if let groupID = store.catalog.onboarding?.groupID, !store.pitch(forGroup: groupID).mayPitch {
            screens.removeAll { $0.kind == .onboarding }
        }
    }

    /// A code redeemed in the App Store reaches the app, as StoreKit delivers its transaction through
    /// `Transaction.updates`: handled like one redeemed on the sheet, with a notice; when nothing else
    /// is open, the app's welcome for a new subscriber (the App Store's own screens reported it), else
    /// the note of what changes on the sheet. A code the App Store refuses is a Log event and the
    /// notice says why (for QA: a customer would have seen it in the App Store).
    public mutating func receiveAppStoreRedemption(_ code: String) {
        let words = strings.redeem
        do {
            let redemption = try store.redeemOfferCode(code)
            afterRedemption()
            notice = words.arrived(redemption.code)
            if overlay == nil, redemption.effect == .subscribe {
                RedeemWelcomeScreen.open(redemption, &self)
            } else if overlay == nil {
                var sheet = RedeemSheet.State()
                sheet.page = .done(redemption)
                overlay = .redeem(sheet)
            }
        } catch {
            store.logCodeRefusal(code, error)
            notice = words.refused(UntrustedText.quoted(code), RedeemSheet.message(error, code: code, self))
        }
    }

    /// Codes redeemed in the App Store since the app last ran (a `--state` ledger keeps them): found at
    /// launch and handled like codes redeemed now.
    public mutating func handlePendingRedemptions() {
        for pending in store.takePendingRedemptions() { receiveAppStoreRedemption(pending.code) }
    }
}

// MARK: component

extension RedeemSheet: ComponentFunctions {
    public static let bindings: [Binding] =
        [
            // The code field takes typing, Backspace and the arrows first: only keys it leaves come here.
            // Enter and Esc outrank Tab where the footer is short (German at 50 columns).
            Binding(keys: [.tab, .backTab, .left, .right], label: "Tab", action: .switchButton, importance: .normal),
            Binding(keys: [.enter], label: "⏎", action: .press, importance: .high),
            Binding(keys: [.escape], label: "Esc", action: .cancel, importance: .high),
            .help,
        ]
}

extension RedeemSheet.State: FunctionsComponent {
    public typealias Functions = RedeemSheet
    public var kind: ScreenKind { .redeem }
    /// The code field, on the entry page.
    public mutating func type(_ key: Key, _ app: inout AppState) -> Bool {
        guard page == .entry, field.handle(key) else { return false }
        error = nil
        app.overlay = .redeem(self)
        return true
    }
}
