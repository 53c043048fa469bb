import Foundation

/// How fast simulated time runs while the app is open, after Xcode's StoreKit Testing time rates: real
/// time, or so fast that a month passes in an hour, half an hour, … or 30 seconds.
public enum TimeRate: String, Sendable, CaseIterable {
    case real
    case hour = "1h"
    case halfHour = "30m"
    case tenMinutes = "10m"
    case fiveMinutes = "5m"
    case minute = "1m"
    case halfMinute = "30s"

    /// Real seconds in which a simulated month (30 days) passes.
    public var secondsPerMonth: Double {
        switch self {
        case .real: 30 * 86_400
        case .hour: 3_600
        case .halfHour: 1_800
        case .tenMinutes: 600
        case .fiveMinutes: 300
        case .minute: 60
        case .halfMinute: 30
        }
    }

    /// Simulated seconds per real second.
    public var speed: Double { 30 * 86_400 / secondsPerMonth }
}

/// One QA switch as text: `ask-to-buy on`, `fail-next-purchase network-error`, `payments screen-time`.
/// The same words serve the CLI flags, scenario files, headless scripts, the in-app panel and the ledger's
/// settings table, so a scenario reads the same everywhere.
public enum ScenarioSetting: Sendable, Equatable {
    case payments(PaymentGate)
    case askToBuy(Bool)
    case failNextPurchase(PurchaseError?)
    case interruptPurchases(Bool)
    case billingRetry(Bool)
    case gracePeriod(AppStore.Scenario.GracePeriod)
    case timeRate(TimeRate)
    /// This account is a family member of an organizer who shares this product; nil: nothing shared.
    case familySharing(String?)

    /// The setting names, in the order the panel and `--help` list them.
    public static let names = ["payments", "ask-to-buy", "fail-next-purchase", "interrupt-purchases",
                               "billing-retry", "grace-period", "time-rate", "family-sharing"]

    /// The values a setting accepts, for messages and the panel.
    public static func values(of name: String) -> [String] {
        switch name {
        case "payments": PaymentGate.allCases.map(\.rawValue)
        case "ask-to-buy", "interrupt-purchases", "billing-retry": ["on", "off"]
        case "fail-next-purchase": ["none"] + PurchaseError.injectable.map(\.settingName)
        case "grace-period": AppStore.Scenario.GracePeriod.allCases.map(\.rawValue)
        case "time-rate": TimeRate.allCases.map(\.rawValue)
        // Off, or any of the catalog's family-shareable products: see `values(of:in:)` and `check(_:)`.
        case "family-sharing": ["off"]
        default: []
        }
    }

    /// The values a setting accepts on this catalog, for messages and the panel's help: for
    /// family-sharing, off and the catalog's family-shareable products (the first `limit` of them, then
    /// how many more), each cut and escaped since it is catalog text.
    public static func values(of name: String, in catalog: Catalog, limit: Int = 6) -> [String] {
        guard name == "family-sharing" else { return values(of: name) }
        let count = catalog.familyShareCount
        var values = ["off"] + (0..<min(limit, count)).map { UntrustedText.quoted(catalog.familyShareProduct(at: $0).id) }
        if count > limit { values.append("and \(count - limit) more") }
        return values
    }

    /// The value a setting takes next (or before, for a negative step) in the panel: the next of
    /// `values(of:)`, or for family-sharing the next family-shareable product of the catalog after off,
    /// subscriptions first (what QA shares most). Costs a binary search, whatever the size of the catalog.
    public static func cycled(_ name: String, from value: String, by step: Int, in catalog: Catalog) -> String? {
        guard name == "family-sharing" else {
            let values = values(of: name)
            guard let index = values.firstIndex(of: value) else { return nil }
            return values[(index + step + values.count) % values.count]
        }
        // "off" is 0, the products 1...count.
        let count = catalog.familyShareCount + 1
        let slot = value == "off" ? 0 : (catalog.familyShareSlot(of: value) ?? -1) + 1
        let next = ((slot + step) % count + count) % count
        return next == 0 ? "off" : catalog.familyShareProduct(at: next - 1).id
    }

    /// Checks a setting against the catalog it is applied on: family-sharing must name a product the
    /// catalog lets a family organizer share. Where the catalog is not at hand yet (a script's `set`
    /// line, read before it runs), this runs when it is.
    public func check(_ catalog: Catalog) throws(ParseError) {
        guard case .familySharing(let productID?) = self else { return }
        if let product = catalog.product(productID), product.familyShareable,
           product.type == .nonConsumable || product.type == .autoRenewable { return }
        let why = catalog.product(productID) == nil ? "is not a product of the catalog"
            : "is not a family-shareable non-consumable or auto-renewable subscription"
        let accepted = Self.values(of: name, in: catalog)
        throw ParseError(message: "\(UntrustedText.quoted(productID)) \(why), so no organizer can share it (family-sharing); use "
                         + (accepted.count == 1 ? "off: the catalog has no family-shareable products"
                            : "off or one of \(accepted.dropFirst().joined(separator: ", "))"))
    }

