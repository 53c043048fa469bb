import Foundation
import StoreModel

/// The one runtime (after TCA's `Store` and Bubble Tea's program loop): it sends each outside event
/// through `AppState.update` as a `Message`, performs the effects `update` returns — a save, Server
/// Notifications to deliver — and feeds their results back as messages (`.saved`, `.saveFailed`,
/// `.delivered`, another device's `.accountChanged`). The terminal loop, the script runner (so every
/// SSH session's program, which is the terminal loop) and the gallery all drive one of these; they
/// differ only in where messages come from and where frames go. Nothing else saves, retries, collects
/// notifications or sends them.
///
/// Saving: a save is done before anything that follows from it is drawn (`frame()` saves first) or
/// read back (`flush()`, which a script calls after each step). When another device of the account
/// saved first, nothing was written: the runtime goes back to the state the ledger last held (`base`),
/// takes in the account as it is now, and sends the messages since again (`since`), so no device's
/// write is lost and nothing is done twice. The clock alone is saved every `clockSaveInterval` seconds
/// of real time, and then moves no other device to read the ledger again.
public struct Runtime {
    public private(set) var state: AppState
    public let storage: (any AccountStorage)?
    public let sender: (any NotificationSender)?
    /// What views keep from frame to frame (the store's rows, the header and footer), owned here and
    /// handed to each frame; a state's copies share nothing hidden.
    public let caches = ViewCaches()
    /// The state as the ledger last held it (after the last save, or the last take-in of another
    /// device's save), and the messages sent since: what is sent again when another device saves first.
    private var base: AppState
    private var since: [Message] = []
    /// Real seconds the clock has run since it was last saved.
    private var clockUnsaved = 0.0
    private var saveDue = false
    private var deliveryDue = false
    /// What the saves since `takeWritten()` wrote (a script's `--trace`).
    private var written = AppStore.UnsavedChanges()
    /// Moves each time the account changed or a save failed: what the screen shows may have changed
    /// with it (the terminal loop draws a frame when it moves; the clock alone does not move it).
    public private(set) var changes: UInt64 = 0
    /// Why the last save or take-in failed, until `takeFailure()` (a script stops on it).
    private var failure: String?
    /// What messages sent again on another device's account refused (a script stops on it).
    private var refusedOnReplay: [Effect] = []

    /// How often the clock alone is saved, in seconds of real time.
    public static let clockSaveInterval = 5.0
    /// The shortest wait for the clock's next minute, in real seconds (a fast time rate passes minutes
    /// by the millisecond; the screen follows four times a second, as the terminal loop always did).
    static let minuteRedraw = 0.25
    /// A bound on saving again after another device saved first: each time means some device got on.
    static let saveAttempts = 100

    public init(_ state: AppState, storage: (any AccountStorage)? = nil, sender: (any NotificationSender)? = nil) {
        self.state = state
        self.base = state
        self.storage = storage
        self.sender = sender
    }

    /// Sends one message through `update` and keeps what it asks for until `flush()`; returns what the
    /// edge itself must do (quit, drop type-ahead, a script's refusal or note).
    @discardableResult
    public mutating func send(_ message: Message) -> [Effect] {
        let effects = state.update(message)
        switch message {
        case .tick(let seconds):
            clockUnsaved += seconds
            if clockUnsaved >= Self.clockSaveInterval { saveDue = true }
        case .accountChanged, .accountClock:
            // Taken in between steps: the ledger's state, to go back to if a save meets another device.
            if since.isEmpty { base = state }
        case .saved, .saveFailed, .storageProblem:
            break
        default:
            if storage != nil { since.append(message) }
        }
        if effects.contains(.save) {
            saveDue = true
            changes &+= 1
        }
        if effects.contains(.deliver) { deliveryDue = true }
        return effects.filter { $0 != .save && $0 != .deliver }
    }

    /// The app is quitting: everything is saved, the clock included.
    public mutating func finish() {
        if storage != nil, clockUnsaved > 0 { saveDue = true }
        flush()
    }

    /// Sends several messages, then saves what they changed (a key storm costs one save).
    @discardableResult
    public mutating func send(_ messages: [Message]) -> [Effect] {
        messages.flatMap { send($0) }
    }

    /// Does what the messages so far asked: saves (before anything is drawn or read back), then starts
    /// the deliveries that are due.
    public mutating func flush() {
        if saveDue { save() }
        if !saveDue, state.store.unsavedChanges.isEmpty { (base, since) = (state, []) }
        if deliveryDue { deliver() }
    }

    /// The screen as it is now, once what changed is saved: the grid views draw, keeping what they may
    /// (`caches`).
    public mutating func frame() -> Grid {
        flush()
        return state.view(keeping: caches)
    }

    /// Outside events that arrive on their own: another device's save (`AccountStorage.change`), and
    /// delivery outcomes (unless `outcomes` is false: a script takes them only where it waits for them,
    /// `finishDeliveries`, so what it shows never depends on how fast a server answers). Returns
    /// whether anything came in, so the screen is worked out again.
    @discardableResult
    public mutating func poll(outcomes: Bool = true) -> Bool {
        flush()
        var arrived = false
        if let storage {
            switch storage.change(since: state.store) {
            case .none: break
            case .account(let account): send(.accountChanged(account)); arrived = true
            case .clock(let instant): send(.accountClock(instant)); arrived = true
            case .failed(let reason):
                failure = reason
                send(.storageProblem(reason))
                arrived = true
            }
        }
        if outcomes, let sender {
            for outcome in sender.takeOutcomes() {
                send(.delivered(outcome))
                arrived = true
            }
        }
        flush()
        return arrived
    }

