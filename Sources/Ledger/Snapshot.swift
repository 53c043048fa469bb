import Foundation
import GRDB
import StoreModel
import TextSafety

/// The saved part of an AppStore, as rows: what opening a ledger reads, and how a save writes rows.
struct Snapshot {
    var transactions: [UInt64: Transaction] = [:]
    var events: [StoreEvent] = []
    /// Transaction rows of an older ledger that became events here: the next save deletes them, and
    /// writes the events they became.
    var legacyTransactionIDs: Set<UInt64> = []
    var legacyEventIDs: Set<UInt64> = []
    var renewals: [String: AppStore.RenewalInfo] = [:]
    var priceIncreases: [PriceIncrease] = []
    /// Units of each consumable the app's own record says were used.
    var consumableUse: [String: Int] = [:]
    /// Free items opened, by month (the metered paywall's count).
    var freeReads: [FreeReads.Read] = []
    /// Purchase Help: purchases the app did not deliver, feedback sent and the draft.
    var deliveries: [DeliveryIssue] = []
    var feedback: [Feedback] = []
    /// The Server Notifications outbox, oldest first.
    var notifications: [ServerNotification] = []
    var feedbackDraft = ""
    /// The App Store's offer-code redemption counts, and codes redeemed in the App Store for the next launch.
    var offerCodeCounts = OfferCodeCounts()
    var pendingRedemptions: [PendingRedemption] = []
    /// Each device name's deviceVerificationID (`Ledger.devicesMigration`).
    var devices: [String: UUID] = [:]
    /// Promotion overrides by device name.
    var promotions: [String: PromotionOverrides] = [:]
    /// Scenario settings by their `ScenarioSetting` names, plus the clock and the next transaction id.
    var settings: [String: String] = [:]
    /// The file's generation when it was read (`PRAGMA user_version`: see `Ledger`).
    var generation: Int32 = 0

    static let nowKey = "now"
    static let nextIDKey = "next-transaction-id"
    static let nextEventIDKey = "next-event-id"
    /// "1" once onboarding was shown to this ledger's account.
    static let onboardingKey = "onboarding-shown"
    static let identitySeedKey = "identity-seed"
    /// "1" once the App Store's disclosure of a 12-month commitment was accepted on this account.
    static let commitmentDisclosureKey = "commitment-disclosure-shown"
    /// The account's storefront (a territory code of the catalog) and environment (`StoreEnvironment`):
    /// facts of the account, never of the launch that reads it.
    static let storefrontKey = "storefront"
    static let environmentKey = "environment"

    init(generation: Int32 = 0) { self.generation = generation }

    /// A setting of the account kept as a row of `setting`, declared once: the row's name, its value
    /// for a store (nil: no row), and how a value is taken back into a store (or why it cannot be).
    /// Saving, loading and the ledger's rows follow from `settingFacts`; a new one is its property in
    /// AppStore.swift (its setter marks it changed) and one entry here.
    struct SettingFact: Sendable {
        let name: String
        let write: @Sendable (AppStore) -> String?
        /// Nil when the value was taken; else what is wrong with it.
        let read: @Sendable (String, inout AppStore) -> String?
    }

    /// "1" when set; no row when not.
    static func flag(_ name: String, _ value: @escaping @Sendable (AppStore) -> Bool,
                     set: @escaping @Sendable (inout AppStore) -> Void) -> SettingFact {
        SettingFact(name: name, write: { value($0) ? "1" : nil }) { text, store in
            guard text == "1" else { return "\(UntrustedText.quoted(text)) is not 1" }
            set(&store)
            return nil
        }
    }

    static let settingFacts: [SettingFact] = [
        SettingFact(name: environmentKey, write: { $0.environment.rawValue }) { text, store in
            guard let environment = StoreEnvironment.named(text) else {
                return "\(UntrustedText.quoted(text)) is not an environment (\(StoreEnvironment.allCases.map(\.rawValue).joined(separator: ", ")))"
            }
            store.environment = environment
            return nil
        },
        // A script's ledger: where the UUIDs it makes come from (`AppStore.identitySeed`).
        SettingFact(name: identitySeedKey, write: { $0.identitySeed?.uuidString.lowercased() }) { text, store in
            guard let seed = UUID(uuidString: text) else { return "\(UntrustedText.quoted(text)) is not a UUID" }
            store.identitySeed = seed
            return nil
        },
        flag(onboardingKey, \.onboardingShown) { $0.markOnboardingShown() },
        flag(commitmentDisclosureKey, \.commitmentDisclosureShown) { $0.markCommitmentDisclosureShown() },
    ]

    /// The settings rows of a store: its scenario switches, the clock and the next transaction id.
    static func settings(of store: AppStore) -> [String: String] {
        var settings: [String: String] = [:]
        for setting in ScenarioSetting.current(store) {
            // An injected error has a row per StoreKit call (`error load-products`), its value the error
            // or `off`; a ledger written before error injection has none, and reads as all off.
            if case .storeKitError(let category, let error) = setting {
                settings[setting.key] = error?.settingName(in: category) ?? "off"
            } else {
                settings[setting.name] = setting.value
            }
        }
        settings[nowKey] = String(store.now.timeIntervalSince1970)
        settings[nextIDKey] = String(store.nextTransactionID)
        settings[nextEventIDKey] = String(store.nextEventID)
        settings[storefrontKey] = store.territory.code
        for fact in settingFacts { settings[fact.name] = fact.write(store) }
        return settings
    }

