import Foundation
import StoreUI
import TestSupport
import Testing

/// The review tools from the command line: `storefront gallery`, `gallery --compare`, `script --cast`.
@Suite("Review tools")
struct ReviewToolsTests {
    @Test("storefront gallery writes index.html listing every registered screen, and .txt and .ans per screen")
    func gallery() throws {
        let folder = ScratchFolder.make("gallery")
        let run = try Storefront.run(["gallery", "--out", folder.path, "--locales", "en_US,ja_JP", "--sizes", "80x24,50x16"], timeout: 120)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("index.html"))
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        for visit in ScreenVisit.all {
            #expect(html.contains("data-visit=\"\(visit.name)\""), "\(visit.name) is in the index")
        }
        let screens = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("screens").path)
        #expect(screens.contains("store-screen-time_ja_JP_50x16_default.txt"))
        #expect(screens.contains("store-screen-time_ja_JP_50x16_default.ans"))
    }

    @Test("bad gallery options get a clear message and exit 2")
    func badOptions() throws {
        let folder = ScratchFolder.make("gallery")
        let cases: [([String], String)] = [
            (["gallery"], "--out DIR"),
            (["gallery", "--out", folder.path, "--sizes", "80by24"], "\"80by24\" is not a size (--sizes)"),
            (["gallery", "--out", folder.path, "--locales", "xx_NOPE!"], "unknown locale \"xx_NOPE!\" (--locales)"),
            (["gallery", "--out", folder.path, "--themes", "neon"], "unknown theme \"neon\" (--themes)"),
            (["gallery", "--compare", folder.path], "--compare takes two gallery folders"),
            (["gallery", "--compare", folder.path, folder.path], "is not a gallery"),
        ]
        for (arguments, message) in cases {
            let run = try Storefront.run(arguments)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
    }

    @Test("gallery --compare exits 0 for the same screens, 1 when some changed, listing them, and writes the side-by-side page")
    func compare() throws {
        let root = ScratchFolder.make("compare")
        let old = root.appendingPathComponent("old").path, new = root.appendingPathComponent("new").path
        for folder in [old, new] {
            let made = try Storefront.run(["gallery", "--out", folder, "--locales", "en_US", "--sizes", "50x16"], timeout: 120)
            #expect(made.status == 0, "\(made.stderr)")
        }
        let same = try Storefront.run(["gallery", "--compare", old, new])
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stdout.isEmpty)
        let screen = URL(fileURLWithPath: new).appendingPathComponent("screens/store_en_US_50x16_default.txt")
        try (try String(contentsOf: screen, encoding: .utf8)).replacingOccurrences(of: "$4.99", with: "$5.99").write(to: screen, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: URL(fileURLWithPath: new).appendingPathComponent("screens/help_en_US_50x16_default.txt"))
        let page = root.appendingPathComponent("review.html").path
        let changed = try Storefront.run(["gallery", "--compare", old, new, "--out", page])
        #expect(changed.status == 1, "\(changed.stderr)")
        #expect(changed.stdout == "removed help_en_US_50x16_default\nchanged store_en_US_50x16_default\n")
        let html = try String(contentsOf: URL(fileURLWithPath: page), encoding: .utf8)
        #expect(html.contains("store_en_US_50x16_default — changed"))
    }

    @Test("script --cast records an asciicast v2 file: header, key frames in time, a marker at each snapshot, the screen's lines whole")
    func cast() throws {
        let folder = ScratchFolder.make("cast")
        let cast = folder.appendingPathComponent("buy.cast")
        let run = try Storefront.run(["script", "--cast", cast.path, "Tests/Scripts/buy-each-product-type.script"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try String(contentsOf: cast, encoding: .utf8).split(separator: "\n")
        let header = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as! [String: Any]
        #expect(header["version"] as? Int == 2 && header["width"] as? Int == 80 && header["height"] as? Int == 24)
        #expect(header["title"] as? String == "buy-each-product-type.script")
        let events = try lines.dropFirst().map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [Any] }
        let times = events.map { $0[0] as! Double }
        #expect(times == times.sorted() && times.last! > 0)
        #expect(events.contains { $0[1] as? String == "m" && $0[2] as? String == "buy-each-product-type-ledger" })
        let output = events.filter { $0[1] as? String == "o" }.map { $0[2] as! String }.joined()
            .replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        var position = output.startIndex
        for text in ["You bought Trail Boost.", "You bought Alps Map Pack.", "You bought Summer Pass.", "You're subscribed to Family Monthly."] {
            guard let found = output.range(of: text, range: position..<output.endIndex) else {
                Issue.record("\(text) is not in the cast after what came before"); break
            }
            position = found.upperBound
        }
        #expect(try Storefront.run(["script", "--cast", cast.path, "Tests/Scripts/refund.script", "Tests/Scripts/restore.script"]).status == 2, "one script only")
    }

    @Test("serve --record records each guest's session as its own cast, named by time and number, never overwriting; rows whole")
    func serveRecord() throws {
        let recordings = ScratchFolder.make("recordings")
        let server = try ServeProcess(["--demo", "--record", recordings.path, "--now", "2026-11-21"])
        defer { server.stop() }
        for _ in 0..<2 {
            let guest = try server.guest()
            defer { guest.close() }
            try guest.waitFor("Trail Boost", timeout: 30)
            guest.send("j")
            try guest.waitFor("▸ Boost 5-Pack")
            guest.send("q")
            try guest.waitForExit(timeout: 20)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: recordings.path).sorted()
        #expect(names.count == 2, "\(names)")
        for name in names {
            #expect(name.wholeMatch(of: /session-\d{8}T\d{6}Z-\d+\.cast/) != nil, "\(name)")
            let lines = try String(contentsOf: recordings.appendingPathComponent(name), encoding: .utf8).split(separator: "\n")
            let header = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as! [String: Any]
            #expect(header["version"] as? Int == 2 && header["width"] as? Int == 80 && header["height"] as? Int == 24)
            let output = try lines.dropFirst().map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [Any] }
                .map { $0[2] as! String }.joined()
                .replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            #expect(output.contains("▸ Boost 5-Pack"), "the guest's screens, rows whole")
            let attributes = try FileManager.default.attributesOfItem(atPath: recordings.appendingPathComponent(name).path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600, "a guest's session is not for other users")
        }
    }
}
