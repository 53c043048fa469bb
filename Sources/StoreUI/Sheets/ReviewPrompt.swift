import Foundation
import StoreModel

/// The system's rating prompt (StoreKit's `requestReview(in:)`, ReviewRequests.swift in the model):
/// "Enjoying Trailhead?", five stars, Not Now and Submit. The app asks at a natural moment
/// (`requestReviewAtNaturalMoment`); App Store policy decides whether this shows. Digits 1 to 5
/// choose the stars (focus moves to Submit, as the sheet's button appears once a star is tapped);
/// Submit records the rating, Not Now or Esc records none. A system sheet: themes do not restyle it.
public enum ReviewPrompt {
    public struct State: Sendable, Equatable {
        /// The review request this prompt answers (an event of the Log).
        public var eventID: UInt64
        /// The stars chosen, 0 until one is.
        public var stars = 0
        public var submitFocused = false
        public init(eventID: UInt64) { self.eventID = eventID }
    }

    public static func update(_ action: Action, _ sheet: inout State, _ app: inout AppState) {
        switch action {
        case .switchButton where sheet.stars > 0:
            sheet.submitFocused.toggle()
        case .press where sheet.submitFocused && sheet.stars > 0:
            app.store.answerReview(sheet.eventID, stars: sheet.stars)
            app.overlay = nil
            app.notice = app.strings.review.thanks
            return
        case .press, .cancel:
            app.overlay = nil
            return
        default:
            break
        }
        app.overlay = .reviewPrompt(sheet)
    }

    /// The stars as the sheet shows them: the chosen ones filled.
    static func starsLine(_ stars: Int) -> String {
        (1...5).map { $0 <= stars ? "★" : "☆" }.joined(separator: " ")
    }

    static func lines(_ state: AppState, _ sheet: State) -> [(String, Role)] {
        let words = state.strings.review
        let inner = Overlays.systemSheetWidth(state) - 4
        var lines: [(String, Role)] = []
        for text in TextWidth.wrap(words.title(state.appName), width: inner) { lines.append((text, .systemTitle)) }
        for text in TextWidth.wrap(words.message, width: inner) { lines.append((text, .systemSheet)) }
        lines.append(("", .systemSheet))
        let stars = starsLine(sheet.stars)
        lines.append((String(repeating: " ", count: max(0, (inner - TextWidth.of(stars)) / 2)) + stars, .systemTitle))
        return lines
    }

    public static func draw(_ grid: inout Grid, _ state: AppState, _ sheet: State) {
        let words = state.strings.review
        // Submit is a button once a star is chosen; before, Not Now is the only one with focus.
        Overlays.drawSystemSheet(&grid, state, lines: lines(state, sheet), offset: 0,
                                 buttons: (words.notNow, words.submit), secondFocused: sheet.stars > 0 ? sheet.submitFocused : false,
                                 title: state.strings.screenName(.reviewPrompt))
    }
}

extension AppState {
    /// How many items a subscriber reads to the end, in this launch, before the app asks for a review
    /// (and again after as many more): engagement shown, at a natural pause (HIG "Ratings and reviews":
    /// ask after people have demonstrated engagement, never on launch or in response to a button). A
    /// reader the free area still meters is never asked: their prompts are the free area's.
    static let readingsBeforeReviewRequest = 3

    /// The app's natural moment to ask for a review: back in the list after finishing an item. Never
    /// over a sheet, a purchase or onboarding. StoreKit's policy decides whether the prompt shows; every
    /// request is logged either way.
    mutating func requestReviewAtNaturalMoment() {
        guard overlay == nil, !isTooSmall, !screens.contains(where: { $0.kind == .onboarding || $0.kind == .signup }) else { return }
        let request = store.requestReview()
        if request.reviewOutcome?.wasShown == true { overlay = .reviewPrompt(ReviewPrompt.State(eventID: request.id)) }
    }
}

// MARK: component

extension ReviewPrompt: ComponentFunctions {
    public static let bindings: [Binding] =
        [Binding(keys: [], label: "1–5", action: .rate, importance: .high)] + Binding.sheetButtons

    public static func isAvailable(_ action: Action, _ sheet: State, _ app: AppState) -> Bool {
        action == .switchButton ? sheet.stars > 0 : true
    }
}

extension ReviewPrompt.State: FunctionsComponent {
    public typealias Functions = ReviewPrompt
    public var kind: ScreenKind { .reviewPrompt }
    /// A decision: keys typed before it opened must not answer it.
    public var discardsTypeAhead: Bool { true }

    /// Digits 1 to 5 choose the stars and move focus to Submit.
    public mutating func type(_ key: Key, _ app: inout AppState) -> Bool {
        guard case .character(let character) = key, let stars = character.wholeNumberValue, (1...5).contains(stars) else { return false }
        self.stars = stars
        submitFocused = true
        app.overlay = .reviewPrompt(self)
        return true
    }
}
