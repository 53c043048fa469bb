/// A key press, as the terminal edge reports it.
public enum Key: Sendable, Hashable {
    case up, down, left, right, home, end, pageUp, pageDown
    case enter, escape, backspace, delete, tab, backTab
    case character(Character)
    /// Ctrl with a letter: `.control("c")` for Ctrl-C.
    case control(Character)
    case function(Int)
}
