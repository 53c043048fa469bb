import Foundation
import StoreModel
import TextSafety

/// Purchase Help, "How can we help?" (HIG "Providing help with in-app purchases": "Provide help that
/// customers can view before they request a refund"): Missing a Purchase, Frequently Asked Questions,
/// Request a Refund, Submit Feedback and Contact Us. Reached with `p` from the store, the Account screen
/// and the sign-up screen, the Account screen's Purchase Help button, and `--open help`. The FAQ and
/// Contact Us are pages of text from the catalog's `help` (`Page`, below).
public enum HelpScreen {
    public struct State: Sendable, Equatable {
        public var selection = 0
        public init() {}
    }

    enum Entry: Equatable, CaseIterable {
        case missingPurchase, faq, requestRefund, submitFeedback, contactUs
    }

    static func open(_ app: inout AppState) {
        app.open(.purchaseHelp(State()))
    }

    // MARK: update

    public static func update(_ action: Action, _ screen: inout State, _ app: inout AppState) {
        let entries = Entry.allCases
        if let moved = AppState.listMove(action, from: screen.selection, count: entries.count, page: entries.count) {
            screen.selection = moved
            return
        }
        switch action {
        case .back: app.screens.removeLast()
        case .press:
            switch entries[min(screen.selection, entries.count - 1)] {
            case .missingPurchase: MissingPurchaseScreen.open(&app)
            case .faq: app.open(.helpPage(Page.State(page: .faq)))
            case .requestRefund: RefundScreen.open(&app)
            case .submitFeedback: FeedbackScreen.open(&app)
            case .contactUs: app.open(.helpPage(Page.State(page: .contact)))
            }
        default: break
        }
    }

    // MARK: view

    static func layout(_ app: AppState) -> ListPage<Entry> {
        let words = app.strings.help
        var layout = ListPage<Entry>(app)
        layout.para(words.howCanWeHelp, .title)
        layout.blank()
        for entry in Entry.allCases {
            let (label, note): (String, String?) = switch entry {
            case .missingPurchase: (words.missingPurchase, nil)
            case .faq: (words.faq, nil)
            case .requestRefund: (words.requestRefund, nil)
            case .submitFeedback: (words.submitFeedback, app.store.feedbackDraft.isEmpty ? nil : words.draftWaiting)
            case .contactUs: (words.contactUs, nil)
            }
            layout.pair(label + " ›", .normal, right: note, .dim, indent: 2, entry: entry)
        }
        return layout
    }

    public static func draw(_ grid: inout Grid, _ state: AppState, _ screen: State) {
        layout(state).draw(&grid, state, selection: screen.selection, offset: 0)
    }

    /// A page of text: the frequently asked questions, or the developer's contact. It scrolls.
    public enum Page {
        public enum Kind: Sendable, Equatable { case faq, contact }

        public struct State: Sendable, Equatable {
            public var page: Kind
            public var offset = 0
            public init(page: Kind) { self.page = page }
        }

        public static func update(_ action: Action, _ screen: inout State, _ app: inout AppState) {
            if action == .back { app.screens.removeLast(); return }
            let layout = layout(app, screen)
            if let moved = AppState.listMove(action, from: min(screen.offset, layout.maxOffset), count: layout.maxOffset + 1,
                                             page: max(1, layout.viewHeight - 1)) {
                screen.offset = moved
            }
        }

        public static func isAvailable(_ action: Action, _ screen: State, _ app: AppState) -> Bool {
            switch action {
            case .scroll, .up, .down, .pageUp, .pageDown, .top, .bottom: layout(app, screen).maxOffset > 0
            default: true
            }
        }

        static func layout(_ app: AppState, _ screen: State) -> ListPage<Never> {
            let words = app.strings.help
            let help = app.store.catalog.help
            func text(_ localized: LocalizedText) -> String {
                UntrustedText.displayable(app.text(localized))
            }
            var layout = ListPage<Never>(app)
            switch screen.page {
            case .faq:
                layout.para(words.faq, .title)
                layout.blank()
                guard let faq = help?.faq else { layout.para(words.noFAQ, .dim); break }
                for question in faq {
                    layout.para(text(question.question), .section)
                    layout.para(text(question.answer), .normal, indent: 2)
                    layout.blank()
                }
            case .contact:
                layout.para(words.contactUs, .title)
                layout.blank()
                guard let contact = help?.contact else { layout.para(words.noContact, .dim); break }
                layout.para(app.appName, .section)
                let labels = [words.email] + (contact.url == nil ? [] : [words.web])
                let labelWidth = (labels.map { TextWidth.of($0) }.max() ?? 0) + 2
                layout.para(TextWidth.pad(words.email, to: labelWidth) + UntrustedText.displayable(contact.email), .normal, indent: 2)
                if let url = contact.url {
                    layout.para(TextWidth.pad(words.web, to: labelWidth) + UntrustedText.displayable(url), .normal, indent: 2)
                }
                if let note = contact.note {
                    layout.blank()
                    layout.para(text(note), .dim, indent: 2)
                }
            }
            return layout
        }

        public static func draw(_ grid: inout Grid, _ state: AppState, _ screen: State) {
            layout(state, screen).draw(&grid, state, selection: 0, offset: screen.offset)
        }
    }
}

// MARK: component

extension HelpScreen: ComponentFunctions {
    public static let bindings: [Binding] =
        Binding.list + [.press, .back, .help, .quit]
}

extension HelpScreen.State: StackScreen, FunctionsComponent {
    public typealias Functions = HelpScreen
    public var kind: ScreenKind { .purchaseHelp }
    public var screen: AppState.Screen { .purchaseHelp(self) }
}

// MARK: component

extension HelpScreen.Page: ComponentFunctions {
    public static let bindings: [Binding] =
        Binding.scrolling + [.back, .help, .quit]
}

extension HelpScreen.Page.State: StackScreen, FunctionsComponent {
    public typealias Functions = HelpScreen.Page
    public var kind: ScreenKind { .helpPage }
    public var screen: AppState.Screen { .helpPage(self) }
    public func title(_ app: AppState) -> String { app.strings.help.title }
}
