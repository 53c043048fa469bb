/// What a key does, independent of which key it is.
public enum Action: String, Sendable, CaseIterable {
    /// The footer's "↑↓ move", standing for up and down together.
    case move
    case up, down, pageUp, pageDown, top, bottom
    case select, buy, back, nextArea, previousArea, more, fewer
    case switchButton, press, cancel, dismiss
    case help, quit, redraw
    // The customer's flows, from the store and from each other. Each shows only where its screen
    // exists (see `AppState.isAvailable`).
    case signup, restore, account, purchaseHelp, redeemCode
    // The Account screen's own: spend one unit of a consumable; cancel the selected subscription (on
    // the Account screen it opens the confirmation, on the confirmation it cancels: two presses).
    case useOne, cancelSubscription
    /// A family member's way to a plan of their own, on the shared plan's detail view: never a pitch,
    /// only a key they choose to press (`AppStore.mayBuyOwnSubscription`).
    case ownPlan
    // The free area and onboarding (FreeContentScreen, OnboardingScreen). `seePlans` is the free
    // area's way to the sign-up screen, shown with the prompt near the free limit.
    case freeContent, seePlans, nextPage, previousPage, skip
    /// The help overlay's "↑↓ scroll", standing for all its scrolling keys.
    case scroll
    // QA tools
    case scenario, transactions, change, changeBack
    case advanceDay, advanceWeek, advanceToRenewal, clearAll
    case approve, decline, resolve, refund, revoke, delete, confirm, autoRenew
    /// QA: the app did not deliver the selected purchase (Missing a Purchase then offers to make it good).
    case markUndelivered
}

/// The screens and overlays, for key bindings and help titles.
public enum ScreenKind: String, Sendable, CaseIterable {
    case store, detail, sheet, result, help, tooSmall
    case scenario, transactions, transaction, confirm
    case signup
    /// Restore Purchases' overlay: the sign-in sheet, then what was restored.
    case restore
    /// The system's price-increase consent sheet.
    case priceConsent
    case freeContent, freeItem, paywall, onboarding
    /// The Account screen, the system's manage-subscription sheet, and the cancel confirmation.
    case account, manage, cancelSubscription
    /// Purchase Help ("How can we help?"), its pages (Missing a Purchase; FAQ and Contact Us as one
    /// page screen; Request a Refund; Submit Feedback) and the system refund sheet.
    case purchaseHelp, missingPurchase, helpPage, refunds, feedback, refundSheet
    /// The system's offer-code redemption sheet.
    case redeem
}

/// One key binding: the keys, how the footer and help write them, and what they do.
public struct Binding: Sendable {
    public var keys: [Key]
    public var label: String
    public var action: Action
    /// How much it matters in the footer, where room is short.
    public var importance: Importance

    /// Shown in the footer when there is room (the rest only in the `?` help).
    public var inFooter: Bool { importance != .helpOnly }
}

/// Which keys the footer keeps when it cannot show them all: it takes bindings from the most important
/// down while they fit, and shows the ones it took in the table's order. `essential` always shows (the
/// way to the help, which lists everything); `helpOnly` never does.
public enum Importance: Int, Sendable, Comparable {
    case helpOnly, low, normal, high, essential

    public static func < (a: Importance, b: Importance) -> Bool { a.rawValue < b.rawValue }
}

