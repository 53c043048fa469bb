import AppStoreSigning
import Crypto
import Foundation
@testable import StoreModel
import SwiftASN1
import TestSupport
import Testing
import X509

/// The local signing chain and the App Store's signed payloads. That Apple's own library verifies them
/// is checked end to end by `.ci/verify-signed` (app-store-server-library from PyPI).
struct SigningTests {
    static let chain = try! SigningChain.make()

    @Test("the chain is shaped as Apple's: WWDR marker on the intermediate, App Store marker on the leaf, critical constraints and key usage, key identifiers")
    func chainShape() throws {
        let chain = Self.chain
        #expect(chain.intermediate.extensions[oid: SigningChain.intermediateMarker] != nil)
        #expect(chain.leaf.extensions[oid: SigningChain.leafMarker] != nil)
        #expect(chain.root.extensions[oid: SigningChain.leafMarker] == nil)
        for certificate in [chain.root, chain.intermediate, chain.leaf] {
            #expect(certificate.extensions[oid: .X509ExtensionID.basicConstraints]?.critical == true)
            #expect(certificate.extensions[oid: .X509ExtensionID.keyUsage]?.critical == true)
            #expect(try certificate.extensions.subjectKeyIdentifier != nil)
        }
        #expect(try chain.intermediate.extensions.authorityKeyIdentifier?.keyIdentifier == chain.root.extensions.subjectKeyIdentifier?.keyIdentifier)
        #expect(try chain.leaf.extensions.authorityKeyIdentifier?.keyIdentifier == chain.intermediate.extensions.subjectKeyIdentifier?.keyIdentifier)
        #expect(chain.leaf.issuer == chain.intermediate.subject)
        #expect(chain.intermediate.issuer == chain.root.subject)
        #expect(try chain.leaf.extensions.basicConstraints == .notCertificateAuthority)
        // Valid wherever a script sets the clock: the verifier checks the chain at each signedDate.
        #expect(chain.leaf.notValidBefore <= Fixture.date("1970-01-01T00:00:00Z"))
        #expect(chain.leaf.notValidAfter >= Fixture.date("9999-12-31T00:00:00Z"))
    }

    @Test("each certificate is signed by the one above it, and the root by itself")
    func chainSignatures() throws {
        let chain = Self.chain
        #expect(chain.root.publicKey.isValidSignature(chain.root.signature, for: chain.root))
        #expect(chain.root.publicKey.isValidSignature(chain.intermediate.signature, for: chain.intermediate))
        #expect(chain.intermediate.publicKey.isValidSignature(chain.leaf.signature, for: chain.leaf))
        #expect(!chain.root.publicKey.isValidSignature(chain.leaf.signature, for: chain.leaf))
    }

