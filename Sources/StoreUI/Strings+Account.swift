import StoreModel

/// Every word of the Account screen, the manage-subscription sheet and the cancel confirmation, in
/// English, German, French and Japanese. Money and dates come in already formatted by Foundation.
public struct AccountStrings: Sendable {
    public var title = "Account"
    public var level: @Sendable (Int) -> String = { "Level \($0)" }
    // A subscription's state, in words.
    public var active = "Active"
    public var freeTrial = "Free trial"
    public var introductoryPrice = "Introductory price"
    public var gracePeriod = "Grace period"
    public var billingProblem = "Billing problem"
    public var sharedBy: @Sendable (String) -> String = { "Shared by \($0)" }
    public var renewsOn: @Sendable (String) -> String = { "Renews on \($0)" }
    public var expiresOn: @Sendable (String) -> String = { "Expires on \($0)" }
    public var expiredOn: @Sendable (String) -> String = { "Expired on \($0)" }
    public var refundedOn: @Sendable (String) -> String = { "Refunded on \($0)" }
    /// A downgrade or crossgrade booked for the renewal: the plan it renews into, and when.
    public var changesTo: @Sendable (String, String) -> String = { "Changes to \($0) on \($1)" }
    /// A retention offer booked for the renewal.
    public var offerFrom: @Sendable (String, String) -> String = { "From \($1): \($0)" }
    public var newPriceFrom: @Sendable (String, String) -> String = { "New price from \($1): \($0). Agree to keep your subscription." }
    public var organizerManages: @Sendable (String) -> String = { "\($0) manages this plan and pays for it." }
    // Buttons
    public var manage = "Manage Subscription"
    public var cancelSubscription = "Cancel Subscription"
    public var resubscribe = "Resubscribe"
    public var updatePaymentMethod = "Update Payment Method"
    public var reviewPriceIncrease = "Review Price Increase"
    public var ownPlan = "Get a Plan of Your Own"
    public var seePlans = "See Plans"
    public var useOne = "Use One"
    // Purchases
    public var purchases = "Purchases"
    public var noPurchases = "Nothing purchased yet."
    public var owned = "Owned"
    public var activeUntil: @Sendable (String) -> String = { "Active until \($0)" }
    public var left: @Sendable (Int) -> String = { "\($0) left" }
    public var waitingForApproval = "Waiting for approval"
    public var actionNeeded = "Action needed"
    public var noSubscription = "You have no subscription."
    // What happened (the notice line)
    public var used: @Sendable (String, Int) -> String = { "Used one \($0). \($1) left." }
    public var paymentUpdated = "Payment method updated. The App Store charges it at its next renewal attempt."
    public var resubscribed: @Sendable (String, String) -> String = { "\($0) renews again on \($1)." }
    public var cancelled: @Sendable (String, String) -> String = { "Cancelled. You can keep using \($0) until \($1)." }
    public var thanks = "Thanks for telling us why."
    public var offerAccepted: @Sendable (String, String) -> String = { "Offer accepted: \($0) from \($1)." }
    public var onlyOrganizer: @Sendable (String) -> String = { "Only \($0) can change or cancel a plan they share with you." }
    public var askToBuyWaiting: @Sendable (String) -> String = {
        "\($0) is waiting for approval from your family organizer (Ask to Buy). It arrives once they approve."
    }
    public var interruptedWaiting: @Sendable (String) -> String = {
        "\($0) needs you to finish the purchase outside the app: accept the new terms or update your payment method in your Apple Account settings."
    }
    public var currentPlan = "This is your current plan."
    // The manage-subscription sheet
    public var current = "✓ Current"
    public var next = "Next"
    public var done = "Done"
    public var choose = "Choose"
    // The cancel confirmation
    public var cancelTitle: @Sendable (String) -> String = { "Cancel \($0)?" }
    public var keepUsing: @Sendable (String, String) -> String = { "You can keep using \($0) until \($1)." }
    public var offerInstead = "Or stay with an offer:"
    public var takeOffer: @Sendable (String) -> String = { "Stay for \($0)" }
    public var surveyTitle = "Why are you cancelling? (optional)"
    public var keepSubscription = "Keep Subscription"
    /// The confirmation's own Cancel button, short enough to sit beside Keep on a small terminal.
    public var cancelButton = "Cancel"

