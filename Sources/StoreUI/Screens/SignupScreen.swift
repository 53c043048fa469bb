import Foundation
import StoreModel

/// A subscription group's sign-up screen (HIG "Making signup effortless"): every option of the group
/// with its name, duration, content and billing amount, offers and their terms, how to cancel, Terms of
/// Use and Privacy Policy, Restore Purchases, and Not Now. Below 60 columns the options become a list
/// followed by one button that names the chosen option (HIG watchOS). Whatever does not fit scrolls.
///
/// Reached only through `AppState.openSignup`, which never shows it to a subscriber.
public enum SignupScreen {
    /// The screen's own state: which group, the chosen option, and how far it is scrolled.
    public struct State: Sendable, Equatable {
        public var groupID: String
        /// The chosen option's product id.
        public var selection: String?
        /// The chosen option's billing plan: a one-year option may also be paid monthly with a 12-month
        /// commitment (its own choice on the screen, under the option billed up front).
        public var plan: BillingPlanType = .billedUpFront
        /// The first content line shown.
        public var offset = 0

        public init(groupID: String, selection: String? = nil) {
            self.groupID = groupID
            self.selection = selection
        }
    }

    /// The group's options, in catalog order, priced in this territory.
    static func options(_ app: AppState, _ screen: State) -> [Product] {
        app.store.catalog.products(inGroup: screen.groupID).filter { $0.price(in: app.store.territory) != nil }
    }

    /// One choice on the screen: an option billed up front, or a one-year option's monthly payments
    /// with a 12-month commitment where the App Store offers them here (StoreKit's `PricingTerms`: each
    /// billing plan is its own entry).
    struct Choice {
        var product: Product
        var plan: BillingPlanType
        /// Names the choice in the layout.
        var key: String { Self.key(product.id, plan) }
        static func key(_ productID: String?, _ plan: BillingPlanType) -> String {
            (productID ?? "") + (plan == .monthly ? "#monthly" : "")
        }
    }

    /// The options and, under each one-year option with a monthly plan here, its monthly choice.
    static func choices(_ app: AppState, _ screen: State) -> [Choice] {
        let terms = BillingTerms(app, onOwnInitiative: true)
        return options(app, screen).flatMap { product in
            [Choice(product: product, plan: .billedUpFront)]
                + (terms.monthlyPlanPrice(product) != nil ? [Choice(product: product, plan: .monthly)] : [])
        }
    }

    /// The option chosen when the screen opens: the one asked for, else for a lapsed subscriber the
    /// option their win-back offer is on (the product they had, or another period of the same service),
    /// else the product they had, else the first.
    static func initialSelection(_ app: AppState, groupID: String, asked: String?) -> String? {
        let ids = options(app, State(groupID: groupID)).map(\.id)
        if let asked, ids.contains(asked) { return asked }
        if case .resubscribe(let last, let winBack) = app.store.saleDecision(forGroup: groupID) {
            if let winBack, ids.contains(winBack.productID) { return winBack.productID }
            if ids.contains(last) { return last }
        }
        return ids.first
    }

    // MARK: update

    public static func update(_ action: Action, _ screen: inout State, _ app: inout AppState) {
        if case .never = app.store.saleDecision(forGroup: screen.groupID), action != .back {
            // Became a subscriber while the screen was open (a purchase, the QA tools): their plan instead.
            revalidate(&app)
            return
        }
        let options = choices(app, screen).filter { _ in app.store.saleDecision(forGroup: screen.groupID).mayPitch }
        let index = options.firstIndex { $0.product.id == screen.selection && $0.plan == screen.plan } ?? 0
        var layout = layout(app, screen)
        func clamp() { screen.offset = min(max(0, screen.offset), layout.maxOffset) }
        switch action {
        case .up, .down, .top, .bottom:
            guard !options.isEmpty else {
                screen.offset += action == .up ? -1 : action == .down ? 1 : action == .top ? -Int.max / 2 : Int.max / 2
                clamp()
                return
            }
            let last = options.count - 1
            if action == .up, index == 0 { screen.offset = 0; return }
            if action == .down, index == last {
                screen.offset = whole(screen.offset + 1, layout, forward: true)
                clamp()
                return
            }
            let moved = AppState.listMove(action, from: index, count: options.count, page: 1) ?? index
            screen.selection = options[moved].product.id
            screen.plan = options[moved].plan
            layout = self.layout(app, screen)
            if action == .top { screen.offset = 0; return }
            if action == .bottom { screen.offset = layout.maxOffset; return }
            scrollToSelection(&screen, layout)
        case .pageUp, .pageDown:
            let page = max(1, layout.viewHeight - 1)
            let before = screen.offset
            screen.offset = whole(screen.offset + (action == .pageDown ? page : -page), layout, forward: false)
            // Rounding back to an option's first line must not undo the page move.
            if action == .pageDown, screen.offset <= before { screen.offset = whole(before + 1, layout, forward: true) }
            clamp()
        case .back: app.screens.removeLast()
        case .buy where !options.isEmpty: app.openSheet(for: options[index].product, billingPlan: options[index].plan)
        case .restore: app.startRestore()
        default: break
        }
    }

