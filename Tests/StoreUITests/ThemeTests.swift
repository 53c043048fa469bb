import CatalogFormats
import Foundation
import StoreModel
@testable import StoreUI
import Testing

@Suite("Themes")
struct ThemeTests {
    @Test("the bundled themes load", arguments: ["default", "light", "high-contrast"])
    func bundled(name: String) throws {
        let theme = try Sample.theme(name)
        #expect(theme.styles[.selected] != nil)
    }

    @Test("no theme can restyle the system confirmation sheet")
    func systemSheetIsFixed() throws {
        for name in ["default", "light", "high-contrast"] {
            let theme = try Sample.theme(name)
            for role in Role.allCases where role.isSystem { #expect(theme.style(role) == Theme.systemStyles[role]) }
        }
        let hostile = #"{"styles": {"systemSheet": {"bg": "red"}}}"#
        #expect(throws: CatalogLoader.Failure.self) { try ThemeLoader.load(Data(hostile.utf8), fallbackName: "x") }
        do {
            _ = try ThemeLoader.load(Data(hostile.utf8), fallbackName: "x")
        } catch {
            #expect(error.problems.map(\.description) == ["$.styles.systemSheet: themes cannot restyle the system confirmation sheet"])
        }
    }

    @Test("bad theme files name the path and the reason")
    func badTheme() {
        let text = #"{"styles": {"selected": {"fg": "chartreuse", "blink": true}, "sparkle": {}}}"#
        do {
            _ = try ThemeLoader.load(Data(text.utf8), fallbackName: "x")
            Issue.record("accepted a bad theme")
        } catch {
            let problems = error.problems.map(\.description)
            #expect(problems.contains { $0.hasPrefix("$.styles.selected.fg: \"chartreuse\" is not a colour") })
            #expect(problems.contains { $0.hasPrefix("$.styles.selected.blink: unknown style field") })
            #expect(problems.contains { $0.hasPrefix("$.styles.sparkle: unknown role") })
        }
    }

    @Test("a colour index out of 0–255, however large or fractional, is a problem with its path, never a crash", arguments: ["300777777777777777777777", "-1", "256", "1e300", "12.5"])
    func colourIndexOutOfRange(_ number: String) {
        let text = #"{"styles": {"header": {"fg": "# + number + #"}}}"#
        do {
            _ = try ThemeLoader.load(Data(text.utf8), fallbackName: "x")
            Issue.record("accepted colour index \(number)")
        } catch {
            #expect(error.problems.map(\.description) == ["$.styles.header.fg: colour index must be 0–255"])
        }
    }

    @Test("without colour, the selection is still visible by attribute and owned items still marked")
    func noColor() throws {
        for name in ["default", "light", "high-contrast"] {
            let theme = try Sample.theme(name).resolved(for: .none)
            #expect(theme.style(.selected).reverse, "\(name): selection must stay visible without colour")
            #expect(theme.style(.owned).bold)
            for role in Role.allCases {
                #expect(theme.style(role).foreground == .terminalDefault && theme.style(role).background == .terminalDefault)
            }
        }
    }

    @Test("with 16 colours, 256-colour entries degrade to the nearest ANSI colour")
    func sixteenColors() throws {
        let theme = try Sample.theme("default").resolved(for: .sixteen)
        for role in Role.allCases {
            for color in [theme.style(role).foreground, theme.style(role).background] {
                if case .indexed = color { Issue.record("\(role) still uses a 256-colour index") }
            }
        }
        #expect(ThemeColor("#ff0000")?.degraded(to: .sixteen) == .ansi(9))
        #expect(ThemeColor("#000000")?.degraded(to: .sixteen) == .ansi(0))
    }

    @Test("colours parse from names, indexes and hex")
    func colourParsing() {
        #expect(ThemeColor("brightBlue") == .ansi(12))
        #expect(ThemeColor("200") == .indexed(200))
        #expect(ThemeColor("#005f87") == .indexed(24))
        #expect(ThemeColor("nope") == nil)
    }
}
