import Foundation

/// A colour as a theme writes it: one of the 16 ANSI colours, an xterm-256 index, or the terminal's own.
public enum ThemeColor: Sendable, Equatable {
    /// The terminal's default foreground or background.
    case terminalDefault
    /// 0–15: black, red, green, yellow, blue, magenta, cyan, white, then their bright versions.
    case ansi(Int)
    /// 16–255 of the xterm palette.
    case indexed(Int)

    static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
                        "brightBlack", "brightRed", "brightGreen", "brightYellow", "brightBlue",
                        "brightMagenta", "brightCyan", "brightWhite"]

    /// Parses "default", an ANSI name ("brightBlue"), a 0–255 index, or "#rrggbb" (mapped into the
    /// 256-colour palette).
    public init?(_ text: String) {
        if text == "default" { self = .terminalDefault; return }
        if let index = Self.names.firstIndex(of: text) { self = .ansi(index); return }
        if let number = Int(text), (0...255).contains(number) {
            self = number < 16 ? .ansi(number) : .indexed(number)
            return
        }
        if text.count == 7, text.first == "#", let rgb = Int(text.dropFirst(), radix: 16) {
            self = .indexed(Self.nearest256(r: (rgb >> 16) & 255, g: (rgb >> 8) & 255, b: rgb & 255))
            return
        }
        return nil
    }

    /// The colour with no more than `mode` allows.
    public func degraded(to mode: ColorMode) -> ThemeColor {
        switch (self, mode) {
        case (_, .none): .terminalDefault
        case (.indexed(let index), .sixteen): .ansi(Self.nearest16(index))
        default: self
        }
    }

    /// The xterm-256 entry closest to an RGB colour (the 6×6×6 cube or the grey ramp).
    static func nearest256(r: Int, g: Int, b: Int) -> Int {
        func level(_ v: Int) -> Int { v < 48 ? 0 : v < 115 ? 1 : (v - 35) / 40 }
        let (cr, cg, cb) = (level(r), level(g), level(b))
        let cube = 16 + 36 * cr + 6 * cg + cb
        let steps = [0, 95, 135, 175, 215, 255]
        let cubeDistance = sq(steps[cr] - r) + sq(steps[cg] - g) + sq(steps[cb] - b)
        let grey = (r + g + b) / 3
        let greyIndex = grey > 238 ? 23 : max(0, (grey - 3) / 10)
        let greyValue = 8 + greyIndex * 10
        let greyDistance = sq(greyValue - r) + sq(greyValue - g) + sq(greyValue - b)
        return greyDistance < cubeDistance ? 232 + greyIndex : cube
    }

    /// The colour as xterm shows it (red, green, blue, 0–255), for pictures of screens (the gallery);
    /// nil for the terminal's own colour.
    public var rgb: (red: Int, green: Int, blue: Int)? {
        switch self {
        case .terminalDefault: nil
        case .ansi(let index), .indexed(let index): Self.rgb(index)
        }
    }

    /// RGB of an xterm-256 entry.
    static func rgb(_ index: Int) -> (Int, Int, Int) {
        if index < 16 { return ansiRGB[index] }
        if index >= 232 { let v = 8 + (index - 232) * 10; return (v, v, v) }
        let steps = [0, 95, 135, 175, 215, 255]
        let i = index - 16
        return (steps[i / 36], steps[(i / 6) % 6], steps[i % 6])
    }

    static let ansiRGB: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The nearest ANSI colour. A colourful shade maps to a colourful ANSI entry, never to a grey, so
    /// green stays green on a 16-colour terminal.
    static func nearest16(_ index: Int) -> Int {
        let (r, g, b) = rgb(index)
        let chromatic = max(r, g, b) - min(r, g, b) > 40
        let candidates = chromatic ? [1, 2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 14] : Array(0..<16)
        return candidates.min { a, c in
            let (ar, ag, ab) = ansiRGB[a], (cr, cg, cb) = ansiRGB[c]
            return sq(ar - r) + sq(ag - g) + sq(ab - b) < sq(cr - r) + sq(cg - g) + sq(cb - b)
        }!
    }

    private static func sq(_ v: Int) -> Int { v * v }
}

/// How many colours the terminal can show.
public enum ColorMode: String, Sendable, CaseIterable {
    case none, sixteen, full256 = "256"
}

/// The look of one role: colours and attributes.
public struct Style: Sendable, Equatable {
    public var foreground: ThemeColor = .terminalDefault
    public var background: ThemeColor = .terminalDefault
    public var bold = false
    public var underline = false
    public var reverse = false
    public var dim = false

    public init(foreground: ThemeColor = .terminalDefault, background: ThemeColor = .terminalDefault,
                bold: Bool = false, underline: Bool = false, reverse: Bool = false, dim: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.underline = underline
        self.reverse = reverse
        self.dim = dim
    }
}

/// A named set of styles by role, loaded from Themes/NAME.json.
public struct Theme: Sendable, Equatable {
    public var name: String
    public var styles: [Role: Style]

    public func style(_ role: Role) -> Style { styles[role] ?? styles[.normal] ?? Style() }

    /// The theme as a terminal with `mode` colours can show it. Without colour, meaning moves to
    /// attributes: the selection is reversed, titles and owned marks bold, dim text dim.
    public func resolved(for mode: ColorMode) -> Theme {
        var result = self
        for role in Role.allCases {
            var style = self.style(role)
            style.foreground = style.foreground.degraded(to: mode)
            style.background = style.background.degraded(to: mode)
            if mode == .none {
                switch role {
                case .selected, .systemSelected: style.reverse = true; style.bold = true
                case .title, .owned, .section, .systemTitle, .key, .error, .warning, .success, .systemError: style.bold = true
                case .dim, .footer, .systemPlaceholder: style.dim = true
                case .systemField: style.underline = true
                default: break
                }
            }
            result.styles[role] = style
        }
        return result
    }

    /// The system sheet's look: the same in every theme, like the App Store's own sheet.
    public static let systemStyles: [Role: Style] = [
        .systemSheet: Style(foreground: .ansi(0), background: .ansi(7)),
        .systemTitle: Style(foreground: .ansi(0), background: .ansi(7), bold: true),
        .systemButton: Style(foreground: .ansi(4), background: .ansi(7), bold: true),
        .systemSelected: Style(foreground: .ansi(15), background: .ansi(4), bold: true),
        .systemField: Style(foreground: .ansi(0), background: .ansi(15)),
        .systemPlaceholder: Style(foreground: .ansi(8), background: .ansi(15)),
        .systemError: Style(foreground: .ansi(1), background: .ansi(7), bold: true),
    ]
}
