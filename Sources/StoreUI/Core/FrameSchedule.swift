import Foundation

/// When the terminal loop works out a frame again (`AppState.view()`): only when something may have
/// changed it — a key, a resize, news from another device or the server, what the clock renewed, a
/// save's outcome — or when the simulated clock reached a new minute, the finest any screen shows of it
/// (dates and times to the minute). A turn of the loop with none of these (every 250 ms while nobody
/// types) works out no frame: with 200 idle guests of `storefront serve` that was most of a core spent
/// on frames equal to the last (issue 33).
public struct FrameSchedule: Sendable {
    private var due = true
    private var minute = Double.nan

    public init() {}

    /// Something happened that may change what the screen shows.
    public mutating func changed() { due = true }

    /// Whether this turn works out a frame, at the simulated clock `now`; if so, the next is not due
    /// until something changes or the minute does.
    public mutating func frameDue(at now: Date) -> Bool {
        let minute = Self.minute(of: now)
        guard due || minute != self.minute else { return false }
        due = false
        self.minute = minute
        return true
    }

    /// The simulated minute an instant is in: the finest step of the clock a screen shows.
    static func minute(of instant: Date) -> Double { (instant.timeIntervalSinceReferenceDate / 60).rounded(.down) }
}
