import Testing

@testable import InboxCore

@Suite struct TerminalTextWidthTests {
    @Test func localeIsPreparedForUTF8() {
        #expect(TerminalText.prepareLocale())
        #expect(TerminalText.prepareLocale())
    }

    @Test(arguments: [
        ("", 0),
        ("hello", 5),
        ("日本語", 6),
        ("한국어", 6),
        ("café", 4),
        ("e\u{301}", 1),
        ("\u{1F600}", 2),
        ("\u{1F1EF}\u{1F1F5}", 2),
        ("\u{2026}", 1),
        ("\u{241B}", 1),
        ("\u{FFFD}", 1),
        ("a\u{1B}b", 2),
    ])
    func widthIsTheSumOfWcwidth(text: String, cells: Int) {
        #expect(TerminalText.width(text) == cells)
    }

    @Test(
        arguments: [("a", 1), ("日", 2), ("\u{1F600}", 2), ("e\u{301}", 1), ("\u{301}", 0), ("\u{7}", 0)]
            as [(Character, Int)])
    func widthOfCharacterCountsEachScalar(character: Character, cells: Int) {
        #expect(TerminalText.width(of: character) == cells)
    }

    @Test func widthOfAStringIsTheSumOverItsCharacters() {
        let text = TerminalText.sanitize("mix 日本 \u{1F468}\u{200D}\u{1F469} e\u{301}\u{302} \u{1F1EF}\u{1F1F5} 한")
        #expect(TerminalText.width(text) == text.reduce(0) { $0 + TerminalText.width(of: $1) })
    }
}
