import Foundation
import StoreModel

/// How each screen and overlay is reached from a fresh app on the sample flows: what `storefront
/// gallery` draws. The list comes from `ScreenKind.allCases` through `visits`, an exhaustive switch, so a
/// new kind does not build until it says how it is reached, and `ScreenVisitTests` fails when a visit
/// does not arrive on its kind. A kind may have several visits (the gated store once per
/// `canMakePayments` reason, the redemption sheet once per refusal).
public struct ScreenVisit: Sendable {
    public var kind: ScreenKind
    /// Which of the kind's states this is ("screen-time", "expired"); nil for the kind's plain state.
    public var variant: String?
    /// `canMakePayments` at launch.
    public var gate: PaymentGate
    /// A fixed size instead of the gallery's (the "terminal too small" message needs a small one).
    public var size: Size?
    /// From a fresh app to the screen: the history it needs (as a ledger would hold it: `prepare`), then
    /// the keys, each a message through the runtime as in the terminal. False when the catalog lacks
    /// what the visit needs (a product, a code): then it is left out.
    public var steps: @Sendable (inout Runtime) -> Bool

    public init(_ kind: ScreenKind, _ variant: String? = nil, gate: PaymentGate = .allowed, size: Size? = nil,
                steps: @escaping @Sendable (inout Runtime) -> Bool = { _ in true }) {
        self.kind = kind
        self.variant = variant
        self.gate = gate
        self.size = size
        self.steps = steps
    }

    /// A name for files and filters: the kind, then the variant ("store-screen-time").
    public var name: String { kind.rawValue + (variant.map { "-" + $0 } ?? "") }

    /// Every visit of every kind, in `ScreenKind`'s order.
    public static var all: [ScreenVisit] { ScreenKind.allCases.flatMap(\.visits) }

    /// The app on this visit's screen, or nil when the catalog lacks what it needs or the visit did
    /// not arrive on its kind. `start` makes the fresh app (store, locale, size) with the visit's gate.
    public func run(_ start: (PaymentGate, Size) -> AppState, size: Size) -> AppState? {
        var runtime = Runtime(start(gate, self.size ?? size))
        guard steps(&runtime), runtime.state.activeKind == kind else { return nil }
        runtime.flush()
        return runtime.state
    }
}

/// The sample catalog's products and codes that the visits use (SampleCatalog.json).
enum SampleIDs {
    static let alps = "com.trailhead.maps.alps"
    static let boost = "com.trailhead.boost.small"
    static let pass = "com.trailhead.pass.summer"
    static let proMonthly = "com.trailhead.plus.pro.monthly"
    static let proAnnual = "com.trailhead.plus.pro.annual"
}

