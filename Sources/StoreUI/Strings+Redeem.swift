import StoreModel

/// Every word of offer-code redemption (the system's redemption sheet, its errors, the welcome and the
/// notices of codes redeemed in the App Store), in English, German, French and Japanese.
public struct RedeemStrings: Sendable {
    public var redeemCode = "Redeem Code"
    public var placeholder = "Enter Code"
    public var terms = "Terms and Conditions apply: apple.com/legal/internet-services/itunes"
    public var cancel = "Cancel"
    public var redeem = "Redeem"
    public var redeemOffer = "Redeem Offer"
    public var done = "Done"
    /// The offer page: when it applies.
    public var startsNow = "Starts today."
    public var fromRenewal: @Sendable (_ date: String) -> String = { "Applies from \($0)." }
    public var switchesNow: @Sendable (_ plan: String) -> String = { "Switches your subscription to \($0) today." }
    public var switchesAt: @Sendable (_ plan: String, _ date: String) -> String = { "Switches your subscription to \($0) at your next renewal on \($1)." }
    /// A one-time product's offer: "Alps Map Pack, free", "Trail Boost, $0.49".
    public var itemFree: @Sendable (_ item: String) -> String = { "\($0), free" }
    public var itemPrice: @Sendable (_ item: String, _ price: String) -> String = { "\($0), \($1)" }
    /// After redeeming.
    public var welcomeTitle: @Sendable (_ service: String) -> String = { "Welcome to \($0)" }
    public var welcome: @Sendable (_ offer: String, _ terms: String) -> String = { "Your \($0) starts now: \($1)." }
    public var changesTitle = "What Changes"
    public var changesAtRenewal: @Sendable (_ offer: String, _ date: String, _ terms: String) -> String = {
        "\($0) applies from \($1): \($2). Until then, nothing changes."
    }
    public var switchedNow: @Sendable (_ plan: String, _ offer: String) -> String = { "You're on \($0) from today, with \($1)." }
    public var switchedAt: @Sendable (_ plan: String, _ date: String, _ current: String) -> String = {
        "\($0) starts at your next renewal on \($1), with this offer. Until then you keep \($2)."
    }
    public var deliveredTitle = "Code Redeemed"
    public var delivered: @Sendable (_ item: String) -> String = { "\($0) is yours." }
    /// Why a code is refused.
    public var invalidCharacters = "Codes have only the letters A–Z and the digits 0–9. Check the code and try again."
    public var unknownCode = "This code isn't valid. Check the code and try again."
    public var expired = "This offer has expired."
    public var inactive = "This offer is no longer active."
    public var codeAlreadyUsed = "This code has already been redeemed."
    public var alreadyRedeemed = "You've already redeemed this offer."
    public var notEligible: @Sendable (_ whom: String) -> String = { "You're not eligible for this offer: it's for \($0) only." }
    /// Whom an offer is for, by eligibility: a subscription's, then a one-time product's.
    public var subscribers: @Sendable (OfferCodeOffer.Eligibility) -> String = {
        switch $0 {
        case .new: "new subscribers"
        case .existing: "current subscribers"
        case .lapsed: "former subscribers"
        }
    }
    public var customers: @Sendable (OfferCodeOffer.Eligibility) -> String = {
        switch $0 {
        case .new: "new customers"
        case .existing: "customers who bought in the last 30 days"
        case .lapsed: "customers who last bought over 30 days ago"
        }
    }
    public var wouldDowngrade: @Sendable (_ current: String) -> String = {
        "This code is for a lower plan than your \($0) subscription, so it can't be redeemed."
    }
    public var limitReached = "This offer has reached its redemption limit."
    public var quarterlyLimitReached = "This app can't accept more offer codes right now. Try again later."
    public var alreadyOwned: @Sendable (_ item: String) -> String = { "You already own \($0)." }
    public var notAvailable = "This offer isn't available in your country or region."
    public var paymentNotAllowed = "Purchases aren't allowed on this device, so this paid offer can't be redeemed. Free offers still can."
    /// Codes redeemed in the App Store, arriving while the app runs or at launch.
    public var arrived: @Sendable (_ code: String) -> String = { "Code \($0) was redeemed in the App Store." }
    public var refused: @Sendable (_ code: String, _ why: String) -> String = { "The App Store refused code \($0): \($1)" }
    /// The QA panel's rows and notices: English in every language, like the rest of the QA tools.
    public var panelCode = "App Store code"
    public var panelHelp = "A code redeemed in the App Store, outside the app: ←/→ choose the catalog's code; redeemed now, it reaches the running app with a notice; before the next launch, a --state ledger keeps it for the app's next start."
    public var panelNow = "Redeem in the App Store now"
    public var panelAtLaunch = "Redeem in the App Store before next launch"
    public var queued: @Sendable (_ code: String) -> String = { "Code \($0) was redeemed in the App Store; the app hears of it at its next launch." }
    public var needsLedger = "Redeeming before the next launch needs a --state ledger to remember it."
    public var noCodes = "none in the catalog"

    public init() {}

