import CatalogFormats
import Foundation
import StoreUI
import Terminal

/// A recording in asciicast v2 (asciinema's format: a JSON header line, then one JSON array per
/// event), made of the app's own frames: `storefront script --cast`. An `"o"` event writes the rows that
/// changed since the last frame, each whole from its first column (`ANSIRows`), so every line the screen
/// shows is in the recording as that text; `"r"` is a resize; `"m"` a marker (a script's `snapshot`).
/// Time is the recorder's own (`wait`), so a recording of a script is the same on every run; an
/// interactive session (`CastFile`) moves it to the real time of each frame.
public struct CastRecorder: Sendable {
    private let rows: ANSIRows
    private let header: String
    private var events: [String] = []
    private var headerDrained = false
    private var time = 0.0
    private var shown: Grid?

    public init(size: Size, title: String, theme: Theme) {
        rows = ANSIRows(theme: theme)
        header = "{\"version\": 2, \"width\": \(size.columns), \"height\": \(size.rows), \"title\": \(Self.json(title)), \"env\": {\"TERM\": \"xterm-256color\"}}"
    }

    /// Time passes before the next event.
    public mutating func wait(_ seconds: Double) { time += seconds }

    /// The time of the next event, in seconds from the start (never earlier than the last).
    public mutating func move(to seconds: Double) { time = max(time, seconds) }

    /// The screen now: the rows that differ from the last frame (every row after a resize).
    public mutating func frame(_ grid: Grid) {
        var output = ""
        var previous = shown
        if let shownSize = shown?.size, shownSize != grid.size {
            event("r", "\(grid.size.columns)x\(grid.size.rows)")
            previous = nil
        }
        if previous == nil { output += "\u{1B}[0m\u{1B}[?25l\u{1B}[H\u{1B}[2J" }
        let lines = rows.rows(grid)
        let before = previous.map(rows.rows)
        for (index, line) in lines.enumerated() where before?[index] != line {
            output += "\u{1B}[\(index + 1);1H" + line
        }
        shown = grid
        if !output.isEmpty { event("o", output) }
    }

    /// A named point in the recording (asciinema's markers: `asciinema play` can pause there).
    public mutating func marker(_ label: String) { event("m", label) }

    private mutating func event(_ code: String, _ data: String) {
        events.append("[\(String(format: "%.3f", time)), \"\(code)\", \(Self.json(data))]")
    }

    /// The whole recording, as the file holds it (when nothing was drained).
    public var text: String { ([header] + events).map { $0 + "\n" }.joined() }

    /// What is new since the last drain (the header first), for a file written as the recording goes.
    public mutating func drain() -> String {
        let lines = (headerDrained ? [] : [header]) + events
        headerDrained = true
        events.removeAll()
        return lines.map { $0 + "\n" }.joined()
    }

    /// A JSON string, every control character escaped (the project's one JSON writer).
    static func json(_ text: String) -> String { StoreKitExport.render(.string(text)) }
}
