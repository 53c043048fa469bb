import Crypto
import Foundation

/// A JSON Web Signature in compact form, as the App Store signs its data: header
/// `{"alg":"ES256","x5c":[leaf, intermediate, root]}` (standard base64 DER), the payload, and an ECDSA
/// P-256 signature over SHA-256 of `header.payload` as the raw 64-byte r‖s, each part base64url
/// without padding (RFC 7515, RFC 7518 §3.4).
public enum JWS {
    /// `payload` (a JSON object) signed by the chain's leaf.
    public static func sign(_ payload: [String: Any], with chain: SigningChain) throws -> String {
        let header: [String: Any] = ["alg": "ES256", "x5c": try chain.der().map { $0.base64EncodedString() }]
        let signingInput = base64URL(try json(header)) + "." + base64URL(try json(payload))
        // The same payload signs to the same bytes (RFC 6979's nonce): exports and deliveries reproduce.
        let signature = try DeterministicECDSA.signature(for: Data(signingInput.utf8), with: chain.leafKey)
        return signingInput + "." + base64URL(signature)
    }

    /// JSON with sorted keys and no escaped slashes: the same payload always signs the same bytes.
    static func json(_ object: [String: Any]) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The payload of a compact JWS, decoded (not verified): for tests and the inspector.
    public static func payload(of jws: String) -> [String: Any]? {
        let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let data = decodeBase64URL(String(parts[1])) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    static func decodeBase64URL(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
