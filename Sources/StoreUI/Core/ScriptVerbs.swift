import Foundation
import StoreModel
import TextSafety

/// A script's QA verbs: what StoreKit Testing's `SKTestSession` does, said at the model level instead
/// of with keys (`buy`, `expire`, `renew`, `refund 3 developerIssue`, `set territory DEU`, …). Each runs
/// the model function the app's own screens use. Here a verb's words are read; what can be checked
/// without the catalog is checked here, before anything runs (the runner checks the rest).
extension Script {
    /// How the app's purchase call ended, in StoreKit's terms (`Product.PurchaseResult` and the errors
    /// the call throws): what a script's trace prints after a verb and `expect-result` checks.
    public enum Outcome {
        public static let purchased = "purchased"
        /// Ask to Buy, or a purchase interrupted until the person acts outside the app.
        public static let pending = "pending"
        public static let userCancelled = "userCancelled"
        public static func failed(_ error: String) -> String { "failed(\(error))" }

        public static func of(_ result: AppStore.PurchaseOutcome) -> String {
            switch result {
            case .purchased, .scheduled: purchased
            case .deferred, .interrupted: pending
            case .failed(.userCancelled): userCancelled
            case .failed(let error): failed(error.rawValue)
            }
        }

        /// Every outcome a purchase call can have: what `expect-result` takes.
        public static var all: [String] {
            var seen: Set<String> = []
            return ([purchased, pending, userCancelled] + PurchaseError.allCases.filter { $0 != .userCancelled }.map { failed($0.rawValue) }
                + StoreKitErrorCase.allCases.filter { $0 != .userCancelled }.map { failed($0.rawValue) } + offerCodeFailures.map(failed))
                .filter { seen.insert($0).inserted }
        }

        /// A code redemption's refusals (`OfferCodeError`), by name.
        static var offerCodeFailures: [String] { OfferCodeError.names }
    }

    public enum Verb: Sendable, Equatable {
        /// The app's purchase call: N units in one transaction, an offer or an offer code, and the
        /// confirmation sheet confirmed or cancelled.
        /// `plan monthly` buys a one-year subscription as monthly payments with a 12-month commitment
        /// (StoreKit's `PurchaseOption.billingPlanType(.monthly)`).
        case buy(productID: String, quantity: Int, offer: Offer?, confirm: Bool, appAccountToken: UUID? = nil,
                 billingPlan: BillingPlanType = .billedUpFront)
        /// A purchase on another device of the account (`buy PRODUCT [N] on "iPad"`), confirmed there:
        /// it reaches this app as StoreKit's `Transaction.updates` (OtherDevices.swift).
        case buyOnDevice(productID: String, quantity: Int, device: String)
        /// The person turns auto-renew off in the device's Settings (`settings cancel GROUP`), outside the
        /// app: the app finds the subscription's renewal info changed.
        case settingsCancel(String)
        /// `SKTestSession.expireSubscription`: a product's or a group's subscription ends now.
        case expire(String)
        /// `SKTestSession.forceRenewalOfSubscription`: the product's period ends now and the next begins.
        case renew(String)
        /// `SKTestSession.refundTransaction`: the App Store refunds a transaction, for this reason.
        case refund(transactionID: UInt64, reason: Transaction.RevocationReason)
        /// The App Store reverses a refund after the customer's dispute (`REFUND_REVERSED`): `refund reverse ID`.
        case reverseRefund(transactionID: UInt64)
        /// Auto-renew off for a group, as the person's Cancel Subscription does.
        case cancel(String)
        /// During a 12-month commitment, the plan it renews into after its last payment (the manage
        /// sheet's "After the commitment" row): `renewal-plan GROUP monthly|billedUpFront`.
        case renewalPlan(groupID: String, plan: BillingPlanType)
        /// A parent answers an Ask to Buy request: the one with this id, or the oldest waiting.
        case askToBuy(approve: Bool, requestID: UInt64?)
        /// The person does what an interrupted purchase asked: the one with this id, or the oldest waiting.
        case resolveInterrupted(UInt64?)
        /// Renewals fail to charge from now on (a billing issue starts at the next renewal), or the
        /// person updated their payment method.
        case billing(fails: Bool)
        /// `SKTestSession.clearTransactions()`.
        case clear
        /// The app's other customers redeemed this many of an offer's codes (they count toward its
        /// redemption limit and the quarter's, never toward this account's one redemption per offer).
        case othersRedeemed(offerID: String, count: Int)
        /// `SKTestSession.resetToDefaultState()`.
        case reset
        /// The storefront changes to this territory (alpha-3 code).
        case territory(String)
        /// A developer raises a subscription's price in this storefront, with or without consent required.
        case priceIncrease(productID: String, price: Decimal, consent: Bool)
        /// `AppStore.sync()`, as Restore Purchases does.
        case sync
        /// The person taps a promoted product (or a win-back offer's link) on the App Store page: a
        /// `PurchaseIntent` reaches the app, which decides (PromotedPurchases.swift).
        case promoted(productID: String, offerID: String?)
        /// `SKProductStorePromotionController` on this device: a product's visibility, or the order.
        case promotionVisibility(PromotionVisibility, productID: String)
        case promotionOrder([String])

