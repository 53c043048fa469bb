import CatalogFormats
import Foundation
import StoreModel

/// A small catalog written for the tests, so they do not change when the sample catalog does.
public enum Fixture {
    public static let json = """
    {
      "app": {"name": {"en": "Fixture", "ja": "フィクスチャ"}, "defaultLanguage": "en",
              "termsOfServiceURL": "https://fixture.example/terms", "privacyPolicyURL": "https://fixture.example/privacy", "billingGracePeriod": {"duration": "P16D"}},
      "territories": [
        {"code": "USA", "currency": "USD", "locale": "en_US"},
        {"code": "DEU", "currency": "EUR", "locale": "de_DE"},
        {"code": "JPN", "currency": "JPY", "locale": "ja_JP"},
        {"code": "GBR", "currency": "GBP", "locale": "en_GB"}
      ],
      "subscriptionGroups": [
        {"id": "plus", "name": {"en": "Plus"}},
        {"id": "news", "name": {"en": "News"}}
      ],
      "products": [
        {"id": "boost", "type": "consumable", "name": {"en": "Boost", "ja": "ブースト"}, "description": {"en": "One boost."},
         "maxQuantity": 5, "prices": {"USA": "0.99", "DEU": "0.99", "JPN": "160"}},
        {"id": "alps", "type": "nonConsumable", "name": {"en": "Alps Maps"}, "description": {"en": "Alps."},
         "familyShareable": true, "prices": {"USA": "4.99", "DEU": "5.99", "JPN": "800", "GBR": "4.99"}},
        {"id": "pass", "type": "nonRenewing", "name": {"en": "Summer Pass"}, "description": {"en": "Three months."},
         "duration": "P3M", "prices": {"USA": "9.99", "JPN": "1500"}},
        {"id": "family.monthly", "type": "autoRenewable", "name": {"en": "Family Monthly"}, "description": {"en": "For six."},
         "familyShareable": true, "group": "plus", "level": 1, "period": "P1M", "prices": {"USA": "9.99", "JPN": "1500"}},
        {"id": "pro.monthly", "type": "autoRenewable", "name": {"en": "Pro Monthly"}, "description": {"en": "Pro."},
         "group": "plus", "level": 2, "period": "P1M", "prices": {"USA": "4.99", "DEU": "4.99", "JPN": "800"},
         "introductoryOffer": {"paymentMode": "payAsYouGo", "period": "P1M", "periodCount": 3,
                               "prices": {"USA": "1.99", "DEU": "1.99", "JPN": "300"}},
         "promotionalOffers": [
           {"id": "stay", "purpose": "retention", "paymentMode": "payAsYouGo", "period": "P1M", "periodCount": 2,
            "prices": {"USA": "2.49", "JPN": "400"}}
         ],
         "winBackOffers": [
           {"id": "comeback", "paymentMode": "payUpFront", "period": "P3M", "prices": {"USA": "5.99", "JPN": "1000"},
            "paidSubscriptionDurationInMonths": 1, "timeSinceLastSubscribedInMonths": {"minimum": 1, "maximum": 24}, "waitBetweenOffersInMonths": 12}
         ]},
        {"id": "pro.halfyear", "type": "autoRenewable", "name": {"en": "Pro 6 Months"}, "description": {"en": "Pro."},
         "group": "plus", "level": 2, "period": "P6M", "prices": {"USA": "24.99", "JPN": "4000"},
         "introductoryOffer": {"paymentMode": "payUpFront", "period": "P3M", "prices": {"USA": "9.99", "JPN": "1600"}}},
        {"id": "pro.annual", "type": "autoRenewable", "name": {"en": "Pro Annual"}, "description": {"en": "Pro."},
         "group": "plus", "level": 2, "period": "P1Y", "prices": {"USA": "29.99", "DEU": "29.99", "JPN": "4800"},
         "introductoryOffer": {"paymentMode": "freeTrial", "period": "P1W"}},
        {"id": "basic.monthly", "type": "autoRenewable", "name": {"en": "Basic Monthly"}, "description": {"en": "Basic."},
         "group": "plus", "level": 3, "period": "P1M", "prices": {"USA": "1.99", "JPN": "300"}},
        {"id": "news.monthly", "type": "autoRenewable", "name": {"en": "News Monthly"}, "description": {"en": "News."},
         "group": "news", "level": 1, "period": "P1M", "prices": {"USA": "2.99"}}
      ],
      "offerCodes": [
        {"id": "spring", "name": {"en": "Spring"}, "product": "pro.monthly", "paymentMode": "freeTrial", "period": "P1M",
         "eligibility": ["new", "lapsed"], "expires": "2027-06-30T23:59:59Z", "codes": {"custom": ["SPRINGTRAIL"]}}
      ]
    }
    """

    public static var catalog: Catalog { try! CatalogLoader.load(Data(json.utf8)) }

    /// 21 November 2026, 09:00 UTC.
    public static let start = try! Date("2026-11-21T09:00:00Z", strategy: .iso8601)

    public static func store(territory: String = "USA", gate: PaymentGate = .allowed) -> AppStore {
        let catalog = catalog
        return AppStore(catalog: catalog, territory: catalog.territory(territory)!, now: start, gate: gate)
    }

    public static func date(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }
}
