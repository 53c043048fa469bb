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
        // Every event goes through the runtime: keys, resizes and the clock from here; another device's
        // saves and delivery outcomes from `poll`. It saves, retries and delivers; this loop only reads
        // the terminal and draws the frames it is given.
        var runtime = Runtime(session.appState(size: screen.size), storage: session.ledger, sender: session.courier)
        runtime.send(session.start)
        var drawn: Grid?
        let clock = ContinuousClock()
        var lastTick = clock.now
        func draw() {
            let grid = runtime.frame()
            guard grid != drawn else { return }
            screen.draw(grid, theme: session.theme)
            recording?.record(grid)
            drawn = grid
        }
        // A frame is worked out only when something may have changed it (FrameSchedule): an idle turn
        // costs no view.
        var frames = FrameSchedule()
        while true {
            // What another device of the account saved, and what the notification server answered.
            if runtime.poll() { frames.changed() }
            if frames.frameDue(at: runtime.state.store.now) { draw() }
            // SIGTERM, SIGHUP (terminal closed), SIGINT, SIGQUIT and every other signal that asks the
            // program to end (ProcessSignals.recorded): restore the terminal, then die of the signal so
            // the parent sees why.
            if let signal = screen.pendingSignal { TerminalScreen.terminate(bySignal: signal) }
            // Take every key already waiting before drawing again, so a key storm costs one frame. With
            // nothing due, wait for a key until the clock next changes what a screen shows; another
            // device's save and a server's answer are looked for every 250 ms (they do not wake the loop).
            let polled = session.ledger != nil || session.courier != nil
            let wait = runtime.secondsUntilDue(limit: polled ? 0.25 : 60)
            var event = screen.readKey(timeoutMilliseconds: Int32((wait * 1000).rounded(.up)))
            var handled = 0
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
                    let effects = runtime.send(.key(key))
                    if effects.contains(.quit) {
                        runtime.finish()
                        return 0
                    }
                    // A sheet that asks for a decision exists to stop accidents: keys typed before it
                    // was drawn must not answer it. Draw it, and drop whatever is still queued.
                    if effects.contains(.discardTypeAhead) {
                        draw()
                        frames.changed()
                        screen.discardPendingInput()
                        event = nil
                        continue
                    }
                case .resize(let size):
                    runtime.send(.resize(size))
                    drawn = nil
                }
                handled += 1
                event = handled < 256 ? screen.readKey(timeoutMilliseconds: 0) : nil
            }
            if handled > 0 || drawn == nil { frames.changed() }
            // The simulated clock follows real time at the scenario's rate.
            let now = clock.now
            let changes = runtime.changes
            runtime.send(.tick(seconds: Self.seconds(now - lastTick)))
            lastTick = now
            // Keys may have bought something: saved at once. The clock alone: every few seconds.
            runtime.flush()
            // What the clock renewed, or a save that failed, is drawn.
            if runtime.changes != changes { frames.changed() }
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

