import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// StoreKit's `requestReview(in:)` and the App Store policy that decides whether its prompt shows
/// (reference: storekit-api-notes.md, "requestReview(in:)"). Each test is named after the rule it checks.
@Suite("Review requests")
struct ReviewRequestTests {
    static let day: TimeInterval = 86_400

    @Test("someone who has not rated sees the prompt at most three times in 365 days: the fourth request that year shows nothing, and once the first is more than 365 days old it shows again")
    func threeInAYear() {
        var store = Fixture.store()
        let start = store.now
        var outcomes: [ReviewOutcome] = []
        for month in [0, 3, 6, 9] {
            store.advance(to: start.addingTimeInterval(Double(month) * 30 * Self.day))
            outcomes.append(store.requestReview().reviewOutcome!)
        }
        #expect(outcomes == [.shown, .shown, .shown, .limitReached])
        store.advance(to: start.addingTimeInterval(365 * Self.day - 1))
        #expect(store.reviewOutcome == .limitReached, "a prompt counts for 365 days after it showed")
        store.advance(to: start.addingTimeInterval(365 * Self.day))
        let again = store.requestReview().reviewOutcome
        #expect(again == .shown, "365 days after the first prompt, it no longer counts")
        let fifth = store.requestReview().reviewOutcome
        #expect(fifth == .limitReached, "three again within the last 365 days")
    }

    @Test("after a rating the prompt shows only for a new app version and more than 365 days after the rating")
    func afterARating() throws {
        var store = Fixture.store()
        let start = store.now
        let request = store.requestReview()
        let rated = store.answerReview(request.id, stars: 4)
        #expect(rated)
        #expect(store.lastRating?.stars == 4 && store.lastRating?.appVersion == "1.0")
        store.advance(to: start.addingTimeInterval(400 * Self.day))
        #expect(store.reviewOutcome == .ratedThisVersion, "the same version, however long after")
        store.apply(.appVersion("1.1"))
        #expect(store.reviewOutcome == .shown, "a new version more than 365 days later")
        store.apply(.appVersion("1.0"))
        store.advance(to: start.addingTimeInterval(401 * Self.day))
        var early = Fixture.store()
        let first = early.requestReview()
        early.answerReview(first.id, stars: 5)
        early.apply(.appVersion("2.0"))
        early.advance(to: early.now.addingTimeInterval(200 * Self.day))
        #expect(early.reviewOutcome == .ratedWithinAYear, "a new version, but within 365 days of the rating")
    }

    @Test("in development mode the prompt always shows, and those prompts do not count toward the limit")
    func developmentAlwaysShows() {
        var store = Fixture.store()
        store.apply(.reviewMode(.development))
        for _ in 0..<5 {
            let outcome = store.requestReview().reviewOutcome
            #expect(outcome == .shownInDevelopment)
        }
        store.apply(.reviewMode(.production))
        let outcome = store.requestReview().reviewOutcome
        #expect(outcome == .shown, "none of the development prompts counted")
    }

    @Test("an answer is recorded once, and only for a prompt that showed; Not Now records no rating")
    func answers() {
        var store = Fixture.store()
        let first = store.requestReview()
        let notNow = store.answerReview(first.id, stars: nil)
        #expect(notNow, "Not Now")
        #expect(store.lastRating == nil)
        let second = store.requestReview()
        let six = store.answerReview(second.id, stars: 6)
        #expect(!six, "stars are 1 to 5")
        let three = store.answerReview(second.id, stars: 3)
        #expect(three)
        let again = store.answerReview(second.id, stars: 5)
        #expect(!again, "answered already")
        let third = store.requestReview()
        #expect(third.reviewOutcome == .ratedThisVersion)
        let unshown = store.answerReview(third.id, stars: 5)
        #expect(!unshown, "a request that showed nothing has no answer")
    }

    @Test("resetting the review history starts the count afresh and forgets the rating; the Log keeps every request")
    func reset() {
        var store = Fixture.store()
        for _ in 0..<3 { store.requestReview() }
        store.answerReview(store.events.last!.id, stars: 2)
        #expect(store.reviewOutcome == .ratedThisVersion)
        store.resetReviewHistory()
        #expect(store.lastRating == nil)
        let after = store.requestReview().reviewOutcome
        #expect(after == .shown)
        #expect(store.events.filter { $0.kind == .reviewRequest }.count == 5, "three requests, the reset, one more")
    }
}
