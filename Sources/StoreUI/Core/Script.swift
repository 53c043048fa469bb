import Foundation
import StoreModel
import TextSafety

/// A headless QA script: plain text, one command per line, run against the app core without a terminal
/// (`storefront script FILE`). The format is documented in README.md ("Headless scripts").
///
///     size 80x24
///     launch --locale en_US --now 2026-11-21T09:00:00Z
///     press b tab enter
///     expect "Purchase complete"
public struct Script: Sendable, Equatable {
    public var steps: [Step]

    public struct Step: Sendable, Equatable {
        /// 1-based line number in the file, for messages.
        public var line: Int
        /// The line as written, for messages.
        public var source: String
        public var command: Command

        /// Whether the step can fail the script: an expectation or a snapshot.
        public var checks: Bool {
            switch command {
            case .expect, .expectNot, .snapshot, .assert: true
            default: false
            }
        }
    }

    public enum Command: Sendable, Equatable {
        case size(Size)
        /// Launch options, as on the command line (`--catalog`, `--locale`, `--state`, …).
        case launch([String])
        case press([Key])
        case type(String)
        /// Text pasted at once, as a terminal's bracketed paste delivers it.
        case paste(String)
        /// An offer code redeemed in the App Store, outside the app: while the app runs it arrives now
        /// (as `Transaction.updates`); after it quit, the `--state` ledger keeps it for the next launch.
        case appStoreRedeem(String)
        case advance(Advance)
        case set(ScenarioSetting)
        case expect(String)
        case expectNot(String)
        /// A check on the screen by pattern or on the model by StoreKit's field names (ScriptAssertions.swift).
        case assert(Assertion)
        case snapshot(String)
        /// Apple's decision on a refund request (QA's): the request for a transaction, or the oldest waiting.
        case refundDecision(approve: Bool, transactionID: UInt64?)
        /// The app did not deliver a purchase (as the inspector's `m`).
        case markUndelivered(UInt64)
        /// The app dies at once, as with kill -9: nothing more is saved; `launch` starts it again.
        case kill
        /// A QA verb, at the model level (ScriptVerbs.swift).
        case verb(Verb)
    }

    public enum Advance: Sendable, Equatable {
        case by(SubscriptionPeriod)
        /// Exact seconds: hours, minutes, seconds (`PT20H`, `90m`).
        case seconds(Double)
        case nextRenewal
        case to(Date)
    }

    /// A step that acts on the account, as the message it sends (`Message.script`): what `update`
    /// does with it is in ScriptVerbs.swift (`AppState.apply`).
    public enum Change: Sendable, Equatable {
        case verb(Verb)
        case advance(Advance)
        case set(ScenarioSetting)
        case refundDecision(approve: Bool, transactionID: UInt64?)
        case markUndelivered(UInt64)
        /// An offer code redeemed in the App Store while the app runs: it arrives now.
        case appStoreRedeem(String)
        /// An offer code redeemed in the App Store after the app quit: kept for the next launch.
        case appStoreRedeemLater(String)
    }

    /// The change a step makes, as a message; nil for a step that makes none (keys, checks, launch).
    public static func change(_ command: Command) -> Change? {
        switch command {
        case .verb(let verb): .verb(verb)
        case .advance(let advance): .advance(advance)
        case .set(let setting): .set(setting)
        case .refundDecision(let approve, let id): .refundDecision(approve: approve, transactionID: id)
        case .markUndelivered(let id): .markUndelivered(id)
        case .appStoreRedeem(let code): .appStoreRedeem(code)
        default: nil
        }
    }

    public struct ParseError: Error, Sendable, Equatable {
        /// The 1-based line, or nil when the problem is the whole script (it checks nothing).
        public var line: Int?
        public var message: String
    }

    public static let commands = ["size", "launch", "press", "type", "paste", "app-store-redeem", "advance", "set", "expect", "expect-not",
                                  "expect-transaction", "expect-renewal", "expect-entitlements", "expect-balance", "expect-notification", "expect-result", "expect-log", "snapshot", "refund", "mark-undelivered", "kill"] + Verb.names

    /// Reads a whole script from its text; the first bad line stops it with its number, before anything runs.
    public static func parse(_ text: String) throws(ParseError) -> Script {
        try parse(data: Data(text.utf8))
    }

