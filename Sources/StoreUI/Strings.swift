import Foundation
import StoreModel

/// Every word the app shows, in one table per language (after lazygit's i18n/english.go). English is
/// complete; other languages start from it and replace what they translate, so a missing translation
/// shows English rather than nothing. Numbers, money and dates are never formatted here: Foundation does
/// that for the locale.
public struct Strings: Sendable {
    // Shell
    public var store = "Store"
    public var signedInAs: @Sendable (String) -> String = { "Signed in as \($0)" }
    public var notSubscribed = "Not subscribed"
    public var purchasesBlocked = "Purchases unavailable"
    public var tooSmall: @Sendable (Size, Size) -> String = { now, minimum in
        "Terminal too small: \(now.columns)×\(now.rows). storefront needs at least \(minimum.columns)×\(minimum.rows). Enlarge the window, or press q to quit."
    }
    public var keysOf: @Sendable (String) -> String = { "Keys — \($0)" }
    public var closeHelp = "Press Esc or ? to close"

    // Store sections, by product type
    public var sectionTitle: @Sendable (ProductType) -> String = {
        switch $0 {
        case .consumable: "Consumables"
        case .nonConsumable: "Unlocks"
        case .autoRenewable: "Subscriptions"
        case .nonRenewing: "Passes"
        }
    }
    public var sectionNote: @Sendable (ProductType) -> String = {
        switch $0 {
        case .consumable: "buy as many as you like"
        case .nonConsumable: "buy once, yours to keep"
        case .autoRenewable: "renew automatically until cancelled"
        case .nonRenewing: "for a set time, no auto-renewal"
        }
    }
    public var typeDescription: @Sendable (ProductType) -> String = {
        switch $0 {
        case .consumable: "Consumable: used up as you go, buy again any time. Not restored on other devices."
        case .nonConsumable: "Non-consumable: buy once and keep it. Restored on all your devices."
        case .autoRenewable: "Auto-renewable subscription: renews until you cancel. Restored on all your devices."
        case .nonRenewing: "Non-renewing subscription: lasts a set time and does not renew. Buying again extends it."
        }
    }

    // Product rows and detail
    public var owned = "✓ Owned"
    public var subscribed = "✓ Subscribed"
    public var sharedByFamily = "✓ Shared by family"
    public var activeUntil: @Sendable (String) -> String = { "✓ Active until \($0)" }
    public var familySharing = "Family Sharing"
    public var familySharingNote = "Shareable with up to five family members through Family Sharing."
    public var each: @Sendable (String) -> String = { "\($0) each" }
    public var quantity = "Qty"
    public var inPossession: @Sendable (Int) -> String = { "You have \($0)." }
    public var notSoldHere = "Not sold in this territory"
    public var renewsOn: @Sendable (String) -> String = { "Renews \($0)" }
    public var expiresOn: @Sendable (String) -> String = { "Expires \($0)" }
    public var extendsTo: @Sendable (String) -> String = { "Buying again extends it to \($0)." }
    public var subscribedElsewhere: @Sendable (String) -> String = { "You're subscribed to \($0)." }
    public var resubscribe: @Sendable (String) -> String = { "Resubscribe to \($0)" }
    public var winBack: @Sendable (String) -> String = { "Welcome back: \($0)" }
    public var buy = "Buy"
    public var subscribe = "Subscribe"
    public var buyNamed: @Sendable (String, String) -> String = { "Buy \($0) — \($1)" }
    /// The compact layout's button when its terms need a line of their own: "Buy Trail Boost × 3".
    public var buyName: @Sendable (String) -> String = { "Buy \($0)" }
    public var resubscribeButton = "Resubscribe"
    /// A product whose content the person's subscription already gives (`includedIn`).
    public var includedInPlan = "✓ Included in your plan"
    public var includedInNamed: @Sendable (String) -> String = { "Included in your \($0) subscription: nothing to buy." }
    /// Billing retry: a renewal could not be charged and access is paused. Never a plan or a price here.
    public var paymentProblemShort = "⚠ Payment problem"
    public var updatePaymentMethod = "Update your payment method in your Apple Account settings."
    public var paymentProblemUntil: @Sendable (String) -> String = { "⚠ Payment problem: access until \($0)" }
    public var paymentProblem = "There's a problem with your payment method. Update it in your Apple Account settings; the App Store keeps trying to renew, and access returns as soon as it succeeds."
    /// Grace period: the same problem, with access until the date.
    public var paymentProblemGrace: @Sendable (String) -> String = {
        "There's a problem with your payment method. Update it in your Apple Account settings to keep your subscription; access continues until \($0)."
    }
    /// The header's word for a subscription in billing retry: "Pro Monthly: payment problem".
    public var paymentProblemIn: @Sendable (String) -> String = { "\($0): payment problem" }
    /// What a subscriber pays next. "$1.99/month until Feb 21, 2027, then $9.99/month"
    public var payingUntil: @Sendable (String, String, String) -> String = { offer, date, standard in "\(offer) until \(date), then \(standard)" }
    /// A subscriber in a free trial: "Free trial until Nov 28, 2026, then $9.99/month"
    public var trialUntil: @Sendable (String, String) -> String = { date, standard in "Free trial until \(date), then \(standard)" }