        public enum Offer: Sendable, Equatable {
            /// A promotional or win-back offer of the product, by its id.
            case offer(String)
            /// An offer code for the product.
            case code(String)
        }

        /// The verbs' names, for the list of commands.
        public static let names = ["buy", "expire", "renew", "cancel", "ask-to-buy", "interrupted", "billing", "clear",
                                   "reset", "price-increase", "sync", "promoted", "promotion", "settings", "renewal-plan", "others-redeemed"]

        /// Reads a verb's words; nil when `name` is no verb. `refund ID [reason]` and `set territory T`
        /// come here from their commands.
        static func parse(_ name: String, _ arguments: [String]) throws(Problem) -> Verb? {
            func usage(_ text: String) -> Problem { Problem(message: "\(name) takes \(text)") }
            func nothing(_ what: String) throws(Problem) {
                guard arguments.isEmpty else { throw Problem(message: "\(name) takes nothing: \(what)") }
            }
            func optionalID(_ text: String) throws(Problem) -> UInt64? {
                guard arguments.count <= 2 else { throw usage(text) }
                guard arguments.count == 2 else { return nil }
                guard let id = UInt64(arguments[1]), id > 0 else {
                    throw Problem(message: "\(UntrustedText.quoted(arguments[1])) is not an id; \(name) takes \(text)")
                }
                return id
            }
            switch name {
            case "buy":
                return try buy(arguments)
            case "expire", "renew", "cancel":
                let what = name == "expire" ? "a product or a subscription group id, like expire trail_pro_monthly"
                    : name == "renew" ? "a subscription's product id, like renew trail_pro_monthly"
                    : "a subscription group id, like cancel trail_pro"
                guard arguments.count == 1, !arguments[0].isEmpty else { throw usage(what) }
                return name == "expire" ? .expire(arguments[0]) : name == "renew" ? .renew(arguments[0]) : .cancel(arguments[0])
            case "renewal-plan":
                let text = "a subscription group id and monthly or billedUpFront, like renewal-plan trail_pro billedUpFront"
                guard arguments.count == 2, !arguments[0].isEmpty else { throw usage(text) }
                guard let plan = BillingPlanType(rawValue: arguments[1]) else {
                    throw Problem(message: "\(UntrustedText.quoted(arguments[1])) is no billing plan; renewal-plan takes \(text)")
                }
                return .renewalPlan(groupID: arguments[0], plan: plan)
            case "refund":
                let text = "a transaction id and, optionally, developerIssue or other, like refund 2 developerIssue"
                if arguments.first == "reverse" {
                    guard arguments.count == 2, let id = UInt64(arguments[1]), id > 0 else {
                        throw usage("reverse and a refunded transaction's id, like refund reverse 2")
                    }
                    return .reverseRefund(transactionID: id)
                }
                guard (1...2).contains(arguments.count) else { throw usage(text) }
                guard let id = UInt64(arguments[0]), id > 0 else {
                    throw Problem(message: "\(UntrustedText.quoted(arguments[0])) is not a transaction id; refund takes approve, decline, reverse or \(text)")
                }
                guard arguments.count == 2 else { return .refund(transactionID: id, reason: .other) }
                guard let reason = Transaction.RevocationReason(rawValue: arguments[1]) else {
                    throw Problem(message: "\(UntrustedText.quoted(arguments[1])) is not a refund reason; use developerIssue or other")
                }
                return .refund(transactionID: id, reason: reason)
            case "settings":
                guard arguments.count == 2, arguments[0] == "cancel", !arguments[1].isEmpty else {
                    throw usage("cancel and a subscription group id, like settings cancel trailhead.plus (auto-renew turned off in the device's Settings, outside the app)")
                }
                return .settingsCancel(arguments[1])
            case "ask-to-buy":
                let text = "approve or decline and, optionally, the request's id (the inspector's Requests), like ask-to-buy approve"
                guard let first = arguments.first, ["approve", "decline"].contains(first) else { throw usage(text) }
                return .askToBuy(approve: first == "approve", requestID: try optionalID(text))
            case "interrupted":
                let text = "resolve and, optionally, the request's id (the inspector's Requests), like interrupted resolve"
                guard arguments.first == "resolve" else { throw usage(text) }
                return .resolveInterrupted(try optionalID(text))
            case "billing":
                guard arguments.count == 1, ["fail", "fix"].contains(arguments[0]) else {
                    throw usage("fail (renewals fail to charge) or fix (the payment method is updated)")
                }
                return .billing(fails: arguments[0] == "fail")
            case "clear":
                try nothing("it removes every transaction, as SKTestSession.clearTransactions()")
                return .clear
            case "others-redeemed":
                let text = "an offer code offer's id and how many of its codes the app's other customers redeemed, like others-redeemed SPRING-FREE-MONTH 4999"
                guard arguments.count == 2, !arguments[0].isEmpty, let count = Int(arguments[1]), (1...1_000_000).contains(count) else { throw usage(text) }
                return .othersRedeemed(offerID: arguments[0], count: count)
            case "reset":
                try nothing("it resets every scenario setting, as SKTestSession.resetToDefaultState()")
                return .reset
            case "sync":
                try nothing("it restores purchases, as AppStore.sync()")
                return .sync
            case "promoted":
                let text = "a product id and, optionally, offer OFFER_ID, like promoted com.trailhead.maps.alps"
                guard arguments.count == 1 || (arguments.count == 3 && arguments[1] == "offer"), !arguments[0].isEmpty else { throw usage(text) }
                return .promoted(productID: arguments[0], offerID: arguments.count == 3 ? arguments[2] : nil)
            case "promotion":
                let text = "hide, show or default and a product id, or order and the product ids to put first (none: the default order), like promotion hide com.trailhead.plus.pro.annual"
                guard let first = arguments.first else { throw usage(text) }
                if first == "order" { return .promotionOrder(Array(arguments.dropFirst())) }
                guard let visibility = PromotionVisibility(rawValue: first), arguments.count == 2 else { throw usage(text) }
                return .promotionVisibility(visibility, productID: arguments[1])
            case "territory":
                guard arguments.count == 1 else { throw Problem(message: "set territory takes a storefront code, like set territory DEU") }
                guard StorefrontTerritories.territory(arguments[0]) != nil else {
                    throw Problem(message: "\(UntrustedText.quoted(arguments[0])) is not a storefront; write its ISO 3166 alpha-3 code, like set territory DEU")
                }
                return .territory(arguments[0].uppercased())
            case "price-increase":
                let text = "a subscription's product id, the new price and, optionally, consent, like price-increase trail_pro_monthly 5.99 consent"
                guard (2...3).contains(arguments.count), arguments.count == 2 || arguments[2] == "consent" else { throw usage(text) }
                guard let price = Decimal(string: arguments[1], locale: Locale(identifier: "en_US_POSIX")), price > 0,
                      arguments[1].allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else {
                    throw Problem(message: "\(UntrustedText.quoted(arguments[1])) is not a price; write it with a dot, like 5.99")
                }
                return .priceIncrease(productID: arguments[0], price: price, consent: arguments.count == 3)
            default:
                return nil
            }
        }

