import Foundation
import StoreModel
import TestSupport
import Testing
import TextSafety

/// Seeded, bounded fuzzing of the two kinds of file people hand to storefront: catalogs (through
/// `storefront lint`) and scripts (through `storefront script`). Whatever the input, the program
/// answers with a status it documents and a message that says where — never a signal, never a hang,
/// never a control character on the terminal.
///
/// The seed is fixed so a failure reproduces; `STOREFRONT_FUZZ_SEED=N swift test --filter Fuzz` tries
/// another. Each run is a fixed number of cases (the same cases on a fast or a loaded machine), each
/// bounded by a timeout, so the whole takes a few seconds.
@Suite("Fuzz", .serialized)
struct FuzzTests {
    static let seed: UInt64 = ProcessInfo.processInfo.environment["STOREFRONT_FUZZ_SEED"].flatMap(UInt64.init) ?? 20261122
    static let catalogCases = 60
    static let scriptCases = 30

    @Test("a mutated catalog makes lint exit 0 or 2 with a path or a line for every problem, never a signal")
    func catalogs() throws {
        try Self.lintMutants(of: Data(contentsOf: Storefront.sampleCatalog), cases: Self.catalogCases, folder: "fuzz-catalog", extension: "json")
    }

    /// Lints `cases` mutants of a file, each in `folder`: exit 0 or 2, a path or a line for every problem
    /// printed, no control characters, never a signal. A failing case's file is kept.
    static func lintMutants(of original: Data, cases: Int, folder name: String, extension fileExtension: String) throws {
        var random = SeededGenerator(seed: Self.seed)
        let folder = try Self.folder(name)
        for index in 0..<cases {
            let mutant = CatalogMutator.mutate(original, &random)
            let file = folder.appendingPathComponent("case-\(index).\(fileExtension)")
            try mutant.data.write(to: file)
            let run = try Storefront.run(["lint", file.path], timeout: 20)
            let what = "seed \(Self.seed), case \(index) (\(mutant.how)), kept in \(file.path)"
            #expect(run.signal == nil, "lint died of signal \(run.signal ?? 0): \(what)")
            #expect(run.status == 0 || run.status == 2, "lint exited \(run.status): \(what)\n\(run.stderr)")
            if run.status == 2 {
                let problems = run.stdout.split(separator: "\n").filter { $0.hasPrefix(file.path + ":") }
                #expect(!problems.isEmpty, "exit 2 printed no problem: \(what)\n\(run.stdout)\(run.stderr)")
                for line in problems {
                    let rest = line.dropFirst(file.path.count + 1)
                    #expect(rest.contains("$") || rest.contains("line "), "no path or line in \(line): \(what)")
                }
            }
            Self.expectNoControls(run.stdout + run.stderr, what)
            if run.signal == nil && (run.status == 0 || run.status == 2) { try? FileManager.default.removeItem(at: file) }
        }
    }

    @Test("a mutated flow script exits 0, 1, 2 or 3, says file:line for every 2 and 3, and never dies of a signal")
    func scripts() throws {
        var random = SeededGenerator(seed: Self.seed &+ 1)
        let folder = try Self.folder("fuzz-script")
        let sources = try ScriptTests.scriptNames.map {
            try String(contentsOf: ScriptTests.scripts.appendingPathComponent($0), encoding: .utf8)
        }
        try #require(!sources.isEmpty)
        for cases in 0..<Self.scriptCases {
            let source = sources[Int(random.next() % UInt64(sources.count))]
            let mutant = ScriptMutator.mutate(source, &random)
            let file = folder.appendingPathComponent("case-\(cases).script")
            try mutant.data.write(to: file)
            // In the fuzz folder, so a mutant's relative --state ledger never lands in the repository.
            let run = try Storefront.run(["script", file.path], timeout: 20, directory: folder)
            let what = "seed \(Self.seed), case \(cases) (\(mutant.how)), kept in \(file.path)"
            #expect(run.signal == nil, "script died of signal \(run.signal ?? 0): \(what)")
            // 3: a line refused at run time (a verb with nothing to act on, a second launch), as documented.
            #expect([0, 1, 2, 3].contains(run.status), "script exited \(run.status): \(what)\n\(run.stderr)")
            if run.status == 2 || run.status == 3 {
                #expect(run.stderr.contains(file.lastPathComponent + ":"), "exit \(run.status) without file:line: \(what)\n\(run.stderr)")
            }
            Self.expectNoControls(run.stdout + run.stderr, what)
            if run.signal == nil && [0, 1, 2, 3].contains(run.status) { try? FileManager.default.removeItem(at: file) }
        }
    }

