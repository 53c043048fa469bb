import BigInt
import Crypto
import Foundation

/// ECDSA P-256 over SHA-256 with the nonce RFC 6979 derives from the key and the message, instead of a
/// random one: the same payload signed by the same key is the same bytes, so a ledger's `export --jws`
/// and the notifications `--notify` sends read the same on every run and machine. The signature is an
/// ordinary ECDSA signature (any verifier, Apple's library among them, accepts it); RFC 6979 §3 shows
/// the nonce is as safe as a random one. k·G comes from swift-crypto (a P-256 key made from k: its
/// public key is k·G); the arithmetic modulo the group order from BigInt.
enum DeterministicECDSA {
    /// The order of P-256's group.
    static let order = BigUInt("FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551", radix: 16)!

    /// The raw 64-byte r‖s signature of `message` (hashed with SHA-256) by `key`.
    static func signature(for message: Data, with key: P256.Signing.PrivateKey) throws -> Data {
        let digest = Data(SHA256.hash(data: message))
        let d = BigUInt(key.rawRepresentation)
        let z = BigUInt(digest)
        // RFC 6979 §3.2, with qlen = hlen = 256: int2octets(x) and bits2octets(h1).
        let x = octets(d), h = octets(z % order)
        var v = Data(repeating: 0x01, count: 32)
        var k = Data(repeating: 0x00, count: 32)
        k = hmac(k, v + [0x00] + x + h)
        v = hmac(k, v)
        k = hmac(k, v + [0x01] + x + h)
        v = hmac(k, v)
        while true {
            v = hmac(k, v)
            let nonce = BigUInt(v)
            if nonce >= 1, nonce < order {
                let point = try P256.KeyAgreement.PrivateKey(rawRepresentation: octets(nonce)).publicKey.rawRepresentation
                let r = BigUInt(point.prefix(32)) % order
                if r != 0, let inverse = nonce.inverse(order) {
                    let s = (inverse * ((z + r * d) % order)) % order
                    if s != 0 { return octets(r) + octets(s) }
                }
            }
            k = hmac(k, v + [0x00])
            v = hmac(k, v)
        }
    }

    /// A number as 32 big-endian bytes.
    static func octets(_ value: BigUInt) -> Data {
        let bytes = value.serialize()
        return Data(repeating: 0, count: max(0, 32 - bytes.count)) + bytes.suffix(32)
    }

    static func hmac(_ key: Data, _ data: Data) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: data, using: SymmetricKey(data: key)))
    }
}
