import Foundation
import StoreModel
@testable import StoreUI
import Testing

/// The one runtime (issue 51): every event a message through `update`, the effects it asks for
/// performed here, and their results fed back as messages. The ledger and the notification server are
/// stand-ins that say what a real one would.
@Suite("One runtime")
struct RuntimeTests {
    /// A ledger that another device of the account writes to: its next `refusals` writes meet that
    /// device's save, and `elsewhere` is what it saved.
    final class SharedLedger: AccountStorage, @unchecked Sendable {
        var written: [AppStore] = []
        var refusals = 0
        var failure: String?
        var elsewhere: AppStore?

        func write(_ store: AppStore) -> SaveResult {
            if let failure { return .failed(failure) }
            if refusals > 0 {
                refusals -= 1
                return .otherDeviceSavedFirst
            }
            written.append(store)
            return .saved
        }

        /// The other device buys `productID` on the account as `store` holds it, and saves.
        func buyElsewhere(_ productID: String, on store: AppStore) {
            var other = store
            other.purchase(productID)
            elsewhere = other
        }

        func change(since store: AppStore) -> AccountChange {
            guard var account = elsewhere else { return .none }
            elsewhere = nil
            (account.deviceName, account.deviceVerificationID) = (store.deviceName, store.deviceVerificationID)
            account.markSaved()
            if store.now > account.now { account.advance(to: store.now) }
            return .account(account)
        }
    }

    /// A server that records what it is handed and answers each at once.
    final class Server: NotificationSender, @unchecked Sendable {
        var sent: [UInt64] = []
        var answers: [DeliveryOutcome] = []
        func send(_ notifications: [ServerNotification], of store: AppStore) {
            for n in notifications where !sent.contains(n.id) {
                sent.append(n.id)
                answers.append(DeliveryOutcome(id: n.id, succeeded: true, retries: false))
            }
        }
        func takeOutcomes() -> [DeliveryOutcome] { defer { answers = [] }; return answers }
        var isSending: Bool { !answers.isEmpty }
    }

    static let boost = "com.trailhead.boost.small", alps = "com.trailhead.maps.alps"
    static func buy(_ productID: String) -> Message {
        .script(.verb(.buy(productID: productID, quantity: 1, offer: nil, confirm: true)))
    }

    @Test("a save that meets another device's is made again on the account as it is: the other device's purchase kept, this one's made once")
    func otherDeviceSavedFirst() throws {
        let ledger = SharedLedger()
        var runtime = Runtime(Sample.app(), storage: ledger)
        ledger.buyElsewhere(Self.alps, on: runtime.state.store)
        ledger.refusals = 1
        runtime.send(Self.buy(Self.boost))
        runtime.flush()
        let saved = try #require(ledger.written.last)
        #expect(saved.transactions.map(\.productID) == [Self.alps, Self.boost], "no write lost, none made twice")
        #expect(runtime.state.store.transactions.count == 2)
        #expect(runtime.state.store.unsavedChanges.isEmpty, "what the ledger holds")
        #expect(runtime.state.notice?.contains("Alps Map Pack") == true, "the other device's purchase arrived as it does")
        let failure = runtime.takeFailure()
        #expect(failure == nil)
    }

    @Test("a save that fails takes the change back and says why; nothing is delivered")
    func failedSave() {
        let ledger = SharedLedger(), server = Server()
        var app = Sample.app()
        app.store.notifyingServer = true
        var runtime = Runtime(app, storage: ledger, sender: server)
        ledger.failure = "the disk is full"
        runtime.send(Self.buy(Self.boost))
        runtime.flush()
        #expect(runtime.state.store.transactions.isEmpty, "taken back")
        #expect(runtime.state.notice == runtime.state.strings.qa.notSaved("the disk is full"))
        let failure = runtime.takeFailure()
        #expect(failure == "the disk is full")
        #expect(server.sent.isEmpty, "a notification is sent only once it is on disk")
    }

    @Test("notifications are delivered once saved, and the server's answers come back as messages that are saved too")
    func deliveries() {
        let ledger = SharedLedger(), server = Server()
        var app = Sample.app()
        app.store.notifyingServer = true
        var runtime = Runtime(app, storage: ledger, sender: server)
        runtime.send(Self.buy(Self.boost))
        runtime.finishDeliveries()
        #expect(server.sent == [1])
        #expect(runtime.state.store.notification(1)?.delivery == .delivered)
        #expect(ledger.written.last?.notification(1)?.delivery == .delivered, "the outcome is on disk")
    }

    @Test("the clock alone is saved every five seconds of real time, not at each tick; a key that changes nothing saves nothing")
    func clockSaves() {
        let ledger = SharedLedger()
        var runtime = Runtime(Sample.app(), storage: ledger)
        for _ in 0..<4 {
            runtime.send(.tick(seconds: 1))
            runtime.flush()
        }
        runtime.send(.key(.down))
        runtime.flush()
        #expect(ledger.written.isEmpty)
        runtime.send(.tick(seconds: 1))
        runtime.flush()
        #expect(ledger.written.count == 1)
        #expect(ledger.written.last?.now == Sample.start.addingTimeInterval(5))
    }

