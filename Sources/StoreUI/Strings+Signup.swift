import StoreModel

/// Every word of the sign-up screen, in English, German, French and Japanese. Money, numbers and dates
/// come in already formatted by Foundation.
public struct SignupStrings: Sendable {
    public var title = "Sign Up"
    /// The screen's heading, with the group's name.
    public var choosePlan: @Sendable (String) -> String = { "Choose your \($0) plan" }
    /// The button's verb for someone who had the group and lapsed.
    public var resubscribe = "Resubscribe"
    /// The one button of the chosen option: "Subscribe: Pro Annual — Free for 1 week".
    public var button: @Sendable (String, String, String) -> String = { verb, name, price in "\(verb): \(name) — \(price)" }
    /// The button's first row where it takes two (the price goes on the second): "Subscribe: Pro Annual".
    public var buttonName: @Sendable (String, String) -> String = { "\($0): \($1)" }
    /// How to cancel, said once for every option.
    public var howToCancel = "Renews automatically until you cancel. Cancel anytime in Account, at least a day before it renews."
    public var termsOfUse = "Terms of Use"
    public var privacyPolicy = "Privacy Policy"
    /// "Terms of Use: https://…", the address as text a person can copy.
    public var labelled: @Sendable (String, String) -> String = { "\($0): \($1)" }
    public var restorePurchases = "Restore Purchases"
    public var notNow = "Not Now"
    /// "r Restore Purchases": a key and what it does, as a button.
    public var keyButton: @Sendable (String, String) -> String = { "[ \($0) \($1) ]" }
    public var noOptions = "None of these plans is sold in your country or region."
    /// Above the options of a lapsed subscriber.
    public var lapsedNote: @Sendable (String) -> String = { "Your \($0) subscription has ended." }
    /// Above the options, for a family member choosing a plan of their own beside the shared one.
    public var familyShares: @Sendable (String) -> String = {
        "Your family shares \($0) with you. A plan of your own is billed to your account, beside it."
    }

    public init() {}

    public static func forLanguage(_ code: String?) -> SignupStrings {
        switch code {
        case "de": german
        case "fr": french
        case "ja": japanese
        default: SignupStrings()
        }
    }

    static let german: SignupStrings = {
        var s = SignupStrings()
        s.title = "Abonnieren"
        s.choosePlan = { "Wähle dein Abo für \($0)" }
        s.resubscribe = "Erneut abonnieren"
        s.button = { verb, name, price in "\(verb): \(name) – \(price)" }
        s.howToCancel = "Verlängert sich automatisch, bis du kündigst. Du kannst jederzeit unter „Account“ kündigen, spätestens einen Tag vor der Verlängerung."
        s.termsOfUse = "Nutzungsbedingungen"
        s.privacyPolicy = "Datenschutzerklärung"
        s.restorePurchases = "Käufe wiederherstellen"
        s.notNow = "Jetzt nicht"
        s.noOptions = "Keines dieser Abos wird in deinem Land oder deiner Region angeboten."
        s.lapsedNote = { "Dein Abo für \($0) ist abgelaufen." }
        s.familyShares = { "Deine Familie teilt \($0) mit dir. Ein eigenes Abo wird deinem Account berechnet, zusätzlich dazu." }
        return s
    }()

    static let french: SignupStrings = {
        var s = SignupStrings()
        s.title = "Abonnement"
        s.choosePlan = { "Choisissez votre formule \($0)" }
        s.resubscribe = "Se réabonner"
        s.button = { verb, name, price in "\(verb)\u{00A0}: \(name) – \(price)" }
        s.buttonName = { "\($0)\u{00A0}: \($1)" }
        s.howToCancel = "Renouvellement automatique jusqu'à résiliation. Résiliez à tout moment depuis «\u{00A0}Compte\u{00A0}», au moins un jour avant le renouvellement."
        s.termsOfUse = "Conditions d'utilisation"
        s.privacyPolicy = "Politique de confidentialité"
        s.labelled = { "\($0)\u{00A0}: \($1)" }
        s.restorePurchases = "Restaurer les achats"
        s.notNow = "Plus tard"
        s.noOptions = "Aucune de ces formules n'est vendue dans votre pays ou région."
        s.lapsedNote = { "Votre abonnement \($0) a pris fin." }
        s.familyShares = { "Votre famille partage \($0) avec vous. Un abonnement à vous est facturé sur votre compte, en plus." }
        return s
    }()

    static let japanese: SignupStrings = {
        var s = SignupStrings()
        s.title = "登録"
        s.choosePlan = { "\($0)のプランを選択" }
        s.resubscribe = "再登録"
        s.button = { verb, name, price in "\(verb)：\(name)（\(price)）" }
        s.buttonName = { "\($0)：\($1)" }
        s.howToCancel = "キャンセルするまで自動的に更新されます。更新日の1日前までなら、いつでも「アカウント」からキャンセルできます。"
        s.termsOfUse = "利用規約"
        s.privacyPolicy = "プライバシーポリシー"
        s.labelled = { "\($0)：\($1)" }
        s.restorePurchases = "購入を復元"
        s.notNow = "今はしない"
        s.noOptions = "お住まいの国または地域では、これらのプランは販売されていません。"
        s.lapsedNote = { "\($0)のサブスクリプションは終了しました。" }
        s.familyShares = { "\($0)はファミリー共有で利用中です。ご自身のプランは、別途あなたのアカウントに請求されます。" }
        return s
    }()
}
