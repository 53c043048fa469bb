import StoreModel

/// Every word of Purchase Help (the help list, Missing a Purchase, FAQ, Request a Refund and the system
/// refund sheet, Submit Feedback, Contact Us), in English, German, French and Japanese. Money and dates
/// come in already formatted by Foundation. HIG: titles are plain ("Request a Refund"), and nothing here
/// predicts or describes Apple's decision on a refund.
public struct HelpStrings: Sendable {
    public var title = "Purchase Help"
    public var howCanWeHelp = "How can we help?"
    public var missingPurchase = "Missing a Purchase"
    public var faq = "Frequently Asked Questions"
    public var requestRefund = "Request a Refund"
    public var submitFeedback = "Submit Feedback"
    public var contactUs = "Contact Us"
    /// Beside Submit Feedback when a draft waits.
    public var draftWaiting = "Unsent draft"
    // Missing a Purchase
    public var missingIntro = "Purchases on this account in the last 90 days, renewals included. Something missing? Restore your purchases, or request a refund."
    public var notDelivered = "Not delivered yet"
    public var notDeliveredNote = "This purchase didn't reach the app. Get it now, or take something else instead. You can still request a refund."
    public var deliverNow = "Deliver Now"
    public var insteadTake: @Sendable (String) -> String = { "Get 1 \($0) Instead" }
    public var waitingForYou = "Waiting for you to finish the purchase in your Apple Account settings."
    public var finishPurchase = "Finish Purchase"
    public var lastDays = "Last 90 days"
    public var noCharges = "No purchases in the last 90 days."
    public var delivered: @Sendable (String) -> String = { "\($0) is delivered." }
    public var gave: @Sendable (String, String) -> String = { "You got 1 \($0) instead of \($1), which stays undelivered." }
    // Request a Refund
    public var purchases = "Purchases"
    public var refundRequested = "Refund requested"
    public var refunded = "Refunded"
    public var whyNot: @Sendable (RefundRefusal) -> String = {
        switch $0 {
        case .requestPending: "You've already requested a refund for this purchase."
        case .alreadyRefunded: "This purchase was refunded."
        case .familyShared: "Shared with you through Family Sharing: only the organizer can request a refund."
        case .notCharged: "Nothing was charged for this."
        case .tooOld, .notFound: "This purchase can't be chosen here."
        }
    }
    // The system refund sheet
    public var sheetTitle = "Request Refund"
    public var date = "Date"
    public var chooseIssue = "Choose an issue:"
    public var reason: @Sendable (RefundReason) -> String = {
        switch $0 {
        case .didNotMeanToBuy: "I didn't mean to buy this"
        case .childPurchase: "A child/minor made a purchase without permission"
        case .doesNotWork: "My purchase does not work as expected"
        case .notReceived: "Purchase not received"
        case .other: "Other"
        }
    }
    public var mayLoseAccess = "You may lose access to refunded items."
    public var requestRefundButton = "Request Refund"
    public var chooseFirst = "Choose an issue first."
    public var submittedTitle = "Your request has been submitted"
    public var submittedMessage: @Sendable (String) -> String = {
        "You'll receive an email at \($0) with a status update within 48 hours. To check the status of claims, go to https://reportaproblem.apple.com."
    }
    public var done = "Done"
    // Submit Feedback
    public var feedbackIntro = "Tell us what went wrong, or what you'd like. We read every message."
    public var placeholder = "Type your feedback…"
    public var draftOffered = "Your unsent draft is here."
    public var send = "Send"
    /// Characters typed of the most the field takes, as numbers in the locale: "13/2,000".
    public var count: @Sendable (String, String) -> String = { "\($0)/\($1)" }
    public var sent = "Thanks: your feedback was sent."
    public var typeFirst = "Type your feedback first."
    public var leaveTitle = "Unsent Feedback"
    public var leaveQuestion: @Sendable (Bool, Bool) -> String = { quitting, kept in
        (quitting ? "Quit without sending?" : "Leave without sending?")
            + (kept ? " Your draft is saved and offered next time." : " Your draft is kept until you quit.")
    }
    public var leaveButtons: @Sendable (Bool) -> String = { $0 ? "y quit · n stay" : "y leave · n stay" }
    // Contact Us and FAQ
    public var email = "Email"
    public var web = "Web"
    public var noFAQ = "This app has no frequently asked questions."
    public var noContact = "This app gives no contact."

    public var screenName: @Sendable (ScreenKind) -> String? = {
        switch $0 {
        case .purchaseHelp: "Purchase Help"
        case .missingPurchase: "Missing a Purchase"
        case .helpPage: "Help"
        case .refunds: "Request a Refund"
        case .refundSheet: "Request Refund"
        case .feedback: "Submit Feedback"
        default: nil
        }
    }

