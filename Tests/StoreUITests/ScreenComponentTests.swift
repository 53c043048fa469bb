import Foundation
import Testing
import StoreModel
@testable import StoreUI

/// A screen that exists only in this test target: declared through `StackScreen` from outside StoreUI,
/// with no case of its own in `AppState.Screen` (it rides in `.other`) and no line in any switch. It
/// borrows an existing `ScreenKind` for its name in the key help, as it cannot add one from here; a
/// real screen adds its kind beside the others in Core/Components.swift.
private struct CounterScreen: StackScreen {
    var count = 0

    var kind: ScreenKind { .helpPage }
    var bindings: [Binding] {
        [Binding(keys: [.character("+")], label: "+", action: .more, importance: .high), .back, .help, .quit]
    }

    func title(_ app: AppState) -> String { "Counter" }

    func isAvailable(_ action: Action, _ app: AppState) -> Bool { action != .more || count < 3 }

    mutating func update(_ action: Action, _ app: inout AppState) -> [Effect] {
        switch action {
        case .more: count += 1
        case .back: app.screens.removeLast()
        default: break
        }
        return []
    }

    func draw(_ grid: inout Grid, _ app: AppState) {
        grid.put("Count: \(count)", row: Chrome.body(app).row + 1, column: 2, role: .normal)
    }
}

@Suite("Screens are components")
struct ScreenComponentTests {
    private func footer(_ app: AppState) -> String {
        String(app.view().text.split(separator: "\n", omittingEmptySubsequences: false)[app.size.rows - 1])
    }

    @Test("a screen added from outside StoreUI through the protocol opens, draws in the frame, takes its keys and goes back")
    func throwawayScreen() {
        var app = Sample.app()
        app.open(CounterScreen().screen)
        let opened = app.view().text
        #expect(opened.contains("Counter"), "its title is in the header")
        #expect(opened.contains("Count: 0"))
        #expect(footer(app).contains("+ " + app.strings.actionHelp(.more)), "its bindings are the footer")
        app.press(.character("+"), .character("+"))
        #expect(app.view().text.contains("Count: 2"), "its update kept what it made of its state")
        #expect(app.top == CounterScreen(count: 2).screen)
        app.press(.character("+"), .character("+"))
        #expect(app.view().text.contains("Count: 3"), "a binding it says is unavailable does nothing")
        #expect(!footer(app).contains(app.strings.actionHelp(.more)), "and leaves the footer")
        app.press(.character("?"))
        #expect(app.view().text.contains(app.strings.actionHelp(.back)), "the key help lists its keys")
        app.press(.escape, .escape)
        #expect(app.kinds == [.store], "Esc closed the help, then the screen")
    }

    @Test("update asks for a save after what changed the store or its settings, and after nothing else")
    func saveEffect() {
        var app = Sample.app()
        #expect(app.update(.key(.function(5))) == [], "a key bound nowhere")
        #expect(app.update(.key(.down)) == [], "moving changes nothing to save")
        #expect(app.update(.resize(Size(columns: 80, rows: 24))) == [])
        app.press(.character("b"), .tab)
        #expect(app.update(.key(.enter)) == [.save], "the purchase is written before its result is drawn")
        #expect(!app.store.transactions.isEmpty)
        #expect(app.update(.key(.enter)) == [], "closing the result")
        #expect(app.update(.key(.character("1"))) == [], "no time travel from the store")
        app.press(.character("s"))
        #expect(app.update(.key(.character("1"))) == [.save], "a day of time travel moves the saved clock")
        #expect(app.update(.key(.enter)) == [.save], "a scenario switch is a saved setting")
        #expect(app.update(.tick(seconds: 1)) == [], "the clock alone is saved every few seconds, not at once")
        #expect(app.update(.key(.character("q"))) == [.quit])
    }

    @Test("a sheet that asks for a decision drops the keys typed ahead when it opens, not while it stays open")
    func discardTypeAheadEffect() {
        var app = Sample.app()
        #expect(app.update(.key(.character("b"))).contains(.discardTypeAhead), "the confirmation sheet opened")
        #expect(!app.update(.key(.tab)).contains(.discardTypeAhead), "it was open already")
        #expect(!app.update(.key(.character("?"))).contains(.discardTypeAhead), "the key help over it")
        #expect(!app.update(.key(.escape)).contains(.discardTypeAhead), "closing the help leaves the sheet, not a new one")
        #expect(app.isSheetOpen)
        #expect(!app.update(.key(.escape)).contains(.discardTypeAhead), "Esc cancelled it")
        #expect(!app.update(.key(.character("p"))).contains(.discardTypeAhead), "a screen is no sheet")
    }

    @Test("Ctrl-C quits from anywhere, q asks first over an unsent feedback draft, and y then quits")
    func quitEffect() {
        var app = Sample.app()
        #expect(app.update(.key(Keymap.interrupt)).contains(.quit))
        app.press(.character("p"), .end, .up, .enter)
        #expect(app.kinds.last == .feedback)
        app.type("hello")
        app.press(.tab)
        #expect(!app.update(.key(.character("q"))).contains(.quit), "the draft is asked about first")
        #expect(app.update(.key(.character("y"))).contains(.quit))
    }
}
