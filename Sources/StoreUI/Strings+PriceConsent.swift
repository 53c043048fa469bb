import StoreModel

/// Every word of the price-increase consent sheet, in English, German, French and Japanese.
public struct PriceConsentStrings: Sendable {
    public var title = "Subscription Price Increase"
    /// The new price, the date it is first billed, and the date the subscription ends without consent.
    public var message: @Sendable (_ price: String, _ from: String) -> String = { price, from in
        "The price of this subscription is going up to \(price). If you don't agree, it won't renew and ends on \(from)."
    }
    public var agree = "Agree"
    public var notNow = "Not Now"
    public var agreed: @Sendable (String) -> String = { "You agreed to the new price for \($0)." }

    public init() {}

    public static func forLanguage(_ code: String?) -> PriceConsentStrings {
        switch code {
        case "de": german
        case "fr": french
        case "ja": japanese
        default: PriceConsentStrings()
        }
    }

    static let german: PriceConsentStrings = {
        var s = PriceConsentStrings()
        s.title = "Preiserhöhung des Abos"
        s.message = { price, from in
            "Der Preis dieses Abos steigt auf \(price). Wenn du nicht zustimmst, wird es nicht verlängert und endet am \(from)."
        }
        s.agree = "Zustimmen"
        s.notNow = "Nicht jetzt"
        s.agreed = { "Du hast dem neuen Preis für \($0) zugestimmt." }
        return s
    }()

    static let french: PriceConsentStrings = {
        var s = PriceConsentStrings()
        s.title = "Hausse du prix de l’abonnement"
        s.message = { price, from in
            "Le prix de cet abonnement passe à \(price). Si vous n’acceptez pas, il ne sera pas renouvelé et prendra fin le \(from)."
        }
        s.agree = "Accepter"
        s.notNow = "Plus tard"
        s.agreed = { "Vous avez accepté le nouveau prix de \($0)." }
        return s
    }()

    static let japanese: PriceConsentStrings = {
        var s = PriceConsentStrings()
        s.title = "サブスクリプションの価格改定"
        s.message = { price, from in
            "このサブスクリプションの価格は\(price)に変わります。同意しない場合は更新されず、\(from)に終了します。"
        }
        s.agree = "同意する"
        s.notNow = "今はしない"
        s.agreed = { "\($0)の新しい価格に同意しました。" }
        return s
    }()
}