    /// Reads a whole script from a file's bytes: UTF-8 without a byte order mark, lines ending in LF
    /// or CRLF, no control characters but tab. Anything else, or a script with no `expect`,
    /// `expect-not` or `snapshot` (which could never fail), stops it before anything runs.
    public static func parse(data: Data) throws(ParseError) -> Script {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw ParseError(line: 1, message: "the file starts with a byte order mark (BOM); save it as UTF-8 without one")
        }
        var steps: [Step] = []
        for (index, raw) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            let source: String
            do {
                source = try decode(raw.last == 0x0D ? raw.dropLast() : raw)
            } catch {
                throw ParseError(line: line, message: error.message)
            }
            let words: [String]
            do {
                if let pattern = try Assertion.pattern(source.trimmingCharacters(in: .whitespaces)) {
                    steps.append(Step(line: line, source: source.trimmingCharacters(in: .whitespaces), command: .assert(pattern)))
                    continue
                }
                words = try tokenize(source.trimmingCharacters(in: .whitespaces))
            } catch {
                throw ParseError(line: line, message: error.message)
            }
            guard let name = words.first else { continue }
            do {
                let command = try command(name, Array(words.dropFirst()))
                steps.append(Step(line: line, source: source.trimmingCharacters(in: .whitespaces), command: command))
            } catch {
                throw ParseError(line: line, message: error.message)
            }
        }
        guard steps.contains(where: \.checks) else {
            throw ParseError(line: nil, message: "the script checks nothing, so it could never fail; add an expect, expect-not, expect-… or snapshot line")
        }
        return Script(steps: steps)
    }

    /// One line's bytes (without its line ending) as text, or what is wrong with them.
    private static func decode(_ bytes: ArraySlice<UInt8>) throws(Problem) -> String {
        var text = String.UnicodeScalarView()
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var column = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\r" {
                    throw Problem(message: "a carriage return (CR) in the middle of the line, at column \(column); save the file with LF or CRLF line endings")
                }
                if UntrustedText.isForbidden(scalar), scalar != "\t" {
                    throw Problem(message: "\(UntrustedText.describe(scalar)) at column \(column) is not allowed in a script")
                }
                text.append(scalar)
                column += 1
            case .emptyInput:
                return String(text)
            case .error:
                throw Problem(message: "the line is not valid UTF-8 (after column \(column - 1)); save the file as UTF-8")
            }
        }
    }

    struct Problem: Error { var message: String }

    private static func command(_ name: String, _ arguments: [String]) throws(Problem) -> Command {
        func one(_ what: String) throws(Problem) -> String {
            guard arguments.count == 1 else { throw Problem(message: "\(name) takes \(what), like \(example(name))") }
            return arguments[0]
        }
        switch name {
        case "size":
            let text = try one("a size")
            let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, (1...1000).contains(parts[0]), (1...1000).contains(parts[1]) else {
                throw Problem(message: "\(UntrustedText.quoted(text)) is not a size; write COLUMNSxROWS, like size 80x24")
            }
            return .size(Size(columns: parts[0], rows: parts[1]))
        case "launch":
            return .launch(arguments)
        case "press":
            guard !arguments.isEmpty else { throw Problem(message: "press takes one or more keys, like \(example(name))") }
            var keys: [Key] = []
            for word in arguments {
                guard let key = Key(name: word) else {
                    throw Problem(message: "unknown key \(UntrustedText.quoted(word)); keys are a single character or one of \(Key.names.joined(separator: ", "))")
                }
                keys.append(key)
            }
            return .press(keys)
        case "type":
            return .type(try one("a quoted text"))
        case "paste":
            return .paste(try one("a quoted text"))
        case "app-store-redeem":
            return .appStoreRedeem(try nonEmpty(one("a code"), name))
        case "advance":
            return .advance(try advance(arguments))
        case "set":
            if arguments.first == "territory" { return .verb(try Verb.parse("territory", Array(arguments.dropFirst()))!) }
            do {
                return .set(try ScenarioSetting(line: arguments.joined(separator: " ")))
            } catch {
                throw Problem(message: error.message)
            }
        case "expect":
            return .expect(try nonEmpty(one("a quoted text"), name))
        case "expect-not":
            return .expectNot(try nonEmpty(one("a quoted text"), name))
        case "refund":
            // `refund ID [reason]`: the App Store refunds (a verb); `refund approve|decline [ID]`: Apple
            // decides a refund the person requested.
            if let first = arguments.first, !["approve", "decline"].contains(first) { return .verb(try Verb.parse(name, arguments)!) }
            let usage = "refund takes approve or decline and, optionally, a transaction id, like refund approve 2"
            guard (1...2).contains(arguments.count), ["approve", "decline"].contains(arguments[0]) else {
                throw Problem(message: usage)
            }
            guard arguments.count == 2 else { return .refundDecision(approve: arguments[0] == "approve", transactionID: nil) }
            guard let id = UInt64(arguments[1]), id > 0 else {
                throw Problem(message: "\(UntrustedText.quoted(arguments[1])) is not a transaction id; \(usage)")
            }
            return .refundDecision(approve: arguments[0] == "approve", transactionID: id)
        case "mark-undelivered":
            let text = try one("a transaction id")
            guard let id = UInt64(text), id > 0 else {
                throw Problem(message: "\(UntrustedText.quoted(text)) is not a transaction id; write it like mark-undelivered 1")
            }
            return .markUndelivered(id)
        case "kill":
            guard arguments.isEmpty else { throw Problem(message: "kill takes nothing: the app dies at once, as with kill -9") }
            return .kill
        case "snapshot":
            let snapshot = try one("a name")
            guard snapshot.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }),
                  !snapshot.hasPrefix(".") else {
                throw Problem(message: "\(UntrustedText.quoted(snapshot)) is not a snapshot name; use letters, digits, - _ and .")
            }
            return .snapshot(snapshot)
        default:
            if let assertion = try Assertion(name, arguments) { return .assert(assertion) }
            if let verb = try Verb.parse(name, arguments) { return .verb(verb) }
            throw Problem(message: "unknown command \(UntrustedText.quoted(name)); commands are \(commands.joined(separator: ", ")) (# starts a comment)")
        }
    }

    private static func nonEmpty(_ text: String, _ name: String) throws(Problem) -> String {
        guard !text.isEmpty else { throw Problem(message: "\(name) needs some text to look for") }
        return text
    }

    private static func advance(_ arguments: [String]) throws(Problem) -> Advance {
        let usage = "advance takes a duration (\(DurationText.examples); m is minutes, mo months), next-renewal, or to DATE"
        switch arguments.count {
        case 1 where arguments[0] == "next-renewal":
            return .nextRenewal
        case 1:
            let text = arguments[0]
            switch DurationText.parse(text) {
            case .calendar(let period)?: return .by(period)
            case .seconds(let seconds)?: return .seconds(seconds)
            case nil: throw Problem(message: "\(UntrustedText.quoted(text)) is not a duration; \(usage)")
            }
        case 2 where arguments[0] == "to":
            if let date = try? Date(arguments[1], strategy: .iso8601) { return .to(date) }
            if let day = try? Date(arguments[1], strategy: Date.ISO8601FormatStyle().year().month().day()) { return .to(day) }
            throw Problem(message: "\(UntrustedText.quoted(arguments[1])) is not an ISO 8601 date; write it like 2026-12-21 or 2026-12-21T09:00:00Z")
        default:
            throw Problem(message: usage)
        }
    }

    private static func example(_ name: String) -> String {
        switch name {
        case "size": "size 80x24"
        case "press": "press down b tab enter"
        case "type": "type \"SPRINGTRAIL\""
        case "mark-undelivered": "mark-undelivered 1"
        case "paste": "paste \"SPRINGTRAIL\""
        case "app-store-redeem": "app-store-redeem SPRINGTRAIL"
        case "snapshot": "snapshot store-after-purchase"
        default: "\(name) \"Purchase complete\""
        }
    }

    /// Splits a line into words; "double quotes" keep spaces, \" and \\ escape inside them; # outside
    /// quotes starts a comment.
    static func tokenize(_ line: String) throws(Problem) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false, quoted = false, escaped = false
        for character in line {
            if quoted {
                if escaped {
                    current.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    quoted = false
                } else {
                    current.append(character)
                }
                continue
            }
            if character == "#" { break }
            if character.isWhitespace {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else if character == "\"" {
                quoted = true
                inWord = true
            } else {
                current.append(character)
                inWord = true
            }
        }
        guard !quoted else { throw Problem(message: "a quoted text is not closed; end it with \"") }
        if inWord { words.append(current) }
        return words
    }
}