/// Every key of every screen, as data (after soft-serve's keymap.go). The footer and the `?` overlay
/// are generated from this table, so they can never disagree with what the keys do; which keys the
/// footer keeps on a narrow terminal is the `importance` column here, not a rule in a screen.
public enum Keymap {
    static let up = Binding(keys: [.up, .character("k")], label: "↑/k", action: .up, importance: .helpOnly)
    static let down = Binding(keys: [.down, .character("j")], label: "↓/j", action: .down, importance: .helpOnly)
    static let move = Binding(keys: [], label: "↑↓", action: .move, importance: .high)
    static let pageUp = Binding(keys: [.pageUp], label: "PgUp", action: .pageUp, importance: .helpOnly)
    static let pageDown = Binding(keys: [.pageDown], label: "PgDn", action: .pageDown, importance: .helpOnly)
    static let top = Binding(keys: [.home, .character("g")], label: "Home/g", action: .top, importance: .helpOnly)
    static let bottom = Binding(keys: [.end, .character("G")], label: "End/G", action: .bottom, importance: .helpOnly)
    static let back = Binding(keys: [.escape, .backspace], label: "Esc", action: .back, importance: .high)
    static let help = Binding(keys: [.character("?")], label: "?", action: .help, importance: .essential)
    static let quit = Binding(keys: [.character("q")], label: "q", action: .quit, importance: .high)
    static let scenario = Binding(keys: [.character("s")], label: "s", action: .scenario, importance: .low)
    static let transactions = Binding(keys: [.character("t")], label: "t", action: .transactions, importance: .low)
    /// The flows a customer reaches from several screens: Restore Purchases, Account, Purchase Help,
    /// Redeem Code.
    static let restore = Binding(keys: [.character("r")], label: "r", action: .restore, importance: .normal)
    static let account = Binding(keys: [.character("a")], label: "a", action: .account, importance: .normal)
    static let purchaseHelp = Binding(keys: [.character("p")], label: "p", action: .purchaseHelp, importance: .low)
    static let redeemCode = Binding(keys: [.character("c")], label: "c", action: .redeemCode, importance: .low)
    static let cancelSubscription = Binding(keys: [.character("x")], label: "x", action: .cancelSubscription, importance: .normal)
    /// The free area, from the store; and its way to the plans, where the prompt shows.
    static let freeContent = Binding(keys: [.character("f")], label: "f", action: .freeContent, importance: .normal)
    static let seePlans = Binding(keys: [.character("o")], label: "o", action: .seePlans, importance: .high)
    static let timeTravel = [
        Binding(keys: [.character("1")], label: "1", action: .advanceDay, importance: .low),
        Binding(keys: [.character("7")], label: "7", action: .advanceWeek, importance: .helpOnly),
        Binding(keys: [.character("n")], label: "n", action: .advanceToRenewal, importance: .low),
    ]
    /// What QA can do to the selected transaction or request; each shows only where it applies.
    static let transactionActions = [
        Binding(keys: [.character("a")], label: "a", action: .approve, importance: .normal),
        Binding(keys: [.character("d")], label: "d", action: .decline, importance: .normal),
        Binding(keys: [.character("i")], label: "i", action: .resolve, importance: .normal),
        Binding(keys: [.character("r")], label: "r", action: .refund, importance: .normal),
        Binding(keys: [.character("v")], label: "v", action: .revoke, importance: .helpOnly),
        Binding(keys: [.character("u")], label: "u", action: .autoRenew, importance: .helpOnly),
        Binding(keys: [.character("m")], label: "m", action: .markUndelivered, importance: .helpOnly),
        Binding(keys: [.character("x"), .delete], label: "x", action: .delete, importance: .helpOnly),
    ]

