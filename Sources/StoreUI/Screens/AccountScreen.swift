import Foundation
import StoreModel

/// The Account screen (HIG "Helping people manage their subscriptions"): for each subscription group
/// the person has, a summary of each plan (its name, the price charged next, "Renews on" or
/// "Expires on", its state in words) with its buttons — Manage Subscription, Cancel Subscription or
/// Resubscribe, Update Payment Method in a billing problem, the price-increase consent — then what they
/// own (non-consumables, passes to their end dates, consumables left, with Use One), requests waiting,
/// and Restore Purchases. Someone without a subscription gets See Plans. Reached with `a` from the store
/// and `--open account`.
public enum AccountScreen {
    public struct State: Sendable, Equatable {
        /// The selected button (an index into the layout's entries).
        public var selection = 0
        /// The first line shown.
        public var offset = 0
        public init() {}
    }

    /// What a selectable line does.
    enum Entry: Equatable {
        case manage(String), cancel(String), resubscribe(String), updatePayment(String), priceIncrease(String)
        case ownPlan(String), seePlans(String)
        case use(String)
        case pending(UInt64)
        case restore, redeem, purchaseHelp

        var groupID: String? {
            switch self {
            case .manage(let id), .cancel(let id), .resubscribe(let id), .updatePayment(let id), .priceIncrease(let id),
                 .ownPlan(let id), .seePlans(let id): id
            case .use, .pending, .restore, .redeem, .purchaseHelp: nil
            }
        }
    }

    static func open(_ app: inout AppState) {
        app.open(.account(State()))
    }

    // MARK: update

    public static func update(_ action: Action, _ screen: inout State, _ app: inout AppState) {
        let layout = layout(app)
        screen.selection = min(screen.selection, max(0, layout.entries.count - 1))
        let selected = layout.entries.isEmpty ? nil : layout.entries[screen.selection]
        if let moved = AppState.listMove(action, from: screen.selection, count: layout.entries.count, page: max(1, layout.viewHeight / 2)) {
            screen.selection = moved
            scrollToSelection(&screen, layout)
            return
        }
        switch action {
        case .back: app.screens.removeLast()
        case .press: if let selected { perform(selected, &app) }
        case .cancelSubscription:
            // The selected plan's group, else the first the person can cancel.
            guard let groupID = selected?.groupID ?? layout.entries.lazy.compactMap(\.groupID).first else { return }
            RetentionPitchScreen.startCancelling(groupID: groupID, &app)
        case .useOne: if case .use? = selected { perform(selected!, &app) }
        case .restore: app.startRestore()
        // The App Store's product page opens outside the app (the reference's `action=write-review`
        // link): the notice says where the person is taken. Never requestReview, which no key may call.
        case .writeReview: app.notice = app.strings.review.writeReviewOpens(app.appName)
        default: break
        }
    }

    private static func perform(_ entry: Entry, _ app: inout AppState) {
        let words = app.strings.account
        switch entry {
        case .manage(let groupID): ManageSheet.open(groupID: groupID, &app)
        case .cancel(let groupID): RetentionPitchScreen.startCancelling(groupID: groupID, &app)
        case .resubscribe(let groupID): app.resubscribe(groupID: groupID)
        case .updatePayment:
            app.store.updatePaymentMethod()
            app.notice = words.paymentUpdated
        case .priceIncrease(let groupID): app.overlay = .priceConsent(PriceConsent.State(groupID: groupID))
        case .ownPlan(let groupID): app.openSignup(groupID: groupID, ownInitiative: true)
        case .seePlans(let groupID): app.openSignup(groupID: groupID)
        case .use(let productID):
            guard app.store.useConsumable(productID), let product = app.store.catalog.product(productID) else { return }
            app.notice = words.used(app.name(product), app.store.consumableBalance(productID))
        case .pending(let eventID):
            guard let request = app.store.event(eventID), let productID = request.productID else { return }
            _ = app.explainPendingRequest(for: productID)
        case .restore: app.startRestore()
        case .purchaseHelp: HelpScreen.open(&app)
        case .redeem: RedeemSheet.open(&app)
        }
    }

    public static func isAvailable(_ action: Action, _ screen: State, _ app: AppState) -> Bool {
        let entries = layout(app).entries
        let selected = entries.isEmpty ? nil : entries[min(screen.selection, entries.count - 1)]
        switch action {
        case .move, .up, .down, .pageUp, .pageDown, .top, .bottom: return entries.count > 1
        case .press: return selected != nil
        case .useOne: if case .use? = selected { return true } else { return false }
        case .cancelSubscription:
            return entries.contains { if case .cancel = $0 { true } else { false } }
        default: return true
        }
    }

    static func scrollToSelection(_ screen: inout State, _ layout: Layout) {
        screen.offset = layout.offset(showing: screen.selection, from: screen.offset)
    }