    public static func forLanguage(_ code: String?) -> RedeemStrings {
        switch code {
        case "de": german
        case "fr": french
        case "ja": japanese
        default: RedeemStrings()
        }
    }

    static let german: RedeemStrings = {
        var s = RedeemStrings()
        s.redeemCode = "Code einlösen"
        s.placeholder = "Code eingeben"
        s.terms = "Es gelten die Nutzungsbedingungen: apple.com/legal/internet-services/itunes"
        s.cancel = "Abbrechen"
        s.redeem = "Einlösen"
        s.redeemOffer = "Angebot einlösen"
        s.done = "Fertig"
        s.startsNow = "Beginnt heute."
        s.fromRenewal = { "Gilt ab dem \($0)." }
        s.switchesNow = { "Stellt dein Abo heute auf \($0) um." }
        s.switchesAt = { "Stellt dein Abo bei der nächsten Verlängerung am \($1) auf \($0) um." }
        s.itemFree = { "\($0), kostenlos" }
        s.itemPrice = { "\($0), \($1)" }
        s.welcomeTitle = { "Willkommen bei \($0)" }
        s.welcome = { "Dein Angebot „\($0)“ beginnt jetzt: \($1)." }
        s.changesTitle = "Was sich ändert"
        s.changesAtRenewal = { "„\($0)“ gilt ab dem \($1): \($2). Bis dahin ändert sich nichts." }
        s.switchedNow = { "Du hast ab heute \($0), mit „\($1)“." }
        s.switchedAt = { "\($0) beginnt bei deiner nächsten Verlängerung am \($1), mit diesem Angebot. Bis dahin behältst du \($2)." }
        s.deliveredTitle = "Code eingelöst"
        s.delivered = { "\($0) gehört jetzt dir." }
        s.invalidCharacters = "Codes bestehen nur aus den Buchstaben A–Z und den Ziffern 0–9. Prüfe den Code und versuche es erneut."
        s.unknownCode = "Dieser Code ist ungültig. Prüfe den Code und versuche es erneut."
        s.expired = "Dieses Angebot ist abgelaufen."
        s.inactive = "Dieses Angebot ist nicht mehr aktiv."
        s.codeAlreadyUsed = "Dieser Code wurde bereits eingelöst."
        s.alreadyRedeemed = "Du hast dieses Angebot bereits eingelöst."
        s.notEligible = { "Dieses Angebot gilt nur für \($0)." }
        s.subscribers = {
            switch $0 {
            case .new: "neue Abonnenten"
            case .existing: "aktuelle Abonnenten"
            case .lapsed: "frühere Abonnenten"
            }
        }
        s.customers = {
            switch $0 {
            case .new: "neue Kunden"
            case .existing: "Kunden mit einem Kauf in den letzten 30 Tagen"
            case .lapsed: "Kunden, deren letzter Kauf über 30 Tage zurückliegt"
            }
        }
        s.wouldDowngrade = { "Dieser Code gilt für ein niedrigeres Abo als dein Abo \($0) und kann nicht eingelöst werden." }
        s.limitReached = "Dieses Angebot hat sein Einlöselimit erreicht."
        s.quarterlyLimitReached = "Diese App kann gerade keine weiteren Angebotscodes annehmen. Versuche es später erneut."
        s.alreadyOwned = { "\($0) gehört dir bereits." }
        s.notAvailable = "Dieses Angebot ist in deinem Land oder deiner Region nicht verfügbar."
        s.paymentNotAllowed = "Auf diesem Gerät sind Käufe nicht erlaubt, daher kann dieses kostenpflichtige Angebot nicht eingelöst werden. Kostenlose Angebote schon."
        s.arrived = { "Code \($0) wurde im App Store eingelöst." }
        s.refused = { "Der App Store hat Code \($0) abgelehnt: \($1)" }
        return s
    }()

