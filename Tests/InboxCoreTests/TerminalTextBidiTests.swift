import Testing

@testable import InboxCore

/// `TerminalText.visualOrder` (TERMINAL.md 1, `bidi: app`): what a terminal that draws cells left
/// to right must receive so Hebrew and Arabic read as their readers expect.
@Suite struct TerminalTextBidiTests {
    /// "שלום", "מבצע", "הנחה", "היום": Hebrew words, spelled out so the expectations show order.
    let shalom = "\u{05E9}\u{05DC}\u{05D5}\u{05DD}"
    let mivtsa = "\u{05DE}\u{05D1}\u{05E6}\u{05E2}"
    let hanacha = "\u{05D4}\u{05E0}\u{05D7}\u{05D4}"

    func reversed(_ text: String) -> String { String(text.reversed()) }

    @Test func hebrewIsDrawnRightToLeft() {
        #expect(TerminalText.visualOrder(shalom) == reversed(shalom))
        #expect(TerminalText.visualOrder(shalom, direction: .leftToRight) == reversed(shalom))
    }

    @Test func numbersInsideRightToLeftTextKeepTheirOrder() {
        let title = "\(mivtsa) 30% \(hanacha)"
        #expect(TerminalText.visualOrder(title) == "\(reversed(hanacha)) 30% \(reversed(mivtsa))")
        // Arabic-Indic digits (AN) and the Arabic percent sign stay in reading order too.
        let arabicDigits = "\u{0661}\u{0662}\u{0663}"
        let visual = TerminalText.visualOrder("\u{062E}\u{0635}\u{0645} \(arabicDigits)")
        #expect(visual.hasPrefix(arabicDigits + " "))
    }

    @Test func aURLInsideRightToLeftTextStaysReadable() {
        let visit = "\u{05D1}\u{05E7}\u{05E8}\u{05D5}"
        let today = "\u{05D4}\u{05D9}\u{05D5}\u{05DD}"
        let line = "\(visit) https://example.com/a?b=1 \(today)"
        #expect(TerminalText.visualOrder(line) == "\(reversed(today)) https://example.com/a?b=1 \(reversed(visit))")
    }

    @Test func aRightToLeftWordInsideALeftToRightTitleIsReversedInPlace() {
        let line = "Sale \(shalom) today (2 days)"
        #expect(TerminalText.visualOrder(line) == "Sale \(reversed(shalom)) today (2 days)")
        #expect(TerminalText.Direction(of: line) == .leftToRight)
    }

    @Test func bracketsAreMirroredAtRightToLeftLevels() {
        #expect(TerminalText.visualOrder("(\(shalom))") == "(\(reversed(shalom)))")
        #expect(TerminalText.visualOrder("\(shalom) [\(mivtsa)]") == "[\(reversed(mivtsa))] \(reversed(shalom))")
        // Left-to-right text in a right-to-left paragraph (a campaign in `he`): the Latin run with
        // its number and brackets stays whole (UAX #9 W7, N0), the closing mark goes to the left.
        #expect(TerminalText.visualOrder("Sale (50%)!", direction: .rightToLeft) == "!Sale (50%)")
        #expect(TerminalText.visualOrder("Sale (50%)!") == "Sale (50%)!")
    }

    @Test func arabicLettersAreJoinedIntoPresentationForms() {
        // ك ت ا ب: kaf initial, teh medial, alef final, beh isolated (alef does not join left).
        let kitab = "\u{0643}\u{062A}\u{0627}\u{0628}"
        #expect(TerminalText.visualOrder(kitab) == "\u{FE8F}\u{FE8E}\u{FE98}\u{FEDB}")
        // م ر ح ب ا: meem initial, reh final, hah initial, beh medial, alef final.
        let marhaba = "\u{0645}\u{0631}\u{062D}\u{0628}\u{0627}"
        #expect(TerminalText.visualOrder(marhaba) == "\u{FE8E}\u{FE92}\u{FEA3}\u{FEAE}\u{FEE3}")
    }

    @Test func lamAlefBecomesOneLigatureAndTheFreedCellIsASpaceOnTheLogicalEnd() {
        // س ل ا م: seen initial, lam-alef final ligature, meem isolated.
        let salam = "\u{0633}\u{0644}\u{0627}\u{0645}"
        let visual = TerminalText.visualOrder(salam)
        #expect(visual == " \u{FEE1}\u{FEFC}\u{FEB3}")
        #expect(TerminalText.width(visual) == TerminalText.width(salam))
        // In a left-to-right line the freed cell goes to the right end.
        let mixed = TerminalText.visualOrder("Hi \(salam)!")
        #expect(mixed == "Hi \u{FEE1}\u{FEFC}\u{FEB3}! ")
    }

    @Test func marksStayOnTheirLetters() {
        // שָׁלוֹם with qamats and shin dot on shin, holam on vav.
        let pointed = "\u{05E9}\u{05B8}\u{05C1}\u{05DC}\u{05D5}\u{05B9}\u{05DD}"
        #expect(TerminalText.visualOrder(pointed) == "\u{05DD}\u{05D5}\u{05B9}\u{05DC}\u{05E9}\u{05B8}\u{05C1}")
        // An emoji keeps its skin-tone modifier after it inside right-to-left text.
        let wave = "\u{1F44B}\u{1F3FD}"
        let visual = TerminalText.visualOrder("\(shalom) \(wave) \(mivtsa)")
        #expect(visual == "\(reversed(mivtsa)) \(wave) \(reversed(shalom))")
    }

