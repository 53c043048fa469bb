"""Apple's app-store-server-library verifies and decodes what storefront signs.

Usage: verify_signed_data.py ROOT_DER JWS_DIR LEDGER_JSON BUNDLE_ID OTHER_ROOT_DER

Every file in JWS_DIR (from `storefront export --jws`) must verify against ROOT_DER (from `storefront
certificates`) with Environment.SANDBOX and online checks off, and decode to the values the ledger holds
(LEDGER_JSON: `storefront ledger --json`). A tampered payload and data checked against another root
(OTHER_ROOT_DER: another user's storefront root) must be refused.
Exits 0 when all of that holds, 1 with the reasons otherwise.
"""
import base64
import datetime
import json
import os
import sys
from decimal import Decimal

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException

root_path, jws_dir, ledger_path, bundle_id, other_root_path = sys.argv[1:6]
root = open(root_path, "rb").read()
verifier = SignedDataVerifier([root], False, Environment.SANDBOX, bundle_id)
failures = []


def check(what, actual, expected):
    if actual != expected:
        failures.append(f"{what}: signed {actual!r}, ledger {expected!r}")


def millis(iso):
    if iso is None:
        return None
    return int(datetime.datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp() * 1000)


def milliunits(amount):
    return None if amount is None else int(Decimal(amount) * 1000)


ledger = [json.loads(line) for line in open(ledger_path) if line.strip()]
transactions = {str(t["transaction"]["id"]): t["transaction"] for t in ledger if "transaction" in t}
renewals = {r["renewalInfo"]["subscriptionGroupID"]: r["renewalInfo"] for r in ledger if "renewalInfo" in r}
notifications = {str(n["notification"]["id"]): n["notification"] for n in ledger if "notification" in n}
seen_notifications = []
types = {"autoRenewable": "Auto-Renewable Subscription", "nonConsumable": "Non-Consumable",
         "consumable": "Consumable", "nonRenewing": "Non-Renewing Subscription"}
offer_types = {"introductory": 1, "promotional": 2, "code": 3, "winBack": 4}
expiration_intents = {"autoRenewDisabled": 1, "billingError": 2, "didNotConsentToPriceIncrease": 3, "productUnavailable": 4}

