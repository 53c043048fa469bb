import CNCurses
import StoreUI

/// What `TerminalScreen.readKey` reports.
public enum KeyEvent: Equatable, Sendable {
    case key(Key)
    /// The terminal changed size; ncurses has already resized its screen.
    case resize(Size)
}

/// Turns what `wget_wch` returns into keys. Pure, so it can be tested without a terminal.
enum KeyDecoding {
    /// A character `wget_wch` returned with OK: a typed character or a control code.
    static func character(_ code: UInt32) -> Key? {
        switch code {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26:
            // Ctrl-A is 1 … Ctrl-Z is 26 (Ctrl-H, I, J and M are the cases above).
            guard let scalar = Unicode.Scalar(0x60 + code) else { return nil }
            return .control(Character(scalar))
        case 0..<32, 0x80..<0xA0:
            return nil // Ctrl-@, Ctrl-\ and friends, C1 controls
        default:
            guard let scalar = Unicode.Scalar(code) else { return nil }
            return .character(Character(scalar))
        }
    }

    /// A key code `wget_wch` returned with KEY_CODE_YES (other than KEY_RESIZE).
    static func keyCode(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        // Home and End arrive as khome/kend, or on vt220-style keypads as Find/Select or the
        // keypad corners.
        case KEY_HOME, KEY_FIND, KEY_A1: return .home
        case KEY_END, KEY_SELECT, KEY_C1: return .end
        case KEY_PPAGE, KEY_A3: return .pageUp
        case KEY_NPAGE, KEY_C3: return .pageDown
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_BTAB: return .backTab
        default:
            let number = code - sf_key_f(0)
            if (1...63).contains(number) { return .function(Int(number)) }
            return nil
        }
    }
}
