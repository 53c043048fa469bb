import StoreUI
@testable import Terminal
import Testing

/// Feeds `bytes` in the given pieces, then lets the wait run out if something is pending.
private func decode(_ pieces: [[UInt8]], sequences: [[UInt8]: Key] = [:]) -> [Key] {
    var decoder = InputDecoder(sequences: sequences)
    var keys: [Key] = []
    for piece in pieces { keys += decoder.feed(piece) }
    if decoder.waitMilliseconds != nil { keys += decoder.timeout() }
    return keys
}

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Every way of cutting `input` in two, and one byte at a time: what a terminal's reads over ssh do.
private func splits(_ input: [UInt8]) -> [[[UInt8]]] {
    var result: [[[UInt8]]] = [[input], input.map { [$0] }]
    if input.count > 1 {
        for cut in 1..<input.count { result.append([Array(input[..<cut]), Array(input[cut...])]) }
    }
    return result
}

@Suite("Input decoder")
struct InputDecoderTests {
    static let esc = "\u{1B}"

    /// Sequences for keys the app knows, in the encodings of xterm, vt220, rxvt, the Linux console,
    /// screen and tmux.
    static let keys: [(String, [Key])] = [
        ("\(esc)[A", [.up]), ("\(esc)OA", [.up]), ("\(esc)[1;5A", [.up]), ("\(esc)[a", [.up]), ("\(esc)Oa", [.up]),
        ("\(esc)[B", [.down]), ("\(esc)OB", [.down]), ("\(esc)[C", [.right]), ("\(esc)OD", [.left]), ("\(esc)[1;2D", [.left]),
        ("\(esc)[H", [.home]), ("\(esc)OH", [.home]), ("\(esc)[1~", [.home]), ("\(esc)[7~", [.home]), ("\(esc)[7^", [.home]),
        ("\(esc)[F", [.end]), ("\(esc)OF", [.end]), ("\(esc)[4~", [.end]), ("\(esc)[8~", [.end]),
        ("\(esc)[5~", [.pageUp]), ("\(esc)[5;5~", [.pageUp]), ("\(esc)[6~", [.pageDown]), ("\(esc)[6^", [.pageDown]),
        ("\(esc)[3~", [.delete]), ("\(esc)[3$", [.delete]), ("\(esc)[Z", [.backTab]),
        ("\(esc)OP", [.function(1)]), ("\(esc)[11~", [.function(1)]), ("\(esc)[[A", [.function(1)]), ("\(esc)[1;2P", [.function(1)]),
        ("\(esc)OS", [.function(4)]), ("\(esc)[[E", [.function(5)]), ("\(esc)[15~", [.function(5)]), ("\(esc)[17~", [.function(6)]),
        ("\(esc)[21~", [.function(10)]), ("\(esc)[24~", [.function(12)]), ("\(esc)OM", [.enter]), ("\(esc)Ok", [.character("+")]),
        ("\r", [.enter]), ("\n", [.enter]), ("\t", [.tab]), ("\u{7F}", [.backspace]), ("\u{8}", [.backspace]),
        ("\u{3}", [.control("c")]), ("\u{C}", [.control("l")]), ("\u{1A}", [.control("z")]),
        ("q", [.character("q")]), ("?", [.character("?")]), ("é", [.character("é")]), ("日", [.character("日")]),
        ("🙂", [.character("🙂")]),
        (esc, [.escape]), ("\(esc)\(esc)", [.escape, .escape]), ("\(esc)q", [.escape, .character("q")]),
    ]

    /// Things terminals send that are not keys: each must vanish whole, leaving no characters behind.
    static let consumed: [(String, String)] = [
        ("bracketed paste end without a start", "\(esc)[201~"),
        ("SGR mouse press", "\(esc)[<0;113;5M"),
        ("SGR mouse release", "\(esc)[<0;12;5m"),
        ("X10 mouse report with q inside", "\(esc)[M q!"),
        ("urxvt mouse report", "\(esc)[32;113;5M"),
        ("DCS reply", "\(esc)P1$r0m\(esc)\\"),
        ("OSC colour reply ended by BEL", "\(esc)]11;rgb:0000/0000/0000\u{7}"),
        ("OSC ended by ST", "\(esc)]11;rgb:ffff/ffff/ffff\(esc)\\"),
        ("APC (kitty graphics reply)", "\(esc)_Gi=1;OK\(esc)\\"),
        ("PM", "\(esc)^private q\(esc)\\"),
        ("SOS", "\(esc)Xstring q\(esc)\\"),
        ("device attributes reply", "\(esc)[?64;1;2c"),
        ("cursor position report", "\(esc)[12;40R"),
        ("focus in", "\(esc)[I"),
        ("focus out", "\(esc)[O"),
        ("Insert", "\(esc)[2~"),
        ("kitty keyboard report", "\(esc)[113;5u"),
        ("modifyOtherKeys report", "\(esc)[27;5;113~"),
        ("unknown CSI with intermediates", "\(esc)[1 q"),
        ("unknown SS3", "\(esc)O5z"),
    ]

    @Test("keys the app knows, whole and split at every byte")
    func knownKeys() {
        for (input, expected) in Self.keys {
            for pieces in splits(bytes(input)) {
                #expect(decode(pieces) == expected, "\(input.debugDescription) in pieces \(pieces)")
            }
        }
    }

