import Foundation
@testable import StoreModel
import TestSupport
import Testing

/// canMakePayments: when it is false no purchase can start, but existing purchases stay readable and
/// subscriptions keep renewing (StoreKit's canMakePayments notes).
@Suite("Payment gate")
struct PaymentGateTests {
    static let closed: [PaymentGate] = [.screenTime, .deviceManagement, .externalPurchaseOnly]

    @Test("only .allowed can make payments")
    func canMakePayments() {
        #expect(PaymentGate.allowed.canMakePayments)
        for gate in Self.closed { #expect(!gate.canMakePayments, "\(gate)") }
    }

    @Test("no purchase of any type can start when payments are blocked", arguments: closed)
    func noPurchaseStarts(gate: PaymentGate) {
        var store = Fixture.store(gate: gate)
        for product in store.catalog.products {
            #expect(throws: PurchaseError.paymentNotAllowed) { try store.quote(product.id) }
            #expect(store.purchase(product.id) == .failed(.paymentNotAllowed))
        }
        #expect(store.entitlements().isEmpty)
    }

    @Test("existing purchases stay readable and subscriptions keep renewing when payments are blocked", arguments: closed)
    func existingPurchasesSurvive(gate: PaymentGate) {
        var store = Fixture.store()
        store.purchase("alps")
        store.purchase("news.monthly")
        store.gate = gate
        store.advance(to: Fixture.date("2027-03-01T00:00:00Z"))
        #expect(store.owns("alps"))
        #expect(store.status(ofGroup: "news")?.state == .subscribed)
        #expect(store.transactions.filter { $0.productID == "news.monthly" && $0.state == .purchased }.count == 4)
    }

    @Test("the gate's command-line names are stable")
    func rawValues() {
        #expect(PaymentGate.allCases.map(\.rawValue) == ["allowed", "screen-time", "device-management", "external-only"])
    }
}
