import Foundation
import Testing
import TestSupport

/// Issue 10 from the command line: free reads kept in a `--state` ledger across launches, and
/// `--onboarding` in a script's launch line (scripts otherwise start in the store).
@Suite("Free reads and onboarding on the command line")
struct PaywallCommandLineTests {
    func temporary(_ name: String) throws -> String {
        let folder = ScratchFolder.make("paywall")
        return folder.appendingPathComponent(name).path
    }

    func script(_ text: String) throws -> Storefront.Run {
        let path = try temporary("test.script")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return try Storefront.run(["script", path], timeout: 30)
    }

    @Test("reads survive a relaunch with --state; the next month starts again")
    func readsSurviveRelaunch() throws {
        let state = try temporary("ledger.sqlite")
        let first = try script("launch --now 2026-11-21T09:00:00Z --state \(state)\npress f enter esc down enter esc\nexpect \"1 of 3 free reads left this month\"\n")
        #expect(first.status == 0, "\(first.stderr)")
        let second = try script("launch --state \(state)\npress f\nexpect \"1 of 3 free reads left this month\"\npress enter\nexpect \"Dress in Layers\"\npress esc\nexpect \"1 of 3 free reads left\"\n")
        #expect(second.status == 0, "\(second.stderr)")
        let december = try script("launch --now 2026-12-02 --state \(state)\npress f\nexpect \"3 of 3 free reads left this month\"\n")
        #expect(december.status == 0, "\(december.stderr)")
    }

    @Test("scripts start in the store, even on a new ledger, unless their launch line says --onboarding")
    func scriptsAndOnboarding() throws {
        let state = try temporary("ledger.sqlite")
        let plain = try script("launch --state \(state)\nexpect \"Trailhead · Store\"\nexpect-not \"Maps that work without signal\"\n")
        #expect(plain.status == 0, "\(plain.stderr)")
        let asked = try script("launch --onboarding\nexpect \"Maps that work without signal\"\npress s\nexpect \"Trailhead · Store\"\n")
        #expect(asked.status == 0, "\(asked.stderr)")
    }

    @Test("--help lists --onboarding")
    func helpMentionsOnboarding() throws {
        let help = try Storefront.run(["--help"])
        #expect(help.stdout.contains("--onboarding"))
    }
}
