import Foundation
import StoreModel

extension Overlays {
    /// The key help's own state: whose keys, what it covers, and how far it is scrolled.
    public struct Help: Sendable, Equatable {
        public var screen: ScreenKind
        public var under: AppState.Overlay?
        public var offset = 0
    }

    /// Where the key help goes and how much of it shows: every key of a screen and the global keys,
    /// in a box as tall as the body allows; what does not fit scrolls.
    struct HelpLayout {
        var lines: [(label: String, help: String)]
        var rect: Rect
        /// How many lines show at once.
        var room: Int
        var maxOffset: Int { max(0, lines.count - room) }
    }

    static func helpLayout(_ state: AppState, for screen: ScreenKind) -> HelpLayout {
        let strings = state.strings
        let bindings = state.bindings(for: screen).filter { !$0.keys.isEmpty } + Keymap.global
        let labelWidth = bindings.map { TextWidth.of($0.label) }.max() ?? 0
        let lines = bindings.map { (label: TextWidth.pad($0.label, to: labelWidth), help: strings.actionHelp($0.action)) }
        let widest = lines.map { labelWidth + 2 + TextWidth.of($0.help) }.max() ?? 0
        let width = min(max(widest, TextWidth.of(strings.closeHelp)) + 6, state.size.columns - 2)
        let rect = Chrome.body(state).centered(width: width, height: lines.count + 4)
        // Borders and the close line; the blank line above it goes first when rows are short.
        let room = lines.count + 4 <= rect.height ? lines.count : max(0, rect.height - 3)
        return HelpLayout(lines: lines, rect: rect, room: room)
    }

    /// Every key of the screen underneath, generated from the keymap. When it does not fit, it
    /// scrolls (`Help.offset`), with ▲ and ▼ in the frame where more lines are.
    static func drawHelp(_ grid: inout Grid, _ state: AppState, _ help: Help) {
        let strings = state.strings
        let screen = help.screen
        let layout = helpLayout(state, for: screen)
        let rect = layout.rect
        grid.box(rect, role: .overlay, borderRole: .border, title: strings.keysOf(strings.screenName(screen)), titleRole: .title)
        let offset = min(max(0, help.offset), layout.maxOffset)
        let inner = rect.width - 4
        for (row, line) in layout.lines.dropFirst(offset).prefix(layout.room).enumerated() {
            let y = rect.row + 1 + row
            let used = grid.put(line.label, row: y, column: rect.column + 2, role: .key, width: inner)
            grid.put("  " + line.help, row: y, column: rect.column + 2 + used, role: .overlay, width: inner - used)
        }
        if rect.width > 4 {
            if offset > 0 { grid.put("▲", row: rect.row, column: rect.column + rect.width - 3, role: .dim) }
            if offset < layout.maxOffset {
                grid.put("▼", row: rect.row + rect.height - 1, column: rect.column + rect.width - 3, role: .dim)
            }
        }
        grid.putCentered(strings.closeHelp, row: rect.row + rect.height - 2, in: rect.insetHorizontally(1), role: .dim)
    }
}

extension Overlays.Help: ScreenComponent {
    static let bindings: [Binding] =
        Binding.scrolling + [Binding(keys: [.escape, .character("?"), .enter, .backspace], label: "Esc", action: .dismiss, importance: .high)]

    public var kind: ScreenKind { .help }
    public var bindings: [Binding] { Self.bindings }
    /// Over a sheet that drops type-ahead, it holds the sheet open: closing it opens nothing new.
    public var discardsTypeAhead: Bool { under?.component.discardsTypeAhead ?? false }

    /// Scrolling keys only where the help does not fit.
    public func isAvailable(_ action: Action, _ app: AppState) -> Bool {
        action == .dismiss || Overlays.helpLayout(app, for: screen).maxOffset > 0
    }

    public mutating func update(_ action: Action, _ app: inout AppState) -> [Effect] {
        let layout = Overlays.helpLayout(app, for: screen)
        offset = min(offset, layout.maxOffset)
        if let moved = AppState.listMove(action, from: offset, count: layout.maxOffset + 1, page: layout.room - 1) {
            offset = moved
            app.overlay = .help(self)
        } else if action == .dismiss {
            app.overlay = under
        }
        return []
    }

    /// The sheet it covers stays drawn under it.
    public func draw(_ grid: inout Grid, _ app: AppState) {
        under?.component.draw(&grid, app)
        Overlays.drawHelp(&grid, app, self)
    }
}