    public init() {}

    public static func forLanguage(_ code: String?) -> HelpStrings {
        switch code {
        case "de": german
        case "fr": french
        case "ja": japanese
        default: HelpStrings()
        }
    }

    static let german: HelpStrings = {
        var s = HelpStrings()
        s.title = "Hilfe zu Käufen"
        s.howCanWeHelp = "Wie können wir helfen?"
        s.missingPurchase = "Fehlender Kauf"
        s.faq = "Häufige Fragen"
        s.requestRefund = "Rückerstattung anfordern"
        s.submitFeedback = "Feedback senden"
        s.contactUs = "Kontakt"
        s.draftWaiting = "Entwurf nicht gesendet"
        s.missingIntro = "Käufe mit diesem Account in den letzten 90 Tagen, Verlängerungen eingeschlossen. Fehlt etwas? Stelle deine Käufe wieder her oder fordere eine Rückerstattung an."
        s.notDelivered = "Noch nicht geliefert"
        s.notDeliveredNote = "Dieser Kauf ist nicht in der App angekommen. Hol ihn jetzt oder nimm stattdessen etwas anderes. Du kannst trotzdem eine Rückerstattung anfordern."
        s.deliverNow = "Jetzt liefern"
        s.insteadTake = { "Stattdessen 1 \($0)" }
        s.waitingForYou = "Schließe den Kauf in den Einstellungen deines Apple Accounts ab."
        s.finishPurchase = "Kauf abschließen"
        s.lastDays = "Letzte 90 Tage"
        s.noCharges = "Keine Käufe in den letzten 90 Tagen."
        s.delivered = { "\($0) ist geliefert." }
        s.gave = { "Du hast 1 \($0) statt \($1) erhalten; \($1) wird nicht geliefert." }
        s.purchases = "Käufe"
        s.refundRequested = "Rückerstattung angefordert"
        s.refunded = "Erstattet"
        s.whyNot = {
            switch $0 {
            case .requestPending: "Für diesen Kauf hast du bereits eine Rückerstattung angefordert."
            case .alreadyRefunded: "Dieser Kauf wurde erstattet."
            case .familyShared: "Über die Familienfreigabe mit dir geteilt: Nur der Organisator kann eine Rückerstattung anfordern."
            case .notCharged: "Dafür wurde nichts berechnet."
            case .tooOld, .notFound: "Dieser Kauf kann hier nicht gewählt werden."
            }
        }
        s.sheetTitle = "Rückerstattung anfordern"
        s.date = "Datum"
        s.chooseIssue = "Wähle ein Problem:"
        s.reason = {
            switch $0 {
            case .didNotMeanToBuy: "Ich wollte das nicht kaufen"
            case .childPurchase: "Ein Kind hat ohne Erlaubnis gekauft"
            case .doesNotWork: "Mein Kauf funktioniert nicht wie erwartet"
            case .notReceived: "Kauf nicht erhalten"
            case .other: "Anderes"
            }
        }
        s.mayLoseAccess = "Du verlierst möglicherweise den Zugriff auf erstattete Artikel."
        s.requestRefundButton = "Anfordern"
        s.chooseFirst = "Wähle zuerst ein Problem."
        s.submittedTitle = "Deine Anfrage wurde gesendet"
        s.submittedMessage = { "Du erhältst innerhalb von 48 Stunden eine E-Mail an \($0) mit dem Status. Den Status deiner Anfragen findest du unter https://reportaproblem.apple.com." }
        s.done = "Fertig"
        s.feedbackIntro = "Sag uns, was nicht geklappt hat oder was du dir wünschst. Wir lesen jede Nachricht."
        s.placeholder = "Dein Feedback …"
        s.draftOffered = "Hier ist dein nicht gesendeter Entwurf."
        s.send = "Senden"
        s.sent = "Danke: Dein Feedback wurde gesendet."
        s.typeFirst = "Schreib zuerst dein Feedback."
        s.leaveTitle = "Feedback nicht gesendet"
        s.leaveQuestion = { quitting, kept in
            (quitting ? "Beenden, ohne zu senden?" : "Verlassen, ohne zu senden?")
                + (kept ? " Dein Entwurf ist gespeichert und wird beim nächsten Mal angeboten." : " Dein Entwurf bleibt bis zum Beenden erhalten.")
        }
        s.leaveButtons = { $0 ? "y beenden · n bleiben" : "y verlassen · n bleiben" }
        s.email = "E-Mail"
        s.web = "Web"
        s.noFAQ = "Diese App hat keine häufigen Fragen."
        s.noContact = "Diese App nennt keinen Kontakt."
        s.screenName = {
            switch $0 {
            case .purchaseHelp: "Hilfe zu Käufen"
            case .missingPurchase: "Fehlender Kauf"
            case .helpPage: "Hilfe"
            case .refunds: "Rückerstattung anfordern"
            case .refundSheet: "Rückerstattung"
            case .feedback: "Feedback senden"
            default: nil
            }
        }
        return s
    }()