        /// `buy PRODUCT [N] [offer OFFER_ID | code CODE] [plan monthly|billedUpFront] [--confirm|--cancel]`.
        private static func buy(_ arguments: [String]) throws(Problem) -> Verb {
            let usage = "buy takes a product id, then optionally a quantity, offer OFFER_ID or code CODE, token UUID (the appAccountToken), plan monthly (12-month commitment) or plan billedUpFront, and --confirm or --cancel, like buy trail_boost_pack 3; or a product id, optionally a quantity, and on DEVICE, like buy trail_boost_pack on \"iPad\""
            var words = arguments[...]
            guard let productID = words.popFirst(), !productID.hasPrefix("-") else { throw Problem(message: usage) }
            var quantity = 1, offer: Offer?, confirm: Bool?, token: UUID?, device: String?, plan: BillingPlanType?
            while let word = words.popFirst() {
                if word == "plan" {
                    guard plan == nil, confirm == nil, let text = words.popFirst() else { throw Problem(message: usage) }
                    guard let chosen = BillingPlanType(rawValue: text) else {
                        throw Problem(message: "\(UntrustedText.quoted(text)) is not a billing plan; use monthly or billedUpFront")
                    }
                    plan = chosen
                    continue
                }
                if word == "on" {
                    // Bought on another device of the account: nothing but a quantity goes with it.
                    guard device == nil, offer == nil, confirm == nil, token == nil, let name = words.popFirst(), words.isEmpty else {
                        throw Problem(message: usage)
                    }
                    if let problem = DeviceName.problem(name) { throw Problem(message: "\(UntrustedText.quoted(name)) cannot name a device: \(problem)") }
                    device = name
                    continue
                }
                if word == "token" {
                    guard token == nil, confirm == nil, let text = words.popFirst() else { throw Problem(message: usage) }
                    guard let uuid = UUID(uuidString: text) else {
                        throw Problem(message: "\(UntrustedText.quoted(text)) is not a UUID; an appAccountToken looks like 3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60")
                    }
                    token = uuid
                    continue
                }
                if let number = Int(word) {
                    guard quantity == 1, offer == nil, confirm == nil else { throw Problem(message: usage) }
                    guard (1...99).contains(number) else {
                        throw Problem(message: "\(number) is not a quantity; buy takes 1 to 99 units")
                    }
                    quantity = number
                } else if word == "offer" || word == "code" {
                    guard offer == nil, confirm == nil, let id = words.popFirst(), !id.isEmpty else { throw Problem(message: usage) }
                    offer = word == "offer" ? .offer(id) : .code(id)
                } else if word == "--confirm" || word == "--cancel" {
                    guard confirm == nil else { throw Problem(message: usage) }
                    confirm = word == "--confirm"
                } else {
                    throw Problem(message: "\(UntrustedText.quoted(word)) is not a quantity, offer, code, token, --confirm or --cancel; \(usage)")
                }
            }
            if quantity > 1, case .code = offer {
                throw Problem(message: "an offer code redeems one item; buy with a code takes no quantity")
            }
            if token != nil, case .code = offer {
                throw Problem(message: "an offer code is redeemed on the App Store's sheet, which takes no appAccountToken")
            }
            if plan == .monthly, offer != nil || quantity > 1 {
                throw Problem(message: "the monthly plan is bought alone: no quantity, offer or code goes with plan monthly")
            }
            if let device {
                guard plan == nil else { throw Problem(message: usage) }
                return .buyOnDevice(productID: productID, quantity: quantity, device: device)
            }
            return .buy(productID: productID, quantity: quantity, offer: offer, confirm: confirm ?? true, appAccountToken: token,
                        billingPlan: plan ?? .billedUpFront)
        }
    }
}

