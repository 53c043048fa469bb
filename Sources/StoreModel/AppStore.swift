import Crypto
import Foundation
import TextSafety
import HashTreeCollections

/// The App Store as one person's account sees it: a catalog, a ledger of transactions, the renewal
/// state of each subscription group, the payment gate and the simulated present. A value type with no
/// I/O: every rule is a function of this state, so tests run in microseconds with a fixed clock.
public struct AppStore: Sendable {
    public let catalog: Catalog
    /// The account's storefront (a fact of the account the ledger keeps, never the device's language:
    /// `--locale` alone does not move it; `--territory` and `set territory` do, as a Log event).
    public var territory: Territory { didSet { unsavedChanges.settings = true } }
    public var gate: PaymentGate { didSet { unsavedChanges.settings = true } }
    /// The environment the App Store signs this account's data in (`--environment`): the inspector,
    /// `storefront ledger`, a script's assertions and every signed payload read this one value.
    public var environment: StoreEnvironment = .sandbox { didSet { unsavedChanges.settings = true } }
    /// The Apple Account shown on the confirmation sheet.
    public var account: String
    /// Which of the account's devices this app runs on (`--device`): several storefronts of one account
    /// share a `--state` ledger, one per device name (Devices.swift); promotion overrides are per
    /// device too (PromotedPurchases.swift).
    public var deviceName = "This iPhone"
    /// StoreKit's `AppStore.deviceVerificationID`: one UUID per device of the account, kept in the ledger
    /// by device name (a fresh one per run without a ledger).
    public var deviceVerificationID = UUID()
    /// Where the UUIDs the account makes come from (a notification's `notificationUUID`, a new device's
    /// `deviceVerificationID`): name-based from this seed and what each names (`identityUUID`), so a
    /// script's run makes the same ones on any machine; nil, fresh random ones (the interactive app).
    /// A ledger keeps it.
    public var identitySeed: UUID? { didSet { unsavedChanges.settings = true } }

    /// A UUID named by `name` under `identitySeed` (SHA-256 of the two, shaped as a version-4 UUID, as
    /// `export --jws`'s nonces are); nil without a seed.
    public func identityUUID(_ name: String) -> UUID? {
        identitySeed.map { Self.namedUUID($0.uuidString.lowercased() + " " + name) }
    }