    @Test(arguments: [
        "\u{05DE}\u{05D1}\u{05E6}\u{05E2} \u{05E1}\u{05D5}\u{05E3} \u{05E9}\u{05D1}\u{05D5}\u{05E2}: 30% \u{05D4}\u{05E0}\u{05D7}\u{05D4}",
        "\u{0623}\u{0647}\u{0644}\u{0627}\u{064B} \u{0633}\u{0627}\u{0631}\u{0629}! \u{1F319}",
        "\u{0644}\u{0627} \u{0644}\u{0627} \u{0644}\u{0627}",
        "Order #AC-48213 \u{05E0}\u{05E9}\u{05DC}\u{05D7}\u{05D4} 新ステージ",
        "plain ASCII stays as it is",
    ])
    func theDrawnLineFillsExactlyTheCellsOfTheLogicalOne(line: String) {
        #expect(TerminalText.width(TerminalText.visualOrder(line)) == TerminalText.width(line))
    }

    @Test func aLineIsCutInLogicalOrderSoTheEllipsisEndsUpOnTheLeft() {
        let title = "\(mivtsa) \(hanacha) \(shalom)"
        let cut = TerminalText.truncate(title, toWidth: 8)
        #expect(cut == "\(mivtsa) \(hanacha.prefix(2))\u{2026}")
        let visual = TerminalText.visualOrder(cut)
        #expect(visual == "\u{2026}\(reversed(String(hanacha.prefix(2)))) \(reversed(mivtsa))")
        #expect(TerminalText.clip(title, toWidth: 6) == "\(mivtsa) \(hanacha.prefix(1))")
        #expect(TerminalText.clip("ab新c", toWidth: 3) == "ab")
    }

    @Test func isolatesKeepMarksAroundAReorderedLabelInPlace() {
        let label = "\u{25B6} " + TerminalText.isolate(shalom) + " \u{25C0}"
        #expect(TerminalText.visualOrder(label, direction: .leftToRight) == "\u{25B6} \(reversed(shalom)) \u{25C0}")
        #expect(TerminalText.width(label) == TerminalText.width(shalom) + 4)
        let forced = TerminalText.isolate("Shop now", direction: .rightToLeft)
        #expect(TerminalText.visualOrder("[ " + forced + " ]", direction: .leftToRight) == "[ Shop now ]")
    }

    @Test func theLogicalFirstCharacterOfARightToLeftLineIsItsRightmostCell() {
        #expect(TerminalText.visualOffsetOfFirstCharacter(shalom) == 3)
        #expect(TerminalText.visualOffsetOfFirstCharacter("\(mivtsa) 30%") == 7)
        #expect(TerminalText.visualOffsetOfFirstCharacter("Sale \(shalom)") == 0)
        // The cell a lam-alef frees is on the left of a right-to-left line, before the first letter.
        #expect(TerminalText.visualOffsetOfFirstCharacter("\u{0633}\u{0644}\u{0627}\u{0645}") == 3)
        #expect(TerminalText.visualOffsetOfFirstCharacter("新\(shalom)", direction: .rightToLeft) == 4)
    }

    @Test func onlyTextThatCanReorderNeedsTheLayout() {
        #expect(!TerminalText.needsVisualOrder("Holiday Sale is live: up to 50% off"))
        #expect(!TerminalText.needsVisualOrder("Ünïcödé 新ステージ 👋🏽"))
        #expect(TerminalText.needsVisualOrder("Sale \(shalom)"))
        #expect(TerminalText.needsVisualOrder(TerminalText.isolate("x")))
    }

    @Test func bidiControlsFromRemoteTextNeverReachTheLayout() {
        // U+202E (RLO) would draw "evil.exe" backwards; the sanitizer removes it first.
        let hostile = TerminalText.sanitize("photo\u{202E}gpj.exe \u{2067}\(shalom)\u{2069}")
        #expect(!hostile.unicodeScalars.contains { $0.properties.generalCategory == .format })
        #expect(TerminalText.visualOrder(hostile) == "photogpj.exe \(reversed(shalom))")
    }

    @Test func autoChoosesTheTerminalOnlyWhereItReordersByItself() {
        #expect(BidiMode.auto.resolved(environment: [:]) == .app)
        #expect(BidiMode.auto.resolved(environment: ["VTE_VERSION": "7200"]) == .terminal)
        #expect(BidiMode.auto.resolved(environment: ["KONSOLE_VERSION": "230401"]) == .terminal)
        #expect(BidiMode.auto.resolved(environment: ["VTE_VERSION": "7200", "TMUX": "/tmp/t,1,0"]) == .app)
        #expect(BidiMode.auto.resolved(environment: ["KONSOLE_VERSION": "1", "STY": "1.pts"]) == .app)
        #expect(BidiMode.terminal.resolved(environment: ["TMUX": "x"]) == .terminal)
        #expect(BidiMode.app.resolved(environment: ["VTE_VERSION": "1"]) == .app)
    }
}