extension Script.Verb {
    /// Why a verb cannot be done now (a product the catalog lacks, no request waiting): the script
    /// stops with exit 3 and this.
    public struct Refusal: Error, Sendable, Equatable {
        public var message: String
    }
}

extension AppState {
    /// What a script's change does (`Message.script`): a refusal (exit 3) is an effect, with why.
    mutating func apply(_ change: Script.Change) -> [Effect] {
        switch change {
        case .verb(let verb):
            do { return try perform(verb).map { [.outcome($0)] } ?? [] } catch { return [.refused(error.message)] }
        case .appStoreRedeem(let code):
            receiveAppStoreRedemption(code)
        case .appStoreRedeemLater(let code):
            store.queueAppStoreRedemption(code)
        case .advance(.by(let period)):
            travel(to: period.added(to: store.now))
        case .advance(.seconds(let seconds)):
            travel(to: store.now.addingTimeInterval(seconds))
        case .advance(.to(let date)):
            guard date >= store.now else {
                return [.refused("\(date.formatted(.iso8601)) is before the clock (\(store.now.formatted(.iso8601))); simulated time only moves forward")]
            }
            travel(to: date)
        case .advance(.nextRenewal):
            // With auto-renew off, the next thing that happens is the expiry; nothing at all is no error:
            // the clock stays, and the script says so.
            guard let date = store.nextRenewalDate ?? store.nextExpiration else { return [.note("nothing will renew or expire; the clock stays")] }
            travel(to: date)
        case .set(let setting):
            // Checked against the catalog here, where it is known (the script was read before launch).
            do { try setting.check(store.catalog) } catch { return [.refused(error.message)] }
            store.apply(setting)
        case .refundDecision(let approve, let transactionID):
            let waiting = store.pendingRequests.first {
                $0.kind == .refundRequest && (transactionID == nil || $0.transactionID == transactionID)
            }
            guard let request = waiting else {
                return [.refused("no refund request waits" + (transactionID.map { " for transaction \($0)" } ?? "")
                                 + "; the person asks for one from Purchase Help (p, Request a Refund)")]
            }
            if approve { store.approveRefund(request.id) } else { store.declineRefund(request.id) }
        case .markUndelivered(let id):
            guard store.markUndelivered(id) else {
                return [.refused("transaction \(id) cannot be marked undelivered: it must be the person's own purchase, in force, not marked already")]
            }
        }
        return []
    }