    // Billing terms: `price` is already formatted by Foundation.
    /// "/month", "/6 months"
    public var perPeriod: @Sendable (SubscriptionPeriod) -> String = { period in
        period.value == 1 ? "/" + englishUnit(period) : "/" + englishDuration(period)
    }
    /// "1 week", "3 months"
    public var duration: @Sendable (SubscriptionPeriod) -> String = { englishDuration($0) }
    public var freeFor: @Sendable (String) -> String = { "Free for \($0)" }
    /// "Free for 1 week, then $39.99/year"
    public var thenPrice: @Sendable (String, String) -> String = { "\($0), then \($1)" }
    /// "Free for 1 week, then $9.99/month starting Nov 28, 2026": the offer, the standard price and the
    /// date it is first billed.
    public var thenPriceFrom: @Sendable (String, String, String) -> String = { offer, price, date in
        "\(offer), then \(price) starting \(date)"
    }
    /// "$1.99/month for 3 months"
    public var forDuration: @Sendable (String, String) -> String = { "\($0) for \($1)" }
    /// "$2.99 for the first 3 months"
    /// ("$29.99 for the first year": never "the first 1 year")
    public var upFront: @Sendable (String, String) -> String = { price, duration in
        "\(price) for the first \(duration.hasPrefix("1 ") ? String(duration.dropFirst(2)) : duration)"
    }
    public var trialEnds: @Sendable (String, String) -> String = { date, price in
        "Your free trial ends on \(date). Then \(price) is billed automatically until you cancel."
    }
    public var offerEnds: @Sendable (String, String) -> String = { date, price in
        "The offer ends on \(date). Then \(price) is billed automatically until you cancel."
    }
    public var renewsAutomatically = "Renews automatically unless cancelled at least 24 hours before the period ends."
    public var perMonthBreakdown: @Sendable (String) -> String = { "\($0)/month" }
    public var save: @Sendable (String) -> String = { "save \($0)" }

    // The system confirmation sheet
    public var sheetTitle = "App Store"
    public var sheetAccount = "Account"
    public var sheetPrice = "Price"
    public var sheetTotal = "Total"
    public var confirm = "Confirm"
    public var cancel = "Cancel"
    public var planChangeNote: @Sendable (AppStore.PlanChange, String) -> String = { change, date in
        switch change {
        case .upgrade: "Upgrade: starts now and replaces your current plan. You get a prorated refund for the unused part of your current plan."
        case .downgrade: "Downgrade: starts on \(date), when your current plan renews. Your current plan stays until then."
        case .crossgrade: "Change of plan: starts on \(date), when your current plan renews. Your current plan stays until then."
        }
    }
    /// A crossgrade to the same duration, which starts at once.
    public var crossgradeNow = "Change of plan: starts now and replaces your current plan. You get a prorated refund for the unused part of your current plan."

