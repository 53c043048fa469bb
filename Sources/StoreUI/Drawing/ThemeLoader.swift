import CatalogFormats
import Foundation
import StoreModel
import TextSafety

/// Reads Themes/NAME.json: `{"name": "…", "styles": {"role": {"fg": …, "bg": …, "bold": true, …}}}`.
/// Every problem is reported with its JSON path, like a catalog's.
public enum ThemeLoader {
    public static func load(_ data: Data, fallbackName: String) throws(CatalogLoader.Failure) -> Theme {
        let json: JSONValue
        do { json = try JSONValue.parse(data) } catch { throw CatalogLoader.Failure(problems: [error]) }
        var problems: [CatalogProblem] = []
        func problem(_ path: JSONPath, _ reason: String) { problems.append(CatalogProblem(path: path, reason: reason)) }

        guard case .object(let root) = json else {
            throw CatalogLoader.Failure(problems: [CatalogProblem(path: .root, reason: "expected an object, found \(json.kindDescription)")])
        }
        var name = fallbackName
        if let value = root["name"] {
            if case .string(let text) = value {
                // A name can reach the screen and messages: no control character or bidirectional override, as in a catalog.
                if let scalar = UntrustedText.firstForbidden(in: text) {
                    problem(JSONPath.root.appending("name"), "\(UntrustedText.quoted(text)) contains \(UntrustedText.describe(scalar)); "
                            + "control characters and bidirectional overrides are not allowed in a theme")
                } else {
                    name = text
                }
            } else {
                problem(JSONPath.root.appending("name"), "expected a string")
            }
        }
        var styles: [Role: Style] = [:]
        let stylesPath = JSONPath.root.appending("styles")
        guard case .object(let entries)? = root["styles"] else {
            throw CatalogLoader.Failure(problems: problems + [CatalogProblem(path: stylesPath, reason: "missing required object \"styles\"")])
        }
        for key in entries.keys.sorted() {
            let path = stylesPath.appending(key)
            guard let role = Role(rawValue: key) else {
                problem(path, "unknown role \(UntrustedText.quoted(key)); expected one of \(Role.allCases.filter { !$0.isSystem }.map(\.rawValue).joined(separator: ", "))")
                continue
            }
            if role.isSystem {
                problem(path, "themes cannot restyle the system confirmation sheet")
                continue
            }
            guard case .object(let fields) = entries[key]! else { problem(path, "expected an object"); continue }
            var style = Style()
            for field in fields.keys.sorted() {
                let fieldPath = path.appending(field)
                switch (field, fields[field]!) {
                case ("fg", .string(let text)), ("bg", .string(let text)):
                    guard let color = ThemeColor(text) else {
                        problem(fieldPath, "\(UntrustedText.quoted(text)) is not a colour: use default, an ANSI name like brightBlue, 0–255, or #rrggbb")
                        continue
                    }
                    if field == "fg" { style.foreground = color } else { style.background = color }
                case ("fg", .number(let n)), ("bg", .number(let n)):
                    // Checked as a number first: Int(n) traps for a number past Int's range (a fuzz finding).
                    guard n == n.rounded(), (0...255).contains(n), let color = ThemeColor(String(Int(n))) else {
                        problem(fieldPath, "colour index must be 0–255")
                        continue
                    }
                    if field == "fg" { style.foreground = color } else { style.background = color }
                case ("bold", .bool(let on)): style.bold = on
                case ("underline", .bool(let on)): style.underline = on
                case ("reverse", .bool(let on)): style.reverse = on
                case ("dim", .bool(let on)): style.dim = on
                case ("bold", _), ("underline", _), ("reverse", _), ("dim", _):
                    problem(fieldPath, "expected true or false")
                default:
                    problem(fieldPath, "unknown style field \(UntrustedText.quoted(field)); expected fg, bg, bold, underline, reverse, dim")
                }
            }
            styles[role] = style
        }
        if !problems.isEmpty { throw CatalogLoader.Failure(problems: problems) }
        styles.merge(Theme.systemStyles) { _, system in system }
        return Theme(name: name, styles: styles)
    }
}