extension Key {
    /// Key names in scripts, besides single characters.
    public static let names = ["enter", "esc", "tab", "shift-tab", "up", "down", "left", "right", "home", "end",
                               "pgup", "pgdn", "backspace", "delete", "space", "ctrl-A … ctrl-Z", "f1 … f12"]

    /// A key by its script name (`enter`, `shift-tab`, `ctrl-c`, `f5`) or a single character (`b`, `?`).
    public init?(name: String) {
        let named: [String: Key] = [
            "enter": .enter, "return": .enter, "esc": .escape, "escape": .escape, "tab": .tab, "shift-tab": .backTab,
            "up": .up, "down": .down, "left": .left, "right": .right, "home": .home, "end": .end,
            "pgup": .pageUp, "pgdn": .pageDown, "backspace": .backspace, "delete": .delete, "space": .character(" "),
        ]
        if name.count == 1 {
            self = .character(name.first!)
        } else if let key = named[name.lowercased()] {
            self = key
        } else if name.lowercased().hasPrefix("ctrl-"), name.count == 6, let letter = name.last, letter.isLetter, letter.isASCII {
            self = .control(Character(letter.lowercased()))
        } else if name.lowercased().hasPrefix("f"), let number = Int(name.dropFirst()), (1...12).contains(number) {
            self = .function(number)
        } else {
            return nil
        }
    }
}
