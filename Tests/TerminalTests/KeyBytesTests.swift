import CatalogFormats
import Foundation
import StoreModel
@testable import StoreUI
@testable import Terminal
import Testing

/// The bytes a key costs on a real screen: the store on the sample catalog in the default theme, drawn
/// by a writer set up as for xterm-256color (EL, ECH, relative moves, `bce`), into the virtual xterm.
@Suite("Bytes per key")
struct KeyBytesTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Screen {
        var writer: FrameWriter
        var terminal: VirtualTerminal
        let roles: [Role: Int]
        var lastBytes: [UInt8] = []

        init(size: Size, theme: Theme) {
            let (specs, roles) = LookSpec.table(for: theme, mode: .full256, colors: 256, encoder: .ansi)
            writer = FrameWriter(looks: [], clearScreen: Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8))
            writer.useLooks(specs, encoder: .ansi, backgroundColorErase: true)
            writer.erase = true
            writer.relativeMoves = true
            terminal = VirtualTerminal(columns: size.columns, rows: size.rows)
            self.roles = roles
        }

        mutating func draw(_ grid: Grid) {
            let roles = self.roles
            let frame = Frame(grid: grid, size: grid.size, look: { roles[$0] ?? 0 })
            lastBytes = []
            writer.write(frame, into: &lastBytes)
            terminal.apply(lastBytes)
        }
    }

    @Test("a key that moves the selection one row at 80x24 writes at most 200 bytes, and the screen is right",
          arguments: ["en_US", "ja_JP"])
    func selectionMoveBytes(locale: String) throws {
        let catalog = try CatalogLoader.load(contentsOf: Self.repository.appendingPathComponent("SampleCatalog.json"))
        let theme = try ThemeLoader.load(Data(contentsOf: Self.repository.appendingPathComponent("Themes/default.json")),
                                         fallbackName: "Default")
        let start = try Date("2026-11-21T09:00:00Z", strategy: .iso8601)
        let store = AppStore(catalog: catalog, territory: catalog.territory("USA")!, now: start)
        let size = Size(columns: 80, rows: 24)
        var state = AppState(store: store, locale: Locale(identifier: locale), size: size)
        var screen = Screen(size: size, theme: theme)
        screen.draw(state.view())
        var most = 0
        for index in 0..<10 {
            _ = state.update(.key(index < 5 ? .down : .up))
            let grid = state.view()
            screen.draw(grid)
            most = max(most, screen.lastBytes.count)
            #expect(screen.terminal.violations.isEmpty, "\(screen.terminal.violations)")
            let shown = screen.terminal.text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                var line = line
                while line.last == " " { line.removeLast() }
                return line
            }.joined(separator: "\n")
            #expect(shown == grid.text)
        }
        #expect(most > 0)
        #expect(most <= 200, "\(most) bytes for one key: \(String(decoding: screen.lastBytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "⎋"))")
    }
}