    /// Scrolls just enough that the chosen option shows whole (its first line, where it is taller than
    /// the view); the first option shows with the heading above it.
    static func scrollToSelection(_ screen: inout State, _ layout: Layout) {
        guard let range = layout.selectedRange else { return }
        if range.lowerBound <= layout.firstOptionLine {
            screen.offset = 0
        } else if range.lowerBound < screen.offset {
            screen.offset = range.lowerBound
        } else if range.upperBound > screen.offset + layout.viewHeight {
            // Past the option above, whole: the top line is never its details without its name and price.
            screen.offset = min(range.lowerBound, whole(range.upperBound - layout.viewHeight, layout, forward: true))
        }
        screen.offset = min(max(0, screen.offset), layout.maxOffset)
    }

    /// An offset whose top line is not inside an option below its first line (its name and total price,
    /// the HIG's most prominent place): the option's first line (`forward` false), or the line after it.
    static func whole(_ offset: Int, _ layout: Layout, forward: Bool) -> Int {
        guard let inside = layout.optionLines.values.first(where: { $0.lowerBound < offset && offset < $0.upperBound }) else { return offset }
        return forward ? inside.upperBound : inside.lowerBound
    }

    public static func isAvailable(_ action: Action, _ screen: State, _ app: AppState) -> Bool {
        let pitch = app.store.saleDecision(forGroup: screen.groupID)
        switch action {
        case .buy:
            return pitch.mayPitch && (choices(app, screen).first { $0.product.id == screen.selection && $0.plan == screen.plan }
                .map { app.canBuy($0.product) || app.canBuyOwnPlan($0.product) } ?? false)
        case .restore: return true
        case .redeemCode: return true
        case .move, .up, .down, .top, .bottom:
            return (pitch.mayPitch && choices(app, screen).count > 1) || layout(app, screen).maxOffset > 0
        case .pageUp, .pageDown: return layout(app, screen).maxOffset > 0
        default: return true
        }
    }

    /// If the person is now a subscriber of the group on top, their own plan replaces the pitch.
    static func revalidate(_ app: inout AppState) {
        guard case .signup(let screen) = app.top, case .never = app.store.saleDecision(forGroup: screen.groupID) else { return }
        app.screens.removeLast()
        app.openSignup(groupID: screen.groupID)
    }

    // MARK: layout

    /// One line of the screen's scrolling content: text at an indent, and optionally a second text
    /// ending at the right edge (a price). The Account and help screens' line (ListPage), unselectable here.
    typealias Line = ListPage<Never>.Line

    /// The whole content as lines, the rows pinned under it (the button), and how much shows at once.
    struct Layout {
        var area: Rect
        var lines: [Line] = []
        /// The lines of each option: its row in the list (compact) or its whole block.
        var optionLines: [String: Range<Int>] = [:]
        /// The chosen choice's key (`Choice.key`).
        var selected: String?
        var firstOptionLine = 0
        /// The button naming the chosen option, under the scrolling part.
        var button: [String] = []
        var viewHeight: Int { max(1, area.height - (button.isEmpty ? 0 : button.count + 1)) }
        /// How far it scrolls: to its last line, or a few blank lines further where stopping there would
        /// leave the top line inside an option, below its name and total price.
        var maxOffset: Int {
            let last = max(0, lines.count - viewHeight)
            return optionLines.values.first { $0.lowerBound < last && last < $0.upperBound }?.upperBound ?? last
        }
        var selectedRange: Range<Int>? { selected.flatMap { optionLines[$0] } }
    }

