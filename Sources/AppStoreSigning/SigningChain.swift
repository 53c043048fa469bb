import Crypto
import Foundation
import SwiftASN1
import X509

/// The local stand-in for Apple's signing chain: a root, an intermediate and a leaf (P-256), shaped as
/// Apple's chain is, so that Apple's `app-store-server-library` accepts it with strict X.509 checks once
/// a backend trusts our root: the intermediate carries Apple's WWDR marker OID 1.2.840.113635.100.6.2.1,
/// the leaf the App Store receipt-signing OID 1.2.840.113635.100.6.11.1, basic constraints and key usage
/// are critical, and every certificate has a subject key identifier (the two below the root an
/// authority key identifier too).
///
/// One chain per user, made on first use in the state folder (beside the SSH host key) and reused, so a
/// backend configured with `root.der` keeps verifying. The chain is valid from 1950 to 9999: the verifier
/// checks it at each payload's `signedDate`, which follows the simulated clock wherever a script sets it.
/// (`@unchecked Sendable`: every property is a constant; swift-crypto's private key type is a value that
/// is not marked Sendable.)
public struct SigningChain: @unchecked Sendable {
    public let root: Certificate
    public let intermediate: Certificate
    public let leaf: Certificate
    let leafKey: P256.Signing.PrivateKey

