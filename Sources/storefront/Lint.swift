import ArgumentParser
import CatalogFormats
import Foundation
import StoreModel
import StoreUI
import TextSafety

/// `storefront lint [PATH]`: checks a catalog and prints every problem with its JSON path, then, for a
/// sound catalog, the codes that open its offers and warnings that do not stop it from loading (names
/// too wide to show whole).
struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check a catalog file and print every problem with its JSON path.",
        discussion: "Exits 0 when the catalog is sound (warnings included) and 2 when it has problems."
    )

    @Argument(help: "Catalog to check. Default: SampleCatalog.json.")
    var path: String?

    /// The widest a product or group name may be, in terminal cells, before it is cut short on screen
    /// (HIG: names that do not truncate). Wide CJK characters take two cells.
    static let nameWidthLimit = 30

    func run() throws {
        let url = path.map { URL(fileURLWithPath: $0) } ?? LaunchOptions.defaultCatalogURL
        // The path starts every line printed: a newline in it would forge one, so it is escaped too.
        let shown = UntrustedText.path(url.path)
        var output = Output()
        do {
            let loaded = try CatalogFile.load(contentsOf: url)
            let catalog = loaded.catalog
            // A .storekit file's notes: what was ignored, derived or filled in (with the codes made for
            // its offers); for a JSON catalog, the codes that open each offer.
            let notes = catalog.storeKit == nil ? CatalogLoader.codeNotes(catalog) : loaded.notes
            for note in notes { output.line(shown, note.path.description, note.reason) }
            let warnings = catalog.storeKit == nil ? Self.warnings(for: catalog) : []
            for warning in warnings { output.line(shown, warning.path.description, "warning: " + warning.reason) }
            let verdict = warnings.isEmpty ? "no problems" : "no problems, \(warnings.count) warning\(warnings.count == 1 ? "" : "s")"
            output.line(shown, "\(verdict) (\(catalog.products.count) products, "
                        + "\(catalog.territories.count) territories, \(catalog.offerCodes.count) offer-code offers)")
            output.flush()
            // The process ends here: exiting with the catalog still held skips freeing it piece by piece
            // (100,000 products, their texts and indexes). exit() flushes standard output.
            withExtendedLifetime(catalog) { Foundation.exit(0) }
        } catch {
            for problem in error.problems { output.line(shown, problem.path.description, problem.reason) }
            output.flush()
            let count = error.problems.count
            StandardStreams.err("storefront lint: \(count) problem\(count == 1 ? "" : "s")\n")
            throw ExitCode(2)
        }
    }

    /// Lint's lines for standard output, "part: part: part", each made safe whole (`UntrustedText.message`),
    /// written 64 KiB at a time: `print` per line, and an interpolation per line, were a fifth of lint's
    /// work on a catalog with 71,000 offer-code offers (a line each).
    struct Output {
        private var buffer: [UInt8] = []

        mutating func line(_ parts: String...) {
            for (index, part) in parts.enumerated() {
                if index > 0 { buffer.append(contentsOf: ": ".utf8) }
                // Each part made safe on its own is the line made safe: escapes replace single scalars.
                buffer.append(contentsOf: UntrustedText.message(part).utf8)
            }
            buffer.append(UInt8(ascii: "\n"))
            if buffer.count >= 1 << 16 { flush() }
        }

        mutating func flush() {
            guard !buffer.isEmpty else { return }
            StandardStreams.write(buffer, to: STDOUT_FILENO)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    /// Product and subscription-group names (every translation) wider than `nameWidthLimit` cells.
    /// The catalog loaded without problems, so its arrays are the file's, index for index.
    static func warnings(for catalog: Catalog) -> [CatalogProblem] {
        var warnings: [CatalogProblem] = []
        /// `path` is made only for a warning: making it for each of 100,000 names was a twentieth of lint.
        func check(_ name: LocalizedText, at path: @autoclosure () -> JSONPath) {
            // A character is at most two cells and one byte is ASCII, one cell: a text of no more
            // bytes than the limit fits without measuring (most names, at 100,000 products), and so does
            // one of no more than half as many scalars (a grapheme cluster is at most two cells, and at
            // least one scalar: `TextWidth.glyph`).
            for (language, text) in name.translations(longerThan: nameWidthLimit, cellsPerScalar: TextWidth.maxCellsPerCluster) {
                let width = TextWidth.of(text)
                guard width > nameWidthLimit else { continue }
                warnings.append(CatalogProblem(
                    path: path().appending(language),
                    reason: "\(UntrustedText.quoted(text)) is \(width) cells wide; a name wider than \(nameWidthLimit) "
                        + "cells is cut short on screen (HIG: use a short name that does not truncate)"))
            }
        }
        /// App Store Connect's length limits, in characters: what it would not take.
        func limit(_ text: LocalizedText, _ field: String, _ characters: Int, at path: @autoclosure () -> JSONPath) {
            // A character is at least one byte: a text of no more bytes than the limit is within it.
            for (language, text) in text.translations(longerThan: characters) where text.count > characters {
                warnings.append(CatalogProblem(
                    path: path().appending(language),
                    reason: "\(UntrustedText.quoted(text)) is \(text.count) characters; App Store Connect takes a \(field) of at most \(characters)"))
            }
        }
        for (index, group) in catalog.subscriptionGroups.enumerated() {
            let path = JSONPath.root.appending("subscriptionGroups").appending(index).appending("name")
            check(group.name, at: path)
            limit(group.name, "subscription group's display name", AppStoreConnectLimits.displayName, at: path)
        }
        for (index, product) in catalog.products.enumerated() {
            let path = JSONPath.root.appending("products").appending(index)
            check(product.name, at: path.appending("name"))
            limit(product.name, "display name", AppStoreConnectLimits.displayName, at: path.appending("name"))
            limit(product.description, "description", AppStoreConnectLimits.description, at: path.appending("description"))
            if product.id.utf8.count > AppStoreConnectLimits.productID {
                warnings.append(CatalogProblem(
                    path: path.appending("id"),
                    reason: "the product id is \(product.id.count) characters; App Store Connect takes at most \(AppStoreConnectLimits.productID)"))
            }
        }
        return warnings + consentWarnings(for: catalog) + bundleIDWarnings(for: catalog) + billingPlanWarnings(for: catalog)
    }

    /// What App Store Connect takes, in characters: product ids (letters, digits, hyphens, periods and
    /// underscores), from its help page "In-App Purchase information"; display
    /// names and descriptions, from Apple's product-page guidance ("In-app purchase names are limited to 30
    /// characters and descriptions to 45"). A catalog beyond them loads (the simulator shows what it is
    /// given, cut to the screen), but could never be entered in App Store Connect.
    enum AppStoreConnectLimits {
        static let productID = 100
        static let displayName = 30
        static let description = 45
    }

    /// Monthly plans with a 12-month commitment priced outside App Store Connect's range or where the
    /// App Store does not offer them (`CommitmentPlan.warnings`).
    static func billingPlanWarnings(for catalog: Catalog) -> [CatalogProblem] {
        catalog.positions(ofType: .autoRenewable).flatMap { index in
            CommitmentPlan.warnings(for: catalog.products[index], in: catalog.territories).map {
                CatalogProblem(path: JSONPath.root.appending("products").appending(index).appending("billingPlans"), reason: $0)
            }
        }
    }

    /// A catalog without `app.bundleID` (a `.storekit` file never has one): signed data carries a bundle
    /// identifier derived from the name, which a backend's verifier must be told.
    static func bundleIDWarnings(for catalog: Catalog) -> [CatalogProblem] {
        guard catalog.app.bundleID == nil else { return [] }
        return [CatalogProblem(
            path: JSONPath.root.appending("app").appending("bundleID"),
            reason: "no bundle identifier; signed data names the app \(UntrustedText.quoted(catalog.app.signingBundleID)) "
                + "(derived from its name); add \"bundleID\" with the app's own, as a backend's verifier checks it")]
    }

    /// Territories that sell subscriptions with no threshold for Apple's price-increase consent rule (and
    /// not listed as always requiring consent): every increase there needs consent, the safe side, which
    /// is likely not what App Store Connect says. Apple's US figures stand in for `USA`.
    static func consentWarnings(for catalog: Catalog) -> [CatalogProblem] {
        let consent = catalog.priceIncreaseConsent
        let subscriptions = catalog.products(ofType: .autoRenewable)
        return catalog.territories.compactMap { territory in
            guard consent.threshold(in: territory.code) == nil, !consent.alwaysRequiredIn.contains(territory.code),
                  subscriptions.contains(where: { $0.price(in: territory) != nil }) else { return nil }
            return CatalogProblem(
                path: JSONPath.root.appending("priceIncreaseConsent").appending("thresholds"),
                reason: "territory \(UntrustedText.quoted(territory.code)) sells subscriptions but has no threshold, so every "
                    + "price increase there needs consent; add \(UntrustedText.quoted(territory.code)): {\"perPeriod\": …, \"annual\": …} "
                    + "with App Store Connect's equivalents of US$5 and US$50 in \(territory.currency)")
        }
    }
}