    /// Output to a terminal carries no control character but line feeds.
    static func expectNoControls(_ output: String, _ what: String) {
        let bad = output.unicodeScalars.first { $0 != "\n" && UntrustedText.isForbidden($0) }
        #expect(bad == nil, "output carries \(bad.map(UntrustedText.describe) ?? ""): \(what)")
    }

    static func folder(_ name: String) throws -> URL {
        ScratchFolder.make(name)
    }
}


/// Hostile fragments a person, a bad editor or an attacker might put into a file.
enum Hostile {
    static let texts = [
        "\u{1B}]0;pwned\u{07}", "\u{1B}[2J\u{1B}[H", "\u{9B}31m", "\u{202E}evil", "\u{2066}x\u{2069}",
        "line\nbreak", "\u{0}", "\u{7F}", "👨‍👩‍👧", "e\u{301}", "アルプス地図パック", String(repeating: "W", count: 300),
        "", "   ", "\\", "\"", "\u{FEFF}", "\u{D7FF}",
    ]
}

enum CatalogMutator {
    struct Mutant { var data: Data; var how: String }

    static func mutate(_ data: Data, _ random: inout SeededGenerator) -> Mutant {
        switch random.next() % 8 {
        case 0, 1, 2:
            return structural(data, &random)
        case 3:
            // Flip a few bytes anywhere.
            var bytes = [UInt8](data)
            let flips = 1 + Int(random.next() % 4)
            for _ in 0..<flips { bytes[Int(random.next() % UInt64(bytes.count))] ^= UInt8(truncatingIfNeeded: random.next() | 1) }
            return Mutant(data: Data(bytes), how: "\(flips) byte flips")
        case 4:
            let cut = Int(random.next() % UInt64(data.count))
            return Mutant(data: data.prefix(cut), how: "truncated at \(cut)")
        case 5:
            // Insert a JSON-ish or hostile fragment at a random place.
            let fragments = ["{", "}", "[", "]", ",", ":", "\"", "\\u", "\\uD800", "1e999", "-", "null", "\u{0}", "\u{FF}\u{FE}"]
                + Hostile.texts
            let fragment = fragments[Int(random.next() % UInt64(fragments.count))]
            var bytes = [UInt8](data)
            let at = Int(random.next() % UInt64(bytes.count))
            bytes.insert(contentsOf: Array(fragment.utf8), at: at)
            return Mutant(data: Data(bytes), how: "inserted \(UntrustedText.quoted(fragment, limit: 12)) at \(at)")
        case 6:
            let depth = 2_000 + Int(random.next() % 100_000)
            let open = random.next() % 2 == 0 ? "[" : "{\"a\":"
            return Mutant(data: Data(String(repeating: open, count: depth).utf8), how: "\(depth)-deep nesting")
        default:
            // Remove a random range.
            var bytes = [UInt8](data)
            let start = Int(random.next() % UInt64(bytes.count))
            let length = min(bytes.count - start, 1 + Int(random.next() % 400))
            bytes.removeSubrange(start..<(start + length))
            return Mutant(data: Data(bytes), how: "removed \(length) bytes at \(start)")
        }
    }

    /// Changes one value of the parsed catalog: another type, a hostile string, a missing or unknown
    /// key, a duplicated array element.
    static func structural(_ data: Data, _ random: inout SeededGenerator) -> Mutant {
        guard var root = try? JSONSerialization.jsonObject(with: data) else { return Mutant(data: data, how: "unchanged") }
        var how = ""
        root = mutateNode(root, depth: 0, &random, &how)
        let out = (try? JSONSerialization.data(withJSONObject: root)) ?? data
        return Mutant(data: out, how: how)
    }

