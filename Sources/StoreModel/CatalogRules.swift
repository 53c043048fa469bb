import Foundation
import TextSafety

/// The App Store's rules on a catalog as a whole, as opposed to one field or one product: checked on
/// the catalog's built parts, so a catalog gets every rule whatever format it was read from. A reader
/// (CatalogFormats) says where a violation is in its own file's terms: a JSON path, or the subscription's
/// entry in a `.storekit` file.
public enum CatalogRules {
    /// The most active offer-code offers one subscription can have (App Store Connect's limit).
    public static let maxActiveOffersPerSubscription = 10
    /// The most offer-code redemptions an app may have in a calendar quarter: "create codes for a
    /// maximum of 1,000,000 redemptions per app, per quarter"
    /// (https://developer.apple.com/documentation/storekit/implementing-offer-codes-in-your-app).
    public static let maxRedemptionsPerQuarter = 1_000_000

    /// A broken rule: what it is about, and why, in words that name no file format.
    public struct Violation: Sendable, Equatable {
        public enum Subject: Sendable, Equatable {
            /// The offer-code offers of one subscription, by product id.
            case offerCodes(ofProduct: String)
            /// The offer-code offers of the whole app.
            case allOfferCodes
        }

        public var subject: Subject
        public var reason: String

        public init(subject: Subject, reason: String) { (self.subject, self.reason) = (subject, reason) }
    }

    /// Every whole-catalog rule the catalog breaks, in the order the rules are listed here.
    public static func violations(in catalog: Catalog) -> [Violation] {
        activeOfferLimit(catalog.offerCodes, productCount: catalog.products.count, position: catalog.position(ofProduct:))
            + quarterlyRedemptions(catalog.offerCodes)
    }

    /// At most `maxActiveOffersPerSubscription` active offer-code offers per subscription, reported by
    /// product id in order. `position`: a product id's place among `productCount` products (the catalog's
    /// index, or the reader's), so the counts are one small array rather than a dictionary of ids (4.7 MB
    /// at 100,000 products, at the reader's peak). An offer for no product is not counted.
    public static func activeOfferLimit(_ offers: [OfferCodeOffer], productCount: Int,
                                        position: (String) -> Int?) -> [Violation] {
        var active = [UInt32](repeating: 0, count: productCount)
        var over: [(productID: String, place: Int)] = []
        // Fields read in place (a copy of an offer is a dozen reference counts); only the products over
        // the limit are sorted.
        for index in offers.indices where offers[index].active {
            guard let place = position(offers[index].productID), active.indices.contains(place) else { continue }
            active[place] += 1
            if active[place] == maxActiveOffersPerSubscription + 1 { over.append((offers[index].productID, place)) }
        }
        return over.sorted { $0.productID < $1.productID }.map { productID, place in
            Violation(subject: .offerCodes(ofProduct: productID),
                      reason: "subscription \(UntrustedText.quoted(productID)) has \(active[place]) active offer-code offers; "
                        + "the App Store allows at most \(maxActiveOffersPerSubscription) per subscription")
        }
    }

    /// The App Store allows 1,000,000 offer-code redemptions per app and calendar quarter: the one-time
    /// codes made in any one quarter, with every redemption limit of the catalog, must not allow more.
    /// O(offers): each offer adds its codes to its quarter and its limit to the total.
    public static func quarterlyRedemptions(_ offers: [OfferCodeOffer]) -> [Violation] {
        var byQuarter: [String: Int] = [:]
        var limits = 0
        for index in offers.indices {
            limits += offers[index].redemptionLimit ?? 0
            if let batch = offers[index].oneTimeUse {
                byQuarter[OfferCodeCounts.quarter(of: batch.created), default: 0] += offers[index].oneTimeUseCodes.count
            }
        }
        let busiest = byQuarter.max { ($0.value, $1.key) < ($1.value, $0.key) }
        let total = (busiest?.value ?? 0) + limits
        guard total > maxRedemptionsPerQuarter else { return [] }
        let codes = busiest.map { "one-time codes made in \($0.key) (\($0.value)) and " } ?? ""
        return [Violation(subject: .allOfferCodes,
                          reason: "\(codes)redemption limits (\(limits)) allow \(total) redemptions in a quarter; "
                            + "the App Store allows at most 1,000,000 per app and quarter")]
    }
}
