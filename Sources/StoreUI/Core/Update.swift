import Foundation
import StoreModel

/// Everything that can happen to the app: each outside event is one of these, and goes through
/// `AppState.update` (the one place state changes). The terminal, a script, an SSH session's program
/// and the gallery differ only in where messages come from; `Runtime` performs what `update` asks and
/// feeds the results back as messages (a save's result, a delivery's outcome, another device's save).
public enum Message: Sendable {
    case key(Key)
    case resize(Size)
    /// Real time passed while the app was open: the simulated clock moves by it times the time rate.
    case tick(seconds: Double)
    /// The app has started (`start(onboarding:firstLaunch:)`), with what the launch options change in
    /// the account (applied before the state was made; again here, so a first save that meets another
    /// device's is made again with them).
    case start(onboarding: Bool, firstLaunch: Bool, launch: LaunchChanges = LaunchChanges())
    /// Another device of the account saved: the account as the ledger now holds it.
    case accountChanged(AppStore)
    /// Another device moved the account's clock, and saved nothing else: the clock as saved.
    case accountClock(Date)
    /// The ledger holds what the last save wrote.
    case saved
    /// A save failed and wrote nothing: `saved` is the account as the ledger still holds it.
    case saveFailed(reason: String, saved: AppStore)
    /// The ledger could not be read (another device's save could not be taken in).
    case storageProblem(String)
    /// An attempt to deliver a Server Notification ended.
    case delivered(DeliveryOutcome)
    /// A script's step that acts on the account: its verbs, time travel, settings, QA's answers.
    case script(Script.Change)
}

/// What the app asks of the world outside it. `Runtime` does these (and the terminal loop, the script
/// runner and every SSH session's program run the runtime): none of them looks inside the state to
/// decide.
public enum Effect: Sendable, Equatable {
    /// What happened changed the account: write it (the `--state` ledger) before anything that follows
    /// from it is drawn, so "Purchase complete" only shows once the purchase is on disk.
    case save
    /// Server Notifications are due from this device (`--notify`): send them, once saved.
    case deliver
    /// A system sheet that asks for a decision (the confirmation sheet, the refund sheet) just opened:
    /// keys typed before it was drawn must not answer it. Draw it, then drop the keys still queued.
    case discardTypeAhead
    case quit
    /// A script's step that cannot be done now, and why (the script stops with exit 3).
    case refused(String)
    /// Something a script's output says without stopping (time travel with nothing to renew).
    case note(String)
    /// A script's verb made the app's purchase call: its outcome in StoreKit's terms (`Script.Outcome`),
    /// which the trace prints and `expect-result` checks.
    case outcome(String)
}

extension AppState {
    /// The app has started: onboarding opens where it is due, a purchase intent the launch carried
    /// reaches the app, codes redeemed in the App Store since the last launch are handled, and what the
    /// start itself changed (a first launch, a renewal while the app was closed, a code redeemed in the
    /// App Store meanwhile) is to be saved before the first frame.
    public mutating func start(onboarding requested: Bool, firstLaunch: Bool) -> [Effect] {
        handlePendingRedemptions()
        OnboardingScreen.startIfDue(&self, requested: requested, firstLaunch: firstLaunch)
        if let intent = launchIntent {
            launchIntent = nil
            receivePurchaseIntent(intent)
        }
        return firstLaunch || !store.unsavedChanges.isEmpty ? [.save] : []
    }

