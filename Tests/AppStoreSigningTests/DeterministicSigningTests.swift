import Crypto
import Foundation
@testable import AppStoreSigning
import Testing

/// Signed data is reproducible (issue 51): ECDSA's nonce is RFC 6979's, derived from the key and the
/// message, so the same payload signs to the same bytes, and every verifier still accepts it.
struct DeterministicSigningTests {
    static func hex(_ text: String) -> Data {
        Data(stride(from: 0, to: text.count, by: 2).map { UInt8(text.dropFirst($0).prefix(2), radix: 16)! })
    }

    @Test("RFC 6979's test vector A.2.5 (P-256, SHA-256, \"sample\"): the same r and s")
    func rfcVector() throws {
        let key = try P256.Signing.PrivateKey(rawRepresentation: Self.hex("C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721"))
        let signature = try DeterministicECDSA.signature(for: Data("sample".utf8), with: key)
        #expect(signature == Self.hex("EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716")
                           + Self.hex("F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8"))
    }

    @Test("a signature verifies with the key's public key, and the same message signs to the same bytes; another message, other bytes")
    func verifiesAndRepeats() throws {
        let key = P256.Signing.PrivateKey()
        for message in ["", "{\"transactionId\":\"1\"}", String(repeating: "x", count: 10_000)].map({ Data($0.utf8) }) {
            let signature = try DeterministicECDSA.signature(for: message, with: key)
            #expect(signature.count == 64)
            #expect(key.publicKey.isValidSignature(try P256.Signing.ECDSASignature(rawRepresentation: signature), for: message))
            #expect(try DeterministicECDSA.signature(for: message, with: key) == signature)
        }
        #expect(try DeterministicECDSA.signature(for: Data("a".utf8), with: key) != DeterministicECDSA.signature(for: Data("b".utf8), with: key))
    }
}