    /// Does a script's verb through the model functions the app's screens use, and brings the screens
    /// up to date after it, as the same action on a screen does. Refused with why where it cannot be
    /// done now; a purchase that fails (payments blocked, an injected error) is an outcome, not a refusal.
    /// Returns the app's purchase call's outcome in StoreKit's terms, for a verb that makes one (`buy`):
    /// `purchased`, `pending`, `userCancelled` or `failed(ERROR)` (`Script.Outcome`).
    @discardableResult
    public mutating func perform(_ verb: Script.Verb) throws(Script.Verb.Refusal) -> String? {
        func refuse(_ message: String) -> Script.Verb.Refusal { Script.Verb.Refusal(message: message) }
        let catalog = store.catalog
        var outcome: String?
        switch verb {
        case .buy(let productID, let quantity, let offer, let confirm, let token, let plan):
            guard let product = catalog.product(productID) else {
                throw refuse(Self.unknownProduct(productID, in: catalog))
            }
            if quantity > 1, product.type != .consumable {
                throw refuse("only a consumable is bought in a quantity; \(UntrustedText.quoted(productID)) is \(strings.qa.productType(product.type))")
            }
            switch offer {
            case .code(let code)?:
                let match = catalog.offerCode(forCode: code.uppercased())
                guard let match, match.offer.productID == productID else {
                    let codes = catalog.offerCodes.lazy.filter { $0.productID == productID }.prefix(6)
                        .compactMap { $0.customCodes.first ?? $0.oneTimeUseCodes.first }
                    throw refuse("\(UntrustedText.quoted(code)) is not an offer code of \(UntrustedText.quoted(productID))"
                                 + (codes.isEmpty ? "; it has none" : "; its offers' codes include \(Self.listed(Array(codes), of: codes.count))"))
                }
                // The redemption sheet (an App Store flow: it needs no Product the app loaded): Redeem,
                // or Cancel (nothing is recorded).
                if confirm {
                    do {
                        _ = try store.redeemOfferCode(code)
                        outcome = Script.Outcome.purchased
                    } catch {
                        store.logCodeRefusal(code, error)
                        outcome = Script.Outcome.failed(error.name)
                    }
                } else {
                    outcome = Script.Outcome.userCancelled
                }
            case .offer(let offerID)?:
                let info = product.subscription
                let ids = (info?.promotionalOffers.compactMap(\.id) ?? []) + (info?.winBackOffers.map(\.id) ?? [])
                guard ids.contains(offerID) else {
                    throw refuse("\(UntrustedText.quoted(offerID)) is not a promotional or win-back offer of \(UntrustedText.quoted(productID))"
                                 + (ids.isEmpty ? "; it has none" : "; its offers are \(Self.listed(Array(ids.prefix(6)), of: ids.count))"))
                }
                outcome = buy(productID, quantity: quantity, offer: offerID, confirm: confirm, token: token)
            case nil:
                outcome = buy(productID, quantity: quantity, offer: nil, confirm: confirm, token: token, billingPlan: plan)
            }
            StoreScreen.revalidate(&self)
            SignupScreen.revalidate(&self)
        case .buyOnDevice(let productID, let quantity, let device):
            guard let product = catalog.product(productID) else {
                throw refuse(Self.unknownProduct(productID, in: catalog))
            }
            if quantity > 1, product.type != .consumable {
                throw refuse("only a consumable is bought in a quantity; \(UntrustedText.quoted(productID)) is \(strings.qa.productType(product.type))")
            }
            guard device != store.deviceName else {
                throw refuse("\(UntrustedText.quoted(device)) is this device (--device); buy \(productID) buys here, or name another device")
            }
            try buyOnAnotherDevice(productID, quantity: quantity, device: device)
        case .settingsCancel(let groupID):
            try cancelInSettings(groupID)
        case .expire(let name):
            guard let groupID = catalog.group(name)?.id ?? store.groupID(ofProduct: name) else {
                throw refuse("\(UntrustedText.quoted(name)) is not a subscription group or an auto-renewable subscription of the catalog; groups are \(Self.listed(catalog.subscriptionGroups.prefix(6).map(\.id), of: catalog.subscriptionGroups.count))")
            }
            do { try store.expireSubscription(group: groupID) } catch { throw refuse("subscription group \(UntrustedText.quoted(groupID)) \(error.message)") }
            notice = strings.qa.expiredNow(groupName(groupID))
            StoreScreen.revalidate(&self)
        case .renew(let productID):
            guard store.groupID(ofProduct: productID) != nil else {
                throw refuse("\(UntrustedText.quoted(productID)) is not an auto-renewable subscription of the catalog")
            }
            do { try store.forceRenewal(of: productID) } catch { throw refuse("\(UntrustedText.quoted(productID)) \(error.message)") }
            let groupID = store.groupID(ofProduct: productID)!
            if let state = store.status(ofGroup: groupID, ownership: .purchased)?.state {
                notice = strings.qa.renewedNow(groupName(groupID), state)
            }
            StoreScreen.revalidate(&self)
        case .refund(let id, let reason):
            guard let transaction = store.transaction(id) else {
                throw refuse("there is no transaction \(id); " + (store.transactions.isEmpty ? "the ledger has none" : "ids run 1 to \(store.nextTransactionID - 1)"))
            }
            guard let effect = store.refund(id, reason: reason) else { throw refuse("transaction \(id) was refunded already") }
            // A family-shared transaction: the purchaser's refund reaches this account (a revocation).
            notice = transaction.ownership == .familyShared ? strings.qa.purchaserRefunded(id, strings.qa.refundTookBack(effect))
                : reason == .developerIssue ? strings.qa.revoked(id, strings.qa.refundTookBack(effect))
                : strings.qa.refunded(id, strings.qa.refundTookBack(effect))
            StoreScreen.revalidate(&self)
        case .reverseRefund(let id):
            switch store.refundReversalRefusal(for: id) {
            case .notFound?:
                throw refuse("there is no transaction \(id); " + (store.transactions.isEmpty ? "the ledger has none" : "ids run 1 to \(store.nextTransactionID - 1)"))
            case .notRefunded?: throw refuse("transaction \(id) was not refunded")
            case .familyShared?: throw refuse("transaction \(id) is family-shared: the organizer's refunds are the organizer's")
            case .consumable?:
                throw refuse("transaction \(id) is a consumable: the units its refund took back are the app's count to give back, which storefront does not keep")
            case nil:
                store.reverseRefund(id)
                notice = strings.qa.refundReversed(id)
                StoreScreen.revalidate(&self)
            }
        case .cancel(let groupID):
            try checkCancellable(groupID)
            store.setAutoRenew(false, group: groupID)
        case .renewalPlan(let groupID, let plan):
            guard store.catalog.group(groupID) != nil else { throw refuse("there is no subscription group \(UntrustedText.quoted(groupID))") }
            guard store.setRenewalBillingPlan(plan, group: groupID) else {
                throw refuse("\(UntrustedText.quoted(groupID)) is not in a 12-month commitment that renews: buy one with buy PRODUCT plan monthly")
            }
        case .askToBuy(let approve, let requestID):
            let request = try waitingRequest(.askToBuy, requestID, "no Ask to Buy request waits", "set ask-to-buy on, then buy")
            if approve { store.approve(request.id) } else { store.decline(request.id) }
            StoreScreen.revalidate(&self)
        case .resolveInterrupted(let requestID):
            let request = try waitingRequest(.interrupted, requestID, "no interrupted purchase waits", "set interrupt-purchases on, then buy")
            store.resolveInterruption(request.id)
            StoreScreen.revalidate(&self)
        case .billing(let fails):
            if fails { store.apply(.billingRetry(true)) } else { store.updatePaymentMethod() }
        case .othersRedeemed(let offerID, let count):
            guard let offer = catalog.offerCodes.first(where: { $0.id == offerID }) else {
                let close = Self.closest(to: offerID, among: catalog.offerCodes.lazy.map(\.id))
                throw refuse("\(UntrustedText.quoted(offerID)) is not an offer code offer of the catalog"
                             + (close.isEmpty ? "" : "; the closest \(close.count == 1 ? "is" : "are") \(Self.listed(close, of: close.count))"))
            }
            store.countRedemptionsByOthers(offer: offer.id, code: offer.customCodes.first ?? "", count: count)
        case .clear:
            store.clearTransactions()
            setInspectorSelection(nil)
            storeScreen.quantities = [:]
            notice = strings.qa.transactionsCleared
            StoreScreen.revalidate(&self)
        case .reset:
            store.resetToDefaultState()
            notice = strings.qa.resetDone
            StoreScreen.revalidate(&self)
        case .territory(let code):
            guard let territory = catalog.territory(code) else {
                throw refuse("the catalog does not sell in \(code); it sells in \(Self.listed(catalog.territories.prefix(6).map(\.code), of: catalog.territories.count))")
            }
            store.changeStorefront(to: territory)
            notice = strings.qa.storefrontChanged(territory.code, territory.currency)
            StoreScreen.revalidate(&self)
        case .priceIncrease(let productID, let price, let consent):
            guard let product = catalog.product(productID), product.type == .autoRenewable else {
                throw refuse("\(UntrustedText.quoted(productID)) is not an auto-renewable subscription of the catalog; only a subscription's price is raised for its subscribers")
            }
            guard let current = store.price(of: product) else {
                throw refuse("\(UntrustedText.quoted(productID)) is not sold in \(store.territory.code)")
            }
            // With `consent` written, consent is required; without it, Apple's rule decides (PriceConsentRule.swift).
            guard store.raisePrice(productID, to: price, consentRequired: consent ? true : nil) else {
                throw refuse("\(price) is not above the price now, \(prices.string(current, currency: store.territory.currency)); a price increase raises it")
            }
        case .sync:
            do {
                notice = strings.qa.synced(try store.sync().count)
            } catch {
                notice = strings.qa.syncFailed(error)
            }
        case .promoted(let productID, let offerID):
            let intent: PurchaseIntent
            do { intent = try PurchaseIntent.checked(productID: productID, offerID: offerID, catalog: catalog) } catch { throw refuse(error.message) }
            guard store.canSend(intent) else {
                throw refuse("\(UntrustedText.quoted(productID)) is hidden on this device's App Store page; shown are \(Self.listed(Array(store.promotedProductsShown.prefix(6)), of: store.promotedProductsShown.count)) (promotion show or default makes it visible)")
            }
            receivePurchaseIntent(intent)
        case .promotionVisibility(let visibility, let productID):
            guard store.setPromotionVisibility(visibility, for: productID) else { throw refuse(notPromoted(productID)) }
        case .promotionOrder(let productIDs):
            if let wrong = productIDs.first(where: { !catalog.isPromoted($0) }) { throw refuse(notPromoted(wrong)) }
            guard store.setPromotionOrder(productIDs) else { throw refuse("promotion order names a product twice") }
        }
        return outcome
    }

