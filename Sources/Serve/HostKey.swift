import Crypto
import Foundation
import NIOSSH
#if canImport(Glibc)
import Glibc
#endif

/// The server's Ed25519 host key, kept in OpenSSH's own private-key format (unencrypted), so
/// `ssh-keygen -l -f PATH` prints the same fingerprint the server does and a presenter can bring a key
/// made with `ssh-keygen -t ed25519 -N ''`.
///
/// Format: OpenSSH's PROTOCOL.key — "openssh-key-v1\0", cipher and KDF "none", one public key blob,
/// then the private section (two equal check integers, key type, public key, the 64-byte private key
/// as seed then public key, comment, padding 1, 2, 3 … to a multiple of 8).
public struct HostKey: Sendable {
    public let privateKey: NIOSSHPrivateKey
    /// `SHA256:…`, as `ssh-keygen -l` and the ssh client print it.
    public let fingerprint: String
    /// Whether this start created the file.
    public let created: Bool

    public struct Problem: Error, CustomStringConvertible {
        public var description: String
    }

    /// Reads the key at `path`, or makes a new one there (mode 0600, its folder 0700 when new).
    public static func loadOrCreate(at path: String) throws(Problem) -> HostKey {
        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw Problem(description: "the host key \(path) is not a regular file")
            }
            // As sshd: a private key others can read is refused, not used.
            let mode = info.st_mode & 0o777
            guard mode & 0o077 == 0 else {
                throw Problem(description: "the host key \(path) has mode \(String(mode, radix: 8)), which lets others read it; run chmod 600 \(path)")
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw Problem(description: "cannot read the host key \(path)")
            }
            let seed = try parse(data, path: path)
            do {
                let key = try Curve25519.Signing.PrivateKey(rawRepresentation: seed)
                return HostKey(key, created: false)
            } catch {
                throw Problem(description: "the host key \(path) holds no valid Ed25519 key")
            }
        }
        guard errno == ENOENT else {
            throw Problem(description: "cannot read the host key \(path): \(String(cString: strerror(errno)))")
        }
        let key = Curve25519.Signing.PrivateKey()
        try write(key, to: path)
        return HostKey(key, created: true)
    }

    init(_ key: Curve25519.Signing.PrivateKey, created: Bool) {
        privateKey = NIOSSHPrivateKey(ed25519Key: key)
        fingerprint = Fingerprint.of(privateKey.publicKey)
        self.created = created
    }

    private static let magic = Array("openssh-key-v1".utf8) + [0]
    private static let keyType = "ssh-ed25519"

    private static func write(_ key: Curve25519.Signing.PrivateKey, to path: String) throws(Problem) {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw Problem(description: "cannot create the folder \(folder) for the host key: \(error.localizedDescription)")
            }
        }
        let publicKey = [UInt8](key.publicKey.rawRepresentation)
        var publicBlob = SSHWire()
        publicBlob.string(keyType)
        publicBlob.string(publicKey)
        var secret = SSHWire()
        let check = UInt32.random(in: .min ... .max)
        secret.uint32(check)
        secret.uint32(check)
        secret.string(keyType)
        secret.string(publicKey)
        secret.string([UInt8](key.rawRepresentation) + publicKey)
        secret.string("storefront serve host key")
        var pad: UInt8 = 1
        while secret.bytes.count % 8 != 0 { secret.bytes.append(pad); pad += 1 }
        var file = SSHWire()
        file.bytes = magic
        file.string("none")
        file.string("none")
        file.string([UInt8]())
        file.uint32(1)
        file.string(publicBlob.bytes)
        file.string(secret.bytes)
        let base64 = Data(file.bytes).base64EncodedString()
        var lines = ["-----BEGIN OPENSSH PRIVATE KEY-----"]
        var rest = Substring(base64)
        while !rest.isEmpty { lines.append(String(rest.prefix(70))); rest = rest.dropFirst(70) }
        lines.append("-----END OPENSSH PRIVATE KEY-----")
        let text = lines.joined(separator: "\n") + "\n"
        // O_EXCL: never write over a file that appeared meanwhile; 0600 from the start, never wider.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw Problem(description: "cannot create the host key \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ Glibc.write(descriptor, $0.baseAddress, $0.count) }) == bytes.count, fsync(descriptor) == 0 else {
            unlink(path)
            throw Problem(description: "cannot write the host key \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// The 32-byte Ed25519 seed of an unencrypted OpenSSH private key file.
    static func parse(_ data: Data, path: String) throws(Problem) -> Data {
        func bad(_ why: String) -> Problem { Problem(description: "the host key \(path) \(why)") }
        guard let text = String(data: data, encoding: .utf8) else { throw bad("is not an OpenSSH private key") }
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let begin = lines.firstIndex(of: "-----BEGIN OPENSSH PRIVATE KEY-----"),
              let end = lines.firstIndex(of: "-----END OPENSSH PRIVATE KEY-----"), begin < end,
              let decoded = Data(base64Encoded: lines[(begin + 1)..<end].joined()) else {
            throw bad("is not an OpenSSH private key (made by ssh-keygen -t ed25519, or by storefront serve)")
        }
        var reader = SSHWireReader(bytes: [UInt8](decoded))
        guard reader.take(magic.count) == magic else { throw bad("is not an OpenSSH private key") }
        guard let cipher = reader.string(), let kdf = reader.string(), reader.string() != nil else { throw bad("is cut short") }
        guard String(decoding: cipher, as: UTF8.self) == "none", String(decoding: kdf, as: UTF8.self) == "none" else {
            throw bad("is encrypted with a passphrase; the server starts unattended, so give it a key without one (ssh-keygen -t ed25519 -N '')")
        }
        guard reader.uint32() == 1 else { throw bad("holds more than one key") }
        guard reader.string() != nil, let secret = reader.string() else { throw bad("is cut short") }
        var inner = SSHWireReader(bytes: secret)
        guard let first = inner.uint32(), let second = inner.uint32(), first == second else { throw bad("is damaged (its check numbers differ)") }
        guard let type = inner.string() else { throw bad("is cut short") }
        guard String(decoding: type, as: UTF8.self) == keyType else {
            throw bad("is a \(String(decoding: type, as: UTF8.self)) key; storefront serve uses Ed25519 host keys (ssh-keygen -t ed25519)")
        }
        guard inner.string()?.count == 32, let both = inner.string(), both.count == 64 else { throw bad("is damaged") }
        return Data(both.prefix(32))
    }
}