    @Test("sequences that are not keys are consumed whole, split at every byte, and what follows is a key again",
          arguments: consumed)
    func consumedWhole(name: String, input: String) {
        for pieces in splits(bytes(input + "j")) {
            #expect(decode(pieces) == [.character("j")], "\(name) in pieces \(pieces)")
        }
        #expect(decode([bytes("k" + input)]) == [.character("k")], "\(name)")
    }

    @Test("X10 mouse reports with raw bytes past 127 are consumed")
    func mouseHighBytes() {
        for pieces in splits([0x1B, 0x5B, 0x4D, 0x20, 0xF0, 0x80, 0x6A]) {
            #expect(decode(pieces) == [.character("j")])
        }
    }

    @Test("everything in one stream: each key once, nothing from the reports")
    func oneStream() {
        var input: [UInt8] = []
        var expected: [Key] = []
        for (index, (text, keys)) in Self.keys.enumerated() where !text.hasPrefix(Self.esc) || text.count > 2 {
            input += bytes(text)
            expected += keys
            input += bytes(Self.consumed[index % Self.consumed.count].1)
        }
        #expect(decode([input]) == expected)
        #expect(decode(input.map { [$0] }) == expected)
    }

    @Test("a bracketed paste is one .paste, whatever it contains and however it is split")
    func paste() {
        let input = bytes("\(Self.esc)[200~hello q\rb\r\n\(Self.esc)[A\(Self.esc)[20x~\(Self.esc)[201~j")
        for pieces in splits(input) {
            #expect(decode(pieces) == [.paste("hello q\nb\n\u{1B}[A\u{1B}[20x~"), .character("j")], "\(pieces)")
        }
        #expect(decode([bytes("\(Self.esc)[200~\(Self.esc)[201~")]) == [], "an empty paste is nothing")
    }

    @Test("a paste whose end never comes is delivered after the wait; discarded input drops a paste in progress")
    func pasteEdges() {
        var decoder = InputDecoder()
        #expect(decoder.feed(bytes("\(Self.esc)[200~abc\(Self.esc)[20")) == [])
        #expect(decoder.waitMilliseconds == InputDecoder.pasteWaitMilliseconds)
        #expect(decoder.timeout() == [.paste("abc\u{1B}[20")])

        #expect(decoder.feed(bytes("\(Self.esc)[200~qqq")) == [])
        decoder.discardPending()
        #expect(decoder.feed(bytes("bbb\(Self.esc)[201~j")) == [.character("j")], "the rest of the paste never acts as keys")
    }

    /// Found by the `input` fuzz target (Tests/Fixtures/Fuzz/input/finding-bidi-control-as-key.bin):
    /// U+061C came out as a character key.
    @Test("a typed character the app refuses to show is no key: C1, bidirectional controls, line separators")
    func forbiddenCharactersAreNoKeys() {
        for scalar in ["\u{85}", "\u{61C}", "\u{202E}", "\u{2066}", "\u{2028}", "\u{2029}"] {
            var decoder = InputDecoder()
            #expect(decoder.feed(bytes("a\(scalar)b")) == [.character("a"), .character("b")], "\(scalar.unicodeScalars.first!.value)")
        }
        var decoder = InputDecoder()
        #expect(decoder.feed(bytes("é日")) == [.character("é"), .character("日")], "other characters still are keys")
    }

    @Test("a lone Escape waits briefly; a sequence in progress waits longer and is then dropped")
    func waits() {
        var decoder = InputDecoder()
        #expect(decoder.waitMilliseconds == nil)
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.waitMilliseconds == InputDecoder.escapeWaitMilliseconds)
        #expect(decoder.feed(bytes("[")) == [])
        #expect(decoder.waitMilliseconds == InputDecoder.sequenceWaitMilliseconds)
        #expect(decoder.feed(bytes("2")) == [])
        #expect(decoder.timeout() == [], "an unfinished sequence is dropped, not typed")
        #expect(decoder.feed(bytes("A")) == [.character("A")])
        #expect(InputDecoder.escapeWaitMilliseconds >= 100 && InputDecoder.escapeWaitMilliseconds <= 200)
    }

    @Test("broken UTF-8 is dropped; C1 controls and Ctrl-@ are no keys")
    func brokenInput() {
        #expect(decode([[0xFF, 0x61]]) == [.character("a")])
        #expect(decode([[0xE6, 0x61]]) == [.character("a")])
        #expect(decode([[0xC2, 0x9B, 0x00, 0x1C, 0x61]]) == [.character("a")])
    }

    @Test("a sequence interrupted by ESC, CAN or a control byte: dropped, the interrupting key still counts")
    func interrupted() {
        #expect(decode([bytes("\(Self.esc)[1\(Self.esc)[B")]) == [.down])
        #expect(decode([bytes("\(Self.esc)[1\u{18}j")]) == [.character("j")])
        #expect(decode([bytes("\(Self.esc)[1\r")]) == [.enter])
        #expect(decode([bytes("\(Self.esc)]0;title\(Self.esc)[A")]) == [.up], "an OSC cut off by a new sequence")
    }

    @Test("terminfo's key strings come first")
    func terminfoSequences() {
        let sequences: [[UInt8]: Key] = [bytes("\(Self.esc)[1~"): .end, bytes("\(Self.esc)Ow"): .function(9)]
        #expect(decode([bytes("\(Self.esc)[1~")], sequences: sequences) == [.end])
        #expect(decode([bytes("\(Self.esc)Ow")], sequences: sequences) == [.function(9)])
    }
}
