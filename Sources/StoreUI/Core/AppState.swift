import Foundation
import StoreModel
import Synchronization

/// A language's table, shared by reference: one per language, made once.
final class StringTable: Sendable {
    let strings: Strings
    private init(_ strings: Strings) { self.strings = strings }

    /// One table per language key, made when a session first speaks it (`Strings.languageTables`).
    private static let made = Made()
    private final class Made: @unchecked Sendable {
        let lock = NSLock()
        var tables: [String: StringTable] = [:]
    }

    static func forLocale(_ locale: Locale) -> StringTable {
        let key = Strings.languageKey(locale)
        let known = Strings.languageTables[key] != nil ? key : "en"
        return made.lock.withLock {
            if let table = made.tables[known] { return table }
            let table = StringTable(Strings.languageTables[known]?() ?? .english)
            made.tables[known] = table
            return table
        }
    }
}

/// Everything the app shows, in one value: the App Store model, where the person is, and what is open.
public struct AppState: Sendable {
    public var store: AppStore {
        didSet { revision = Self.nextRevision() }
    }
    public var locale: Locale {
        didSet {
            storeLayout = StoreLayout(catalog: store.catalog, locale: locale)
            textLanguage = TextLanguage(locale)
            stringTable = StringTable.forLocale(locale)
            revision = Self.nextRevision()
        }
    }
    /// A number that changes whenever the store or the locale does (any mutation, even one that changes
    /// nothing), so a view may keep what it drew from them while it stays the same (the store's rows,
    /// StoreScreen.swift). Numbers are never given twice in a process: two states with the same
    /// revision hold the same store and locale, whichever copies they went through. One exception keeps
    /// it: the clock's tick within a minute, for a store whose answers the clock cannot change
    /// (`update(.tick)`, `AppStore.clockChangesAnswers`).
    var revision = AppState.nextRevision()
    private static let revisions = Atomic<UInt64>(0)
    private static func nextRevision() -> UInt64 { revisions.wrappingAdd(1, ordering: .relaxed).newValue }
    /// The language's table (hundreds of strings and closures), read where it is kept: `AppState` is
    /// copied every turn of the loop and by views, and copying the table inline retained each of its
    /// strings every time (a third of the instructions of a store frame; issue 33).
    public var strings: Strings {
        _read { yield stringTable.strings }
    }
    private(set) var stringTable: StringTable
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
    /// Free items read to the end in this launch: the app asks for a review after every
    /// `readingsBeforeReviewRequest` of them (ReviewPrompt.swift).
    public var completedReadings = 0
    /// Whether a `--state` ledger keeps this account between launches (what happens "at the next
    /// launch" needs one).
    public var keepsLedger = false
    /// Why the store's products did not load at the app's last try (StoreKit's `Product.products(for:)`
    /// threw: QA's Load Products error); nil once they loaded. See `loadProducts()`.
    public var productsFailure: StoreKitErrorCase?
    /// A purchase intent from the App Store page the app saved until onboarding or a sheet is over
    /// (PurchaseIntents.swift).
    public var deferredIntent: PurchaseIntent?
    /// The purchase intent this launch was opened by (`--open promoted=…`): it reaches the app once it
    /// has started, after onboarding opened where due.
    public var launchIntent: PurchaseIntent?

    // MARK: derived data

    /// The store's list as far as the catalog and the locale decide it (sections, product order, each
    /// product's row, the name column's width), worked out at init and when the locale changes: the
    /// catalog never changes in a session. Keys read it a visible row at a time; see `StoreList`.
    public private(set) var storeLayout: StoreLayout

    /// The locale's language and region as the catalog's texts are keyed, worked out with the locale:
    /// asking Foundation for them cost about 6,000 instructions a name, every name of every frame.
    struct TextLanguage: Sendable {
        let language: String?
        let region: String?
        init(_ locale: Locale) {
            language = locale.language.languageCode?.identifier
            region = locale.region?.identifier
        }
    }
    private(set) var textLanguage: TextLanguage

    /// Below this the app shows only "terminal too small".
    public static let minimumSize = Size(columns: 40, rows: 12)
    /// Below this many columns layouts compact.
    public static let compactWidth = 60

    public init(store: AppStore, locale: Locale, size: Size) {
        self.store = store
        self.locale = locale
        self.stringTable = StringTable.forLocale(locale)
        self.size = size
        storeLayout = StoreLayout(catalog: store.catalog, locale: locale)
        textLanguage = TextLanguage(locale)
        screens = [.store(StoreScreen.State())]
        loadProducts()
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

    public var isTooSmall: Bool { size.columns < Self.minimumSize.columns || size.rows < Self.minimumSize.rows }
    public var isCompact: Bool { size.columns < Self.compactWidth }

    /// The screen or overlay that takes keys now.
    public var activeKind: ScreenKind {
        if isTooSmall { return .tooSmall }
        return overlay?.component.kind ?? top.kind
    }

    // Helpers the screens share.

    public var fallbackLanguage: String { store.catalog.app.defaultLanguage }
    public func name(_ product: Product) -> String { text(product.name) }
    public func description(_ product: Product) -> String { text(product.description) }
    public var appName: String { text(store.catalog.app.name) }
    /// A catalog text in the person's language (`LocalizedText.resolved(for:fallback:)`), as screens
    /// show it: at most `longestShownText` characters, then "…". App Store Connect takes 30 for a name
    /// and 45 for a description (lint warns past them); a hostile catalog's 100 KB name costs each key
    /// what a name of that many characters does, not what the whole of it would.
    public func text(_ text: LocalizedText) -> String {
        let fallback = fallbackLanguage
        return Self.shown(text.resolved(language: textLanguage.language ?? fallback, region: textLanguage.region, fallback: fallback))
    }

    /// The longest catalog text a screen shows whole, in characters: ten times App Store Connect's
    /// longest (a description's 45), and more than any screen up to 1000×500 shows of one product.
    public static let longestShownText = 500

    /// `text` cut to `longestShownText` characters, with "…" when something was cut.
    public static func shown(_ text: String) -> String {
        // Every character is at least one byte: as many bytes as the limit fit without counting.
        guard text.utf8.count > longestShownText else { return text }
        var end = text.startIndex
        for _ in 0..<longestShownText {
            guard end < text.endIndex else { return text }
            end = text.index(after: end)
        }
        return end == text.endIndex ? text : String(text[..<end]) + "…"
    }
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
