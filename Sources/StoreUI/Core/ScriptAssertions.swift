import Foundation
import StoreModel
import TextSafety

/// A script's checks beyond quoted text: the screen by pattern, and the model by StoreKit's field names
/// (`StoreKitFields`, the table the inspector and `storefront ledger` print). Names, patterns and
/// dates are checked when the script is read, so a typo is a malformed script (exit 2), never a failure.
///
///     expect /You bought .* Pack/             # the screen, lines joined, runs of spaces as one
///     expect-not /renews into/
///     expect-transaction 2 expirationDate 2026-02-01T09:00:00Z
///     expect-renewal trailhead.plus willAutoRenew false
///     expect-entitlements com.trailhead.plus.pro.monthly    # exactly these, in any order; none without ids
///     expect-balance com.trailhead.boost.small 3
///     expect-notification DID_RENEW BILLING_RECOVERY   # the outbox holds one (subtype none: it has none)
///     expect-result failed(alreadyOwned)      # the last purchase call's outcome, in StoreKit's terms
///     expect-log "failure alreadyOwned"       # a Log event's fields, "name value, …" (or /REGEX/)
public enum Assertion: Sendable, Equatable {
    /// The screen matches (or, `present` false, does not match) a regular expression.
    case screen(pattern: String, present: Bool)
    case transaction(id: UInt64, field: String, value: String)
    case renewal(group: String, field: String, value: String)
    case entitlements([String])
    case balance(product: String, count: Int)
    /// The Server Notifications outbox holds one of this type (and subtype; `none` for none, left out for any).
    /// A notification of this type (and subtype, and these field values: `status 5`) is in the outbox.
    case notification(kind: ServerNotification.Kind, subtype: String?, fields: [Expected] = [])

    /// A field's expected value, as a script wrote it.
    public struct Expected: Sendable, Equatable {
        public var name: String
        public var value: String
    }
    /// The last purchase call's outcome (`Script.Outcome`).
    case result(String)
    /// A Log event reads this text (or, `regex`, matches this pattern), as `Assertion.logLine` writes it.
    case log(text: String, regex: Bool)

    /// `expect /regex/` or `expect-not /regex/`, read whole (a pattern may hold spaces, quotes and #);
    /// nil for any other line.
    static func pattern(_ line: String) throws(Script.Problem) -> Assertion? {
        if line.hasPrefix("expect-log /") {
            let rest = line.dropFirst("expect-log /".count)
            guard rest.hasSuffix("/"), rest.count > 1 else {
                throw Script.Problem(message: "expect-log /PATTERN/ needs a pattern ending in /, like expect-log /failure (alreadyOwned|invalidQuantity)/")
            }
            let pattern = String(rest.dropLast())
            do { _ = try Regex(pattern) } catch { throw Script.Problem(message: "\(UntrustedText.quoted(pattern)) is not a regular expression: \(error)") }
            return .log(text: pattern, regex: true)
        }
        for (name, present) in [("expect", true), ("expect-not", false)] {
            let prefix = name + " /"
            guard line.hasPrefix(prefix) else { continue }
            let rest = line.dropFirst(prefix.count)
            guard rest.hasSuffix("/"), rest.count > 1 else {
                throw Script.Problem(message: "\(name) /PATTERN/ needs a pattern ending in /, like \(name) /You bought .* Pack/")
            }
            let pattern = String(rest.dropLast())
            do {
                _ = try Regex(pattern)
            } catch {
                throw Script.Problem(message: "\(UntrustedText.quoted(pattern)) is not a regular expression: \(error)")
            }
            return .screen(pattern: pattern, present: present)
        }
        return nil
    }

