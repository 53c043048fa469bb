/// A rectangle of cells.
public struct Rect: Sendable, Equatable {
    public var row: Int, column: Int, width: Int, height: Int

    public init(row: Int, column: Int, width: Int, height: Int) {
        self.row = row
        self.column = column
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The rectangle shrunk by `by` cells on every side.
    public func inset(_ by: Int) -> Rect { Rect(row: row + by, column: column + by, width: width - 2 * by, height: height - 2 * by) }
    public func insetHorizontally(_ by: Int) -> Rect { Rect(row: row, column: column + by, width: width - 2 * by, height: height) }

    /// A centred rectangle of at most the given size inside this one.
    public func centered(width w: Int, height h: Int) -> Rect {
        let width = min(w, self.width), height = min(h, self.height)
        return Rect(row: row + (self.height - height) / 2, column: column + (self.width - width) / 2, width: width, height: height)
    }
}

extension Grid {
    /// A framed panel: background filled, a light border, and a title in the top edge.
    public mutating func box(_ rect: Rect, role: Role, borderRole: Role? = nil, title: String? = nil, titleRole: Role? = nil) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        fill(row: rect.row, column: rect.column, width: rect.width, height: rect.height, role: role)
        let border = borderRole ?? role
        let inner = rect.width - 2
        put("┌", row: rect.row, column: rect.column, role: border)
        put(repeating: "─", count: inner, row: rect.row, column: rect.column + 1, role: border)
        put("┐", row: rect.row, column: rect.column + rect.width - 1, role: border)
        for y in rect.row + 1..<rect.row + rect.height - 1 {
            put("│", row: y, column: rect.column, role: border)
            put("│", row: y, column: rect.column + rect.width - 1, role: border)
        }
        put("└", row: rect.row + rect.height - 1, column: rect.column, role: border)
        put(repeating: "─", count: inner, row: rect.row + rect.height - 1, column: rect.column + 1, role: border)
        put("┘", row: rect.row + rect.height - 1, column: rect.column + rect.width - 1, role: border)
        if let title, inner > 4 {
            let text = " " + TextWidth.truncate(title, to: inner - 4) + " "
            put(text, row: rect.row, column: rect.column + (rect.width - TextWidth.of(text)) / 2, role: titleRole ?? border)
        }
    }

    /// Text centred in a width.
    public mutating func putCentered(_ text: String, row: Int, in rect: Rect, role: Role) {
        let cut = TextWidth.truncate(text, to: rect.width)
        put(cut, row: row, column: rect.column + (rect.width - TextWidth.of(cut)) / 2, role: role)
    }

    /// Text ending at the right edge of a rectangle.
    @discardableResult
    public mutating func putRight(_ text: String, row: Int, in rect: Rect, role: Role) -> Int {
        let cut = TextWidth.truncate(text, to: rect.width)
        let width = TextWidth.of(cut)
        put(cut, row: row, column: rect.column + rect.width - width, role: role)
        return width
    }

    /// Wrapped text; returns the rows used (at most `maxRows`).
    @discardableResult
    public mutating func putWrapped(_ text: String, row: Int, column: Int, width: Int, maxRows: Int, role: Role) -> Int {
        var lines = TextWidth.wrap(text, width: width)
        if lines.count > maxRows, maxRows > 0 {
            lines = Array(lines.prefix(maxRows))
            lines[maxRows - 1] = TextWidth.truncate(lines[maxRows - 1] + " …", to: width)
        }
        for (offset, line) in lines.prefix(max(0, maxRows)).enumerated() {
            put(line, row: row + offset, column: column, role: role, width: width)
        }
        return min(lines.count, max(0, maxRows))
    }
}
