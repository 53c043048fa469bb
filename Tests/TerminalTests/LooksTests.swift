import Foundation
import StoreUI
@testable import Terminal
import Testing

@Suite("Looks on terminals with few colours")
struct LooksTests {
    /// The shipped themes, loaded from Themes/.
    static func theme(_ name: String) throws -> Theme {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("Themes/\(name).json"))
        return try ThemeLoader.load(data, fallbackName: name)
    }

    @Test("on 8 colours (TERM=xterm) dim text on the terminal's background is its own colour made faint, never bold black",
          arguments: ["default", "light", "high-contrast"])
    func dimOnEightColours(name: String) throws {
        let theme = try Self.theme(name).resolved(for: .sixteen)
        for role in Role.allCases {
            let style = theme.style(role)
            let look = LookSpec(style: style, colors: 8)
            // Never black on black: not on the terminal's own background (often black), not on a black one.
            if look.background == nil || look.background == 0 {
                #expect(look.foreground != 0, "\(name) \(role) would be black on black")
            }
            if style.foreground == .ansi(8), style.background == .terminalDefault {
                #expect(look.foreground == nil && look.dim && !look.bold, "\(name) \(role): faint, in the terminal's own colour")
            }
        }
        #expect(LookSpec(style: try Self.theme("default").resolved(for: .sixteen).style(.dim), colors: 8)
                .foreground == nil)
    }

    @Test("grey on a background the theme chose stays legible on 8 colours")
    func greyOnBackgrounds() {
        let onWhite = LookSpec(style: Style(foreground: .ansi(8), background: .ansi(15)), colors: 8)
        #expect(onWhite.foreground == 0 && onWhite.bold && onWhite.background == 7)
        let onBlack = LookSpec(style: Style(foreground: .ansi(8), background: .ansi(0)), colors: 8)
        #expect(onBlack.foreground == 7 && onBlack.dim && onBlack.background == 0)
        #expect(SGREncoder.ansi.bytes(LookSpec(style: Style(foreground: .ansi(8)), colors: 8)) == Array("\u{1B}[0;2m".utf8))
    }

    @Test("bright black stays bright black where the terminal has 16 or 256 colours")
    func brightBlackWithMoreColours() {
        let style = Style(foreground: .ansi(8))
        #expect(LookSpec(style: style, colors: 16).foreground == 8)
        #expect(LookSpec(style: style, colors: 256).foreground == 8)
    }

    @Test("other bright colours on 8 colours are the plain colour in bold; indexed colours degrade to the 16")
    func brightAndIndexed() {
        let bright = LookSpec(style: Style(foreground: .ansi(12)), colors: 8)
        #expect(bright.foreground == 4 && bright.bold)
        let indexed = LookSpec(style: Style(foreground: .indexed(75), background: .indexed(24)), colors: 8)
        #expect(indexed.foreground != nil && indexed.foreground! < 8)
        #expect(indexed.background != nil && indexed.background! < 8)
        #expect(LookSpec(style: Style(foreground: .indexed(75)), colors: 256).foreground == 75)
        #expect(LookSpec(style: Style(foreground: .indexed(75), bold: true), colors: 0) == {
            var look = LookSpec(); look.bold = true; return look
        }(), "no colour: attributes only")
    }

    @Test("SGR: one merged sequence from ANSI pieces; terminfo pieces that are not ANSI are kept as they are")
    func sgrBytes() {
        var look = LookSpec()
        look.bold = true
        look.foreground = 75
        look.background = 4
        #expect(String(decoding: SGREncoder.ansi.bytes(look), as: UTF8.self) == "\u{1B}[0;1;38;5;75;44m")
        #expect(String(decoding: SGREncoder.ansi.bytes(.plain), as: UTF8.self) == "\u{1B}[0m")
        var xterm = SGREncoder.ansi
        xterm.reset = Array("\u{1B}(B\u{1B}[m".utf8)
        #expect(String(decoding: xterm.bytes(look), as: UTF8.self) == "\u{1B}[0;1;38;5;75;44m")
        var odd = SGREncoder.ansi
        odd.bold = Array("\u{1B}#1".utf8)
        #expect(String(decoding: odd.bytes(look), as: UTF8.self) == "\u{1B}[0m\u{1B}#1\u{1B}[38;5;75m\u{1B}[44m")
    }

    @Test("terminfo padding ($<5>) is never sent")
    func padding() {
        #expect(Capabilities.withoutPadding(Array("\u{1B}[H\u{1B}[J$<50>".utf8)) == Array("\u{1B}[H\u{1B}[J".utf8))
        #expect(Capabilities.withoutPadding(Array("\u{1B}[%i%p1%d;%p2%dH$<5>".utf8)) == Array("\u{1B}[%i%p1%d;%p2%dH".utf8))
        #expect(Capabilities.withoutPadding(Array("$<x>$5".utf8)) == Array("$<x>$5".utf8))
        #expect(Capabilities.withoutPadding(Array("\u{1B}[1m$<2/*>".utf8)) == Array("\u{1B}[1m".utf8))
    }
}

@Suite("Theme files")
struct ThemeFileTests {
    @Test("a theme whose name holds a control character is refused at $.name, as a catalog's text would be (a fuzz finding)")
    func controlCharacterInNameRefused() throws {
        let data = Data(#"{"name": "De\fault", "styles": {}}"#.utf8)
        do {
            _ = try ThemeLoader.load(data, fallbackName: "fuzz")
            Issue.record("a name with a form feed was taken")
        } catch {
            let problem = try #require(error.problems.first)
            #expect(problem.path.description == "$.name")
            #expect(problem.reason.contains("contains U+000C"), "\(problem.reason)")
        }
    }
}