files = sorted(os.listdir(jws_dir))
seen_transactions = set()
for name in files:
    signed = open(os.path.join(jws_dir, name)).read()
    try:
        if name.startswith("transaction-"):
            decoded = verifier.verify_and_decode_signed_transaction(signed)
            t = transactions.get(decoded.transactionId)
            if t is None:
                failures.append(f"{name}: transaction {decoded.transactionId} is not in the ledger")
                continue
            seen_transactions.add(decoded.transactionId)
            check(f"{name} originalTransactionId", decoded.originalTransactionId, str(t["originalID"]))
            check(f"{name} productId", decoded.productId, t["productID"])
            check(f"{name} type", decoded.rawType, types[t["productType"]])
            check(f"{name} purchaseDate", decoded.purchaseDate, millis(t["purchaseDate"]))
            check(f"{name} originalPurchaseDate", decoded.originalPurchaseDate, millis(t["originalPurchaseDate"]))
            check(f"{name} expiresDate", decoded.expiresDate, millis(t["expirationDate"]))
            check(f"{name} quantity", decoded.quantity, int(t["purchasedQuantity"]))
            check(f"{name} price", decoded.price, milliunits(t["price"]))
            check(f"{name} currency", decoded.currency, t["currency"])
            check(f"{name} storefront", decoded.storefront, t["storefront"])
            check(f"{name} inAppOwnershipType", decoded.rawInAppOwnershipType,
                  "PURCHASED" if t["ownershipType"] == "purchased" else "FAMILY_SHARED")
            check(f"{name} transactionReason", decoded.rawTransactionReason, t["reason"].upper())
            check(f"{name} offerType", decoded.rawOfferType, offer_types.get(t["offer.type"]))
            check(f"{name} revocationDate", decoded.revocationDate, millis(t["revocationDate"]))
            check(f"{name} revocationReason", decoded.rawRevocationReason,
                  {None: None, "other": 0, "developerIssue": 1}[t["revocationReason"]])
            # A refund's or a Family Sharing revocation's type, and a refund's percentage in milliunits
            # (App Store Server API 1.19): StoreKit's names and a percentage from 0 to 100 in the ledger.
            check(f"{name} revocationType", decoded.rawRevocationType,
                  {None: None, "fullRefund": "REFUND_FULL", "proratedRefund": "REFUND_PRORATED",
                   "familyRevocation": "FAMILY_REVOKE"}[t["revocationType"]])
            check(f"{name} revocationPercentage", decoded.revocationPercentage,
                  None if t["revocationPercentage"] is None else round(float(t["revocationPercentage"]) * 1000))
            check(f"{name} isUpgraded", bool(decoded.isUpgraded), t["isUpgraded"] is True)
            check(f"{name} subscriptionGroupIdentifier", decoded.subscriptionGroupIdentifier, t["subscriptionGroupID"])
            check(f"{name} appAccountToken", decoded.appAccountToken, t["appAccountToken"])
            check(f"{name} signedDate", decoded.signedDate, millis(t["signedDate"]))
            # A payment of a 12-month commitment (billed up front carries neither field).
            # A period of the monthly plan's introductory offer is MONTHLY without commitmentInfo.
            committed = t.get("commitmentInfo.billingPeriodNumber") is not None
            check(f"{name} billingPlanType", decoded.rawBillingPlanType, "MONTHLY" if t.get("billingPlanType") == "monthly" else None)
            info = decoded.commitmentInfo
            if committed and info is None:
                failures.append(f"{name}: a commitment's payment has no commitmentInfo")
            elif committed:
                check(f"{name} commitmentInfo.billingPeriodNumber", info.billingPeriodNumber,
                      int(t["commitmentInfo.billingPeriodNumber"]))
                check(f"{name} commitmentInfo.totalBillingPeriods", info.totalBillingPeriods,
                      int(t["commitmentInfo.totalBillingPeriods"]))
                check(f"{name} commitmentInfo.commitmentExpiresDate", info.commitmentExpiresDate,
                      millis(t["commitmentInfo.expirationDate"]))
                check(f"{name} commitmentInfo.commitmentPrice", info.commitmentPrice, milliunits(t["commitmentInfo.price"]))
            else:
                check(f"{name} commitmentInfo", info, None)
        elif name.startswith("renewal-info-"):
            decoded = verifier.verify_and_decode_renewal_info(signed)
            matches = [r for r in renewals.values() if str(r["originalTransactionID"]) == decoded.originalTransactionId]
            if len(matches) != 1:
                failures.append(f"{name}: no renewal info in the ledger for {decoded.originalTransactionId}")
                continue
            r = matches[0]
            # StoreKit's autoRenewPreference is none once the subscription won't renew; the server's
            # autoRenewProductId stays present.
            if r["willAutoRenew"] is True:
                check(f"{name} autoRenewProductId", decoded.autoRenewProductId, r["autoRenewPreference"])
            elif decoded.autoRenewProductId is None:
                failures.append(f"{name}: autoRenewProductId is missing (the server always sends it)")
            check(f"{name} autoRenewStatus", decoded.rawAutoRenewStatus, 1 if r["willAutoRenew"] is True else 0)
            check(f"{name} expirationIntent", decoded.rawExpirationIntent, expiration_intents.get(r["expirationReason"]))
            check(f"{name} renewalPrice", decoded.renewalPrice, milliunits(r["renewalPrice"]))
            check(f"{name} renewalDate", decoded.renewalDate, millis(r["renewalDate"]))
            check(f"{name} gracePeriodExpiresDate", decoded.gracePeriodExpiresDate, millis(r["gracePeriodExpirationDate"]))
            check(f"{name} isInBillingRetryPeriod", bool(decoded.isInBillingRetryPeriod), r["isInBillingRetry"] is True)
            # In a commitment: the plan it renews into and the commitment's own auto-renew.
            plan = r.get("renewalBillingPlanType")
            check(f"{name} renewalBillingPlanType", decoded.rawRenewalBillingPlanType,
                  {None: None, "monthly": "MONTHLY", "billedUpFront": "BILLED_UPFRONT"}[plan])
            committed = r.get("commitmentInfo.willAutoRenew")
            if committed is None:
                check(f"{name} commitmentInfo", decoded.commitmentInfo, None)
            elif decoded.commitmentInfo is None:
                failures.append(f"{name}: a subscription in a commitment has no renewal commitmentInfo")
            else:
                check(f"{name} commitmentInfo.commitmentAutoRenewStatus", decoded.commitmentInfo.rawCommitmentAutoRenewStatus,
                      1 if committed is True else 0)
                check(f"{name} commitmentInfo.commitmentRenewalPrice", decoded.commitmentInfo.commitmentRenewalPrice,
                      milliunits(r.get("commitmentInfo.renewalPrice")))
            winbacks = r["eligibleWinBackOfferIDs"]
            check(f"{name} eligibleWinBackOfferIds", decoded.eligibleWinBackOfferIds, winbacks.split(",") if winbacks else None)
        elif name.startswith("notification-"):
            decoded = verifier.verify_and_decode_notification(signed)
            n = notifications.get(name[len("notification-"):-len(".jws")])
            if n is None:
                failures.append(f"{name}: not in the ledger's outbox")
                continue
            seen_notifications.append((int(n["id"]), decoded.rawNotificationType, decoded.rawSubtype))
            check(f"{name} notificationType", decoded.rawNotificationType, n["notificationType"])
            check(f"{name} subtype", decoded.rawSubtype, n["subtype"])
            check(f"{name} notificationUUID", decoded.notificationUUID, n["notificationUUID"])
            check(f"{name} version", decoded.version, "2.0")
            check(f"{name} signedDate", decoded.signedDate, millis(n["signedDate"]))
            check(f"{name} data.bundleId", decoded.data.bundleId, bundle_id)
            check(f"{name} data.environment", decoded.data.rawEnvironment, "Sandbox")
            check(f"{name} data.consumptionRequestReason", decoded.data.rawConsumptionRequestReason, n["consumptionRequestReason"])
            if n["transactionID"] is not None:
                inner = verifier.verify_and_decode_signed_transaction(decoded.data.signedTransactionInfo)
                check(f"{name} data.signedTransactionInfo transactionId", inner.transactionId, str(n["transactionID"]))
                # A REFUND's transaction is signed as it was then: refunded, with its type, even when the
                # refund was reversed later.
                if n["notificationType"] == "REFUND":
                    check(f"{name} data.signedTransactionInfo revocationType", inner.rawRevocationType, "REFUND_FULL")
                    check(f"{name} data.signedTransactionInfo revocationPercentage", inner.revocationPercentage, 100000)
            if n["subscriptionGroupID"] is not None and decoded.data.signedRenewalInfo is not None:
                renewal = verifier.verify_and_decode_renewal_info(decoded.data.signedRenewalInfo)
                check(f"{name} data.signedRenewalInfo group", renewal.originalTransactionId,
                      str(renewals[n["subscriptionGroupID"]]["originalTransactionID"]))
        elif name == "app-transaction.jws":
            decoded = verifier.verify_and_decode_app_transaction(signed)
            check("app transaction bundleId", decoded.bundleId, bundle_id)
            check("app transaction receiptType", decoded.rawReceiptType, "Sandbox")
        else:
            failures.append(f"{name}: not a file export --jws writes")
    except VerificationException as error:
        failures.append(f"{name}: refused by the verifier: {error} ({error.__cause__!r})")

