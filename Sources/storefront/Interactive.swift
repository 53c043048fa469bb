import Foundation
import Ledger
import Review
import StoreModel
import StoreUI
import Terminal

/// The interactive app: the Elm loop between the pure core and the ncurses edge.
enum Interactive {
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Runs until the person quits (status 0) or a signal arrives (the process dies of it). The terminal is
    /// restored on every way out (`TerminalScreen.stop`, run by `defer`, and its signal handlers).
    /// `recording` (`--recording`) gets every frame the terminal is given. `environment` is the process's,
    /// read once by the caller.
    static func run(_ session: LaunchOptions.Session, environment: [String: String], recording: CastFile? = nil) throws -> Int32 {
        let screen: TerminalScreen
        do {
            screen = try TerminalScreen.start(environment: environment)
        } catch {
            throw StartupError(message: "\(error)")
        }
        defer { screen.stop() }
        let crashTest = CrashTest(environment: environment)
        var state = session.appState(size: screen.size)
        var drawn: Grid?
        var saved = state.store
        let clock = ContinuousClock()
        var lastTick = clock.now
        var lastSave = clock.now
        /// What another device of the account saved since this one last looked reaches the app as
        /// `Transaction.updates` would (a notice, every screen redrawn): polled every turn of the loop
        /// (at least every 250 ms), and one `PRAGMA data_version` when nothing is new.
        /// Returns whether anything came in (or went wrong), so the screen is worked out again.
        @discardableResult
        func sync() -> Bool {
            guard let ledger = session.ledger else { return false }
            do {
                guard let account = try ledger.refreshed(state.store) else { return false }
                state.receiveFromOtherDevices(account)
                saved = state.store
            } catch {
                state.notice = state.strings.qa.notSaved(error.description)
            }
            return true
        }
        /// Writes the store to the ledger before anything that changed is drawn, so "Purchase complete"
        /// only shows once the purchase is on disk. The ledger writes only what the store recorded as
        /// changed, then the store is marked saved. A failed write takes the change back and says so.
        /// When another device of the account saved first, nothing was written: the app goes back to
        /// `start` (where this turn began), takes in the account as it is now, and makes this turn's
        /// `changes` (its keys, the clock, delivery outcomes) again on it, so no device's write is lost.
        func commit(from start: AppState, replaying changes: [(inout AppState) -> Void]) {
            lastSave = clock.now
            // What changed becomes Server Notifications, saved with it.
            state.store.collectNotifications()
            guard let ledger = session.ledger else { return }
            for attempt in 1... {
                do {
                    try ledger.save(state.store)
                    state.store.markSaved()
                    saved = state.store
                    return
                } catch .otherDeviceWrote where attempt < 20 {
                    state = start
                    sync()
                    for change in changes { change(&state) }
                    state.store.collectNotifications()
                } catch {
                    state.store = saved
                    state.overlay = nil
                    state.notice = state.strings.qa.notSaved(error.description)
                    return
                }
            }
        }
        let onboarding = session.onboarding, firstLaunch = session.firstLaunch
        let beforeStart = state
        if state.start(onboarding: onboarding, firstLaunch: firstLaunch).contains(.save) {
            commit(from: beforeStart, replaying: [{ _ = $0.start(onboarding: onboarding, firstLaunch: firstLaunch) }])
        }
        // A frame is worked out only when something may have changed it (FrameSchedule): an idle turn
        // costs no view.
        var frames = FrameSchedule()
        while true {
            if sync() { frames.changed() }
            // This turn's changes, in order, to make again if another device saves first (`commit`).
            let start = state
            var changes: [(inout AppState) -> Void] = []
            if frames.frameDue(at: state.store.now) {
                let grid = state.view()
                if grid != drawn {
                    screen.draw(grid, theme: session.theme)
                    recording?.record(grid)
                    drawn = grid
                }
            }
            // SIGTERM, SIGHUP (terminal closed), SIGINT, SIGQUIT: restore the terminal, then die of the
            // signal so the parent sees why.
            if let signal = screen.pendingSignal { TerminalScreen.terminate(bySignal: signal) }
            // Take every key already waiting before drawing again, so a key storm costs one frame.
            var event = screen.readKey(timeoutMilliseconds: 250)
            var handled = 0
            var mustSave = false
            while let current = event {
                switch current {
                case .key(.control("z")):
                    screen.suspend()
                    drawn = nil
                case .key(.control("l")):
                    // Repaint everything, as in any full-screen program: for a screen something else
                    // wrote over.
                    screen.invalidate()
                    drawn = nil
                case .key where crashTest.armed:
                    crashTest.crash()
                case .key(let key):
                    let effects = state.update(.key(key))
                    changes.append { _ = $0.update(.key(key)) }
                    if effects.contains(.quit) {
                        commit(from: start, replaying: changes)
                        return 0
                    }
                    if effects.contains(.save) { mustSave = true }
                    // A sheet that asks for a decision exists to stop accidents: keys typed before it
                    // was drawn must not answer it. Draw it, and drop whatever is still queued.
                    if effects.contains(.discardTypeAhead) {
                        let sheet = state.view()
                        screen.draw(sheet, theme: session.theme)
                        recording?.record(sheet)
                        drawn = sheet
                        frames.changed()
                        screen.discardPendingInput()
                        event = nil
                        continue
                    }
                case .resize(let size):
                    _ = state.update(.resize(size))
                    changes.append { _ = $0.update(.resize(size)) }
                    drawn = nil
                }
                handled += 1
                event = handled < 256 ? screen.readKey(timeoutMilliseconds: 0) : nil
            }
            if handled > 0 || drawn == nil { frames.changed() }
            // Server Notifications: what the server answered since, and what is due now.
            if let courier = session.courier {
                if let record = courier.takeOutcomes() {
                    record(&state.store)
                    changes.append { record(&$0.store) }
                    mustSave = true
                }
                courier.send(due: state.store)
            }
            // The simulated clock follows real time at the scenario's rate.
            let now = clock.now
            let elapsed = Self.seconds(now - lastTick)
            if state.update(.tick(seconds: elapsed)).contains(.save) { mustSave = true }
            changes.append { _ = $0.update(.tick(seconds: elapsed)) }
            lastTick = now
            // Keys may have bought something: save at once. The clock alone: when it renewed something,
            // or every few seconds.
            if mustSave || now - lastSave > .seconds(5) {
                commit(from: start, replaying: changes)
                frames.changed()
            }
        }
    }
}

/// A real crash on demand, for the end-to-end test that the terminal is restored when the app dies of
/// a trap. Armed only when the environment has STOREFRONT_TEST_CRASH=overflow at start (read once,
/// here); then the first key after the store is drawn overflows an integer. Nothing else reads this
/// variable and no key does this otherwise, so it cannot happen by accident.
struct CrashTest {
    let armed: Bool
    private let addend: Int

    init(environment: [String: String]) {
        armed = environment["STOREFRONT_TEST_CRASH"] == "overflow"
        addend = environment["STOREFRONT_TEST_CRASH"]?.count ?? 0
    }

    func crash() {
        var value = Int.max
        value += addend // traps: arithmetic overflow
        print(value)
    }
}

