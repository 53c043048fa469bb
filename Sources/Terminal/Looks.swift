import StoreUI

/// How a role looks on a terminal with a given number of colours: attributes and colour numbers
/// (nil: the terminal's own colour). Pure: this is where a theme colour the terminal cannot show
/// turns into something it can.
struct LookSpec: Hashable, Sendable {
    var bold = false
    var dim = false
    var underline = false
    var reverse = false
    var foreground: Int?
    var background: Int?

    static let plain = LookSpec()

    init() {}

    /// `style` as a terminal with `colors` colours shows it (0: no colour at all). The style should
    /// already be resolved for the colour mode (`Theme.resolved(for:)`), which moves meaning into
    /// attributes when there is no colour.
    init(style: Style, colors: Int) {
        bold = style.bold
        dim = style.dim
        underline = style.underline
        reverse = style.reverse
        guard colors >= 8 else { return }
        if let number = Self.number(style.background, colors: colors) {
            if number < colors { background = number } else if number >= 8, number < 16 { background = number - 8 }
        }
        if let number = Self.number(style.foreground, colors: colors) {
            if number < colors {
                foreground = number
            } else if number == 8 {
                // Bright black (the themes' dim grey) on an 8-colour terminal. The usual substitute,
                // bold black, is invisible on a dark terminal's own background: there the terminal's own
                // foreground made faint reads on dark and light backgrounds alike (and plainly where
                // faint is missing). On a background the theme chose, grey is black in bold (most
                // terminals draw that as dark grey) or, on black, white made faint.
                switch background {
                case nil: dim = true
                case 0: foreground = 7; dim = true
                default: foreground = 0; bold = true
                }
            } else if number > 8, number < 16 {
                // The other bright colours: the plain colour in bold, as 8-colour terminals show them.
                foreground = number - 8
                bold = true
            }
        }
    }

    /// What a blank cell in this look shows: its background, and reverse and underline (and, when
    /// reversed, the foreground that becomes the background). Bold, dim and the foreground of an
    /// unreversed space show nothing.
    var blank: LookSpec {
        var result = LookSpec()
        result.background = background
        result.underline = underline
        result.reverse = reverse
        if reverse {
            result.foreground = foreground
            result.bold = bold
            result.dim = dim
        }
        return result
    }

    /// The distinct looks of a theme on a terminal with `colors` colours (the first is plain) and
    /// each role's index among them. Roles whose SGR bytes are equal share a look.
    static func table(for theme: Theme, mode: ColorMode, colors: Int, encoder: SGREncoder) -> (specs: [LookSpec], roles: [Role: Int]) {
        let resolved = theme.resolved(for: mode)
        var specs: [LookSpec] = [.plain]
        var bytes: [[UInt8]] = [encoder.bytes(.plain)]
        var roles: [Role: Int] = [:]
        for role in Role.allCases {
            let spec = LookSpec(style: resolved.style(role), colors: colors)
            let sgr = encoder.bytes(spec)
            if let index = bytes.firstIndex(of: sgr) {
                roles[role] = index
            } else {
                roles[role] = specs.count
                specs.append(spec)
                bytes.append(sgr)
            }
        }
        return (specs, roles)
    }

    /// The palette index a theme colour comes to on a terminal with `colors` (>= 8) colours; nil for
    /// the terminal's own colour. Indexes past the palette fall back to the nearest of the 16.
    static func number(_ color: ThemeColor, colors: Int) -> Int? {
        var color = color.degraded(to: colors >= 256 ? .full256 : .sixteen)
        if case .indexed(let index) = color, index >= colors { color = color.degraded(to: .sixteen) }
        switch color {
        case .terminalDefault: return nil
        case .ansi(let index), .indexed(let index): return min(max(index, 0), 255)
        }
    }
}

/// Writes a `LookSpec` as SGR bytes, from the terminal's capabilities. Each look starts from the
/// plain one (sgr0), so it is right whatever was set before; when every piece is an ANSI SGR they
/// are merged into one sequence (`ESC[0;1;38;5;75m` rather than four).
struct SGREncoder {
    var reset: [UInt8]
    var bold: [UInt8]?
    var dim: [UInt8]?
    var underline: [UInt8]?
    var reverse: [UInt8]?
    var foreground: (Int) -> [UInt8]?
    var background: (Int) -> [UInt8]?

    /// Plain ANSI (what xterm, tmux, screen and the Linux console understand), for tests.
    static var ansi: SGREncoder { SGREncoder(
        reset: Array("\u{1B}[0m".utf8), bold: Array("\u{1B}[1m".utf8), dim: Array("\u{1B}[2m".utf8),
        underline: Array("\u{1B}[4m".utf8), reverse: Array("\u{1B}[7m".utf8),
        foreground: { n in Array((n < 8 ? "\u{1B}[3\(n)m" : n < 16 ? "\u{1B}[9\(n - 8)m" : "\u{1B}[38;5;\(n)m").utf8) },
        background: { n in Array((n < 8 ? "\u{1B}[4\(n)m" : n < 16 ? "\u{1B}[10\(n - 8)m" : "\u{1B}[48;5;\(n)m").utf8) }) }

    func bytes(_ look: LookSpec) -> [UInt8] {
        var pieces: [[UInt8]] = []
        if look.bold, let bold { pieces.append(bold) }
        if look.dim, let dim { pieces.append(dim) }
        if look.underline, let underline { pieces.append(underline) }
        if look.reverse, let reverse { pieces.append(reverse) }
        if let number = look.foreground, let bytes = foreground(number) { pieces.append(bytes) }
        if let number = look.background, let bytes = background(number) { pieces.append(bytes) }
        // Merge into one SGR when every piece is one (a leading "ESC(B", xterm's charset reset in
        // sgr0, is dropped: nothing here changes the character set).
        var resetBody = reset
        if resetBody.starts(with: [0x1B, 0x28, 0x42]) { resetBody.removeFirst(3) }
        if let resetParameters = Self.sgrParameters(resetBody) {
            var parameters = resetParameters.isEmpty ? "0" : resetParameters
            var merged = true
            for piece in pieces {
                guard let more = Self.sgrParameters(piece), !more.isEmpty else { merged = false; break }
                parameters += ";" + more
            }
            if merged { return Array("\u{1B}[\(parameters)m".utf8) }
        }
        return pieces.reduce(reset, +)
    }

    /// The parameters of `ESC [ parameters m`, or nil when the bytes are something else.
    static func sgrParameters(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 3, bytes[0] == 0x1B, bytes[1] == 0x5B, bytes.last == 0x6D else { return nil }
        let body = bytes[2..<(bytes.count - 1)]
        guard body.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x3B || $0 == 0x3A }) else { return nil }
        return String(decoding: body, as: UTF8.self)
    }
}