    static let french: HelpStrings = {
        var s = HelpStrings()
        s.title = "Aide aux achats"
        s.howCanWeHelp = "Comment pouvons-nous vous aider\u{00A0}?"
        s.missingPurchase = "Achat manquant"
        s.faq = "Questions fréquentes"
        s.requestRefund = "Demander un remboursement"
        s.submitFeedback = "Envoyer un commentaire"
        s.contactUs = "Nous contacter"
        s.draftWaiting = "Brouillon non envoyé"
        s.missingIntro = "Achats de ce compte au cours des 90 derniers jours, renouvellements compris. Il manque quelque chose\u{00A0}? Restaurez vos achats, ou demandez un remboursement."
        s.notDelivered = "Pas encore livré"
        s.notDeliveredNote = "Cet achat n’est pas arrivé dans l’app. Obtenez-le maintenant, ou prenez autre chose à la place. Vous pouvez toujours demander un remboursement."
        s.deliverNow = "Livrer maintenant"
        s.insteadTake = { "1 \($0) à la place" }
        s.waitingForYou = "Terminez l’achat dans les réglages de votre compte Apple."
        s.finishPurchase = "Terminer l’achat"
        s.lastDays = "90 derniers jours"
        s.noCharges = "Aucun achat au cours des 90 derniers jours."
        s.delivered = { "\($0) est livré." }
        s.gave = { "Vous avez reçu 1 \($0) à la place de \($1), qui ne sera pas livré." }
        s.purchases = "Achats"
        s.refundRequested = "Remboursement demandé"
        s.refunded = "Remboursé"
        s.whyNot = {
            switch $0 {
            case .requestPending: "Vous avez déjà demandé un remboursement pour cet achat."
            case .alreadyRefunded: "Cet achat a été remboursé."
            case .familyShared: "Partagé avec vous par le partage familial\u{00A0}: seul l’organisateur peut demander un remboursement."
            case .notCharged: "Rien n’a été facturé pour cela."
            case .tooOld, .notFound: "Cet achat ne peut pas être choisi ici."
            }
        }
        s.sheetTitle = "Demander un remboursement"
        s.date = "Date"
        s.chooseIssue = "Choisissez un problème\u{00A0}:"
        s.reason = {
            switch $0 {
            case .didNotMeanToBuy: "Je ne voulais pas acheter cet article"
            case .childPurchase: "Un enfant a fait un achat sans permission"
            case .doesNotWork: "Mon achat ne fonctionne pas comme prévu"
            case .notReceived: "Achat non reçu"
            case .other: "Autre"
            }
        }
        s.mayLoseAccess = "Vous pourriez perdre l’accès aux articles remboursés."
        s.requestRefundButton = "Demander"
        s.chooseFirst = "Choisissez d’abord un problème."
        s.submittedTitle = "Votre demande a été envoyée"
        s.submittedMessage = { "Vous recevrez un e-mail à \($0) avec le statut sous 48\u{00A0}heures. Pour suivre vos demandes, rendez-vous sur https://reportaproblem.apple.com." }
        s.done = "OK"
        s.feedbackIntro = "Dites-nous ce qui n’a pas marché, ou ce que vous aimeriez. Nous lisons chaque message."
        s.placeholder = "Votre commentaire…"
        s.draftOffered = "Voici votre brouillon non envoyé."
        s.send = "Envoyer"
        s.sent = "Merci\u{00A0}: votre commentaire a été envoyé."
        s.typeFirst = "Écrivez d’abord votre commentaire."
        s.leaveTitle = "Commentaire non envoyé"
        s.leaveQuestion = { quitting, kept in
            (quitting ? "Quitter sans envoyer\u{00A0}?" : "Partir sans envoyer\u{00A0}?")
                + (kept ? " Votre brouillon est enregistré et vous sera proposé la prochaine fois." : " Votre brouillon est gardé jusqu’à ce que vous quittiez.")
        }
        s.leaveButtons = { $0 ? "y quitter · n rester" : "y partir · n rester" }
        s.email = "E-mail"
        s.web = "Web"
        s.noFAQ = "Cette app n’a pas de questions fréquentes."
        s.noContact = "Cette app n’indique aucun contact."
        s.screenName = {
            switch $0 {
            case .purchaseHelp: "Aide aux achats"
            case .missingPurchase: "Achat manquant"
            case .helpPage: "Aide"
            case .refunds: "Demander un remboursement"
            case .refundSheet: "Remboursement"
            case .feedback: "Envoyer un commentaire"
            default: nil
            }
        }
        return s
    }()