    @Test("a frame is saved first: what a frame shows is on disk")
    func frameSavesFirst() {
        let ledger = SharedLedger()
        var runtime = Runtime(Sample.app(), storage: ledger)
        runtime.send(Self.buy(Self.alps))
        #expect(ledger.written.isEmpty)
        _ = runtime.frame()
        #expect(ledger.written.count == 1)
    }

    @Test("another device's save arrives through poll as a message, and the screens follow it")
    func pollTakesIn() {
        let ledger = SharedLedger()
        var runtime = Runtime(Sample.app(), storage: ledger)
        ledger.buyElsewhere(Self.alps, on: runtime.state.store)
        let arrived = runtime.poll()
        #expect(arrived)
        #expect(runtime.state.store.owns(Self.alps))
        let frame = runtime.frame()
        #expect(frame.text.contains("✓ Owned"))
        let again = runtime.poll()
        #expect(!again, "nothing more")
    }

    @Test("the loop may sleep until the clock's next minute, or sooner when something falls due")
    func sleepsUntilDue() {
        var app = Sample.app()
        app.store.advance(to: Sample.start.addingTimeInterval(30))
        var runtime = Runtime(app)
        #expect(runtime.secondsUntilDue(limit: 600) == 30, "the next minute, the finest a screen shows")
        #expect(runtime.secondsUntilDue(limit: 5) == 5)
        runtime.send(.script(.set(.timeRate(.oneRenewalEveryTwoSeconds))))
        runtime.send(Self.buy("com.trailhead.plus.family.monthly"))
        #expect(runtime.secondsUntilDue(limit: 600) <= 2, "a renewal every two seconds")
    }

    @Test("a save that meets another device's keeps this device's clock: what is made again is dated now, not at the last save")
    func replayKeepsTheClock() throws {
        let ledger = SharedLedger()
        var runtime = Runtime(Sample.app(), storage: ledger)
        runtime.send(.tick(seconds: 3))
        runtime.flush()
        #expect(ledger.written.isEmpty, "the clock alone waits")
        ledger.refusals = 1
        runtime.send(Self.buy(Self.boost))
        runtime.flush()
        let saved = try #require(ledger.written.last)
        #expect(saved.now == Sample.start.addingTimeInterval(3))
        #expect(saved.transactions.last?.purchaseDate == Sample.start.addingTimeInterval(3))
    }

    @Test("quitting saves the clock too")
    func quitSavesTheClock() {
        let ledger = SharedLedger()
        var runtime = Runtime(Sample.app(), storage: ledger)
        runtime.send(.tick(seconds: 2))
        runtime.finish()
        #expect(ledger.written.last?.now == Sample.start.addingTimeInterval(2))
    }

    @Test("a step refused only when made again on another device's account is reported, not passed over")
    func refusalOnReplay() {
        let ledger = SharedLedger()
        var runtime = Runtime(Sample.app(), storage: ledger)
        ledger.buyElsewhere(Self.alps, on: runtime.state.store)
        ledger.refusals = 1
        let effects = runtime.send(.script(.verb(.buyOnDevice(productID: Self.alps, quantity: 1, device: "iPad"))))
        #expect(effects.isEmpty, "bought on the iPad, as far as this device knew")
        runtime.flush()
        let refusals = runtime.takeRefusals()
        #expect(refusals.count == 1, "already owned, once the other device's purchase is taken in")
        #expect(runtime.state.store.transactions.count == 1)
    }

    @Test("what the launch options changed (the clock moved on, renewals on the way) is saved at the start, with its notifications")
    func launchChangesSaved() throws {
        let ledger = SharedLedger()
        var app = Sample.app()
        app.store.purchase("com.trailhead.plus.pro.monthly")
        app.store.collectNotifications()
        app.store.markSaved()
        let launch = LaunchChanges(clock: Sample.start.addingTimeInterval(200 * 86_400))
        app.store.apply(launch)
        var runtime = Runtime(app, storage: ledger)
        runtime.send(.start(onboarding: false, firstLaunch: false, launch: launch))
        runtime.flush()
        let saved = try #require(ledger.written.last)
        #expect(saved.now == launch.clock)
        #expect(saved.transactions.count > 1, "renewed on the way")
        #expect(saved.notifications.filter { $0.kind == .didRenew }.count == saved.transactions.count - 1, "each renewal notified")
    }

    @Test("at a fast time rate the loop still waits a quarter second for the clock's next minute")
    func fastRateDoesNotSpin() {
        var runtime = Runtime(Sample.app())
        runtime.send(.script(.set(.timeRate(.monthlyRenewalEveryThirtySeconds))))
        #expect(runtime.secondsUntilDue(limit: 60) == 0.25)
    }
}
