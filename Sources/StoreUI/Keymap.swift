/// What a key does, independent of which key it is.
public enum Action: String, Sendable, CaseIterable {
    /// The footer's "↑↓ move", standing for up and down together.
    case move
    case up, down, pageUp, pageDown, top, bottom
    case select, buy, back, nextArea, previousArea, more, fewer
    case switchButton, press, cancel, dismiss
    case help, quit
    // QA tools
    case scenario, transactions, change, changeBack
    case advanceDay, advanceWeek, advanceToRenewal, clearAll
    case approve, decline, resolve, refund, revoke, delete, confirm
}

/// The screens and overlays, for key bindings and help titles.
public enum ScreenKind: String, Sendable, CaseIterable {
    case store, detail, sheet, result, help, tooSmall
    case scenario, transactions, transaction, confirm
}

/// One key binding: the keys, how the footer and help write them, and what they do.
public struct Binding: Sendable {
    public var keys: [Key]
    public var label: String
    public var action: Action
    /// Shown in the footer (the rest only in the `?` help).
    public var inFooter: Bool
}

/// Every key of every screen, as data (after soft-serve's keymap.go). The footer and the `?` overlay
/// are generated from this table, so they can never disagree with what the keys do.
public enum Keymap {
    static let up = Binding(keys: [.up, .character("k")], label: "↑/k", action: .up, inFooter: false)
    static let down = Binding(keys: [.down, .character("j")], label: "↓/j", action: .down, inFooter: false)
    static let move = Binding(keys: [], label: "↑↓", action: .move, inFooter: true)
    static let pageUp = Binding(keys: [.pageUp], label: "PgUp", action: .pageUp, inFooter: false)
    static let pageDown = Binding(keys: [.pageDown], label: "PgDn", action: .pageDown, inFooter: false)
    static let top = Binding(keys: [.home, .character("g")], label: "Home/g", action: .top, inFooter: false)
    static let bottom = Binding(keys: [.end, .character("G")], label: "End/G", action: .bottom, inFooter: false)
    static let back = Binding(keys: [.escape, .backspace], label: "Esc", action: .back, inFooter: true)
    static let help = Binding(keys: [.character("?")], label: "?", action: .help, inFooter: true)
    static let quit = Binding(keys: [.character("q")], label: "q", action: .quit, inFooter: true)
    static let scenario = Binding(keys: [.character("s")], label: "s", action: .scenario, inFooter: true)
    static let transactions = Binding(keys: [.character("t")], label: "t", action: .transactions, inFooter: true)
    static let timeTravel = [
        Binding(keys: [.character("1")], label: "1", action: .advanceDay, inFooter: true),
        Binding(keys: [.character("7")], label: "7", action: .advanceWeek, inFooter: false),
        Binding(keys: [.character("n")], label: "n", action: .advanceToRenewal, inFooter: true),
    ]
    /// What QA can do to the selected transaction; each shows only where it applies.
    static let transactionActions = [
        Binding(keys: [.character("a")], label: "a", action: .approve, inFooter: true),
        Binding(keys: [.character("d")], label: "d", action: .decline, inFooter: true),
        Binding(keys: [.character("i")], label: "i", action: .resolve, inFooter: true),
        Binding(keys: [.character("r")], label: "r", action: .refund, inFooter: true),
        Binding(keys: [.character("v")], label: "v", action: .revoke, inFooter: false),
        Binding(keys: [.character("x"), .delete], label: "x", action: .delete, inFooter: false),
    ]

    public static func bindings(for screen: ScreenKind) -> [Binding] {
        switch screen {
        case .store:
            [move, up, down, pageUp, pageDown, top, bottom,
             Binding(keys: [.enter, .right, .character("l")], label: "⏎", action: .select, inFooter: true),
             Binding(keys: [.character("b")], label: "b", action: .buy, inFooter: true),
             Binding(keys: [.character("+"), .character("=")], label: "+", action: .more, inFooter: false),
             Binding(keys: [.character("-")], label: "-", action: .fewer, inFooter: false),
             Binding(keys: [.tab], label: "Tab", action: .nextArea, inFooter: true),
             Binding(keys: [.backTab], label: "⇧Tab", action: .previousArea, inFooter: false),
             scenario, transactions, help, quit]
        case .detail:
            [Binding(keys: [.enter, .character("b")], label: "⏎/b", action: .buy, inFooter: true),
             Binding(keys: [.character("+"), .character("="), .right], label: "+", action: .more, inFooter: false),
             Binding(keys: [.character("-"), .left], label: "-", action: .fewer, inFooter: false),
             back, scenario, transactions, help, quit]
        case .scenario:
            [move, up, down, top, bottom,
             Binding(keys: [.enter, .right, .character(" "), .character("l")], label: "⏎/→", action: .change, inFooter: true),
             Binding(keys: [.left, .character("h")], label: "←", action: .changeBack, inFooter: false)]
            + timeTravel
            + [Binding(keys: [.character("c")], label: "c", action: .clearAll, inFooter: false),
               transactions, back, help, quit]
        case .transactions:
            [move, up, down, pageUp, pageDown, top, bottom,
             Binding(keys: [.enter, .right, .character("l")], label: "⏎", action: .select, inFooter: true)]
            + transactionActions + timeTravel + [scenario, back, help, quit]
        case .transaction:
            [up, down] + transactionActions + [back, help, quit]
        case .confirm:
            // Only y: Enter, typed out of habit, must not delete anything.
            [Binding(keys: [.character("y"), .character("Y")], label: "y", action: .confirm, inFooter: true),
             Binding(keys: [.character("n"), .escape, .backspace], label: "n/Esc", action: .cancel, inFooter: true)]
        case .sheet:
            [Binding(keys: [.tab, .backTab, .left, .right, .character("h"), .character("l")], label: "Tab", action: .switchButton, inFooter: true),
             Binding(keys: [.enter, .character(" ")], label: "⏎", action: .press, inFooter: true),
             Binding(keys: [.escape, .backspace], label: "Esc", action: .cancel, inFooter: true),
             help]
        case .result:
            [Binding(keys: [.enter, .escape, .character(" ")], label: "⏎", action: .dismiss, inFooter: true), help]
        case .help:
            [Binding(keys: [.escape, .character("?"), .enter, .backspace], label: "Esc", action: .dismiss, inFooter: true)]
        case .tooSmall:
            [quit]
        }
    }

    /// Ctrl-C quits from everywhere, whatever the screen.
    public static let interrupt = Key.control("c")
}