    // Results
    public var purchased: @Sendable (String) -> String = { "You bought \($0)." }
    public var subscribedTo: @Sendable (String) -> String = { "You're subscribed to \($0)." }
    public var scheduled: @Sendable (String, String) -> String = { "\($0) starts on \($1)." }
    public var deferred = "Waiting for approval"
    public var deferredNote = "Someone in your family needs to approve this purchase (Ask to Buy). It completes once they do."
    public var failed = "Purchase failed"
    /// The line shown when the person closes the confirmation sheet (no dialog: StoreKit's .userCancelled).
    public var purchaseCancelled = "Purchase cancelled. Nothing was charged."
    public var ok = "OK"
    public var failure: @Sendable (PurchaseError) -> String = {
        switch $0 {
        case .userCancelled: "The purchase was cancelled."
        case .networkError: "The App Store could not be reached. Check your connection and try again."
        case .notAvailableInStorefront: "This item is not available in your country or region."
        case .paymentNotAllowed: "Purchases are not allowed on this device."
        case .unknown: "An unknown error occurred. Try again later."
        case .productNotFound: "This item is no longer for sale."
        case .alreadyOwned: "You already own this item."
        case .alreadySubscribed: "You're already subscribed to this."
        case .invalidQuantity: "Choose a quantity the store allows."
        case .ineligibleForOffer: "This offer isn't available for your account."
        }
    }
    public var interruptedTitle = "Action needed"
    public var interruptedNote = "To finish this purchase, review your account in the App Store (for example, accept the updated terms). It completes once you do."

    // Payment gate
    public var gateTitle = "Purchases unavailable"
    public var gateExplanation: @Sendable (PaymentGate) -> String = {
        switch $0 {
        case .allowed: ""
        case .screenTime:
            "In-app purchases are turned off in Screen Time on this device. A parent or guardian can allow them in Settings › Screen Time › Content & Privacy Restrictions."
        case .deviceManagement:
            "This device is managed by an organization whose profile does not allow in-app purchases. Your administrator can tell you more."
        case .externalPurchaseOnly:
            "In your region this app sells through the developer's own website instead of In-App Purchase."
        }
    }
    public var gateKeepsWorking = "What you already own keeps working, and subscriptions keep renewing."
    public var yourPurchases = "Your purchases"
    public var nothingOwned = "Nothing purchased yet."

    // Key help: what each action does
    public var actionHelp: @Sendable (Action) -> String = {
        switch $0 {
        case .move: "move"
        case .up: "move up"
        case .down: "move down"
        case .pageUp: "page up"
        case .pageDown: "page down"
        case .top: "first item"
        case .bottom: "last item"
        case .select: "open"
        case .buy: "buy"
        case .back: "back"
        case .nextArea: "next section"
        case .previousArea: "previous section"
        case .more: "more"
        case .fewer: "fewer"
        case .help: "keys"
        case .quit: "quit"
        case .switchButton: "choose"
        case .press: "press"
        case .cancel: "cancel"
        case .dismiss: "close"
        case .scroll: "scroll"
        case .redraw: "redraw the screen"
        case .signup: "see all plans"
        case .ownPlan: "a plan of your own"
        case .restore: "restore purchases"
        case .account: "account"
        case .purchaseHelp: "purchase help"
        case .redeemCode: "redeem code"
        default: qaActionHelp($0)
        }
    }
    public var screenName: @Sendable (ScreenKind) -> String = {
        switch $0 {
        case .store: "Store"
        case .detail: "Item"
        case .sheet: "Confirmation"
        case .result: "Result"
        case .help: "Keys"
        case .tooSmall: "Terminal too small"
        case .scenario: "Scenario"
        case .transactions: "Transactions"
        case .transaction: "Transaction"
        case .confirm: "Confirm"
        case .signup: "Sign Up"
        case .restore: "Restore Purchases"
        case .priceConsent: "Price Increase"
        case .freeContent: "Free reading"
        case .freeItem: "Reading"
        case .paywall: "Free limit"
        case .onboarding: "Welcome"
        case .account: "Account"
        case .manage: "Manage Subscription"
        case .cancelSubscription: "Cancel Subscription"
        case .purchaseHelp: "Purchase Help"
        case .missingPurchase: "Missing a Purchase"
        case .helpPage: "Help"
        case .refunds: "Request a Refund"
        case .refundSheet: "Request Refund"
        case .feedback: "Submit Feedback"
        case .redeem: "Redeem Code"
        }
    }

