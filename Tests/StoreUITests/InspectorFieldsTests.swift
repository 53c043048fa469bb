import Foundation
import Testing
import TestSupport
import StoreModel
@testable import StoreUI

/// The inspector shows every field of StoreKit's Transaction and RenewalInfo the model holds, one per
/// line, from the table the assertions and `storefront ledger` read (issue 27).
struct InspectorFieldsTests {
    /// Pro Monthly at its introductory price, then the inspector on its transaction, tall enough for all.
    static func subscribed(_ size: Size) -> AppState {
        var app = Sample.app(size)
        app.store.purchase("com.trailhead.plus.pro.monthly")
        app.press(.character("t"), .enter)
        return app
    }

    @Test("every Transaction and RenewalInfo field of the table is a line of its own, in the table's order")
    func everyFieldOneLine() {
        let app = Self.subscribed(Size(columns: 80, rows: 60))
        let lines = app.view().text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let transaction = StoreKitFields.transaction(app.store.transactions[0], in: app.store)
        let renewal = StoreKitFields.renewal(app.store.status(ofGroup: "trailhead.plus")!, group: "trailhead.plus", in: app.store)
        var labels = lines.compactMap { $0.split(separator: " ").first.map(String.init) }
        labels = Array(labels.drop { $0 != "id" })
        // (A commitment's fields show only for a payment of one: Pro Monthly has none.)
        let hidden = TransactionScreen.ownFields.union(TransactionScreen.commitmentFields)
        // The simulator's own `device` row (not a StoreKit field) follows `environment`.
        let fields = transaction.filter { !hidden.contains($0.name) || $0.value != .none }.map(\.name)
        let expected = fields.flatMap { $0 == "environment" ? [$0, "device"] : [$0] }
            + ["RenewalInfo"] + renewal.filter { !TransactionScreen.commitmentFields.contains($0.name) || $0.value != .none }.map(\.name)
        #expect(Array(labels.prefix(expected.count)) == expected)
        #expect(lines.contains("offer.paymentMode     payAsYouGo"))
        #expect(lines.contains("device                This iPhone"), "the device that made the purchase")
        #expect(lines.contains("environment           Sandbox"), "the account's environment, as signed data says")
        #expect(lines.contains { $0.hasPrefix("renewalPrice") && $0.hasSuffix("$1.99") })
        let expiration = app.store.transactions[0].expirationDate!
        #expect(lines.contains("expirationDate        " + app.dateTime(expiration)),
                "dates in the person's locale, the same date the assertions read as ISO 8601")
    }

    @Test("at 80x24 the fields scroll with ↓ to the renewal info; at 40x12 each line still fits")
    func smallSizes() {
        var app = Self.subscribed(Size(columns: 80, rows: 24))
        #expect(app.view().text.contains("▼"))
        for _ in 0..<40 { app.press(.down) }
        #expect(app.view().text.contains("gracePeriodExpirationDate  none"))
        let narrow = Self.subscribed(Size(columns: 40, rows: 12))
        for line in narrow.view().text.split(separator: "\n") { #expect(TextWidth.of(String(line)) <= 40) }
    }
}