    static let japanese: HelpStrings = {
        var s = HelpStrings()
        s.title = "購入のヘルプ"
        s.howCanWeHelp = "どのようなご用件ですか？"
        s.missingPurchase = "購入が見つからない"
        s.faq = "よくある質問"
        s.requestRefund = "返金をリクエスト"
        s.submitFeedback = "フィードバックを送信"
        s.contactUs = "お問い合わせ"
        s.draftWaiting = "未送信の下書き"
        s.missingIntro = "このアカウントの過去90日間の購入（更新を含む）です。見つからないものがあれば、購入を復元するか、返金をリクエストしてください。"
        s.notDelivered = "未配信"
        s.notDeliveredNote = "この購入はAppに届いていません。今すぐ受け取るか、代わりのアイテムを選べます。返金をリクエストすることもできます。"
        s.deliverNow = "今すぐ配信"
        s.insteadTake = { "代わりに\($0)を1つ" }
        s.waitingForYou = "Appleアカウントの設定で購入を完了してください。"
        s.finishPurchase = "購入を完了"
        s.lastDays = "過去90日間"
        s.noCharges = "過去90日間の購入はありません。"
        s.delivered = { "\($0)を配信しました。" }
        s.gave = { "\($1)の代わりに\($0)を1つ受け取りました。\($1)は配信されません。" }
        s.purchases = "購入"
        s.refundRequested = "返金をリクエスト済み"
        s.refunded = "返金済み"
        s.whyNot = {
            switch $0 {
            case .requestPending: "この購入の返金はすでにリクエストされています。"
            case .alreadyRefunded: "この購入は返金済みです。"
            case .familyShared: "ファミリー共有で共有された購入です。返金をリクエストできるのは管理者だけです。"
            case .notCharged: "この項目は請求されていません。"
            case .tooOld, .notFound: "この購入はここでは選べません。"
            }
        }
        s.sheetTitle = "返金をリクエスト"
        s.date = "日付"
        s.chooseIssue = "問題を選択："
        s.reason = {
            switch $0 {
            case .didNotMeanToBuy: "購入するつもりはなかった"
            case .childPurchase: "子供/未成年者が許可なく購入した"
            case .doesNotWork: "購入したものが期待どおりに動作しない"
            case .notReceived: "購入したものを受け取っていない"
            case .other: "その他"
            }
        }
        s.mayLoseAccess = "返金されたアイテムにはアクセスできなくなる場合があります。"
        s.requestRefundButton = "返金をリクエスト"
        s.chooseFirst = "先に問題を選択してください。"
        s.submittedTitle = "リクエストを送信しました"
        s.submittedMessage = { "48時間以内に\($0)宛てに状況をお知らせするメールが届きます。申請の状況は https://reportaproblem.apple.com で確認できます。" }
        s.done = "完了"
        s.feedbackIntro = "うまくいかなかったことや、ご要望をお聞かせください。すべてのメッセージを読んでいます。"
        s.placeholder = "フィードバックを入力…"
        s.draftOffered = "未送信の下書きです。"
        s.send = "送信"
        s.sent = "ありがとうございます。フィードバックを送信しました。"
        s.typeFirst = "先にフィードバックを入力してください。"
        s.leaveTitle = "未送信のフィードバック"
        s.leaveQuestion = { quitting, kept in
            (quitting ? "送信せずに終了しますか？" : "送信せずに戻りますか？")
                + (kept ? "下書きは保存され、次回表示されます。" : "下書きは終了するまで保持されます。")
        }
        s.leaveButtons = { $0 ? "y 終了 · n 残る" : "y 戻る · n 残る" }
        s.email = "メール"
        s.web = "Web"
        s.noFAQ = "このAppにはよくある質問がありません。"
        s.noContact = "このAppには連絡先がありません。"
        s.screenName = {
            switch $0 {
            case .purchaseHelp: "購入のヘルプ"
            case .missingPurchase: "購入が見つからない"
            case .helpPage: "ヘルプ"
            case .refunds: "返金をリクエスト"
            case .refundSheet: "返金をリクエスト"
            case .feedback: "フィードバックを送信"
            default: nil
            }
        }
        return s
    }()
}