    /// Every row, checked: a hand-edited value this storefront cannot use throws `BadRow` naming the
    /// table, the row and the column, never a crash.
    static func read(_ db: Database, schema applied: Set<String>) throws -> Snapshot {
        var snapshot = Snapshot()
        if applied.contains("v3-events") {
            for row in try Row.fetchAll(db, sql: "SELECT rowid AS \"rowid\", * FROM purchaseEvent ORDER BY id") {
                snapshot.events.append(try EventRow.event(from: row))
            }
        }
        var legacy: [Row] = []
        for row in try Row.fetchAll(db, sql: "SELECT rowid AS \"rowid\", * FROM transactionRecord ORDER BY id") {
            if let transaction = try TransactionRow.transaction(from: row) {
                snapshot.transactions[transaction.id] = transaction
            } else {
                legacy.append(row)
            }
        }
        // The events an older ledger's rows become take ids after the events it has, in id order.
        var nextEventID = (snapshot.events.map(\.id).max() ?? 0) + 1
        for row in legacy {
            let (transactionID, event) = try TransactionRow.legacyEvent(row, id: nextEventID)
            snapshot.legacyTransactionIDs.insert(transactionID)
            if let event {
                snapshot.events.append(event)
                snapshot.legacyEventIDs.insert(event.id)
                nextEventID += 1
            }
        }
        for row in try Row.fetchAll(db, sql: "SELECT rowid AS \"rowid\", * FROM renewal") {
            let cells = RowReader(table: "renewal", key: "groupID", row: row)
            let hasV4 = row.hasColumn("expirationReason"), hasV5 = row.hasColumn("offerID"), hasV7 = row.hasColumn("offerKind"),
                hasV8 = row.hasColumn("billingRetryEnds")
            var preserved: PreservedPrice?
            if row.hasColumn("preservedPrice"), !cells.value("preservedPrice").isNull {
                preserved = PreservedPrice(key: .init(territory: try cells.text("preservedTerritory"),
                                                      productID: try cells.text("preservedProductID")),
                                           price: try cells.price("preservedPrice"))
            }
            snapshot.renewals[try cells.text("groupID")] = AppStore.RenewalInfo(
                willAutoRenew: try cells.bool("willAutoRenew"), autoRenewProductID: try cells.text("autoRenewProductID"),
                billingIssueSince: try cells.optionalDate("billingIssueSince"),
                gracePeriodExpiration: try cells.optionalDate("gracePeriodExpiration"),
                expirationReason: hasV4 ? try cells.optionalKnown("expirationReason", ExpirationReason.self) : nil,
                priceIncreaseStatus: hasV4 ? try cells.optionalKnown("priceIncreaseStatus", PriceIncreaseStatus.self) : nil,
                offerID: hasV5 ? try cells.optionalText("offerID") : nil,
                offerKind: hasV7 ? try cells.optionalKnown("offerKind", SubscriptionOffer.Kind.self) : nil,
                billingRetryEnds: hasV8 ? try cells.optionalDate("billingRetryEnds") : nil,
                preservedPrice: preserved,
                renewalBillingPlanType: row.hasColumn("renewalBillingPlanType")
                    ? try cells.optionalKnown("renewalBillingPlanType", BillingPlanType.self) : nil,
                appAccountToken: row.hasColumn("appAccountToken") ? try cells.optionalUUID("appAccountToken") : nil,
                offerWaitsForRunningOffer: row.hasColumn("offerWaitsForRunningOffer") && !cells.value("offerWaitsForRunningOffer").isNull
                    ? try cells.bool("offerWaitsForRunningOffer") : false)
        }
        if applied.contains(Ledger.offerCodeMigration) { try readOfferCodes(db, into: &snapshot) }
        if applied.contains(Ledger.devicesMigration) {
            for row in try Row.fetchAll(db, sql: "SELECT rowid AS \"rowid\", * FROM device ORDER BY name") {
                let cells = RowReader(table: "device", key: "name", row: row)
                let name = try cells.text("name")
                if let problem = DeviceName.problem(name) { throw cells.bad("name", "\(UntrustedText.quoted(name)) is not a device name: \(problem)") }
                guard let id = try cells.optionalUUID("verificationID") else { throw cells.bad("verificationID", "is empty (NULL), not a UUID") }
                snapshot.devices[name] = id
            }
        }
        if applied.contains(Ledger.consumableUseMigration) {
            for row in try Row.fetchAll(db, sql: "SELECT rowid AS \"rowid\", * FROM consumableUse ORDER BY productID") {
                let cells = RowReader(table: "consumableUse", key: "productID", row: row)
                snapshot.consumableUse[try cells.text("productID")] = Int(try cells.integer("used", 1...Int64(Int32.max)))
            }
        }
        if applied.contains(Ledger.purchaseHelpMigration) {
            for row in try Row.fetchAll(db, sql: "SELECT rowid AS \"rowid\", * FROM delivery ORDER BY transactionID") {
                let cells = RowReader(table: "delivery", key: "transactionID", row: row)
                let resolution = try cells.optionalKnown("resolution", DeliveryIssue.Resolution.self)
                let gift = try cells.optionalText("giftProductID")
                guard (resolution == .conciliatoryItem) == (gift != nil) else {
                    throw cells.bad("giftProductID", gift == nil ? "is empty, but the resolution is a conciliatory item"
                                                                 : "names a gift, but the resolution is not a conciliatory item")
                }
                snapshot.deliveries.append(DeliveryIssue(
                    transactionID: UInt64(try cells.integer("transactionID", 1...RowReader.maximumID)),
                    markedDate: try cells.date("markedDate"), resolution: resolution, giftProductID: gift,
                    resolvedDate: try cells.optionalDate("resolvedDate")))
            }
            for row in try Row.fetchAll(db, sql: "SELECT rowid AS \"rowid\", * FROM feedback ORDER BY id") {
                let cells = RowReader(table: "feedback", key: "id", row: row)
                snapshot.feedback.append(Feedback(id: UInt64(try cells.integer("id", 1...RowReader.maximumID)),
                                                  date: try cells.date("date"), text: try cells.typedText("text")))
            }
            if let row = try Row.fetchOne(db, sql: "SELECT rowid AS \"rowid\", * FROM feedbackDraft WHERE id = 1") {
                snapshot.feedbackDraft = try RowReader(table: "feedbackDraft", key: "id", row: row).typedText("text")
            }
        }
        if applied.contains(Ledger.serverNotificationMigration) {
            for row in try Row.fetchAll(db, sql: "SELECT rowid AS \"rowid\", * FROM serverNotification ORDER BY id") {
                let cells = RowReader(table: "serverNotification", key: "id", row: row)
                guard let uuid = try cells.optionalUUID("uuid") else { throw cells.bad("uuid", "is empty") }
                snapshot.notifications.append(ServerNotification(
                    id: UInt64(try cells.integer("id", 1...RowReader.maximumID)), uuid: uuid,
                    kind: try cells.known("type", ServerNotification.Kind.self), subtype: try cells.optionalText("subtype"),
                    date: try cells.date("date"),
                    transactionID: cells.value("transactionID").isNull ? nil : UInt64(try cells.integer("transactionID", 1...RowReader.maximumID)),
                    groupID: try cells.optionalText("groupID"), consumptionRequestReason: try cells.optionalText("consumptionRequestReason"),
                    transactionMoment: applied.contains(Ledger.notificationMomentMigration) ? try cells.transactionMoment() : nil,
                    renewalMoment: applied.contains(Ledger.accountFactsMigration) ? try cells.renewalMoment("renewalMoment") : nil,
                    delivery: try cells.known("delivery", ServerNotification.Delivery.self),
                    attempts: Int(try cells.integer("attempts", 0...1_000)), nextAttempt: try cells.optionalDate("nextAttempt"),
                    sender: applied.contains(Ledger.accountFactsMigration) ? try cells.optionalText("sender") : nil))
            }
        }
        if applied.contains("v4-expiry-price-increases") {
            for row in try Row.fetchAll(db, sql: "SELECT rowid AS \"rowid\", * FROM priceIncrease ORDER BY territory, productID") {
                let cells = RowReader(table: "priceIncrease", key: "productID", row: row)
                snapshot.priceIncreases.append(PriceIncrease(
                    key: .init(territory: try cells.text("territory"), productID: try cells.text("productID")),
                    price: try cells.price("price"), consentRequired: try cells.bool("consentRequired"),
                    date: try cells.date("date"),
                    lastWithoutConsent: row.hasColumn("lastWithoutConsent") ? try cells.optionalDate("lastWithoutConsent") : nil))
            }
        }
        if applied.contains(Ledger.promotionMigration) {
            for row in try Row.fetchAll(db, sql: "SELECT rowid AS \"rowid\", * FROM promotionOverride ORDER BY deviceName, position, productID") {
                let cells = RowReader(table: "promotionOverride", key: "productID", row: row)
                let device = try cells.text("deviceName"), productID = try cells.text("productID")
                if let visibility = try cells.optionalKnown("visibility", PromotionVisibility.self) {
                    snapshot.promotions[device, default: PromotionOverrides()].visibility[productID] = visibility
                }
                if !cells.value("position").isNull {
                    _ = try cells.integer("position", 0...Int64(Int32.max))
                    snapshot.promotions[device, default: PromotionOverrides()].order.append(productID)
                }
            }
        }
        for row in try Row.fetchAll(db, sql: "SELECT rowid AS \"rowid\", name, value FROM setting") {
            let cells = RowReader(table: "setting", key: "name", row: row)
            snapshot.settings[try cells.text("name")] = try cells.text("value")
        }
        // A ledger from before the free area has no reads yet (it is migrated when opened for writing).
        guard applied.contains("v2-free-reads") else {
            if snapshot.settings[nowKey] != nil { snapshot.settings[onboardingKey] = "1" }
            return snapshot
        }
        for row in try Row.fetchAll(db, sql: "SELECT rowid AS \"rowid\", month, itemID, readAt FROM freeRead ORDER BY readAt, rowid") {
            let cells = RowReader(table: "freeRead", key: "itemID", row: row)
            let monthText = try cells.text("month")
            guard let month = Month(monthText) else {
                throw cells.bad("month", "is \(UntrustedText.quoted(monthText)), not a month like 2026-11")
            }
            let date = try cells.date("readAt")
            guard Month(containing: date) == month else {
                throw cells.bad("readAt", "is \(date.formatted(.iso8601)), not in the month \(month)")
            }
            snapshot.freeReads.append(FreeReads.Read(month: month, itemID: try cells.text("itemID"), date: date))
        }
        return snapshot
    }

