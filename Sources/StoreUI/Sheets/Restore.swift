import Foundation
import StoreModel

/// Restore Purchases, built once for every screen that offers it (`AppState.startRestore()`). It runs
/// only on that explicit action: first the system asks the person to sign in with their account (as
/// `AppStore.sync()` does), then the App Store restores, and the overlay says what by name —
/// non-consumables and subscriptions, and passes from this app's own records; consumables never — or
/// clearly that there was nothing to restore.
public enum Restore {
    /// The overlay's own state.
    public struct State: Sendable, Equatable {
        public enum Phase: Sendable, Equatable {
            /// The system's sign-in sheet, before anything is restored.
            case signIn
            /// What was restored: product ids the App Store restored, and passes from the app's records.
            case done(restored: [String], fromRecords: [String])
            /// `AppStore.sync()` threw (QA's App Store Sync error): nothing was restored.
            case failed(StoreKitErrorCase)
        }
        public var phase: Phase = .signIn
        /// Which button of the sign-in sheet has focus: Sign In (the action the person just asked for).
        public var signInFocused = true
        /// How far the content is scrolled, where it does not fit.
        public var offset = 0

        public init() {}
    }

    // MARK: update

    public static func update(_ action: Action, _ restore: inout State, _ app: inout AppState) {
        switch (restore.phase, action) {
        case (.signIn, .switchButton):
            restore.signInFocused.toggle()
        case (.signIn, .press) where restore.signInFocused:
            restore = State()
            guard let phase = run(&app) else {
                // The person closed the system's sheet (userCancelled): nothing to tell them.
                app.overlay = nil
                return
            }
            restore.phase = phase
        case (.signIn, .press), (.signIn, .cancel):
            app.overlay = nil
            return
        case (.done, .dismiss), (.failed, .dismiss):
            app.overlay = nil
            return
        case (_, .up), (_, .down), (_, .pageUp), (_, .pageDown), (_, .top), (_, .bottom):
            let max = layout(app, restore).maxOffset
            restore.offset = AppState.listMove(action, from: min(restore.offset, max), count: max + 1, page: 3) ?? restore.offset
        default:
            break
        }
        app.overlay = .restore(restore)
    }

    /// Restores, and sorts what came back the way the person is told about it; nil when the sync was
    /// cancelled.
    static func run(_ app: inout AppState) -> State.Phase? {
        var restored: [String] = [], fromRecords: [String] = []
        let transactions: [Transaction]
        do {
            transactions = try app.store.sync()
        } catch .userCancelled {
            return nil
        } catch {
            return .failed(error)
        }
        // The App Store hands back every completed purchase, expired subscriptions and spent passes
        // included; the person is told about what they have again now, never a lapsed plan with a ✓.
        for transaction in transactions where app.store.entitlement(for: transaction.productID) != nil {
            switch transaction.productType.restoredBy {
            case .system: if !restored.contains(transaction.productID) { restored.append(transaction.productID) }
            case .app: if !fromRecords.contains(transaction.productID) { fromRecords.append(transaction.productID) }
            case .nobody: break // consumables are never restored
            }
        }
        return .done(restored: restored, fromRecords: fromRecords)
    }

    public static func isAvailable(_ action: Action, _ restore: State, _ app: AppState) -> Bool {
        switch (restore.phase, action) {
        case (.signIn, .switchButton), (.signIn, .press), (.signIn, .cancel), (.done, .dismiss), (.failed, .dismiss): return true
        case (_, .scroll), (_, .up), (_, .down), (_, .pageUp), (_, .pageDown), (_, .top), (_, .bottom):
            return layout(app, restore).maxOffset > 0
        default: return action == .help
        }
    }

    // MARK: view

    /// The overlay's lines and where they go.
    struct Layout {
        var lines: [(String, Role)]
        var rect: Rect
        var room: Int
        var maxOffset: Int { max(0, lines.count - room) }
    }

