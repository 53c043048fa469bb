import Foundation
import StoreModel

/// Everything the app shows, in one value: the App Store model, where the person is, and what is open.
public struct AppState: Sendable {
    public var store: AppStore
    public var locale: Locale {
        didSet { storeLayout = StoreLayout(catalog: store.catalog, locale: locale) }
    }
    public var strings: Strings
    public var size: Size
    /// The navigation stack; the store is always at the bottom. Each screen carries its own state
    /// (selection, scroll offset…), defined in its file beside its update and its view.
    public var screens: [Screen]
    /// What covers the screen, if anything: the key help, the confirmation sheet, a purchase result.
    public var overlay: Overlay?
    /// One line of news (what time travel did, why a ledger write failed), shown until the next key.
    public var notice: String?
    /// Groups whose price-increase consent sheet was shown in this launch (it shows once per launch).
    public var priceConsentAsked: Set<String> = []
    /// Whether a `--state` ledger keeps this account between launches (what happens "at the next
    /// launch" needs one).
    public var keepsLedger = false

    // MARK: derived data

    /// The store's list as far as the catalog and the locale decide it (sections, product order, each
    /// product's row, the name column's width), worked out at init and when the locale changes: the
    /// catalog never changes in a session. Keys read it a visible row at a time; see `StoreList`.
    public private(set) var storeLayout: StoreLayout

    /// A screen and its own state.
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

        public var kind: ScreenKind {
            switch self {
            case .store: .store
            case .detail: .detail
            case .scenario: .scenario
            case .transactions: .transactions
            case .transaction: .transaction
            case .signup: .signup
            case .freeContent: .freeContent
            case .freeItem: .freeItem
            case .paywall: .paywall
            case .onboarding: .onboarding
            case .account: .account
            case .purchaseHelp: .purchaseHelp
            case .missingPurchase: .missingPurchase
            case .helpPage: .helpPage
            case .refunds: .refunds
            case .feedback: .feedback
            }
        }
    }

    public indirect enum Overlay: Sendable, Equatable {
        /// The keys of a screen, over what was open before (a sheet stays open under its help).
        case help(Overlays.Help)
        case sheet(PurchaseSheet)
        case result(PurchaseResult)
        /// A question before something that cannot be undone.
        case confirm(Confirmation)
        /// Restore Purchases: the sign-in sheet, then what was restored (Restore.swift).
        case restore(Restore.State)
        /// The system's price-increase consent sheet (PriceConsent.swift).
        case priceConsent(PriceConsent.State)
        /// The system's manage-subscription sheet (ManageSheet.swift).
        case manage(ManageSheet.State)
        /// The cancel confirmation (CancelSheet.swift).
        case cancelSubscription(CancelSheet.State)
        /// The system refund sheet, then its confirmation (RefundSheet.swift).
        case refundSheet(RefundSheet.State)
        /// The system's offer-code redemption sheet (RedeemSheet.swift).
        case redeem(RedeemSheet.State)
    }

    public enum Confirmation: Sendable, Equatable {
        case clearAll
        case delete(transactionID: UInt64)
        /// Leaving Submit Feedback, or quitting from it, with a draft not sent.
        case leaveFeedback(quitting: Bool)
    }

    /// The system confirmation sheet: what is being bought, and which button has focus.
    public struct PurchaseSheet: Sendable, Equatable {
        public var quote: AppStore.Quote
        public var confirmFocused: Bool
        /// How far its content is scrolled, where it does not fit (its buttons always show).
        public var offset = 0
    }

    /// What happened to a purchase, shown until dismissed.
    public struct PurchaseResult: Sendable, Equatable {
        public var productID: String
        public var quantity: Int
        public var outcome: Outcome

        public enum Outcome: Sendable, Equatable {
            case purchased, deferred, interrupted
            case scheduled(Date)
            case failed(PurchaseError)
        }
    }

    /// Below this the app shows only "terminal too small".
    public static let minimumSize = Size(columns: 40, rows: 12)
    /// Below this many columns layouts compact.
    public static let compactWidth = 60

    public init(store: AppStore, locale: Locale, size: Size) {
        self.store = store
        self.locale = locale
        self.strings = Strings.forLocale(locale)
        self.size = size
        storeLayout = StoreLayout(catalog: store.catalog, locale: locale)
        screens = [.store(StoreScreen.State())]
        let list = StoreList(self)
        storeScreen.selection = list.products.count > 0 ? list.products[0].id : nil
        askForPriceConsentIfDue()
    }

    /// The store's own state: the screen at the bottom of the stack, always there.
    public var storeScreen: StoreScreen.State {
        get {
            guard case .store(let screen)? = screens.first else { preconditionFailure("the store is at the bottom of the stack") }
            return screen
        }
        set { screens[0] = .store(newValue) }
    }

    /// The screen on top, the one that takes keys when no overlay is open.
    public var top: Screen { screens.last ?? .store(storeScreen) }

    /// Opens a screen over the current one; if it is already open lower down, goes back to it instead
    /// of stacking a second copy.
    public mutating func open(_ screen: Screen) {
        if let index = screens.lastIndex(where: { $0.kind == screen.kind }), index > 0 { screens.removeSubrange(index...) }
        screens.append(screen)
    }

    public var isSheetOpen: Bool {
        if case .sheet = overlay { return true }
        if case .help(let help) = overlay, case .sheet? = help.under { return true }
        return false
    }

    public var isTooSmall: Bool { size.columns < Self.minimumSize.columns || size.rows < Self.minimumSize.rows }
    public var isCompact: Bool { size.columns < Self.compactWidth }

    /// The screen or overlay that takes keys now.
    public var activeKind: ScreenKind {
        if isTooSmall { return .tooSmall }
        switch overlay {
        case .help: return .help
        case .sheet: return .sheet
        case .result: return .result
        case .confirm: return .confirm
        case .restore: return .restore
        case .priceConsent: return .priceConsent
        case .manage: return .manage
        case .cancelSubscription: return .cancelSubscription
        case .refundSheet: return .refundSheet
        case .redeem: return .redeem
        case nil: break
        }
        return top.kind
    }

    // Helpers the screens share.

    public var fallbackLanguage: String { store.catalog.app.defaultLanguage }
    public func name(_ product: Product) -> String { product.name.resolved(for: locale, fallback: fallbackLanguage) }
    public func description(_ product: Product) -> String {
        product.description.resolved(for: locale, fallback: fallbackLanguage)
    }
    public var appName: String { store.catalog.app.name.resolved(for: locale, fallback: fallbackLanguage) }
    public var prices: PriceFormatter { PriceFormatter(locale: locale) }
    public func price(_ amount: Decimal) -> String { prices.string(amount, in: store.territory) }
    /// A count in the person's locale ("2,000", "2.000").
    public func number(_ value: Int) -> String { value.formatted(.number.locale(locale)) }
    public func date(_ date: Date) -> String {
        var style = Date.FormatStyle(date: .abbreviated, time: .omitted).locale(locale)
        style.timeZone = TimeZone(identifier: "UTC")!
        // A date is one token: wrapped text never breaks inside it ("Nov 28," / "2026"). Foundation
        // already joins a price's parts with no-break spaces; a date's spaces are made so here.
        return date.formatted(style).replacingOccurrences(of: " ", with: "\u{00A0}")
    }
    /// Date and time, for the QA tools where the hour matters (accelerated clocks, renewals).
    public func dateTime(_ date: Date) -> String {
        var style = Date.FormatStyle(date: .abbreviated, time: .shortened).locale(locale)
        style.timeZone = TimeZone(identifier: "UTC")!
        return date.formatted(style) + " UTC"
    }
}
