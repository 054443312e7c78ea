import Testing

@testable import InboxCore

/// Inputs big enough that anything slower than linear, or any per-grapheme assumption, shows up
/// as a hang or an overflowing line instead of passing quietly.
@Suite struct TerminalTextHugeInputTests {
    @Test func combiningFloodOfTwoHundredThousandMarksCollapses() {
        let flood = "e" + String(repeating: "\u{301}", count: 200_000) + "!"
        #expect(TerminalText.sanitize(flood) == "e\u{301}\u{301}\u{301}\u{301}!")
    }

    @Test func oneGiantGraphemeStillLaysOutWithinTheWidth() {
        let chain = TerminalText.sanitize(String(repeating: "\u{915}\u{94D}", count: 50_000) + "\u{937}")
        for columns in [1, 2, 10, 80] {
            #expect(TerminalText.width(TerminalText.truncate(chain, toWidth: columns)) <= columns)
            #expect(TerminalText.width(TerminalText.fit(chain, width: columns)) == columns)
            #expect(TerminalText.wrap(chain, width: columns).allSatisfy { TerminalText.width($0) <= columns })
        }
    }

    @Test(arguments: [String(repeating: "x", count: 10_000), String(repeating: "日本 語", count: 2_500)])
    func tenThousandCharacterLineFitsAndWraps(line: String) {
        let clean = TerminalText.sanitize(line)
        #expect(clean == line)
        #expect(TerminalText.width(TerminalText.fit(clean, width: 80)) == 80)
        let lines = TerminalText.wrap(clean, width: 80)
        #expect(lines.allSatisfy { TerminalText.width($0) <= 80 })
        #expect(lines.joined().filter { $0 != " " } == clean.filter { $0 != " " })
    }
}