    public struct ParseError: Error, Sendable, Equatable {
        public var message: String
    }

    /// Reads `NAME VALUE`; the message of a failure names what was wrong and what is accepted.
    public init(name: String, value: String) throws(ParseError) {
        let accepted = Self.values(of: name)
        guard !accepted.isEmpty else {
            throw ParseError(message: "unknown setting \(UntrustedText.quoted(name)); settings are \(Self.names.joined(separator: ", "))")
        }
        guard accepted.contains(value) || (name == "family-sharing" && !value.isEmpty) else {
            throw ParseError(message: "\(UntrustedText.quoted(value)) is not a value of \(name); use one of \(accepted.joined(separator: ", "))")
        }
        switch name {
        case "payments": self = .payments(PaymentGate(rawValue: value)!)
        case "ask-to-buy": self = .askToBuy(value == "on")
        case "interrupt-purchases": self = .interruptPurchases(value == "on")
        case "billing-retry": self = .billingRetry(value == "on")
        case "fail-next-purchase": self = .failNextPurchase(PurchaseError.injectable.first { $0.settingName == value })
        case "grace-period": self = .gracePeriod(AppStore.Scenario.GracePeriod(rawValue: value)!)
        case "family-sharing": self = .familySharing(value == "off" ? nil : value)
        default: self = .timeRate(TimeRate(rawValue: value)!)
        }
    }

    /// Reads one line, `NAME VALUE`.
    public init(line: String) throws(ParseError) {
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        guard words.count == 2 else {
            throw ParseError(message: "expected a setting and a value, like \"ask-to-buy on\"; settings are \(Self.names.joined(separator: ", "))")
        }
        try self.init(name: words[0], value: words[1])
    }

    public var name: String {
        switch self {
        case .payments: "payments"
        case .askToBuy: "ask-to-buy"
        case .failNextPurchase: "fail-next-purchase"
        case .interruptPurchases: "interrupt-purchases"
        case .billingRetry: "billing-retry"
        case .gracePeriod: "grace-period"
        case .timeRate: "time-rate"
        case .familySharing: "family-sharing"
        }
    }

    public var value: String {
        switch self {
        case .payments(let gate): gate.rawValue
        case .askToBuy(let on), .interruptPurchases(let on), .billingRetry(let on): on ? "on" : "off"
        case .failNextPurchase(let error): error?.settingName ?? "none"
        case .gracePeriod(let grace): grace.rawValue
        case .timeRate(let rate): rate.rawValue
        case .familySharing(let productID): productID ?? "off"
        }
    }

    /// Every setting as the store has it now, in `names` order.
    public static func current(_ store: AppStore) -> [ScenarioSetting] {
        [.payments(store.gate), .askToBuy(store.scenario.askToBuy), .failNextPurchase(store.scenario.failNextPurchase),
         .interruptPurchases(store.scenario.interruptPurchases), .billingRetry(store.scenario.billingFails),
         .gracePeriod(store.scenario.gracePeriod), .timeRate(store.scenario.timeRate),
         .familySharing(store.scenario.familySharing)]
    }
}

extension AppStore {
    public mutating func apply(_ setting: ScenarioSetting) {
        switch setting {
        case .payments(let gate): self.gate = gate
        case .askToBuy(let on): scenario.askToBuy = on
        case .failNextPurchase(let error): scenario.failNextPurchase = error
        case .interruptPurchases(let on): scenario.interruptPurchases = on
        case .billingRetry(let on): scenario.billingFails = on
        case .gracePeriod(let grace): scenario.gracePeriod = grace
        case .timeRate(let rate): scenario.timeRate = rate
        // The organizer starts sharing (a familyShared transaction arrives), or stops (it is revoked).
        // A product the catalog cannot share changes nothing: `ScenarioSetting.check` refuses it first.
        case .familySharing(let productID?): receiveFamilySharing(productID)
        case .familySharing(nil): stopFamilySharing()
        }
    }
}

extension PurchaseError {
    /// The error's name in scenario settings and scripts: `network-error`, `user-cancelled`.
    public var settingName: String {
        rawValue.reduce(into: "") { name, character in
            if character.isUppercase { name += "-" + character.lowercased() } else { name.append(character) }
        }
    }
}
