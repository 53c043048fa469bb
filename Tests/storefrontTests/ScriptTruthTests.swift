import Foundation
import Testing
import TestSupport

/// Scripts that never lie (issue 54): what a script asserts, traces and writes says what happened,
/// in StoreKit's terms, the same way every time.
@Suite("Scripts that never lie")
struct ScriptTruthTests {
    /// Runs a script written to a scratch folder; the run and the folder.
    func run(_ text: String, arguments: [String] = [], environment: [String: String] = [:]) throws -> (Storefront.Run, URL) {
        let folder = ScratchFolder.make("truth")
        let script = folder.appendingPathComponent("scenario.script")
        try text.write(to: script, atomically: true, encoding: .utf8)
        let run = try Storefront.run(["script"] + arguments + [script.path],
                                     environment: ["LANG": "en_US.UTF-8", "XDG_STATE_HOME": folder.appendingPathComponent("state").path]
                                        .merging(environment) { $1 })
        return (run, folder)
    }

    @Test("a consumable's balance is bought less used: Account's \"2 left\", the detail's \"You have 2.\" and expect-balance read one function")
    func balanceCountsUsedUnits() throws {
        let (run, _) = try run("""
            launch
            buy com.trailhead.boost.small 7
            press a down enter enter enter enter enter
            expect "Trail Boost"
            expect "2 left"
            expect-balance com.trailhead.boost.small 2
            press escape enter
            expect "You have 2."
            """)
        #expect(run.status == 0, "\(run.stderr)")
    }
}
