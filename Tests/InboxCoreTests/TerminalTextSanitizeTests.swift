import Testing

@testable import InboxCore

@Suite struct TerminalTextSanitizeTests {
    private static let c0Controls = (0x00...0x1F).filter { ![0x09, 0x0A, 0x0D].contains($0) }.map { UInt32($0) }
    private static let c1Controls = (0x80...0x9F).map { UInt32($0) }

    @Test(arguments: c0Controls)
    func c0ControlBecomesItsControlPicture(value: UInt32) throws {
        let control = try #require(Unicode.Scalar(value))
        let picture = try #require(Unicode.Scalar(0x2400 + value))
        #expect(TerminalText.sanitize("a\(control)b") == "a\(picture)b")
        #expect(TerminalText.sanitize(bytes: [0x61, UInt8(value), 0x62]) == "a\(picture)b")
    }

    @Test func deleteBecomesItsControlPicture() {
        #expect(TerminalText.sanitize("a\u{7F}b") == "a\u{2421}b")
        #expect(TerminalText.sanitize(bytes: [0x61, 0x7F, 0x62]) == "a\u{2421}b")
    }

    @Test(arguments: c1Controls)
    func c1ControlBecomesReplacementCharacter(value: UInt32) throws {
        let control = try #require(Unicode.Scalar(value))
        #expect(TerminalText.sanitize("a\(control)b") == "a\u{FFFD}b")
    }

    @Test(arguments: c1Controls)
    func rawC1ByteIsInvalidUTF8AndBecomesReplacementCharacter(value: UInt32) {
        #expect(TerminalText.sanitize(bytes: [0x61, UInt8(value), 0x62]) == "a\u{FFFD}b")
    }

