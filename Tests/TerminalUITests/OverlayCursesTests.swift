import Foundation
import InAppEngine
import InboxCore
import Testing

@testable import TerminalUI

/// The overlay through the real curses backend on a pseudo-terminal: the bytes a terminal
/// receives for showing and closing a modal (issue 6, "Performance"), and the campaign colours
/// in each mode. Curses is one per process, so these run one at a time.
@Suite(.serialized) struct OverlayCursesTests {
    typealias F = OverlayFixtures
    static let benchSize = Size(columns: 120, rows: 40)

    func modal(over background: Screen, _ message: InAppMessage = F.welcome(), entrance: Double = 1) -> Screen {
        var screen = background
        OverlayView.draw(Overlay(presentation: F.presentation(message), entrance: entrance), on: &screen)
        return screen
    }

    func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    @Test(arguments: [
        ["TERM": "xterm-256color"], ["TERM": "xterm"], ["TERM": "xterm-256color", "NO_COLOR": "1"],
    ])
    func showingAndClosingAModalOverAFullListWritesAtMostTwoThousandBytes(environment: [String: String]) {
        let pty = PseudoTerminal(size: Self.benchSize, environment: environment)
        let background = F.background(Self.benchSize)
        _ = pty.draw(background)
        let shown = pty.draw(modal(over: background))
        let closed = pty.draw(background)
        #expect(shown.count <= 2_000, "show: \(shown.count) bytes")
        #expect(closed.count <= 2_000, "close: \(closed.count) bytes")
        #expect(text(shown).contains("Welcome back, Sara!"))
        #expect(text(closed).contains("Receipt: Season 7 Battle Pass"))
    }

    @Test func theEntranceCostsNoMoreThanTheCardItself() {
        let pty = PseudoTerminal(size: Self.benchSize, environment: ["TERM": "xterm-256color"])
        let background = F.background(Self.benchSize)
        _ = pty.draw(background)
        var total = 0
        for step in 1...9 {
            total += pty.draw(modal(over: background, entrance: Double(step) / 9)).count
        }
        #expect(total <= 2_000, "entrance: \(total) bytes")
    }

    @Test func trueColourWritesTheCampaignColoursInTwentyFourBits() {
        let pty = PseudoTerminal(
            size: Self.benchSize, environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"])
        let background = F.background(Self.benchSize)
        _ = pty.draw(background)
        let shown = text(pty.draw(modal(over: background)))
        // The header (#3A0CA3 on #FFFFFF), the first button (#FFFFFF on #5B2EFF).
        #expect(shown.contains("38;2;58;12;163"))
        #expect(shown.contains("48;2;255;255;255"))
        #expect(shown.contains("48;2;91;46;255"))
        // Beneath it, curses drew the nearest of 256 (55 is #5F00AF), and the write is wrapped in
        // save and restore so curses' cursor and attributes stand.
        #expect(shown.contains("38;5;55m"))
        #expect(shown.contains("\u{1B}7") && shown.hasSuffix("\u{1B}8"))
    }

    @Test func twoHundredFiftySixColoursUseTheNearestPaletteColour() {
        let pty = PseudoTerminal(size: Self.benchSize, environment: ["TERM": "xterm-256color"])
        _ = pty.draw(F.background(Self.benchSize))
        let shown = text(pty.draw(modal(over: F.background(Self.benchSize))))
        #expect(shown.contains("38;5;55m"))
        #expect(shown.contains("48;5;231m"))
        #expect(!shown.contains("38;2;"))
    }

    @Test func eightColoursUseTheAnsiColours() {
        let pty = PseudoTerminal(size: Self.benchSize, environment: ["TERM": "xterm"])
        _ = pty.draw(F.background(Self.benchSize))
        let shown = text(pty.draw(modal(over: F.background(Self.benchSize))))
        // The first button's #5B2EFF is blue (4) behind white (7) text.
        #expect(shown.contains("\u{1B}[37m\u{1B}[44m[ Open inbox ]"))
        #expect(!shown.contains("38;5;") && !shown.contains("38;2;"))
    }

    @Test func noColorSendsNoColourAtAll() {
        let pty = PseudoTerminal(
            size: Self.benchSize, environment: ["TERM": "xterm-256color", "NO_COLOR": "1", "COLORTERM": "truecolor"])
        _ = pty.draw(F.background(Self.benchSize))
        let shown = text(pty.draw(modal(over: F.background(Self.benchSize), F.welcome())))
        #expect(!shown.contains("38;") && !shown.contains("48;"))
        #expect(shown.range(of: "\u{1B}\\[[34][0-7]m", options: .regularExpression) == nil)
        #expect(shown.contains("Welcome back, Sara!"))
        // The faded text is sent dim (SGR 2).
        #expect(shown.contains("\u{1B}[0;2m"))
    }

    /// TERMINAL.md 1: under `app` a terminal that reorders by itself is held in explicit mode
    /// (BDSM reset, `CSI 8 l`) while tinbox has the screen, and given back implicit mode
    /// (`CSI 8 h`) with it; under `terminal` neither is sent. (Here with the overlay tests:
    /// curses is one per process.)
    @Test(arguments: [BidiMode.app, .terminal])
    func appModeHoldsABidiTerminalInExplicitModeWhileItHasTheScreen(bidi: BidiMode) {
        var pty: PseudoTerminal? = PseudoTerminal(
            size: Size(columns: 80, rows: 24), environment: ["TERM": "xterm-256color"], bidi: bidi)
        let start = text(pty?.draw(F.background(Size(columns: 80, rows: 24))) ?? [])
        #expect(start.contains("\u{1B}[8l") == (bidi == .app))
        pty?.terminal.shutdown()
        let end = text(pty?.drain() ?? [])
        #expect(end.contains("\u{1B}[8h") == (bidi == .app))
        #expect(!end.contains("\u{1B}[8l"))
        pty = nil
    }

    @Test func theOverlayIsAPanelOverTheReaderAndClosingUncoversIt() {
        let pty = PseudoTerminal(size: Size(columns: 80, rows: 24), environment: ["TERM": "xterm-256color"])
        let background = F.background(Size(columns: 80, rows: 24))
        _ = pty.draw(background)
        let screen = modal(over: background)
        let shown = text(pty.draw(screen))
        #expect(screen.panels.count == 1)
        #expect(shown.contains("Welcome back, Sara!"))
        // Closing sends back what the card covered, not the whole screen.
        let closed = text(pty.draw(background))
        #expect(closed.contains("Receipt: Season 7 Battle Pass"))
        #expect(!closed.contains("All 48  Unread 12"))
    }
}