    /// The app's purchase call, as the confirmation sheet ends it: confirmed, the purchase (gating, Ask
    /// to Buy, interruptions and injected failures included); cancelled, StoreKit's `.userCancelled`.
    /// A purchase that cannot start (payments blocked, not sold here) fails as the call does, either way.
    /// Its outcome in StoreKit's terms. An app whose `Product.products(for:)` threw (QA's Load Products
    /// error) has no Product to buy: the call fails with that error, and the log says so.
    private mutating func buy(_ productID: String, quantity: Int, offer: String?, confirm: Bool, token: UUID?,
                              billingPlan: BillingPlanType = .billedUpFront) -> String {
        if let failure = productsFailure {
            store.logPurchaseFailure(productID, quantity: quantity, failure: PurchaseError(rawValue: failure.rawValue) ?? .unknown)
            return Script.Outcome.failed(failure.rawValue)
        }
        guard confirm || (try? store.quote(productID, quantity: quantity, promotionalOffer: offer, billingPlan: billingPlan)) == nil else {
            store.cancelPurchase(productID, quantity: quantity)
            return Script.Outcome.userCancelled
        }
        // The app reads the result as the confirmation sheet's does (an unverified one unlocks nothing).
        let result = store.purchase(productID, quantity: quantity, promotionalOffer: offer, appAccountToken: token, billingPlan: billingPlan)
        if case .purchased(let transaction) = result { store.receive(transaction) }
        return Script.Outcome.of(result)
    }

