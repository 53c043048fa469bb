import Foundation
import StoreUI
#if canImport(Glibc)
import Glibc
#endif

@_silgen_name("wcwidth")
private func c_wcwidth(_ character: wchar_t) -> Int32

/// A small xterm for tests: applies cursor positioning (CUP, CUF, CUB, CHA, VPA), SGR, erase (ED 2, EL,
/// ECH) and UTF-8 text with xterm's wide-character rules, and records anything a frame writer must
/// never make a terminal do.
///
/// - Each code point advances by its wcwidth (as xterm, tmux and most terminals count); width 0 joins
///   the cell before.
/// - Writing over either half of a wide character leaves the other half `damaged` (xterm blanks it).
/// - Erasing (ED, EL, ECH) leaves blanks with the current colours and no other attributes (xterm with
///   `bce`); erasing half of a wide character damages the other half.
/// - A wide character that does not fit before the right edge, and any character written while the
///   cursor waits to wrap at the right edge, are violations (a real terminal would wrap or scroll).
struct VirtualTerminal {
    struct Attributes: Equatable, CustomStringConvertible {
        var bold = false, dim = false, underline = false, reverse = false
        var foreground: Int?
        var background: Int?

        var description: String {
            var parts: [String] = []
            if bold { parts.append("bold") }
            if dim { parts.append("dim") }
            if underline { parts.append("underline") }
            if reverse { parts.append("reverse") }
            if let foreground { parts.append("fg\(foreground)") }
            if let background { parts.append("bg\(background)") }
            return parts.isEmpty ? "plain" : parts.joined(separator: "+")
        }
    }

    enum Kind: Equatable { case narrow, lead, continuation, damaged }

    struct Cell: Equatable, CustomStringConvertible {
        var text: String
        var attributes: Attributes
        var kind: Kind

        static let blank = Cell(text: " ", attributes: Attributes(), kind: .narrow)
        var description: String { "\(kind) \"\(text)\" \(attributes)" }

        /// What an erase leaves with `attributes` set: xterm keeps the colours, drops the rest.
        static func erased(_ attributes: Attributes) -> Cell {
            Cell(text: " ", attributes: Attributes(foreground: attributes.foreground, background: attributes.background), kind: .narrow)
        }

        /// Whether a person sees the same: equal cells, or two blanks with the same background,
        /// underline and reverse (and, reversed, the same foreground, bold and dim).
        func showsSame(as other: Cell) -> Bool {
            guard self != other else { return true }
            guard kind == .narrow, other.kind == .narrow, text == " ", other.text == " " else { return false }
            let a = attributes, b = other.attributes
            guard a.background == b.background, a.underline == b.underline, a.reverse == b.reverse else { return false }
            return !a.reverse || (a.foreground == b.foreground && a.bold == b.bold && a.dim == b.dim)
        }
    }

    let rows: Int
    let columns: Int
    private(set) var cells: [Cell]
    private(set) var violations: [String] = []
    private var row = 0
    private var column = 0
    private var pendingWrap = false
    private var attributes = Attributes()
    private var pending: [UInt8] = [] // an incomplete escape sequence or UTF-8 character

    /// Starts as a terminal with random garbage on it: a frame writer's first frame must paint it all.
    init(columns: Int, rows: Int, garbage: Bool = true) {
        self.rows = rows
        self.columns = columns
        cells = Array(repeating: garbage ? Cell(text: "#", attributes: Attributes(bold: true, foreground: 1), kind: .narrow) : .blank,
                      count: rows * columns)
    }

    subscript(row: Int, column: Int) -> Cell { cells[row * columns + column] }