    /// The one place state changes: a message in, the new state and any effects out.
    public mutating func update(_ message: Message) -> [Effect] {
        let wasAsking = overlay?.component.discardsTypeAhead ?? false
        let (changes, clock) = (store.changeCount, store.now)
        var effects: [Effect] = []
        // Whether the clock moving is a change to save at once: time travel is; real time passing is
        // saved every few seconds by the runtime; another device's clock is the ledger's already.
        var clockIsChange = true
        switch message {
        case .resize(let size):
            self.size = size
        case .tick(let seconds):
            clockIsChange = false
            guard seconds > 0 else { break }
            let (kept, minute, answersStay) = (revision, FrameSchedule.minute(of: store.now), !store.clockChangesAnswers)
            store.advance(to: store.now.addingTimeInterval(seconds * store.scenario.timeRate.speed))
            // The clock alone, within the minute, for a person with nothing the clock changes (no
            // subscription, pass or waiting request): every answer the store gives is as it was, so the
            // rows views keep stay theirs. Anyone else, or a new minute, gets a new revision.
            if answersStay, store.changeCount == changes, FrameSchedule.minute(of: store.now) == minute { revision = kept }
        case .key(let key):
            effects = take(key)
        case .start(let onboarding, let firstLaunch, let launch):
            store.apply(launch)
            effects = start(onboarding: onboarding, firstLaunch: firstLaunch)
            // What the launch options changed (applied before the state was made: the clock moved on,
            // renewals on the way, a storefront) is saved now, its notifications with it.
            if store.hasUncollectedChanges { store.collectNotifications() }
            if launch != LaunchChanges(), !effects.contains(.save) { effects.append(.save) }
        case .accountChanged(let account):
            receiveFromOtherDevices(account)
            // The other device's changes are on disk already; what taking them in changed (renewals up
            // to this device's clock) is to be saved, and sent where this device sends.
            if store.hasUncollectedChanges { store.collectNotifications() }
            let delivering = store.notifyingServer && store.startDeliveries()
            if !store.unsavedChanges.isEmpty { effects.append(.save) }
            if delivering { effects.append(.deliver) }
            return effects
        case .accountClock(let instant):
            clockIsChange = false
            if instant > store.now { store.advance(to: instant) }
        case .saved:
            store.markSaved()
            return []
        case .saveFailed(let reason, let saved):
            store = saved
            overlay = nil
            notice = strings.qa.notSaved(reason)
            return []
        case .storageProblem(let reason):
            notice = strings.qa.notSaved(reason)
            return []
        case .delivered(let outcome):
            store.recordDelivery(of: outcome.id, succeeded: outcome.succeeded, retries: outcome.retries)
        case .script(let change):
            effects = apply(change)
        }
        // What changed becomes App Store Server Notifications at once (nothing to do when nothing did:
        // the store is not touched, so views keep what they drew from it).
        if store.changeCount != changes, store.hasUncollectedChanges { store.collectNotifications() }
        // Notifications due from this device start on their way: the attempt is counted and saved
        // before the courier sends it, so an app that ends meanwhile never makes it again as a first one.
        let delivering = store.notifyingServer && store.startDeliveries()
        if store.changeCount != changes || clockIsChange && store.now != clock { effects.insert(.save, at: 0) }
        if delivering { effects.append(.deliver) }
        if !wasAsking, overlay?.component.discardsTypeAhead == true { effects.append(.discardTypeAhead) }
        return effects
    }

    private mutating func take(_ key: Key) -> [Effect] {
        // Redrawing is the terminal edge's work; here it changes nothing, not even the notice.
        if key == Keymap.redraw { return [] }
        notice = nil
        if key == Keymap.interrupt { return [.quit] }
        // A text field with focus takes its keys first (`q` typed there is text); pasted text is only
        // ever a field's.
        if typeIntoFocusedField(key) { return [] }
        if case .paste = key { return [] }
        guard let action = activeBinding(for: key)?.action else { return [] }
        let depth = screens.count
        let effects = perform(action)
        // Back at the store: it loads its products again, as a store view does each time it appears.
        if screens.count < depth, screens.count == 1 { loadProducts() }
        askForPriceConsentIfDue()
        continueDeferredIntent()
        return effects
    }

    private mutating func perform(_ action: Action) -> [Effect] {
        if action == .quit {
            // An unsent feedback draft: ask first (Ctrl-C still quits at once; the draft is kept as typed).
            if overlay == nil, FeedbackScreen.hasUnsentDraft(self) {
                overlay = .confirm(.leaveFeedback(quitting: true))
                return []
            }
            return [.quit]
        }
        if action == .help {
            overlay = .help(Overlays.Help(screen: activeKind, under: overlay))
            return []
        }
        if var open = overlay?.component { return open.update(action, &self) }
        if performNavigation(action) { return [] }
        return updateTop { $0.update(action, &$1) }
    }

    /// Hands the screen on top to `body`, with the app, and keeps what it made of the screen (unless
    /// it closed itself).
    private mutating func updateTop<Result>(_ body: (inout any StackScreen, inout AppState) -> Result) -> Result {
        let index = screens.count - 1
        var screen = screens[index].component
        let result = body(&screen, &self)
        if index < screens.count, screens[index].kind == screen.kind { screens[index] = screen.screen }
        return result
    }

    /// Gives a key to the text field that has focus, if one does, before any key binding sees it; true
    /// when the field took it. The overlay, where one is open, has the focus (the key help over a sheet
    /// takes keys for itself, so a field under it has none); else the screen on top.
    private mutating func typeIntoFocusedField(_ key: Key) -> Bool {
        if var open = overlay?.component { return open.type(key, &self) }
        return updateTop { $0.type(key, &$1) }
    }

    /// Opening the QA tools and time travel, the same wherever their keys are bound.
    mutating func performNavigation(_ action: Action) -> Bool {
        switch action {
        case .scenario: open(.scenario(ScenarioScreen.State()))
        case .transactions: TransactionsScreen.open(&self)
        case .advanceDay: travel(to: SubscriptionPeriod(value: 1, unit: .day).added(to: store.now))
        case .advanceWeek: travel(to: SubscriptionPeriod(value: 1, unit: .week).added(to: store.now))
        case .advanceToRenewal:
            guard let date = store.nextRenewalDate else { notice = strings.qa.nothingToRenew; return true }
            travel(to: date)
        case .clearAll: overlay = .confirm(.clearAll)
        case .freeContent: FreeContentScreen.open(&self)
        case .account: AccountScreen.open(&self)
        case .purchaseHelp: HelpScreen.open(&self)
        case .redeemCode: RedeemSheet.open(&self)
        default: return false
        }
        return true
    }

