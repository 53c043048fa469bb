import AppStoreSigning
import ArgumentParser
import CatalogFormats
import Foundation
import StoreModel
import TextSafety

/// `storefront export --storekit OUT.storekit [--catalog C] [--territory T]`: the catalog as an Xcode
/// StoreKit configuration file (version 4.0) for one storefront; what the format cannot hold is listed.
/// `storefront export --jws DIR --state FILE`: every signed item of a ledger, one compact JWS per file.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the catalog as an Xcode StoreKit configuration file (.storekit), or a ledger's signed data (--jws).",
        discussion: """
            --storekit lists on standard error what the format cannot hold (other territories' prices, ...). \
            --jws DIR --state FILE writes each transaction, each subscription's renewal info and the app \
            transaction as the App Store signs them (JWS, ES256, x5c chain), one file each; verify them with \
            the root from `storefront certificates`. Exits 2 on a broken catalog or ledger.
            """
    )

    @Option(help: "The StoreKit configuration file to write.")
    var storekit: String?

    @Option(help: ArgumentHelp("The folder to write a ledger's signed data to (with --state).", valueName: "dir"))
    var jws: String?

    /// --catalog (storefront's own or a .storekit file) and --territory, the storefront whose prices are
    /// written (default: a .storekit file's own storefront, else USA); with --jws, --environment and
    /// --device say how the ledger's data is signed; the other launch options are unused.
    @OptionGroup var launch: LaunchOptions
    @OptionGroup var ledger: LedgerOption

    func validate() throws {
        guard (storekit == nil) != (jws == nil) else {
            throw ValidationError("give one of --storekit FILE (the catalog as a .storekit file) or --jws DIR --state FILE (a ledger's signed data)")
        }
        if jws != nil, ledger.state == nil { throw ValidationError("--jws DIR needs the ledger to sign: --state FILE") }
        if storekit != nil, let unused = unusedWithStoreKit.first {
            throw ValidationError("\(unused) does not change a .storekit export, so it is refused; --storekit takes --catalog, --territory, and the errors to write (--error, --fail-purchases, --scenario)")
        }
        if let name = launch.environment, StoreEnvironment.named(name) == nil {
            throw ValidationError("--environment \(UntrustedText.quoted(name)) is not one of \(StoreEnvironment.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    /// The launch options given that a .storekit export does not use: it writes the catalog, one
    /// storefront's prices, and the StoreKit errors (the only settings the export writes).
    var unusedWithStoreKit: [String] {
        let given: [(String, Bool)] = [
            ("--locale", launch.locale != nil), ("--payments", launch.payments != nil), ("--now", launch.now != nil),
            ("--time-rate", launch.timeRate != nil), ("--ask-to-buy", launch.askToBuy),
            ("--fail-next-purchase", launch.failNextPurchase != nil), ("--interrupt-purchases", launch.interruptPurchases),
            ("--billing-retry", launch.billingRetry), ("--grace-period", launch.gracePeriod != nil),
            ("--family-sharing", launch.familySharing != nil), ("--review-mode", launch.reviewMode != nil),
            ("--open", launch.open != nil), ("--onboarding", launch.onboarding), ("--device", launch.device != DeviceName.standard),
            ("--theme", launch.theme != "default"), ("--notify", launch.notify != nil), ("--notify-retries", launch.notifyRetries),
            ("--notify-ca", launch.notifyCA != nil), ("--notify-timeout", launch.notifyTimeout != nil),
            ("--environment", launch.environment != nil), ("--state", ledger.state != nil),
        ]
        return given.filter(\.1).map(\.0)
    }

    func run() throws {
        if let jws, let state = ledger.state { return try exportSigned(to: jws, state: state) }
        guard let storekit else { return }
        let source = try launch.loadCatalogFile().catalog
        let territory = launch.territory
        if let territory, source.territory(territory) == nil {
            throw StartupError(message: "unknown territory \(UntrustedText.quoted(territory)) (--territory); this catalog sells in \(source.territories.map(\.code).joined(separator: ", "))")
        }
        // StoreKit errors: a .storekit file's stay as written; a scenario file's and --error flags'
        // (and --fail-purchases) are written over them.
        var errors: [StoreKitErrorCategory: StoreKitErrorCase?] = [:]
        for setting in try launch.settings(catalog: source) {
            switch setting {
            case .storeKitError(let category, let error): errors[category] = .some(error)
            case .failPurchases(let error): errors[.purchase] = .some(error.flatMap(StoreKitErrorCase.init(purchaseError:)))
            default: break
            }
        }
        let result = StoreKitExport.export(source, territory: territory, errors: errors)
        try OutputFile.write(Data(result.text.utf8), to: storekit, option: "--storekit")
        for line in result.dropped { StandardStreams.err(UntrustedText.message("storefront export: not written: \(line)\n")) }
        StandardStreams.out(UntrustedText.message("\(UntrustedText.path(storekit)): StoreKit configuration \(StoreKitExport.version(of: source).major).\(StoreKitExport.version(of: source).minor) written (\(source.products.count) products)") + "\n")
    }

    /// Every signed item of the ledger at `state`, one compact JWS per file in `folder`.
    private func exportSigned(to folder: String, state: String) throws {
        guard FileManager.default.fileExists(atPath: state) else { throw StartupError(message: "there is no ledger at \(UntrustedText.path(state))") }
        let session = try launch.resolve(state: state, readOnly: true)
        session.reportEarlierNow()
        let store = session.store
        let chain: SigningChain
        do { chain = try SigningChain.load(folder: SigningChain.defaultFolder()) } catch { throw StartupError(message: error.description) }
        // On-device items carry the device's verification (--device, default "This iPhone"): its
        // deviceVerificationID as the ledger keeps it, with nonces that make the export the same each time.
        let device = DeviceVerification(id: store.deviceVerificationID, reproducible: true)
        let items = try SignedExport.items(of: store, chain: chain, device: device)
        try OutputFile.folder(folder, option: "--jws")
        for item in items {
            try OutputFile.write(Data(item.jws.utf8), to: folder + "/" + item.name, option: "--jws")
        }
        // A folder exported into before holds only this ledger's items afterwards: no stale .jws beside them.
        let written = Set(items.map(\.name))
        for stale in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where stale.hasSuffix(".jws") && !written.contains(stale) {
            unlink(folder + "/" + stale)
        }
        StandardStreams.out(UntrustedText.message("\(UntrustedText.path(folder)): \(items.count) signed item\(items.count == 1 ? "" : "s") written (root: storefront certificates --out DIR)") + "\n")
    }
}
