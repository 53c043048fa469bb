import Testing
@testable import StoreUI

/// Plain-text output in a non-UTF-8 locale is an ASCII transliteration, never raw UTF-8.
@Suite("ASCII transliteration")
struct ASCIITextTests {
    @Test("every transliterated line is ASCII, and readable where a Latin form exists")
    func transliterates() {
        let cases = ["Alps Map Pack — ¥800 ✓ Owned", "Prix : 4,99 € · Café", "トレイルヘッド · ストア", "Größe ▼ …",
                     "CHF 1’234.50", "👨‍👩‍👧 e\u{301}"]
        for text in cases {
            let ascii = ASCIIText.transliterate(text)
            let isASCII = ascii.unicodeScalars.allSatisfy { $0.isASCII }
            #expect(isASCII, "\(text) → \(ascii)")
        }
        #expect(ASCIIText.transliterate("Alps Map Pack — ¥800 ✓ Owned") == "Alps Map Pack - JPY 800 * Owned")
        #expect(ASCIIText.transliterate("Prix : 4,99 € · Café") == "Prix : 4,99 EUR - Cafe")
        #expect(ASCIIText.transliterate("ストア") == "sutoa")
        #expect(ASCIIText.transliterate("plain ASCII") == "plain ASCII")
    }
}