    /// SHA-256 of `text`, its first 16 bytes shaped as a version-4 UUID.
    public static func namedUUID(_ text: String) -> UUID {
        var bytes = Array(SHA256.hash(data: Data(text.utf8)).prefix(16))
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
    public var scenario: Scenario { didSet { unsavedChanges.settings = true } }
    /// The simulated present. Moves only forward, through `advance(to:)`, which also renews.
    public internal(set) var now: Date
    public internal(set) var transactions = ChunkedArray<Transaction>()
    /// Renewal preferences and billing state by subscription group id.
    public internal(set) var renewals: [String: RenewalInfo] = [:]
    /// The App Store Server Notifications made so far, oldest first (ServerNotifications.swift).
    public internal(set) var notifications = ChunkedArray<ServerNotification>()
    var nextNotificationID: UInt64 = 1
    /// Positions in `notifications` of the ones still to deliver: pending, or with an attempt on its way.
    var pendingNotifications: [Int] = []
    /// Notifications noted during time travel and not yet numbered (`collectNotifications` numbers them).
    var unnumberedNotifications: [ServerNotification] = []
    /// What changed since notifications were last collected.
    var notificationBaseline = NotificationBaseline()
    /// A server listens (`--notify URL`): new notifications are pending delivery, not only kept.
    public var notifyingServer = false
    /// Ids count from 1, as in StoreKit Testing, so QA can read and type them.
    public internal(set) var nextTransactionID: UInt64 = 1 { didSet { unsavedChanges.settings = true } }
    /// What happened that is not a transaction (failed and cancelled purchases, requests, restores).
    var log = EventLog()
    /// Events count from 1 too, apart from transactions, so transaction ids stay consecutive.
    public internal(set) var nextEventID: UInt64 = 1 { didSet { unsavedChanges.settings = true } }
    /// Where each transaction is, by id, product and subscription group. Kept right by `append`,
    /// `update`, `remove` and `removeAll` (MARK: the ledger's indexes), the only writers of `transactions`.
    var index = LedgerIndex()
    /// What changed since the ledger last saved this account; `markSaved` starts it afresh.
    public internal(set) var unsavedChanges = UnsavedChanges() { didSet { changeCount &+= 1 } }
    /// Moves with every change `unsavedChanges` records (and with `markSaved`): whether a step changed
    /// the account is one comparison (`AppState.update` asks for a save by it).
    public internal(set) var changeCount: UInt64 = 0
    /// Counts the work ledger queries do, for the tests that guard their cost; nil (no counting) otherwise.
    var meter: WorkMeter?
    /// Which free items were opened in which month (the metered paywall's count; see FreeContent.swift).
    public internal(set) var freeReads = FreeReads()
    /// Whether onboarding was shown to this account (once per ledger, on its first launch).
    public internal(set) var onboardingShown = false { didSet { unsavedChanges.settings = true } }
    /// Whether the App Store's disclosure of a 12-month commitment was accepted on this account: it shows
    /// "once per Apple Account", before the first commitment (BillingPlans.swift).
    public internal(set) var commitmentDisclosureShown = false { didSet { unsavedChanges.settings = true } }
    /// Units of each consumable the app's own record says were used (`useConsumable`).
    public internal(set) var consumableUse: [String: Int] = [:]
    /// The app's own record of purchases it did not deliver (QA marks them), by transaction id, and how
    /// each was made good (PurchaseHelp.swift).
    public internal(set) var deliveries: [UInt64: DeliveryIssue] = [:]
    /// Feedback the person sent from Purchase Help, oldest first.
    public internal(set) var feedback: [Feedback] = []
    /// What the person has typed into Submit Feedback and not sent: kept as typed.
    public internal(set) var feedbackDraft = ""
    /// The App Store's offer-code redemption counts (OfferCodes.swift).
    public internal(set) var offerCodeCounts = OfferCodeCounts()
    /// Codes redeemed in the App Store while the app was not running, handled at its next launch.
    public internal(set) var pendingRedemptions: [PendingRedemption] = []
    /// Promotion overrides (`SKProductStorePromotionController`) by device name.
    public internal(set) var promotions: [String: PromotionOverrides] = [:]

    /// Switches QA can flip to walk the unhappy paths.
    public struct Scenario: Sendable, Equatable {
        /// Purchases wait for a parent's approval (deferred) instead of completing.
        public var askToBuy = false
        /// The next purchase fails with this error, once.
        public var failNextPurchase: PurchaseError?
        /// Every purchase fails with this error until it is turned off (Xcode's failing transactions).
        public var failPurchases: PurchaseError?
        /// Purchases are interrupted: they fail until the person acts outside the app (accepts new terms,
        /// updates a payment method); `resolveInterruption` then completes them.
        public var interruptPurchases = false
        /// Renewals fail to charge: subscriptions enter billing retry (and the grace period, if any).
        public var billingFails = false
        /// Whether a renewal that fails to charge starts with a billing grace period.
        public var gracePeriod: GracePeriod = .asCatalog
        /// How fast the clock runs while the app is open (time travel works at any rate).
        public var timeRate: TimeRate = .realTime
        /// This account is a family member of an organizer who shares this product (a family-shareable
        /// auto-renewable subscription or non-consumable); nil when nothing is shared. Changed through
        /// `receiveFamilySharing` and `stopFamilySharing`, which deliver and revoke the shared transaction.
        public internal(set) var familySharing: String?
        /// Whether review requests follow App Store policy (`production`) or always show, as StoreKit
        /// does for an app in development (ReviewRequests.swift).
        public var reviewMode: ReviewMode = .production
        /// The app's version, as the review policy compares it with the version last rated.
        public var appVersion = "1.0"
        /// Errors injected into StoreKit calls other than Purchase (which is `failPurchases`): Xcode's
        /// `_storeKitErrors` (StoreKitErrors.swift).
        public var storeKitErrors: [StoreKitErrorCategory: StoreKitErrorCase] = [:]
        /// Which reading of introductory-offer eligibility the App Store follows (Entitlements.swift).
        public var introEligibility: IntroEligibility = .receivedIntro
        public init() {}

        /// Who may have an introductory offer (issue 55, item 4). Apple's StoreKit article says customers
        /// who "haven't previously received an introductory offer" in the group (`receivedIntro`, the
        /// default); Apple's DTS reply (developer forums 758078) and most subscription SDKs say someone
        /// who never subscribed in the group (`everSubscribed`). QA tests an app against both.
        public enum IntroEligibility: String, Sendable, CaseIterable {
            case receivedIntro = "received-intro"
            case everSubscribed = "ever-subscribed"
        }

        public enum GracePeriod: String, Sendable, CaseIterable {
            /// the app's Billing Grace Period from the catalog (App Store Connect's setting), or none
            case asCatalog = "catalog"
            /// StoreKit Testing's lengths: 6 days for a weekly subscription, 16 days for any other
            case on
            /// straight into billing retry, no access
            case off
        }
    }


    /// How long the App Store keeps trying to charge a renewal that failed, before the subscription
    /// expires: a fixed 60 days, which no app can change (App Store Connect has no such setting; see
    /// "Reducing involuntary subscriber churn",
    /// https://developer.apple.com/documentation/storekit/reducing-involuntary-subscriber-churn). StoreKit
    /// Testing's real-time table: "Billing retry period | 60 days"
    /// (https://developer.apple.com/documentation/storekittest/sktestsession/timerate-swift.enum/realtime).
    public static let billingRetryPeriod = SubscriptionPeriod(value: 60, unit: .day)

    /// When billing retry that started at `since` (the expiration that failed to renew) ends and the
    /// subscription expires, unless a charge succeeds first. The one place that decides it.
    public func billingRetryEnd(since: Date) -> Date {
        scenario.timeRate.billingRetryEnd(from: since)
    }

    /// When the billing retry of a renewal whose issue started at `since` ends: as planned (and
    /// re-timed), else (a ledger from before it was kept) worked out from `since` at the current rate.
    public func billingRetryEnd(of renewal: RenewalInfo, since: Date) -> Date {
        renewal.billingRetryEnds ?? billingRetryEnd(since: since)
    }

    /// Price increases QA made, by territory and product (see Lifecycle.swift).
    public internal(set) var priceIncreases: [PriceIncrease.Key: PriceIncrease] = [:]

    /// The family organizer who shares a purchase with this account (the family-sharing switch).
    public static let familyOrganizer = "Alex"

    /// What will happen at a subscription group's next renewal (StoreKit's RenewalInfo).
    public struct RenewalInfo: Sendable, Equatable {
        public var willAutoRenew: Bool
        /// The product the next renewal bills: differs from the current one after a downgrade.
        public var autoRenewProductID: String
        /// Set while a renewal could not be charged: the expiration that failed to renew.
        public var billingIssueSince: Date?
        /// Until when access continues during billing retry (StoreKit's gracePeriodExpirationDate); nil
        /// when the failure started without a grace period.
        public var gracePeriodExpiration: Date?
        /// When the App Store stops retrying a renewal that failed: set as the billing issue starts (the
        /// retry period from `billingIssueSince` at the time rate then) and re-timed when the rate
        /// changes. Nil without a billing issue, and in ledgers from before it was kept (then it is
        /// worked out from `billingIssueSince` at the current rate).
        public var billingRetryEnds: Date?
        /// Why the subscription expired, once it has (StoreKit's RenewalInfo.expirationReason).
        public var expirationReason: ExpirationReason?
        /// Where a price increase of the renewing product stands (StoreKit's priceIncreaseStatus); nil
        /// when none is pending (`noIncreasePending`).
        public var priceIncreaseStatus: PriceIncreaseStatus?
        /// The promotional offer the next renewal bills (StoreKit's RenewalInfo.offer: "a subscription
        /// offer that applies to the transaction at the next renewal period"): a retention offer a
        /// subscriber accepted. Nil when none is booked.
        public var offerID: String?
        /// What kind of offer `offerID` names: a promotional (retention) offer when nil, or an offer
        /// code redeemed by a subscriber (`code`).
        public var offerKind: SubscriptionOffer.Kind?
        /// The price this subscriber keeps after an increase made with `preserveCurrentPrice`: renewals
        /// of that product in that territory charge it. Nil when none is kept.
        public var preservedPrice: PreservedPrice?
        /// StoreKit's `RenewalInfo.renewalBillingPlanType`, kept while the subscription is in a 12-month
        /// commitment: the plan it renews into after the commitment's last payment (monthly: a new
        /// commitment; billed up front: the up-front plan). Nil outside a commitment. During a
        /// commitment `willAutoRenew` is the commitment's (`RenewalInfo.commitmentInfo.willAutoRenew`):
        /// whether anything follows the last payment. The commitment's own monthly payments are billed
        /// whatever it says (BillingPlans.swift).
        public var renewalBillingPlanType: BillingPlanType?
        /// The app's token for the person given with a plan change or offer booked for the next renewal
        /// (StoreKit's `appAccountToken` purchase option): the renewal carries it, not the old one's
        /// (issue 55, item 7). Nil when none was given; the renewal then keeps the latest transaction's.
        public var appAccountToken: UUID?
        /// Whether the booked offer waits for a pay-as-you-go offer still running (an offer code that
        /// stacks with the introductory offer, redeemed with it: "Eligible customers will redeem your
        /// app's introductory offer first"). Otherwise a booked offer starts at the next renewal and
        /// ends a running one there (Apple, developer forums 722812 and 756304; issue 55, item 3).
        public var offerWaitsForRunningOffer = false

        public init(willAutoRenew: Bool, autoRenewProductID: String, billingIssueSince: Date? = nil,
                    gracePeriodExpiration: Date? = nil, expirationReason: ExpirationReason? = nil,
                    priceIncreaseStatus: PriceIncreaseStatus? = nil, offerID: String? = nil,
                    offerKind: SubscriptionOffer.Kind? = nil, billingRetryEnds: Date? = nil,
                    preservedPrice: PreservedPrice? = nil, renewalBillingPlanType: BillingPlanType? = nil,
                    appAccountToken: UUID? = nil, offerWaitsForRunningOffer: Bool = false) {
            self.offerWaitsForRunningOffer = offerWaitsForRunningOffer
            self.renewalBillingPlanType = renewalBillingPlanType
            self.appAccountToken = appAccountToken
            self.billingRetryEnds = billingRetryEnds
            self.preservedPrice = preservedPrice
            self.offerID = offerID
            self.offerKind = offerKind
            self.willAutoRenew = willAutoRenew
            self.autoRenewProductID = autoRenewProductID
            self.billingIssueSince = billingIssueSince
            self.gracePeriodExpiration = gracePeriodExpiration
            self.expirationReason = expirationReason
            self.priceIncreaseStatus = priceIncreaseStatus
        }
    }

    public init(catalog: Catalog, territory: Territory, now: Date, gate: PaymentGate = .allowed,
                account: String = "tester@icloud.com", scenario: Scenario = Scenario()) {
        self.catalog = catalog
        self.territory = territory
        self.now = now
        self.gate = gate
        self.account = account
        self.scenario = scenario
    }

    /// An account brought back from a saved ledger. Refuses a ledger that names products or groups this
    /// catalog lacks, since every rule needs the product behind a transaction.
    public init(catalog: Catalog, territory: Territory, now: Date, gate: PaymentGate, account: String = "tester@icloud.com",
                scenario: Scenario, transactions: [Transaction], renewals: [String: RenewalInfo],
                nextTransactionID: UInt64, events: [StoreEvent] = [], nextEventID: UInt64 = 1) throws(LedgerMismatch) {
        for transaction in transactions where catalog.product(transaction.productID) == nil {
            throw LedgerMismatch(detail: "transaction \(transaction.id) is for product \(UntrustedText.quoted(transaction.productID)), which the catalog does not have")
        }
        for event in events {
            if let productID = event.productID, catalog.product(productID) == nil {
                throw LedgerMismatch(detail: "event \(event.id) is for product \(UntrustedText.quoted(productID)), which the catalog does not have")
            }
        }
        for (groupID, renewal) in renewals {
            guard catalog.group(groupID) != nil else {
                throw LedgerMismatch(detail: "the renewal state names subscription group \(UntrustedText.quoted(groupID)), which the catalog does not have")
            }
            guard catalog.product(renewal.autoRenewProductID)?.subscription?.groupID == groupID else {
                throw LedgerMismatch(detail: "group \(UntrustedText.quoted(groupID)) renews into \(UntrustedText.quoted(renewal.autoRenewProductID)), which is not one of its products")
            }
        }
        self.init(catalog: catalog, territory: territory, now: now, gate: gate, account: account, scenario: scenario)
        for transaction in transactions.sorted(by: { $0.id < $1.id }) {
            append(transaction)
            // A ledger from before the family-sharing switch: a shared purchase still in force means the
            // organizer shares it (a saved switch, applied after this, says the same).
            if transaction.ownership == .familyShared {
                self.scenario.familySharing = transaction.state == .purchased ? transaction.productID : nil
            }
        }
        // Renewal state is the person's own subscription's; such a ledger also kept one for a group
        // only shared with them, which is derived now (`renewalInfo(ofGroup:ownership:)`).
        var renewals = renewals
        for groupID in renewals.keys where index.byGroup[groupID] == nil { renewals[groupID] = nil }
        self.renewals = renewals
        // Unsaved until a ledger says it holds them (`markSaved`).
        unsavedChanges.renewalGroups = Set(renewals.keys)
        self.nextTransactionID = max(nextTransactionID, (transactions.map(\.id).max() ?? 0) + 1)
        for event in events.sorted(by: { $0.id < $1.id }) { log.append(event) }
        self.nextEventID = max(nextEventID, (events.map(\.id).max() ?? 0) + 1)
        // Renewals written just before the last save may be dated after the saved clock.
        self.now = max(now, transactions.map(\.purchaseDate).max() ?? now)
        // What a ledger holds happened before: its notifications were made then (and are in the
        // ledger's outbox). Left noted as new, the first collection after a relaunch, or after taking
        // in another device's save, made every transaction's notification again.
        notificationBaseline = NotificationBaseline()
    }

    /// A saved ledger that does not fit the catalog it is opened with.
    public struct LedgerMismatch: Error, Sendable, Equatable {
        public var detail: String
    }
}