    // QA tools: the scenario panel and the transaction inspector. English only in every table, like
    // Xcode's Transaction Manager: they are for the people testing the store, not its customers.
    static func qaActionHelp(_ action: Action) -> String {
        switch action {
        case .scenario: "scenario"
        case .transactions: "transactions"
        case .change: "change"
        case .changeBack: "change back"
        case .advanceDay: "+1 day"
        case .advanceWeek: "+1 week"
        case .advanceToRenewal: "next renewal"
        case .clearAll: "clear everything"
        case .approve: "approve"
        case .decline: "decline"
        case .resolve: "resolve"
        case .refund: "refund"
        case .revoke: "revoke"
        case .delete: "delete"
        case .autoRenew: "auto-renew on/off"
        case .markUndelivered: "mark undelivered"
        case .confirm: "yes"
        default: "\(action)"
        }
    }
    public var qa = QAStrings()
    /// Each customer flow's words, in its own file with all its languages (Strings+Signup.swift …).
    public var signup = SignupStrings()
    public var restore = RestoreStrings()
    public var priceConsent = PriceConsentStrings()
    public var account = AccountStrings()
    public var help = HelpStrings()
    public var paywall = PaywallStrings()
    public var onboarding = OnboardingStrings()
    public var redeem = RedeemStrings()

    public init() {}

    private static func englishUnit(_ period: SubscriptionPeriod) -> String {
        let plural = period.value == 1 ? "" : "s"
        switch period.unit {
        case .day: return "day" + plural
        case .week: return "week" + plural
        case .month: return "month" + plural
        case .year: return "year" + plural
        }
    }

    private static func englishDuration(_ period: SubscriptionPeriod) -> String { "\(period.value) \(englishUnit(period))" }

    public static let english = Strings()