    /// The storefront the account is in: the one the ledger records; for a ledger from before it
    /// recorded one, the one its newest transaction (or QA's newest storefront change) names; for a
    /// ledger with neither, or one naming a storefront the catalog lacks (a `.storekit` file moved to
    /// another with `--territory`), `fallback`.
    func storefront(in catalog: Catalog, fallback: Territory) -> Territory {
        if let code = settings[Self.storefrontKey] { return catalog.territory(code) ?? fallback }
        let newestTransaction = transactions.values.max { ($0.purchaseDate, $0.id) < ($1.purchaseDate, $1.id) }
        let newestChange = events.last { $0.kind == .storefrontChange && $0.storefront != nil }
        let code: String?
        switch (newestTransaction, newestChange) {
        case let (t?, e?): code = e.date >= t.purchaseDate ? e.storefront : t.storefront
        case let (t?, nil): code = t.storefront
        case let (nil, e?): code = e.storefront
        case (nil, nil): code = nil
        }
        return code.flatMap { catalog.territory($0) } ?? fallback
    }

    /// The account these rows describe, on `catalog`, in its storefront (`storefront(in:fallback:)`);
    /// nil when nothing was ever saved (no clock).
    func store(catalog: Catalog, territory fallback: Territory, path: String) throws(Ledger.Failure) -> AppStore? {
        let territory = storefront(in: catalog, fallback: fallback)
        guard let clock = settings[Self.nowKey] else {
            // Nothing was ever saved, or the clock's row was removed by hand: only the first is new.
            guard transactions.isEmpty, renewals.isEmpty, freeReads.isEmpty else {
                throw .badRow(path: path, detail: "table setting: the clock's row \"\(Self.nowKey)\" is missing, but the ledger holds purchases")
            }
            return nil
        }
        guard let seconds = Double(clock), RowReader.seconds.contains(seconds) else {
            throw .badRow(path: path, detail: "table setting, row \"\(Self.nowKey)\": the clock \(UntrustedText.quoted(clock)) is not a time in the years 1 to 9999")
        }
        var nextID: UInt64 = 1
        if let text = settings[Self.nextIDKey] {
            guard let value = UInt64(text), (1...UInt64(RowReader.maximumID) + 1).contains(value) else {
                throw .badRow(path: path, detail: "table setting, row \"\(Self.nextIDKey)\": \(UntrustedText.quoted(text)) is not a transaction id from 1 to \(RowReader.maximumID + 1)")
            }
            nextID = value
        }
        var nextEventID: UInt64 = 1
        if let text = settings[Self.nextEventIDKey] {
            guard let value = UInt64(text), (1...UInt64(RowReader.maximumID) + 1).contains(value) else {
                throw .badRow(path: path, detail: "table setting, row \"\(Self.nextEventIDKey)\": \(UntrustedText.quoted(text)) is not an event id from 1 to \(RowReader.maximumID + 1)")
            }
            nextEventID = value
        }
        var store: AppStore
        do {
            store = try AppStore(
                catalog: catalog, territory: territory, now: Date(timeIntervalSince1970: seconds), gate: .allowed,
                scenario: .init(), transactions: transactions.values.sorted { $0.id < $1.id }, renewals: renewals,
                nextTransactionID: nextID, events: events, nextEventID: nextEventID)
        } catch {
            throw .mismatch(path: path, detail: error.detail)
        }
        for name in ScenarioSetting.names + ScenarioSetting.errorKeys {
            guard let value = settings[name] else { continue }
            do {
                let setting = name.hasPrefix("error ")
                    ? try ScenarioSetting(name: "error", value: "\(name.dropFirst("error ".count)) \(value)")
                    : try ScenarioSetting(saved: name, value: value)
                try setting.check(catalog)
                // The ledger's dates were planned at its saved rate: set it, with nothing to re-time.
                if case .timeRate(let rate) = setting { store.scenario.timeRate = rate } else { store.apply(setting) }
            } catch {
                throw .badRow(path: path, detail: "table setting, row \(UntrustedText.quoted(name)): \(error.message)")
            }
        }
        for read in freeReads { store.restoreFreeRead(read) }
        for issue in deliveries {
            guard store.transaction(issue.transactionID) != nil else {
                throw .mismatch(path: path, detail: "a delivery record names transaction \(issue.transactionID), which the ledger does not hold")
            }
            if let gift = issue.giftProductID, store.catalog.product(gift)?.type != .consumable {
                throw .mismatch(path: path, detail: "a conciliatory item names \(UntrustedText.quoted(gift)), which is not a consumable of the catalog")
            }
            store.restoreDelivery(issue)
        }
        for (device, overrides) in promotions.sorted(by: { $0.key < $1.key }) {
            for productID in overrides.order + overrides.visibility.keys.sorted() where !store.catalog.isPromoted(productID) {
                throw .mismatch(path: path, detail: "the promotion overrides of \(UntrustedText.quoted(device)) name \(UntrustedText.quoted(productID)), which the catalog does not promote")
            }
            store.restorePromotionOverrides(overrides, device: device)
        }
        store.restoreFeedback(feedback, draft: feedbackDraft)
        for notification in notifications { store.restoreNotification(notification) }
        store.restoreOfferCodeCounts(offerCodeCounts)
        for pending in pendingRedemptions { store.restorePendingRedemption(pending) }
        for (productID, used) in consumableUse.sorted(by: { $0.key < $1.key }) {
            guard store.catalog.product(productID)?.type == .consumable else {
                throw .mismatch(path: path, detail: "the consumables used name \(UntrustedText.quoted(productID)), which is not a consumable of the catalog")
            }
            store.restoreConsumableUse(productID, units: used)
        }
        for increase in priceIncreases {
            guard store.catalog.product(increase.key.productID)?.subscription != nil else {
                throw .mismatch(path: path, detail: "a price increase names \(UntrustedText.quoted(increase.key.productID)), which is not a subscription of the catalog")
            }
            store.restorePriceIncrease(increase)
        }
        for fact in Self.settingFacts {
            guard let value = settings[fact.name] else { continue }
            if let problem = fact.read(value, &store) {
                throw .badRow(path: path, detail: "table setting, row \"\(fact.name)\": \(problem)")
            }
        }
        store.markSaved()
        if !legacyTransactionIDs.isEmpty {
            store.markUnsaved(transactionIDs: legacyTransactionIDs, eventIDs: legacyEventIDs)
        }
        return store
    }

    /// The tables `clearAll` empties (QA's Clear everything, StoreKit Testing's clearTransactions): the
    /// account's purchases and what follows from them. The settings, the devices and their promotion
    /// overrides, and the notifications already made stay.
    static let clearedTables = ["purchaseEvent", "priceIncrease", "transactionRecord", "renewal", "freeRead", "consumableUse",
                                "delivery", "feedback", "feedbackDraft", "offerRedemption", "codeRedemption",
                                "quarterRedemption", "pendingRedemption"]

