import StoreUI
import TextSafety

/// What `TerminalScreen.readKey` reports.
public enum KeyEvent: Equatable, Sendable {
    case key(Key)
    /// The terminal changed size.
    case resize(Size)
}

/// Turns the bytes a terminal sends into keys. Pure (no terminal, no clock): the caller feeds bytes as
/// they arrive, in pieces of any size, and calls `timeout()` when nothing more came for
/// `waitMilliseconds`.
///
/// Every escape sequence is consumed whole, whether the app knows it or not: CSI (`ESC [` … final
/// byte, including SGR and urxvt mouse reports), SS3 (`ESC O` …), X10 mouse reports (`ESC [ M` and
/// three bytes), the Linux console's `ESC [ [ A`…`E`, and DCS, OSC, SOS, PM and APC strings up to ST
/// (`ESC \`) or BEL. A bracketed paste (`ESC [200~` … `ESC [201~`) becomes one `.paste`. So a report
/// or reply never acts as the characters inside it, however it is split across reads.
struct InputDecoder {
    /// How long a lone ESC waits for the rest of a sequence before it counts as the Escape key.
    ///
    /// A terminal writes a key's whole sequence at once, so its bytes arrive together or, split by a
    /// read or a network packet boundary (ssh, mosh, tmux), within a few milliseconds of each other.
    /// 150 ms leaves a wide margin for that on a slow or loaded link while Escape still feels
    /// immediate (vim waits 100 ms, tmux 500 ms by default, ncurses 1 s; this app used 25 ms, which a
    /// split over ssh could outlast and then act as `[` and letters).
    static let escapeWaitMilliseconds = 150
    /// Once a sequence has begun (`ESC [`, `ESC O`, `ESC P`, a UTF-8 lead byte), nothing is ambiguous:
    /// wait this long for its end, then drop it.
    static let sequenceWaitMilliseconds = 1000
    /// A paste whose end marker never comes (a terminal that died mid-paste) ends after this long
    /// without input.
    static let pasteWaitMilliseconds = 2000
    /// Pasted text past this many bytes is dropped (the paste is still consumed to its end).
    static let pasteLimit = 1 << 20
    private static let sequenceLimit = 64

    /// Exact sequences from terminfo's key capabilities, consulted before the built-in table.
    var sequences: [[UInt8]: Key] = [:]

    private enum Mode: Equatable {
        case ground, escape, csi, ss3, linuxFunction, string, stringEscape, paste
        case utf8(remaining: Int)
        case mouse(remaining: Int)
    }

    private var mode = Mode.ground
    private var sequence: [UInt8] = []
    private var pasted: [UInt8] = []
    private var pasteMarkerMatched = 0
    private var pasteDiscarded = false
    private var keys: [Key] = []

    private static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    init(sequences: [[UInt8]: Key] = [:]) {
        self.sequences = sequences
    }

    /// How long to wait for more input before calling `timeout()`; nil when nothing is pending.
    var waitMilliseconds: Int? {
        switch mode {
        case .ground: nil
        case .escape: Self.escapeWaitMilliseconds
        case .paste: Self.pasteWaitMilliseconds
        default: Self.sequenceWaitMilliseconds
        }
    }

    /// Whether a paste is being received.
    var isInPaste: Bool { mode == .paste }

    /// The keys the bytes complete.
    mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [Key] {
        for byte in bytes { consume(byte) }
        defer { keys.removeAll(keepingCapacity: true) }
        return keys
    }

    /// No more input came for `waitMilliseconds`: a lone ESC is the Escape key, an unfinished
    /// sequence is dropped, an unfinished paste is delivered as it is.
    mutating func timeout() -> [Key] {
        switch mode {
        case .ground:
            break
        case .escape:
            keys.append(.escape)
        case .paste:
            if pasteMarkerMatched > 0 { appendPasted(Self.pasteEnd[0..<pasteMarkerMatched]) }
            finishPaste()
        default:
            break
        }
        mode = .ground
        sequence.removeAll(keepingCapacity: true)
        defer { keys.removeAll(keepingCapacity: true) }
        return keys
    }

    /// Forgets typed-ahead input without losing track of a sequence in progress (its rest still
    /// arrives and must not act as keys): the text of a paste in progress is dropped, and that paste
    /// delivers nothing when it ends.
    mutating func discardPending() {
        if mode == .paste {
            pasted.removeAll()
            pasteDiscarded = true
        }
    }

    // MARK: The state machine

