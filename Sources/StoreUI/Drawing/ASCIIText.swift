import Foundation

/// Plain-text output for a locale that is not UTF-8 (LANG=C, a Latin-1 locale, no locale at all):
/// the store is printed as an ASCII transliteration rather than as UTF-8 bytes the terminal was
/// declared not to understand. Letters go through ICU's "Any-Latin; Latin-ASCII" (ストア → sutoa,
/// Größe → Grosse); the symbols the screens use get ASCII stand-ins, currency signs their ISO codes;
/// anything left becomes "?".
public enum ASCIIText {
    static let transform = StringTransform("Any-Latin; Latin-ASCII")

    static let symbols: [Character: String] = [
        "─": "-", "━": "-", "│": "|", "┌": "+", "┐": "+", "└": "+", "┘": "+", "·": "-", "•": "*",
        "▸": ">", "▶": ">", "◂": "<", "▲": "^", "▼": "v", "✓": "*", "✗": "x", "…": "...", "⏎": "Enter",
        "↑": "Up", "↓": "Down", "←": "Left", "→": "Right", "⇧": "Shift-",
    ]
    /// Currency signs become ISO codes, with a space before a number that follows ("¥800" → "JPY 800").
    static let currencies: [Character: String] = ["€": "EUR", "¥": "JPY", "£": "GBP", "₹": "INR", "₩": "KRW"]

    /// Whether text in this locale's language has a faithful ASCII form. ICU reads kanji with their
    /// Mandarin sounds (未登録 → "wei deng lu"), meaningless to a Japanese reader: Japanese is refused.
    /// Chinese too: pinyin without tones loses the words (购买 → "gou mai", 已购买 → "yi gou mai"), and
    /// the yuan's ¥ would read as JPY. That holds for zh_TW and zh_HK as well, whose dates Foundation
    /// writes in Han characters (2026年11月28日) even while their words stay English.
    static let withoutASCIIForm: Set<String> = ["ja", "zh"]

    public static func canTransliterate(_ locale: Locale) -> Bool {
        !withoutASCIIForm.contains(locale.language.languageCode?.identifier ?? "")
    }

    public static func transliterate(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        var mapped = ""
        var previousCurrency = false
        for character in text {
            if previousCurrency, character.isNumber { mapped += " " }
            previousCurrency = false
            if let code = currencies[character] {
                mapped += code
                previousCurrency = true
            } else if let symbol = symbols[character] {
                mapped += symbol
            } else {
                mapped.append(character)
            }
        }
        let latin = mapped.applyingTransform(transform, reverse: false) ?? mapped
        var result = ""
        result.unicodeScalars.reserveCapacity(latin.unicodeScalars.count)
        for scalar in latin.unicodeScalars {
            result.unicodeScalars.append(scalar.isASCII ? scalar : "?")
        }
        return result
    }
}