    /// Writes the rows a store changed since it was last saved: each changed transaction or renewal
    /// state the store still has is written, each it no longer has is deleted (all of them first, after
    /// `clearAll`); then the given settings.
    static func write(_ db: Database, _ changes: AppStore.UnsavedChanges, of store: AppStore,
                      settings: [String: String]) throws {
        if changes.cleared {
            for table in clearedTables { try db.execute(sql: "DELETE FROM \(table)") }
        }
        for id in changes.deliveries.sorted() {
            if let issue = store.deliveries[id] {
                try db.cachedStatement(sql: "INSERT OR REPLACE INTO delivery (transactionID, markedDate, resolution, giftProductID, resolvedDate) VALUES (?, ?, ?, ?, ?)")
                    .execute(arguments: [Int64(exactly: id), issue.markedDate.timeIntervalSince1970, issue.resolution?.rawValue,
                                         issue.giftProductID, issue.resolvedDate?.timeIntervalSince1970])
            } else {
                try db.cachedStatement(sql: "DELETE FROM delivery WHERE transactionID = ?").execute(arguments: [Int64(exactly: id)])
            }
        }
        for id in changes.feedbackIDs.sorted() {
            guard let sent = store.feedback.last(where: { $0.id == id }) else { continue }
            try db.cachedStatement(sql: "INSERT OR REPLACE INTO feedback (id, date, text) VALUES (?, ?, ?)")
                .execute(arguments: [Int64(exactly: id), sent.date.timeIntervalSince1970, sent.text])
        }
        // The draft is one row, written as it changes (every key typed, with --state): nothing else.
        if changes.feedbackDraft {
            if store.feedbackDraft.isEmpty {
                try db.cachedStatement(sql: "DELETE FROM feedbackDraft WHERE id = 1").execute()
            } else {
                try db.cachedStatement(sql: "INSERT OR REPLACE INTO feedbackDraft (id, text) VALUES (1, ?)")
                    .execute(arguments: [store.feedbackDraft])
            }
        }
        for id in changes.notificationIDs.sorted() {
            guard let n = store.notification(id) else { continue }
            let moment = n.transactionMoment
            try db.cachedStatement(sql: "INSERT OR REPLACE INTO serverNotification (id, uuid, type, subtype, date, transactionID, groupID, consumptionRequestReason, delivery, attempts, nextAttempt, momentState, momentExpirationDate, momentRevocationDate, momentRevocationReason, momentIsUpgraded, momentUpgradeRefund, momentUpgradeRefundDate, sender, renewalMoment, momentRevocationType, momentRevocationPercentage) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .execute(arguments: [Int64(exactly: id), n.uuid.uuidString, n.kind.rawValue, n.subtype, n.date.timeIntervalSince1970,
                                     n.transactionID.flatMap { Int64(exactly: $0) }, n.groupID, n.consumptionRequestReason,
                                     n.delivery.rawValue, n.attempts, n.nextAttempt?.timeIntervalSince1970,
                                     moment?.state.rawValue, moment?.expirationDate?.timeIntervalSince1970,
                                     moment?.revocationDate?.timeIntervalSince1970, moment?.revocationReason?.rawValue,
                                     moment?.isUpgraded, moment?.upgradeRefund.map { "\($0)" }, moment?.upgradeRefundDate?.timeIntervalSince1970,
                                     n.sender, n.renewalMoment.map(RenewalMomentColumn.text),
                                     moment?.revocationType?.rawValue, moment?.revocationPercentage])
        }
        if changes.offerCodes { try writeOfferCodes(db, of: store) }
        if changes.promotions {
            // This device's overrides, a handful of rows: written whole.
            let overrides = store.promotionOverrides
            try db.cachedStatement(sql: "DELETE FROM promotionOverride WHERE deviceName = ?").execute(arguments: [store.deviceName])
            let positions = Dictionary(overrides.order.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
            for productID in Set(overrides.order).union(overrides.visibility.keys).sorted() {
                try db.cachedStatement(sql: "INSERT INTO promotionOverride (deviceName, productID, visibility, position) VALUES (?, ?, ?, ?)")
                    .execute(arguments: [store.deviceName, productID, overrides.visibility[productID]?.rawValue, positions[productID]])
            }
        }
        for productID in changes.consumableUse.sorted() {
            if let used = store.consumableUse[productID] {
                try db.cachedStatement(sql: "INSERT OR REPLACE INTO consumableUse (productID, used) VALUES (?, ?)")
                    .execute(arguments: [productID, used])
            } else {
                try db.cachedStatement(sql: "DELETE FROM consumableUse WHERE productID = ?").execute(arguments: [productID])
            }
        }
        for key in changes.freeReads.sorted(by: { ($0.month, $0.itemID) < ($1.month, $1.itemID) }) {
            guard let read = store.freeReads.read(key) else { continue }
            try db.cachedStatement(sql: "INSERT OR REPLACE INTO freeRead (month, itemID, readAt) VALUES (?, ?, ?)")
                .execute(arguments: [read.month.description, read.itemID, read.date.timeIntervalSince1970])
        }
        let writeTransaction = try db.cachedStatement(sql: "INSERT OR REPLACE INTO transactionRecord (\(TransactionRow.columns.joined(separator: ", "))) VALUES (\(TransactionRow.columns.map { _ in "?" }.joined(separator: ", ")))")
        let deleteTransaction = try db.cachedStatement(sql: "DELETE FROM transactionRecord WHERE id = ?")
        for id in changes.transactionIDs.sorted() {
            if let transaction = store.transaction(id) {
                try writeTransaction.execute(arguments: try TransactionRow.arguments(transaction))
            } else {
                try deleteTransaction.execute(arguments: [Int64(exactly: id)])
            }
        }
        let writeEvent = try db.cachedStatement(sql: "INSERT OR REPLACE INTO purchaseEvent (\(EventRow.columns.joined(separator: ", "))) VALUES (\(EventRow.columns.map { _ in "?" }.joined(separator: ", ")))")
        for id in changes.eventIDs.sorted() {
            if let event = store.event(id) {
                try writeEvent.execute(arguments: try EventRow.arguments(event))
            } else {
                try db.cachedStatement(sql: "DELETE FROM purchaseEvent WHERE id = ?").execute(arguments: [Int64(exactly: id)])
            }
        }
        for group in changes.renewalGroups.sorted() {
            if let renewal = store.renewals[group] {
                try db.cachedStatement(sql: "INSERT OR REPLACE INTO renewal (groupID, willAutoRenew, autoRenewProductID, billingIssueSince, gracePeriodExpiration, expirationReason, priceIncreaseStatus, offerID, offerKind, preservedTerritory, preservedProductID, preservedPrice, billingRetryEnds, renewalBillingPlanType, appAccountToken, offerWaitsForRunningOffer) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                    .execute(arguments: [group, renewal.willAutoRenew, renewal.autoRenewProductID,
                                         renewal.billingIssueSince?.timeIntervalSince1970,
                                         renewal.gracePeriodExpiration?.timeIntervalSince1970,
                                         renewal.expirationReason?.rawValue, renewal.priceIncreaseStatus?.rawValue,
                                         renewal.offerID, renewal.offerKind?.rawValue,
                                         renewal.preservedPrice?.key.territory, renewal.preservedPrice?.key.productID,
                                         renewal.preservedPrice.map { "\($0.price)" },
                                         renewal.billingRetryEnds?.timeIntervalSince1970, renewal.renewalBillingPlanType?.rawValue,
                                         renewal.appAccountToken?.uuidString, renewal.offerWaitsForRunningOffer ? 1 : nil])
            } else {
                try db.cachedStatement(sql: "DELETE FROM renewal WHERE groupID = ?").execute(arguments: [group])
            }
        }
        if changes.priceIncreases {
            for increase in store.priceIncreases.values.sorted(by: { $0.key < $1.key }) {
                try db.cachedStatement(sql: "INSERT OR REPLACE INTO priceIncrease (territory, productID, price, consentRequired, date, lastWithoutConsent) VALUES (?, ?, ?, ?, ?, ?)")
                    .execute(arguments: [increase.key.territory, increase.key.productID, "\(increase.price)",
                                         increase.consentRequired, increase.date.timeIntervalSince1970,
                                         increase.lastWithoutConsent?.timeIntervalSince1970])
            }
        }
        for (name, value) in settings.sorted(by: { $0.key < $1.key }) {
            try db.cachedStatement(sql: "INSERT OR REPLACE INTO setting (name, value) VALUES (?, ?)")
                .execute(arguments: [name, value])
        }
    }
}

