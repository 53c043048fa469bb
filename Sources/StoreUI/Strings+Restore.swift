import StoreModel

/// Every word of Restore Purchases (the sign-in sheet and what it restored), in English, German, French
/// and Japanese.
public struct RestoreStrings: Sendable {
    public var signInTitle = "Sign In"
    public var signInMessage = "Sign in with your Apple Account to restore your purchases."
    public var signIn = "Sign In"
    public var restoredTitle = "Purchases Restored"
    /// Above the non-consumables and subscriptions the App Store restored.
    public var restored = "Restored:"
    /// Above the passes (non-renewing subscriptions) this app restores from its own records.
    public var fromRecords = "From this app's records:"
    public var nothingTitle = "Nothing to Restore"
    public var nothingMessage = "This account has no purchases to restore."
    public var consumablesNote = "Consumables are not restored."

    public init() {}

    public static func forLanguage(_ code: String?) -> RestoreStrings {
        switch code {
        case "de": german
        case "fr": french
        case "ja": japanese
        default: RestoreStrings()
        }
    }

    static let german: RestoreStrings = {
        var s = RestoreStrings()
        s.signInTitle = "Anmelden"
        s.signInMessage = "Melde dich mit deinem Apple Account an, um deine Käufe wiederherzustellen."
        s.signIn = "Anmelden"
        s.restoredTitle = "Käufe wiederhergestellt"
        s.restored = "Wiederhergestellt:"
        s.fromRecords = "Aus den Aufzeichnungen dieser App:"
        s.nothingTitle = "Nichts wiederherzustellen"
        s.nothingMessage = "Für diesen Account gibt es keine Käufe, die wiederhergestellt werden können."
        s.consumablesNote = "Verbrauchsartikel werden nicht wiederhergestellt."
        return s
    }()

    static let french: RestoreStrings = {
        var s = RestoreStrings()
        s.signInTitle = "Connexion"
        s.signInMessage = "Connectez-vous avec votre compte Apple pour restaurer vos achats."
        s.signIn = "Se connecter"
        s.restoredTitle = "Achats restaurés"
        s.restored = "Restaurés\u{00A0}:"
        s.fromRecords = "D'après les données de cette app\u{00A0}:"
        s.nothingTitle = "Rien à restaurer"
        s.nothingMessage = "Ce compte n'a aucun achat à restaurer."
        s.consumablesNote = "Les articles consommables ne sont pas restaurés."
        return s
    }()

    static let japanese: RestoreStrings = {
        var s = RestoreStrings()
        s.signInTitle = "サインイン"
        s.signInMessage = "購入を復元するには、Appleアカウントでサインインしてください。"
        s.signIn = "サインイン"
        s.restoredTitle = "購入を復元しました"
        s.restored = "復元した項目："
        s.fromRecords = "このAppの記録から復元した項目："
        s.nothingTitle = "復元する項目はありません"
        s.nothingMessage = "このアカウントには復元できる購入がありません。"
        s.consumablesNote = "消耗型アイテムは復元されません。"
        return s
    }()
}