    static let french: RedeemStrings = {
        var s = RedeemStrings()
        s.redeemCode = "Utiliser un code"
        s.placeholder = "Saisir le code"
        s.terms = "Conditions générales applicables : apple.com/legal/internet-services/itunes"
        s.cancel = "Annuler"
        s.redeem = "Utiliser"
        s.redeemOffer = "Profiter de l’offre"
        s.done = "OK"
        s.startsNow = "Commence aujourd’hui."
        s.fromRenewal = { "S’applique à partir du \($0)." }
        s.switchesNow = { "Votre abonnement passe à \($0) aujourd’hui." }
        s.switchesAt = { "Votre abonnement passe à \($0) lors de votre prochain renouvellement, le \($1)." }
        s.itemFree = { "\($0), gratuit" }
        s.itemPrice = { "\($0), \($1)" }
        s.welcomeTitle = { "Bienvenue dans \($0)" }
        s.welcome = { "Votre offre « \($0) » commence maintenant : \($1)." }
        s.changesTitle = "Ce qui change"
        s.changesAtRenewal = { "« \($0) » s’applique à partir du \($1) : \($2). D’ici là, rien ne change." }
        s.switchedNow = { "Vous passez à \($0) dès aujourd’hui, avec « \($1) »." }
        s.switchedAt = { "\($0) commence à votre prochain renouvellement, le \($1), avec cette offre. D’ici là, vous gardez \($2)." }
        s.deliveredTitle = "Code utilisé"
        s.delivered = { "\($0) est à vous." }
        s.invalidCharacters = "Les codes ne contiennent que les lettres A à Z et les chiffres 0 à 9. Vérifiez le code et réessayez."
        s.unknownCode = "Ce code n’est pas valide. Vérifiez le code et réessayez."
        s.expired = "Cette offre a expiré."
        s.inactive = "Cette offre n’est plus active."
        s.codeAlreadyUsed = "Ce code a déjà été utilisé."
        s.alreadyRedeemed = "Vous avez déjà profité de cette offre."
        s.notEligible = { "Vous n’êtes pas éligible : cette offre est réservée aux \($0)." }
        s.subscribers = {
            switch $0 {
            case .new: "nouveaux abonnés"
            case .existing: "abonnés actuels"
            case .lapsed: "anciens abonnés"
            }
        }
        s.customers = {
            switch $0 {
            case .new: "nouveaux clients"
            case .existing: "clients ayant acheté dans les 30 derniers jours"
            case .lapsed: "clients dont le dernier achat date de plus de 30 jours"
            }
        }
        s.wouldDowngrade = { "Ce code concerne une formule inférieure à votre abonnement \($0) : il ne peut pas être utilisé." }
        s.limitReached = "Cette offre a atteint sa limite d’utilisations."
        s.quarterlyLimitReached = "Cette app ne peut plus accepter de codes pour le moment. Réessayez plus tard."
        s.alreadyOwned = { "Vous possédez déjà \($0)." }
        s.notAvailable = "Cette offre n’est pas disponible dans votre pays ou région."
        s.paymentNotAllowed = "Les achats ne sont pas autorisés sur cet appareil : cette offre payante ne peut pas être utilisée. Les offres gratuites, si."
        s.arrived = { "Le code \($0) a été utilisé dans l’App Store." }
        s.refused = { "L’App Store a refusé le code \($0) : \($1)" }
        return s
    }()

    static let japanese: RedeemStrings = {
        var s = RedeemStrings()
        s.redeemCode = "コードを使う"
        s.placeholder = "コードを入力"
        s.terms = "利用規約が適用されます：apple.com/legal/internet-services/itunes"
        s.cancel = "キャンセル"
        s.redeem = "使う"
        s.redeemOffer = "特典を使う"
        s.done = "完了"
        s.startsNow = "今日から始まります。"
        s.fromRenewal = { "\($0)から適用されます。" }
        s.switchesNow = { "今日からサブスクリプションが\($0)に切り替わります。" }
        s.switchesAt = { "次回の更新日（\($1)）にサブスクリプションが\($0)に切り替わります。" }
        s.itemFree = { "\($0)、無料" }
        s.itemPrice = { "\($0)、\($1)" }
        s.welcomeTitle = { "\($0)へようこそ" }
        s.welcome = { "「\($0)」が始まりました：\($1)。" }
        s.changesTitle = "変更内容"
        s.changesAtRenewal = { "「\($0)」は\($1)から適用されます：\($2)。それまでは何も変わりません。" }
        s.switchedNow = { "今日から\($0)になりました（「\($1)」適用）。" }
        s.switchedAt = { "次回の更新日（\($1)）から\($0)がこの特典付きで始まります。それまでは\($2)のままです。" }
        s.deliveredTitle = "コードを使いました"
        s.delivered = { "\($0)を入手しました。" }
        s.invalidCharacters = "コードに使えるのは英字A〜Zと数字0〜9だけです。コードを確認して、もう一度お試しください。"
        s.unknownCode = "このコードは無効です。コードを確認して、もう一度お試しください。"
        s.expired = "この特典は期限切れです。"
        s.inactive = "この特典は現在提供されていません。"
        s.codeAlreadyUsed = "このコードはすでに使用されています。"
        s.alreadyRedeemed = "この特典はすでに利用済みです。"
        s.notEligible = { "この特典の対象外です：\($0)のみが対象です。" }
        s.subscribers = {
            switch $0 {
            case .new: "新規登録者"
            case .existing: "現在の登録者"
            case .lapsed: "以前の登録者"
            }
        }
        s.customers = {
            switch $0 {
            case .new: "新規のお客様"
            case .existing: "30日以内に購入したお客様"
            case .lapsed: "最後の購入から30日以上たったお客様"
            }
        }
        s.wouldDowngrade = { "このコードは現在の\($0)より下のプランのため、使用できません。" }
        s.limitReached = "この特典は利用上限に達しました。"
        s.quarterlyLimitReached = "このAppは現在これ以上のコードを受け付けられません。後でもう一度お試しください。"
        s.alreadyOwned = { "\($0)はすでに購入済みです。" }
        s.notAvailable = "この特典はお住まいの国または地域ではご利用いただけません。"
        s.paymentNotAllowed = "このデバイスでは購入が許可されていないため、有料の特典は使えません。無料の特典は使えます。"
        s.arrived = { "コード\($0)がApp Storeで使用されました。" }
        s.refused = { "App Storeがコード\($0)を受け付けませんでした：\($1)" }
        return s
    }()
}
