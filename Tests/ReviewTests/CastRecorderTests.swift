import Foundation
import Review
import StoreModel
import StoreUI
import Testing

/// asciicast v2 recordings of the app's frames (Review/CastRecorder.swift).
struct CastRecorderTests {
    static func app() -> AppState {
        let store = AppStore(catalog: GalleryTests.sample, territory: GalleryTests.sample.territory("USA")!,
                             now: Gallery.clock)
        return AppState(store: store, locale: Locale(identifier: "en_US"), size: Size(columns: 80, rows: 24))
    }

    /// The recording's lines as JSON values: the header, then the events.
    static func parse(_ text: String) throws -> (header: [String: Any], events: [[Any]]) {
        let lines = text.split(separator: "\n").map { Data($0.utf8) }
        let header = try JSONSerialization.jsonObject(with: lines[0]) as! [String: Any]
        let events = try lines.dropFirst().map { try JSONSerialization.jsonObject(with: $0) as! [Any] }
        return (header, events)
    }

    @Test("a cast is asciicast v2: a header with version 2, width, height and title, then [time, code, data] events in time order")
    func format() throws {
        var app = Self.app()
        var cast = CastRecorder(size: app.size, title: "refund \"flow\"", theme: GalleryTests.defaultTheme)
        cast.frame(app.view())
        cast.wait(0.5)
        _ = app.update(.key(.character("?")))
        cast.frame(app.view())
        cast.marker("keys")
        cast.wait(0.5)
        _ = app.update(.resize(Size(columns: 50, rows: 16)))
        cast.frame(app.view())
        let (header, events) = try Self.parse(cast.text)
        #expect(header["version"] as? Int == 2)
        #expect(header["width"] as? Int == 80 && header["height"] as? Int == 24)
        #expect(header["title"] as? String == "refund \"flow\"")
        let codes = events.map { $0[1] as! String }
        #expect(codes == ["o", "o", "m", "r", "o"])
        let times = events.map { $0[0] as! Double }
        #expect(times == [0, 0.5, 0.5, 1.0, 1.0])
        #expect(events[3][2] as? String == "50x16")
        #expect(events[2][2] as? String == "keys")
    }

    @Test("a line of text the screen shows is in the cast as that text, not broken by cursor moves; an unchanged frame writes nothing")
    func wholeRows() throws {
        var app = Self.app()
        var cast = CastRecorder(size: app.size, title: "t", theme: GalleryTests.defaultTheme)
        let screen = app.view().text
        cast.frame(app.view())
        cast.frame(app.view())
        _ = app.update(.key(.down))
        cast.frame(app.view())
        let (_, events) = try Self.parse(cast.text)
        #expect(events.count == 2, "the same screen twice is one frame")
        // Colours change inside a row; nothing else does: without SGR, each row is the screen's row.
        let plain = (events[0][2] as! String)
            .replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            .replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "\n", options: .regularExpression)
        let rows = plain.split(separator: "\n").map(String.init)
        for line in screen.split(separator: "\n") where !line.isEmpty {
            #expect(rows.contains { $0.hasPrefix(line) }, "\(line)")
        }
        let second = events[1][2] as! String
        #expect(second.components(separatedBy: ";1H").count - 1 < 24, "only the rows that changed")
    }
}