    static func mutateNode(_ node: Any, depth: Int, _ random: inout SeededGenerator, _ how: inout String) -> Any {
        let descend = random.next() % 5 != 0 || depth == 0
        if var object = node as? [String: Any], !object.isEmpty, descend {
            let keys = object.keys.sorted()
            let key = keys[Int(random.next() % UInt64(keys.count))]
            switch random.next() % 6 {
            case 0:
                object[key] = nil
                how = "removed key \(key)"
            case 1:
                object[key + "e"] = object[key]
                how = "unknown key \(key)e"
            default:
                object[key] = mutateNode(object[key]!, depth: depth + 1, &random, &how)
            }
            return object
        }
        if var array = node as? [Any], !array.isEmpty, descend {
            let index = Int(random.next() % UInt64(array.count))
            if random.next() % 6 == 0 {
                array.append(array[index])
                how = "duplicated element \(index)"
            } else {
                array[index] = mutateNode(array[index], depth: depth + 1, &random, &how)
            }
            return array
        }
        let replacements: [Any] = [NSNull(), true, 0, -1, 1e300, 4.99, "", [Any](), [String: Any](), "P0D", "P99Y", "USA",
                                   "not-a-url", "9999999999.99999"] + Hostile.texts
        let replacement = replacements[Int(random.next() % UInt64(replacements.count))]
        how = "replaced a value with \(UntrustedText.quoted(String(describing: replacement), limit: 12))"
        return replacement
    }
}

enum ScriptMutator {
    struct Mutant { var data: Data; var how: String }

    static let words = ["press", "type", "expect", "expect-not", "advance", "set", "size", "snapshot", "launch",
                        "enter", "esc", "tab", "b", "q", "j", "k", "s", "t", "1", "7", "n", "?", "up", "down",
                        "1d", "2w", "1m", "P1M", "next-renewal", "to", "2027-01-01", "ask-to-buy", "on", "off",
                        "40x12", "80x24", "200x60", "1x1", "0x0", "\"unclosed", "\"\"", "--now", "--payments",
                        "screen-time", "--locale", "ja_JP", "--territory", "JPN"] + Hostile.texts

    static func mutate(_ source: String, _ random: inout SeededGenerator) -> Mutant {
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var how: [String] = []
        for _ in 0..<(1 + Int(random.next() % 3)) {
            guard !lines.isEmpty else { break }
            let index = Int(random.next() % UInt64(lines.count))
            switch random.next() % 6 {
            case 0:
                lines.remove(at: index)
                how.append("dropped line \(index + 1)")
            case 1:
                lines.insert(lines[index], at: index)
                how.append("repeated line \(index + 1)")
            case 2:
                let other = Int(random.next() % UInt64(lines.count))
                lines.swapAt(index, other)
                how.append("swapped lines \(index + 1) and \(other + 1)")
            case 3:
                var words = lines[index].split(separator: " ").map(String.init)
                let word = Self.words[Int(random.next() % UInt64(Self.words.count))]
                if words.isEmpty { words = [word] } else { words[Int(random.next() % UInt64(words.count))] = word }
                lines[index] = words.joined(separator: " ")
                how.append("changed a word on line \(index + 1)")
            case 4:
                let count = 1 + Int(random.next() % 4)
                let text = (0..<count).map { _ in Self.words[Int(random.next() % UInt64(Self.words.count))] }
                lines.insert(text.joined(separator: " "), at: index)
                how.append("inserted a line at \(index + 1)")
            default:
                lines[index] = String(lines[index].prefix(Int(random.next() % UInt64(lines[index].count + 1))))
                how.append("cut line \(index + 1)")
            }
        }
        // Editors and transfers change line endings: CRLF and lone CR must be read as line breaks.
        var text = lines.joined(separator: "\n")
        switch random.next() % 8 {
        case 0: text = text.replacingOccurrences(of: "\n", with: "\r\n"); how.append("CRLF")
        case 1: text = text.replacingOccurrences(of: "\n", with: "\r"); how.append("CR")
        default: break
        }
        return Mutant(data: Data(text.utf8), how: how.joined(separator: ", "))
    }
}
