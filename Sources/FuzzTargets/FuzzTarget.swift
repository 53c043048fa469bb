@_spi(Fuzzing) import CatalogFormats
import Foundation
import JSONReference
import StoreModel
import StoreUI
@_spi(Fuzzing) import Terminal
import TextSafety

/// One parser of untrusted bytes and the promises it keeps for ANY input: not only "no crash", but
/// every refusal says where, nothing it returns carries a control character, and its work stays within
/// a budget proportional to the input. `check` returns what broke, or nil.
///
/// The same checks run three ways: under libFuzzer with AddressSanitizer (`.ci/fuzz`, through the
/// `storefront-fuzz` executable), over the seed corpora and every kept finding in `swift test`
/// (`Tests/FuzzTargetsTests`), and by hand (`swift run storefront-fuzz TARGET FILE…`).
public struct FuzzTarget: Sendable {
    public let name: String
    public let summary: String
    /// Seed inputs: files or folders of the repository (relative paths).
    public let seeds: [String]
    /// A libFuzzer dictionary in `Fuzz/`, if the format has one.
    public let dictionary: String?
    let check: @Sendable (Data) -> String?

    /// What broke for this input, or nil when every promise held.
    public func run(_ input: Data) -> String? { check(input) }

    public static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }

    public static let all: [FuzzTarget] = [
        FuzzTarget(name: "catalog", summary: "a catalog as the app reads it: the tape, which reports its own problems",
                   seeds: ["SampleCatalog.json", "Tests/Fixtures/Fuzz/catalog"], dictionary: "Fuzz/catalog.dict",
                   check: { data in withBytes(data) { checkReading(CatalogReaders.either($0), size: data.count) } }),
        FuzzTarget(name: "catalog-careful", summary: "the reference reading alone (the reference JSONParser first, then the reader)",
                   seeds: ["SampleCatalog.json", "Tests/Fixtures/Fuzz/catalog"], dictionary: "Fuzz/catalog.dict",
                   check: { data in withBytes(data) { checkReading(careful($0), size: data.count) } }),
        FuzzTarget(name: "catalog-differential", summary: "the tape and the reference reading accept the same documents with the same problems",
                   seeds: ["SampleCatalog.json", "Tests/Fixtures/Fuzz/catalog"], dictionary: "Fuzz/catalog.dict",
                   check: { data in withBytes(data, checkDifferential) }),
        FuzzTarget(name: "storekit", summary: "an Xcode .storekit configuration file",
                   seeds: ["Tests/Fixtures/StoreKit", "Tests/Fixtures/Fuzz/storekit"], dictionary: "Fuzz/storekit.dict",
                   check: checkStoreKit),
        FuzzTarget(name: "storekit-roundtrip", summary: "a catalog written by export --storekit reads back as the same configuration",
                   seeds: ["SampleCatalog.json", "Tests/Fixtures/StoreKit", "Tests/Fixtures/Fuzz/storekit-roundtrip"], dictionary: "Fuzz/storekit.dict",
                   check: checkRoundTrip),
        FuzzTarget(name: "script", summary: "a flow script (storefront script)",
                   seeds: ["Tests/Scripts", "Tests/Fixtures/Fuzz/script"], dictionary: "Fuzz/script.dict",
                   check: checkScript),
        FuzzTarget(name: "scenario", summary: "a scenario file (--scenario)",
                   seeds: ["Tests/Fixtures/Fuzz/scenario"], dictionary: "Fuzz/script.dict",
                   check: checkScenario),
        FuzzTarget(name: "theme", summary: "a theme file (--theme)",
                   seeds: ["Themes", "Tests/Fixtures/Fuzz/theme"], dictionary: nil,
                   check: checkTheme),
        FuzzTarget(name: "input", summary: "terminal input: InputDecoder fed the bytes in any split, with timeouts between",
                   seeds: ["Tests/Fixtures/Fuzz/input"], dictionary: "Fuzz/input.dict",
                   check: checkInput),
    ]

    // MARK: Promises shared by the readers

    static func withBytes(_ data: Data, _ body: (UnsafeBufferPointer<UInt8>) -> String?) -> String? {
        data.withUnsafeBytes { raw in body(raw.bindMemory(to: UInt8.self)) }
    }

    /// Text a reader returns or prints never carries a control character (a line feed neither: one
    /// message is one line).
    static func controlIn(_ text: String, _ what: String) -> String? {
        guard let bad = UntrustedText.firstForbidden(in: text) else { return nil }
        return "\(what) carries \(UntrustedText.describe(bad)): \(UntrustedText.quoted(String(text.prefix(200))))"
    }

    /// Every problem says where (a JSON path, `$…`) and why, on one clean line.
    static func checkProblems(_ problems: [CatalogProblem], _ what: String) -> String? {
        for problem in problems {
            let line = problem.description
            guard line.hasPrefix("$") else { return "\(what): a problem without a JSON path: \(UntrustedText.quoted(line))" }
            guard !problem.reason.isEmpty else { return "\(what): a problem without a reason at \(problem.path)" }
            if let bad = controlIn(line, "\(what)'s problem") { return bad }
        }
        return nil
    }

    /// Every string a value holds, however deep (names, ids, descriptions in every language, keys).
    static func strings(in value: Any, into found: inout [String], depth: Int = 0) {
        guard depth < 24 else { return }
        if let text = value as? String { found.append(text); return }
        if let character = value as? Character { found.append(String(character)); return }
        // Translations live packed in a shared chunk of bytes that Mirror cannot see into.
        if let text = value as? LocalizedText {
            for (language, translation) in text.translations { found += [language, translation] }
            return
        }
        for child in Mirror(reflecting: value).children { strings(in: child.value, into: &found, depth: depth + 1) }
    }

    /// A catalog the reader accepted holds no text with a control character anywhere.
    static func checkCatalogText(_ catalog: Catalog, _ what: String) -> String? {
        var found: [String] = []
        strings(in: catalog, into: &found)
        for text in found { if let bad = controlIn(text, "\(what): a catalog string") { return bad } }
        return nil
    }

    /// Work stays linear: nodes made within a fixed multiple of the input's size; JSON paths are built
    /// only for problems.
    static let nodesPerByte = 4
    static let pathsPerProblem = 8

    static func checkReading(_ reading: CatalogReaders.Reading, size: Int, _ what: String = "catalog") -> String? {
        if reading.catalog == nil && reading.problems.isEmpty { return "\(what): refused without a problem" }
        if let bad = checkProblems(reading.problems, what) { return bad }
        if reading.nodes > nodesPerByte * size + 64 {
            return "\(what): \(reading.nodes) nodes for \(size) bytes (budget \(nodesPerByte) a byte)"
        }
        if reading.paths > pathsPerProblem * (reading.problems.count + 1) {
            return "\(what): \(reading.paths) JSON paths built for \(reading.problems.count) problems"
        }
        if let catalog = reading.catalog, reading.problems.isEmpty, let bad = checkCatalogText(catalog, what) { return bad }
        return nil
    }

    // MARK: The targets' own promises

    /// The reference reading: the reference parser (`Tests/JSONReference`) checks the whole document
    /// first and says what is wrong with it; a document it accepts is read for its meaning, with the
    /// forbidden characters of the reference's own tree reported first.
    static func careful(_ bytes: UnsafeBufferPointer<UInt8>) -> CatalogReaders.Reading {
        switch ReferenceJSON.read(bytes) {
        case .failure(let problem):
            return CatalogReaders.Reading(catalog: nil, problems: [problem], nodes: 0, paths: 0)
        case .success(let (value, hasForbiddenText)):
            var reading = CatalogReaders.meaning(bytes)
            if hasForbiddenText { reading.problems = CatalogReaders.textProblems(value) + reading.problems }
            return reading
        }
    }

    static func checkDifferential(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let careful = careful(bytes)
        if let bad = checkReading(careful, size: bytes.count, "reference reading") { return bad }
        let fast = CatalogReaders.either(bytes)
        if let bad = checkReading(fast, size: bytes.count, "tape") { return bad }
        let accepted = (fast: fast.catalog != nil && fast.problems.isEmpty, careful: careful.catalog != nil && careful.problems.isEmpty)
        if accepted.fast != accepted.careful {
            return "the tape \(accepted.fast ? "accepts" : "refuses") what the reference reading \(accepted.careful ? "accepts" : "refuses"): "
                + "\(fast.problems.first?.description ?? "no problem") / \(careful.problems.first?.description ?? "no problem")"
        }
        if fast.problems != careful.problems {
            return "the readers report different problems: \(fast.problems.map(\.description).prefix(3)) / \(careful.problems.map(\.description).prefix(3))"
        }
        if let one = fast.catalog, let other = careful.catalog, fingerprint(one) != fingerprint(other) {
            return "the readers built different catalogs from the same document"
        }
        return nil
    }

    /// A catalog as text that names everything the StoreKit format holds, in every territory.
    static func fingerprint(_ catalog: Catalog) -> String {
        catalog.territories.map { StoreKitExport.export(catalog, territory: $0.code).text }.joined(separator: "\n")
            + "\n\(catalog.products.count) products, \(catalog.subscriptionGroups.count) groups"
    }

    static func checkStoreKit(_ data: Data) -> String? {
        do {
            let loaded = try StoreKitConfiguration.load(data, name: "fuzz.storekit")
            if let bad = checkProblems(loaded.notes, ".storekit notes") { return bad }
            return checkCatalogText(loaded.catalog, ".storekit")
        } catch {
            if error.problems.isEmpty { return ".storekit: refused without a problem" }
            return checkProblems(error.problems, ".storekit")
        }
    }

    /// export --storekit, read back, exported again: the same file (what the format holds survives).
    static func checkRoundTrip(_ data: Data) -> String? {
        let catalog: Catalog
        if let loaded = try? StoreKitConfiguration.load(data, name: "fuzz.storekit") {
            catalog = loaded.catalog
        } else if let read = try? CatalogLoader.load(data) {
            catalog = read
        } else {
            return nil
        }
        for territory in catalog.territories.prefix(2) {
            let written = StoreKitExport.export(catalog, territory: territory.code).text
            let again: StoreKitConfiguration.Loaded
            do {
                again = try StoreKitConfiguration.load(Data(written.utf8), name: "exported.storekit")
            } catch {
                return "export --storekit (\(territory.code)) wrote a file it cannot read back: \(error.problems.first?.description ?? "")"
            }
            let rewritten = StoreKitExport.export(again.catalog, territory: territory.code).text
            if rewritten != written {
                let (one, other) = (written.split(separator: "\n"), rewritten.split(separator: "\n"))
                let line = Array(zip(one, other)).firstIndex { $0.0 != $0.1 } ?? min(one.count, other.count)
                return "export --storekit (\(territory.code)) does not read back the same, from line \(line + 1): "
                    + "\(UntrustedText.quoted(String(one.dropFirst(line).first ?? ""))) / \(UntrustedText.quoted(String(other.dropFirst(line).first ?? "")))"
            }
        }
        return nil
    }

    static func checkScript(_ data: Data) -> String? {
        do {
            _ = try Script.parse(data: data)
            return nil
        } catch {
            let lines = data.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            if let line = error.line, !(1...lines).contains(line) { return "script: line \(line) of \(lines)" }
            return controlIn(error.message, "script error")
        }
    }

    /// The sample catalog, for the scenario target's `family-sharing PRODUCT` checks.
    static let sampleCatalog: Catalog? = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try? CatalogLoader.load(contentsOf: folder.appendingPathComponent("SampleCatalog.json"))
    }()

    static func checkScenario(_ data: Data) -> String? {
        guard let catalog = sampleCatalog else { return "scenario: SampleCatalog.json did not load" }
        let text = String(decoding: data, as: UTF8.self)
        do {
            let settings = try ScenarioFile.parse(text, catalog: catalog)
            for setting in settings { if let bad = controlIn(setting.value, "scenario value") { return bad } }
            return nil
        } catch {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            if !(1...max(1, lines)).contains(error.line) { return "scenario: line \(error.line) of \(lines)" }
            return controlIn(error.message, "scenario error")
        }
    }

    static func checkTheme(_ data: Data) -> String? {
        do {
            let theme = try ThemeLoader.load(data, fallbackName: "fuzz")
            var found: [String] = []
            strings(in: theme, into: &found)
            for text in found { if let bad = controlIn(text, "theme string") { return bad } }
            return nil
        } catch {
            if error.problems.isEmpty { return "theme: refused without a problem" }
            return checkProblems(error.problems, "theme")
        }
    }

    /// The decoder's promises: bytes fed in any split give the same keys as fed at once; with timeouts
    /// between the pieces it still never emits a character that is a control, nor more keys than bytes;
    /// after its waits it is back to waiting for nothing.
    static func checkInput(_ data: Data) -> String? {
        let bytes = [UInt8](data)
        var whole = FuzzedInputDecoder()
        var wholeKeys = whole.feed(bytes[...])
        var split = FuzzedInputDecoder()
        var splitKeys: [Key] = []
        var timed = FuzzedInputDecoder()
        var timedKeys: [Key] = []
        // The split points come from the input itself, so libFuzzer explores them too.
        var generator = SplitPoints(seed: bytes.reduce(UInt64(1469598103934665603)) { ($0 ^ UInt64($1)) &* 1099511628211 })
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + 1 + generator.next(below: 8))
            splitKeys += split.feed(bytes[start..<end])
            timedKeys += timed.feed(bytes[start..<end])
            if generator.next(below: 4) == 0 { timedKeys += timed.timeout() }
            start = end
        }
        if splitKeys != wholeKeys { return "input: the same bytes in pieces gave other keys than at once" }
        for _ in 0..<3 where whole.isWaiting { wholeKeys += whole.timeout() }
        for _ in 0..<3 where timed.isWaiting { timedKeys += timed.timeout() }
        if whole.isWaiting || timed.isWaiting { return "input: still waiting after three timeouts" }
        for keys in [wholeKeys, timedKeys] {
            if keys.count > bytes.count + 1 { return "input: \(keys.count) keys from \(bytes.count) bytes" }
            for key in keys {
                switch key {
                case .character(let character):
                    if let bad = controlIn(String(character), "input: a character key") { return bad }
                case .control(let letter):
                    if !(letter.isASCII && (letter.isLetter || "[\\]^_@ ".contains(letter))) { return "input: Ctrl with \(UntrustedText.quoted(String(letter)))" }
                default:
                    break
                }
            }
        }
        return nil
    }

    /// A small deterministic generator (splitmix64) for the input target's split points.
    struct SplitPoints {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next(below bound: Int) -> Int {
            state &+= 0x9E3779B97F4A7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
            z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }
}