    /// Sends what is due and waits for every attempt to end (each is bounded by `--notify-timeout`),
    /// taking in the outcomes: where a script lets delivery catch up (time moving, a relaunch, its end),
    /// so its runs repeat.
    public mutating func finishDeliveries() {
        flush()
        guard let sender else { return }
        while sender.isSending {
            let outcomes = sender.takeOutcomes()
            if outcomes.isEmpty {
                usleep(2_000)
                continue
            }
            for outcome in outcomes { send(.delivered(outcome)) }
            flush()
        }
        for outcome in sender.takeOutcomes() { send(.delivered(outcome)) }
        flush()
    }

    /// A script step's refusal that came only when it was made again on another device's account
    /// (another device bought it first, say), since the last call.
    public mutating func takeRefusals() -> [Effect] {
        defer { refusedOnReplay = [] }
        return refusedOnReplay
    }

    /// Why a save or a take-in of another device's save failed since the last call, if one did.
    public mutating func takeFailure() -> String? {
        defer { failure = nil }
        return failure
    }

    /// Real seconds until the next thing the clock alone changes on screen: something due in the model
    /// (`AppStore.nextDue`), the simulated clock's next minute (the finest any screen shows), the clock's
    /// periodic save; never more than `limit`. The terminal loop waits for input that long.
    public func secondsUntilDue(limit: Double) -> Double {
        let store = state.store
        let speed = store.scenario.timeRate.speed
        // The clock on screen at a fast rate: no more often than `minuteRedraw` (it moves minutes a turn).
        let nextMinute = (store.now.timeIntervalSinceReferenceDate / 60).rounded(.down) * 60 + 60
        var seconds = max(Self.minuteRedraw, (nextMinute - store.now.timeIntervalSinceReferenceDate) / max(speed, .leastNonzeroMagnitude))
        if let due = store.nextDue { seconds = min(seconds, due.timeIntervalSince(store.now) / max(speed, .leastNonzeroMagnitude)) }
        if storage != nil { seconds = min(seconds, max(0, Self.clockSaveInterval - clockUnsaved)) }
        return min(max(seconds, 0.005), limit)
    }

    /// What the saves since the last call wrote.
    public mutating func takeWritten() -> AppStore.UnsavedChanges {
        defer { written = AppStore.UnsavedChanges() }
        return written
    }

    /// Changes the state outside any message: only for setting up a test or a gallery visit's history
    /// before anything is saved.
    public mutating func prepare(_ change: (inout AppState) -> Void) {
        change(&state)
        base = state
    }

    private mutating func save() {
        saveDue = false
        guard let storage else {
            // Nothing keeps the account: what changed is as good as saved (the change list stays small).
            written.merge(state.store.unsavedChanges)
            _ = state.update(.saved)
            (base, since, clockUnsaved) = (state, [], 0)
            return
        }
        for _ in 0..<Self.saveAttempts {
            switch storage.write(state.store) {
            case .saved:
                written.merge(state.store.unsavedChanges)
                _ = state.update(.saved)
                (base, since, clockUnsaved) = (state, [], 0)
                return
            case .otherDeviceSavedFirst:
                // Nothing was written. Back to what the ledger held, the account as it is now taken in
                // (its clock no earlier than this device's), and the messages since sent again on it.
                let latest = state.store
                state = base
                switch storage.change(since: latest) {
                case .none: break
                case .account(let account): _ = state.update(.accountChanged(account))
                case .clock(let instant): _ = state.update(.accountClock(instant))
                case .failed(let reason):
                    fail(reason)
                    return
                }
                // The clock ticked on since `base` (ticks are not sent again): it moves only forward.
                if latest.now > state.store.now { _ = state.update(.accountClock(latest.now)) }
                base = state
                for message in since {
                    refusedOnReplay += state.update(message).filter { if case .refused = $0 { true } else { false } }
                }
            case .failed(let reason):
                fail(reason)
                return
            }
        }
        fail("another device of the account kept saving first; nothing was saved")
    }

    /// A save failed: what changed since the ledger's state is taken back, and the person told why.
    private mutating func fail(_ reason: String) {
        changes &+= 1
        failure = reason
        _ = state.update(.saveFailed(reason: reason, saved: base.store))
        // What taking in another device's save worked out (renewals to this device's clock) and could
        // not be written is not asked again at every turn: the ledger's state is where this device is.
        if !state.store.unsavedChanges.isEmpty { _ = state.update(.saved) }
        (base, since, clockUnsaved) = (state, [], 0)
    }

    private mutating func deliver() {
        deliveryDue = false
        guard let sender else { return }
        let sending = state.store.notificationsSending
        if !sending.isEmpty { sender.send(sending, of: state.store) }
    }
}

/// What views keep from frame to frame, so a key that changes two rows draws two rows: the header and
/// the footer's keys row (`Chrome.Kept`) and the store's product rows (`StoreScreen.DrawnRows`). Owned
/// by the runtime and handed to `AppState.view(keeping:)`; a view drawn without them draws everything.
public final class ViewCaches: Sendable {
    let chrome = Chrome.Kept()
    let storeRows = StoreScreen.DrawnRows()

    public init() {}

    /// Rows drawn afresh so far (the tests that count a key's work).
    public var rowsDrawn: Int { chrome.rowsDrawn + storeRows.drawn }
}
