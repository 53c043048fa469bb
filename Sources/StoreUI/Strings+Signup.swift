import StoreModel

/// Every word of the sign-up screen, in English, German, French and Japanese. Money, numbers and dates
/// come in already formatted by Foundation.
public struct SignupStrings: Sendable {
    public var title = "Sign Up"

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
        s.title = "Registrieren"
        return s
    }()

    static let french: SignupStrings = {
        var s = SignupStrings()
        s.title = "Abonnement"
        return s
    }()

    static let japanese: SignupStrings = {
        var s = SignupStrings()
        s.title = "登録"
        return s
    }()
}
