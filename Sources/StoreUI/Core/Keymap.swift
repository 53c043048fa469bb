/// What a key does, independent of which key it is.
public enum Action: String, Sendable, CaseIterable {
    /// The footer's "↑↓ move", standing for up and down together.
    case move
    case up, down, pageUp, pageDown, top, bottom
    case select, buy, back, nextArea, previousArea, more, fewer
    case switchButton, press, cancel, dismiss
    case help, quit, redraw
    // The customer's flows, from the store and from each other. Each shows only where its screen
    // exists (each screen's `isAvailable`).
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
    /// QA: the App Store reverses the selected transaction's refund (REFUND_REVERSED).
    case reverseRefund
    /// QA: the app did not deliver the selected purchase (Missing a Purchase then offers to make it good).
    case markUndelivered
    /// The rating prompt's stars, 1 to 5 (typed as digits: `ReviewPrompt.type`).
    case rate
    /// Account's persistent way to write a review on the App Store (never StoreKit's requestReview).
    case writeReview
    /// QA: the selected subscription expires now, or renews now (SKTestSession's expireSubscription and
    /// forceRenewalOfSubscription).
    case expireNow, renewNow
    /// Load the store's products again, after StoreKit failed to load them.
    case retry
    /// QA: the scenario panel's StoreKit errors list (Xcode's StoreKit Errors).
    case storeKitErrors
    /// QA: the inspector's Device area (this device's name and deviceVerificationID).
    case device
    /// QA: the inspector's list of the promoted products as this device's App Store shows them.
    case promotedProducts
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

/// The keys several screens share, as data (after soft-serve's keymap.go): the vocabulary each screen's
/// and sheet's own `bindings` (in its file) are written in. The footer and the `?` overlay are generated
/// from those tables, so they can never disagree with what the keys do; which keys the footer keeps on
/// a narrow terminal is their `importance`, not a rule in a screen.
extension Binding {
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
        Binding(keys: [.character("R")], label: "R", action: .reverseRefund, importance: .helpOnly),
        Binding(keys: [.character("u")], label: "u", action: .autoRenew, importance: .helpOnly),
        Binding(keys: [.character("m")], label: "m", action: .markUndelivered, importance: .helpOnly),
        Binding(keys: [.character("e")], label: "e", action: .expireNow, importance: .helpOnly),
        Binding(keys: [.character("w")], label: "w", action: .renewNow, importance: .helpOnly),
        Binding(keys: [.character("x"), .delete], label: "x", action: .delete, importance: .helpOnly),
    ]
    /// Opening the selected row (the store, the inspector, the free area).
    static let select = Binding(keys: [.enter, .right, .character("l")], label: "⏎", action: .select, importance: .high)
    /// Pressing the focused button.
    static let press = Binding(keys: [.enter, .character(" ")], label: "⏎", action: .press, importance: .high)
    /// "↑↓ scroll", standing for the scrolling keys, where text does not fit.
    static let scroll = Binding(keys: [], label: "↑↓", action: .scroll, importance: .normal)
    /// Every way through a list: ↑↓ in the footer, the page and end keys in the help.
    static let list = [move, up, down, pageUp, pageDown, top, bottom]
    /// Every way through text that scrolls.
    static let scrolling = [scroll, up, down, pageUp, pageDown, top, bottom]
    /// A system sheet's two buttons: Tab between them, ⏎ presses the focused one, Esc cancels.
    static let sheetButtons = [switchButton, switchButtonArrows, press, cancel]
    static let switchButton = Binding(keys: [.tab, .backTab], label: "Tab", action: .switchButton, importance: .high)
    /// The arrows move between a sheet's buttons too; the help lists them beside Tab.
    static let switchButtonArrows = Binding(keys: [.left, .right, .character("h"), .character("l")], label: "←→", action: .switchButton, importance: .helpOnly)
    /// Esc on a sheet: what it asks is not done.
    static let cancel = Binding(keys: [.escape, .backspace], label: "Esc", action: .cancel, importance: .high)
    /// Closing what only informs (a result, a sheet's last page).
    static let dismiss = Binding(keys: [.enter, .escape, .character(" ")], label: "⏎", action: .dismiss, importance: .high)
}

/// The keys that are no screen's: they work everywhere.
public enum Keymap {
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
