import Foundation
import NIOSSH
import TextSafety

/// Who may connect: the keys of an authorized_keys file (OpenSSH's format, one key per line), or
/// anyone (`--demo`).
public enum Admission: Sendable {
    case keys(AuthorizedKeys)
    case anyone
}

/// The usable keys of an authorized_keys file, and why the other lines cannot be used.
public struct AuthorizedKeys: Sendable {
    public private(set) var keys: Set<NIOSSHPublicKey> = []
    /// "PATH:LINE: why", for each line that holds something but cannot be used.
    public private(set) var unusable: [String] = []

    /// What SwiftNIO SSH verifies (NIOSSHPublicKey): Ed25519 and ECDSA on the NIST curves.
    static let supportedTypes: Set<String> = ["ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521"]
    /// Key types OpenSSH writes that this server cannot check, named in the message.
    static let knownTypes: Set<String> = ["ssh-rsa", "ssh-dss", "sk-ssh-ed25519@openssh.com", "sk-ecdsa-sha2-nistp256@openssh.com",
                                          "rsa-sha2-256", "rsa-sha2-512"]

    public struct Problem: Error, CustomStringConvertible {
        public var description: String
    }

    public init(path: String) throws(Problem) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(description: "cannot read the authorized keys file \(path) (--authorized-keys)")
        }
        self.init(text: String(decoding: data, as: UTF8.self), path: path)
        guard !keys.isEmpty else {
            throw Problem(description: "the authorized keys file \(path) holds no key this server can use (Ed25519 or ECDSA), so nobody could connect"
                          + (unusable.isEmpty ? "" : ":\n" + unusable.joined(separator: "\n")))
        }
    }

    init(text: String, path: String) {
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces.union(.init(charactersIn: "\r")))
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            let place = "\(path):\(index + 1)"
            let type = fields[0]
            guard Self.supportedTypes.contains(type) else {
                if Self.knownTypes.contains(type) {
                    unusable.append("\(place): \(type) keys are not supported (SwiftNIO SSH checks Ed25519 and ECDSA keys); line ignored")
                } else {
                    // Options such as command="…" or from="…" restrict a key; ignoring them would let the
                    // key in more widely than its owner wrote, so the whole line is left out.
                    unusable.append("\(place): starts with options or an unknown key type (\(UntrustedText.quoted(type, limit: 40))); only plain key lines are supported; line ignored")
                }
                continue
            }
            guard fields.count >= 2, let key = try? NIOSSHPublicKey(openSSHPublicKey: "\(type) \(fields[1])") else {
                unusable.append("\(place): the \(type) key cannot be read; line ignored")
                continue
            }
            keys.insert(key)
        }
    }
}
