import Testing
import TextSafety

/// One answer to "is this locale UTF-8?" for the interactive screen and plain-text output.
@Suite("Environment charset")
struct EnvironmentCharsetTests {
    @Test("no locale variable at all is the C locale, said the same way as LANG=C")
    func unsetIsC() {
        let unset = EnvironmentCharset([:])
        #expect(unset == .notUTF8(variable: nil, value: nil))
        #expect(unset.reason.contains("ASCII only"))
        #expect(EnvironmentCharset(["LANG": "C"]).reason == "LANG=C gives ASCII only")
        #expect(EnvironmentCharset(["LANG": ""]) == unset, "an empty LANG is no LANG")
    }

    @Test("LC_ALL wins over LC_CTYPE, which wins over LANG")
    func precedence() {
        #expect(EnvironmentCharset(["LC_ALL": "C", "LANG": "en_US.UTF-8"]) == .notUTF8(variable: "LC_ALL", value: "C"))
        #expect(EnvironmentCharset(["LC_CTYPE": "ja_JP.utf8", "LANG": "C"]) == .utf8)
        #expect(EnvironmentCharset(["LANG": "de_DE.ISO-8859-1"]).reason == "LANG=de_DE.ISO-8859-1 gives no UTF-8")
    }

    @Test("UTF-8 is found anywhere in the value, in any case, and only whole", arguments: [
        ("C.UTF-8", true), ("utf8", true), ("en_US.Utf-8@euro", true), ("UTF8", true), ("UTF-", false),
        ("U", false), ("en_US.UTF-16", false), ("UTF_8", false), ("de_DE.ISO-8859-1", false),
    ])
    func findsUTF8(value: String, utf8: Bool) {
        #expect((EnvironmentCharset(["LANG": value]) == .utf8) == utf8)
    }

    @Test("a hostile locale value is quoted and escaped in the message")
    func hostileValue() {
        let reason = EnvironmentCharset(["LANG": "C\u{1B}[2J"]).reason
        let clean = !reason.unicodeScalars.contains { UntrustedText.isForbidden($0) }
        #expect(clean)
        #expect(reason.contains(#"\e[2J"#))
    }
}