extension ScreenKind {
    /// How this screen or overlay is reached (see `ScreenVisit`).
    public var visits: [ScreenVisit] {
        typealias Visit = ScreenVisit
        switch self {
        case .store:
            return [Visit(.store)] + PaymentGate.allCases.filter { !$0.canMakePayments }.map { Visit(.store, $0.rawValue, gate: $0) }
        case .detail:
            return [Visit(.detail) { $0.select(SampleIDs.alps) && $0.pressing(.enter) }]
        case .sheet:
            return [
                Visit(.sheet) { $0.select(SampleIDs.alps) && $0.pressing(.character("b")) },
                Visit(.sheet, "promoted") { app in
                    guard app.state.store.catalog.product(SampleIDs.alps) != nil else { return false }
                    app.prepare { $0.receivePurchaseIntent(PurchaseIntent(productID: SampleIDs.alps)) }
                    return true
                },
            ]
        case .result:
            return [Visit(.result) { $0.select(SampleIDs.alps) && $0.pressing(.character("b"), .tab, .enter) }]
        case .help:
            return [Visit(.help) { $0.pressing(.character("?")) }]
        case .tooSmall:
            return [Visit(.tooSmall, size: Size(columns: 36, rows: 10))]
        case .scenario:
            return [Visit(.scenario) { $0.withHistory() && $0.pressing(.character("s")) }]
        case .transactions:
            return [Visit(.transactions) { $0.withHistory() && $0.pressing(.character("t"), .backTab) }]
        case .transaction:
            return [Visit(.transaction) { $0.withHistory() && $0.pressing(.character("t"), .backTab, .down, .enter) }]
        case .confirm:
            return [Visit(.confirm) { $0.pressing(.character("s"), .character("c")) }]
        case .signup:
            return [Visit(.signup) { $0.select(SampleIDs.proAnnual) && $0.pressing(.enter) }]
        case .restore:
            return [
                Visit(.restore) { $0.pressing(.character("a"), .character("r")) },
                Visit(.restore, "restored") { $0.bought(SampleIDs.alps) && $0.pressing(.character("a"), .character("r"), .enter) },
            ]
        case .priceConsent:
            return [Visit(.priceConsent) { app in
                guard app.bought(SampleIDs.proMonthly), let product = app.state.store.catalog.product(SampleIDs.proMonthly),
                      let price = app.state.store.price(of: product) else { return false }
                var raised = false
                app.prepare {
                    // Past the introductory price's three months: the next renewal charges the new price.
                    $0.store.advance(by: SubscriptionPeriod(value: 3, unit: .month))
                    raised = $0.store.raisePrice(SampleIDs.proMonthly, to: price * 8 / 5, consentRequired: true)
                }
                guard raised else { return false }
                // The sheet shows at the next launch.
                app = Runtime(AppState(store: app.state.store, locale: app.state.locale, size: app.state.size))
                return true
            }]
        case .freeContent:
            return [Visit(.freeContent) { $0.pressing(.character("f")) }]
        case .freeItem:
            return [Visit(.freeItem) { $0.pressing(.character("f"), .enter) }]
        case .paywall:
            return [Visit(.paywall) { $0.read(4) }]
        case .onboarding:
            return [
                Visit(.onboarding) { $0.onboarding() },
                Visit(.onboarding, "last") { $0.onboarding() && $0.pressing(.right, .right, .right) },
            ]
        case .account:
            return [
                Visit(.account) { $0.pressing(.character("a")) },
                Visit(.account, "subscriber") { $0.bought(SampleIDs.proMonthly) && $0.pressing(.character("a")) },
            ]
        case .manage:
            return [Visit(.manage) { $0.bought(SampleIDs.proMonthly) && $0.pressing(.character("a"), .enter) }]
        case .cancelSubscription:
            // In the introductory months (no retention offer), x on the Account screen.
            return [Visit(.cancelSubscription) { $0.bought(SampleIDs.proMonthly) && $0.pressing(.character("a"), .character("x")) }]
        case .retentionPitch:
            return [Visit(.retentionPitch) { $0.cancelling() }]
        case .retentionOffer:
            // Take Offer on the app's pitch: the offer confirmed on its own system sheet.
            return [Visit(.retentionOffer) { $0.cancelling() && $0.pressing(.enter) }]
        case .commitmentDisclosure:
            // Pro Annual's monthly plan on the sign-up screen; where the App Store does not offer the
            // plan (the USA), the storefront moves to one that does.
            return [Visit(.commitmentDisclosure) { $0.choosingCommitment() && $0.pressing(.enter) }]
        case .exitSurvey:
            return [Visit(.exitSurvey) { $0.cancelling() && $0.pressing(.character("x"), .character("x")) }]
        case .purchaseHelp:
            return [Visit(.purchaseHelp) { $0.pressing(.character("p")) }]
        case .missingPurchase:
            return [Visit(.missingPurchase) { $0.helpCustomer() && $0.pressing(.character("p"), .enter) }]
        case .helpPage:
            return [
                Visit(.helpPage, "faq") { $0.pressing(.character("p"), .down, .enter) },
                Visit(.helpPage, "contact") { $0.pressing(.character("p"), .end, .enter) },
            ]
        case .refunds:
            return [Visit(.refunds) { $0.helpCustomer() && $0.pressing(.character("p"), .down, .down, .enter) }]
        case .feedback:
            return [Visit(.feedback) { $0.pressing(.character("p"), .down, .down, .down, .enter) }]
        case .refundSheet:
            return [
                Visit(.refundSheet) { $0.helpCustomer() && $0.pressing(.character("p"), .down, .down, .enter, .down, .enter, .down, .down) },
                Visit(.refundSheet, "submitted") { $0.helpCustomer() && $0.pressing(.character("p"), .down, .down, .enter, .enter, .enter, .tab, .enter) },
            ]
        case .redeem:
            return [
                Visit(.redeem) { $0.pressing(.character("c")) },
                Visit(.redeem, "offer") { $0.redeem("SPRINGTRAIL") && $0.redeemPage != .entry },
                Visit(.redeem, "redeemed") { $0.redeem("SPRINGTRAIL") && $0.pressing(.tab, .enter) && $0.redeemPage != .entry },
            ] + RedeemRefusal.allCases.map { refusal in
                Visit(.redeem, refusal.rawValue) { app in
                    app.prepare { refusal.setUp(&$0.store) }
                    return app.redeem(refusal.code) && app.redeemRefused
                }
            }
        case .redeemWelcome:
            return [Visit(.redeemWelcome) { $0.redeem("SPRINGTRAIL") && $0.pressing(.tab, .enter, .enter) }]
        case .reviewPrompt:
            return [Visit(.reviewPrompt) { $0.bought(SampleIDs.proMonthly) && $0.read(3, dismissingPrompt: false) }]
        }
    }
}