    // MARK: layout

    typealias Layout = ListPage<Entry>

    static func layout(_ app: AppState) -> Layout {
        var layout = Layout(app)
        let store = app.store, strings = app.strings, words = strings.account
        func para(_ text: String, _ role: Role, indent: Int = 0) { layout.para(text, role, indent: indent) }
        func pair(_ text: String, _ role: Role, right: String?, _ rightRole: Role, indent: Int = 0, entry: Entry? = nil) {
            layout.pair(text, role, right: right, rightRole, indent: indent, entry: entry)
        }
        func button(_ label: String, _ entry: Entry) { layout.button(label, entry) }
        func blank() { layout.blank() }

        pair(words.title, .title, right: TextWidth.truncate(store.account, to: max(1, layout.area.width / 2)), .dim)
        blank()
        layout.firstEntryContext = layout.lines.count
        // Subscription Status failed (QA's error for `Product.SubscriptionInfo.status`): the app knows
        // nothing of the person's plans, and says so instead of offering plans they may have.
        if let error = store.injectedError(.subscriptionStatus) {
            para(strings.faults.statusUnavailable, .warning)
            para(strings.faults.reason(error), .dim)
            blank()
        }
        let groups = store.injectedError(.subscriptionStatus) != nil ? [] : app.groupsWithStatus.compactMap { store.catalog.group($0) }
        for group in groups {
            para(app.text(group.name), .section)
            for status in store.statuses(ofGroup: group.id) {
                summary(app, status, group: group.id, pair: pair, para: para, button: button)
            }
            blank()
        }
        if groups.isEmpty, store.injectedError(.subscriptionStatus) == nil {
            para(words.noSubscription, .dim)
            if let group = store.catalog.subscriptionGroups.first, store.pitch(forGroup: group.id).mayPitch {
                button(words.seePlans, .seePlans(group.id))
            }
            blank()
        }
        // What the person owns, and what waits on someone.
        para(words.purchases, .section)
        let start = layout.lines.count
        for request in store.pendingRequests where request.isPurchaseRequest {
            guard let productID = request.productID, let product = store.catalog.product(productID) else { continue }
            pair(app.name(product), .normal, right: request.kind == .askToBuy ? words.waitingForApproval : words.actionNeeded,
                 .warning, indent: 2, entry: .pending(request.id))
        }
        for transaction in store.deliveredEntitlements() where transaction.productType != .autoRenewable {
            guard let product = store.catalog.product(transaction.productID) else { continue }
            let right = transaction.productType == .nonRenewing
                ? words.activeUntil(transaction.appPassEnd.map(app.date) ?? "—")
                : (transaction.ownership == .familyShared ? words.sharedBy(AppStore.familyOrganizer) : words.owned)
            pair(app.name(product), .normal, right: right, .owned, indent: 2)
        }
        for product in store.consumablesHeld {
            pair(app.name(product), .normal, right: words.left(store.consumableBalance(product.id)), .owned, indent: 2,
                 entry: .use(product.id))
        }
        // With a subscription listed above, "nothing purchased" would read as if it were not bought.
        if layout.lines.count == start { para(groups.isEmpty ? words.noPurchases : words.noOtherPurchases, .dim, indent: 2) }
        blank()
        button(strings.signup.restorePurchases, .restore)
        if app.mayRedeemCodes { button(strings.redeem.redeemCode, .redeem) }
        button(strings.help.title, .purchaseHelp)
        return layout
    }