/// Key fingerprints as OpenSSH prints them: SHA-256 of the public key blob, base64 without padding.
public enum Fingerprint {
    public static func of(_ key: NIOSSHPublicKey) -> String {
        // "type base64-blob": the blob is what OpenSSH hashes.
        let parts = String(openSSHPublicKey: key).split(separator: " ")
        let blob = parts.count > 1 ? Data(base64Encoded: String(parts[1])) ?? Data() : Data()
        let digest = Data(SHA256.hash(data: blob)).base64EncodedString()
        return "SHA256:" + digest.replacingOccurrences(of: "=", with: "")
    }
}

/// SSH wire encoding (RFC 4251 §5): big-endian uint32, and strings as a length then bytes.
struct SSHWire {
    var bytes: [UInt8] = []

    mutating func uint32(_ value: UInt32) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
    }

    mutating func string(_ value: [UInt8]) {
        uint32(UInt32(value.count))
        bytes += value
    }

    mutating func string(_ value: String) { string(Array(value.utf8)) }
}

struct SSHWireReader {
    var bytes: [UInt8]
    var offset = 0

    mutating func take(_ count: Int) -> [UInt8]? {
        guard count >= 0, bytes.count - offset >= count else { return nil }
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    mutating func uint32() -> UInt32? {
        take(4).map { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }

    mutating func string() -> [UInt8]? {
        uint32().flatMap { take(Int($0)) }
    }
}