    /// Why a product's promotion cannot be changed, naming the ones that can.
    private func notPromoted(_ productID: String) -> String {
        let promoted = store.catalog.promotedProducts
        return "\(UntrustedText.quoted(productID)) is not a promoted product of the catalog; promoted are "
            + (promoted.isEmpty ? "none" : Self.listed(Array(promoted.prefix(6)), of: promoted.count))
    }

    /// A subscription group's name in the viewer's language, for a notice.
    /// Why the person's own subscription in a group cannot be cancelled now, if it cannot.
    func checkCancellable(_ groupID: String) throws(Script.Verb.Refusal) {
        func refuse(_ message: String) -> Script.Verb.Refusal { Script.Verb.Refusal(message: message) }
        let catalog = store.catalog
        guard catalog.group(groupID) != nil else {
            throw refuse("\(UntrustedText.quoted(groupID)) is not a subscription group of the catalog; groups are \(Self.listed(catalog.subscriptionGroups.prefix(6).map(\.id), of: catalog.subscriptionGroups.count))")
        }
        guard let status = store.status(ofGroup: groupID, ownership: .purchased), status.state != .expired,
              status.state != .revoked, let renewal = status.renewal else {
            throw refuse("subscription group \(UntrustedText.quoted(groupID)) has no subscription of the person's own in force to cancel")
        }
        guard renewal.willAutoRenew else { throw refuse("subscription group \(UntrustedText.quoted(groupID)) is cancelled already (auto-renew is off)") }
    }

