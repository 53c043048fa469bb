import Foundation
import StoreModel

/// Below the minimum size the app shows only this message, and takes only q (and Ctrl-C).
struct TooSmall: ScreenComponent {
    var kind: ScreenKind { .tooSmall }
    var bindings: [Binding] { [.quit] }

    mutating func update(_ action: Action, _ app: inout AppState) -> [Effect] { [] }

    func draw(_ grid: inout Grid, _ state: AppState) {
        let text = state.strings.tooSmall(state.size, AppState.minimumSize)
        let width = max(1, state.size.columns - 2)
        let lines = TextWidth.wrap(text, width: width)
        let top = max(0, (state.size.rows - lines.count) / 2)
        for (offset, line) in lines.prefix(state.size.rows).enumerated() {
            grid.putCentered(line, row: top + offset, in: Rect(row: 0, column: 0, width: state.size.columns, height: state.size.rows), role: .warning)
        }
    }
}
