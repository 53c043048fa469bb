import StoreModel

/// Every word of onboarding's frame (the pages themselves come from the catalog), in English, German,
/// French and Japanese. Prices come in already formatted by Foundation.
public struct OnboardingStrings: Sendable {
    public var title = "Welcome"
    /// The call to action on the last page, for someone a free trial is open to, and otherwise.
    public var tryItFree = "Try It Free"
    public var seePlans = "See Plans"
    /// "Plans from $1.99/month"
    public var plansFrom: @Sendable (String) -> String = { "Plans from \($0)" }
    public var someTrials = "Some plans start with a free trial."
    public var skipHint = "Press s to skip"

    public var actionHelp: @Sendable (Action) -> String? = {
        switch $0 {
        case .nextPage: "next"
        case .previousPage: "previous"
        case .skip: "skip"
        default: nil
        }
    }
    public var screenName: @Sendable (ScreenKind) -> String? = { $0 == .onboarding ? "Welcome" : nil }

    public init() {}

    public static func forLanguage(_ code: String?) -> OnboardingStrings {
        switch code {
        case "de": german
        case "fr": french
        case "ja": japanese
        default: OnboardingStrings()
        }
    }

    static let german: OnboardingStrings = {
        var s = OnboardingStrings()
        s.title = "Willkommen"
        s.tryItFree = "Kostenlos testen"
        s.seePlans = "Abos ansehen"
        s.plansFrom = { "Abos ab \($0)" }
        s.someTrials = "Einige Abos beginnen mit einem kostenlosen Probezeitraum."
        s.skipHint = "Mit s überspringen"
        s.actionHelp = {
            switch $0 {
            case .nextPage: "weiter"
            case .previousPage: "zurück"
            case .skip: "überspringen"
            default: nil
            }
        }
        s.screenName = { $0 == .onboarding ? "Willkommen" : nil }
        return s
    }()

    static let french: OnboardingStrings = {
        var s = OnboardingStrings()
        s.title = "Bienvenue"
        s.tryItFree = "Essayer gratuitement"
        s.seePlans = "Voir les formules"
        s.plansFrom = { "Formules à partir de \($0)" }
        s.someTrials = "Certaines formules commencent par un essai gratuit."
        s.skipHint = "Appuyez sur s pour passer"
        s.actionHelp = {
            switch $0 {
            case .nextPage: "suivant"
            case .previousPage: "précédent"
            case .skip: "passer"
            default: nil
            }
        }
        s.screenName = { $0 == .onboarding ? "Bienvenue" : nil }
        return s
    }()

    static let japanese: OnboardingStrings = {
        var s = OnboardingStrings()
        s.title = "ようこそ"
        s.tryItFree = "無料で試す"
        s.seePlans = "プランを見る"
        s.plansFrom = { "プランは\($0)から" }
        s.someTrials = "一部のプランには無料トライアルがあります。"
        s.skipHint = "sキーでスキップ"
        s.actionHelp = {
            switch $0 {
            case .nextPage: "次へ"
            case .previousPage: "前へ"
            case .skip: "スキップ"
            default: nil
            }
        }
        s.screenName = { $0 == .onboarding ? "ようこそ" : nil }
        return s
    }()
}