    static func layout(_ app: AppState, _ screen: State) -> Layout {
        let body = Chrome.body(app)
        var area = body.insetHorizontally(app.isCompact ? 1 : 2)
        area.width = min(area.width, 96)
        var layout = Layout(area: area, selected: Choice.key(screen.selection, screen.plan))
        let width = area.width
        let strings = app.strings, words = strings.signup
        let terms = BillingTerms(app, onOwnInitiative: true)
        let groupName = app.store.catalog.group(screen.groupID).map { app.text($0.name) }
            ?? screen.groupID
        func para(_ text: String, _ role: Role, indent: Int = 0, keeping phrases: [String] = []) {
            for line in TextWidth.wrap(text, width: max(1, width - indent), keeping: phrases) {
                layout.lines.append(Line(text: line, role: role, indent: indent))
            }
        }
        /// Text with a price at the right; the price goes on its own line where both do not fit (a name
        /// is never cut).
        func pair(_ text: String, _ role: Role, right: String?, _ rightRole: Role, indent: Int = 0) {
            guard let right else { return para(text, role, indent: indent) }
            if TextWidth.of(text) + 2 + TextWidth.of(right) <= width - indent {
                layout.lines.append(Line(text: text, role: role, indent: indent, right: right, rightRole: rightRole))
            } else {
                para(text, role, indent: indent)
                layout.lines.append(Line(text: "", role: role, right: right, rightRole: rightRole))
            }
        }
        func blank() { if layout.lines.last.map({ !$0.text.isEmpty || $0.right != nil }) ?? false { layout.lines.append(Line(text: "", role: .normal)) } }

        /// An option's duration, Family Sharing, content, per-month breakdown and offer.
        func details(_ product: Product, indent: Int) {
            var facts: [String] = []
            if let period = product.subscription?.period { facts.append(strings.duration(period)) }
            if product.familyShareable { facts.append(strings.familySharing) }
            let perMonth = terms.perMonth(product)
            pair(facts.joined(separator: " · "), .normal, right: perMonth, .dim, indent: indent)
            para(app.description(product), .normal, indent: indent)
            if let offer = terms.applicableOffer(product), let text = terms.offerTerms(offer, on: product, startingAt: app.store.now) {
                // The date and the durations never break across lines.
                let keep = [app.date(offer.totalDuration.added(to: app.store.now)), strings.duration(offer.totalDuration),
                            strings.duration(offer.period)]
                para(offer.kind == .introductory ? text : strings.winBack(text), .accent, indent: indent, keeping: keep)
            }
        }
        /// A monthly choice's commitment: its length, what it costs in all, and what cancelling means.
        /// Not the option's content again: it is the option billed up front's, whose text may say how
        /// it is billed ("Billed yearly").
        func commitmentDetails(_ product: Product, indent: Int) {
            var facts = [strings.commitmentLength(CommitmentPlan.payments)]
            if product.familyShareable { facts.append(strings.familySharing) }
            para(facts.joined(separator: " · "), .normal, indent: indent)
            if let text = terms.commitmentTerms(product) { para(text, .accent, indent: indent) }
            // The plan's own introductory offer, before the commitment.
            if let offer = terms.monthlyPlanOffer(product),
               let text = terms.commitmentOfferTerms(offer, on: product, startingAt: app.store.now) {
                let keep = [app.date(offer.totalDuration.added(to: app.store.now)), strings.duration(offer.totalDuration),
                            strings.duration(offer.period)]
                para(text, .accent, indent: indent, keeping: keep)
            }
            para(strings.commitmentCancel(CommitmentPlan.payments), .dim, indent: indent)
        }
        let pitch = app.store.saleDecision(forGroup: screen.groupID)
        // A family member choosing a plan of their own: what the family shares with them comes first.
        if app.store.mayBuyOwnSubscription(inGroup: screen.groupID),
           let shared = app.store.status(ofGroup: screen.groupID, ownership: .familyShared),
           let sharedPlan = app.store.catalog.product(shared.transaction.productID) {
            para(words.familyShares(app.name(sharedPlan)), .owned)
        }
        // The heading.
        switch pitch {
        case .resubscribe:
            para(words.lapsedNote(groupName), .dim)
            para(strings.resubscribe(groupName), .title)
        case .unavailable:
            // Nothing to choose while payments are blocked: the group's name, then why.
            para(groupName, .title)
        default:
            para(words.choosePlan(groupName), .title)
        }
        blank()
        let options = options(app, screen)
        switch pitch {
        case .unavailable(let gate):
            para(strings.gateTitle, .warning)
            para(strings.gateExplanation(gate), .normal)
            para(strings.gateKeepsWorking, .dim)
        case .never:
            // Only while a purchase result covers the screen: `revalidate` replaces it.
            let current = app.store.status(ofGroup: screen.groupID).flatMap { app.store.catalog.product($0.transaction.productID) }
            para(strings.subscribedElsewhere(current.map(app.name) ?? groupName), .owned)
        case .subscribe, .resubscribe, .offer:
            if options.isEmpty { para(words.noOptions, .dim); break }
            layout.firstOptionLine = layout.lines.count
            let choices = choices(app, screen)
            let chosen = choices.first { $0.key == layout.selected } ?? choices[0]
            /// A choice's name and price: the option's own, or its monthly plan's.
            func title(_ choice: Choice) -> (String, String?) {
                choice.plan == .monthly ? (strings.payMonthly(app.name(choice.product)), terms.monthlyPlanPrice(choice.product))
                    : (app.name(choice.product), terms.standardPrice(choice.product))
            }
            func row(_ choice: Choice) {
                let selected = choice.key == chosen.key
                let (name, price) = title(choice)
                pair((selected ? "▸ " : "  ") + name, selected ? .selected : .title, right: price, .price)
            }
            if app.isCompact {
                // The options as a list; the chosen one's details under it.
                for choice in choices {
                    let start = layout.lines.count
                    row(choice)
                    layout.optionLines[choice.key] = start..<layout.lines.count
                }
                blank()
                para(title(chosen).0, .title)
                if chosen.plan == .monthly { commitmentDetails(chosen.product, indent: 0) } else { details(chosen.product, indent: 0) }
            } else {
                for choice in choices {
                    let start = layout.lines.count
                    row(choice)
                    if choice.plan == .monthly { commitmentDetails(choice.product, indent: 2) } else { details(choice.product, indent: 2) }
                    layout.optionLines[choice.key] = start..<layout.lines.count
                    blank()
                }
            }
            // The button naming the chosen option and what it costs now.
            // With an offer, the whole of it: what is charged now and the price after it. The monthly
            // plan: its payment, for the commitment's length, after the plan's own offer if any.
            let product = chosen.product
            let offerTerms = chosen.plan == .monthly
                ? terms.monthlyPlanOffer(product).flatMap { terms.commitmentOfferSummary($0, on: product) } ?? terms.commitmentCharge(product)
                : terms.applicableOffer(product).flatMap { terms.offerSummary($0, on: product) }
            if app.canBuy(product) || app.canBuyOwnPlan(product), let price = offerTerms ?? terms.standardPrice(product) {
                var verb = strings.subscribe
                if case .resubscribe = pitch { verb = words.resubscribe }
                let name = title(chosen).0
                let label = "[ ⏎ " + words.button(verb, name, price) + " ]"
                if TextWidth.of(label) <= width {
                    layout.button = [label]
                } else {
                    // Too wide for one row: the name on the first, what it costs on the second. Where
                    // the plan's name does not fit either, the option's (the price says "/month for
                    // 12 months"): a name is never cut.
                    let named = [name, app.name(product)].lazy.map { "[ ⏎ " + words.buttonName(verb, $0) + " ]" }
                    layout.button = [named.first { TextWidth.of($0) <= width } ?? named.last!] + TextWidth.wrap(price, width: width)
                }
            }
        }
        blank()
        if pitch.mayPitch { para(words.howToCancel, .dim) }
        para(words.labelled(words.termsOfUse, app.store.catalog.app.termsOfServiceURL), .normal)
        para(words.labelled(words.privacyPolicy, app.store.catalog.app.privacyPolicyURL), .normal)
        blank()
        // Restore, Redeem Code (not while purchases are blocked: `mayRedeemCodes`) and Not Now: on one
        // row where they fit, else the first two and then Not Now, else one a row.
        let buttons = [words.keyButton("r", words.restorePurchases)]
            + (app.mayRedeemCodes ? [words.keyButton("c", app.strings.redeem.redeemCode)] : [])
            + [words.keyButton("Esc", words.notNow)]
        func fits(_ row: ArraySlice<String>) -> Bool { TextWidth.of(row.joined(separator: "   ")) <= width }
        let rows: [ArraySlice<String>] = fits(buttons[...]) ? [buttons[...]]
            : fits(buttons.prefix(2)) ? [buttons.prefix(2), buttons.suffix(1)] : buttons.map { [$0][...] }
        for row in rows { para(row.joined(separator: "   "), .accent) }
        return layout
    }