/// Each refusal of an offer code, with what makes it happen on the sample catalog (RedeemSheetTests
/// checks each against the refusal it expects).
enum RedeemRefusal: String, CaseIterable {
    case invalidCharacters, unknownCode, expired, inactive, codeAlreadyUsed, alreadyRedeemed, notEligible
    case wouldDowngrade, limitReached, quarterlyLimitReached, alreadyOwned, paymentNotAllowed

    var code: String {
        switch self {
        case .invalidCharacters: "SPRING-TRAIL"
        case .unknownCode: "NOSUCHCODE"
        case .expired: "NEWYEAR2026"
        case .inactive: "OLDPROMO"
        case .codeAlreadyUsed: "TH7Q2K9XWM4P"
        case .alreadyRedeemed: "TH3RV8NDC5JL"
        case .notEligible: "LOYALPRO"
        case .wouldDowngrade: "BASICSTART"
        case .limitReached: "SPRINGTRAIL"
        case .quarterlyLimitReached, .alreadyOwned: "ALPSFREE"
        case .paymentNotAllowed: "HALFBOOST"
        }
    }

    func setUp(_ store: inout AppStore) {
        switch self {
        case .codeAlreadyUsed, .alreadyRedeemed: _ = try? store.redeemOfferCode("TH7Q2K9XWM4P")
        case .wouldDowngrade: store.purchase(SampleIDs.proMonthly)
        case .limitReached: store.countRedemptionsByOthers(offer: "SPRING-FREE-MONTH", code: "SPRINGTRAIL", count: 5000)
        case .quarterlyLimitReached: store.countRedemptionsByOthers(offer: "BOOST-HALF", code: "HALFBOOST", count: 1_000_000)
        case .alreadyOwned: store.purchase(SampleIDs.alps)
        case .paymentNotAllowed: store.gate = .screenTime
        default: break
        }
    }
}

/// The steps the visits are written in: keys as messages through the runtime; the history a visit
/// starts from set up as a ledger would hold it (`Runtime.prepare`).
extension Runtime {
    /// Keys as a person types them; true, so steps read as one condition.
    fileprivate mutating func pressing(_ keys: Key...) -> Bool {
        for key in keys { send(.key(key)) }
        flush()
        return true
    }

    /// Moves the store's selection to a product with the arrow keys; false when the catalog has none.
    fileprivate mutating func select(_ productID: String) -> Bool {
        guard state.store.catalog.product(productID) != nil else { return false }
        for _ in 0...state.store.catalog.products.count where state.storeScreen.selection != productID { send(.key(.down)) }
        flush()
        return state.storeScreen.selection == productID
    }

    /// The person bought a product before the visit (as the App Store records it).
    fileprivate mutating func bought(_ productID: String) -> Bool {
        guard state.store.catalog.product(productID) != nil else { return false }
        var purchased = false
        prepare { if case .purchased = $0.store.purchase(productID) { purchased = true } }
        return purchased
    }

