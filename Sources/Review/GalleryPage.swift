import Foundation
import StoreUI

/// The gallery's `index.html`: one page, no external assets, a grid of screens with filters by screen,
/// locale, size and theme. Each screen is drawn as styled cells in its theme's colours: a row is a
/// block of fixed height (so box drawing joins from row to row), a wide character is a box two cells
/// wide, any other character outside ASCII a box one cell wide (so fallback fonts cannot shift a
/// column). Every piece of text is HTML-escaped: catalog text is untrusted.
struct GalleryPage {
    let gallery: Gallery
    let title: String

    /// The terminal's own colours where a theme says "default": xterm's, light grey on black.
    static let terminalForeground = ThemeColor.ansi(7)
    static let terminalBackground = ThemeColor.ansi(0)

    /// A page's start, to its open `<style>`: what the gallery and the comparison share.
    static func head(title: String, generator: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="generator" content="\(escape(generator))">
        <title>\(escape(title))</title>
        <style>

        """
    }

    var html: String {
        var page = Self.head(title: title, generator: "storefront gallery") + """
            body{margin:0;padding:16px;background:#3a3a3a;color:#eeeeee;font:14px system-ui,sans-serif}
            header{position:sticky;top:0;background:#3a3a3a;padding:8px 0;z-index:1}
            label{margin-right:16px}
            main{display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start}
            figure{margin:0}
            figure[hidden]{display:none}
            figcaption{margin-bottom:4px;font-size:12px}
            .screen{font:15px/18px "DejaVu Sans Mono","Noto Sans Mono","Noto Sans Mono CJK JP",monospace;white-space:pre;display:inline-block}
            .screen>div{height:18px;overflow:visible}
            .screen span{display:inline-block;height:18px;vertical-align:top}
            .screen .c{width:1ch;text-align:center}
            .screen .w{width:2ch;text-align:center}

            """
        for (index, choice) in gallery.themes.enumerated() {
            page += Self.css(choice.theme, scope: ".t\(index)")
        }
        page += "</style>\n</head>\n<body>\n<header>\n<h1>\(Self.escape(title))</h1>\n"
        page += "<p>\(gallery.drawings.count * gallery.themes.count) screens, drawn at \(Self.escape(Gallery.clock.formatted(.iso8601))).</p>\n"
        page += filter("screen", "Screen", unique(gallery.drawings.map(\.kind.rawValue)))
        page += filter("visit", "State", unique(gallery.drawings.map(\.visit)))
        page += filter("locale", "Locale", unique(gallery.drawings.map(\.locale)))
        page += filter("size", "Size", unique(gallery.drawings.map(\.size.description)))
        page += filter("theme", "Theme", gallery.themes.map(\.name))
        if !gallery.unreached.isEmpty {
            page += "<p class=\"unreached\">Not drawn: this catalog lacks what these screens' sample flows use: \(Self.escape(gallery.unreached.joined(separator: ", ")))</p>\n"
        }
        page += "</header>\n<main>\n"
        for (index, choice) in gallery.themes.enumerated() {
            for drawing in gallery.drawings {
                page += figure(drawing, theme: choice.name, scope: "t\(index)")
            }
        }
        page += """
            </main>
            <script>
            const filters = [...document.querySelectorAll("select[data-filter]")];
            function apply() {
              for (const figure of document.querySelectorAll("main figure")) {
                figure.hidden = !filters.every(f => f.value === "" || figure.dataset[f.dataset.filter] === f.value);
              }
            }
            for (const f of filters) f.addEventListener("change", apply);
            </script>
            </body>
            </html>

            """
        return page
    }

    private func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }

    private func filter(_ key: String, _ label: String, _ values: [String]) -> String {
        var html = "<label>\(label) <select data-filter=\"\(key)\"><option value=\"\">all</option>"
        for value in values { html += "<option>\(Self.escape(value))</option>" }
        return html + "</select></label>\n"
    }

    private func figure(_ drawing: Gallery.Drawing, theme: String, scope: String) -> String {
        let name = Gallery.fileName(drawing, theme: theme)
        var html = "<figure id=\"\(Self.escape(name))\" data-screen=\"\(drawing.kind.rawValue)\" data-visit=\"\(Self.escape(drawing.visit))\""
        html += " data-locale=\"\(Self.escape(drawing.locale))\" data-size=\"\(drawing.size)\" data-theme=\"\(Self.escape(theme))\">"
        html += "<figcaption>\(Self.escape(drawing.visit)) · \(Self.escape(drawing.locale)) · \(drawing.size) · \(Self.escape(theme))</figcaption>"
        html += "<div class=\"screen \(scope)\">"
        for row in 0..<drawing.grid.size.rows {
            html += "<div>"
            for run in drawing.grid.runs(row: row) {
                html += "<span class=\"r\(Self.roleIndex[run.role]!)\">"
                for character in run.text {
                    if character.isASCII {
                        html += Self.escape(String(character))
                    } else {
                        // A cell is one Character of the width TextWidth gives (Grid.put makes sure).
                        html += "<span class=\"\(TextWidth.of(character) == 2 ? "w" : "c")\">\(Self.escape(String(character)))</span>"
                    }
                }
                html += "</span>"
            }
            html += "</div>"
        }
        return html + "</div></figure>\n"
    }

    static let roleIndex: [Role: Int] = Dictionary(uniqueKeysWithValues: Role.allCases.enumerated().map { ($0.element, $0.offset) })

    /// Each role's look in a theme as CSS, as a 256-colour terminal shows it.
    static func css(_ theme: Theme, scope: String) -> String {
        let resolved = theme.resolved(for: .full256)
        var css = "\(scope){background:\(hex(terminalBackground.rgb!));color:\(hex(terminalForeground.rgb!))}\n"
        for role in Role.allCases {
            let style = resolved.style(role)
            var foreground = (style.foreground.rgb == nil ? terminalForeground : style.foreground).rgb!
            var background = (style.background.rgb == nil ? terminalBackground : style.background).rgb!
            if style.reverse { swap(&foreground, &background) }
            // Faint text: halfway to the background, as terminals draw it.
            if style.dim { foreground = ((foreground.red + background.red) / 2, (foreground.green + background.green) / 2, (foreground.blue + background.blue) / 2) }
            var rules = ["color:\(hex(foreground))", "background:\(hex(background))"]
            if style.bold { rules.append("font-weight:bold") }
            if style.underline { rules.append("text-decoration:underline") }
            css += "\(scope) .r\(roleIndex[role]!){\(rules.joined(separator: ";"))}\n"
        }
        return css
    }

    static func hex(_ color: (red: Int, green: Int, blue: Int)) -> String {
        "#" + [color.red, color.green, color.blue].map { String(format: "%02x", $0) }.joined()
    }

    /// Text made safe inside HTML elements and attribute values.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default:
                // Controls never reach a grid (Grid.put replaces them); a name from elsewhere is made safe too.
                if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) { result += "\u{FFFD}" } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }
}