    mutating func apply<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        for byte in bytes { consume(byte) }
    }

    /// Every row as text (continuations skipped, damaged halves shown as "¿").
    var text: String {
        (0..<rows).map { row in
            (0..<columns).map { column -> String in
                let cell = self[row, column]
                switch cell.kind {
                case .continuation: return ""
                case .damaged: return "¿"
                default: return cell.text
                }
            }.joined()
        }.joined(separator: "\n")
    }

    private mutating func consume(_ byte: UInt8) {
        if !pending.isEmpty {
            pending.append(byte)
            if pending[0] == 0x1B { escapeProgress() } else { utf8Progress() }
            return
        }
        switch byte {
        case 0x1B: pending = [byte]
        case 0x00..<0x20, 0x7F: violations.append("control byte \(byte) written")
        case 0x20..<0x7F: put(Unicode.Scalar(byte))
        default: pending = [byte]; utf8Progress()
        }
    }

    private mutating func utf8Progress() {
        let needed = pending[0] >= 0xF0 ? 4 : pending[0] >= 0xE0 ? 3 : pending[0] >= 0xC0 ? 2 : 1
        guard pending.count >= needed else { return }
        defer { pending = [] }
        guard let text = String(validating: pending, as: UTF8.self), let scalar = text.unicodeScalars.first else {
            violations.append("invalid UTF-8 \(pending)")
            return
        }
        put(scalar)
    }

    private mutating func escapeProgress() {
        guard pending.count >= 2 else { return }
        if pending[1] == 0x28 { // ESC ( B: character set
            if pending.count == 3 { pending = [] }
            return
        }
        guard pending[1] == 0x5B else {
            violations.append("unexpected escape \(pending)")
            pending = []
            return
        }
        guard let final = pending.last, pending.count > 2, (0x40...0x7E).contains(final) else { return }
        let body = String(decoding: pending[2..<(pending.count - 1)], as: UTF8.self)
        pending = []
        if body.hasPrefix("?") { return } // private modes (cursor, alternate screen, paste)
        let parameters = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let first = (parameters.first ?? nil) ?? 0
        switch final {
        case 0x48, 0x66: // CUP
            row = min(rows - 1, max(0, ((parameters.first ?? nil) ?? 1) - 1))
            column = min(columns - 1, max(0, ((parameters.count > 1 ? parameters[1] : nil) ?? 1) - 1))
            pendingWrap = false
        case 0x43: // CUF: right, stopping at the right edge
            column = min(columns - 1, column + max(1, first))
            pendingWrap = false
        case 0x44: // CUB: left, stopping at the left edge
            column = max(0, column - max(1, first))
            pendingWrap = false
        case 0x47: // CHA: to a column of this row
            column = min(columns - 1, max(0, max(1, first) - 1))
            pendingWrap = false
        case 0x64: // VPA: to a row, same column
            row = min(rows - 1, max(0, max(1, first) - 1))
            pendingWrap = false
        case 0x6D:
            sgr(parameters.map { $0 ?? 0 })
        case 0x4A: // ED
            if first == 2 {
                cells = Array(repeating: .erased(attributes), count: rows * columns)
            } else {
                violations.append("unsupported ED \(body)")
            }
        case 0x4B: // EL 0: from the cursor to the end of the row; the cursor stays
            guard first == 0 else { violations.append("unsupported EL \(body)"); return }
            guard !pendingWrap else { violations.append("EL while the cursor waits to wrap (terminals differ)"); return }
            overwrite(column)
            for x in column..<columns { cells[row * columns + x] = .erased(attributes) }
        case 0x58: // ECH: n cells from the cursor, stopping at the right edge; the cursor stays
            guard !pendingWrap else { violations.append("ECH while the cursor waits to wrap (terminals differ)"); return }
            let end = min(columns, column + max(1, first))
            overwrite(column)
            overwrite(end - 1)
            for x in column..<end { cells[row * columns + x] = .erased(attributes) }
        default:
            violations.append("unsupported CSI \(body)\(Character(Unicode.Scalar(final)))")
        }
    }

    private mutating func sgr(_ parameters: [Int]) {
        var index = 0
        let parameters = parameters.isEmpty ? [0] : parameters
        while index < parameters.count {
            let p = parameters[index]
            switch p {
            case 0: attributes = Attributes()
            case 1: attributes.bold = true
            case 2: attributes.dim = true
            case 4: attributes.underline = true
            case 7: attributes.reverse = true
            case 22: attributes.bold = false; attributes.dim = false
            case 24: attributes.underline = false
            case 27: attributes.reverse = false
            case 30...37: attributes.foreground = p - 30
            case 39: attributes.foreground = nil
            case 40...47: attributes.background = p - 40
            case 49: attributes.background = nil
            case 90...97: attributes.foreground = p - 90 + 8
            case 100...107: attributes.background = p - 100 + 8
            case 38, 48:
                guard index + 2 < parameters.count, parameters[index + 1] == 5 else {
                    violations.append("unsupported SGR \(parameters)")
                    return
                }
                if p == 38 { attributes.foreground = parameters[index + 2] } else { attributes.background = parameters[index + 2] }
                index += 2
            default:
                violations.append("unsupported SGR \(p)")
            }
            index += 1
        }
    }

    /// What writing at `x` does to a wide character there: its other half is damaged.
    private mutating func overwrite(_ x: Int) {
        let cell = cells[row * columns + x]
        if cell.kind == .continuation, x > 0 { cells[row * columns + x - 1].kind = .damaged }
        if cell.kind == .lead, x + 1 < columns { cells[row * columns + x + 1].kind = .damaged }
    }

    private mutating func put(_ scalar: Unicode.Scalar) {
        _ = TextWidth.of("a") // a UTF-8 character type for wcwidth
        let width = Int(c_wcwidth(wchar_t(bitPattern: scalar.value)))
        if width < 0 { violations.append("unprintable U+\(String(scalar.value, radix: 16))"); return }
        if width == 0 {
            // Joins the character before the cursor.
            var x = pendingWrap ? column : column - 1
            guard x >= 0 else { violations.append("combining mark with nothing before it"); return }
            if cells[row * columns + x].kind == .continuation { x -= 1 }
            cells[row * columns + x].text.unicodeScalars.append(scalar)
            return
        }
        if pendingWrap {
            violations.append("wrote \"\(scalar)\" past the right edge of row \(row): the terminal would wrap")
            pendingWrap = false
            column = 0
            row += 1
            if row == rows { violations.append("the terminal would scroll"); row = rows - 1 }
        }
        if width == 2, column == columns - 1 {
            violations.append("wide \"\(scalar)\" at the last column of row \(row): the terminal would wrap it")
            return
        }
        overwrite(column)
        if width == 2 { overwrite(column + 1) }
        cells[row * columns + column] = Cell(text: String(scalar), attributes: attributes, kind: width == 2 ? .lead : .narrow)
        if width == 2 { cells[row * columns + column + 1] = Cell(text: "", attributes: attributes, kind: .continuation) }
        column += width
        if column >= columns {
            column = columns - 1
            pendingWrap = true
        }
    }
}