    public var actionHelp: @Sendable (Action) -> String? = {
        switch $0 {
        case .account: "account"
        case .useOne: "use one"
        case .cancelSubscription: "cancel subscription"
        default: nil
        }
    }
    public var screenName: @Sendable (ScreenKind) -> String? = {
        switch $0 {
        case .account: "Account"
        case .manage: "Manage Subscription"
        case .cancelSubscription: "Cancel Subscription"
        default: nil
        }
    }

    public init() {}

    public static func forLanguage(_ code: String?) -> AccountStrings {
        switch code {
        case "de": german
        case "fr": french
        case "ja": japanese
        default: AccountStrings()
        }
    }

    static let german: AccountStrings = {
        var s = AccountStrings()
        s.title = "Account"
        s.level = { "Stufe \($0)" }
        s.active = "Aktiv"
        s.freeTrial = "Gratis-Probezeit"
        s.introductoryPrice = "Einführungspreis"
        s.gracePeriod = "Kulanzzeitraum"
        s.billingProblem = "Zahlungsproblem"
        s.sharedBy = { "Geteilt von \($0)" }
        s.renewsOn = { "Verlängert sich am \($0)" }
        s.expiresOn = { "Läuft am \($0) ab" }
        s.expiredOn = { "Abgelaufen am \($0)" }
        s.refundedOn = { "Erstattet am \($0)" }
        s.changesTo = { "Wechselt am \($1) zu \($0)" }
        s.offerFrom = { "Ab \($1): \($0)" }
        s.newPriceFrom = { "Neuer Preis ab \($1): \($0). Stimme zu, um dein Abo zu behalten." }
        s.organizerManages = { "\($0) verwaltet und bezahlt dieses Abo." }
        s.manage = "Abo verwalten"
        s.cancelSubscription = "Abo kündigen"
        s.resubscribe = "Erneut abonnieren"
        s.updatePaymentMethod = "Zahlungsmethode aktualisieren"
        s.reviewPriceIncrease = "Preiserhöhung ansehen"
        s.ownPlan = "Eigenes Abo abschließen"
        s.seePlans = "Abos ansehen"
        s.useOne = "Eins verwenden"
        s.purchases = "Käufe"
        s.noPurchases = "Noch nichts gekauft."
        s.owned = "Gekauft"
        s.activeUntil = { "Aktiv bis \($0)" }
        s.left = { "\($0) übrig" }
        s.waitingForApproval = "Wartet auf Zustimmung"
        s.actionNeeded = "Aktion erforderlich"
        s.noSubscription = "Du hast kein Abo."
        s.used = { "\($0): eins verwendet. \($1) übrig." }
        s.paymentUpdated = "Zahlungsmethode aktualisiert. Der App Store belastet sie beim nächsten Verlängerungsversuch."
        s.resubscribed = { "\($0) verlängert sich wieder am \($1)." }
        s.cancelled = { "Gekündigt. Du kannst \($0) bis \($1) weiter nutzen." }
        s.thanks = "Danke für deine Rückmeldung."
        s.offerAccepted = { "Angebot angenommen: \($0) ab \($1)." }
        s.onlyOrganizer = { "Nur \($0) kann ein Abo ändern oder kündigen, das mit dir geteilt wird." }
        s.askToBuyWaiting = { "\($0) wartet auf die Zustimmung deines Familienorganisators („Vor dem Kaufen fragen“). Du bekommst es, sobald zugestimmt wird." }
        s.interruptedWaiting = { "Schließe den Kauf von \($0) außerhalb der App ab: Akzeptiere die neuen Bedingungen oder aktualisiere deine Zahlungsmethode in den Einstellungen deines Apple Accounts." }
        s.currentPlan = "Das ist dein aktuelles Abo."
        s.current = "✓ Aktuell"
        s.next = "Als Nächstes"
        s.done = "Fertig"
        s.choose = "Auswählen"
        s.cancelTitle = { "\($0) kündigen?" }
        s.keepUsing = { "Du kannst \($0) bis \($1) weiter nutzen." }
        s.offerInstead = "Oder bleib mit einem Angebot:"
        s.takeOffer = { "Bleiben für \($0)" }
        s.surveyTitle = "Warum kündigst du? (optional)"
        s.keepSubscription = "Abo behalten"
        s.cancelButton = "Kündigen"
        s.actionHelp = {
            switch $0 {
            case .account: "Account"
            case .useOne: "eins verwenden"
            case .cancelSubscription: "Abo kündigen"
            default: nil
            }
        }
        s.screenName = {
            switch $0 {
            case .account: "Account"
            case .manage: "Abo verwalten"
            case .cancelSubscription: "Abo kündigen"
            default: nil
            }
        }
        return s
    }()

