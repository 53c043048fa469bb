import Testing
import TextSafety

/// Text from a catalog, a script or a ledger never reaches the terminal as control characters, and a
/// message quoting it stays one line of bounded length.
@Suite("Untrusted text")
struct UntrustedTextTests {
    @Test("no control character, DEL, C1 control or bidi override survives displayable()")
    func displayableNeutralizes() {
        let hostile = "A\u{1B}]0;pwned\u{07}B\u{9B}2J\u{7F}C\u{202E}D\u{2066}E\nF\tG"
        let shown = UntrustedText.displayable(hostile)
        #expect(!shown.unicodeScalars.contains(where: UntrustedText.isForbidden))
        #expect(shown.hasPrefix("A\u{FFFD}]0;pwned\u{FFFD}B"))
        #expect(UntrustedText.displayable("Alps Map Pack · アルプス 🏔️") == "Alps Map Pack · アルプス 🏔️")
    }

    @Test("a quoted value is one line, escaped, and cut to its limit")
    func quotedIsOneBoundedLine() {
        let quoted = UntrustedText.quoted("line1\nline2\u{1B}[31m\"x\"\\", limit: 60)
        #expect(quoted == #""line1\nline2\e[31m\"x\"\\""#)
        let long = UntrustedText.quoted(String(repeating: "a", count: 500), limit: 20)
        #expect(long == "\"" + String(repeating: "a", count: 20) + "…\"")
        #expect(UntrustedText.quoted("\u{202E}") == #""\u{202E}""#)
    }

    @Test("a printed message keeps its line breaks and escapes everything else that could act or forge a line")
    func messageEscapes() {
        let message = UntrustedText.message("/tmp/a\u{1B}[2Jb.json: $: problem\nsecond line\u{2028}x")
        #expect(message == #"/tmp/a\e[2Jb.json: $: problem"# + "\n" + #"second line\u{2028}x"#)
        #expect(UntrustedText.message("plain\nlines") == "plain\nlines")
        #expect(UntrustedText.isForbidden("\u{2028}") && UntrustedText.isForbidden("\u{2029}"))
    }

    @Test("the left-to-right and right-to-left marks are escaped in messages, quoted values and paths, as the other bidirectional controls are, and kept in content")
    func directionalMarksEscapedInMessages() {
        #expect(UntrustedText.quoted("abc\u{200F}123\u{200E}") == #""abc\u{200F}123\u{200E}""#)
        #expect(UntrustedText.message("products[0]: \u{200F}name") == #"products[0]: \u{200F}name"#)
        #expect(UntrustedText.path("/tmp/\u{200E}x.json") == #"/tmp/\u{200E}x.json"#)
        #expect(UntrustedText.displayable("שלום\u{200F} 12") == "שלום\u{200F} 12", "a right-to-left name may need its marks on screen")
        #expect(!UntrustedText.isForbidden("\u{200F}"), "catalog text may hold them")
    }

    @Test("forbidden scalars are named in words")
    func describeNames() {
        #expect(UntrustedText.describe("\u{1B}") == "U+001B (escape)")
        #expect(UntrustedText.describe("\u{202E}") == "U+202E (a bidirectional control)")
        #expect(UntrustedText.firstForbidden(in: "ok\u{85}") == "\u{85}")
        #expect(UntrustedText.firstForbidden(in: "ok") == nil)
    }

    @Test("a file path in a message escapes a newline like every other control character, and keeps quotes and backslashes")
    func pathEscapesNewline() {
        #expect(UntrustedText.path("/tmp/bad\nname\u{1B}[2J.json") == #"/tmp/bad\nname\e[2J.json"#)
        #expect(UntrustedText.path(#"/tmp/it's "a" \ path.json"#) == #"/tmp/it's "a" \ path.json"#)
    }
}
