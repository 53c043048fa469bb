import StoreModel

/// Every word of the free area, its prompt near the limit and the metered paywall, in English, German,
/// French and Japanese. Numbers and dates come in already formatted by Foundation; the group's name
/// and the items' titles come from the catalog.
public struct PaywallStrings: Sendable {
    /// "2 of 3 free reads left this month": (how many left, left formatted, the limit formatted).
    public var leftThisMonth: @Sendable (Int, String, String) -> String = { left, leftText, limit in
        "\(leftText) of \(limit) free \(limit == "1" ? "read" : "reads") left this month"
    }
    /// The gentle prompt when one free read is left; `lapsed` for someone whose subscription ended.
    public var oneLeft: @Sendable (_ lapsed: Bool) -> String = { lapsed in
        "One free read left this month. " + (lapsed ? "Resubscribe for unlimited reading." : "Subscribe for unlimited reading.")
    }
    public var seePlansButton = "See plans"
    public var resubscribeButton = "Resubscribe"
    /// Beside an item already opened this month (opening it again is free).
    public var read = "✓ Read"

    // The metered paywall (HIG: "You've reached your free limit…", See Your Options, sign in).
    public var limitReached = "You've reached your free limit for this month."
    /// (group name, the date the count starts again, the limit formatted, lapsed)
    public var subscribeOrWait: @Sendable (String, String, String, Bool) -> String = { group, date, limit, lapsed in
        (lapsed ? "Resubscribe to \(group)" : "Subscribe to \(group)")
            + " for unlimited reading, or come back on \(date) for \(limit) more free reads."
    }
    /// For someone who cannot pay here (the reason follows): (date, limit formatted).
    public var waitOnly: @Sendable (String, String) -> String = { date, limit in
        "Come back on \(date) for \(limit) more free reads."
    }
    public var seeYourOptions = "See Your Options"
    public var restore = "Already a subscriber? Restore Purchases"
    /// The same button where the line is too narrow for the question.
    public var restoreShort = "Restore Purchases"
    public var notNow = "Not Now"

    /// The help and footer words of the flow's keys; nil for keys that are not the flow's.
    public var actionHelp: @Sendable (Action) -> String? = {
        switch $0 {
        case .freeContent: "free reading"
        case .seePlans: "see plans"
        default: nil
        }
    }
    public var screenName: @Sendable (ScreenKind) -> String? = {
        switch $0 {
        case .freeContent: "Free reading"
        case .freeItem: "Reading"
        case .paywall: "Free limit"
        default: nil
        }
    }

    public init() {}

    public static func forLanguage(_ code: String?) -> PaywallStrings {
        switch code {
        case "de": german
        case "fr": french
        case "ja": japanese
        default: PaywallStrings()
        }
    }

    static let german: PaywallStrings = {
        var s = PaywallStrings()
        s.leftThisMonth = { left, leftText, limit in
            left == 0 ? "Keine kostenlosen Beiträge mehr in diesem Monat (0 von \(limit))"
                : "Noch \(leftText) von \(limit) kostenlosen Beiträgen in diesem Monat"
        }
        s.oneLeft = { lapsed in
            "Nur noch ein kostenloser Beitrag in diesem Monat. "
                + (lapsed ? "Schließ dein Abo wieder ab, um unbegrenzt zu lesen." : "Mit einem Abo liest du unbegrenzt.")
        }
        s.seePlansButton = "Abos ansehen"
        s.resubscribeButton = "Wieder abonnieren"
        s.read = "✓ Gelesen"
        s.limitReached = "Du hast dein kostenloses Kontingent für diesen Monat aufgebraucht."
        s.subscribeOrWait = { group, date, limit, lapsed in
            (lapsed ? "Abonniere \(group) wieder" : "Abonniere \(group)")
                + ", um unbegrenzt zu lesen, oder komm am \(date) wieder: Dann kannst du wieder \(limit) Beiträge kostenlos lesen."
        }
        s.waitOnly = { date, limit in "Komm am \(date) wieder: Dann kannst du wieder \(limit) Beiträge kostenlos lesen." }
        s.seeYourOptions = "Angebote ansehen"
        s.restore = "Schon abonniert? Käufe wiederherstellen"
        s.restoreShort = "Käufe wiederherstellen"
        s.notNow = "Jetzt nicht"
        s.actionHelp = {
            switch $0 {
            case .freeContent: "kostenlos lesen"
            case .seePlans: "Abos ansehen"
            default: nil
            }
        }
        s.screenName = {
            switch $0 {
            case .freeContent: "Kostenlos lesen"
            case .freeItem: "Lesen"
            case .paywall: "Kontingent aufgebraucht"
            default: nil
            }
        }
        return s
    }()