    /// Time travel, with a notice of what happened on the way: renewals, subscriptions that changed
    /// state (into grace, billing retry, expiry), and Ask to Buy requests that expired unanswered.
    public mutating func travel(to date: Date) {
        let before = store.transactions.count
        // Only groups with a status can change state, or have one afterwards.
        let statesBefore = Dictionary(uniqueKeysWithValues: groupsWithStatus.map { ($0, store.status(ofGroup: $0)?.state) })
        let waiting = store.pendingRequests.filter { $0.kind == .askToBuy }.map(\.id)
        store.advance(to: date)
        var changes: [String] = []
        let renewals = store.transactions.count - before
        if renewals > 0 { changes.append(strings.qa.renewals(renewals)) }
        let expired = waiting.filter { store.event($0)?.status == .expired }.count
        if expired > 0 { changes.append(strings.qa.askToBuyExpired(expired)) }
        for groupID in groupsWithStatus {
            guard let group = store.catalog.group(groupID), let new = store.status(ofGroup: groupID)?.state,
                  new != statesBefore[groupID] ?? nil else { continue }
            changes.append(strings.qa.statusChange(text(group.name), new))
        }
        notice = strings.qa.moved(dateTime(store.now), changes)
    }

    /// Moves the inspector table's selection, where the inspector is open.
    mutating func setInspectorSelection(_ id: UInt64?) {
        guard let index = screens.lastIndex(where: { $0.kind == .transactions }),
              case .transactions(var screen) = screens[index] else { return }
        screen.selection = id
        screens[index] = .transactions(screen)
    }

    /// Where a list's selection goes for a movement key (↑↓, page, first, last); nil for other actions.
    static func listMove(_ action: Action, from index: Int, count: Int, page: Int) -> Int? {
        let page = max(1, page)
        let target: Int
        switch action {
        case .up: target = index - 1
        case .down: target = index + 1
        case .pageUp: target = index - page
        case .pageDown: target = index + page
        case .top: target = 0
        case .bottom: target = count - 1
        default: return nil
        }
        return min(max(target, 0), count - 1)
    }

    /// The bindings of the active screen that do something right now: the footer, the `?` help and the
    /// key handling all read this, so "b buy" shows only where b buys.
    public var activeBindings: [Binding] { bindings(for: activeKind) }

    /// A screen's bindings that do something right now.
    public func bindings(for kind: ScreenKind) -> [Binding] {
        guard let component = component(for: kind) else { return [] }
        return component.bindings.filter { isActive($0, in: component) }
    }

    /// The first of `activeBindings` that a key presses: only the bindings with that key are asked
    /// whether they are available (asking every binding was a tenth of a key's work in the store).
    func activeBinding(for key: Key) -> Binding? {
        guard let component = component(for: activeKind) else { return nil }
        return component.bindings.first { $0.keys.contains(key) && isActive($0, in: component) }
    }

    private func isActive(_ binding: Binding, in component: any ScreenComponent) -> Bool {
        // The free area's key shows only where the catalog has one.
        if binding.action == .freeContent, store.catalog.freeContent == nil { return false }
        // Redeeming a code is an in-app purchase: no door to it while purchases are blocked.
        if binding.action == .redeemCode, !mayRedeemCodes { return false }
        return component.isAvailable(binding.action, self)
    }

    /// The open component of a kind: the overlay (or the sheet under the key help), else a screen on
    /// the stack, the top first.
    func component(for kind: ScreenKind) -> (any ScreenComponent)? {
        if kind == .tooSmall { return TooSmall() }
        var open = overlay
        if case .help(let help)? = overlay {
            if kind == .help { return help }
            open = help.under
        }
        if let component = open?.component, component.kind == kind { return component }
        return screens.reversed().lazy.map(\.component).first { $0.kind == kind }
    }

    /// Whether the app offers Redeem Code: only where purchases are allowed, since a redemption is an
    /// in-app purchase (StoreKit's canMakePayments: "don't enable your user interface for making in-app
    /// purchases when purchases are blocked"). A redemption URL still opens the App Store's sheet,
    /// which refuses the code.
    public var mayRedeemCodes: Bool { store.gate.canMakePayments }

    /// Whether the person can start buying this product here: sold in this territory, and the pitch
    /// policy says it may be offered (payments allowed, not owned, not included in their plan, and not a
    /// subscription they already have: a subscriber is never re-pitched).
    public func canBuy(_ product: Product) -> Bool {
        guard product.price(in: store.territory) != nil else { return false }
        return store.pitch(forProduct: product.id).mayPitch
    }

    /// Whether a family member may buy this subscription as a plan of their own, on their own initiative
    /// (from its detail view or the sign-up screen they opened): never pitched, but sold.
    public func canBuyOwnPlan(_ product: Product) -> Bool {
        guard product.price(in: store.territory) != nil, let groupID = product.subscription?.groupID else { return false }
        return store.mayBuyOwnSubscription(inGroup: groupID)
    }
}