    public static func bindings(for screen: ScreenKind) -> [Binding] {
        switch screen {
        case .store:
            [move, up, down, pageUp, pageDown, top, bottom,
             Binding(keys: [.enter, .right, .character("l")], label: "⏎", action: .select, importance: .high),
             Binding(keys: [.character("b")], label: "b", action: .buy, importance: .high),
             Binding(keys: [.character("+"), .character("=")], label: "+", action: .more, importance: .helpOnly),
             Binding(keys: [.character("-")], label: "-", action: .fewer, importance: .helpOnly),
             // Redeem Code is the store's own door to the redemption sheet (HIG "Supporting offer
             // codes"): in its footer at 80 columns, ahead of Tab, which the arrows stand in for.
             freeContent, Binding(keys: [.character("c")], label: "c", action: .redeemCode, importance: .normal),
             Binding(keys: [.tab], label: "Tab", action: .nextArea, importance: .normal),
             Binding(keys: [.backTab], label: "⇧Tab", action: .previousArea, importance: .helpOnly)]
            + [account, purchaseHelp, scenario, transactions, help, quit]
        case .detail:
            [Binding(keys: [.enter, .character("b")], label: "⏎/b", action: .buy, importance: .high),
             Binding(keys: [.character("+"), .character("="), .right], label: "+", action: .more, importance: .helpOnly),
             Binding(keys: [.character("-"), .left], label: "-", action: .fewer, importance: .helpOnly),
             Binding(keys: [.character("o")], label: "o", action: .signup, importance: .normal),
             Binding(keys: [.character("o")], label: "o", action: .ownPlan, importance: .normal),
             // Where the text does not fit (a small terminal), it scrolls under the button.
             Binding(keys: [], label: "↑↓", action: .scroll, importance: .normal), up, down, pageUp, pageDown, top, bottom,
             back, scenario, transactions, help, quit]
        case .scenario:
            [move, up, down, top, bottom,
             Binding(keys: [.enter, .right, .character(" "), .character("l")], label: "⏎/→", action: .change, importance: .high),
             Binding(keys: [.left, .character("h")], label: "←", action: .changeBack, importance: .helpOnly)]
            + timeTravel
            + [Binding(keys: [.character("c")], label: "c", action: .clearAll, importance: .helpOnly),
               transactions, back, help, quit]
        case .transactions:
            [move, up, down, pageUp, pageDown, top, bottom,
             Binding(keys: [.enter, .right, .character("l")], label: "⏎", action: .select, importance: .high),
             Binding(keys: [.tab], label: "Tab", action: .nextArea, importance: .normal),
             Binding(keys: [.backTab], label: "⇧Tab", action: .previousArea, importance: .helpOnly)]
            + transactionActions + timeTravel + [scenario, back, help, quit]
        case .transaction:
            [up, down] + transactionActions + [back, help, quit]
        case .signup:
            // Restore Purchases is one of the screen's required parts: its key outranks q in the footer.
            [move, up, down, pageUp, pageDown, top, bottom,
             Binding(keys: [.enter, .character("b")], label: "⏎/b", action: .buy, importance: .high),
             Binding(keys: [.character("r")], label: "r", action: .restore, importance: .high), redeemCode, purchaseHelp,
             Binding(keys: [.escape, .backspace], label: "Esc", action: .back, importance: .high),
             help, Binding(keys: [.character("q")], label: "q", action: .quit, importance: .normal)]
        case .freeContent:
            [move, up, down, pageUp, pageDown, top, bottom,
             Binding(keys: [.enter, .right, .character("l")], label: "⏎", action: .select, importance: .high),
             seePlans, back, scenario, transactions, help, quit]
        case .freeItem:
            [Binding(keys: [], label: "↑↓", action: .scroll, importance: .normal), up, down, pageUp, pageDown, top, bottom,
             seePlans, back, help, quit]
        case .paywall:
            [move, up, down,
             Binding(keys: [.tab], label: "Tab", action: .down, importance: .helpOnly),
             Binding(keys: [.backTab], label: "⇧Tab", action: .up, importance: .helpOnly),
             Binding(keys: [.enter, .character(" ")], label: "⏎", action: .press, importance: .high),
             restore, back, help, quit]
        case .onboarding:
            [Binding(keys: [.right, .enter, .character("l"), .character(" ")], label: "→/⏎", action: .nextPage, importance: .high),
             Binding(keys: [.left, .character("h"), .backspace], label: "←", action: .previousPage, importance: .normal),
             Binding(keys: [.character("s"), .escape], label: "s/Esc", action: .skip, importance: .high),
             redeemCode, help, quit]
        case .confirm:
            // Only y: Enter, typed out of habit, must not delete anything.
            [Binding(keys: [.character("y"), .character("Y")], label: "y", action: .confirm, importance: .high),
             Binding(keys: [.character("n"), .escape, .backspace], label: "n/Esc", action: .cancel, importance: .high)]
        case .sheet, .priceConsent:
            [Binding(keys: [.tab, .backTab, .left, .right, .character("h"), .character("l")], label: "Tab", action: .switchButton, importance: .high),
             Binding(keys: [.enter, .character(" ")], label: "⏎", action: .press, importance: .high),
             Binding(keys: [.escape, .backspace], label: "Esc", action: .cancel, importance: .high),
             // Where its content does not fit (a small terminal), the sheet scrolls under its buttons.
             Binding(keys: [], label: "↑↓", action: .scroll, importance: .normal), up, down,
             help]
        case .restore:
            [Binding(keys: [.tab, .backTab, .left, .right, .character("h"), .character("l")], label: "Tab", action: .switchButton, importance: .high),
             Binding(keys: [.enter, .character(" ")], label: "⏎", action: .press, importance: .high),
             Binding(keys: [.escape, .backspace], label: "Esc", action: .cancel, importance: .high),
             Binding(keys: [.enter, .escape, .character(" ")], label: "⏎", action: .dismiss, importance: .high),
             Binding(keys: [], label: "↑↓", action: .scroll, importance: .normal), up, down, pageUp, pageDown,
             help]
        case .result:
            [Binding(keys: [.enter, .escape, .character(" ")], label: "⏎", action: .dismiss, importance: .high), help]
        case .help:
            [Binding(keys: [], label: "↑↓", action: .scroll, importance: .normal), up, down, pageUp, pageDown, top, bottom,
             Binding(keys: [.escape, .character("?"), .enter, .backspace], label: "Esc", action: .dismiss, importance: .high)]
        case .account:
            [move, up, down, pageUp, pageDown, top, bottom,
             Binding(keys: [.enter, .character(" ")], label: "⏎", action: .press, importance: .high),
             cancelSubscription,
             Binding(keys: [.character("u")], label: "u", action: .useOne, importance: .normal),
             Binding(keys: [.character("r")], label: "r", action: .restore, importance: .normal),
             redeemCode, purchaseHelp, back, scenario, transactions, help, quit]
        case .manage:
            [move, up, down,
             Binding(keys: [.enter, .character(" ")], label: "⏎", action: .press, importance: .high),
             cancelSubscription,
             Binding(keys: [.escape, .backspace], label: "Esc", action: .cancel, importance: .high),
             help]
        case .cancelSubscription:
            // Enter presses the focused button, which opens on Keep Subscription: only x, or Enter on
            // Cancel Subscription chosen on purpose, cancels.
            [Binding(keys: [.tab, .down, .right, .character("j"), .character("l")], label: "Tab", action: .nextArea, importance: .high),
             Binding(keys: [.backTab, .up, .left, .character("k"), .character("h")], label: "⇧Tab", action: .previousArea, importance: .helpOnly),
             Binding(keys: [.enter, .character(" ")], label: "⏎", action: .press, importance: .high),
             cancelSubscription,
             Binding(keys: [.escape, .backspace], label: "Esc", action: .dismiss, importance: .high),
             help]
        case .purchaseHelp, .missingPurchase, .refunds:
            [move, up, down, pageUp, pageDown, top, bottom,
             Binding(keys: [.enter, .character(" ")], label: "⏎", action: .press, importance: .high),
             back, help, quit]
        case .helpPage:
            [Binding(keys: [], label: "↑↓", action: .scroll, importance: .normal), up, down, pageUp, pageDown, top, bottom,
             back, help, quit]
        case .feedback:
            // The field takes typing (q and ? included) while it has focus; Tab moves to Send and back.
            [Binding(keys: [.tab, .backTab], label: "Tab", action: .nextArea, importance: .high),
             Binding(keys: [.enter, .character(" ")], label: "⏎", action: .press, importance: .high),
             back, help, quit]
        case .refundSheet:
            // ↑↓ go through the issues, ⏎ chooses one (then the focus is on Request Refund); Tab
            // moves between the buttons.
            [move, up, down,
             Binding(keys: [.tab, .backTab, .left, .right, .character("h"), .character("l")], label: "Tab", action: .switchButton, importance: .high),
             Binding(keys: [.enter, .character(" ")], label: "⏎", action: .press, importance: .high),
             Binding(keys: [.escape, .backspace], label: "Esc", action: .cancel, importance: .high),
             Binding(keys: [.enter, .escape, .character(" ")], label: "⏎", action: .dismiss, importance: .high),
             help]
        case .redeem:
            // The code field takes typing, Backspace and the arrows first: only keys it leaves come here.
            // Enter and Esc outrank Tab where the footer is short (German at 50 columns).
            [Binding(keys: [.tab, .backTab, .left, .right], label: "Tab", action: .switchButton, importance: .normal),
             Binding(keys: [.enter], label: "⏎", action: .press, importance: .high),
             Binding(keys: [.escape], label: "Esc", action: .cancel, importance: .high),
             help]
        case .tooSmall:
            [quit]
        }
    }

    /// Ctrl-C quits from everywhere, whatever the screen.
    public static let interrupt = Key.control("c")
    /// Ctrl-L redraws the whole screen, whatever the screen (the terminal edge does it; the app's
    /// state does not change).
    public static let redraw = Key.control("l")

    /// The keys that work on every screen, listed at the end of every `?` help.
    public static let global = [
        Binding(keys: [redraw], label: "Ctrl-L", action: .redraw, importance: .helpOnly),
        Binding(keys: [interrupt], label: "Ctrl-C", action: .quit, importance: .helpOnly),
    ]
}