extension Snapshot {
    /// The offer-code tables (migration v7): counts per offer, code and quarter, and pending App Store
    /// redemptions. Counts are whole numbers from 0 to a billion; a quarter is written like "2026 Q4".
    static func readOfferCodes(_ db: Database, into snapshot: inout Snapshot) throws {
        let counts: ClosedRange<Int64> = 0...1_000_000_000
        for row in try Row.fetchAll(db, sql: "SELECT rowid AS \"rowid\", * FROM offerRedemption ORDER BY offerID") {
            let cells = RowReader(table: "offerRedemption", key: "offerID", row: row)
            snapshot.offerCodeCounts.restore(offer: try cells.text("offerID"), redemptions: Int(try cells.integer("redemptions", counts)),
                                             byThisAccount: try cells.bool("byThisAccount"))
        }
        for row in try Row.fetchAll(db, sql: "SELECT rowid AS \"rowid\", * FROM codeRedemption ORDER BY code") {
            let cells = RowReader(table: "codeRedemption", key: "code", row: row)
            snapshot.offerCodeCounts.restore(code: try cells.text("code"), redemptions: Int(try cells.integer("redemptions", counts)))
        }
        for row in try Row.fetchAll(db, sql: "SELECT rowid AS \"rowid\", * FROM quarterRedemption ORDER BY quarter") {
            let cells = RowReader(table: "quarterRedemption", key: "quarter", row: row)
            let quarter = try cells.text("quarter")
            let parts = quarter.split(separator: " ")
            guard parts.count == 2, parts[0].count == 4, Int(parts[0]) != nil, ["Q1", "Q2", "Q3", "Q4"].contains(parts[1]) else {
                throw cells.bad("quarter", "is \(UntrustedText.quoted(quarter)), not a quarter like \"2026 Q4\"")
            }
            snapshot.offerCodeCounts.restore(quarter: quarter, redemptions: Int(try cells.integer("redemptions", counts)))
        }
        for row in try Row.fetchAll(db, sql: "SELECT rowid AS \"rowid\", * FROM pendingRedemption ORDER BY id") {
            let cells = RowReader(table: "pendingRedemption", key: "id", row: row)
            snapshot.pendingRedemptions.append(PendingRedemption(code: try cells.text("code"), date: try cells.date("date")))
        }
    }

    /// Rewrites the offer-code tables whole: they hold this account's redemptions and the others the
    /// simulator counted, a handful of rows, and change only when a code is redeemed.
    static func writeOfferCodes(_ db: Database, of store: AppStore) throws {
        let counts = store.offerCodeCounts
        for table in ["offerRedemption", "codeRedemption", "quarterRedemption", "pendingRedemption"] {
            try db.execute(sql: "DELETE FROM \(table)")
        }
        for (offer, redemptions) in counts.byOffer.sorted(by: { $0.key < $1.key }) {
            try db.cachedStatement(sql: "INSERT INTO offerRedemption (offerID, redemptions, byThisAccount) VALUES (?, ?, ?)")
                .execute(arguments: [offer, redemptions, counts.byAccount.contains(offer)])
        }
        for (code, redemptions) in counts.byCode.sorted(by: { $0.key < $1.key }) {
            try db.cachedStatement(sql: "INSERT INTO codeRedemption (code, redemptions) VALUES (?, ?)").execute(arguments: [code, redemptions])
        }
        for (quarter, redemptions) in counts.byQuarter.sorted(by: { $0.key < $1.key }) {
            try db.cachedStatement(sql: "INSERT INTO quarterRedemption (quarter, redemptions) VALUES (?, ?)").execute(arguments: [quarter, redemptions])
        }
        for (index, pending) in store.pendingRedemptions.enumerated() {
            try db.cachedStatement(sql: "INSERT INTO pendingRedemption (id, code, date) VALUES (?, ?, ?)")
                .execute(arguments: [index + 1, pending.code, pending.date.timeIntervalSince1970])
        }
    }
}

/// A transaction as a row of `transactionRecord`, declared once per fact (`facts`): each names its
/// columns, the values it writes, and how it reads them back (checked: a value this storefront cannot
/// use names its column). The row's columns, a save's values and a load all follow from the list, so a
/// new fact of a transaction is its field (Transaction.swift), one entry here, and its migration.
/// Dates are seconds since 1970 (exact for the simulated clock's whole seconds), prices decimal text
/// (exact), enums their raw values. The `failure` column is from before the ledger held only
/// transactions; it is written empty.
enum TransactionRow {
    /// One fact of a transaction: its columns, what it writes there, and how it reads them back into
    /// the transaction being read (earlier facts are read already). A column an older ledger lacks
    /// reads as its fact's absence.
    struct Fact: Sendable {
        let columns: [String]
        let values: @Sendable (Transaction) -> [(any DatabaseValueConvertible)?]
        let read: @Sendable (RowReader, inout Transaction) throws -> Void

        init(_ column: String, _ value: @escaping @Sendable (Transaction) -> (any DatabaseValueConvertible)?,
             read: @escaping @Sendable (RowReader, inout Transaction) throws -> Void) {
            (columns, values, self.read) = ([column], { [value($0)] }, read)
        }

        init(_ columns: [String], _ values: @escaping @Sendable (Transaction) -> [(any DatabaseValueConvertible)?],
             read: @escaping @Sendable (RowReader, inout Transaction) throws -> Void) {
            (self.columns, self.values, self.read) = (columns, values, read)
        }
    }

