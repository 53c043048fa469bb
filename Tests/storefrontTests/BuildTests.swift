import Foundation
import Testing

/// The binary people run is the one tested: `.ci/run` runs these end-to-end tests twice, against the
/// debug build and against README's release build (`STOREFRONT_TEST_BINARY`).
@Suite("the binary under test")
struct BuildTests {
    @Test("the binary under test exists and runs (STOREFRONT_TEST_BINARY, else the debug build)")
    func binaryExists() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Storefront.binary.path), "no executable at \(Storefront.binary.path)")
        let run = try Storefront.run(["--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("storefront"))
    }

    /// The signal handlers and the main loop must share one copy of the terminal state. Release builds
    /// once held two (a `static` inside a `static inline` header function, copied into two modules):
    /// resizes and SIGTERM were recorded where the loop never looked, and a crash restored termios that
    /// were never saved.
    @Test("the terminal's signal state has exactly one copy in the binary (nm)")
    func oneCopyOfSignalState() throws {
        let symbols = try Spawned.run("/usr/bin/nm", [Storefront.binary.path], timeout: 60)
        #expect(symbols.status == 0, "nm failed: \(symbols.output.prefix(500))")
        let names = symbols.output.split(separator: "\n").compactMap { $0.split(separator: " ").last }
        #expect(names.count > 1000, "the binary has a symbol table to check")
        let copies = names.filter { $0.contains("sf_the_process_state") }
        #expect(copies.count == 1, "copies of the state: \(copies)")
        #expect(!names.contains { $0.hasSuffix("sf_the_state") }, "the old header-held state is gone")
    }

    /// A header Swift imports is compiled into every module (and, in debug, every file) that calls it,
    /// so a `static` variable there is silently one variable per copy.
    @Test("no C header Swift imports holds a static variable (state lives in CTerminalState's one .c file)")
    func noStaticStateInHeaders() throws {
        let sources = Storefront.repository.appendingPathComponent("Sources")
        let headers = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "h" }
        #expect(headers.count >= 2)
        for header in headers {
            let text = try String(contentsOf: header, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
                if code.contains(/\bstatic\b/) && !code.contains(/\bstatic\s+inline\b/) {
                    Issue.record("\(header.lastPathComponent):\(number + 1): a static in a header: \(line)")
                }
            }
        }
    }
}