    // MARK: view

    public static func draw(_ grid: inout Grid, _ state: AppState, _ screen: State) {
        let layout = layout(state, screen)
        let area = layout.area
        let offset = min(max(0, screen.offset), layout.maxOffset)
        let view = layout.viewHeight
        for (row, line) in layout.lines.dropFirst(offset).prefix(view).enumerated() {
            let y = area.row + row
            if !line.text.isEmpty {
                grid.put(line.text, row: y, column: area.column + line.indent, role: line.role, width: area.width - line.indent)
            }
            if let right = line.right { grid.putRight(right, row: y, in: Rect(row: y, column: area.column, width: area.width, height: 1), role: line.rightRole) }
        }
        // ▲ and ▼ in the margin where more is.
        let marker = state.size.columns - 1
        if offset > 0 { grid.put("▲", row: area.row, column: marker, role: .dim) }
        if offset < layout.maxOffset { grid.put("▼", row: area.row + view - 1, column: marker, role: .dim) }
        for (row, text) in layout.button.enumerated() {
            grid.putCentered(text, row: area.row + area.height - layout.button.count + row, in: area, role: .accent)
        }
    }
}

extension AppState {
    /// The one way to a sign-up screen, for every caller (the store, the detail view, `--open signup`,
    /// onboarding, the paywall): a subscriber (purchased, family-shared, in grace, in billing retry) is
    /// never pitched and gets their own plan instead; a person who cannot pay gets the screen with the
    /// reason and Restore only. `ownInitiative`: the person asked for the plans themselves (Subscribe or
    /// See All Plans on a plan's detail view), so a family member whose only plan is shared may choose
    /// one of their own (`AppStore.saleDecision`); nothing else shows them the screen.
    public mutating func openSignup(groupID: String, selecting productID: String? = nil, ownInitiative: Bool = false) {
        // The sign-up screen shows the group's products: where they do not load, the store says why,
        // with its Retry (a deep link to a plan fails the same way).
        loadProducts()
        if productsFailure != nil {
            screens.removeSubrange(1...)
            overlay = nil
            return
        }
        let decision = ownInitiative ? store.saleDecision(forGroup: groupID) : store.pitch(forGroup: groupID)
        if case .never = decision {
            // Their own plan, on the Account screen.
            if store.status(ofGroup: groupID) != nil { AccountScreen.open(&self) }
            return
        }
        var screen = SignupScreen.State(groupID: groupID, selection: SignupScreen.initialSelection(self, groupID: groupID, asked: productID))
        SignupScreen.scrollToSelection(&screen, SignupScreen.layout(self, screen))
        open(.signup(screen))
    }
}

// MARK: component

extension SignupScreen: ComponentFunctions {
    public static let bindings: [Binding] =
        // Restore Purchases is one of the screen's required parts: its key outranks q in the footer.
        Binding.list + [Binding(keys: [.enter, .character("b")], label: "⏎/b", action: .buy, importance: .high),
         Binding(keys: [.character("r")], label: "r", action: .restore, importance: .high), .redeemCode, .purchaseHelp,
         .back, .help, Binding(keys: [.character("q")], label: "q", action: .quit, importance: .normal)]
}

extension SignupScreen.State: StackScreen, FunctionsComponent {
    public typealias Functions = SignupScreen
    public var kind: ScreenKind { .signup }
    public var screen: AppState.Screen { .signup(self) }
}