    static let facts: [Fact] = [
        Fact("id", { Int64(exactly: $0.id) }) { $1.id = UInt64(try $0.integer("id", 1...RowReader.maximumID)) },
        Fact("originalID", { Int64(exactly: $0.originalID) }) { $1.originalID = UInt64(try $0.integer("originalID", 1...RowReader.maximumID)) },
        Fact("productID", \.productID) { $1.productID = try $0.text("productID") },
        Fact("productType", \.productType.rawValue) { $1.productType = try $0.known("productType", ProductType.self) },
        Fact("purchaseDate", \.purchaseDate.timeIntervalSince1970) { $1.purchaseDate = try $0.date("purchaseDate") },
        Fact("originalPurchaseDate", \.originalPurchaseDate.timeIntervalSince1970) { $1.originalPurchaseDate = try $0.date("originalPurchaseDate") },
        // A pass's row keeps the app's own end here: StoreKit gives it none (swapped back in `transaction`).
        Fact("expirationDate", { ($0.expirationDate ?? $0.appPassEnd)?.timeIntervalSince1970 }) { $1.expirationDate = try $0.optionalDate("expirationDate") },
        Fact("quantity", \.quantity) { $1.quantity = Int(try $0.integer("quantity", 1...99)) },
        Fact("ownership", \.ownership.rawValue) { $1.ownership = try $0.known("ownership", Transaction.Ownership.self) },
        Fact("offerKind", \.offerKind?.rawValue) { $1.offerKind = try $0.optionalKnown("offerKind", SubscriptionOffer.Kind.self) },
        Fact("offerID", \.offerID) { $1.offerID = try $0.optionalText("offerID") },
        Fact("revocationDate", \.revocationDate?.timeIntervalSince1970) { $1.revocationDate = try $0.optionalDate("revocationDate") },
        Fact("revocationReason", \.revocationReason?.rawValue) { $1.revocationReason = try $0.optionalKnown("revocationReason", Transaction.RevocationReason.self) },
        Fact("isUpgraded", \.isUpgraded) { $1.isUpgraded = try $0.bool("isUpgraded") },
        Fact("storefront", \.storefront) { $1.storefront = try $0.text("storefront") },
        Fact("state", \.state.rawValue) { $1.state = try $0.known("state", Transaction.State.self) },
        Fact("failure", { _ in nil }) { _, _ in },
        Fact("price", { "\($0.price)" }) { $1.price = try $0.price("price") },
        Fact("currency", \.currency) { $1.currency = try $0.text("currency") },
        Fact("upgradeRefund", { $0.upgradeRefund.map { "\($0)" } }) { cells, t in
            t.upgradeRefund = cells.has("upgradeRefund") && !cells.value("upgradeRefund").isNull ? try cells.price("upgradeRefund") : nil
        },
        Fact("upgradeRefundDate", \.upgradeRefundDate?.timeIntervalSince1970) { cells, t in
            t.upgradeRefundDate = cells.has("upgradeRefundDate") ? try cells.optionalDate("upgradeRefundDate") : nil
        },
        Fact("appAccountToken", \.appAccountToken?.uuidString) { cells, t in
            t.appAccountToken = cells.has("appAccountToken") ? try cells.optionalUUID("appAccountToken") : nil
        },
        Fact("reason", \.reason.rawValue) { cells, t in
            t.reason = cells.has("reason") ? try cells.known("reason", Transaction.Reason.self) : .purchase
        },
        Fact(["commitmentPayment", "commitmentPayments", "commitmentExpirationDate", "commitmentPrice"], { t in
            [t.commitment.map { Int64($0.billingPeriodNumber) }, t.commitment.map { Int64($0.totalBillingPeriods) },
             t.commitment?.expirationDate.timeIntervalSince1970, t.commitment.map { "\($0.price)" }]
        }) { cells, t in
            guard cells.has("commitmentPayment"), !cells.value("commitmentPayment").isNull else { return }
            let total = Int(try cells.integer("commitmentPayments", 1...Int64(CommitmentPlan.payments)))
            t.commitment = CommitmentInfo(
                billingPeriodNumber: Int(try cells.integer("commitmentPayment", 1...Int64(total))), totalBillingPeriods: total,
                expirationDate: try cells.date("commitmentExpirationDate"), price: try cells.price("commitmentPrice"))
        },
        Fact("monthlyPlanOffer", { $0.isMonthlyPlanOffer ? Int64(1) : nil }) { cells, t in
            guard cells.has("monthlyPlanOffer"), !cells.value("monthlyPlanOffer").isNull else { return }
            _ = try cells.integer("monthlyPlanOffer", 1...1)
            guard t.commitment == nil, t.offerKind == .introductory else {
                throw cells.bad("monthlyPlanOffer", "marks a period of the monthly plan's introductory offer, but the row is not an introductory offer outside a commitment")
            }
            t.isMonthlyPlanOffer = true
        },
        Fact("deviceName", \.device) { cells, t in t.device = cells.has("deviceName") ? try cells.optionalText("deviceName") : nil },
        // Later migrations add columns at the end, in their order.
        Fact("revocationType", \.revocationType?.rawValue) { cells, t in
            t.revocationType = cells.has("revocationType") ? try cells.optionalKnown("revocationType", Transaction.RevocationType.self) : nil
        },
        Fact("revocationPercentage", \.revocationPercentage) { cells, t in
            t.revocationPercentage = cells.has("revocationPercentage") && !cells.value("revocationPercentage").isNull
                ? Int(try cells.integer("revocationPercentage", 0...100_000)) : nil
        },
    ]

    static let columns = facts.flatMap(\.columns)

    /// The row's values. An id past `maximumID` is refused, so the ledger never holds one it cannot read back.
    static func arguments(_ t: Transaction) throws -> StatementArguments { StatementArguments(try values(t)) }

    /// The row's values, in the order of `columns`.
    static func values(_ t: Transaction) throws -> [(any DatabaseValueConvertible)?] {
        guard t.id <= UInt64(RowReader.maximumID), t.originalID <= UInt64(RowReader.maximumID) else {
            throw BadRow(description: "transaction ids have run out (the largest is \(RowReader.maximumID))")
        }
        return facts.flatMap { $0.values(t) }
    }

    /// The states an older ledger saved attempts in, as transactions (see `legacyEvent`).
    static let legacyStates: Set<String> = ["purchasing", "deferred", "interrupted", "failed", "restored"]

    /// The transaction a row holds; nil for a row of an older ledger that is an event now (`legacyEvent`).
    static func transaction(from row: Row) throws -> Transaction? {
        let cells = RowReader(table: "transactionRecord", key: "id", row: row)
        if legacyStates.contains(try cells.text("state")) { return nil }
        var transaction = Transaction(id: 0, originalID: 0, productID: "", productType: .consumable, purchaseDate: .distantPast,
                                      originalPurchaseDate: .distantPast, expirationDate: nil, quantity: 1, ownership: .purchased,
                                      offerKind: nil, offerID: nil, revocationDate: nil, revocationReason: nil, isUpgraded: false,
                                      storefront: "", state: .purchased, price: 0, currency: "")
        for fact in facts { try fact.read(cells, &transaction) }
        // A pass's row keeps the app's own end in the expiration column: StoreKit gives it none.
        if transaction.productType == .nonRenewing {
            (transaction.appPassEnd, transaction.expirationDate) = (transaction.expirationDate, nil)
        }
        return transaction
    }

    /// What an older ledger's attempt row is as an event: a deferred purchase is a pending Ask to Buy
    /// request, a declined one a declined request, an interrupted one a pending (or, once failed with
    /// `interrupted`, a resolved) interruption, a cancel a cancel, a failure a failure, a restore record
    /// a restore of one purchase; a `purchasing` row (a sheet left open) is nothing. Returns the row's
    /// transaction id, which the next save deletes.
    static func legacyEvent(_ row: Row, id: UInt64) throws -> (UInt64, StoreEvent?) {
        let cells = RowReader(table: "transactionRecord", key: "id", row: row)
        let transactionID = UInt64(try cells.integer("id", 1...RowReader.maximumID))
        let state = try cells.text("state")
        let date = try cells.date("purchaseDate")
        let productID = try cells.text("productID")
        let quantity = Int(try cells.integer("quantity", 1...99))
        let offerID = try cells.optionalKnown("offerKind", SubscriptionOffer.Kind.self) == .promotional
            ? try cells.optionalText("offerID") : nil
        func event(_ kind: StoreEvent.Kind, _ status: StoreEvent.Status, failure: PurchaseError? = nil) -> StoreEvent {
            StoreEvent(id: id, date: date, kind: kind, productID: kind == .restore ? nil : productID, quantity: quantity,
                       offerID: offerID, failure: failure, status: status,
                       resolvedDate: status == .pending || status == .done ? nil : date,
                       restored: kind == .restore ? 1 : nil)
        }
        switch state {
        case "deferred": return (transactionID, event(.askToBuy, .pending))
        case "interrupted": return (transactionID, event(.interrupted, .pending))
        case "restored": return (transactionID, event(.restore, .done))
        case "failed":
            switch try cells.optionalText("failure") {
            case "declinedByParent": return (transactionID, event(.askToBuy, .declined))
            case "interrupted": return (transactionID, event(.interrupted, .resolved))
            case "userCancelled": return (transactionID, event(.cancelled, .done, failure: .userCancelled))
            default: return (transactionID, event(.failed, .done, failure: try cells.known("failure", PurchaseError.self)))
            }
        default: return (transactionID, nil)
        }
    }
}

