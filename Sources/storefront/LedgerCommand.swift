import ArgumentParser
import CatalogFormats
import Foundation
import StoreModel
import TextSafety

/// `storefront ledger --state FILE [--json]`: a ledger's transactions, each subscription group's renewal
/// info, the log and the Server Notifications, with StoreKit's field names (`StoreKitFields`, the table the inspector and a
/// script's assertions read). Only reads: a ledger open in a running storefront is read as it was last
/// saved, and nothing is written or created.
struct LedgerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ledger",
        abstract: "Print a --state ledger's transactions, renewal info and log with StoreKit's field names.",
        discussion: """
            Dates are ISO 8601 (UTC), amounts plain decimals, an absent value is none (null in JSON). \
            --json prints one object per line, in a fixed key order, so a CI job can diff it: \
            {"transaction":{…}} for each transaction, {"renewalInfo":{…}} for each subscription group, \
            {"event":{…}} for each log entry, {"notification":{…}} for each App Store Server Notification. \
            A missing or damaged file exits 2.
            """
    )

    @OptionGroup var launch: LaunchOptions
    /// `--state FILE`: the ledger to print (the interactive launch's option group, this command's own too).
    @OptionGroup var ledger: LedgerOption

    @Flag(help: "One JSON object per line, keys in a fixed order.")
    var json = false

    func run() throws {
        guard let state = ledger.state else { throw StartupError(message: "storefront ledger needs the ledger to print: --state FILE") }
        guard FileManager.default.fileExists(atPath: state) else {
            throw StartupError(message: "there is no ledger at \(state)")
        }
        let session = try launch.resolve(state: state, readOnly: true)
        session.reportEarlierNow()
        let store = session.store
        var sections: [(kind: StoreKitFields.Table, fields: [StoreKitFields.Field])] = store.transactions.map {
            (.transaction, StoreKitFields.transaction($0, in: store))
        }
        for groupID in store.renewals.keys.sorted() {
            guard let status = store.status(ofGroup: groupID, ownership: .purchased) else { continue }
            sections.append((.renewalInfo, StoreKitFields.renewal(status, group: groupID, in: store)))
        }
        sections += store.events.map { (.event, StoreKitFields.event($0)) }
        sections += store.notifications.map { (.notification, StoreKitFields.notification($0)) }
        var output = ""
        for section in sections {
            if json {
                let members = section.fields.map { field in
                    Self.quoted(field.name) + ":" + Self.json(field.value, StoreKitFields.kind(of: field.name, in: section.kind))
                }
                output += "{\(Self.quoted(section.kind.rawValue)):{\(members.joined(separator: ","))}}\n"
            } else {
                // A commitment's fields only where there is one, so other tables keep their width.
                let fields = section.fields.filter { !StoreKitFields.commitmentNames.contains($0.name) || $0.value != .none }
                let width = fields.map(\.name.count).max()! + 2
                output += section.kind.rawValue + "\n" + fields.map { field in
                    "  " + field.name.padding(toLength: width, withPad: " ", startingAt: 0) + UntrustedText.displayable(field.value.text)
                }.joined(separator: "\n") + "\n\n"
            }
        }
        if !json, sections.isEmpty { output = "the ledger holds no transactions, renewal info or log entries\n" }
        StandardStreams.out(output)
    }

    /// A value as JSON has it, by its field's kind (`StoreKitFields.Kind`): null, a number, true or
    /// false, or a string (amounts too: a plain decimal in a string, never a binary float).
    static func json(_ value: StoreKitFields.Value, _ kind: StoreKitFields.Kind) -> String {
        if value == .none { return "null" }
        switch kind {
        case .integer where Int64(value.text) != nil: return value.text
        case .boolean where value.text == "true" || value.text == "false": return value.text
        default: return quoted(value.text)
        }
    }

    /// A JSON string, escaped as the project's JSON writer escapes it.
    static func quoted(_ text: String) -> String { StoreKitExport.render(.string(text)) }
}