    /// Every word of the QA tools, in English.
    public struct QAStrings: Sendable {
        public var scenarioTitle = "Scenario"
        public var transactionsTitle = "Transactions"
        public var clock: @Sendable (String, String) -> String = { "Clock \($0) · \($1)" }
        public var timeRate: @Sendable (TimeRate) -> String = {
            switch $0 {
            case .realTime: "real time"
            case .monthlyRenewalEveryHour: "monthly every hour, weekly every 15 min"
            case .monthlyRenewalEveryThirtyMinutes: "monthly every 30 min, weekly every 10 min"
            case .monthlyRenewalEveryFifteenMinutes: "monthly every 15 min, weekly every 5 min"
            case .monthlyRenewalEveryFiveMinutes: "monthly every 5 min, weekly every 3 min"
            case .monthlyRenewalEveryThirtySeconds: "monthly every 30 s, weekly every 10 s"
            case .oneRenewalEveryFifteenMinutes: "every renewal 15 min, clock in real time"
            case .oneRenewalEveryFiveMinutes: "every renewal 5 min, clock in real time"
            case .oneRenewalEveryMinute: "every renewal 1 min, clock in real time"
            case .oneRenewalEveryThirtySeconds: "every renewal 30 s, clock in real time"
            case .oneRenewalEveryTenSeconds: "every renewal 10 s, clock in real time"
            case .oneRenewalEveryTwoSeconds: "every renewal 2 s, clock in real time"
            }
        }
        public var settingLabel: @Sendable (String) -> String = {
            switch $0 {
            case "payments": "Payments"
            case "ask-to-buy": "Ask to Buy"
            case "fail-next-purchase": "Fail next purchase"
            case "fail-purchases": "Fail every purchase"
            case "interrupt-purchases": "Interrupt purchases"
            case "billing-retry": "Renewals fail to charge"
            case "grace-period": "Billing grace period"
            case "time-rate": "Time rate"
            case "family-sharing": "Family Sharing"
            default: $0
            }
        }
        public var settingHelp: @Sendable (String) -> String = {
            switch $0 {
            case "payments": "canMakePayments, and why it is false: Screen Time, a device-management profile, or external purchases only."
            case "ask-to-buy": "Purchases wait for a parent: a request, not a transaction. Approve or decline it in the inspector's Requests (t)."
            case "fail-next-purchase": "The next confirmed purchase fails with this error, once."
            case "fail-purchases": "Every confirmed purchase fails with this error until you set it to none (Xcode's Fail Transactions)."
            case "interrupt-purchases": "Purchases wait until the person acts outside the app. Resolve them in the inspector's Requests (t, then i)."
            case "billing-retry": "Renewals cannot be charged: subscriptions enter billing retry. Turn it off to let the App Store recover them."
            case "grace-period": "Whether a failed renewal keeps access for a grace period: as the app's catalog sets it, on (StoreKit Testing's 6 days for weekly, 16 days otherwise), or off."
            case "time-rate": "StoreKit Testing's time rates: real-time; monthly-renewal-every-hour … -thirty-seconds (a fast clock); one-renewal-every-fifteen-minutes … -two-seconds (every plan alike, real-time clock)."
            case "family-sharing": "A family organizer shares this purchase: a familyShared transaction that renews with theirs. Off: sharing stops, it is revoked."
            default: ""
            }
        }
        public var sharedBy: @Sendable (String, String) -> String = { "\($0), shared by \($1)" }
        public var sharedByOrganizer: @Sendable (String) -> String = { "shared by \($0), the family organizer" }
        public var familySharingStopped = "family sharing stopped"
        public var sharingStarted: @Sendable (String, String) -> String = { "\($0) shares \($1) with this account." }
        public var sharingStopped: @Sendable (String, String) -> String = { "\($0) stopped sharing \($1): revoked now." }
        public var advanceDay = "Advance 1 day"
        public var advanceWeek = "Advance 1 week"
        public var advanceToRenewal: @Sendable (String?) -> String = { date in
            date.map { "Advance to the next renewal (\($0))" } ?? "Advance to the next renewal (none due)"
        }
        public var raisePrice: @Sendable (Bool) -> String = {
            $0 ? "Raise the price (consent required)" : "Raise the price (no consent needed)"
        }
        public var raisePriceHelp = "Raises the price of the plan each subscription renews into by 20% in this territory, as in App Store Connect. With consent required, the subscriber is asked once per launch, and without consent by the renewal date the subscription expires; otherwise it renews at the new price."
        public var priceRaised: @Sendable (String, String) -> String = { "\($0) now costs \($1)." }
        public var consentRequired = "The subscriber must agree before the renewal date."
        public var consentNotRequired = "The subscriber is told; it renews at the new price."
        public var upgradeRefundNote = "(the simulator's pro-rata estimate: StoreKit shows only isUpgraded)"
        public var autoRenewSet: @Sendable (Bool) -> String = {
            $0 ? "Auto-renew is on: the subscription renews at the end of its period."
               : "Auto-renew is off: access continues to the end of the period, then the subscription expires."
        }
        public var nothingToRaise = "No subscription renews, so no price was raised. Subscribe first."
        public var clearAll = "Clear everything…"
        public var timeHelp = "Renewals, expiries, grace periods and billing retry happen on the way."
        public var clearHelp = "Deletes every transaction and renewal, and turns every switch off. The clock stays."
        public var clearQuestion = "Delete every transaction and renewal and turn every scenario switch off? The clock stays where it is. This cannot be undone."
        public var deleteQuestion: @Sendable (UInt64) -> String = {
            "Delete transaction \($0) as if it never happened? This cannot be undone."
        }
        public var confirmTitle = "Are you sure?"
        public var confirmButtons = "y yes · n no"
        public var cleared = "Cleared: no transactions, every switch off."
        public var deleted: @Sendable (UInt64) -> String = { "Deleted transaction \($0)." }
        public var moved: @Sendable (String, [String]) -> String = { date, changes in
            (["Now \(date)."] + changes).joined(separator: " ")
        }
        public var renewals: @Sendable (Int) -> String = { $0 == 1 ? "1 renewal." : "\($0) renewals." }
        public var statusChange: @Sendable (String, RenewalState) -> String = { group, state in
            "\(group): \(QAStrings.renewalState(state))."
        }
        public var notSaved: @Sendable (String) -> String = { "Not saved, so nothing changed: \($0)" }
        /// At launch, the scenario settings a --state ledger kept from an earlier session.
        public var settingsFromLedger: @Sendable (String) -> String = { "From the ledger: \($0) (change them in the scenario panel, s)." }
        public var nothingToRenew = "Nothing renews: no subscription will renew or change on its own."
        public var approved: @Sendable (UInt64) -> String = { "Approved request \($0): the purchase is booked for the next renewal." }
        public var declined: @Sendable (UInt64) -> String = { "Declined request \($0): nothing was recorded for the customer." }
        public var resolved: @Sendable (UInt64) -> String = { "Resolved request \($0): the purchase is booked for the next renewal." }
        public var resolvedAs: @Sendable (UInt64, UInt64) -> String = { "Resolved request \($0): the purchase went through as transaction \($1)." }
        public var approvedAs: @Sendable (UInt64, UInt64) -> String = { "Approved request \($0): the purchase went through as transaction \($1)." }
        public var notCompleted: @Sendable (UInt64, String) -> String = { "Request \($0) could not complete: \($1)" }
        public var refunded: @Sendable (UInt64) -> String = { "Refunded transaction \($0): its access ends now." }
        public var refundApproved: @Sendable (UInt64, UInt64) -> String = {
            "Approved refund request \($0): transaction \($1) is refunded, its access ends now."
        }
        public var refundDeclined: @Sendable (UInt64) -> String = { "Declined refund request \($0): nothing changed." }
        public var markedUndelivered: @Sendable (UInt64) -> String = {
            "Transaction \($0) is marked not delivered by the app: Missing a Purchase (p) offers to make it good."
        }
        public var delivery: @Sendable (DeliveryIssue) -> String = { issue in
            switch issue.resolution {
            case nil: "not delivered by the app (marked by QA)"
            case .delivered?: "not delivered, then delivered from Missing a Purchase"
            case .conciliatoryItem?: "not delivered; a conciliatory item was given instead (\(issue.giftProductID ?? ""))"
            }
        }
        public var revoked: @Sendable (UInt64) -> String = { "Revoked transaction \($0) (developer issue): its access ends now." }
        public var noTransactions = "No transactions yet. Buy something in the store, or load a ledger with --state."
        public var noRequests = "Nothing waits on anyone. With Ask to Buy or Interrupt purchases on (s), a purchase waits here to be approved, declined or resolved; so does a refund the person requests in Purchase Help (p)."
        public var noEvents = "Nothing logged yet. Failed and cancelled purchases, requests and restores show here: they are not transactions."
        /// The inspector's areas, by `TransactionsScreen.Area` order.
        public var areaName: @Sendable (Int) -> String = { ["Transactions", "Requests", "Log"][$0] }
        /// What the log names a restore by, in the product column.
        public var restoreName = "Restore Purchases"
        public var columns = (id: "ID", original: "Orig", product: "Product", type: "Type", state: "State",
                              purchased: "Purchased", expires: "Expires", offer: "Offer", ownership: "Owner", revoked: "Revoked",
                              event: "Event", outcome: "Outcome", waitingOn: "Waiting on", date: "Date", quantity: "Qty")
        public var eventKind: @Sendable (StoreEvent.Kind) -> String = {
            switch $0 {
            case .failed: "failed"
            case .cancelled: "cancelled"
            case .askToBuy: "Ask to Buy"
            case .interrupted: "interrupted"
            case .restore: "restore"
            case .refundRequest: "refund"
            }
        }
        public var waitingOn: @Sendable (StoreEvent.Kind) -> String = {
            switch $0 {
            case .askToBuy: "a parent"
            case .refundRequest: "Apple (QA)"
            default: "the person"
            }
        }
        /// An event's outcome in a few words: the error, the request's answer, the transaction it became.
        public var eventOutcome: @Sendable (StoreEvent) -> String = { event in
            let became = event.transactionID.map { " → transaction \($0)" } ?? ""
            let failed = event.failure.map { ": \($0.settingName)" } ?? ""
            let about = event.transactionID.map { " (transaction \($0))" } ?? ""
            switch (event.kind, event.status) {
            case (.restore, _): return event.restored.map { $0 == 0 ? "nothing to restore" : "restored \($0)" } ?? "restored"
            case (.refundRequest, .pending): return "waiting for Apple" + about
            case (.refundRequest, .approved): return "refunded" + about
            case (.refundRequest, .declined): return "declined" + about
            case (.refundRequest, _): return "refund request" + about
            case (.cancelled, _): return "cancelled"
            case (_, .pending): return event.kind == .askToBuy ? "waiting for a parent" : "waiting for the person"
            case (_, .approved): return "approved" + (event.failure == nil ? became : ", failed\(failed)")
            case (_, .declined): return "declined"
            case (_, .resolved): return "resolved" + (event.failure == nil ? became : ", failed\(failed)")
            case (_, .done): return event.failure?.settingName ?? "failed"
            }
        }
        public var productType: @Sendable (ProductType) -> String = {
            switch $0 {
            case .consumable: "consumable"
            case .nonConsumable: "non-consumable"
            case .autoRenewable: "auto-renewable"
            case .nonRenewing: "non-renewing"
            }
        }
        public var stateName: @Sendable (Transaction) -> String = { transaction in
            switch transaction.state {
            case .purchased: transaction.ownership == .familyShared ? "shared" : "purchased"
            case .revoked: "revoked"
            }
        }
        static func renewalState(_ state: RenewalState) -> String {
            switch state {
            case .subscribed: "subscribed"
            case .inGracePeriod: "in grace period"
            case .inBillingRetryPeriod: "in billing retry"
            case .expired: "expired"
            case .revoked: "revoked"
            }
        }
        public init() {}
    }

