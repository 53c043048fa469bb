import Foundation
import Testing

/// README's option synopsis (its "Options" section) is checked against what the binary's own `--help`
/// lists, command by command, both ways: an option added to a command and left out of README fails here,
/// and so does one README names that the command no longer takes (issue 52).
@Suite("README's option synopsis")
struct ReadmeSynopsisTests {
    static let readme = (try? String(contentsOf: Storefront.repository.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    /// README's "## Options" section, up to the next section.
    static var optionsSection: Substring {
        guard let start = readme.range(of: "\n## Options\n") else { return "" }
        let rest = readme[start.upperBound...]
        return rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
    }

    /// The first code block of the section: each entry starts with `storefront`, indented lines continue it.
    static var synopsis: [(command: String, text: String)] {
        let section = optionsSection
        guard let open = section.range(of: "```\n"), let close = section[open.upperBound...].range(of: "\n```") else { return [] }
        var entries: [(command: String, text: String)] = []
        for line in section[open.upperBound..<close.lowerBound].split(separator: "\n") {
            if line.hasPrefix("storefront ") {
                let second = line.split(separator: " ").dropFirst().first.map(String.init) ?? ""
                entries.append((second.hasPrefix("-") || second.hasPrefix("[") ? "" : second, String(line)))
            } else if !entries.isEmpty {
                entries[entries.count - 1].text += " " + line.trimmingCharacters(in: .whitespaces)
            }
        }
        return entries
    }

    /// `--name` and `-x` tokens of a text, `<placeholders>` left out.
    static func options(in text: some StringProtocol) -> Set<String> {
        let bare = text.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
        let pattern = try! NSRegularExpression(pattern: "(?<![A-Za-z0-9_-])--?[a-z][a-z0-9-]*")
        let range = NSRange(bare.startIndex..., in: bare)
        return Set(pattern.matches(in: bare, range: range).compactMap { Range($0.range, in: bare).map { String(bare[$0]) } })
    }

    /// The options a command's `--help` lists: the flag part of each line indented by two spaces.
    static func helpOptions(_ command: String) throws -> Set<String> {
        let run = try Storefront.run((command.isEmpty ? [] : [command]) + ["--help"])
        #expect(run.status == 0, "storefront \(command) --help: \(run.stderr)")
        var found = Set<String>()
        for line in run.stdout.split(separator: "\n") where line.hasPrefix("  -") {
            let flags = line.dropFirst(2).components(separatedBy: "  ").first ?? ""
            found.formUnion(options(in: flags))
        }
        return found.subtracting(["-h", "--help"])
    }

    /// The subcommands root `--help` lists.
    static func subcommands() throws -> [String] {
        let help = try Storefront.run(["--help"]).stdout
        guard let start = help.range(of: "SUBCOMMANDS:\n") else { return [] }
        return help[start.upperBound...].split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }.filter { $0 != "See" }
    }

    /// A synopsis entry's options; "launch options" stands for the first entry's, less those named after "but".
    static func synopsisOptions(_ text: String, launch: Set<String>) -> Set<String> {
        guard let mark = text.range(of: "launch options") else { return options(in: text) }
        let inside = text[mark.upperBound...].prefix { $0 != "]" }
        let excluded = inside.contains("but") ? options(in: inside) : []
        return options(in: text[..<mark.lowerBound]).union(options(in: text[mark.upperBound...].drop { $0 != "]" }))
            .union(launch.subtracting(excluded))
    }

    @Test("every command's options in README's synopsis are exactly those its --help lists, so the synopsis cannot drift")
    func synopsisMatchesHelp() throws {
        let entries = Self.synopsis
        let launch = Self.options(in: entries.filter { $0.command.isEmpty && !$0.text.contains("--help") }.map(\.text).joined(separator: " "))
        #expect(launch.contains("--catalog") && launch.contains("--notify-ca"), "README's synopsis has no launch line: \(entries)")
        #expect(try Self.helpOptions("") == launch, "storefront: --help and README differ")
        let subcommands = try Self.subcommands()
        #expect(subcommands.count >= 7 && subcommands.contains("gallery"), "\(subcommands)")
        for command in subcommands {
            let lines = entries.filter { $0.command == command }
            #expect(!lines.isEmpty, "README's synopsis has no line for storefront \(command)")
            let written = lines.reduce(into: Set<String>()) { $0.formUnion(Self.synopsisOptions($1.text, launch: launch)) }
            let help = try Self.helpOptions(command)
            #expect(help == written, """
                storefront \(command): in --help, not in README: \(help.subtracting(written).sorted()); \
                in README, not in --help: \(written.subtracting(help).sorted())
                """)
        }
        #expect(entries.contains { $0.text.contains("-h | --help") }, "README's synopsis says how to ask for help")
    }

    @Test("every launch option has a row in README's table of options")
    func everyLaunchOptionHasARow() throws {
        let rows = Self.optionsSection.split(separator: "\n").filter { $0.hasPrefix("| `") }
        let described = rows.reduce(into: Set<String>()) { found, row in
            found.formUnion(Self.options(in: row.split(separator: "|").first ?? ""))
        }
        let missing = try Self.helpOptions("").subtracting(described)
        #expect(missing.isEmpty, "launch options with no row in README's Options table: \(missing.sorted())")
    }

    @Test("the synopsis reader finds options, placeholders left out, and expands launch options less those after but")
    func readerWorks() {
        #expect(Self.options(in: "  --fail-next-purchase <fail-next-purchase>") == ["--fail-next-purchase"])
        #expect(Self.options(in: "[-x] [--state-dir DIR [--max-ledgers N]] well-known") == ["-x", "--state-dir", "--max-ledgers"])
        #expect(Self.synopsisOptions("storefront serve [--listen A] [launch options but --state and --recording]",
                                     launch: ["--state", "--recording", "--locale"]) == ["--listen", "--locale"])
    }
}
