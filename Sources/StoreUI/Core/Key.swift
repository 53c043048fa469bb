/// A key press, as the terminal edge reports it.
public enum Key: Sendable, Hashable {
    case up, down, left, right, home, end, pageUp, pageDown
    case enter, escape, backspace, delete, tab, backTab
    case character(Character)
    /// Ctrl with a letter: `.control("c")` for Ctrl-C.
    case control(Character)
    case function(Int)
    /// Text the terminal delivered as a bracketed paste, whole. Only a text field may take it; no key
    /// binding ever matches it.
    case paste(String)
}
