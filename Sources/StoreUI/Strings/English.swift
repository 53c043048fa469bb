import Foundation
import StoreModel

/// Every word the app shows, in one table per language (after lazygit's i18n/english.go): English here,
/// every other language in its own file (German.swift …), chosen once at start-up by Languages.swift.
/// English is complete; other languages start from it and replace what they translate, so a missing
/// translation shows English rather than nothing. Numbers, money and dates are never formatted here: Foundation does
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
    public var familySharingNote = "Shareable with up to six family members through Family Sharing."
    public var each: @Sendable (String) -> String = { "\($0) each" }
    /// The store row of a consumable with a quantity above one: count, unit price, total.
    public var quantityTotal: @Sendable (String, String, String) -> String = { "\($0) × \($1) — \($2)" }
    public var quantity = "Qty"
    public var inPossession: @Sendable (Int) -> String = { "You have \($0)." }
    public var notSoldHere = "Not sold in this territory"
    public var renewsOn: @Sendable (String) -> String = { "Renews \($0)" }
    public var expiresOn: @Sendable (String) -> String = { "Expires \($0)" }
    public var extendsTo: @Sendable (String) -> String = { "Buying again extends it to \($0)." }
    public var subscribedElsewhere: @Sendable (String) -> String = { "You're subscribed to \($0)." }
    /// In the store, for a family member whose plan the organizer shares: not "You're subscribed".
    public var sharedWithYouBy: @Sendable (String) -> String = { "Shared with you by \($0) through Family Sharing." }
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
    // Monthly payments with a 12-month commitment (a one-year subscription's second billing plan): the
    // sign-up screen's option, the confirmation sheet, the Account screen and the manage sheet.
    /// The plan's name beside the subscription's: "Pro Annual · Pay Monthly".
    public var payMonthly: @Sendable (String) -> String = { "\($0) · Pay Monthly" }
    /// "12-month commitment", from the number of monthly payments.
    public var commitmentLength: @Sendable (Int) -> String = { "\($0)-month commitment" }
    /// How the monthly plan's introductory offer ends: the commitment starts then, and cancelling before
    /// means it never does ("the 12-month commitment", from `commitmentLength`).
    public var commitmentAfterOffer: @Sendable (String, String, String) -> String = { date, commitment, charge in
        "When the offer ends on \(date), the \(commitment) starts: \(charge). Cancel before then and it never starts."
    }
    /// "£3.49/month for 12 months, £41.88 in all": the monthly amount, the payments, the total.
    public var commitmentTerms: @Sendable (String, Int, String) -> String = { monthly, count, total in
        "\(monthly) for \(count) months, \(total) in all"
    }
    /// What cancelling means during the commitment, said before buying.
    public var commitmentCancel: @Sendable (Int) -> String = { count in
        "Cancel anytime: it then ends with payment \(count) of \(count). The payments left are still billed."
    }
    /// The App Store's disclosure before a first commitment (CommitmentDisclosure.swift).
    public var disclosureTitle: @Sendable (Int) -> String = { "Monthly Payments with a \($0)-Month Commitment" }
    public var disclosurePayments: @Sendable (Int, String, String) -> String = { count, monthly, total in
        "You agree to \(count) monthly payments of \(monthly), \(total) in all. The first is billed when you subscribe, then one each month."
    }
    /// The same after the monthly plan's introductory offer: the first payment when the offer ends.
    public var disclosurePaymentsAfterOffer: @Sendable (Int, String, String, String) -> String = { count, monthly, total, date in
        "You agree to \(count) monthly payments of \(monthly), \(total) in all. The first is billed when the offer ends on \(date), then one each month."
    }
    public var disclosureCancel: @Sendable (Int) -> String = { count in
        "You can cancel anytime. Cancelling stops the subscription from renewing after payment \(count); the payments left in the commitment are still billed, and you keep access until it ends."
    }
    public var disclosureAccount = "Your payments made and left show in Account."
    public var disclosureContinue = "Continue"
    /// What follows the commitment, on the confirmation sheet (in place of "Renews automatically…").
    public var commitmentRenews: @Sendable (Int) -> String = { count in
        "After \(count) payments, a new \(count)-month commitment starts unless you cancel at least 24 hours before."
    }

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
    /// Transaction.updates: what another device of the account bought arrived here (names, joined).
    public var purchasedElsewhere: @Sendable (String) -> String = { "Purchased on another device: \($0)." }
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

    // Screen titles and key help: every screen and every action has its English here; a language
    // replaces the ones it translates. The QA tools' screens keep their English titles everywhere.
    public var screenNames: [ScreenKind: String] = [
        .store: "Store",
        .detail: "Item",
        .sheet: "Confirmation",
        .result: "Result",
        .help: "Keys",
        .tooSmall: "Terminal too small",
        .scenario: "Scenario",
        .transactions: "Transactions",
        .transaction: "Transaction",
        .confirm: "Confirm",
        .signup: "Sign Up",
        .restore: "Restore Purchases",
        .priceConsent: "Price Increase",
        .reviewPrompt: "Rate the App",
        .freeContent: "Free reading",
        .freeItem: "Reading",
        .paywall: "Free limit",
        .onboarding: "Welcome",
        .account: "Account",
        .manage: "Manage Subscription",
        .cancelSubscription: "Cancel Subscription",
        .retentionPitch: "Before You Go",
        .retentionOffer: "Confirm Offer",
        .commitmentDisclosure: "Commitment",
        .exitSurvey: "Tell Us Why",
        .purchaseHelp: "Purchase Help",
        .missingPurchase: "Missing a Purchase",
        .helpPage: "Help",
        .refunds: "Request a Refund",
        .feedback: "Submit Feedback",
        .refundSheet: "Request Refund",
        .redeem: "Redeem Code",
        .redeemWelcome: "Welcome",
    ]
    /// What each action does, in the footer and the `?` help.
    public var keyHelp: [Action: String] = [
        .move: "move",
        .up: "move up",
        .down: "move down",
        .pageUp: "page up",
        .pageDown: "page down",
        .top: "first item",
        .bottom: "last item",
        .select: "open",
        .buy: "buy",
        .back: "back",
        .nextArea: "next section",
        .previousArea: "previous section",
        .more: "more",
        .fewer: "fewer",
        .switchButton: "choose",
        .press: "press",
        .cancel: "cancel",
        .dismiss: "close",
        .help: "keys",
        .quit: "quit",
        .redraw: "redraw the screen",
        .signup: "see all plans",
        .restore: "restore purchases",
        .account: "account",
        .purchaseHelp: "purchase help",
        .redeemCode: "redeem code",
        .useOne: "use one",
        .cancelSubscription: "cancel subscription",
        .ownPlan: "a plan of your own",
        .freeContent: "free reads",
        .seePlans: "see plans",
        .nextPage: "next",
        .previousPage: "previous",
        .skip: "skip",
        .scroll: "scroll",
        // QA tools
        .scenario: "scenario",
        .transactions: "transactions",
        .change: "change",
        .changeBack: "change back",
        .advanceDay: "+1 day",
        .advanceWeek: "+1 week",
        .advanceToRenewal: "next renewal",
        .clearAll: "clear everything",
        .approve: "approve",
        .decline: "decline",
        .resolve: "resolve",
        .refund: "refund",
        .revoke: "revoke",
        .reverseRefund: "reverse refund",
        .delete: "delete",
        .confirm: "yes",
        .autoRenew: "auto-renew on/off",
        .markUndelivered: "mark undelivered",
        .rate: "stars",
        .writeReview: "write a review",
        .expireNow: "expire now",
        .device: "this device and its verification id",
        .renewNow: "renew now",
        .retry: "try again",
        .storeKitErrors: "StoreKit errors",
        .promotedProducts: "promoted on the App Store here",
    ]

    /// A screen's title in this language, or in English where it has none.
    public func screenName(_ kind: ScreenKind) -> String {
        screenNames[kind] ?? Strings.english.screenNames[kind] ?? kind.rawValue
    }
    /// What an action does in this language, or in English where it has no words for it.
    public func actionHelp(_ action: Action) -> String {
        keyHelp[action] ?? Strings.english.keyHelp[action] ?? action.rawValue
    }

    // QA tools: the scenario panel and the transaction inspector. English only in every table, like
    // Xcode's Transaction Manager: they are for the people testing the store, not its customers.
    public var qa = QAStrings()
    /// Each customer flow's words: their English struct below, each language's lines in its own file.
    public var signup = SignupStrings()
    public var restore = RestoreStrings()
    public var priceConsent = PriceConsentStrings()
    public var account = AccountStrings()
    public var help = HelpStrings()
    public var paywall = PaywallStrings()
    public var onboarding = OnboardingStrings()
    public var redeem = RedeemStrings()
    public var review = ReviewStrings()
    public var faults = FaultStrings()
    public var promoted = PromotedStrings()

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
        /// Why an explicit `--onboarding` did not open: the pitch policy's answer, or nil for a catalog
        /// without onboarding pages.
        public var onboardingNotShown: @Sendable (PitchDecision?) -> String = {
            let why = switch $0 {
            case nil: "the catalog has no onboarding pages"
            case .unavailable(.screenTime)?: "Screen Time blocks purchases (--payments screen-time), and onboarding ends in a sign-up"
            case .unavailable(.deviceManagement)?: "a device-management profile blocks purchases (--payments device-management), and onboarding ends in a sign-up"
            case .unavailable(.externalPurchaseOnly)?: "the app sells outside In-App Purchase here (--payments external-only), and onboarding ends in a sign-up"
            case .never(.inBillingRetry)?: "the subscription is in billing retry: they are asked to update their payment method, not pitched"
            case .never(.inGracePeriod)?: "the subscription is in a grace period: they are asked to update their payment method, not pitched"
            case .never?: "this person already subscribes, and a subscriber is never pitched"
            case .unavailable(.allowed)?, .subscribe?, .resubscribe?, .offer?: "nothing to pitch"
            }
            return "--onboarding not shown: \(why)."
        }
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
        /// The header's word on a clock faster than real time; nil in real time.
        public var timeRateBadge: @Sendable (TimeRate) -> String? = {
            switch $0 {
            case .realTime: nil
            case .monthlyRenewalEveryHour: "Time: 1 month every hour"
            case .monthlyRenewalEveryThirtyMinutes: "Time: 1 month every 30 min"
            case .monthlyRenewalEveryFifteenMinutes: "Time: 1 month every 15 min"
            case .monthlyRenewalEveryFiveMinutes: "Time: 1 month every 5 min"
            case .monthlyRenewalEveryThirtySeconds: "Time: 1 month every 30 s"
            case .oneRenewalEveryFifteenMinutes: "Time: renewals every 15 min"
            case .oneRenewalEveryFiveMinutes: "Time: renewals every 5 min"
            case .oneRenewalEveryMinute: "Time: renewals every minute"
            case .oneRenewalEveryThirtySeconds: "Time: renewals every 30 s"
            case .oneRenewalEveryTenSeconds: "Time: renewals every 10 s"
            case .oneRenewalEveryTwoSeconds: "Time: renewals every 2 s"
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
            case "review-mode": "Review prompts"
            case "app-version": "App version"
            case "intro-eligibility": "Intro offer for"
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
            case "review-mode": "production: App Store policy decides whether a review request shows (at most 3 times in 365 days; after a rating, only for a new version more than 365 days later). development: it always shows, as while developing."
            case "app-version": "The app's version, which the review policy compares with the version last rated. Set any version with a script's `set app-version 2.1`."
            case "intro-eligibility": "Who gets an introductory offer: received-intro, anyone who never received one in the group (Apple's StoreKit article); ever-subscribed, only someone who never subscribed in it (Apple's DTS reply, forums 758078)."
            default: ""
            }
        }
        public var sharedBy: @Sendable (String, String) -> String = { "\($0), shared by \($1)" }
        public var sharedByOrganizer: @Sendable (String) -> String = { "shared by \($0), the family organizer" }
        public var revokedFromFamilySharing = "revoked from Family Sharing"
        public var sharingStarted: @Sendable (String, String) -> String = { "\($0) shares \($1) with this account." }
        public var sharingStopped: @Sendable (String, String) -> String = { "\($0) stopped sharing \($1): revoked now." }
        public var advanceDay = "Advance 1 day"
        public var advanceWeek = "Advance 1 week"
        public var advanceToRenewal: @Sendable (String?) -> String = { date in
            date.map { "Advance to the next renewal (\($0))" } ?? "Advance to the next renewal (none due)"
        }
        public var raisePrice: @Sendable (PriceRaise) -> String = {
            switch $0 {
            case .twentyPercent: "Raise the price 20% (Apple's rule decides consent)"
            case .pastThresholds: "Raise the price past Apple's thresholds (the rule decides consent)"
            case .preservingCurrentPrice: "Raise the price 20%, subscribers keep theirs (preserveCurrentPrice)"
            }
        }
        public var raisePriceHelp: @Sendable (PriceRaise) -> String = {
            switch $0 {
            case .twentyPercent:
                "Raises each renewing plan's price by 20%, as in App Store Connect. Apple's rule decides consent: needed over 50% and the threshold, where a territory always requires it, or for a second increase within a year."
            case .pastThresholds:
                "Raises each renewing plan's price by over 50% and over the territory's threshold (US$5; US$50 a year), so Apple's rule asks consent: without it by the renewal date the subscription expires."
            case .preservingCurrentPrice:
                "Raises each renewing plan's price by 20% with preserveCurrentPrice: current subscribers keep their price (no consent, no notice); new and returning subscribers pay the new one."
            }
        }
        public var priceRaised: @Sendable (String, String) -> String = { "\($0) now costs \($1)." }
        public var consentRequired = "The subscriber must agree before the renewal date."
        public var consentNotRequired = "The subscriber is told; it renews at the new price."
        public var priceKept = "The subscriber keeps their price; new subscribers pay the new one."
        public var upgradeRefundNote = "(the simulator's pro-rata estimate: StoreKit shows only isUpgraded)"
        public var appPassEndNote = "(the app's own: StoreKit gives passes no expiration)"
        /// The inspector's `device` row (not a StoreKit field): which of the account's devices made it.
        public var madeByAppStore = "the App Store (a renewal)"
        public var deviceUnknown = "(not recorded: made before the ledger kept it)"
        public var autoRenewSet: @Sendable (Bool) -> String = {
            $0 ? "Auto-renew is on: the subscription renews at the end of its period."
               : "Auto-renew is off: access continues to the end of the period, then the subscription expires."
        }
        /// Auto-renew turned off in a grace period or billing retry: the retry ends, and the subscription expires now.
        public var autoRenewOffEndsRetry = "Auto-renew is off: billing retry ends, so the subscription expires now (billingError)."
        public var nothingToRaise = "No subscription renews, so no price was raised. Subscribe first."
        // SKTestSession's controls (the inspector's e and w, the panel's last rows, the script verbs).
        public var expiredNow: @Sendable (String) -> String = { "\($0) expired now: it will not renew." }
        public var cancelledInSettings: @Sendable (String) -> String = { "\($0): auto-renew turned off in Settings, outside the app." }
        public var renewedNow: @Sendable (String, RenewalState) -> String = { group, state in
            "Renewed now, the clock unmoved. \(group): \(QAStrings.renewalState(state))."
        }
        public var storefrontRow = "Storefront"
        public var storefrontHelp = "The App Store storefront (Storefront.updates): prices and currency switch at once, for purchases and renewals. ←/→ steps through the catalog's territories; the Log keeps each change."
        public var storefrontChanged: @Sendable (String, String) -> String = { "Storefront changed to \($0): prices in \($1) from now on." }
        public var syncRow = "Sync (Restore Purchases)"
        public var syncHelp = "AppStore.sync(), as Restore Purchases does, without its sign-in sheet: the Log keeps what it restored."
        public var synced: @Sendable (Int) -> String = { $0 == 1 ? "Synced: 1 purchase restored." : "Synced: \($0) purchases restored." }
        public var syncFailed: @Sendable (StoreKitErrorCase) -> String = { "Sync failed: AppStore.sync() threw \($0.rawValue) (error app-store-sync)." }
        public var clearTransactionsRow = "Clear transactions"
        public var clearTransactionsHelp = "SKTestSession.clearTransactions(): deletes every transaction, renewal and Log entry; the switches and the clock stay."
        public var clearTransactionsQuestion = "Delete every transaction, renewal and Log entry? The switches and the clock stay. This cannot be undone."
        public var transactionsCleared = "Cleared: no transactions; the switches stay as they were."
        public var resetRow = "Reset to default settings"
        public var resetHelp = "SKTestSession.resetToDefaultState(): every switch back to its default (payments allowed, real time, nothing shared); the transactions and the storefront stay."
        public var resetDone = "Reset: every switch at its default; the transactions stay."
        public var clearAll = "Clear everything…"
        public var requestReview = "Ask for a review now (as the app would)"
        public var requestReviewHelp = "Calls requestReview as the app does after every third item read to the end: the policy decides whether the prompt shows, and the Log (t) says why not."
        public var resetReviewHistory = "Reset review history"
        // Promoted purchases (the App Store page) and this device's promotion overrides
        public var appStorePageRow = "App Store page"
        public var buyFromAppStorePage = "Buy from the App Store page…"
        public var otherDeviceRow = "Another device buys"
        public var buyOnOtherDevice = "Buy on another device…"
        public var cancelInSettingsRow = "Cancel in Settings…"
        public var refundSharedRow: @Sendable (String) -> String = { "Refund \($0)'s shared purchase" }
        public var nothingSharedToRefund = "Nothing is shared with this account: turn family-sharing on first."
        public var refundSharedHelp = "The family organizer, who bought what is shared, is refunded: this account's shared transaction is revoked from Family Sharing with the purchaser's reason (other) and a REVOKE notification, and the sharing ends."
        public var nothingToCancelInSettings = "No subscription of the person's own renews: nothing to cancel in Settings."
        public var otherDeviceHelp = "Another device of this account (--device NAME, same ledger): its purchases arrive as Transaction.updates, named if the system syncs them (consumables and passes: the app syncs). Cancel in Settings: auto-renew off, outside the app."
        public var promotionVisibilityRow = "Promotion visibility"
        public var promotionUp = "Move promotion up"
        public var promotionDown = "Move promotion down"
        public var noPromotions = "none (the catalog promotes nothing)"
        public var promotedPickHelp = "What the person taps on the App Store page: a promoted product, then each of its offers (←/→). The app continues, defers (onboarding, a sheet open) or cancels it; the Log (t) says which."
        public var promotionHelp = "This device's promotion overrides (SKProductStorePromotionController), kept in the ledger: ←/→ cycles default, show and hide; the up and down rows reorder. The inspector (t) lists what the App Store shows here."
        public var hiddenHere = "hidden on this device"
        public var promotionHidden: @Sendable (String) -> String = { "\($0) is hidden on this device's App Store page: set its visibility to show or default first." }
        public var promotionMoved: @Sendable (String, Int) -> String = { "\($0) is now number \($1) on this device's App Store page." }
        public var promotionNotMoved = "It is at the end already."
        public var resetReviewHistoryHelp = "Forgets the prompts shown and the rating given on this device, as a new install would. Logged."
        public var reviewNotShown: @Sendable (String) -> String = { "Review requested: \($0) (see the Log, t)." }
        public var reviewHistoryReset = "Review history reset: no prompts shown, nothing rated."
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
        /// Ask to Buy requests no parent answered within 24 hours, expired on the way.
        public var askToBuyExpired: @Sendable (Int) -> String = {
            $0 == 1 ? "1 Ask to Buy request expired unanswered." : "\($0) Ask to Buy requests expired unanswered."
        }
        public var statusChange: @Sendable (String, RenewalState) -> String = { group, state in
            "\(group): \(QAStrings.renewalState(state))."
        }
        public var notSaved: @Sendable (String) -> String = { "Not saved, so nothing changed: \($0)" }
        /// At launch, a --now earlier than the --state ledger's clock: the ledger's clock went on instead.
        public var ledgerClockKept: @Sendable (String) -> String = { "Ledger clock kept (\($0)): --now was earlier." }
        /// At launch, the scenario settings a --state ledger kept from an earlier session.
        public var settingsFromLedger: @Sendable (String) -> String = { "From the ledger: \($0) (change them in the scenario panel, s)." }
        public var nothingToRenew = "Nothing renews: no subscription will renew or change on its own."
        public var approved: @Sendable (UInt64) -> String = { "Approved request \($0): the purchase is booked for the next renewal." }
        public var declined: @Sendable (UInt64) -> String = { "Declined request \($0): nothing was recorded for the customer." }
        public var resolved: @Sendable (UInt64) -> String = { "Resolved request \($0): the purchase is booked for the next renewal." }
        public var resolvedAs: @Sendable (UInt64, UInt64) -> String = { "Resolved request \($0): the purchase went through as transaction \($1)." }
        public var approvedAs: @Sendable (UInt64, UInt64) -> String = { "Approved request \($0): the purchase went through as transaction \($1)." }
        public var notCompleted: @Sendable (UInt64, String) -> String = { "Request \($0) could not complete: \($1)" }
        /// What a refund took back (the one refund rule: `AppStore.refundEffect(of:)`), after the notices below.
        public var refundTookBack: @Sendable (AppStore.RefundEffect) -> String = {
            switch $0 {
            case .endsAccess: "its access ends now."
            case .endsSubscription: "its access ends now; it stops renewing."
            case .pastPeriod: "a past period; the plan keeps access and auto-renew."
            case .units(0): "its units were all used; none taken back."
            case .units(1): "1 unused unit taken back."
            case .units(let units): "\(units) unused units taken back."
            }
        }
        public var refundedAlready = "it was refunded already."
        public var refunded: @Sendable (UInt64, String) -> String = { "Refunded transaction \($0): \($1)" }
        public var refundApproved: @Sendable (UInt64, UInt64, String) -> String = {
            "Approved refund request \($0): transaction \($1) refunded, \($2)"
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
        public var revoked: @Sendable (UInt64, String) -> String = { "Revoked transaction \($0) (developer issue): \($1)" }
        /// A family-shared transaction, when the purchaser (the organizer) was refunded.
        public var purchaserRefunded: @Sendable (UInt64, String) -> String = {
            "The organizer was refunded: transaction \($0) revoked from Family Sharing, \($1)"
        }
        public var refundReversed: @Sendable (UInt64) -> String = {
            "Reversed the refund of transaction \($0): it is purchased again."
        }
        public var noTransactions = "No transactions yet. Buy something in the store, or load a ledger with --state."
        public var noRequests = "Nothing waits on anyone. With Ask to Buy or Interrupt purchases on (s), a purchase waits here to be approved, declined or resolved; so does a refund the person requests in Purchase Help (p)."
        public var noEvents = "Nothing logged yet. Failed and cancelled purchases, requests and restores show here: they are not transactions."
        /// The inspector's areas, by `TransactionsScreen.Area` order.
        public var noNotifications = "No App Store Server Notifications yet. Each purchase, renewal, refund or change makes one; --notify URL sends them to a server."
        public var notificationDelivery: @Sendable (ServerNotification) -> String = { n in
            switch n.delivery {
            case .pending: n.attempts == 0 ? "to send" : "retry \(n.attempts + 1) due"
            case .sending: n.attempts > 1 ? "sending (try \(n.attempts))" : "sending"
            case .delivered: n.attempts > 1 ? "delivered (\(n.attempts) tries)" : "delivered"
            case .failed: n.attempts > 1 ? "failed (\(n.attempts) tries)" : "failed"
            case .notSent: "kept (no --notify)"
            }
        }
        public var areaName: @Sendable (Int) -> String = { ["Transactions", "Requests", "Log", "Notifications", "Device (D)", "Promoted"][$0] }
        /// The inspector's Device area: which device of the account this app runs on, and its id.
        public var deviceName: @Sendable (String) -> String = { "Device: \($0)" }
        public var deviceVerificationIDTitle = "deviceVerificationID (AppStore.deviceVerificationID)"
        public var deviceVerificationIDKept = "Kept in the --state ledger for this device name: the same on every launch as this device. Another device of the account (--device NAME on the same ledger, open at the same time or not) has its own; what it buys arrives here as Transaction.updates, but consumables and passes bought there are the app's to sync (StoreKit does not)."
        public var deviceVerificationIDFresh = "Fresh for this run: without --state nothing keeps it, so the next launch has another."
        public var noPromoted = "Nothing is promoted on the App Store here: the catalog has no promotedProducts, or this device hides them all (s: Promotion visibility). Tab goes back to the transactions."
        public var promotedColumns = (place: "#", product: "Promoted product", visibility: "On this device")
        /// What the log names a restore by, in the product column.
        public var restoreName = "Restore Purchases"
        /// What the log names a refused offer code that opens no offer by, in the product column.
        public var unknownOfferCode = "(no such code)"
        /// What the log names a review request by, in the product column: the app and its version.
        public var reviewName: @Sendable (String) -> String = { "App review (v\($0))" }
        public var columns = (id: "ID", original: "Orig", product: "Product", type: "Type", state: "State",
                              purchased: "Purchased", expires: "Expires", offer: "Offer", ownership: "Owner", revoked: "Revoked",
                              event: "Event", outcome: "Outcome", waitingOn: "Waiting on", date: "Date", quantity: "Qty",
                              notification: "Notification", delivery: "Delivery", transaction: "Txn")
        public var eventKind: @Sendable (StoreEvent.Kind) -> String = {
            switch $0 {
            case .failed: "failed"
            case .cancelled: "cancelled"
            case .askToBuy: "Ask to Buy"
            case .interrupted: "interrupted"
            case .restore: "restore"
            case .refundRequest: "refund"
            case .reviewRequest: "review"
            case .storefrontChange: "storefront"
            case .purchaseIntent: "App Store"
            case .codeRefused: "offer code"
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
            case (.reviewRequest, _):
                switch event.reviewOutcome {
                case .shown?, .shownInDevelopment?:
                    let shown = event.reviewOutcome == .shownInDevelopment ? "shown (development)" : "shown"
                    return shown + (event.stars.map { ", rated \($0)★" } ?? "")
                case .limitReached?: return "not shown: 3 in 365 days"
                case .ratedThisVersion?: return "not shown: version rated"
                case .ratedWithinAYear?: return "not shown: rated <1 year"
                case .historyReset?: return "history reset (QA)"
                case nil: return "review request"
                }
            case (.restore, _): return event.restored.map { $0 == 0 ? "nothing to restore" : "restored \($0)" } ?? "restored"
            case (.storefrontChange, _): return "storefront changed"
            case (.codeRefused, _): return "refused: " + (event.codeRefusal ?? "unknown")
            case (.purchaseIntent, _):
                switch event.intentDecision {
                case .continued?: return event.failure == .ineligibleForOffer ? "continued, offer ineligible" : "continued" + failed
                case .deferredForOnboarding?: return "deferred: onboarding"
                case .deferredForSheet?: return "deferred: sheet open"
                case .cancelledSubscriber?: return "cancelled: subscriber"
                case .cancelledOwned?: return "cancelled: has it"
                case .cancelledPaymentsBlocked?: return "cancelled: payments off"
                case nil: return "purchase intent"
                }
            case (.refundRequest, .pending): return "waiting for Apple" + about
            case (.refundRequest, .approved): return "refunded" + about
            case (.refundRequest, .declined): return "declined" + about
            case (.refundRequest, _): return "refund request" + about
            case (.cancelled, _): return "cancelled"
            case (_, .pending): return event.kind == .askToBuy ? "waiting for a parent" : "waiting for the person"
            case (_, .approved): return "approved" + (event.failure == nil ? became : ", failed\(failed)")
            case (_, .declined): return "declined"
            case (_, .resolved): return "resolved" + (event.failure == nil ? became : ", failed\(failed)")
            case (_, .expired): return "expired after 24 hours"
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
        /// The scenario panel's StoreKit errors line and list (`e`).
        public var storeKitErrorsRow = "StoreKit errors"
        public var errorsOn: @Sendable (Int) -> String = { $0 == 0 ? "none (e)" : "\($0) on (e)" }
        public var storeKitErrorsTitle = "StoreKit errors (Xcode's StoreKit Errors) · ←→ error · Esc back"
        public var errorHelp: @Sendable (StoreKitErrorCategory) -> String = {
            switch $0 {
            case .loadProducts: "Product.products(for:) throws: the store says it can't load and offers Retry (r); sign-up screens and links to plans fail the same way."
            case .purchase: "purchase() throws: every confirmed purchase fails with this error until off. The same switch as Fail every purchase."
            case .verification: "Every VerificationResult is .unverified: a purchase is charged but not unlocked, and the app's entitlements leave out every transaction until off."
            case .appStoreSync: "AppStore.sync() throws: Restore Purchases (and Sync) fail and say why; userCancelled closes quietly."
            case .subscriptionStatus: "SubscriptionInfo.status throws: the Account screen says it can't load subscription status."
            case .appTransaction: "AppTransaction.shared throws. This app reads no AppTransaction (no paid-app purchase, versions come from the bundle), so nothing shows."
            case .manageSubscriptionsSheet: "showManageSubscriptions throws: Manage Subscription says it can't open and points to Settings; userCancelled shows nothing."
            case .refundRequestSheet: "beginRefundRequest throws: duplicateRequest says a refund was already requested; others point to reportaproblem.apple.com; userCancelled shows nothing."
            case .offerCodeRedeemSheet: "presentOfferCodeRedeemSheet throws: Redeem Code says it can't open and points to the App Store; userCancelled shows nothing."
            }
        }
        /// The inspector's state of a transaction the app reads as `.unverified` (QA's Verification error).
        public var unverified = "unverified"
        public var unverifiedResult: @Sendable (StoreKitErrorCase) -> String = { ".unverified(\($0.rawValue)): the app grants nothing from it" }
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

}

/// Every word of the sign-up screen. Money, numbers and dates come in already formatted by Foundation.
public struct SignupStrings: Sendable {
    public var title = "Sign Up"
    /// The screen's heading, with the group's name.
    public var choosePlan: @Sendable (String) -> String = { "Choose your \($0) plan" }
    /// The button's verb for someone who had the group and lapsed.
    public var resubscribe = "Resubscribe"
    /// The one button of the chosen option: "Subscribe: Pro Annual — Free for 1 week".
    public var button: @Sendable (String, String, String) -> String = { verb, name, price in "\(verb): \(name) — \(price)" }
    /// The button's first row where it takes two (the price goes on the second): "Subscribe: Pro Annual".
    public var buttonName: @Sendable (String, String) -> String = { "\($0): \($1)" }
    /// How to cancel, said once for every option.
    public var howToCancel = "Renews automatically until you cancel. Cancel anytime in Account, at least a day before it renews."
    public var termsOfUse = "Terms of Use"
    public var privacyPolicy = "Privacy Policy"
    /// "Terms of Use: https://…", the address as text a person can copy.
    public var labelled: @Sendable (String, String) -> String = { "\($0): \($1)" }
    public var restorePurchases = "Restore Purchases"
    public var notNow = "Not Now"
    /// "r Restore Purchases": a key and what it does, as a button.
    public var keyButton: @Sendable (String, String) -> String = { "[ \($0) \($1) ]" }
    public var noOptions = "None of these plans is sold in your country or region."
    /// Above the options of a lapsed subscriber.
    public var lapsedNote: @Sendable (String) -> String = { "Your \($0) subscription has ended." }
    /// Above the options, for a family member choosing a plan of their own beside the shared one.
    public var familyShares: @Sendable (String) -> String = {
        "Your family shares \($0) with you. A plan of your own is billed to your account, beside it."
    }

    public init() {}
}

/// Every word of Restore Purchases (the sign-in sheet and what it restored).
public struct RestoreStrings: Sendable {
    public var signInTitle = "Sign In"
    public var signInMessage = "Sign in with your Apple Account to restore your purchases."
    public var signIn = "Sign In"
    public var restoredTitle = "Purchases Restored"
    /// Above the non-consumables and subscriptions the App Store restored.
    public var restored = "Restored:"
    /// Above the passes (non-renewing subscriptions) this app restores from its own records.
    public var fromRecords = "From this app's records:"
    public var nothingTitle = "Nothing to Restore"
    public var nothingMessage = "This account has no purchases to restore."
    public var consumablesNote = "Consumables are not restored."

    public init() {}
}

/// What the app says when a StoreKit call fails (QA injects the failures: StoreKitErrors.swift). HIG
/// "In-app purchase": say what happened and what the person can do, in plain words, never an error code.
public struct FaultStrings: Sendable {
    /// Why a call failed, and what to do: one sentence per StoreKitError the person can act on.
    public var reason: @Sendable (StoreKitErrorCase) -> String = {
        switch $0 {
        case .networkError: "The App Store couldn't be reached. Check your internet connection, then try again."
        case .notAvailableInStorefront: "This isn't available in your country or region."
        case .notEntitled, .unsupported: "This isn't supported on this device."
        default: "The App Store isn't responding right now. Try again in a moment."
        }
    }
    /// Load Products: the store has nothing to show (its Retry key is in the footer).
    public var productsTitle = "Can't Load the Store"
    public var productsRetry = "Your purchases are safe. Press r to try again."
    /// Verification: the App Store charged and recorded the purchase; the app could not verify it.
    public var unverifiedTitle = "Purchase Not Verified"
    public var unverified: @Sendable (String) -> String = {
        "The App Store completed your purchase of \($0), but this app couldn't verify it, so it isn't unlocked yet. It unlocks as soon as it can be verified, and you won't be charged again."
    }
    /// The store's mark on a purchase the app cannot verify now.
    public var notVerified = "⚠ Not verified"
    /// App Store Sync: Restore Purchases failed.
    public var restoreFailedTitle = "Couldn't Restore Purchases"
    /// Subscription Status: the Account screen's subscription section.
    public var statusUnavailable = "Your subscription status couldn't be loaded."
    /// Manage Subscriptions sheet did not open.
    public var manageTitle = "Can't Manage Subscriptions Here"
    public var manageElsewhere = "You can also manage subscriptions in Settings: tap your name, then Subscriptions."
    /// Refund Request sheet did not open.
    public var refundTitle = "Refund Request Not Sent"
    public var refundDuplicate = "You've already asked for a refund for this purchase. Apple will email you when it has been reviewed."
    public var refundFailed = "Your refund request couldn't be sent."
    public var refundElsewhere = "You can also request a refund at reportaproblem.apple.com."
    /// Offer Code Redeem sheet did not open.
    public var redeemTitle = "Can't Redeem Codes Here"
    public var redeemElsewhere = "You can also redeem the code in the App Store: tap your account, then Redeem Gift Card or Code."

    public init() {}
}

/// Every word of the price-increase consent sheet.
/// The system's rating prompt (StoreKit's `requestReview`) and the Account screen's persistent link.
/// What a person hears when the app does not open the payment sheet for an item they chose on the App
/// Store page (Promoting In-App Purchases: "Provide feedback to the user", or the app's lack of action
/// may seem like a bug).
public struct PromotedStrings: Sendable {
    /// A subscriber chose a plan of the group they have: they are shown their plan instead.
    public var alreadySubscribed: @Sendable (_ plan: String) -> String = { "You're already subscribed to \($0). Here is your plan." }
    /// They chose something they already have (owned, or included in their subscription).
    public var alreadyOwned: @Sendable (_ item: String) -> String = { "You already have \($0)." }
    /// Purchases are blocked on this device.
    public var purchasesBlocked: @Sendable (_ item: String) -> String = { "\($0) can't be bought here: purchases are turned off on this device." }
}

public struct ReviewStrings: Sendable {
    public var title: @Sendable (String) -> String = { "Enjoying \($0)?" }
    public var message = "Tap a star to rate it on the App Store."
    public var submit = "Submit"
    public var notNow = "Not Now"
    public var thanks = "Thanks for your feedback."
    /// Account's `w`: the persistent link the reference recommends (`action=write-review` on the product page).
    public var writeReviewOpens: @Sendable (String) -> String = { "Opens \($0) on the App Store, where you can write a review." }

    public init() {}
}

public struct PriceConsentStrings: Sendable {
    public var title = "Subscription Price Increase"
    /// The new price, the date it is first billed, and the date the subscription ends without consent.
    public var message: @Sendable (_ price: String, _ from: String) -> String = { price, from in
        "The price of this subscription is going up to \(price). If you don't agree, it won't renew and ends on \(from)."
    }
    public var agree = "Agree"
    public var notNow = "Not Now"
    public var agreed: @Sendable (String) -> String = { "You agreed to the new price for \($0)." }

    public init() {}
}

/// Every word of the Account screen, the manage-subscription sheet and the cancel confirmation. Money
/// and dates come in already formatted by Foundation.
public struct AccountStrings: Sendable {
    public var title = "Account"
    // A subscription's state, in words.
    public var active = "Active"
    public var freeTrial = "Free trial"
    public var introductoryPrice = "Introductory price"
    public var gracePeriod = "Grace period"
    public var billingProblem = "Billing problem"
    public var sharedBy: @Sendable (String) -> String = { "Shared by \($0)" }
    public var renewsOn: @Sendable (String) -> String = { "Renews on \($0)" }
    public var expiresOn: @Sendable (String) -> String = { "Expires on \($0)" }
    public var expiredOn: @Sendable (String) -> String = { "Expired on \($0)" }
    public var refundedOn: @Sendable (String) -> String = { "Refunded on \($0)" }
    // A subscription paid monthly with a 12-month commitment.
    /// "Payment 3 of 12": which payment of the commitment runs now.
    public var paymentOf: @Sendable (Int, Int) -> String = { "Payment \($0) of \($1)" }
    public var nextPaymentOn: @Sendable (String) -> String = { "Next payment on \($0)" }
    /// The payments left after this one, and when the commitment ends.
    public var commitmentProgress: @Sendable (Int, String) -> String = { left, end in
        left == 0 ? "The last payment. The commitment ends on \(end)."
            : "\(left) \(left == 1 ? "payment" : "payments") left. The commitment ends on \(end)."
    }
    /// On the cancel sheet during a commitment.
    public var paymentsLeftBilled: @Sendable (Int) -> String = { left in
        "The \(left) \(left == 1 ? "payment" : "payments") left of your commitment \(left == 1 ? "is" : "are") still billed."
    }
    /// The manage sheet's row choosing what follows the commitment (and the notice when it changes).
    public var afterCommitmentMonthly: @Sendable (String) -> String = { "After the commitment: a new \($0)" }
    public var afterCommitmentUpFront: @Sendable (String) -> String = { "After the commitment: \($0), billed up front" }
    /// After the commitment, renewing into a new one.
    public var thenNewCommitment: @Sendable (String) -> String = { "Then a new \($0) starts, unless you cancel." }
    /// After the commitment, renewing billed up front at this price.
    public var thenBilledUpFront: @Sendable (String) -> String = { "Then \($0), billed up front." }
    /// Cancelled during the commitment: what is still billed, and when access ends.
    public var commitmentCancelled: @Sendable (Int, String) -> String = { left, end in
        left == 0 ? "Cancelled: it ends on \(end)."
            : "Cancelled: the \(left) \(left == 1 ? "payment" : "payments") left \(left == 1 ? "is" : "are") still billed. It ends on \(end)."
    }
    /// A downgrade or crossgrade booked for the renewal: the plan it renews into, and when.
    public var changesTo: @Sendable (String, String) -> String = { "Changes to \($0) on \($1)" }
    /// A retention offer booked for the renewal.
    public var offerFrom: @Sendable (String, String) -> String = { "From \($1): \($0)" }
    public var newPriceFrom: @Sendable (String, String) -> String = { "New price from \($1): \($0). Agree to keep your subscription." }
    public var organizerManages: @Sendable (String) -> String = { "\($0) manages this plan and pays for it." }
    // Buttons
    public var manage = "Manage Subscription"
    public var cancelSubscription = "Cancel Subscription"
    public var resubscribe = "Resubscribe"
    public var updatePaymentMethod = "Update Payment Method"
    public var reviewPriceIncrease = "Review Price Increase"
    public var ownPlan = "Get a Plan of Your Own"
    public var seePlans = "See Plans"
    public var useOne = "Use One"
    // Purchases
    public var purchases = "Purchases"
    public var noPurchases = "Nothing purchased yet."
    /// Under Purchases when the only purchases are the subscriptions listed above.
    public var noOtherPurchases = "No other purchases yet."
    public var owned = "Owned"
    public var activeUntil: @Sendable (String) -> String = { "Active until \($0)" }
    public var left: @Sendable (Int) -> String = { "\($0) left" }
    public var waitingForApproval = "Waiting for approval"
    public var actionNeeded = "Action needed"
    public var noSubscription = "You have no subscription."
    // What happened (the notice line)
    public var used: @Sendable (String, Int) -> String = { "Used one \($0). \($1) left." }
    public var paymentUpdated = "Payment method updated. The App Store charges it at its next renewal attempt."
    public var resubscribed: @Sendable (String, String) -> String = { "\($0) renews again on \($1)." }
    public var cancelled: @Sendable (String, String) -> String = { "Cancelled. You can keep using \($0) until \($1)." }
    /// Cancelled while a renewal could not be charged: the billing retry ends, and the subscription with it.
    public var cancelledNow: @Sendable (String) -> String = { "Cancelled. \($0) has ended: the App Store no longer tries to renew it." }
    public var thanks = "Thanks for telling us why."
    public var offerAccepted: @Sendable (String, String) -> String = { "Offer accepted: \($0) from \($1)." }
    public var onlyOrganizer: @Sendable (String) -> String = { "Only \($0) can change or cancel a plan they share with you." }
    public var askToBuyWaiting: @Sendable (String) -> String = {
        "\($0) is waiting for approval from your family organizer (Ask to Buy). It arrives once they approve."
    }
    public var interruptedWaiting: @Sendable (String) -> String = {
        "\($0) needs you to finish the purchase outside the app: accept the new terms or update your payment method in your Apple Account settings."
    }
    public var currentPlan = "This is your current plan."
    /// The current plan chosen while a change of plan was booked: the change is taken back.
    public var changeTakenBack: @Sendable (_ current: String, _ booked: String) -> String = {
        "You'll stay on \($0). The change to \($1) is cancelled."
    }
    // The manage-subscription sheet
    public var current = "✓ Current"
    public var next = "Next"
    public var done = "Done"
    public var choose = "Choose"
    // The cancel confirmation
    public var cancelTitle: @Sendable (String) -> String = { "Cancel \($0)?" }
    public var keepUsing: @Sendable (String, String) -> String = { "You can keep using \($0) until \($1)." }
    /// The cancel confirmation in a grace period: cancelling ends the billing retry, and access with it.
    public var endsNow: @Sendable (String) -> String = {
        "Your payment could not be charged. Cancelling ends \($0) now, and the App Store stops trying to renew it."
    }
    /// On the retention offer's system sheet: the offer starts at the next renewal, on this date.
    public var retentionStarts: @Sendable (String) -> String = { "Starts at your next renewal on \($0)." }
    /// The app's retention pitch before the system cancel sheet (RetentionPitchScreen).
    public var beforeYouGo = "Before you go…"
    public var stayFor: @Sendable (_ plan: String) -> String = { "Stay with \($0) for less:" }
    public var takeOffer = "Take Offer"
    /// The app's exit survey after the cancel (ExitSurveyScreen).
    public var surveyTitle = "Why are you cancelling? (optional)"
    public var keepSubscription = "Keep Subscription"
    /// The confirmation's own Cancel button, short enough to sit beside Keep on a small terminal.
    public var cancelButton = "Cancel"

    public init() {}
}

/// Every word of Purchase Help (the help list, Missing a Purchase, FAQ, Request a Refund and the system
/// refund sheet, Submit Feedback, Contact Us). Money and dates come in already formatted by Foundation.
/// HIG: titles are plain ("Request a Refund"), and nothing here predicts or describes Apple's decision on a
/// refund.
public struct HelpStrings: Sendable {
    public var title = "Purchase Help"
    public var howCanWeHelp = "How can we help?"
    public var missingPurchase = "Missing a Purchase"
    public var faq = "Frequently Asked Questions"
    public var requestRefund = "Request a Refund"
    /// The refund sheet left with an issue chosen and the request not sent: said, never dropped silently.
    public var refundNotSent = "Your refund request wasn't sent."
    public var submitFeedback = "Submit Feedback"
    public var contactUs = "Contact Us"
    /// Beside Submit Feedback when a draft waits.
    public var draftWaiting = "Unsent draft"
    // Missing a Purchase
    public var missingIntro = "Purchases on this account in the last 90 days, renewals included. Something missing? Restore your purchases, or request a refund."
    public var notDelivered = "Not delivered yet"
    public var notDeliveredNote = "This purchase didn't reach the app. Get it now, or take something else instead. You can still request a refund."
    public var deliverNow = "Deliver Now"
    public var insteadTake: @Sendable (String) -> String = { "Get 1 \($0) Instead" }
    public var waitingForYou = "Waiting for you to finish the purchase in your Apple Account settings."
    public var finishPurchase = "Finish Purchase"
    public var lastDays = "Last 90 days"
    public var noCharges = "No purchases in the last 90 days."
    public var delivered: @Sendable (String) -> String = { "\($0) is delivered." }
    public var gave: @Sendable (String, String) -> String = { "You got 1 \($0) instead of \($1), which stays undelivered." }
    // Request a Refund
    public var purchases = "Purchases"
    public var refundRequested = "Refund requested"
    public var refunded = "Refunded"
    public var whyNot: @Sendable (RefundRefusal) -> String = {
        switch $0 {
        case .requestPending: "You've already requested a refund for this purchase."
        case .alreadyRefunded: "This purchase was refunded."
        case .familyShared: "Shared with you through Family Sharing: only the organizer can request a refund."
        case .notCharged: "Nothing was charged for this."
        case .tooOld, .notFound: "This purchase can't be chosen here."
        }
    }
    // The system refund sheet
    public var sheetTitle = "Request Refund"
    public var date = "Date"
    public var chooseIssue = "Choose an issue:"
    public var reason: @Sendable (RefundReason) -> String = {
        switch $0 {
        case .didNotMeanToBuy: "I didn't mean to buy this"
        case .childPurchase: "A child/minor made a purchase without permission"
        case .doesNotWork: "My purchase does not work as expected"
        case .notReceived: "Purchase not received"
        case .other: "Other"
        }
    }
    public var mayLoseAccess = "You may lose access to refunded items."
    public var requestRefundButton = "Request Refund"
    public var chooseFirst = "Choose an issue first."
    public var submittedTitle = "Your request has been submitted"
    public var submittedMessage: @Sendable (String) -> String = {
        "You'll receive an email at \($0) with a status update within 48 hours. To check the status of claims, go to https://reportaproblem.apple.com."
    }
    public var done = "Done"
    // Submit Feedback
    public var feedbackIntro = "Tell us what went wrong, or what you'd like. We read every message."
    public var placeholder = "Type your feedback…"
    public var draftOffered = "Your unsent draft is here."
    public var send = "Send"
    /// Characters typed of the most the field takes, as numbers in the locale: "13/2,000".
    public var count: @Sendable (String, String) -> String = { "\($0)/\($1)" }
    public var sent = "Thanks: your feedback was sent."
    public var typeFirst = "Type your feedback first."
    public var leaveTitle = "Unsent Feedback"
    public var leaveQuestion: @Sendable (Bool, Bool) -> String = { quitting, kept in
        (quitting ? "Quit without sending?" : "Leave without sending?")
            + (kept ? " Your draft is saved and offered next time." : " Your draft is kept until you quit.")
    }
    public var leaveButtons: @Sendable (Bool) -> String = { $0 ? "y quit · n stay" : "y leave · n stay" }
    // Contact Us and FAQ
    public var email = "Email"
    public var web = "Web"
    public var noFAQ = "This app has no frequently asked questions."
    public var noContact = "This app gives no contact."

    public init() {}
}

/// Every word of the free area, its prompt near the limit and the metered paywall. Numbers and dates
/// come in already formatted by Foundation; the group's name and the items' titles come from the catalog.
public struct PaywallStrings: Sendable {
    /// "2 of 3 free reads left this month": (how many left, left formatted, the limit formatted).
    public var leftThisMonth: @Sendable (Int, String, String) -> String = { left, leftText, limit in
        "\(leftText) of \(limit) free \(limit == "1" ? "read" : "reads") left this month"
    }
    /// The gentle prompt when one free read is left; `lapsed` for someone whose subscription ended.
    public var oneLeft: @Sendable (_ lapsed: Bool) -> String = { lapsed in
        "One free read left this month. " + (lapsed ? "Resubscribe for unlimited reading." : "Subscribe for unlimited reading.")
    }
    public var seePlansButton = "See plans"
    public var resubscribeButton = "Resubscribe"
    /// Beside an item already opened this month (opening it again is free).
    public var read = "✓ Read"

    // The metered paywall (HIG: "You've reached your free limit…", See Your Options, sign in).
    public var limitReached = "You've reached your free limit for this month."
    /// (group name, the date the count starts again, the limit formatted, lapsed)
    public var subscribeOrWait: @Sendable (String, String, String, Bool) -> String = { group, date, limit, lapsed in
        (lapsed ? "Resubscribe to \(group)" : "Subscribe to \(group)")
            + " for unlimited reading, or come back on \(date) for \(limit) more free reads."
    }
    /// For someone who cannot pay here (the reason follows): (date, limit formatted).
    public var waitOnly: @Sendable (String, String) -> String = { date, limit in
        "Come back on \(date) for \(limit) more free reads."
    }
    public var seeYourOptions = "See Your Options"
    public var restore = "Already a subscriber? Restore Purchases"
    /// The same button where the line is too narrow for the question.
    public var restoreShort = "Restore Purchases"
    public var notNow = "Not Now"

    public init() {}
}

/// Every word of onboarding's frame (the pages themselves come from the catalog). Prices come in already
/// formatted by Foundation.
public struct OnboardingStrings: Sendable {
    public var title = "Welcome"
    /// The call to action on the last page, for someone a free trial is open to, and otherwise.
    public var tryItFree = "Try It Free"
    public var seePlans = "See Plans"
    /// "Plans from $1.99/month"
    public var plansFrom: @Sendable (String) -> String = { "Plans from \($0)" }
    public var someTrials = "Some plans start with a free trial."
    /// Beside the call to action on the last page: Restore Purchases, which signs in to the App Store.
    public var signInRestore = "Sign In / Restore"
    public var skipHint = "Press s to skip"

    public init() {}
}

/// Every word of offer-code redemption (the system's redemption sheet, its errors, the welcome and the
/// notices of codes redeemed in the App Store).
public struct RedeemStrings: Sendable {
    public var redeemCode = "Redeem Code"
    public var placeholder = "Enter Code"
    public var terms = "Terms and Conditions apply: apple.com/legal/internet-services/itunes"
    public var cancel = "Cancel"
    public var redeem = "Redeem"
    public var redeemOffer = "Redeem Offer"
    public var done = "Done"
    /// The offer page of a code that stacks with the introductory offer: "First your introductory offer:
    /// Free for 1 week. Then this offer: $4.99/month for 2 months, then $9.99/month."
    public var stackedTerms: @Sendable (_ intro: String, _ terms: String) -> String = {
        "First your introductory offer: \($0). Then this offer: \($1)."
    }
    /// The offer page: when it applies.
    public var startsNow = "Starts today."
    public var fromRenewal: @Sendable (_ date: String) -> String = { "Applies from \($0)." }
    public var switchesNow: @Sendable (_ plan: String) -> String = { "Switches your subscription to \($0) today." }
    public var switchesAt: @Sendable (_ plan: String, _ date: String) -> String = { "Switches your subscription to \($0) at your next renewal on \($1)." }
    /// A one-time product's offer: "Alps Map Pack, free", "Trail Boost, $0.49".
    public var itemFree: @Sendable (_ item: String) -> String = { "\($0), free" }
    public var itemPrice: @Sendable (_ item: String, _ price: String) -> String = { "\($0), \($1)" }
    /// After redeeming.
    public var welcomeTitle: @Sendable (_ service: String) -> String = { "Welcome to \($0)" }
    public var welcome: @Sendable (_ offer: String, _ terms: String) -> String = { "Your \($0) starts now: \($1)." }
    public var welcomeStacked: @Sendable (_ intro: String, _ offer: String, _ terms: String) -> String = {
        "Your introductory offer starts now: \($0). Then \($1): \($2)."
    }
    /// The app's own welcome after the system sheet reports a new subscription (RedeemWelcomeScreen).
    public var welcomeBody: @Sendable (_ plan: String) -> String = { "You now have \($0). Everything it includes is ready to use." }
    public var getStarted = "Get Started"
    public var changesTitle = "What Changes"
    public var changesAtRenewal: @Sendable (_ offer: String, _ date: String, _ terms: String) -> String = {
        "\($0) applies from \($1): \($2). Until then, nothing changes."
    }
    public var switchedNow: @Sendable (_ plan: String, _ offer: String) -> String = { "You're on \($0) from today, with \($1)." }
    public var switchedAt: @Sendable (_ plan: String, _ date: String, _ current: String) -> String = {
        "\($0) starts at your next renewal on \($1), with this offer. Until then you keep \($2)."
    }
    public var deliveredTitle = "Code Redeemed"
    public var delivered: @Sendable (_ item: String) -> String = { "\($0) is yours." }
    /// Why a code is refused.
    public var invalidCharacters = "Codes have only the letters A–Z and the digits 0–9. Check the code and try again."
    public var unknownCode = "This code isn't valid. Check the code and try again."
    public var expired = "This offer has expired."
    public var inactive = "This offer is no longer active."
    public var codeAlreadyUsed = "This code has already been redeemed."
    public var alreadyRedeemed = "You've already redeemed this offer."
    public var notEligible: @Sendable (_ whom: String) -> String = { "You're not eligible for this offer: it's for \($0) only." }
    /// Whom an offer is for, by eligibility: a subscription's, then a one-time product's.
    public var subscribers: @Sendable (OfferCodeOffer.Eligibility) -> String = {
        switch $0 {
        case .new: "new subscribers"
        case .existing: "current subscribers"
        case .lapsed: "former subscribers"
        }
    }
    public var customers: @Sendable (OfferCodeOffer.Eligibility) -> String = {
        switch $0 {
        case .new: "new customers"
        case .existing: "customers who bought in the last 30 days"
        case .lapsed: "customers who last bought over 30 days ago"
        }
    }
    public var wouldDowngrade: @Sendable (_ current: String) -> String = {
        "This code is for a lower plan than your \($0) subscription, so it can't be redeemed."
    }
    public var limitReached = "This offer has reached its redemption limit."
    public var quarterlyLimitReached = "This app can't accept more offer codes right now. Try again later."
    public var alreadyOwned: @Sendable (_ item: String) -> String = { "You already own \($0)." }
    public var notAvailable = "This offer isn't available in your country or region."
    public var paymentNotAllowed = "Purchases aren't allowed on this device, so offer codes can't be redeemed here."
    /// Codes redeemed in the App Store, arriving while the app runs or at launch.
    public var arrived: @Sendable (_ code: String) -> String = { "Code \($0) was redeemed in the App Store." }
    public var refused: @Sendable (_ code: String, _ why: String) -> String = { "The App Store refused code \($0): \($1)" }
    /// The QA panel's rows and notices: English in every language, like the rest of the QA tools.
    public var panelCode = "App Store code"
    public var panelHelp = "A code redeemed in the App Store, outside the app: ←/→ choose the catalog's code; redeemed now, it reaches the running app with a notice; before the next launch, a --state ledger keeps it for the app's next start."
    public var panelNow = "Redeem in the App Store now"
    public var panelAtLaunch = "Redeem in the App Store before next launch"
    public var queued: @Sendable (_ code: String) -> String = { "Code \($0) was redeemed in the App Store; the app hears of it at its next launch." }
    public var needsLedger = "Redeeming before the next launch needs a --state ledger to remember it."
    public var noCodes = "none in the catalog"

    public init() {}
}
