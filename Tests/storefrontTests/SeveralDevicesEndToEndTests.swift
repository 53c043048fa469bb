import Foundation
import Testing
import TestSupport

/// Two storefronts, two devices of one account, on one `--state` ledger, each in its own terminal
/// (issue 29): what one buys the other shows within a second, and the clock is the account's.
@Suite("Several devices end to end in tmux", .serialized)
struct SeveralDevicesEndToEndTests {
    func launch(_ ledger: String, device: String? = nil) throws -> TmuxSession {
        try TmuxSession(arguments: ["--now", "2026-11-21T09:00:00Z", "--locale", "en_US", "--territory", "USA", "--state", ledger]
                        + (device.map { ["--device", $0] } ?? []))
    }

    @Test("a purchase on the iPad shows in the iPhone's running app within a second; advancing the clock on one is seen by the other; the same device twice is refused")
    func purchaseArrivesAndClockIsShared() throws {
        let ledger = ScratchFolder.make("devices-e2e").appendingPathComponent("family.sqlite").path
        let phone = try launch(ledger)
        defer { phone.close() }
        // The ledger's first launch opens onboarding; s skips to the store.
        try phone.waitFor("Maps that work without signal")
        phone.send("s")
        try phone.waitFor("Trail Boost")

        let pad = try launch(ledger, device: "iPad")
        defer { pad.close() }
        try pad.waitFor("Trail Boost")
        pad.send("Tab", "b")
        try pad.waitFor("[ Confirm ]")
        pad.send("Tab", "Enter")
        try pad.waitFor("You bought Alps Map Pack.")
        let bought = Date()
        try phone.waitFor("Purchased on another device: Alps Map Pack.", timeout: 1)
        #expect(Date().timeIntervalSince(bought) < 1, "within a second")
        #expect(try phone.screen().contains("✓ Owned"))

        // A week on the iPad's clock (the scenario panel's 7) is the iPhone's too.
        pad.send("Enter", "s", "7")
        try pad.waitFor("Now Nov 28, 2026")
        phone.send("s")
        try phone.waitFor("Nov 28, 2026", timeout: 2)

        let again = try launch(ledger, device: "iPad")
        defer { again.close() }
        try again.waitFor("iPad is already open in another storefront; pass --device NAME")
        try again.waitForExit()
        #expect(again.exitStatus == "2")

        phone.send("Escape", "q")
        pad.send("Escape", "q")
        try phone.waitForExit()
        try pad.waitForExit()
    }
}