    /// The table for a locale's language: en, de, fr or ja; English otherwise.
    public static func forLocale(_ locale: Locale) -> Strings {
        let language = locale.language.languageCode?.identifier
        var strings: Strings
        switch language {
        case "de": strings = .german
        case "fr": strings = .french
        case "ja": strings = .japanese
        default: strings = .english
        }
        strings.signup = SignupStrings.forLanguage(language)
        strings.restore = RestoreStrings.forLanguage(language)
        strings.priceConsent = PriceConsentStrings.forLanguage(language)
        strings.account = AccountStrings.forLanguage(language)
        strings.help = HelpStrings.forLanguage(language)
        strings.paywall = PaywallStrings.forLanguage(language)
        strings.onboarding = OnboardingStrings.forLanguage(language)
        strings.redeem = RedeemStrings.forLanguage(language)
        // The flows' own keys and screens are named in their files.
        let (paywall, onboarding, account, help) = (strings.paywall, strings.onboarding, strings.account, strings.help)
        let (actionHelp, screenName) = (strings.actionHelp, strings.screenName)
        strings.actionHelp = { paywall.actionHelp($0) ?? onboarding.actionHelp($0) ?? account.actionHelp($0) ?? actionHelp($0) }
        let redeemTitle = strings.redeem.redeemCode
        strings.screenName = {
            $0 == .redeem ? redeemTitle
                : paywall.screenName($0) ?? onboarding.screenName($0) ?? account.screenName($0) ?? help.screenName($0) ?? screenName($0)
        }
        return strings
    }
}
