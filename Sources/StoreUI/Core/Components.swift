/// The screens and overlays, for key bindings, titles and the help's names.
public enum ScreenKind: String, Sendable, CaseIterable {
    case store, detail, sheet, result, help, tooSmall
    case scenario, transactions, transaction, confirm
    case signup
    /// Restore Purchases' overlay: the sign-in sheet, then what was restored.
    case restore
    /// The system's price-increase consent sheet.
    case priceConsent
    case freeContent, freeItem, paywall, onboarding
    /// The Account screen, the system's manage-subscription sheet, and the cancel confirmation.
    case account, manage, cancelSubscription
    /// The app's own retention pitch before the system cancel sheet, the system sheet that confirms its
    /// offer, and the app's own exit survey after the cancel (issue 31: never inside the system sheet).
    case retentionPitch, retentionOffer, exitSurvey
    /// The App Store's disclosure before a person's first 12-month commitment.
    case commitmentDisclosure
    /// Purchase Help ("How can we help?"), its pages (Missing a Purchase; FAQ and Contact Us as one
    /// page screen; Request a Refund; Submit Feedback) and the system refund sheet.
    case purchaseHelp, missingPurchase, helpPage, refunds, feedback, refundSheet
    /// The system's offer-code redemption sheet, and the app's own welcome after it reports a new
    /// subscription.
    case redeem, redeemWelcome
    /// The system's rating prompt (StoreKit's requestReview).
    case reviewPrompt
}

extension AppState {
    /// A screen and its own state: the entries of the navigation stack. Each screen's state is its
    /// component (`ScreenComponent`), defined in its file beside its update and its view.
    public enum Screen: Sendable, Equatable {
        case store(StoreScreen.State)
        case detail(DetailScreen.State)
        /// the QA scenario panel: switches, time travel, clear everything
        case scenario(ScenarioScreen.State)
        /// the transaction inspector: the ledger as a table
        case transactions(TransactionsScreen.State)
        /// one transaction in full
        case transaction(TransactionScreen.State)
        /// a subscription group's sign-up screen
        case signup(SignupScreen.State)
        /// the free area: its items and the free reads left this month
        case freeContent(FreeContentScreen.State)
        /// one free item, open to read
        case freeItem(FreeItemScreen.State)
        /// the metered paywall, at the free limit
        case paywall(PaywallScreen.State)
        /// the first-launch pages of the app's benefits
        case onboarding(OnboardingScreen.State)
        /// the Account screen: subscriptions, purchases, restore
        case account(AccountScreen.State)
        /// Purchase Help: "How can we help?", and its pages
        case purchaseHelp(HelpScreen.State)
        case missingPurchase(MissingPurchaseScreen.State)
        /// the FAQ or Contact Us
        case helpPage(HelpScreen.Page.State)
        case refunds(RefundScreen.State)
        case feedback(FeedbackScreen.State)
        /// A screen with no case of its own (see `ScreenComponent`).
        case other(AnyScreen)

        /// The one place a stack entry meets its component.
        public var component: any StackScreen {
            switch self {
            case .store(let screen): screen
            case .detail(let screen): screen
            case .scenario(let screen): screen
            case .transactions(let screen): screen
            case .transaction(let screen): screen
            case .signup(let screen): screen
            case .freeContent(let screen): screen
            case .freeItem(let screen): screen
            case .paywall(let screen): screen
            case .onboarding(let screen): screen
            case .account(let screen): screen
            case .purchaseHelp(let screen): screen
            case .missingPurchase(let screen): screen
            case .helpPage(let screen): screen
            case .refunds(let screen): screen
            case .feedback(let screen): screen
            case .other(let screen): screen.base
            }
        }

        public var kind: ScreenKind { component.kind }
    }

    /// What covers the screen, if anything: the key help, a system sheet, a purchase result, a question.
    public indirect enum Overlay: Sendable, Equatable {
        /// The keys of a screen, over what was open before (a sheet stays open under its help).
        case help(Overlays.Help)
        /// The system confirmation sheet (PurchaseSheet.swift).
        case sheet(PurchaseSheet)
        /// What happened to a purchase (PurchaseResult.swift).
        case result(PurchaseResult)
        /// A question before something that cannot be undone (Confirmation.swift).
        case confirm(Confirmation)
        /// Restore Purchases: the sign-in sheet, then what was restored (Restore.swift).
        case restore(Restore.State)
        /// The system's price-increase consent sheet (PriceConsent.swift).
        case priceConsent(PriceConsent.State)
        /// The system's manage-subscription sheet (ManageSheet.swift).
        case manage(ManageSheet.State)
        /// The cancel confirmation (CancelSheet.swift).
        case cancelSubscription(CancelSheet.State)
        /// The system sheet that confirms a retention offer chosen there (RetentionOfferSheet.swift).
        case retentionOffer(RetentionOfferSheet.State)
        /// The App Store's disclosure before a first 12-month commitment (CommitmentDisclosure.swift).
        case commitmentDisclosure(CommitmentDisclosure.State)
        /// The system refund sheet, then its confirmation (RefundSheet.swift).
        case refundSheet(RefundSheet.State)
        /// The system's offer-code redemption sheet (RedeemSheet.swift).
        case redeem(RedeemSheet.State)
        /// The system's rating prompt (ReviewPrompt.swift).
        case reviewPrompt(ReviewPrompt.State)

        /// The one place an overlay meets its component.
        public var component: any ScreenComponent {
            switch self {
            case .help(let help): help
            case .sheet(let sheet): sheet
            case .result(let result): result
            case .confirm(let question): question
            case .restore(let sheet): sheet
            case .priceConsent(let sheet): sheet
            case .manage(let sheet): sheet
            case .cancelSubscription(let sheet): sheet
            case .retentionOffer(let sheet): sheet
            case .commitmentDisclosure(let sheet): sheet
            case .refundSheet(let sheet): sheet
            case .redeem(let sheet): sheet
            case .reviewPrompt(let sheet): sheet
            }
        }
    }
}