    /// A little history: a consumable, a subscription that renewed, an Ask to Buy request waiting.
    fileprivate mutating func withHistory() -> Bool {
        guard [SampleIDs.boost, SampleIDs.proMonthly, SampleIDs.alps].allSatisfy({ state.store.catalog.product($0) != nil }) else { return false }
        prepare { app in
            app.store.purchase(SampleIDs.boost, quantity: 2)
            app.store.purchase(SampleIDs.proMonthly)
            app.store.advance(by: SubscriptionPeriod(value: 1, unit: .month))
            app.store.scenario.askToBuy = true
            app.store.purchase(SampleIDs.alps)
            app.store.scenario.askToBuy = false
        }
        return true
    }

    /// Someone who bought a map pack, boosts and a pass, with the map pack not delivered.
    fileprivate mutating func helpCustomer() -> Bool {
        guard bought(SampleIDs.alps) else { return false }
        var marked = false
        prepare { app in
            app.store.advance(by: SubscriptionPeriod(value: 2, unit: .day))
            app.store.purchase(SampleIDs.boost, quantity: 3)
            app.store.advance(by: SubscriptionPeriod(value: 1, unit: .day))
            app.store.purchase(SampleIDs.pass)
            marked = app.store.markUndelivered(1)
        }
        return marked
    }

    /// Reads the first `count` free items, back to the list after each (the paywall comes at the limit).
    fileprivate mutating func read(_ count: Int, dismissingPrompt: Bool = true) -> Bool {
        guard let items = state.store.catalog.freeContent?.items, items.count >= count else { return false }
        _ = pressing(.character("f"))
        for position in 0..<count {
            _ = pressing(.home)
            for _ in 0..<position { _ = pressing(.down) }
            _ = pressing(.enter)
            // To its end (a small terminal scrolls it), as a read counts only when finished.
            if state.top.kind == .freeItem { _ = pressing(.end, .escape) }
            if dismissingPrompt, case .reviewPrompt? = state.overlay { _ = pressing(.escape) }
        }
        return true
    }

    /// Pro Monthly past its introductory months (where the retention offer saves something), cancelling
    /// from the Account screen: the app's retention pitch.
    fileprivate mutating func cancelling() -> Bool {
        guard bought(SampleIDs.proMonthly) else { return false }
        prepare { $0.store.advance(by: SubscriptionPeriod(value: 3, unit: .month)) }
        return pressing(.character("a"), .character("x"))
    }

    /// The sign-up screen with Pro Annual's monthly plan with a 12-month commitment chosen.
    fileprivate mutating func choosingCommitment() -> Bool {
        guard let product = state.store.catalog.product(SampleIDs.proAnnual), let groupID = product.subscription?.groupID,
              product.subscription?.monthlyPlan != nil else { return false }
        if BillingTerms(state).monthlyPlanPrice(product) == nil {
            guard let elsewhere = state.store.catalog.territories.first(where: {
                CommitmentPlan.isOffered(in: $0) && product.subscription?.monthlyPlan?.monthlyPrice(in: $0) != nil && product.price(in: $0) != nil
            }) else { return false }
            var moved = false
            prepare { moved = $0.store.changeStorefront(to: elsewhere) }
            guard moved else { return false }
        }
        prepare { $0.openSignup(groupID: groupID, selecting: SampleIDs.proAnnual) }
        return pressing(.down)
    }

    /// Onboarding, asked for at launch.
    fileprivate mutating func onboarding() -> Bool {
        send(.start(onboarding: true, firstLaunch: false))
        flush()
        return true
    }

    /// The redemption sheet (from the store's Redeem Code, or a redemption URL while purchases are
    /// blocked) with a code typed and checked.
    fileprivate mutating func redeem(_ code: String) -> Bool {
        if state.mayRedeemCodes { _ = pressing(.character("c")) } else { prepare { $0.follow(.redeem(code: nil)) } }
        for character in code { send(.key(.character(character))) }
        return pressing(.enter)
    }

    fileprivate var redeemPage: RedeemSheet.Page? { if case .redeem(let sheet)? = state.overlay { sheet.page } else { nil } }
    fileprivate var redeemRefused: Bool { if case .redeem(let sheet)? = state.overlay { sheet.error != nil } else { false } }
}