missing = set(notifications) - {str(n[0]) for n in seen_notifications}
if missing:
    failures.append(f"notifications with no signed file: {sorted(missing)}")
expected_sequence = os.environ.get("EXPECTED_NOTIFICATIONS")
if expected_sequence:
    made = ", ".join(t + (" " + s if s else "") for _, t, s in sorted(seen_notifications))
    check("the notifications, in order", made, expected_sequence)
missing = set(transactions) - seen_transactions
if missing:
    failures.append(f"transactions with no signed file: {sorted(missing)}")
if len(renewals) and not any(n.startswith("renewal-info-") for n in files):
    failures.append("no renewal info was signed")

# A payload changed after signing is refused: the signature no longer matches.
sample = open(os.path.join(jws_dir, "transaction-1.jws")).read()
header, payload, signature = sample.split(".")
body = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
body["price"] = 0
forged = base64.urlsafe_b64encode(json.dumps(body).encode()).decode().rstrip("=")
try:
    verifier.verify_and_decode_signed_transaction(".".join([header, forged, signature]))
    failures.append("a tampered payload was accepted")
except VerificationException:
    pass

# Data that does not chain to the trusted root is refused: another storefront's root did not sign it.
other_root = open(other_root_path, "rb").read()
try:
    SignedDataVerifier([other_root], False, Environment.SANDBOX, bundle_id).verify_and_decode_signed_transaction(sample)
    failures.append("data was accepted with a trusted root that is not storefront's")
except VerificationException:
    pass

# The wrong bundle id or environment is refused, as the library does for a server's real data.
for verifier_args, what in (((Environment.SANDBOX, "com.example.other"), "another bundle id"),
                            ((Environment.PRODUCTION, bundle_id), "the production environment")):
    try:
        SignedDataVerifier([root], False, verifier_args[0], verifier_args[1], 1).verify_and_decode_signed_transaction(sample)
        failures.append(f"data was accepted for {what}")
    except VerificationException:
        pass

if failures:
    print("\n".join(failures))
    sys.exit(1)
print(f"verified: {len(files)} signed items ({len(seen_transactions)} transactions, "
      f"{sum(n.startswith('renewal-info-') for n in files)} renewal infos, the app transaction, "
      f"{len(seen_notifications)} server notifications); "
      "a tampered payload, a foreign root, another bundle id and another environment were refused")