    static let french: AccountStrings = {
        var s = AccountStrings()
        s.title = "Compte"
        s.level = { "Niveau \($0)" }
        s.active = "Actif"
        s.freeTrial = "Essai gratuit"
        s.introductoryPrice = "Prix de lancement"
        s.gracePeriod = "Délai de grâce"
        s.billingProblem = "Problème de paiement"
        s.sharedBy = { "Partagé par \($0)" }
        s.renewsOn = { "Renouvellement le \($0)" }
        s.expiresOn = { "Expire le \($0)" }
        s.expiredOn = { "Expiré le \($0)" }
        s.refundedOn = { "Remboursé le \($0)" }
        s.changesTo = { "Passe à \($0) le \($1)" }
        s.offerFrom = { "À partir du \($1)\u{00A0}: \($0)" }
        s.newPriceFrom = { "Nouveau prix à partir du \($1)\u{00A0}: \($0). Acceptez-le pour garder votre abonnement." }
        s.organizerManages = { "\($0) gère et paie cet abonnement." }
        s.manage = "Gérer l’abonnement"
        s.cancelSubscription = "Résilier l’abonnement"
        s.resubscribe = "Se réabonner"
        s.updatePaymentMethod = "Mettre à jour le moyen de paiement"
        s.reviewPriceIncrease = "Voir la hausse de prix"
        s.ownPlan = "Prendre votre propre abonnement"
        s.seePlans = "Voir les formules"
        s.useOne = "En utiliser un"
        s.purchases = "Achats"
        s.noPurchases = "Aucun achat pour l’instant."
        s.owned = "Acheté"
        s.activeUntil = { "Actif jusqu’au \($0)" }
        s.left = { "\($0) restant(s)" }
        s.waitingForApproval = "En attente d’approbation"
        s.actionNeeded = "Action requise"
        s.noSubscription = "Vous n’avez pas d’abonnement."
        s.used = { "\($0)\u{00A0}: un utilisé. \($1) restant(s)." }
        s.paymentUpdated = "Moyen de paiement mis à jour. L’App Store le débitera à sa prochaine tentative de renouvellement."
        s.resubscribed = { "\($0) se renouvellera de nouveau le \($1)." }
        s.cancelled = { "Résilié. Vous pouvez utiliser \($0) jusqu’au \($1)." }
        s.thanks = "Merci de nous avoir dit pourquoi."
        s.offerAccepted = { "Offre acceptée\u{00A0}: \($0) à partir du \($1)." }
        s.onlyOrganizer = { "Seul(e) \($0) peut modifier ou résilier un abonnement partagé avec vous." }
        s.askToBuyWaiting = { "\($0) attend l’approbation de l’organisateur de votre famille (Demander l’autorisation). Vous le recevrez dès son approbation." }
        s.interruptedWaiting = { "Terminez l’achat de \($0) hors de l’app\u{00A0}: acceptez les nouvelles conditions ou mettez à jour votre moyen de paiement dans les réglages de votre compte Apple." }
        s.currentPlan = "C’est votre abonnement actuel."
        s.current = "✓ Actuel"
        s.next = "Ensuite"
        s.done = "OK"
        s.choose = "Choisir"
        s.cancelTitle = { "Résilier \($0)\u{00A0}?" }
        s.keepUsing = { "Vous pouvez utiliser \($0) jusqu’au \($1)." }
        s.offerInstead = "Ou restez avec une offre\u{00A0}:"
        s.takeOffer = { "Rester pour \($0)" }
        s.surveyTitle = "Pourquoi résiliez-vous\u{00A0}? (facultatif)"
        s.keepSubscription = "Garder l’abonnement"
        s.cancelButton = "Résilier"
        s.actionHelp = {
            switch $0 {
            case .account: "compte"
            case .useOne: "en utiliser un"
            case .cancelSubscription: "résilier l’abonnement"
            default: nil
            }
        }
        s.screenName = {
            switch $0 {
            case .account: "Compte"
            case .manage: "Gérer l’abonnement"
            case .cancelSubscription: "Résilier l’abonnement"
            default: nil
            }
        }
        return s
    }()

