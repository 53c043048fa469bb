import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// Xcode's StoreKit error injection (`_storeKitErrors`, SKTestFailures): each StoreKit call with the
/// errors StoreKit defines for it, the `error` setting, and what a failing call does to the model.
struct StoreKitErrorsTests {
    static let storeKitError: [StoreKitErrorCase] = [.unknown, .userCancelled, .networkError, .systemError,
                                                     .notAvailableInStorefront, .notEntitled, .unsupported]

    @Test("every call but Verification takes StoreKitError's seven cases (SKTestFailures' generic)",
          arguments: StoreKitErrorCategory.allCases.filter { $0 != .verification })
    func genericErrors(_ category: StoreKitErrorCategory) {
        #expect(Array(category.cases.prefix(7)) == Self.storeKitError)
    }

    @Test("Purchase adds Product.PurchaseError's cases")
    func purchaseErrors() {
        #expect(Array(StoreKitErrorCategory.purchase.cases.dropFirst(7))
                == [.invalidQuantity, .productUnavailable, .purchaseNotAllowed, .ineligibleForOffer, .invalidOfferIdentifier,
                    .invalidOfferPrice, .invalidOfferSignature, .missingOfferParameters])
    }

    @Test("Verification is VerificationResult.VerificationError's cases, and only those")
    func verificationErrors() {
        #expect(StoreKitErrorCategory.verification.cases
                == [.revokedCertificate, .invalidCertificateChain, .invalidDeviceVerification, .invalidEncoding,
                    .invalidSignature, .missingRequiredProperties])
    }

    @Test("Refund Request Sheet adds Transaction.RefundRequestError's duplicateRequest and failed")
    func refundErrors() {
        #expect(Array(StoreKitErrorCategory.refundRequestSheet.cases.dropFirst(7)) == [.duplicateRequest, .failed])
    }

    @Test("the calls and their names are Xcode's nine, in Xcode's order")
    func xcodeNames() {
        #expect(StoreKitErrorCategory.allCases.map(\.xcodeName)
                == ["Load Products", "Purchase", "Verification", "App Store Sync", "Subscription Status", "App Transaction",
                    "Manage Subscriptions Sheet", "Refund Request Sheet", "Offer Code Redeem Sheet"])
    }

    @Test("an error reads by its kebab-case name or StoreKit's, and is written kebab-case")
    func spellings() throws {
        for spelling in ["network-error", "networkError"] {
            let setting = try ScenarioSetting(line: "error load-products \(spelling)")
            #expect(setting == .storeKitError(.loadProducts, .networkError))
            #expect(setting.value == "load-products network-error")
        }
        #expect(try ScenarioSetting(line: "error refund-request-sheet duplicateRequest") == .storeKitError(.refundRequestSheet, .duplicateRequest))
        #expect(try ScenarioSetting(line: "error verification off") == .storeKitError(.verification, nil))
    }

    @Test("error purchase is fail-purchases, the same switch under Xcode's name")
    func purchaseIsFailPurchases() throws {
        var store = Fixture.store()
        let setting = try ScenarioSetting(line: "error purchase network-error")
        #expect(setting == .failPurchases(.networkError))
        store.apply(setting)
        #expect(store.injectedError(.purchase) == .networkError)
        #expect(try ScenarioSetting(line: "error purchase purchaseNotAllowed") == .failPurchases(.paymentNotAllowed))
        #expect(try ScenarioSetting(line: "error purchase off") == .failPurchases(nil))
    }

    @Test("an unknown call or an error the call does not have is refused, naming what is accepted")
    func refusals() {
        let call = #expect(throws: ScenarioSetting.ParseError.self) { try ScenarioSetting(line: "error load-everything network-error") }
        #expect(call?.message.contains("load-products, purchase, verification") == true)
        let error = #expect(throws: ScenarioSetting.ParseError.self) { try ScenarioSetting(line: "error verification network-error") }
        #expect(error?.message.contains("use one of off, revoked-certificate") == true)
        let refund = #expect(throws: ScenarioSetting.ParseError.self) { try ScenarioSetting(line: "error load-products duplicate-request") }
        #expect(refund?.message.contains("is not an error of load-products") == true)
        let short = #expect(throws: ScenarioSetting.ParseError.self) { try ScenarioSetting(line: "error load-products") }
        #expect(short?.message.contains("like \"error load-products network-error\"") == true)
    }

    @Test("while Verification fails, a completed purchase is charged and in the ledger but not among the app's entitlements; off, it counts again")
    func verificationHidesEntitlements() {
        var store = Fixture.store()
        store.apply(.storeKitError(.verification, .invalidSignature))
        guard case .purchased(let transaction) = store.purchase("alps") else { Issue.record("not purchased"); return }
        #expect(store.receive(transaction) == .invalidSignature)
        #expect(store.transactions.count == 1, "the App Store completed it")
        #expect(store.owns("alps"), "in the App Store's eyes it is owned (it will not be sold again)")
        #expect(store.deliveredEntitlement(for: "alps") == nil)
        #expect(store.deliveredEntitlements().isEmpty)
        store.apply(.storeKitError(.verification, nil))
        #expect(store.deliveredEntitlement(for: "alps")?.id == transaction.id)
    }

    @Test("a consumable bought while Verification fails delivers no units: it waits in Missing a Purchase")
    func verificationConsumable() {
        var store = Fixture.store()
        store.apply(.storeKitError(.verification, .revokedCertificate))
        guard case .purchased(let transaction) = store.purchase("boost", quantity: 3) else { Issue.record("not purchased"); return }
        store.receive(transaction)
        #expect(store.consumableUnitsDelivered("boost") == 0)
        #expect(store.undeliveredPurchases.map(\.id) == [transaction.id])
    }

    @Test("a purchase verified normally unlocks at once: receive reports nothing")
    func verifiedPurchase() {
        var store = Fixture.store()
        guard case .purchased(let transaction) = store.purchase("alps") else { Issue.record("not purchased"); return }
        #expect(store.receive(transaction) == nil)
        #expect(store.deliveredEntitlement(for: "alps") != nil)
    }

    @Test("App Store Sync throws the injected error and restores nothing; off, sync restores")
    func syncFails() throws {
        var store = Fixture.store()
        store.purchase("alps")
        store.apply(.storeKitError(.appStoreSync, .networkError))
        #expect(throws: StoreKitErrorCase.networkError) { try store.sync() }
        store.apply(.storeKitError(.appStoreSync, nil))
        #expect(try store.sync().map(\.productID) == ["alps"])
    }

    @Test("a sheet's call fails with its own error only")
    func sheetFailures() {
        var store = Fixture.store()
        store.apply(.storeKitError(.refundRequestSheet, .duplicateRequest))
        #expect(store.sheetFailure(.refundRequestSheet) == .duplicateRequest)
        #expect(store.sheetFailure(.manageSubscriptionsSheet) == nil)
        #expect(store.sheetFailure(.offerCodeRedeemSheet) == nil)
        #expect(store.injectedErrorCount == 1)
    }

    @Test("clearing everything and resetting to default settings turn every injected error off")
    func resetsClearErrors() {
        var store = Fixture.store()
        store.apply(.storeKitError(.loadProducts, .networkError))
        store.resetToDefaultState()
        #expect(store.injectedErrorCount == 0)
        store.apply(.storeKitError(.subscriptionStatus, .systemError))
        store.clearAll()
        #expect(store.injectedErrorCount == 0)
    }
}
