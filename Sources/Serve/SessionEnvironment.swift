import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The environment a session's program gets, and nothing more: TERM from the client's pty request
/// (xterm-256color when this machine's terminfo does not know it), LANG and LC_* from the client's
/// `env` requests (`ssh -o SetEnv=LANG=ja_JP.UTF-8`, or SendEnv), a UTF-8 default when the client sent
/// none that decides the character set, and a minimal PATH.
public struct SessionEnvironment: Sendable {
    public static let fallbackTerm = "xterm-256color"
    static let path = "/usr/bin:/bin"

    public private(set) var variables: [String: String] = [:]

    /// Whether an `env` request may set this variable: LANG and LC_* only, with a plain value.
    public static func accepts(name: String, value: String) -> Bool {
        guard name == "LANG" || (name.hasPrefix("LC_") && name.count > 3
                                 && name.dropFirst(3).allSatisfy { $0.isASCII && ($0.isUppercase || $0 == "_") }) else { return false }
        // Locale names: letters, digits and ._@-, as in ja_JP.UTF-8 or de_DE@euro.
        return !value.isEmpty && value.count <= 64
            && value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._@-".contains($0)) }
    }

    /// `locales`: the client's accepted LANG/LC_* values. `term`: from the pty request.
    public init(term: String, locales: [String: String], terminfo: Terminfo = .system, defaultLocale: String = Self.defaultUTF8Locale) {
        variables = locales.filter { Self.accepts(name: $0.key, value: $0.value) }
        variables["TERM"] = terminfo.knows(term) ? term : Self.fallbackTerm
        // The character set comes from the first of LC_ALL, LC_CTYPE, LANG; with none of them the
        // program would be in the C locale (ASCII), which it refuses.
        if variables["LC_ALL"] == nil && variables["LC_CTYPE"] == nil && variables["LANG"] == nil {
            variables["LANG"] = defaultLocale
        }
        variables["PATH"] = Self.path
    }

    /// A UTF-8 locale this machine has (`locale -a`): C.UTF-8 where the C library has it, else en_US.UTF-8.
    public static let defaultUTF8Locale: String = {
        for name in ["C.UTF-8", "en_US.UTF-8"] {
            if let locale = newlocale(LC_CTYPE_MASK, name, nil) {
                freelocale(locale)
                return name
            }
        }
        return "C.UTF-8"
    }()
}

/// Which terminal types this machine's terminfo database describes, looked up as ncurses does:
/// $TERMINFO, ~/.terminfo, $TERMINFO_DIRS, then the system folders; each entry is in a folder named by
/// its first letter (or, on some systems, that letter's hex code).
public struct Terminfo: Sendable {
    public var folders: [String]

    public init(folders: [String]) { self.folders = folders }

    public static let system: Terminfo = {
        let environment = ProcessInfo.processInfo.environment
        var folders: [String] = []
        if let own = environment["TERMINFO"], !own.isEmpty { folders.append(own) }
        if let home = environment["HOME"], !home.isEmpty { folders.append(home + "/.terminfo") }
        if let list = environment["TERMINFO_DIRS"] { folders += list.split(separator: ":").map(String.init) }
        folders += ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo"]
        return Terminfo(folders: folders)
    }()

    /// A terminal type name is letters, digits and `.+-_` (never a path), at most 64 characters.
    public func knows(_ term: String) -> Bool {
        guard let first = term.first, term.count <= 64,
              term.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".+-_".contains($0)) }) else { return false }
        let hex = String(first.asciiValue ?? 0, radix: 16)
        return folders.contains { folder in
            FileManager.default.fileExists(atPath: "\(folder)/\(first)/\(term)")
                || FileManager.default.fileExists(atPath: "\(folder)/\(hex)/\(term)")
        }
    }
}