    static let french: PaywallStrings = {
        var s = PaywallStrings()
        s.leftThisMonth = { left, leftText, limit in
            left == 0 ? "Plus aucune lecture gratuite ce mois-ci (0 sur \(limit))"
                : "Encore \(leftText) \(left == 1 ? "lecture gratuite" : "lectures gratuites") sur \(limit) ce mois-ci"
        }
        s.oneLeft = { lapsed in
            "Plus qu'une lecture gratuite ce mois-ci. "
                + (lapsed ? "Réabonnez-vous pour lire sans limite." : "Abonnez-vous pour lire sans limite.")
        }
        s.seePlansButton = "Voir les formules"
        s.resubscribeButton = "Se réabonner"
        s.read = "✓ Lu"
        s.limitReached = "Vous avez atteint votre limite de lectures gratuites pour ce mois-ci."
        s.subscribeOrWait = { group, date, limit, lapsed in
            (lapsed ? "Réabonnez-vous à \(group)" : "Abonnez-vous à \(group)")
                + " pour lire sans limite, ou revenez le \(date) pour \(limit) nouvelles lectures gratuites."
        }
        s.waitOnly = { date, limit in "Revenez le \(date) pour \(limit) nouvelles lectures gratuites." }
        s.seeYourOptions = "Voir les offres"
        s.restore = "Déjà abonné\u{00A0}? Restaurer les achats"
        s.restoreShort = "Restaurer les achats"
        s.notNow = "Plus tard"
        s.actionHelp = {
            switch $0 {
            case .freeContent: "lecture gratuite"
            case .seePlans: "voir les formules"
            default: nil
            }
        }
        s.screenName = {
            switch $0 {
            case .freeContent: "Lecture gratuite"
            case .freeItem: "Lecture"
            case .paywall: "Limite atteinte"
            default: nil
            }
        }
        return s
    }()

    static let japanese: PaywallStrings = {
        var s = PaywallStrings()
        s.leftThisMonth = { left, leftText, limit in
            left == 0 ? "今月の無料閲覧は残っていません（\(limit)件中0件）" : "今月の無料閲覧：残り\(leftText)件（\(limit)件中）"
        }
        s.oneLeft = { lapsed in
            "今月の無料閲覧は残り1件です。" + (lapsed ? "再登録すると無制限に読めます。" : "登録すると無制限に読めます。")
        }
        s.seePlansButton = "プランを見る"
        s.resubscribeButton = "再登録する"
        s.read = "✓ 既読"
        s.limitReached = "今月の無料閲覧の上限に達しました。"
        s.subscribeOrWait = { group, date, limit, lapsed in
            "\(group)に\(lapsed ? "再登録" : "登録")すると無制限に読めます。\(date)になると、また\(limit)件まで無料で読めます。"
        }
        s.waitOnly = { date, limit in "\(date)になると、また\(limit)件まで無料で読めます。" }
        s.seeYourOptions = "プランを見る"
        s.restore = "登録済みの方：購入を復元"
        s.restoreShort = "購入を復元"
        s.notNow = "今はしない"
        s.actionHelp = {
            switch $0 {
            case .freeContent: "無料で読む"
            case .seePlans: "プランを見る"
            default: nil
            }
        }
        s.screenName = {
            switch $0 {
            case .freeContent: "無料で読む"
            case .freeItem: "閲覧"
            case .paywall: "無料閲覧の上限"
            default: nil
            }
        }
        return s
    }()
}
