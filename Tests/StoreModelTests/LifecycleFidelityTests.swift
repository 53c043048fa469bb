import CatalogFormats
import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// Issue 11, part B: the renewal lifecycle as StoreKit and App Store Connect define it. Each test is
/// named after the rule it checks.
@Suite("Lifecycle fidelity")
struct LifecycleFidelityTests {
    @Test("billing retry lasts the App Store's fixed 60 days, then the subscription expires")
    func billingRetryLastsSixtyDays() {
        var store = Fixture.store()
        store.purchase("news.monthly")
        store.scenario.gracePeriod = .off // straight into billing retry
        store.scenario.billingFails = true
        let failed = Fixture.date("2026-12-21T09:00:00Z")
        store.advance(to: failed)
        #expect(store.status(ofGroup: "news")?.state == .inBillingRetryPeriod)
        let end = store.billingRetryEnd(since: failed)
        #expect(end == Fixture.date("2027-02-19T09:00:00Z"), "60 days after the failed renewal")
        #expect(store.nextRenewalDate == end, "time travel stops where the retry ends")
        store.advance(to: end.addingTimeInterval(-1))
        #expect(store.status(ofGroup: "news")?.state == .inBillingRetryPeriod)
        store.advance(to: end)
        #expect(store.status(ofGroup: "news")?.state == .expired)
        #expect(store.nextRenewalDate == nil, "nothing renews after the retry ended")
    }

