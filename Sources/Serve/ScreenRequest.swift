import TextSafety

/// What an `exec` request (`ssh -t host -p 2222 signup`) may ask for: a screen to open, passed to the
/// program as `--open SCREEN`, which checks it against the catalog and explains itself for a screen
/// that is not built yet. Nothing else is run: there is no shell, ever.
enum ScreenRequest: Equatable {
    case screen(String)
    case refused(String)

    /// The screens `--open` knows or will know (see StoreUI's DeepLink).
    static let screens = ["store", "signup", "account", "help", "redeem"]

    init(command: String) {
        let text = command.trimmingCharacters(in: .whitespaces)
        let name = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map { $0.lowercased() } ?? ""
        // One word, as the option takes it: a screen name, then = and a plain value (a group id, a code).
        let plain = !text.isEmpty && text.count <= 100
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "=_.-".contains($0)) }
        if plain && Self.screens.contains(name) {
            self = .screen(text)
        } else {
            self = .refused("storefront: \(UntrustedText.quoted(command, limit: 40)) is not something this server runs; it serves the store only. "
                            + "Connect with no command, or name a screen: \(Self.screens.joined(separator: ", ")).")
        }
    }
}
