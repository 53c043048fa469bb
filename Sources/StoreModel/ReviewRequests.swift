import Foundation

/// StoreKit's `requestReview(in:)` (reference: storekit-api-notes.md, "requestReview(in:)"): the app
/// asks for a rating at a moment of its choosing, and App Store policy decides whether the prompt shows:
///
/// - not rated on this device: at most three times within 365 days;
/// - rated: only for a new app version, and more than 365 days after the rating;
/// - an app in development: always (`ReviewMode.development`).
///
/// Every request is an event in the Log (`StoreEvent.Kind.reviewRequest`) with its outcome, so QA sees
/// each one and why it did not show. The app's side (when it asks, the prompt, "Write a Review") is in
/// StoreUI (Sheets/ReviewPrompt.swift).
public enum ReviewMode: String, Sendable, CaseIterable {
    /// App Store policy decides.
    case production
    /// As StoreKit does while an app is in development: the prompt always shows, and counts for nothing.
    case development
}

/// What became of a review request.
public enum ReviewOutcome: String, Sendable, CaseIterable {
    /// The prompt showed, under the policy.
    case shown
    /// The prompt showed because the app is in development mode.
    case shownInDevelopment = "shown-in-development"
    /// Not shown: it showed three times already in the 365 days before.
    case limitReached = "limit-reached"
    /// Not shown: the person rated this version of the app.
    case ratedThisVersion = "rated-this-version"
    /// Not shown: the person rated a version before, less than 365 days ago.
    case ratedWithinAYear = "rated-within-a-year"
    /// Not a request: QA reset the review history (the scenario panel); the policy counts what follows.
    case historyReset = "history-reset"

    public var wasShown: Bool { self == .shown || self == .shownInDevelopment }
}

extension AppStore {
    /// The policy's window: 365 days.
    public static let reviewWindow: TimeInterval = 365 * 86_400
    /// How many times the prompt may show within the window to someone who has not rated.
    public static let reviewPromptsPerWindow = 3

    /// The review requests since QA last reset the history, oldest first. Reads the review events only.
    private var reviewRequests: ArraySlice<StoreEvent> {
        let requests = log.reviews.map { log.events[log.positions[$0]!] }
        let reset = requests.lastIndex { $0.reviewOutcome == .historyReset }.map { $0 + 1 } ?? 0
        return requests[reset...]
    }

    /// The person's last rating on this device: when, and for which app version.
    public var lastRating: StoreEvent? { reviewRequests.last { $0.stars != nil } }

    /// What a review request made now would come to.
    public var reviewOutcome: ReviewOutcome {
        if scenario.reviewMode == .development { return .shownInDevelopment }
        let requests = reviewRequests
        if let rating = requests.last(where: { $0.stars != nil }) {
            if rating.appVersion == scenario.appVersion { return .ratedThisVersion }
            return now.timeIntervalSince(rating.date) > Self.reviewWindow ? .shown : .ratedWithinAYear
        }
        let windowStart = now.addingTimeInterval(-Self.reviewWindow)
        let shown = requests.filter { $0.reviewOutcome == .shown && $0.date > windowStart }.count
        return shown < Self.reviewPromptsPerWindow ? .shown : .limitReached
    }

    /// The app calls `requestReview(in:)`: the request is logged with what the policy decided. The
    /// event says whether the prompt shows; its id is the one `rate` answers.
    @discardableResult
    public mutating func requestReview() -> StoreEvent {
        let outcome = reviewOutcome
        return record(.reviewRequest, nil, reviewOutcome: outcome, appVersion: scenario.appVersion)
    }

    /// The person answered the prompt of request `eventID`: 1 to 5 stars, or nil for Not Now. Only a
    /// request whose prompt showed, and only once.
    @discardableResult
    public mutating func answerReview(_ eventID: UInt64, stars: Int?) -> Bool {
        guard let event = event(eventID), event.kind == .reviewRequest, event.reviewOutcome?.wasShown == true,
              event.stars == nil, stars.map({ (1...5).contains($0) }) ?? true else { return false }
        guard let stars else { return true }
        changeEvent(eventID) { $0.stars = stars }
        return true
    }

    /// QA starts the device's review history afresh (no prompts shown, nothing rated), as a new install
    /// would be. Logged, so the Log still shows what came before.
    public mutating func resetReviewHistory() {
        record(.reviewRequest, nil, reviewOutcome: .historyReset, appVersion: scenario.appVersion)
    }
}
