import Foundation

/// QA's controls over the App Store that Xcode's StoreKit Testing has (`SKTestSession`), beside the
/// person's own actions: expire or renew a subscription now, clear the transactions, reset the
/// settings, move to another storefront. One rule each, used alike by the inspector, the scenario panel
/// and the script verbs (https://developer.apple.com/documentation/storekittest/sktestsession).
extension AppStore {
    /// Why a subscription cannot be expired or renewed now, in words for QA.
    public struct SubscriptionRefusal: Error, Sendable, Equatable {
        public var message: String
    }

    /// `SKTestSession.expireSubscription`: the person's own subscription in the group ends now and does
    /// not renew. A subscription in its period ends now (its expiration date becomes now), with
    /// `autoRenewDisabled`: Apple documents no expiration reason for QA's expiry; it is the reason of
    /// a subscription that was not to renew, and auto-renew is off after it. One in a grace period or
    /// billing retry stops retrying and expires with the billing error it has, as cancelling there does
    /// (`setAutoRenew`). Refused for a group with no subscription of the person's own, or one expired or
    /// refunded already.
    public mutating func expireSubscription(group groupID: String) throws(SubscriptionRefusal) {
        let status = try currentSubscription(ofGroup: groupID, doing: "expire")
        switch status.state {
        case .subscribed:
            let now = now
            update(status.transaction.id) { $0.expirationDate = now }
            expire(groupID, .autoRenewDisabled)
        default:
            expire(groupID, .billingError)
        }
    }

    /// `SKTestSession.forceRenewalOfSubscription`: "the subscription expires at the time you call the
    /// method, and a new subscription period begins"
    /// (https://developer.apple.com/documentation/storekittest/sktestsession/forcerenewalofsubscription(productidentifier:)).
    /// The current period's expiration date becomes now and the renewal happens now, by the one renewal
    /// rule (`renew(_:until:)`): it charges what a renewal charges (`renewalTerms`), into the plan
    /// auto-renew names; with auto-renew off it expires instead, without consent to a price increase it
    /// expires so, and while charges fail it starts billing retry now. The clock does not move.
    /// Refused unless the person's own subscription is in its period, and `productID` is its product.
    public mutating func forceRenewal(of productID: String) throws(SubscriptionRefusal) {
        guard let groupID = groupID(ofProduct: productID), let group = catalog.group(groupID) else {
            throw SubscriptionRefusal(message: "is not an auto-renewable subscription")
        }
        let status = try currentSubscription(ofGroup: groupID, doing: "renew")
        guard status.state == .subscribed else {
            throw SubscriptionRefusal(message: "is in \(status.state == .inGracePeriod ? "its grace period" : "billing retry"): the App Store retries the charge itself (billing fix, then advance)")
        }
        guard status.transaction.productID == productID else {
            throw SubscriptionRefusal(message: "is not the subscription in force; its group's is \(status.transaction.productID)")
        }
        let now = now
        update(status.transaction.id) { $0.expirationDate = now }
        renew(group, until: now)
    }

    /// The person's own subscription in a group, where it has not ended: what expire and renew act on.
    private func currentSubscription(ofGroup groupID: String, doing verb: String) throws(SubscriptionRefusal) -> SubscriptionStatus {
        guard let status = status(ofGroup: groupID, ownership: .purchased) else {
            throw SubscriptionRefusal(message: "has no subscription of the person's own to \(verb)")
        }
        switch status.state {
        case .expired: throw SubscriptionRefusal(message: "has expired already; nothing to \(verb)")
        case .revoked: throw SubscriptionRefusal(message: "was refunded (revoked); nothing to \(verb)")
        default: return status
        }
    }

    /// `SKTestSession.clearTransactions()`: "Removes all transactions from the test environment"
    /// (https://developer.apple.com/documentation/storekittest/sktestsession/cleartransactions()): the
    /// ledger is empty, as a new account's (transactions, renewal states, the log, and what the app
    /// recorded of them); the scenario switches stay as they are. The clock stays too.
    public mutating func clearTransactions() {
        removeAll()
        // Nothing shared is in force any more.
        scenario.familySharing = nil
    }

    /// `SKTestSession.resetToDefaultState()`: "Removes all property overrides and resets all test
    /// session settings to their default state"
    /// (https://developer.apple.com/documentation/storekittest/sktestsession/resettodefaultstate()): every
    /// scenario switch as a new store has it (payments allowed, no Ask to Buy, failures, interruptions
    /// or billing failures, the catalog's grace period, real time, nothing shared), the transactions
    /// kept. A family share ends as the organizer stopping it does; running periods are re-timed at
    /// real time (`changeTimeRate`).
    public mutating func resetToDefaultState() {
        stopFamilySharing()
        changeTimeRate(to: .realTime)
        scenario = Scenario()
        gate = .allowed
    }

    /// The storefront changes (StoreKit's `Storefront.updates`): prices and currency are this
    /// territory's from now on, for purchases and renewals alike, as a ledger reopened with
    /// `--territory` would be. The log keeps the change. Returns false, changing nothing, for the
    /// storefront in use.
    @discardableResult
    public mutating func changeStorefront(to territory: Territory) -> Bool {
        guard territory != self.territory else { return false }
        self.territory = territory
        record(.storefrontChange, nil, storefront: territory.code)
        return true
    }
}

/// What the launch options change in the account (`--now`, `--territory`, `--environment`, scenario
/// flags and a `.storekit` file's settings): applied before the app's state is made, and again as the
/// app starts (`Message.start`), where applying them a second time changes nothing, but a first save
/// that met another device's is made again on the account as it is, flags included.
public struct LaunchChanges: Sendable, Equatable {
    /// The clock moves on to it, where it is later.
    public var clock: Date?
    /// The account's storefront moves to it (a Log event, as QA's `set territory`).
    public var storefront: Territory?
    public var environment: StoreEnvironment?
    public var settings: [ScenarioSetting] = []
    /// This device starts again on its ledger: notification attempts it had on their way when it last
    /// ended are counted failed (`AppStore.endCutAttempts`). Not for a look at a ledger (`storefront ledger`).
    public var endsCutAttempts = false
    /// Production's retry schedule for notifications (`--notify-retries`): a cut attempt is retried on
    /// it; without it (the sandbox), it stays failed.
    public var deliveryRetries = false

    public init(clock: Date? = nil, storefront: Territory? = nil, environment: StoreEnvironment? = nil, settings: [ScenarioSetting] = []) {
        (self.clock, self.storefront, self.environment, self.settings) = (clock, storefront, environment, settings)
    }
}

extension AppStore {
    public mutating func apply(_ launch: LaunchChanges) {
        if launch.endsCutAttempts { endCutAttempts(retries: launch.deliveryRetries) }
        if let clock = launch.clock, clock > now { advance(to: clock) }
        if let storefront = launch.storefront { changeStorefront(to: storefront) }
        if let environment = launch.environment, environment != self.environment { self.environment = environment }
        for setting in launch.settings { apply(setting) }
    }
}