    @Test("a catalog cannot set the billing retry period: lint names billingRetryPeriod as an unknown key")
    func billingRetryPeriodIsUnknown() {
        let json = Fixture.json.replacingOccurrences(of: #"{"id": "news", "name": {"en": "News"}}"#,
                                                     with: #"{"id": "news", "name": {"en": "News"}, "billingRetryPeriod": "P30D"}"#)
        #expect(json != Fixture.json)
        #expect(CatalogRulesTests().problems(in: json)
                == [#"$.subscriptionGroups[1].billingRetryPeriod: unknown key "billingRetryPeriod"; known keys here: id, name"#])
    }

    // MARK: grace period per app

    /// The fixture with its news subscription renewing weekly, and the app's grace period as given.
    static func weeklyStore(grace: String?) -> AppStore {
        var json = Fixture.json.replacingOccurrences(
            of: #""group": "news", "level": 1, "period": "P1M""#, with: #""group": "news", "level": 1, "period": "P1W""#)
        json = json.replacingOccurrences(of: #", "billingGracePeriod": {"duration": "P16D"}"#,
                                         with: grace.map { #", "billingGracePeriod": "# + $0 } ?? "")
        let catalog = try! CatalogLoader.load(Data(json.utf8))
        return AppStore(catalog: catalog, territory: catalog.territory("USA")!, now: Fixture.start)
    }

    /// Buys `productID`, lets its first renewal fail, and returns the grace period's length in days (nil for none).
    static func graceDays(_ store: AppStore, buying productID: String, group: String) -> Double? {
        var store = store
        store.purchase(productID)
        store.scenario.billingFails = true
        let expiration = store.status(ofGroup: group)!.transaction.expirationDate!
        store.advance(to: expiration)
        return store.renewals[group]?.gracePeriodExpiration.map { $0.timeIntervalSince(expiration) / 86_400 }
    }

    @Test("grace period is set per app as in App Store Connect: 3, 16 or 28 days, for every group")
    func gracePeriodPerApp() {
        for days in BillingGracePeriod.durations {
            let store = Self.weeklyStore(grace: #"{"duration": "P\#(days)D"}"#)
            #expect(store.catalog.app.billingGracePeriod == BillingGracePeriod(days: days))
            #expect(Self.graceDays(store, buying: "family.monthly", group: "plus") == Double(days))
        }
        #expect(Self.graceDays(Self.weeklyStore(grace: nil), buying: "family.monthly", group: "plus") == nil,
                "an app without a billing grace period has none")
    }

    @Test("a weekly subscription's grace period is at most 6 days")
    func gracePeriodWeeklyCap() {
        #expect(Self.graceDays(Self.weeklyStore(grace: #"{"duration": "P3D"}"#), buying: "news.monthly", group: "news") == 3)
        #expect(Self.graceDays(Self.weeklyStore(grace: #"{"duration": "P16D"}"#), buying: "news.monthly", group: "news") == 6)
        #expect(Self.graceDays(Self.weeklyStore(grace: #"{"duration": "P28D"}"#), buying: "news.monthly", group: "news") == 6)
    }

    @Test("a grace period for paid-to-paid renewals only is not given to a free trial turning paid")
    func gracePeriodPaidToPaidOnly() {
        let paidOnly = Self.weeklyStore(grace: #"{"duration": "P16D", "renewals": "paidToPaidOnly"}"#)
        #expect(Self.graceDays(paidOnly, buying: "pro.annual", group: "plus") == nil, "the free trial ends without grace")
        #expect(Self.graceDays(paidOnly, buying: "family.monthly", group: "plus") == 16, "a paid period renews with grace")
        let all = Self.weeklyStore(grace: #"{"duration": "P16D", "renewals": "all"}"#)
        #expect(Self.graceDays(all, buying: "pro.annual", group: "plus") == 16)
    }

    @Test("grace-period on uses StoreKit Testing's real-time lengths: 6 days for weekly, 16 days otherwise; off gives none")
    func gracePeriodScenarioSwitch() {
        var store = Self.weeklyStore(grace: #"{"duration": "P3D"}"#)
        store.scenario.gracePeriod = .on
        #expect(Self.graceDays(store, buying: "news.monthly", group: "news") == 6)
        #expect(Self.graceDays(store, buying: "family.monthly", group: "plus") == 16)
        store.scenario.gracePeriod = .off
        #expect(Self.graceDays(store, buying: "family.monthly", group: "plus") == nil)
        store.scenario.gracePeriod = .asCatalog
        #expect(Self.graceDays(store, buying: "family.monthly", group: "plus") == 3)
    }

    @Test("lint refuses a grace period App Store Connect does not offer, and the per-group field")
    func gracePeriodLint() {
        let loader = CatalogRulesTests()
        #expect(loader.problems(replacing: #""billingGracePeriod": {"duration": "P16D"}"#,
                                with: #""billingGracePeriod": {"duration": "P7D", "renewals": "paid"}"#)
                == [#"$.app.billingGracePeriod.duration: "P7D" is not a Billing Grace Period App Store Connect offers; use one of P3D, P16D, P28D, or leave "billingGracePeriod" out for none"#,
                    #"$.app.billingGracePeriod.renewals: unknown renewals "paid"; expected all or paidToPaidOnly"#])
        #expect(loader.problems(replacing: #"{"id": "plus", "name": {"en": "Plus"}}"#,
                                with: #"{"id": "plus", "name": {"en": "Plus"}, "gracePeriod": "P16D"}"#)
                == [#"$.subscriptionGroups[0].gracePeriod: unknown key "gracePeriod"; known keys here: id, name"#])
    }

    @Test("access continues during the grace period, and a recovery in it keeps the renewal date")
    func gracePeriodAccessAndRecovery() {
        var store = Fixture.store()
        store.purchase("family.monthly")
        let expiration = store.status(ofGroup: "plus")!.transaction.expirationDate!
        store.scenario.billingFails = true
        store.advance(to: expiration.addingTimeInterval(3 * 86_400))
        #expect(store.status(ofGroup: "plus")?.state == .inGracePeriod)
        #expect(store.owns("family.monthly"))
        store.scenario.billingFails = false
        store.advance(to: expiration.addingTimeInterval(4 * 86_400))
        #expect(store.status(ofGroup: "plus")?.state == .subscribed)
        #expect(store.status(ofGroup: "plus")?.transaction.expirationDate == SubscriptionPeriod.oneMonth.added(to: expiration),
                "the renewal keeps its date: the new period starts where the old one ended")
    }

    // MARK: time rates

    @Test("time rates follow SKTestSession.TimeRate by name: setting values, Apple's case names, and earlier values that name the same rate")
    func timeRatesByName() throws {
        #expect(TimeRate.allCases.map(\.rawValue) == [
            "real-time", "monthly-renewal-every-hour", "monthly-renewal-every-thirty-minutes",
            "monthly-renewal-every-fifteen-minutes", "monthly-renewal-every-five-minutes",
            "monthly-renewal-every-thirty-seconds", "one-renewal-every-fifteen-minutes", "one-renewal-every-five-minutes",
            "one-renewal-every-minute", "one-renewal-every-thirty-seconds", "one-renewal-every-ten-seconds",
            "one-renewal-every-two-seconds"])
        #expect(try ScenarioSetting(line: "time-rate monthlyRenewalEveryThirtySeconds") == .timeRate(.monthlyRenewalEveryThirtySeconds))
        #expect(try ScenarioSetting(line: "time-rate oneRenewalEveryTwoSeconds") == .timeRate(.oneRenewalEveryTwoSeconds))
        for (old, rate) in [("real", TimeRate.realTime), ("1h", .monthlyRenewalEveryHour), ("30m", .monthlyRenewalEveryThirtyMinutes),
                            ("5m", .monthlyRenewalEveryFiveMinutes), ("30s", .monthlyRenewalEveryThirtySeconds)] {
            #expect(try ScenarioSetting(line: "time-rate \(old)") == .timeRate(rate))
        }
        for old in ["10m", "1m"] {
            let error = #expect(throws: ScenarioSetting.ParseError.self) { try ScenarioSetting(line: "time-rate \(old)") }
            #expect(error?.message.hasPrefix("\"\(old)\" is no longer a time rate: StoreKit Testing has no rate of a month per \(old); use one of real-time, monthly-renewal-every-hour,") == true)
        }
        #expect(ScenarioSetting.timeRate(.monthlyRenewalEveryThirtySeconds).value == "monthly-renewal-every-thirty-seconds",
                "written back by the new name")
    }

    /// Buys `productID` with `rate`, and returns the real seconds until the first renewal.
    static func realSecondsToRenewal(_ rate: TimeRate, _ productID: String, group: String, store: AppStore = Fixture.store()) -> Double {
        var store = store
        store.scenario.timeRate = rate
        store.purchase(productID)
        let status = store.status(ofGroup: group)!
        return status.transaction.expirationDate!.timeIntervalSince(status.transaction.purchaseDate) / rate.speed
    }

    @Test("scaled rates renew each period after Apple's real time, which is not proportional for a weekly subscription")
    func timeRatesScaled() {
        let weekly = Self.weeklyStore(grace: nil)
        // Apple's table for monthlyRenewalEveryThirtySeconds: weekly 10 s, monthly 30 s, semiannually 3 min, annually 6 min.
        #expect(Self.realSecondsToRenewal(.monthlyRenewalEveryThirtySeconds, "news.monthly", group: "news", store: weekly) == 10)
        #expect(Self.realSecondsToRenewal(.monthlyRenewalEveryThirtySeconds, "basic.monthly", group: "plus") == 30)
        // monthlyRenewalEveryHour: weekly 15 min, monthly 1 h (30 days of a December, by the calendar: 31).
        #expect(Self.realSecondsToRenewal(.monthlyRenewalEveryHour, "news.monthly", group: "news", store: weekly) == 15 * 60)
        #expect(Self.realSecondsToRenewal(.monthlyRenewalEveryFiveMinutes, "news.monthly", group: "news", store: weekly) == 3 * 60)
        #expect(TimeRate.monthlyRenewalEveryThirtySeconds.renewalTime(of: .sixMonths) == 180)
        #expect(TimeRate.monthlyRenewalEveryThirtySeconds.renewalTime(of: .oneYear) == 360)
        // Months keep the calendar: a monthly subscription bought on 21 November ends on 21 December.
        var store = Fixture.store()
        store.scenario.timeRate = .monthlyRenewalEveryFiveMinutes
        store.purchase("basic.monthly")
        #expect(store.status(ofGroup: "plus")?.transaction.expirationDate == Fixture.date("2026-12-21T09:00:00Z"))
    }

    @Test("fixed rates renew every subscription after the same real time, with the clock in real time, so dates are the times things happened")
    func timeRatesFixed() {
        let weekly = Self.weeklyStore(grace: nil)
        for (rate, seconds) in [(TimeRate.oneRenewalEveryTwoSeconds, 2.0), (.oneRenewalEveryTenSeconds, 10), (.oneRenewalEveryThirtySeconds, 30),
                                (.oneRenewalEveryMinute, 60), (.oneRenewalEveryFiveMinutes, 300), (.oneRenewalEveryFifteenMinutes, 900)] {
            #expect(rate.isFixed && rate.speed == 1)
            #expect(Self.realSecondsToRenewal(rate, "news.monthly", group: "news", store: weekly) == seconds)
            #expect(Self.realSecondsToRenewal(rate, "family.monthly", group: "plus") == seconds)
            #expect(Self.realSecondsToRenewal(rate, "pro.annual", group: "plus") == seconds, "a free trial of a week too")
        }
        var store = Fixture.store()
        store.scenario.timeRate = .oneRenewalEveryTwoSeconds
        store.purchase("family.monthly")
        store.advance(to: Fixture.start.addingTimeInterval(60))
        #expect(store.transactions.filter { $0.productID == "family.monthly" }.count == 31, "a renewal every 2 seconds of a minute")
        #expect(store.status(ofGroup: "plus")?.transaction.expirationDate == Fixture.start.addingTimeInterval(62))
    }

    @Test("changing the time rate re-times what is running: the part of the period left is re-planned at the new rate from now, and the introductory price's end agrees")
    func changingTheRateRetimesTheNextRenewal() throws {
        var store = Fixture.store()
        store.purchase("pro.monthly")                                    // $1.99 a month for 3 months, in real time
        store.advance(by: SubscriptionPeriod(value: 15, unit: .day))     // Dec 6: half of Nov 21 – Dec 21 is left
        store.apply(.timeRate(.oneRenewalEveryTwoSeconds))
        let now = store.now
        let status = try #require(store.status(ofGroup: "plus"))
        #expect(status.state == .subscribed)
        #expect(status.transaction.expirationDate == now.addingTimeInterval(1), "half the period left: half of 2 seconds")
        #expect(store.nextRenewalDate == now.addingTimeInterval(1))
        let charge = try #require(store.nextCharge(ofGroup: "plus"))
        #expect(charge.date == now.addingTimeInterval(1) && charge.amount == Decimal(string: "1.99"))
        #expect(charge.standardFrom == now.addingTimeInterval(5), "two more introductory periods of 2 seconds each")
        store.advance(to: now.addingTimeInterval(5))
        let renewals = Array(store.transactions.dropFirst())
        #expect(renewals.map(\.purchaseDate) == [1, 3, 5].map { now.addingTimeInterval($0) })
        #expect(renewals.map(\.price) == [Decimal(string: "1.99")!, Decimal(string: "1.99")!, Decimal(string: "4.99")!])
        // The same rate again re-plans nothing; back to real time, the 2 seconds left are a month again.
        let planned = store.nextRenewalDate
        store.apply(.timeRate(.oneRenewalEveryTwoSeconds))
        #expect(store.nextRenewalDate == planned)
        store.apply(.timeRate(.realTime))
        let month = SubscriptionPeriod(value: 1, unit: .month).added(to: store.now).timeIntervalSince(store.now)
        #expect(store.nextRenewalDate == store.now.addingTimeInterval(month))
    }

    @Test("changing the time rate re-times a running grace period and billing retry: the share of each that is left is kept at the new rate")
    func changingTheRateRetimesTheBillingIssue() throws {
        var store = Fixture.store()
        store.purchase("news.monthly")
        store.scenario.gracePeriod = .on
        store.scenario.billingFails = true
        let failed = Fixture.date("2026-12-21T09:00:00Z")
        store.advance(to: failed)
        let renewal = try #require(store.renewals["news"])
        #expect(renewal.gracePeriodExpiration == failed.addingTimeInterval(16 * 86_400), "StoreKit Testing's 16 days in real time")
        #expect(renewal.billingRetryEnds == failed.addingTimeInterval(60 * 86_400), "the App Store's 60 days")
        store.advance(to: failed.addingTimeInterval(4 * 86_400))                   // a quarter of the grace period gone
        store.apply(.timeRate(.oneRenewalEveryTwoSeconds))
        let now = store.now
        let rate = TimeRate.oneRenewalEveryTwoSeconds
        let grace = rate.gracePeriodEnd(for: SubscriptionPeriod(value: 1, unit: .month), from: now).timeIntervalSince(now)
        let retry = rate.billingRetryEnd(from: now).timeIntervalSince(now)
        let retimed = try #require(store.renewals["news"])
        #expect(retimed.gracePeriodExpiration == now.addingTimeInterval(0.75 * grace), "three quarters of the grace period left")
        #expect(retimed.billingRetryEnds == now.addingTimeInterval(56.0 / 60 * retry), "56 of the 60 days of retry left")
        store.advance(to: now.addingTimeInterval(0.75 * grace - 0.01))
        #expect(store.status(ofGroup: "news")?.state == .inGracePeriod)
        store.advance(to: now.addingTimeInterval(0.75 * grace))
        #expect(store.status(ofGroup: "news")?.state == .inBillingRetryPeriod, "the grace period ends where it was re-timed, the retry goes on")
        store.advance(to: now.addingTimeInterval(56.0 / 60 * retry))
        #expect(store.status(ofGroup: "news")?.state == .expired, "the retry ends where it was re-timed")
        #expect(store.renewals["news"]?.expirationReason == .billingError)
        #expect(store.renewals["news"]?.billingRetryEnds == nil, "no retry is planned once it expired")
    }

    @Test("grace and retry lengths under each rate follow Apple's tables")
    func timeRatesGraceAndRetry() {
        // (rate, weekly grace, other grace, retry), in real seconds, from each case's page.
        let tables: [(TimeRate, Double, Double, Double)] = [
            (.realTime, 6 * 86_400, 16 * 86_400, 60 * 86_400),
            (.monthlyRenewalEveryHour, 12 * 60 + 51, 30 * 60, 2 * 3_600),
            (.monthlyRenewalEveryThirtyMinutes, 8 * 60 + 34, 15 * 60, 3_600),
            (.monthlyRenewalEveryFifteenMinutes, 4 * 60 + 17, 7 * 60 + 30, 30 * 60),
            (.monthlyRenewalEveryFiveMinutes, 2 * 60 + 34, 2 * 60 + 30, 10 * 60),
            (.monthlyRenewalEveryThirtySeconds, 9, 15, 60),
            (.oneRenewalEveryFifteenMinutes, 15 * 60, 15 * 60, 30 * 60),
            (.oneRenewalEveryFiveMinutes, 5 * 60, 5 * 60, 10 * 60),
            (.oneRenewalEveryMinute, 60, 60, 2 * 60),
            (.oneRenewalEveryThirtySeconds, 30, 30, 60),
            (.oneRenewalEveryTenSeconds, 10, 10, 20),
            (.oneRenewalEveryTwoSeconds, 2, 2, 4),
        ]
        for (rate, weeklyGrace, grace, retry) in tables {
            for (productID, group, expected) in [("news.monthly", "news", weeklyGrace), ("family.monthly", "plus", grace)] {
                var store = Self.weeklyStore(grace: #"{"duration": "P28D"}"#)
                store.scenario.timeRate = rate
                store.scenario.gracePeriod = .on
                store.purchase(productID)
                store.scenario.billingFails = true
                let expiration = store.status(ofGroup: group)!.transaction.expirationDate!
                store.advance(to: expiration)
                let graceEnd = store.renewals[group]!.gracePeriodExpiration!
                #expect(abs(graceEnd.timeIntervalSince(expiration) / rate.speed - expected) < 0.001, "\(rate) \(productID) grace")
                #expect(abs(store.billingRetryEnd(since: expiration).timeIntervalSince(expiration) / rate.speed - retry) < 0.001, "\(rate) retry")
                store.advance(to: store.billingRetryEnd(since: expiration))
                #expect(store.status(ofGroup: group)?.state == .expired, "\(rate): the subscription expires when the retry ends")
            }
        }
    }

    // MARK: long time travel

    @Test("long time travel ends in the correct state at any time rate, its work linear in the renewals made")
    func longTimeTravelAtEveryRate() throws {
        // 500 years by the calendar; a fixed rate renews every 10 seconds, so two days of it are 17,280 renewals.
        for (rate, span, expected) in [(TimeRate.realTime, SubscriptionPeriod(value: 500, unit: .year), 6_000),
                                       (.monthlyRenewalEveryThirtySeconds, SubscriptionPeriod(value: 500, unit: .year), 6_000),
                                       (.oneRenewalEveryTenSeconds, SubscriptionPeriod(value: 2, unit: .day), 17_280)] {
            var store = Fixture.store()
            store.scenario.timeRate = rate
            store.purchase("family.monthly")
            let meter = WorkMeter()
            store.meter = meter
            store.advance(by: span)
            let renewals = store.transactions.count - 1
            #expect(renewals == expected, "\(rate)")
            #expect(meter.renewalPasses <= renewals + 1, "\(rate): one pass per renewal")
            #expect(meter.visited <= 3 * renewals + 10, "\(rate): a few lookups per renewal")
            let status = try #require(store.status(ofGroup: "plus"))
            #expect(status.state == .subscribed)
            #expect(try #require(status.transaction.expirationDate) > store.now)
            #expect(store.nextRenewalDate == status.transaction.expirationDate)
        }
    }

    // MARK: offers

    @Test("promotional offers are only for current or lapsed subscribers of the group, never for someone who never subscribed")
    func promotionalOffersNeedASubscription() throws {
        var store = Fixture.store()
        #expect(throws: PurchaseError.ineligibleForOffer) { try store.quote("pro.monthly", promotionalOffer: "stay") }
        #expect(store.purchase("pro.monthly", promotionalOffer: "stay") == .failed(.ineligibleForOffer))
        // Lapsed: subscribed once, cancelled, expired.
        store.purchase("basic.monthly")
        store.setAutoRenew(false, group: "plus")
        store.advance(by: .sixMonths)
        #expect(store.status(ofGroup: "plus")?.state == .expired)
        let quote = try store.quote("pro.monthly", promotionalOffer: "stay")
        #expect(quote.offer?.id == "stay")
        let transaction = try #require(store.purchase("pro.monthly", promotionalOffer: "stay").transaction)
        #expect(transaction.offerKind == .promotional && transaction.offerID == "stay")
    }

    @Test("introductory offers never carry an offer id in the transaction, nor in the renewals they bill")
    func introductoryOffersHaveNoOfferID() throws {
        let json = Fixture.json.replacingOccurrences(of: #""introductoryOffer": {"paymentMode": "payAsYouGo""#,
                                                     with: #""introductoryOffer": {"id": "intro-3", "paymentMode": "payAsYouGo""#)
        let catalog = try CatalogLoader.load(Data(json.utf8))
        #expect(catalog.product("pro.monthly")?.subscription?.introductoryOffer?.id == "intro-3")
        var store = AppStore(catalog: catalog, territory: catalog.territory("USA")!, now: Fixture.start)
        let first = try #require(store.purchase("pro.monthly").transaction)
        #expect(first.offerKind == .introductory && first.offerID == nil)
        store.advance(by: SubscriptionPeriod(value: 2, unit: .month))
        let intro = store.transactions.filter { $0.offerKind == .introductory }
        #expect(intro.count == 3 && intro.allSatisfy { $0.offerID == nil }, "each pay-as-you-go period of the intro offer")
    }
}