    /// One plan's summary and its buttons.
    private static func summary(_ app: AppState, _ status: SubscriptionStatus, group groupID: String,
                                pair: (String, Role, String?, Role, Int, Entry?) -> Void,
                                para: (String, Role, Int) -> Void, button: (String, Entry) -> Void) {
        let store = app.store, strings = app.strings, words = strings.account
        guard let product = store.catalog.product(status.transaction.productID), let info = product.subscription else { return }
        let shared = status.transaction.ownership == .familyShared
        let renewal = status.renewal
        // Monthly payments with a 12-month commitment: payments left are billed even after a cancel.
        let commitment = status.state.hasAccess && !shared ? status.transaction.commitment : nil
        let paymentsLeft = commitment?.hasPaymentsLeft == true
        // The price charged next (an introductory or booked offer included), else the plan's own price.
        var price: String?
        if shared || status.state == .inBillingRetryPeriod {
            // The organizer pays for a shared plan; in billing retry the words say what to do, no price.
            price = nil
        } else if (status.state.hasAccess && renewal?.willAutoRenew == false && !paymentsLeft) || status.state == .revoked {
            // Cancelled or refunded: nothing more is charged, so no price beside it (a trial's included).
            price = nil
        } else if let charge = store.nextCharge(ofGroup: groupID), charge.productID != product.id {
            // A change of plan is booked for the renewal: beside this plan's name, what its period in force
            // costs (the line below says what it changes to, and when).
            let offer = store.offer(of: status.transaction)
            let period = offer.map { $0.paymentMode == .payAsYouGo ? $0.period : $0.totalDuration } ?? info.period
            price = status.transaction.price == 0 ? offer.map { BillingTerms(app).offerPrice($0, amount: 0) }
                : app.price(status.transaction.price) + strings.perPeriod(period)
        } else if let charge = store.nextCharge(ofGroup: groupID), charge.amount == 0, let offer = charge.offer {
            // A free month next: "Free for 1 month", not "$0.00/month".
            price = BillingTerms(app).offerPrice(offer, amount: 0)
        } else if let charge = store.nextCharge(ofGroup: groupID), let next = store.catalog.product(charge.productID) {
            let period = charge.commitment != nil ? CommitmentPlan.paymentPeriod
                : charge.offer.map { $0.paymentMode == .payAsYouGo ? $0.period : $0.totalDuration } ?? next.subscription!.period
            price = app.price(charge.amount) + strings.perPeriod(period)
        } else if let amount = store.price(of: product) {
            price = app.price(amount) + strings.perPeriod(info.period)
        }
        let onMonthlyPlan = commitment != nil || (status.transaction.isMonthlyPlanOffer && !shared)
        let name = onMonthlyPlan ? strings.payMonthly(app.name(product)) : app.name(product)
        // The plan's name alone: "Level 2" is App Store Connect's rank, not a customer's word.
        pair(name, .title, price, .price, 2, nil)
        let end = status.transaction.expirationDate.map(app.date) ?? "—"
        var facts: [String] = []
        switch status.state {
        case .subscribed, .inGracePeriod:
            if shared {
                facts.append(words.sharedBy(AppStore.familyOrganizer))
            } else if status.state == .inGracePeriod {
                facts.append(words.gracePeriod)
            } else if status.transaction.offerKind == .introductory {
                facts.append(status.transaction.price == 0 ? words.freeTrial : words.introductoryPrice)
            } else {
                facts.append(words.active)
            }
            if let commitment { facts.append(words.paymentOf(commitment.billingPeriodNumber, commitment.totalBillingPeriods)) }
            // In a grace period the renewal date has passed: the notice below gives the date access ends.
            if status.state == .subscribed {
                facts.append(paymentsLeft ? words.nextPaymentOn(end) : renewal?.willAutoRenew == true ? words.renewsOn(end) : words.expiresOn(end))
            }
        case .inBillingRetryPeriod: facts.append(words.billingProblem)
        case .expired: facts.append(words.expiredOn(end))
        case .revoked: facts.append(words.refundedOn(status.transaction.revocationDate.map(app.date) ?? end))
        }
        para(facts.joined(separator: " · "), status.state.hasAccess ? .owned : .warning, 2)
        // The commitment: payments made and left, its end, and what follows it (Apple: people see "the
        // number of completed and remaining payments"; cancelling stops only what follows it).
        if let commitment {
            let left = commitment.totalBillingPeriods - commitment.billingPeriodNumber
            let ends = app.date(commitment.expirationDate)
            para(words.commitmentProgress(left, ends), .normal, 2)
            if renewal?.willAutoRenew != true {
                para(words.commitmentCancelled(left, ends), .warning, 2)
            } else if renewal?.renewalBillingPlanType == .billedUpFront, let upFront = BillingTerms(app).renewalPrice(product) {
                para(words.thenBilledUpFront(upFront), .dim, 2)
            } else {
                para(words.thenNewCommitment(strings.commitmentLength(commitment.totalBillingPeriods)), .dim, 2)
            }
        }
        // An offer being paid: its price until the standard price starts (in a grace period too: the
        // recovery charges what the renewal would have).
        if !shared, status.state.hasAccess, let charge = store.nextCharge(ofGroup: groupID),
           charge.currentOffer != nil || charge.offer != nil, let text = BillingTerms(app).nextCharge(charge, on: product) {
            para(text, .price, 2)
        }
        if shared {
            para(words.organizerManages(AppStore.familyOrganizer), .dim, 2)
            if store.mayBuyOwnSubscription(inGroup: groupID) { button(words.ownPlan, .ownPlan(groupID)) }
            return
        }
        if let renewal, status.state.hasAccess, renewal.willAutoRenew {
            if renewal.autoRenewProductID != product.id, let next = store.catalog.product(renewal.autoRenewProductID) {
                para(words.changesTo(app.name(next), end), .accent, 2)
            }
            if let next = store.catalog.product(renewal.autoRenewProductID), let offer = store.bookedOffer(renewal, on: next) {
                // From the next renewal, or after an introductory price still being paid.
                let from = store.nextCharge(ofGroup: groupID)?.bookedFrom.map(app.date) ?? end
                para(words.offerFrom(BillingTerms(app).offerPrice(offer, amount: offer.price(in: store.territory) ?? 0), from), .accent, 2)
            }
            // Only once the next renewal charges it: during an introductory price, no consent is due yet.
            if store.isPriceConsentDue(group: groupID), let next = store.catalog.product(renewal.autoRenewProductID),
               let amount = store.price(of: next) {
                para(words.newPriceFrom(app.price(amount) + strings.perPeriod(next.subscription!.period), end), .warning, 2)
            }
        }
        // A billing problem: what is wrong and what to do, with the date access ends in a grace period.
        if status.state == .inGracePeriod, let graceEnd = renewal?.gracePeriodExpiration {
            para(strings.paymentProblemGrace(app.date(graceEnd)), .warning, 2)
        } else if status.state == .inBillingRetryPeriod {
            para(strings.paymentProblem, .warning, 2)
        }
        switch status.state {
        case .subscribed, .inGracePeriod, .inBillingRetryPeriod:
            button(words.manage, .manage(groupID))
            if renewal?.billingIssueSince != nil { button(words.updatePaymentMethod, .updatePayment(groupID)) }
            if store.isPriceConsentDue(group: groupID) { button(words.reviewPriceIncrease, .priceIncrease(groupID)) }
            if status.state.hasAccess {
                if renewal?.willAutoRenew == true {
                    button(words.cancelSubscription, .cancel(groupID))
                } else {
                    button(words.resubscribe, .resubscribe(groupID))
                }
            }
        case .expired, .revoked:
            // Lapsed: buying again, from the group's sign-up screen (never while another plan gives access).
            if !(store.status(ofGroup: groupID)?.state.hasAccess ?? false) { button(words.resubscribe, .resubscribe(groupID)) }
        }
    }