    static let japanese: AccountStrings = {
        var s = AccountStrings()
        s.title = "アカウント"
        s.level = { "レベル\($0)" }
        s.active = "有効"
        s.freeTrial = "無料トライアル"
        s.introductoryPrice = "お試し価格"
        s.gracePeriod = "猶予期間"
        s.billingProblem = "お支払いの問題"
        s.sharedBy = { "\($0)が共有" }
        s.renewsOn = { "\($0)に更新" }
        s.expiresOn = { "\($0)に終了" }
        s.expiredOn = { "\($0)に終了しました" }
        s.refundedOn = { "\($0)に返金されました" }
        s.changesTo = { "\($1)に\($0)へ変更" }
        s.offerFrom = { "\($1)から：\($0)" }
        s.newPriceFrom = { "\($1)からの新しい価格：\($0)。継続するには同意してください。" }
        s.organizerManages = { "このプランは\($0)が管理し、支払っています。" }
        s.manage = "サブスクリプションを管理"
        s.cancelSubscription = "サブスクリプションをキャンセル"
        s.resubscribe = "再登録"
        s.updatePaymentMethod = "お支払い方法を更新"
        s.reviewPriceIncrease = "価格改定を確認"
        s.ownPlan = "自分のプランに登録"
        s.seePlans = "プランを見る"
        s.useOne = "1つ使う"
        s.purchases = "購入済み"
        s.noPurchases = "まだ購入はありません。"
        s.owned = "購入済み"
        s.activeUntil = { "\($0)まで有効" }
        s.left = { "残り\($0)" }
        s.waitingForApproval = "承認待ち"
        s.actionNeeded = "対応が必要"
        s.noSubscription = "サブスクリプションはありません。"
        s.used = { "\($0)を1つ使いました。残り\($1)。" }
        s.paymentUpdated = "お支払い方法を更新しました。App Storeは次回の更新の試行で請求します。"
        s.resubscribed = { "\($0)は\($1)に再び更新されます。" }
        s.cancelled = { "キャンセルしました。\($0)は\($1)まで使えます。" }
        s.thanks = "理由をお聞かせいただきありがとうございます。"
        s.offerAccepted = { "オファーを適用しました：\($1)から\($0)。" }
        s.onlyOrganizer = { "共有されているプランを変更・キャンセルできるのは\($0)だけです。" }
        s.askToBuyWaiting = { "\($0)はファミリーの管理者の承認を待っています（承認と購入のリクエスト）。承認されると届きます。" }
        s.interruptedWaiting = { "\($0)の購入をアプリの外で完了してください：新しい規約に同意するか、Appleアカウントの設定でお支払い方法を更新してください。" }
        s.currentPlan = "現在のプランです。"
        s.current = "✓ 現在"
        s.next = "次回"
        s.done = "完了"
        s.choose = "選択"
        s.cancelTitle = { "\($0)をキャンセルしますか？" }
        s.keepUsing = { "\($0)は\($1)まで使えます。" }
        s.offerInstead = "または、オファーで継続："
        s.takeOffer = { "オファーで継続：\($0)" }
        s.surveyTitle = "キャンセルの理由（任意）"
        s.keepSubscription = "継続する"
        s.cancelButton = "キャンセルする"
        s.actionHelp = {
            switch $0 {
            case .account: "アカウント"
            case .useOne: "1つ使う"
            case .cancelSubscription: "サブスクリプションをキャンセル"
            default: nil
            }
        }
        s.screenName = {
            switch $0 {
            case .account: "アカウント"
            case .manage: "サブスクリプションを管理"
            case .cancelSubscription: "サブスクリプションをキャンセル"
            default: nil
            }
        }
        return s
    }()
}