/// An event as a row of `purchaseEvent`, read and written like a transaction's.
enum EventRow {
    static let columns = ["id", "date", "kind", "productID", "quantity", "offerID", "failure", "status",
                          "resolvedDate", "transactionID", "restored", "refundReason", "reviewOutcome", "appVersion", "stars", "storefront", "appAccountToken", "intentDecision", "codeRefusal"]

    static func arguments(_ e: StoreEvent) throws -> StatementArguments {
        guard e.id <= UInt64(RowReader.maximumID) else {
            throw BadRow(description: "event ids have run out (the largest is \(RowReader.maximumID))")
        }
        return [Int64(e.id), e.date.timeIntervalSince1970, e.kind.rawValue, e.productID, e.quantity, e.offerID,
                e.failure?.rawValue, e.status.rawValue, e.resolvedDate?.timeIntervalSince1970,
                e.transactionID.map { Int64($0) }, e.restored, e.refundReason?.rawValue,
                e.reviewOutcome?.rawValue, e.appVersion, e.stars, e.storefront, e.appAccountToken?.uuidString,
                e.intentDecision?.rawValue, e.codeRefusal]
    }

    static func event(from row: Row) throws -> StoreEvent {
        let cells = RowReader(table: "purchaseEvent", key: "id", row: row)
        return StoreEvent(
            id: UInt64(try cells.integer("id", 1...RowReader.maximumID)), date: try cells.date("date"),
            kind: try cells.known("kind", StoreEvent.Kind.self), productID: try cells.optionalText("productID"),
            quantity: Int(try cells.integer("quantity", 1...99)), offerID: try cells.optionalText("offerID"),
            failure: try cells.optionalKnown("failure", PurchaseError.self),
            status: try cells.known("status", StoreEvent.Status.self), resolvedDate: try cells.optionalDate("resolvedDate"),
            transactionID: cells.value("transactionID").isNull ? nil : UInt64(try cells.integer("transactionID", 1...RowReader.maximumID)),
            restored: cells.value("restored").isNull ? nil : Int(try cells.integer("restored", 0...Int64(Int32.max))),
            refundReason: row.hasColumn("refundReason") ? try cells.optionalKnown("refundReason", RefundReason.self) : nil,
            reviewOutcome: row.hasColumn("reviewOutcome") ? try cells.optionalKnown("reviewOutcome", ReviewOutcome.self) : nil,
            appVersion: row.hasColumn("appVersion") ? try cells.optionalVersion("appVersion") : nil,
            stars: !row.hasColumn("stars") || cells.value("stars").isNull ? nil : Int(try cells.integer("stars", 1...5)),
            storefront: row.hasColumn("storefront") ? try cells.optionalText("storefront") : nil,
            appAccountToken: row.hasColumn("appAccountToken") ? try cells.optionalUUID("appAccountToken") : nil,
            intentDecision: row.hasColumn("intentDecision") ? try cells.optionalKnown("intentDecision", PurchaseIntentDecision.self) : nil,
            codeRefusal: row.hasColumn("codeRefusal") ? try Self.codeRefusal(cells) : nil)
    }

    /// A refused code's reason: one of `OfferCodeError.names`, or none.
    private static func codeRefusal(_ cells: RowReader) throws -> String? {
        guard let text = try cells.optionalText("codeRefusal") else { return nil }
        guard OfferCodeError.names.contains(text) else {
            throw cells.bad("codeRefusal", "is \(UntrustedText.quoted(text)), not a reason a code is refused (\(OfferCodeError.names.joined(separator: ", ")))")
        }
        return text
    }
}

/// A value in the ledger this storefront cannot use, named by table, row and column.
struct BadRow: Error, CustomStringConvertible {
    var description: String
}

/// One row read strictly: each column must hold the type the schema means, within range. SQLite keeps
/// whatever a hand edit puts in a column (text in a date, NULL in a key), so nothing is assumed.
struct RowReader {
    let row: Row
    /// How messages name the row: "table renewal, row groupID \"trailhead.plus\"".
    let name: String

    /// Transaction ids go up to 2^53 (exact as a double, far past any test), so the next id always fits.
    static let maximumID: Int64 = 1 << 53
    /// Dates are seconds since 1970, from the year 1 to the year 9999.
    static let seconds: ClosedRange<Double> = -62_135_596_800...253_402_300_799

    init(table: String, key: String, row: Row) {
        self.row = row
        let keyValue = Self.value(key, in: row)
        switch keyValue.storage {
        case .string(let text): name = "table \(table), row \(key) \(UntrustedText.quoted(text))"
        case .int64(let number): name = "table \(table), row \(key) \(number)"
        default: name = "table \(table), row with rowid \(Self.shown(Self.value("rowid", in: row)))"
        }
    }

    private static func value(_ column: String, in row: Row) -> DatabaseValue {
        (row[column] as (any DatabaseValueConvertible)?)?.databaseValue ?? .null
    }

    func value(_ column: String) -> DatabaseValue { Self.value(column, in: row) }

    /// Whether the row has the column (a ledger from before its migration does not).
    func has(_ column: String) -> Bool { row.hasColumn(column) }

    func bad(_ column: String, _ problem: String) -> BadRow {
        BadRow(description: "\(name): \(column) \(problem)")
    }