    @Test(arguments: [
        ("csi clear screen", "\u{1B}[2J", "\u{241B}[2J"),
        ("osc 52 clipboard", "\u{1B}]52;c;SGVsbG8=\u{07}", "\u{241B}]52;c;SGVsbG8=\u{2407}"),
        (
            "osc 8 link", "\u{1B}]8;;https://x.example/\u{1B}\\hi\u{1B}]8;;\u{1B}\\",
            "\u{241B}]8;;https://x.example/\u{241B}\\hi\u{241B}]8;;\u{241B}\\"
        ),
        ("osc 0 title", "\u{1B}]0;pwned\u{07}", "\u{241B}]0;pwned\u{2407}"),
        ("dcs", "\u{1B}P+q544e\u{1B}\\", "\u{241B}P+q544e\u{241B}\\"),
        ("apc", "\u{1B}_Gf=100\u{1B}\\", "\u{241B}_Gf=100\u{241B}\\"),
        ("pm", "\u{1B}^x\u{1B}\\", "\u{241B}^x\u{241B}\\"),
        ("sos", "\u{1B}Xx\u{1B}\\", "\u{241B}Xx\u{241B}\\"),
        ("8-bit csi", "\u{9B}2J", "\u{FFFD}2J"),
        ("8-bit osc and st", "\u{9D}0;pwned\u{9C}", "\u{FFFD}0;pwned\u{FFFD}"),
    ])
    func escapeSequenceIsDefusedIntoVisibleText(name: String, input: String, expected: String) {
        let output = TerminalText.sanitize(input)
        #expect(output == expected, "\(name)")
        #expect(
            !output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || (0x80...0x9F).contains($0.value) }
        )
    }

    @Test(arguments: [
        ("abc\rxyz", false, "abc xyz"),
        ("abc\rxyz", true, "abc\nxyz"),
        ("a\r\nb", false, "a b"),
        ("a\r\nb", true, "a\nb"),
        ("a\n\rb", true, "a\n\nb"),
        ("a\r\r\nb", true, "a\n\nb"),
        ("a\nb", false, "a b"),
        ("a\u{2028}b\u{2029}c", true, "a\nb\nc"),
        ("a\u{2028}b\u{2029}c", false, "a b c"),
        ("a\tb", true, "a b"),
        ("abc\u{8}\u{8}", false, "abc\u{2408}\u{2408}"),
        ("\u{85}", true, "\u{FFFD}"),
    ])
    func lineBreaksTabsAndBackspacesCannotMoveTheCursor(input: String, keepingNewlines: Bool, expected: String) {
        #expect(TerminalText.sanitize(input, keepingNewlines: keepingNewlines) == expected)
    }

    @Test(arguments: Array(TerminalScalarRules.bidiControls).sorted())
    func bidiControlIsRemoved(value: UInt32) throws {
        let control = try #require(Unicode.Scalar(value))
        #expect(TerminalText.sanitize("ab\(control)cd") == "abcd")
    }

    @Test func rightToLeftOverrideCannotDisguiseAFileName() {
        #expect(TerminalText.sanitize("invoice\u{202E}gpj.exe") == "invoicegpj.exe")
        #expect(TerminalText.sanitize("\u{2067}x\u{2069}\u{2066}y\u{2069}\u{2068}z\u{2069}") == "xyz")
    }

    @Test(
        arguments: [
            0x00AD, 0x200B, 0x200C, 0x200D, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xFEFF, 0xFFF9, 0xFFFA, 0xFFFB,
            0x180E, 0x0600, 0x06DD, 0xE0001, 0xE0020, 0xE0041, 0xE007F,
        ] as [UInt32])
    func formatCharacterIsRemoved(value: UInt32) throws {
        let format = try #require(Unicode.Scalar(value))
        #expect(format.properties.generalCategory == .format)
        #expect(TerminalText.sanitize("ab\(format)cd") == "abcd")
    }

    @Test(arguments: [0xFE00, 0xFE0E, 0xFE0F, 0xE0100, 0xE01EF, 0x180B, 0x034F] as [UInt32])
    func variationSelectorIsRemoved(value: UInt32) throws {
        let selector = try #require(Unicode.Scalar(value))
        #expect(TerminalText.sanitize("\u{2764}\(selector)x") == "\u{2764}x")
    }

    /// TERMINAL §4: terminals disagree on a keycap's width, so it is drawn as its digit.
    @Test func aKeycapIsItsDigit() {
        #expect(TerminalText.sanitize("1\u{FE0F}\u{20E3} #\u{20E3}x") == "1 #x")
    }

    /// TERMINAL §4: a flag is its two letters, an emoji loses its skin-tone modifier; the text
    /// after them then stands where every terminal puts it.
    @Test func disputedEmojiBecomeFormsEveryTerminalAgreesOn() {
        #expect(TerminalText.sanitize("\u{1F1EF}\u{1F1F5} Tokyo") == "JP Tokyo")
        #expect(TerminalText.sanitize("Hi \u{1F44B}\u{1F3FD}!") == "Hi \u{1F44B}!")
        #expect(TerminalText.width(TerminalText.sanitize("\u{1F44B}\u{1F3FD}")) == 2)
        // A modifier on its own is a colour swatch with no base: dropped like any orphan mark.
        #expect(TerminalText.sanitize("\u{1F3FD}a") == "a")
    }

    /// TERMINAL §4: marks that overlay or strike through their letter are removed.
    @Test(arguments: [0x0334, 0x0335, 0x0336, 0x0337, 0x0338, 0x20D2, 0x20D3, 0x20E5, 0x20EB] as [UInt32])
    func overlayingMarksAreRemoved(value: UInt32) throws {
        let mark = try #require(Unicode.Scalar(value))
        #expect(TerminalText.sanitize("a\(mark)b\u{301}") == "ab\u{301}")
    }

    @Test func zwjSequenceFallsApartIntoItsEmoji() {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        #expect(TerminalText.sanitize(family) == "\u{1F468}\u{1F469}\u{1F467}")
    }

    @Test func cjkAndAccentsPassUnchanged() {
        let text = "日本語 café e\u{301} שלום 한국어"
        #expect(TerminalText.sanitize(text) == text)
    }

    @Test(arguments: [0xE000, 0xF8FF, 0xF0000, 0x10FFFD, 0x0378, 0xFDD0, 0xFFFE, 0xFFFF, 0x10FFFF] as [UInt32])
    func privateUseUnassignedAndNoncharacterBecomeReplacement(value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        #expect(TerminalText.sanitize("a\(scalar)b") == "a\u{FFFD}b")
    }

    @Test func combiningFloodKeepsFourMarksPerBase() {
        let flood = "e" + String(repeating: "\u{301}", count: 50) + "x" + String(repeating: "\u{489}", count: 9)
        let expected = "e" + String(repeating: "\u{301}", count: 4) + "x" + String(repeating: "\u{489}", count: 4)
        #expect(TerminalText.sanitize(flood) == expected)
    }

    @Test func skinToneFloodLeavesTheEmojiAlone() {
        let flood = "\u{1F44D}" + String(repeating: "\u{1F3FB}", count: 20)
        #expect(TerminalText.sanitize(flood) == "\u{1F44D}")
    }

    @Test(arguments: [
        ("\u{301}abc", "abc"),
        ("a\n\u{301}b", "a b"),
        ("a\u{200B}\u{301}b", "ab"),
        ("\u{1B}\u{301}", "\u{241B}"),
        ("\u{E000}\u{301}", "\u{FFFD}"),
        (" \u{301}", " \u{301}"),
    ])
    func combiningMarkWithoutABaseIsDropped(input: String, expected: String) {
        #expect(TerminalText.sanitize(input) == expected)
    }

    @Test(
        arguments: [
            ([0xC0, 0xAF], "overlong slash"),
            ([0xE0, 0x80, 0xAF], "overlong slash, three bytes"),
            ([0xFF], "never valid"),
            ([0xED, 0xA0, 0x80], "encoded surrogate"),
            ([0xF4, 0x90, 0x80, 0x80], "above U+10FFFF"),
            ([0xE6, 0x97], "truncated sequence"),
        ] as [([UInt8], String)])
    func invalidUTF8BecomesOnlyReplacementCharacters(bytes: [UInt8], name: String) {
        let output = TerminalText.sanitize(bytes: bytes)
        #expect(!output.isEmpty, "\(name)")
        #expect(output.unicodeScalars.allSatisfy { $0 == "\u{FFFD}" }, "\(name)")
    }

    @Test func validUTF8BytesDecodeUnchanged() {
        #expect(TerminalText.sanitize(bytes: Array("日本 ok".utf8)) == "日本 ok")
    }

    @Test func longLinesAreSanitizedWhole() {
        let line = String(repeating: "ab\u{1B}c", count: 10_000)
        let output = TerminalText.sanitize(line)
        #expect(output.unicodeScalars.count == 40_000)
        #expect(!output.unicodeScalars.contains("\u{1B}"))
    }

    @Test func everyScalarAtAllSurvivesOnlyAsSomethingWcwidthCanDraw() {
        var text = String.UnicodeScalarView()
        for value in UInt32(0)...0x10FFFF {
            if let scalar = Unicode.Scalar(value) { text.append(scalar) }
        }
        for keepingNewlines in [false, true] {
            let output = TerminalText.sanitize(String(text), keepingNewlines: keepingNewlines)
            let undrawable = output.unicodeScalars.first {
                TerminalText.wcwidth($0) < 0 && !(keepingNewlines && $0 == "\n")
            }
            #expect(undrawable == nil)
            #expect(TerminalScalarRules.firstForbidden(in: output, allowingNewline: keepingNewlines) == nil)
        }
    }
}
