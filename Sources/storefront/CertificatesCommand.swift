import AppStoreSigning
import ArgumentParser
import Foundation
import TextSafety

/// `storefront certificates --out DIR`: the root of storefront's local signing chain, for a backend's
/// verifier (Apple's app-store-server-library takes it as its trusted root). The chain is made on first
/// use and kept in the state folder, so the root stays the same until that folder is deleted.
struct CertificatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "certificates",
        abstract: "Write the root certificate that storefront's signed data chains to (root.der, root.pem).",
        discussion: """
            The chain (root, intermediate, leaf; P-256) is made on first use in \
            $XDG_STATE_HOME/storefront/signing (~/.local/state/storefront/signing) and reused, as Apple's \
            is: give the root to your server's SignedDataVerifier with online checks off.
            """
    )

    @Option(help: ArgumentHelp("The folder to write root.der and root.pem to.", valueName: "dir"))
    var out: String

    func run() throws {
        let folder = SigningChain.defaultFolder()
        let files: (der: Data, pem: Data)
        do {
            files = try SigningChain.load(folder: folder).rootFiles()
        } catch let failure as SigningChain.Failure {
            throw StartupError(message: failure.description)
        } catch {
            throw StartupError(message: "cannot encode the root certificate: \(error)")
        }
        // Written as every file the person names is: whole or not at all, into a folder made if missing.
        try OutputFile.folder(out, option: "--out")
        try OutputFile.write(files.der, to: out + "/root.der", option: "--out")
        try OutputFile.write(files.pem, to: out + "/root.pem", option: "--out")
        StandardStreams.out(UntrustedText.message("\(UntrustedText.path(out)): root.der and root.pem written (the chain is kept in \(UntrustedText.path(folder)))") + "\n")
    }
}
