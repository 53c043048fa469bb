/// A screen or an overlay, as one piece (after Bubble Tea's models and soft-serve's components): its
/// kind, its key bindings, which of them do something now, what an action does, and how it draws.
/// The component is the screen's own state (`DetailScreen.State`, `ManageSheet.State`…): each file
/// declares its conformance beside its update and its view, and `AppState.Screen.component` /
/// `AppState.Overlay.component` (Components.swift) are the one place a case meets its component.
///
/// Adding a screen: its file (state, conformance, bindings, update, draw), a `ScreenKind` case and its
/// strings. A case in `AppState.Screen` and in `Screen.component` is optional: it lets code match the
/// screen by pattern (`case .detail(let screen) = app.top`); a screen without one rides in
/// `Screen.other`.
public protocol ScreenComponent: Sendable {
    /// Whose keys the help lists and whose name the strings give.
    var kind: ScreenKind { get }
    /// Every key it binds, in the footer's order, each with its importance there.
    var bindings: [Binding] { get }
    /// Whether a binding does something right now (the footer, the help and the keys all ask).
    func isAvailable(_ action: Action, _ app: AppState) -> Bool
    /// What an action does. A screen changes itself (kept unless it closed itself); an overlay sets
    /// `app.overlay` to what follows it (itself changed, another sheet, or nil).
    mutating func update(_ action: Action, _ app: inout AppState) -> [Effect]
    /// Draws itself over the grid: a screen into the body between header and footer, an overlay over it.
    func draw(_ grid: inout Grid, _ app: AppState)
    /// The header's words for it.
    func title(_ app: AppState) -> String
    /// A key for its text field, before any binding sees it (true when the field took it). A component
    /// with a field that has focus takes typing (q and ? included) this way.
    mutating func type(_ key: Key, _ app: inout AppState) -> Bool
    /// A system sheet asking for a decision: keys typed before it was drawn must not answer it, so when
    /// it opens the terminal edge drops the keys still queued (`Effect.discardTypeAhead`).
    var discardsTypeAhead: Bool { get }
}

extension ScreenComponent {
    public func isAvailable(_ action: Action, _ app: AppState) -> Bool { true }
    public func title(_ app: AppState) -> String { app.strings.screenName(kind) }
    public mutating func type(_ key: Key, _ app: inout AppState) -> Bool { false }
    public var discardsTypeAhead: Bool { false }
}

/// How the screens and sheets are written: an enum (`AccountScreen`) of static functions over its
/// `State`, the component. The state names that enum (`typealias Functions = AccountScreen`) and its
/// bindings, availability, update and drawing are those functions: they are the only implementation.
public protocol ComponentFunctions {
    associatedtype State
    static var bindings: [Binding] { get }
    static func isAvailable(_ action: Action, _ state: State, _ app: AppState) -> Bool
    /// A screen changes its state in place; a sheet sets `app.overlay` to what follows it.
    static func update(_ action: Action, _ state: inout State, _ app: inout AppState)
    static func draw(_ grid: inout Grid, _ app: AppState, _ state: State)
}

extension ComponentFunctions {
    public static func isAvailable(_ action: Action, _ state: State, _ app: AppState) -> Bool { true }
}

/// A component whose state is drawn and updated by its enum's `ComponentFunctions`.
public protocol FunctionsComponent: ScreenComponent {
    associatedtype Functions: ComponentFunctions where Functions.State == Self
}

extension FunctionsComponent {
    public var bindings: [Binding] { Functions.bindings }
    public func isAvailable(_ action: Action, _ app: AppState) -> Bool { Functions.isAvailable(action, self, app) }
    public mutating func update(_ action: Action, _ app: inout AppState) -> [Effect] {
        Functions.update(action, &self, &app)
        return []
    }
    public func draw(_ grid: inout Grid, _ app: AppState) { Functions.draw(&grid, app, self) }
}

/// A component that lives on the navigation stack.
public protocol StackScreen: ScreenComponent, Equatable {
    /// Itself as an entry of the stack: its own case where it has one, else `.other`.
    var screen: AppState.Screen { get }
}

extension StackScreen {
    public var screen: AppState.Screen { .other(AnyScreen(self)) }

    fileprivate func isEqual(_ other: any StackScreen) -> Bool { (other as? Self) == self }
}

/// A screen with no case of its own in `AppState.Screen`.
public struct AnyScreen: Sendable, Equatable {
    public var base: any StackScreen

    public init(_ base: any StackScreen) { self.base = base }

    public static func == (a: AnyScreen, b: AnyScreen) -> Bool { a.base.isEqual(b.base) }
}