    // MARK: view

    public static func draw(_ grid: inout Grid, _ state: AppState, _ screen: State) {
        layout(state).draw(&grid, state, selection: screen.selection, offset: screen.offset)
    }
}

extension AppState {
    /// Resubscribe: while the subscription still gives access, auto-renew goes back on (nothing is
    /// bought); once it has lapsed, the group's sign-up screen, where buying again starts it anew.
    mutating func resubscribe(groupID: String) {
        if let status = store.status(ofGroup: groupID, ownership: .purchased), status.state.hasAccess,
           let product = store.catalog.product(status.transaction.productID) {
            store.setAutoRenew(true, group: groupID)
            notice = strings.account.resubscribed(name(product), status.transaction.expirationDate.map(date) ?? "—")
        } else {
            openSignup(groupID: groupID, ownInitiative: true)
        }
    }

    /// A purchase waiting on someone (an Ask to Buy request, an interrupted purchase) is explained:
    /// true when it did. From a buy button (`buying`), an Ask to Buy request may be asked again: the
    /// App Store consolidates the requests and the waiting one's 24 hours start again (Apple's reply in
    /// developer forums thread 706277: re-requesting is safe). An interrupted purchase waits on the
    /// person's own action outside the app, so it is always explained.
    mutating func explainPendingRequest(for productID: String, buying: Bool = false) -> Bool {
        guard let request = store.pendingRequest(for: productID), let product = store.catalog.product(productID) else { return false }
        if buying && request.kind == .askToBuy { return false }
        let words = strings.account
        notice = request.kind == .askToBuy ? words.askToBuyWaiting(name(product)) : words.interruptedWaiting(name(product))
        return true
    }

    /// Opens the confirmation sheet for a change of plan chosen on the manage sheet: the quote says
    /// whether it is an upgrade, a downgrade or a crossgrade, and when it takes effect.
    mutating func openPlanChange(to productID: String) {
        do {
            let quote = try store.quote(productID)
            overlay = .sheet(PurchaseSheet(quote: quote, confirmFocused: false))
        } catch {
            overlay = .result(PurchaseResult(productID: productID, quantity: 1, outcome: .failed(error)))
        }
    }
}

// MARK: component

extension AccountScreen: ComponentFunctions {
    public static let bindings: [Binding] =
        Binding.list + [.press, .cancelSubscription,
         Binding(keys: [.character("u")], label: "u", action: .useOne, importance: .normal),
         Binding(keys: [.character("r")], label: "r", action: .restore, importance: .normal),
         .redeemCode, .purchaseHelp,
         Binding(keys: [.character("w")], label: "w", action: .writeReview, importance: .low),
         .back, .scenario, .transactions, .help, .quit]
}

extension AccountScreen.State: StackScreen, FunctionsComponent {
    public typealias Functions = AccountScreen
    public var kind: ScreenKind { .account }
    public var screen: AppState.Screen { .account(self) }
}