    private mutating func consume(_ byte: UInt8) {
        switch mode {
        case .ground:
            ground(byte)
        case .utf8(let remaining):
            guard byte & 0xC0 == 0x80 else {
                // A broken character: drop what came so far, and read this byte afresh.
                restart()
                ground(byte)
                return
            }
            sequence.append(byte)
            if remaining > 1 { mode = .utf8(remaining: remaining - 1) } else { finishCharacter() }
        case .escape:
            switch byte {
            case 0x5B: // [
                mode = .csi
                sequence.append(byte)
            case 0x4F: // O
                mode = .ss3
                sequence.append(byte)
            case 0x50, 0x5D, 0x58, 0x5E, 0x5F: // P ] X ^ _: DCS, OSC, SOS, PM, APC
                mode = .string
            case 0x1B:
                keys.append(.escape) // Escape pressed twice (or Escape, then a sequence)
            default:
                // Escape followed by a key (how terminals send Alt-key): the Escape key, then the key.
                keys.append(.escape)
                restart()
                ground(byte)
            }
        case .csi:
            if sequence.count == 2, byte == 0x5B { // ESC [ [: the Linux console's F1-F5
                mode = .linuxFunction
                sequence.append(byte)
                return
            }
            if sequence.count == 2, byte == 0x4D { // ESC [ M: an X10 mouse report, three raw bytes follow
                mode = .mouse(remaining: 3)
                return
            }
            switch byte {
            case 0x24 where sequence.count > 2 && sequence[2...].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }):
                // rxvt ends shifted keys with "$" (ESC [ 3 $ is Shift-Delete).
                sequence.append(byte)
                finishSequence()
            case 0x20...0x3F:
                if sequence.count < Self.sequenceLimit { sequence.append(byte) }
            case 0x40...0x7E:
                sequence.append(byte)
                finishSequence()
            default:
                interrupt(byte)
            }
        case .ss3:
            switch byte {
            case 0x30...0x3F: // parameters, as in old xterms' ESC O 2 P
                if sequence.count < Self.sequenceLimit { sequence.append(byte) }
            case 0x40...0x7E:
                sequence.append(byte)
                finishSequence()
            default:
                interrupt(byte)
            }
        case .linuxFunction:
            sequence.append(byte)
            finishSequence()
        case .mouse(let remaining):
            if remaining > 1 { mode = .mouse(remaining: remaining - 1) } else { restart() }
        case .string:
            switch byte {
            case 0x07, 0x18, 0x1A: restart() // BEL ends it (OSC); CAN and SUB cancel it
            case 0x1B: mode = .stringEscape
            default: break
            }
        case .stringEscape:
            if byte == 0x5C { // ST
                restart()
            } else {
                // The string was cut off by a new sequence.
                restart()
                mode = .escape
                sequence = [0x1B]
                consume(byte)
            }
        case .paste:
            pasteByte(byte)
        }
    }

    private mutating func ground(_ byte: UInt8) {
        switch byte {
        case 0x1B:
            mode = .escape
            sequence = [0x1B]
        case 0x00...0x1F, 0x7F:
            if let key = Self.control(byte) { keys.append(key) }
        case 0x20...0x7E:
            keys.append(.character(Character(Unicode.Scalar(byte))))
        case 0xC2...0xDF:
            mode = .utf8(remaining: 1)
            sequence = [byte]
        case 0xE0...0xEF:
            mode = .utf8(remaining: 2)
            sequence = [byte]
        case 0xF0...0xF4:
            mode = .utf8(remaining: 3)
            sequence = [byte]
        default:
            break // not UTF-8 (a stray continuation byte, 8-bit C1): dropped
        }
    }

    /// A byte that cannot continue the sequence: ESC starts a new one, CAN and SUB cancel it, anything
    /// else drops it and is read afresh.
    private mutating func interrupt(_ byte: UInt8) {
        restart()
        switch byte {
        case 0x1B:
            mode = .escape
            sequence = [0x1B]
        case 0x18, 0x1A:
            break
        default:
            ground(byte)
        }
    }

    private mutating func restart() {
        mode = .ground
        sequence.removeAll(keepingCapacity: true)
    }

    private mutating func finishCharacter() {
        defer { restart() }
        // No key carries a character the app refuses to show: C1 controls, bidirectional controls
        // (U+061C, U+202A–U+202E, U+2066–U+2069) and line or paragraph separators are dropped.
        guard let text = String(validating: sequence, as: UTF8.self), let scalar = text.unicodeScalars.first,
              !UntrustedText.isForbidden(scalar) else { return }
        keys.append(.character(Character(scalar)))
    }

    private mutating func finishSequence() {
        let bytes = sequence
        restart()
        if let key = sequences[bytes] {
            keys.append(key)
        } else if bytes == Self.pasteStart {
            mode = .paste
            pasted.removeAll()
            pasteMarkerMatched = 0
            pasteDiscarded = false
        } else if let key = Self.key(bytes) {
            keys.append(key)
        }
    }

    // MARK: Bracketed paste

    private mutating func pasteByte(_ byte: UInt8) {
        if byte == Self.pasteEnd[pasteMarkerMatched] {
            pasteMarkerMatched += 1
            if pasteMarkerMatched == Self.pasteEnd.count {
                mode = .ground
                finishPaste()
            }
            return
        }
        // What looked like the start of the end marker was text.
        if pasteMarkerMatched > 0 {
            appendPasted(Self.pasteEnd[0..<pasteMarkerMatched])
            pasteMarkerMatched = 0
        }
        if byte == Self.pasteEnd[0] { pasteMarkerMatched = 1 } else { appendPasted(CollectionOfOne(byte)) }
    }

    private mutating func appendPasted<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        guard !pasteDiscarded, pasted.count + bytes.count <= Self.pasteLimit else { return }
        pasted.append(contentsOf: bytes)
    }

    private mutating func finishPaste() {
        defer {
            pasted.removeAll()
            pasteMarkerMatched = 0
            pasteDiscarded = false
        }
        guard !pasteDiscarded, !pasted.isEmpty else { return }
        // Terminals send a pasted line break as CR.
        let text = String(decoding: pasted, as: UTF8.self)
            .replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        keys.append(.paste(text))
    }

    // MARK: Tables

    /// A control byte: Tab, Enter (CR, or LF from Ctrl-J), Backspace (DEL or Ctrl-H), Ctrl-letters.
    static func control(_ byte: UInt8) -> Key? {
        switch byte {
        case 9: return .tab
        case 10, 13: return .enter
        case 8, 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(0x60 + byte)))
        default: return nil // Ctrl-@, Ctrl-\ and friends
        }
    }

    /// The key a complete CSI, SS3 or Linux-console sequence stands for, in the encodings of xterm,
    /// vt220, rxvt, the Linux console, screen and tmux. Modifiers are ignored (Shift-Up is Up). Nil for
    /// everything else: mouse reports, focus events, replies, keys the app has no use for.
    static func key(_ bytes: [UInt8]) -> Key? {
        guard bytes.count >= 3, bytes[0] == 0x1B else { return nil }
        let final = bytes[bytes.count - 1]
        let body = bytes[2..<(bytes.count - 1)]
        switch bytes[1] {
        case 0x4F: // SS3
            return ss3Key(final)
        case 0x5B where body.first == 0x5B: // ESC [ [ A … E
            return (0x41...0x45).contains(final) && body.count == 1 ? .function(Int(final) - 0x40) : nil
        case 0x5B:
            // Private parameters (SGR mouse "<", replies "?", ">", "=") and intermediates are not keys.
            guard body.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x3B || $0 == 0x3A }) else { return nil }
            let first = Int(String(decoding: body.prefix { $0 != 0x3B && $0 != 0x3A }, as: UTF8.self))
            switch final {
            case 0x41, 0x61: return .up // A; rxvt's Shift-Up is a
            case 0x42, 0x62: return .down
            case 0x43, 0x63: return .right
            case 0x44, 0x64: return .left
            case 0x48: return .home // H
            case 0x46: return .end // F
            case 0x5A: return .backTab // Z
            case 0x50...0x53 where first == nil || first == 1: // P Q R S: xterm's F1-F4 with modifiers
                return .function(Int(final) - 0x4F)
            case 0x7E, 0x5E, 0x40, 0x24: // ~, and rxvt's ^ @ $ for Ctrl and Shift
                return first.flatMap(tildeKey)
            default: return nil
            }
        default:
            return nil
        }
    }

    private static func ss3Key(_ final: UInt8) -> Key? {
        switch final {
        case 0x41, 0x61: return .up
        case 0x42, 0x62: return .down
        case 0x43, 0x63: return .right
        case 0x44, 0x64: return .left
        case 0x48: return .home
        case 0x46: return .end
        case 0x50...0x53: return .function(Int(final) - 0x4F)
        case 0x4D: return .enter // keypad Enter
        // The keypad in application mode: * + , - . / 0-9 =
        case 0x6A...0x79: return .character(Character(Unicode.Scalar(final - 0x6A + 0x2A)))
        case 0x58: return .character("=")
        default: return nil
        }
    }

    /// vt220-style `ESC [ n ~` keys.
    private static func tildeKey(_ number: Int) -> Key? {
        switch number {
        case 1, 7: return .home
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(number - 10)
        case 17...21: return .function(number - 11)
        case 23...26: return .function(number - 12)
        case 28, 29: return .function(number - 13)
        case 31...34: return .function(number - 14)
        default: return nil // 2 Insert, 200/201 paste markers, xterm's 27;m;c~ and others
        }
    }
}