    /// The WWDR intermediate marker Apple's verifier looks for on the second certificate.
    public static let intermediateMarker: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 2, 1]
    /// The App Store signing marker Apple's verifier looks for on the leaf.
    public static let leafMarker: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 11, 1]

    /// From 1950 (the first instant X.509's UTCTime can say) to the end of year 9999.
    static let validity: (from: Date, until: Date) = (
        Date(timeIntervalSince1970: -631_152_000),
        Date(timeIntervalSince1970: 253_402_300_799)
    )

    public enum Failure: Error, CustomStringConvertible {
        case unreadable(path: String, detail: String)
        case unwritable(path: String, detail: String)

        public var description: String {
            switch self {
            case .unreadable(let path, let detail):
                "the signing certificates in \(path) cannot be used (\(detail)); delete that folder to make a new chain, then give backends the new root (storefront certificates --out DIR)"
            case .unwritable(let path, let detail):
                "cannot keep the signing certificates in \(path): \(detail)"
            }
        }
    }

    /// A new chain with fresh keys.
    public static func make() throws -> SigningChain {
        let rootKey = P256.Signing.PrivateKey()
        let intermediateKey = P256.Signing.PrivateKey()
        let leafKey = P256.Signing.PrivateKey()
        let rootName = try DistinguishedName {
            CommonName("storefront Local Root CA")
            OrganizationName("storefront (simulated App Store)")
            CountryName("US")
        }
        let intermediateName = try DistinguishedName {
            CommonName("storefront Local Worldwide Developer Relations CA")
            OrganizationalUnitName("G6")
            OrganizationName("storefront (simulated App Store)")
            CountryName("US")
        }
        let leafName = try DistinguishedName {
            CommonName("storefront Local App Store Signing")
            OrganizationName("storefront (simulated App Store)")
            CountryName("US")
        }
        let rootPublic = Certificate.PublicKey(rootKey.publicKey)
        let intermediatePublic = Certificate.PublicKey(intermediateKey.publicKey)
        let leafPublic = Certificate.PublicKey(leafKey.publicKey)
        let root = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: rootPublic,
            notValidBefore: validity.from, notValidAfter: validity.until,
            issuer: rootName, subject: rootName, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: rootPublic)
            },
            issuerPrivateKey: .init(rootKey))
        /// A certificate below the root: signed by its issuer, naming the issuer's key, with Apple's marker.
        func issue(_ key: Certificate.PublicKey, subject: DistinguishedName, issuer: DistinguishedName, issuerKey: P256.Signing.PrivateKey,
                   constraints: BasicConstraints, usage: KeyUsage, marker: ASN1ObjectIdentifier) throws -> Certificate {
            try Certificate(
                version: .v3, serialNumber: .init(), publicKey: key,
                notValidBefore: validity.from, notValidAfter: validity.until,
                issuer: issuer, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(constraints)
                    Critical(usage)
                    SubjectKeyIdentifier(hash: key)
                    AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: Certificate.PublicKey(issuerKey.publicKey)).keyIdentifier)
                    Certificate.Extension(oid: marker, critical: false, value: nullValue)
                },
                issuerPrivateKey: .init(issuerKey))
        }
        let intermediate = try issue(intermediatePublic, subject: intermediateName, issuer: rootName, issuerKey: rootKey,
                                     constraints: .isCertificateAuthority(maxPathLength: 0), usage: KeyUsage(keyCertSign: true, cRLSign: true),
                                     marker: intermediateMarker)
        let leaf = try issue(leafPublic, subject: leafName, issuer: intermediateName, issuerKey: intermediateKey,
                             constraints: .notCertificateAuthority, usage: KeyUsage(digitalSignature: true), marker: leafMarker)
        return SigningChain(root: root, intermediate: intermediate, leaf: leaf, leafKey: leafKey)
    }

    /// Apple's marker extensions hold an ASN.1 NULL.
    private static let nullValue: ArraySlice<UInt8> = [0x05, 0x00]

    /// The three certificates in DER, leaf first, as a JWS `x5c` header lists them.
    public func der() throws -> [Data] {
        try [leaf, intermediate, root].map { certificate in
            var serializer = DER.Serializer()
            try serializer.serialize(certificate)
            return Data(serializer.serializedBytes)
        }
    }

    // MARK: Kept on disk

    /// The folder the chain is kept in: $XDG_STATE_HOME/storefront/signing, or
    /// ~/.local/state/storefront/signing.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let state = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        return state + "/storefront/signing"
    }

    static let files = (root: "root.der", intermediate: "intermediate.der", leaf: "leaf.der", key: "leaf-key.der")

    /// The chain kept in `folder`, made and kept there first if the folder has none. Two storefronts
    /// making it at once both end up with the one that was kept first.
    public static func load(folder: String) throws(Failure) -> SigningChain {
        if FileManager.default.fileExists(atPath: folder + "/" + files.leaf) { return try read(folder) }
        let made: SigningChain
        do { made = try make() } catch { throw .unwritable(path: folder, detail: "\(error)") }
        try made.keep(in: folder)
        return try read(folder)
    }

    private static func read(_ folder: String) throws(Failure) -> SigningChain {
        func certificate(_ name: String) throws(Failure) -> Certificate {
            let path = folder + "/" + name
            do {
                let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
                return try Certificate(derEncoded: Array(bytes))
            } catch {
                throw .unreadable(path: folder, detail: "\(name): \(error)")
            }
        }
        let root = try certificate(files.root)
        let intermediate = try certificate(files.intermediate)
        let leaf = try certificate(files.leaf)
        let key: P256.Signing.PrivateKey
        do {
            key = try P256.Signing.PrivateKey(derRepresentation: Data(contentsOf: URL(fileURLWithPath: folder + "/" + files.key)))
        } catch {
            throw .unreadable(path: folder, detail: "\(files.key): \(error)")
        }
        guard leaf.publicKey == Certificate.PublicKey(key.publicKey) else {
            throw .unreadable(path: folder, detail: "\(files.key) is not the key of \(files.leaf)")
        }
        return SigningChain(root: root, intermediate: intermediate, leaf: leaf, leafKey: key)
    }

    /// Writes the chain into a new folder beside `folder`, then renames it into place: a reader sees no
    /// chain or a whole one. The key is readable by its owner only.
    private func keep(in folder: String) throws(Failure) {
        let manager = FileManager.default
        let parent = (folder as NSString).deletingLastPathComponent
        let staging = parent + "/.signing-\(UUID().uuidString)"
        do {
            try manager.createDirectory(atPath: parent, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try manager.createDirectory(atPath: staging, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            let certificates = try der()
            for (name, bytes) in zip([Self.files.leaf, Self.files.intermediate, Self.files.root], certificates) {
                try bytes.write(to: URL(fileURLWithPath: staging + "/" + name))
            }
            let keyPath = staging + "/" + Self.files.key
            guard manager.createFile(atPath: keyPath, contents: leafKey.derRepresentation, attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteUnknown)
            }
        } catch {
            try? manager.removeItem(atPath: staging)
            throw .unwritable(path: folder, detail: "\(error)")
        }
        // rename(2) onto a missing folder is atomic; if another storefront kept its chain first, keep that.
        if rename(staging, folder) != 0 {
            try? manager.removeItem(atPath: staging)
            guard manager.fileExists(atPath: folder + "/" + Self.files.leaf) else {
                throw .unwritable(path: folder, detail: String(cString: strerror(errno)))
            }
        }
    }

    /// The root in DER and in PEM, for a backend's verifier (`storefront certificates --out DIR` writes them).
    public func rootFiles() throws -> (der: Data, pem: Data) {
        var serializer = DER.Serializer()
        try serializer.serialize(root)
        return (Data(serializer.serializedBytes), Data(try root.serializeAsPEM().pemString.utf8))
    }
}