    static func layout(_ app: AppState, _ restore: State) -> Layout {
        let strings = app.strings, words = strings.restore
        var lines: [(String, Role)] = []
        switch restore.phase {
        case .signIn:
            let width = Overlays.systemSheetWidth(app) - 4
            for text in TextWidth.wrap(words.signInTitle, width: width) { lines.append((text, .systemTitle)) }
            lines.append(("", .systemSheet))
            for text in TextWidth.wrap(words.signInMessage, width: width) { lines.append((text, .systemSheet)) }
            lines.append(("", .systemSheet))
            let label = TextWidth.pad(strings.sheetAccount, to: TextWidth.of(strings.sheetAccount) + 2)
            for text in TextWidth.wrap(label + app.store.account, width: width) { lines.append((text, .systemSheet)) }
            let sheet = Overlays.systemSheetLayout(app, lineCount: lines.count)
            return Layout(lines: lines, rect: sheet.rect, room: sheet.room)
        case .done(let restored, let fromRecords):
            let width = min(56, app.size.columns - 4) - 4
            func add(_ text: String, _ role: Role, indent: Int = 0) {
                for line in TextWidth.wrap(text, width: width - indent) { lines.append((String(repeating: " ", count: indent) + line, role)) }
            }
            func name(_ id: String) -> String { app.store.catalog.product(id).map(app.name) ?? id }
            if restored.isEmpty && fromRecords.isEmpty {
                add(words.nothingMessage, .overlay)
            } else {
                if !restored.isEmpty {
                    add(words.restored, .overlay)
                    for id in restored { add("✓ " + name(id), .success, indent: 2) }
                }
                if !fromRecords.isEmpty {
                    add(words.fromRecords, .overlay)
                    for id in fromRecords { add("✓ " + name(id), .success, indent: 2) }
                }
            }
            add(words.consumablesNote, .dim)
            let body = Chrome.body(app)
            let rect = body.centered(width: width + 4, height: lines.count + 4)
            return Layout(lines: lines, rect: rect, room: max(0, rect.height - 4))
        case .failed(let error):
            let width = min(56, app.size.columns - 4) - 4
            for line in TextWidth.wrap(app.strings.faults.reason(error), width: width) { lines.append((line, .overlay)) }
            let body = Chrome.body(app)
            let rect = body.centered(width: width + 4, height: lines.count + 4)
            return Layout(lines: lines, rect: rect, room: max(0, rect.height - 4))
        }
    }

    public static func draw(_ grid: inout Grid, _ app: AppState, _ restore: State) {
        let layout = layout(app, restore)
        let offset = min(restore.offset, layout.maxOffset)
        switch restore.phase {
        case .signIn:
            Overlays.drawSystemSheet(&grid, app, lines: layout.lines, offset: offset,
                                     buttons: (app.strings.cancel, app.strings.restore.signIn), secondFocused: restore.signInFocused)
        case .done, .failed:
            let words = app.strings.restore
            let title: String, titleRole: Role
            switch restore.phase {
            case .done(let restored, let fromRecords) where restored.isEmpty && fromRecords.isEmpty: (title, titleRole) = (words.nothingTitle, .warning)
            case .failed: (title, titleRole) = (app.strings.faults.restoreFailedTitle, .error)
            default: (title, titleRole) = (words.restoredTitle, .success)
            }
            let rect = layout.rect
            grid.box(rect, role: .overlay, borderRole: .border, title: title, titleRole: titleRole)
            for (row, (text, role)) in layout.lines.dropFirst(offset).prefix(layout.room).enumerated() {
                grid.put(text, row: rect.row + 1 + row, column: rect.column + 2, role: role, width: rect.width - 4)
            }
            Overlays.drawScrollMarks(&grid, rect, offset: offset, maxOffset: layout.maxOffset)
            grid.putCentered("[ \(app.strings.ok) ]", row: rect.row + rect.height - 2, in: rect, role: .selected)
        }
    }
}

extension AppState {
    /// Restore Purchases, for every screen that offers it: opens the sign-in sheet; nothing is
    /// restored until the person signs in there.
    public mutating func startRestore() {
        overlay = .restore(Restore.State())
    }
}

// MARK: component

extension Restore: ComponentFunctions {
    public static let bindings: [Binding] =
        Binding.sheetButtons + [.dismiss, .scroll, .up, .down, .pageUp, .pageDown, .help]
}

extension Restore.State: FunctionsComponent {
    public typealias Functions = Restore
    public var kind: ScreenKind { .restore }
}