    func groupName(_ groupID: String) -> String {
        store.catalog.group(groupID).map { text($0.name) } ?? groupID
    }

    /// The request a verb answers: the one with this id, or the oldest of its kind waiting.
    private func waitingRequest(_ kind: StoreEvent.Kind, _ id: UInt64?, _ none: String, _ how: String) throws(Script.Verb.Refusal) -> StoreEvent {
        guard let request = store.pendingRequests.first(where: { $0.kind == kind && (id == nil || $0.id == id) }) else {
            throw Script.Verb.Refusal(message: none + (id.map { " with id \($0)" } ?? "") + "; to make one, \(how)")
        }
        return request
    }

    /// Ids from catalog text for a message: the first few, quoted and cut, and how many more.
    /// An unknown product id, and the catalog's ids closest to it (by edit distance, at most six): what
    /// was likely meant, not the first six of thousands.
    static func unknownProduct(_ productID: String, in catalog: Catalog) -> String {
        let close = closest(to: productID, among: catalog.products.lazy.map(\.id))
        guard !close.isEmpty else {
            return "\(UntrustedText.quoted(productID)) is not a product of the catalog, nor close to one; products include \(listed(catalog.products.prefix(6).map(\.id), of: catalog.products.count))"
        }
        return "\(UntrustedText.quoted(productID)) is not a product of the catalog; the closest \(close.count == 1 ? "is" : "are") \(listed(close, of: close.count))"
    }

    /// The ids nearest `typed`, at most `limit`: those that contain it first, then by edit distance,
    /// within a third of its length (ties in catalog order).
    static func closest(to typed: String, among ids: some Sequence<String>, limit: Int = 6) -> [String] {
        let target = Array(typed.utf8.prefix(200))
        let lowered = typed.lowercased()
        let within = max(2, target.count / 3)
        var best: [(distance: Int, index: Int, id: String)] = []
        for (index, id) in ids.enumerated() {
            let distance = !lowered.isEmpty && id.lowercased().contains(lowered) ? -1 : editDistance(target, Array(id.utf8.prefix(200)))
            guard distance <= within else { continue }
            if best.count < limit || distance < best[best.count - 1].distance {
                best.append((distance, index, id))
                best.sort { ($0.distance, $0.index) < ($1.distance, $1.index) }
                if best.count > limit { best.removeLast() }
            }
        }
        return best.map(\.id)
    }

    /// Levenshtein distance between two byte strings.
    private static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count), current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    static func listed(_ ids: [String], of count: Int) -> String {
        let shown = ids.map { UntrustedText.quoted($0) }.joined(separator: ", ")
        return count > ids.count ? shown + " and \(count - ids.count) more" : shown
    }
}
