import StoreUI

/// A grid written as plain ANSI text a whole row at a time, for files rather than a live terminal: the
/// gallery's `.ans` screens and the frames of an asciicast. The cells are `Frame`'s (wide characters
/// whole, nothing a terminal could take as a control) and the looks are the theme's at 256 colours in
/// plain ANSI SGR (`SGREncoder.ansi`), so a file reads the same on any machine. A row is one run of text
/// with no cursor movement inside it, so every line the screen shows is in the file as that line.
public struct ANSIRows: Sendable {
    private let sgr: [String]
    private let roles: [Role: Int]

    public init(theme: Theme) {
        let table = LookSpec.table(for: theme, mode: .full256, colors: 256, encoder: .ansi)
        sgr = table.specs.map { String(decoding: SGREncoder.ansi.bytes($0), as: UTF8.self) }
        roles = table.roles
    }

    /// Every row of the grid, each starting from its own look and ending with a reset.
    public func rows(_ grid: Grid) -> [String] {
        let frame = Frame(grid: grid, size: grid.size) { roles[$0] ?? 0 }
        return (0..<grid.size.rows).map { row in
            var line = ""
            var look: Int?
            for column in 0..<grid.size.columns {
                let cell = frame[row, column]
                guard let glyph = cell.glyph else { continue }
                if cell.look != look {
                    line += sgr[cell.look]
                    look = cell.look
                }
                line += glyph
                // A glyph the terminal advances one column short of its two cells: a space keeps the row whole.
                if cell.padded { line += " " }
            }
            return line + "\u{1B}[0m"
        }
    }

    /// The screen as a file to `cat`: its rows, each ending in a newline.
    public func text(_ grid: Grid) -> String { rows(grid).map { $0 + "\n" }.joined() }

    /// The screen as one frame of a recording: home, then each row after moving to its start.
    public func frame(_ grid: Grid) -> String {
        rows(grid).enumerated().map { "\u{1B}[\($0.offset + 1);1H" + $0.element }.joined()
    }
}
