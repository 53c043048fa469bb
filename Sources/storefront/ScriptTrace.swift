import Foundation
import StoreModel
import StoreUI
import TextSafety

/// `storefront script --trace`: after each line (and its save), the line, what came of it, and the
/// ledger rows it changed, read from the store's own record of unsaved changes (so tracing costs the
/// rows changed, never the ledger).
///
///     7 press b tab enter: ok: You bought Alps Map Pack.
///     8 buy com.trailhead.alps: failed(alreadyOwned)
///       transaction 1: productID com.trailhead.alps, state purchased, purchaseDate 2026-01-01T09:00:00Z
extension ScriptRunner {
    /// The fields a traced row shows, where they hold something: enough to follow a run, not every field.
    static let tracedTransactionFields: Set<String> = ["productID", "state", "purchaseDate", "expirationDate", "offer.type",
                                                       "offer.id", "revocationDate", "revocationReason", "revocationType",
                                                       "purchasedQuantity"]
    static let tracedRenewalFields: Set<String> = ["state", "willAutoRenew", "autoRenewPreference", "expirationReason",
                                                   "gracePeriodExpirationDate", "priceIncreaseStatus", "offer.id"]
    static let tracedEventFields: Set<String> = ["kind", "productID", "status", "failure", "transactionID"]

    mutating func printTrace(_ step: Script.Step) {
        var text = "\(step.line) \(UntrustedText.displayable(step.source)): \(outcome(step))\n"
        if let store = state?.store, let traced = runtime?.takeWritten() {
            for id in traced.transactionIDs.sorted() {
                text += "  transaction \(id): " + (store.transaction(id).map {
                    Self.row(StoreKitFields.transaction($0, in: store), Self.tracedTransactionFields)
                } ?? "removed") + "\n"
            }
            for group in traced.renewalGroups.sorted() {
                text += "  renewalInfo \(UntrustedText.displayable(group)): " + (store.status(ofGroup: group, ownership: .purchased).map {
                    Self.row(StoreKitFields.renewal($0, group: group, in: store), Self.tracedRenewalFields)
                } ?? "removed") + "\n"
            }
            for id in traced.eventIDs.sorted() {
                text += "  event \(id): " + (store.event(id).map { Self.row(StoreKitFields.event($0), Self.tracedEventFields) } ?? "removed") + "\n"
            }
        }
        StandardStreams.out(text)
    }

    private func outcome(_ step: Script.Step) -> String {
        switch step.command {
        case .expect, .expectNot, .assert, .snapshot: return "holds"
        case .advance: return "now " + (state?.store.now.formatted(.iso8601) ?? "")
        case .kill: return "the app died"
        default:
            if quitAt != nil { return "the app quit" }
            // A purchase call says how it ended, in StoreKit's terms, before what the screen says.
            let result = stepOutcome ?? "ok"
            guard let notice = state?.notice, notice != noticeBefore else { return result }
            return result + ": " + UntrustedText.displayable(notice)
        }
    }

    private static func row(_ fields: [StoreKitFields.Field], _ shown: Set<String>) -> String {
        fields.filter { shown.contains($0.name) && $0.value != .none }
            .map { "\($0.name) \(UntrustedText.displayable($0.value.text))" }.joined(separator: ", ")
    }
}
