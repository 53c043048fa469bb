import Foundation
import Testing
import TestSupport
@testable import StoreModel

/// The one table of field kinds (issue 54, item 5): every field has a kind, docs/qa.md lists them as
/// the table does, and the values a table writes are values of their kinds.
@Suite("StoreKit field kinds")
struct FieldKindsTests {
    static let qaGuide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/qa.md")

    @Test("docs/qa.md's Field types are written from the table (STOREFRONT_RECORD=1 writes them)")
    func documentedFromTheTable() throws {
        let text = try String(contentsOf: Self.qaGuide, encoding: .utf8)
        let (begin, end) = ("<!-- field types: begin -->\n", "<!-- field types: end -->")
        let start = try #require(text.range(of: begin)), stop = try #require(text.range(of: end))
        let written = "\n" + StoreKitFields.documentation() + "\n"
        if ProcessInfo.processInfo.environment["STOREFRONT_RECORD"] == "1" {
            try (text[..<start.upperBound] + written + text[stop.lowerBound...]).write(to: Self.qaGuide, atomically: true, encoding: .utf8)
            return
        }
        #expect(String(text[start.upperBound..<stop.lowerBound]) == written, "docs/qa.md's Field types differ from the table: run with STOREFRONT_RECORD=1")
    }

    @Test("every value a table writes is a value of its field's kind")
    func valuesOfTheirKinds() throws {
        var store = Fixture.store()
        store.notifyingServer = true
        store.purchase("pro.monthly")
        store.purchase("boost", quantity: 3)
        store.purchase("alps")
        store.purchase("alps")
        _ = store.refund(2)
        store.collectNotifications()
        var rows: [(StoreKitFields.Table, [StoreKitFields.Field])] = store.transactions.map { (StoreKitFields.Table.transaction, StoreKitFields.transaction($0, in: store)) }
        rows += store.events.map { (StoreKitFields.Table.event, StoreKitFields.event($0)) }
        rows += store.notifications.map { (StoreKitFields.Table.notification, StoreKitFields.notification($0)) }
        if let status = store.status(ofGroup: "plus", ownership: .purchased) {
            rows.append((.renewalInfo, StoreKitFields.renewal(status, group: "plus", in: store)))
        }
        #expect(rows.count >= 5)
        for (table, fields) in rows {
            for field in fields {
                let problem = StoreKitFields.kind(of: field.name, in: table).problem(with: field.value.text)
                #expect(problem == nil, "\(table.rawValue).\(field.name) wrote \(field.value.text): \(problem ?? "")")
            }
        }
    }
}