    /// A value as a message shows it: text quoted and escaped, never raw.
    static func shown(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "empty (NULL)"
        case .int64(let number): "\(number)"
        case .double(let number): "\(number)"
        case .string(let text): UntrustedText.quoted(text)
        case .blob(let data): "a blob of \(data.count) bytes"
        }
    }

    func text(_ column: String) throws -> String {
        let value = value(column)
        guard case .string(let text) = value.storage else { throw bad(column, "is \(Self.shown(value)), not text") }
        if let scalar = UntrustedText.firstForbidden(in: text) {
            throw bad(column, "\(UntrustedText.quoted(text)) contains \(UntrustedText.describe(scalar))")
        }
        return text
    }

    /// A price as decimal text, exact ("4.99").
    func price(_ column: String) throws -> Decimal {
        let text = try text(column)
        guard text.count <= 40, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              let price = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            throw bad(column, "is \(UntrustedText.quoted(text)), not a price like 4.99")
        }
        return price
    }

    /// Text a person typed (feedback): line breaks and tabs are theirs, any other control character is
    /// not something the app lets in, so a row holding one was edited by hand.
    func typedText(_ column: String) throws -> String {
        let value = value(column)
        guard case .string(let text) = value.storage else { throw bad(column, "is \(Self.shown(value)), not text") }
        if let scalar = text.unicodeScalars.first(where: { UntrustedText.isForbidden($0) && $0 != "\n" && $0 != "\t" }) {
            throw bad(column, "\(UntrustedText.quoted(text)) contains \(UntrustedText.describe(scalar))")
        }
        return text
    }

    func optionalText(_ column: String) throws -> String? {
        value(column).isNull ? nil : try text(column)
    }

    /// An app version, as `set app-version` accepts it (digits and dots), or NULL.
    func optionalVersion(_ column: String) throws -> String? {
        guard let text = try optionalText(column) else { return nil }
        guard ScenarioSetting.isVersion(text) else { throw bad(column, "\(UntrustedText.quoted(text)) is not an app version (digits and dots, like 1.0)") }
        return text
    }

    func optionalUUID(_ column: String) throws -> UUID? {
        guard let text = try optionalText(column) else { return nil }
        guard let uuid = UUID(uuidString: text) else { throw bad(column, "\(UntrustedText.quoted(text)) is not a UUID") }
        return uuid
    }

    func integer(_ column: String, _ range: ClosedRange<Int64>) throws -> Int64 {
        let value = value(column)
        guard case .int64(let number) = value.storage else { throw bad(column, "is \(Self.shown(value)), not a whole number") }
        guard range.contains(number) else {
            throw bad(column, "is \(number), outside \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    func bool(_ column: String) throws -> Bool {
        let value = value(column)
        guard case .int64(let number) = value.storage, number == 0 || number == 1 else {
            throw bad(column, "is \(Self.shown(value)), not 0 or 1")
        }
        return number == 1
    }

    func date(_ column: String) throws -> Date {
        let value = value(column)
        let seconds: Double
        switch value.storage {
        case .double(let number): seconds = number
        case .int64(let number): seconds = Double(number)
        default: throw bad(column, "is \(Self.shown(value)), not a time (seconds since 1970)")
        }
        guard Self.seconds.contains(seconds) else { throw bad(column, "is \(Self.shown(value)), outside the years 1 to 9999") }
        return Date(timeIntervalSince1970: seconds)
    }

    func optionalDate(_ column: String) throws -> Date? {
        value(column).isNull ? nil : try date(column)
    }

    func known<T: RawRepresentable>(_ column: String, _: T.Type) throws -> T where T.RawValue == String {
        let text = try text(column)
        guard let known = T(rawValue: text) else {
            throw bad(column, "\(UntrustedText.quoted(text)) is not known to this storefront")
        }
        return known
    }

    /// A notification's `TransactionMoment` from its moment columns; nil when momentState is NULL.
    /// A notification's renewal moment (`RenewalMomentColumn`); nil when the column is NULL.
    func renewalMoment(_ column: String) throws -> RenewalMoment? {
        guard let text = try optionalText(column) else { return nil }
        guard let moment = RenewalMomentColumn.moment(text) else {
            throw bad(column, "is not the renewal info of a notification (\(UntrustedText.quoted(text, limit: 60)))")
        }
        return moment
    }

    func transactionMoment() throws -> TransactionMoment? {
        guard let state = try optionalKnown("momentState", Transaction.State.self) else { return nil }
        return TransactionMoment(state: state, expirationDate: try optionalDate("momentExpirationDate"),
                                 revocationDate: try optionalDate("momentRevocationDate"),
                                 revocationReason: try optionalKnown("momentRevocationReason", Transaction.RevocationReason.self),
                                 revocationType: has("momentRevocationType") ? try optionalKnown("momentRevocationType", Transaction.RevocationType.self) : nil,
                                 revocationPercentage: has("momentRevocationPercentage") && !value("momentRevocationPercentage").isNull
                                     ? Int(try integer("momentRevocationPercentage", 0...100_000)) : nil,
                                 isUpgraded: try bool("momentIsUpgraded"),
                                 upgradeRefund: value("momentUpgradeRefund").isNull ? nil : try price("momentUpgradeRefund"),
                                 upgradeRefundDate: try optionalDate("momentUpgradeRefundDate"))
    }

    func optionalKnown<T: RawRepresentable>(_ column: String, _ type: T.Type) throws -> T? where T.RawValue == String {
        value(column).isNull ? nil : try known(column, type)
    }
}

/// A notification's renewal moment as one column: a JSON object of its values, each as text that
/// reads back exactly (a date's seconds as Swift writes a Double, an amount as Decimal does); an absent
/// value has no key.
enum RenewalMomentColumn {
    static func text(_ m: RenewalMoment) -> String {
        func seconds(_ date: Date?) -> String? { date.map { String($0.timeIntervalSince1970) } }
        let values: [String: String?] = [
            "state": m.state.rawValue, "groupID": m.groupID, "originalTransactionID": String(m.originalTransactionID),
            "productID": m.productID, "hasRenewalInfo": m.hasRenewalInfo ? "1" : "0", "willAutoRenew": m.willAutoRenew ? "1" : "0",
            "autoRenewProductID": m.autoRenewProductID, "renewalDate": seconds(m.renewalDate),
            "renewalPrice": m.renewalPrice.map { "\($0)" }, "currency": m.currency, "expirationReason": m.expirationReason?.rawValue,
            "gracePeriodExpiration": seconds(m.gracePeriodExpiration), "priceIncreaseStatus": m.priceIncreaseStatus?.rawValue,
            "offerKind": m.offerKind?.rawValue, "offerID": m.offerID,
            "eligibleWinBackOfferIDs": m.eligibleWinBackOfferIDs.isEmpty ? nil : m.eligibleWinBackOfferIDs.joined(separator: "\n"),
            "signedDate": seconds(m.signedDate), "renewalBillingPlanType": m.renewalBillingPlanType?.rawValue,
            "commitmentWillAutoRenew": m.commitmentWillAutoRenew.map { $0 ? "1" : "0" },
            "commitmentRenewalPrice": m.commitmentRenewalPrice.map { "\($0)" },
            "recentSubscriptionStart": seconds(m.recentSubscriptionStart), "appAccountToken": m.appAccountToken?.uuidString,
            "commitmentExpiration": seconds(m.commitmentExpiration),
        ]
        let object = values.compactMapValues { $0 }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// Nil when the text is not a moment this storefront wrote.
    static func moment(_ text: String) -> RenewalMoment? {
        guard let o = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: String] else { return nil }
        struct Bad: Error {}
        func date(_ key: String) throws -> Date? {
            guard let text = o[key] else { return nil }
            guard let seconds = Double(text), RowReader.seconds.contains(seconds) else { throw Bad() }
            return Date(timeIntervalSince1970: seconds)
        }
        func amount(_ key: String) throws -> Decimal? {
            guard let text = o[key] else { return nil }
            guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { throw Bad() }
            return value
        }
        func known<T: RawRepresentable>(_ key: String, _: T.Type) throws -> T? where T.RawValue == String {
            guard let text = o[key] else { return nil }
            guard let value = T(rawValue: text) else { throw Bad() }
            return value
        }
        func flag(_ key: String) throws -> Bool? {
            guard let text = o[key] else { return nil }
            guard text == "0" || text == "1" else { throw Bad() }
            return text == "1"
        }
        do {
            guard let state = try known("state", RenewalState.self), let groupID = o["groupID"],
                  let original = o["originalTransactionID"].flatMap(UInt64.init), let productID = o["productID"],
                  let hasInfo = try flag("hasRenewalInfo"), let willAutoRenew = try flag("willAutoRenew"),
                  let autoRenew = o["autoRenewProductID"], let currency = o["currency"], let signed = try date("signedDate") else { return nil }
            let token = o["appAccountToken"]
            if token != nil, UUID(uuidString: token!) == nil { return nil }
            return RenewalMoment(
                state: state, groupID: groupID, originalTransactionID: original, productID: productID, hasRenewalInfo: hasInfo,
                willAutoRenew: willAutoRenew, autoRenewProductID: autoRenew, renewalDate: try date("renewalDate"),
                renewalPrice: try amount("renewalPrice"), currency: currency,
                expirationReason: try known("expirationReason", ExpirationReason.self),
                gracePeriodExpiration: try date("gracePeriodExpiration"),
                priceIncreaseStatus: try known("priceIncreaseStatus", PriceIncreaseStatus.self),
                offerKind: try known("offerKind", SubscriptionOffer.Kind.self), offerID: o["offerID"],
                eligibleWinBackOfferIDs: o["eligibleWinBackOfferIDs"].map { $0.components(separatedBy: "\n") } ?? [],
                signedDate: signed, renewalBillingPlanType: try known("renewalBillingPlanType", BillingPlanType.self),
                commitmentWillAutoRenew: try flag("commitmentWillAutoRenew"), commitmentRenewalPrice: try amount("commitmentRenewalPrice"),
                recentSubscriptionStart: try date("recentSubscriptionStart"), appAccountToken: token.flatMap(UUID.init(uuidString:)),
                commitmentExpiration: try date("commitmentExpiration"))
        } catch {
            return nil
        }
    }
}
