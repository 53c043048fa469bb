import Foundation
import StoreModel

/// What can happen to the app.
public enum Message: Sendable, Equatable {
    case key(Key)
    case resize(Size)
    /// Real time passed while the app was open: the simulated clock moves by it times the time rate.
    case tick(seconds: Double)
}

/// What the app asks of the world outside it. The terminal loop, the script runner (and so every SSH
/// session, which runs the ordinary program) do these and nothing else: none of them looks inside the
/// state to decide.
public enum Effect: Sendable, Equatable {
    /// What the person did may have changed the store: write it (the `--state` ledger) before anything
    /// that follows from it is drawn, so "Purchase complete" only shows once the purchase is on disk.
    case save
    /// A system sheet that asks for a decision (the confirmation sheet, the refund sheet) just opened:
    /// keys typed before it was drawn must not answer it. Draw it, then drop the keys still queued.
    case discardTypeAhead
    case quit
}

extension AppState {
    /// The app has started: onboarding opens where it is due, and what the start itself changed (a first
    /// launch, a renewal while the app was closed, a code redeemed in the App Store meanwhile) is to be
    /// saved before the first frame.
    public mutating func start(onboarding requested: Bool, firstLaunch: Bool) -> [Effect] {
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
        var effects: [Effect] = []
        var changed = false
        switch message {
        case .resize(let size):
            self.size = size
        case .tick(let seconds):
            // The clock alone is no change to save at once (the terminal loop saves it every few
            // seconds); what it renewed is.
            guard seconds > 0 else { break }
            let before = store.unsavedChanges
            let (kept, minute, answersStay) = (revision, FrameSchedule.minute(of: store.now), !store.clockChangesAnswers)
            store.advance(to: store.now.addingTimeInterval(seconds * store.scenario.timeRate.speed))
            changed = store.unsavedChanges != before
            // The clock alone, within the minute, for a person with nothing the clock changes (no
            // subscription, pass or waiting request): every answer the store gives is as it was, so the
            // rows views keep stay theirs. Anyone else, or a new minute, gets a new revision.
            if answersStay, !changed, FrameSchedule.minute(of: store.now) == minute { revision = kept }
        case .key(let key):
            let before = WhatASaveWrites(store)
            effects = take(key)
            changed = WhatASaveWrites(store) != before
        }
        // What changed becomes App Store Server Notifications at once (nothing to do when nothing did).
        if changed { store.collectNotifications() }
        if changed { effects.insert(.save, at: 0) }
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

/// What a save writes: the store's recorded changes (`AppStore.unsavedChanges`), and the ledger's
/// settings beside them: the scenario's switches, the clock, the counters, whether onboarding was shown.
/// A key that changes any of them asks for a save.
private struct WhatASaveWrites: Equatable {
    var changes: AppStore.UnsavedChanges
    var scenario: [ScenarioSetting]
    var now: Date
    var nextIDs: [UInt64]
    var onboardingShown: Bool
    var commitmentDisclosureShown: Bool

    init(_ store: AppStore) {
        changes = store.unsavedChanges
        scenario = ScenarioSetting.current(store)
        now = store.now
        nextIDs = [store.nextTransactionID, store.nextEventID]
        onboardingShown = store.onboardingShown
        commitmentDisclosureShown = store.commitmentDisclosureShown
    }
}
