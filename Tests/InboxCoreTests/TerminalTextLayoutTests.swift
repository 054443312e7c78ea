import Testing

@testable import InboxCore

@Suite struct TerminalTextLayoutTests {
    @Test(arguments: [
        ("hello", 10, "hello"),
        ("hello", 5, "hello"),
        ("hello", 4, "hel…"),
        ("hello", 1, "…"),
        ("hello", 0, ""),
        ("hello", -3, ""),
        ("", 3, ""),
        ("日本語", 6, "日本語"),
        ("日本語", 5, "日本…"),
        ("日本語", 4, "日…"),
        ("日本語", 3, "日…"),
        ("日本語", 2, "…"),
        ("ab日本", 4, "ab…"),
        ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),
        ("\u{1F1EF}\u{1F1F5}\u{1F1FA}\u{1F1F8}", 3, "\u{1F1EF}\u{1F1F5}…"),
        ("\u{1F600}\u{1F600}", 3, "\u{1F600}…"),
    ])
    func truncateKeepsTheLongestPrefixThatFits(text: String, limit: Int, expected: String) {
        let result = TerminalText.truncate(text, toWidth: limit)
        #expect(result == expected)
        #expect(TerminalText.width(result) <= max(0, limit))
    }

    @Test(arguments: ["e\u{301}\u{302}xyz", "\u{1F1EF}\u{1F1F5}\u{1F1FA}\u{1F1F8}", "日本語テキスト", "a\u{20E3}b\u{20E3}c"])
    func truncateNeverSplitsAGrapheme(text: String) {
        let characters = Array(text)
        for limit in 0...TerminalText.width(text) + 1 {
            var result = TerminalText.truncate(text, toWidth: limit)
            if result.hasSuffix(TerminalText.ellipsis) { result.removeLast() }
            #expect(Array(result) == Array(characters.prefix(result.count)), "limit \(limit)")
        }
    }

    @Test(arguments: [
        ("日本語", 4, "日… "),
        ("日本語", 6, "日本語"),
        ("ab", 5, "ab   "),
        ("hello world", 8, "hello w…"),
        ("x", 0, ""),
    ])
    func fitPadsOnTheRightToExactWidth(text: String, columns: Int, expected: String) {
        let result = TerminalText.fit(text, width: columns)
        #expect(result == expected)
        #expect(TerminalText.width(result) == max(0, columns))
    }

    @Test(arguments: [
        ("שלום", 6, "  שלום"),
        ("日本語", 4, " 日…"),
        ("abc", 2, "a…"),
    ])
    func fitRightPadsOnTheLeftToExactWidth(text: String, columns: Int, expected: String) {
        let result = TerminalText.fitRight(text, width: columns)
        #expect(result == expected)
        #expect(TerminalText.width(result) == columns)
    }

    @Test func fitOfAVeryLongLineIsExact() {
        let line = String(repeating: "日a", count: 10_000)
        for columns in [1, 2, 3, 79, 80] {
            #expect(TerminalText.width(TerminalText.fit(line, width: columns)) == columns)
        }
    }
}