    /// The `expect-…` commands on the model; nil for a name that is none of them.
    init?(_ name: String, _ arguments: [String]) throws(Script.Problem) {
        switch name {
        case "expect-transaction":
            guard arguments.count == 3 else { throw Script.Problem(message: "expect-transaction takes an id, a field and a value, like expect-transaction 1 productID com.trailhead.alps") }
            guard let id = UInt64(arguments[0]), id > 0 else {
                throw Script.Problem(message: "\(UntrustedText.quoted(arguments[0])) is not a transaction id; write it like expect-transaction 1 productID com.trailhead.alps")
            }
            self = .transaction(id: id, field: try Self.field(arguments[1], arguments[2], in: .transaction, of: "Transaction"),
                                value: arguments[2])
        case "expect-renewal":
            guard arguments.count == 3 else { throw Script.Problem(message: "expect-renewal takes a subscription group, a field and a value, like expect-renewal trailhead.plus willAutoRenew true") }
            self = .renewal(group: arguments[0], field: try Self.field(arguments[1], arguments[2], in: .renewalInfo, of: "RenewalInfo"),
                            value: arguments[2])
        case "expect-entitlements":
            self = .entitlements(arguments)
        case "expect-balance":
            guard arguments.count == 2, let count = Int(arguments[1]), count >= 0 else {
                throw Script.Problem(message: "expect-balance takes a consumable and a whole number, like expect-balance com.trailhead.boost.small 3")
            }
            self = .balance(product: arguments[0], count: count)
        case "expect-notification":
            // TYPE, then a SUBTYPE (an even count) or not (an odd one), then FIELD VALUE pairs.
            guard !arguments.isEmpty else {
                throw Script.Problem(message: "expect-notification takes a notificationType, an optional subtype and FIELD VALUE pairs, like expect-notification DID_RENEW BILLING_RECOVERY or expect-notification REVOKE none status 5")
            }
            guard let kind = ServerNotification.Kind(rawValue: arguments[0]) else {
                throw Script.Problem(message: "\(UntrustedText.quoted(arguments[0])) is not a notificationType; types are \(ServerNotification.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let subtype = arguments.count % 2 == 0 ? arguments[1] : nil
            let rest = Array(arguments.dropFirst(subtype == nil ? 1 : 2))
            var fields: [Expected] = []
            for pair in stride(from: 0, to: rest.count, by: 2) {
                fields.append(Expected(name: try Self.field(rest[pair], rest[pair + 1], in: .notification, of: "notifications"), value: rest[pair + 1]))
            }
            self = .notification(kind: kind, subtype: subtype, fields: fields)
        case "expect-result":
            guard arguments.count == 1, Script.Outcome.all.contains(arguments[0]) else {
                throw Script.Problem(message: "expect-result takes the last purchase call's outcome: "
                    + (arguments.first.map { "\(UntrustedText.quoted($0)) is none; " } ?? "") + "outcomes are " + Script.Outcome.all.joined(separator: ", "))
            }
            self = .result(arguments[0])
        case "expect-log":
            guard arguments.count == 1, !arguments[0].isEmpty else {
                throw Script.Problem(message: "expect-log takes a text in quotes or a /PATTERN/ a Log event reads, like expect-log \"failure alreadyOwned\"")
            }
            self = .log(text: arguments[0], regex: false)
        default:
            return nil
        }
    }

    /// A field name of the table, and a value that can be one of its values (`StoreKitFields.kind`: a
    /// date where a date is, one of an enumeration's names, a number, true or false), or `none`.
    private static func field(_ name: String, _ value: String, in table: StoreKitFields.Table, of kind: String) throws(Script.Problem) -> String {
        guard table.names.contains(name) else {
            throw Script.Problem(message: "\(UntrustedText.quoted(name)) is not a field of StoreKit's \(kind); fields are \(table.names.joined(separator: ", "))")
        }
        if let wanted = StoreKitFields.kind(of: name, in: table).problem(with: value) {
            throw Script.Problem(message: "\(UntrustedText.quoted(value)) cannot be \(name): it is \(wanted), or \(StoreKitFields.absent)")
        }
        return name
    }

    /// The screen as a pattern sees it: lines joined by a space, runs of white space as one, so a
    /// sentence wrapped over two lines, or padded into columns, reads as it was written.
    public static func flattened(_ screen: String) -> String {
        screen.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Checks the assertion against the app: nil when it holds, else what is there instead. Throws
    /// `Unusable` when the line names something the catalog does not have (a refused line).
    public func failure(in app: AppState, lastOutcome: String? = nil) throws(Unusable) -> String? {
        let store = app.store
        switch self {
        case .result(let wanted):
            guard let lastOutcome else { return "no purchase call was made yet (expected \(wanted))" }
            return lastOutcome == wanted ? nil : "the last purchase call's outcome is \(lastOutcome), expected \(wanted)"
        case .log(let text, let regex):
            let lines = store.events.map(Self.logLine)
            let found: Bool
            if regex {
                let pattern = try! Regex(text)
                found = lines.contains { (try? pattern.firstMatch(in: $0)) != nil }
            } else {
                found = lines.contains { $0.contains(text) }
            }
            if found { return nil }
            return "no Log event reads \(regex ? "/\(text)/" : UntrustedText.quoted(text, limit: 200)); the last ones are "
                + (lines.isEmpty ? StoreKitFields.absent : lines.suffix(4).map { UntrustedText.quoted($0, limit: 200) }.joined(separator: "; "))
        case .screen(let pattern, let present):
            // Checked when the script was read.
            let regex = try! Regex(pattern)
            let found = (try? regex.firstMatch(in: Self.flattened(app.view().text))) != nil
            guard found != present else { return nil }
            return present ? "the screen does not match /\(pattern)/" : "the screen matches /\(pattern)/"
        case .transaction(let id, let field, let value):
            guard let transaction = store.transaction(id) else {
                throw Unusable(message: "there is no transaction \(id)" + (store.transactions.last.map { "; the last is \($0.id)" } ?? "; there are none"))
            }
            return Self.compare(StoreKitFields.transaction(transaction, in: store), field, value, what: "transaction \(id)'s")
        case .renewal(let group, let field, let value):
            guard store.catalog.group(group) != nil else {
                throw Unusable(message: "the catalog has no subscription group \(UntrustedText.quoted(group))")
            }
            guard let status = store.status(ofGroup: group) else {
                return "group \(UntrustedText.quoted(group)) has no subscription, so no renewal info (expected \(field) \(UntrustedText.quoted(value)))"
            }
            return Self.compare(StoreKitFields.renewal(status, group: group, in: store), field, value, what: "group \(group)'s")
        case .entitlements(let expected):
            for id in expected where store.catalog.product(id) == nil {
                throw Unusable(message: "the catalog has no product \(UntrustedText.quoted(id))")
            }
            let actual = store.entitlements().map(\.productID)
            guard Set(actual) != Set(expected) else { return nil }
            func list(_ ids: [String]) -> String { ids.isEmpty ? StoreKitFields.absent : ids.sorted().joined(separator: " ") }
            return "currentEntitlements are \(list(actual)), expected \(list(expected))"
        case .balance(let product, let count):
            guard store.catalog.product(product)?.type == .consumable else {
                throw Unusable(message: "\(UntrustedText.quoted(product)) is not a consumable in the catalog; expect-balance counts a consumable's units")
            }
            let balance = store.consumableBalance(product)
            return balance == count ? nil : "the balance of \(product) is \(balance), expected \(count)"
        case .notification(let kind, let subtype, let fields):
            let wanted = subtype == StoreKitFields.absent ? nil : subtype
            let matching = store.notifications(kind).filter { subtype == nil || $0.subtype == wanted }
            func holds(_ n: ServerNotification) -> Bool {
                let all = StoreKitFields.notification(n)
                return fields.allSatisfy { Self.compare(all, $0.name, $0.value, what: "") == nil }
            }
            if matching.contains(where: holds) { return nil }
            let described = kind.rawValue + (subtype.map { " " + $0 } ?? "") + fields.map { " \($0.name) \($0.value)" }.joined()
            if let last = matching.last, !fields.isEmpty {
                let all = StoreKitFields.notification(last)
                let shown = fields.map { field in "\(field.name) \(all.first { $0.name == field.name }!.value.text)" }.joined(separator: ", ")
                return "no \(described) notification was made; the last \(kind.rawValue) has \(shown)"
            }
            let made = store.notifications.suffix(8).map { $0.kind.rawValue + ($0.subtype.map { " " + $0 } ?? "") }
            return "no \(described) notification was made; the last ones are "
                + (made.isEmpty ? StoreKitFields.absent : made.joined(separator: ", "))
        }
    }

    /// A Log event as `expect-log` reads it: every field that holds something, in StoreKitFields.event order,
    /// "name value", joined by commas ("kind failed, productID com.trailhead.maps.alps, failure alreadyOwned").
    public static func logLine(_ event: StoreEvent) -> String {
        StoreKitFields.event(event).filter { $0.value != .none }.map { "\($0.name) \($0.value.text)" }.joined(separator: ", ")
    }

    /// A line that names what the catalog or the ledger lacks: the script is refused there (exit 3).
    public struct Unusable: Error { public var message: String }

    private static func compare(_ fields: [StoreKitFields.Field], _ name: String, _ expected: String, what: String) -> String? {
        let actual = fields.first { $0.name == name }!.value
        let holds: Bool
        switch actual {
        case .date(let date) where StoreKitFields.date(expected) != nil:
            holds = StoreKitFields.matches(date, expected: expected)
        case .amount(let amount, _), .number(let amount):
            // Amounts compare as amounts: 19.8 is 19.80, 0 is 0.00.
            holds = Decimal(string: expected, locale: Locale(identifier: "en_US_POSIX")) == amount
        default:
            holds = actual.text == expected
        }
        return holds ? nil : "\(what) \(name) is \(UntrustedText.quoted(actual.text)), expected \(UntrustedText.quoted(expected, limit: 200))"
    }
}