    @Test("a JWS is ES256 over header.payload with the leaf's key, and its x5c lists leaf, intermediate, root in standard base64")
    func jwsSignature() throws {
        let jws = try JWS.sign(["transactionId": "1", "price": 4990], with: Self.chain)
        let parts = jws.split(separator: ".").map(String.init)
        #expect(parts.count == 3)
        let header = try #require(JSONSerialization.jsonObject(with: Self.base64URL(parts[0])) as? [String: Any])
        #expect(header["alg"] as? String == "ES256")
        let x5c = try #require(header["x5c"] as? [String])
        #expect(x5c == (try Self.chain.der()).map { $0.base64EncodedString() })
        let leaf = try Certificate(derEncoded: Array(try #require(Data(base64Encoded: x5c[0]))))
        let key = try #require(P256.Signing.PublicKey(leaf.publicKey))
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: Self.base64URL(parts[2]))
        #expect(key.isValidSignature(signature, for: Data((parts[0] + "." + parts[1]).utf8)))
        // A changed payload no longer matches its signature.
        let tampered = try JWS.sign(["transactionId": "2", "price": 4990], with: Self.chain).split(separator: ".")[1]
        #expect(!key.isValidSignature(signature, for: Data((parts[0] + "." + tampered).utf8)))
        #expect(JWS.payload(of: jws)?["price"] as? Int == 4990)
    }

    @Test("device verification is base64 SHA-384 of the lowercased nonce followed by the lowercased device verification ID")
    func deviceVerification() throws {
        let device = DeviceVerification(id: UUID(uuidString: "A1B2C3D4-0000-4000-8000-00000000ABCD")!)
        let nonce = UUID(uuidString: "F00DF00D-1111-4222-8333-444455556666")!
        let fields = device.fields(nonce: nonce)
        #expect(fields["deviceVerificationNonce"] as? String == "f00df00d-1111-4222-8333-444455556666")
        let expected = SHA384.hash(data: Data("f00df00d-1111-4222-8333-444455556666a1b2c3d4-0000-4000-8000-00000000abcd".utf8))
        #expect(fields["deviceVerification"] as? String == Data(expected).base64EncodedString())
        // A fresh nonce each time by default.
        #expect(device.fields()["deviceVerificationNonce"] as? String != device.fields()["deviceVerificationNonce"] as? String)
    }

    @Test("the chain is made once in its folder and reused: the root a backend trusts stays the same")
    func chainKept() throws {
        let folder = ScratchFolder.make("signing").path + "/signing"
        let first = try SigningChain.load(folder: folder)
        let second = try SigningChain.load(folder: folder)
        #expect(first.root == second.root)
        #expect(first.leaf == second.leaf)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/leaf-key.der")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        // A damaged chain is refused with what to do, not replaced behind the backend's back.
        try Data("not a certificate".utf8).write(to: URL(fileURLWithPath: folder + "/leaf.der"))
        #expect(throws: SigningChain.Failure.self) { try SigningChain.load(folder: folder) }
    }

    @Test("a transaction's payload: ids as strings, dates in milliseconds, price in milliunits, Apple's type and offer names")
    func transactionPayload() throws {
        var store = Fixture.store()
        store.purchase("pro.monthly")
        let t = try #require(store.transactions.first)
        let payload = SignedPayloads.transaction(t, in: store, device: nil)
        #expect(payload["transactionId"] as? String == "1")
        #expect(payload["originalTransactionId"] as? String == "1")
        #expect(payload["bundleId"] as? String == "com.example.fixture")
        #expect(payload["type"] as? String == "Auto-Renewable Subscription")
        #expect(payload["purchaseDate"] as? Int64 == Int64(Fixture.start.timeIntervalSince1970) * 1000)
        #expect(payload["price"] as? Int64 == 1990)
        #expect(payload["currency"] as? String == "USD")
        #expect(payload["storefront"] as? String == "USA")
        #expect(payload["storefrontId"] as? String == "143441")
        #expect(payload["offerType"] as? Int == 1)
        #expect(payload["offerIdentifier"] == nil)
        #expect(payload["offerDiscountType"] as? String == "PAY_AS_YOU_GO")
        #expect(payload["offerPeriod"] as? String == "P3M")
        #expect(payload["transactionReason"] as? String == "PURCHASE")
        #expect(payload["environment"] as? String == "Sandbox")
        #expect(payload["inAppOwnershipType"] as? String == "PURCHASED")
        #expect(payload["deviceVerification"] == nil)
    }

    @Test("a renewal is signed with transactionReason RENEWAL and the renewal's own price; a refund with its reason and date")
    func renewalAndRefund() throws {
        var store = Fixture.store()
        store.purchase("basic.monthly")
        store.advance(by: .oneMonth)
        let renewal = try #require(store.transactions.last)
        #expect(renewal.reason == .renewal)
        let renewed = SignedPayloads.transaction(renewal, in: store, device: nil)
        #expect(renewed["transactionReason"] as? String == "RENEWAL")
        #expect(renewed["price"] as? Int64 == 1990)
        _ = store.refund(renewal.id, reason: .developerIssue)
        let refunded = SignedPayloads.transaction(store.transactions.last!, in: store, device: nil)
        #expect(refunded["revocationReason"] as? Int == 1)
        #expect(refunded["revocationDate"] as? Int64 == Int64(store.now.timeIntervalSince1970) * 1000)
    }

    @Test("a payment of a 12-month commitment is signed with billingPlanType MONTHLY and its commitment; its renewal info with the plan it renews into, and auto-renew on after a cancel while payments are left; billed up front, neither")
    func commitmentPayloads() throws {
        var catalog = Fixture.catalog
        let index = try #require(catalog.position(ofProduct: "pro.annual"))
        var prices = PriceTable()
        prices.set("DEU", significand: 299, exponent: -2)
        catalog.products[index].subscription?.monthlyPlan = CommitmentPlan(prices: prices, introductoryOffer: nil)
        var store = AppStore(catalog: catalog, territory: try #require(catalog.territory("DEU")), now: Fixture.start)
        store.purchase("pro.annual", billingPlan: .monthly)
        let t = try #require(store.transactions.last)
        let payload = SignedPayloads.transaction(t, in: store, device: nil)
        #expect(payload["billingPlanType"] as? String == "MONTHLY")
        let commitment = try #require(payload["commitmentInfo"] as? [String: Any])
        #expect(commitment["billingPeriodNumber"] as? Int == 1)
        #expect(commitment["totalBillingPeriods"] as? Int == 12)
        #expect(commitment["commitmentPrice"] as? Int64 == 35_880, "twelve payments of 2.99, in milliunits")
        let group = try #require(catalog.product("pro.annual")?.subscription?.groupID)
        let renewal = try #require(SignedPayloads.renewalInfo(group: group, in: store))
        #expect(renewal["renewalBillingPlanType"] as? String == "MONTHLY")
        let renewing = try #require(renewal["commitmentInfo"] as? [String: Any])
        #expect(renewing["commitmentAutoRenewStatus"] as? Int == 1)
        #expect(renewing["commitmentRenewalDate"] as? Int64 == commitment["commitmentExpiresDate"] as? Int64)
        // Cancelled during the commitment: the next month is still billed (autoRenewStatus 1, as the
        // ledger and StoreKit's willAutoRenew say); the commitment itself will not renew.
        store.setAutoRenew(false, group: group)
        let cancelled = try #require(SignedPayloads.renewalInfo(group: group, in: store))
        #expect(cancelled["autoRenewStatus"] as? Int == 1)
        #expect((cancelled["commitmentInfo"] as? [String: Any])?["commitmentAutoRenewStatus"] as? Int == 0)
        // Billed up front: no plan type, no commitment.
        var upFront = Fixture.store()
        upFront.purchase("pro.monthly")
        let plain = SignedPayloads.transaction(try #require(upFront.transactions.first), in: upFront, device: nil)
        #expect(plain["billingPlanType"] == nil && plain["commitmentInfo"] == nil)
    }

    @Test("renewal info: auto-renew status, the next renewal's price in milliunits, and why it expired")
    func renewalInfoPayload() throws {
        var store = Fixture.store()
        store.purchase("basic.monthly")
        var info = try #require(SignedPayloads.renewalInfo(group: "plus", in: store))
        #expect(info["autoRenewStatus"] as? Int == 1)
        #expect(info["renewalPrice"] as? Int64 == 1990)
        #expect(info["autoRenewProductId"] as? String == "basic.monthly")
        store.setAutoRenew(false, group: "plus")
        store.advance(by: .oneMonth)
        info = try #require(SignedPayloads.renewalInfo(group: "plus", in: store))
        #expect(info["autoRenewStatus"] as? Int == 0)
        #expect(info["expirationIntent"] as? Int == 1)
        #expect(SignedPayloads.renewalInfo(group: "news", in: store) == nil)
    }

    @Test("the app transaction carries the receipt type, bundle id and, on a device, its verification")
    func appTransaction() throws {
        var store = Fixture.store()
        store.environment = .xcode
        let device = DeviceVerification(id: UUID())
        let payload = SignedPayloads.appTransaction(in: store, device: device)
        #expect(payload["receiptType"] as? String == "Xcode")
        #expect(payload["bundleId"] as? String == "com.example.fixture")
        #expect(payload["deviceVerification"] is String)
        #expect(payload["appAppleId"] == nil)
    }

    @Test("a notification signs its transaction as it was when it was made: a REFUND keeps its revocationDate after the refund is reversed")
    func notificationSignsItsMoment() throws {
        var store = Fixture.store()
        store.purchase("alps")
        _ = store.refund(1)
        store.collectNotifications()
        store.reverseRefund(1)
        store.collectNotifications()
        func signedTransaction(_ kind: ServerNotification.Kind) throws -> [String: Any] {
            let n = try #require(store.notifications.first { $0.kind == kind })
            let data = try #require(try SignedPayloads.notification(n, in: store, chain: Self.chain)["data"] as? [String: Any])
            let jws = try #require(data["signedTransactionInfo"] as? String)
            return try #require(try JSONSerialization.jsonObject(with: Self.base64URL(String(jws.split(separator: ".")[1]))) as? [String: Any])
        }
        #expect(try signedTransaction(.refund)["revocationDate"] as? Int64 == Int64(store.now.timeIntervalSince1970) * 1000)
        #expect(try signedTransaction(.refundReversed)["revocationDate"] == nil)
    }

    static func base64URL(_ text: String) -> Data {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)!
    }
}
