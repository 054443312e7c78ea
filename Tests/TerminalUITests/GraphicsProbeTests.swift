import Foundation
import Testing

@testable import TerminalUI

/// The start-up probe of TERMINAL.md §2 on an injected clock and channel: it stops at DA1's
/// reply, never waits past its deadline, and drains what the terminal sent.
@Suite struct GraphicsProbeTests {
    /// A terminal on a manual clock: reads return what is scheduled by then, else wait out their
    /// whole timeout (moving the clock), as a terminal that never answers makes them.
    final class ScriptedTerminal: GraphicsProbe.Channel {
        var now = 0.0
        var written: [UInt8] = []
        /// Bytes and the instant they arrive.
        var arrivals: [(at: Double, bytes: [UInt8])]
        var waits: [Int] = []

        init(arrivals: [(at: Double, bytes: [UInt8])] = []) {
            self.arrivals = arrivals
        }

        func write(_ bytes: [UInt8]) { written += bytes }

        func read(waitingAtMost milliseconds: Int) -> [UInt8] {
            waits.append(milliseconds)
            let limit = now + Double(milliseconds) / 1000
            guard let next = arrivals.first, next.at <= limit else {
                now = limit
                return []
            }
            arrivals.removeFirst()
            now = max(now, next.at)
            return next.bytes
        }
    }

    static let kittyOK = Array("\u{1B}_Gi=31;OK\u{1B}\\".utf8)
    static func da1(_ attributes: String) -> [UInt8] { Array("\u{1B}[?\(attributes)c".utf8) }

    @Test func aTerminalThatNeverAnswersCostsTheDeadlineAndNoMore() {
        let terminal = ScriptedTerminal()
        let answers = GraphicsProbe.run(on: terminal, clock: { terminal.now })
        #expect(answers == GraphicsProbe.Answers())
        #expect(terminal.written == GraphicsProbe.query)
        // Every wait is bounded by what is left of the 150 ms, then one look without waiting.
        #expect(terminal.now <= GraphicsProbe.deadline + 0.000_001, "waited \(terminal.now) s")
        #expect(terminal.waits.first == Int((GraphicsProbe.deadline * 1000).rounded()))
        #expect(terminal.waits.last == 0)
        #expect(GraphicsProbe.deadline <= GraphicsProbe.allowance && GraphicsProbe.allowance == 0.150)
    }

    @Test func aDeadlineGivenIsTheDeadlineKept() {
        let terminal = ScriptedTerminal()
        _ = GraphicsProbe.run(on: terminal, clock: { terminal.now }, deadline: 0.040)
        #expect(terminal.now <= 0.040 + 0.000_001)
        #expect(terminal.waits.dropLast().reduce(0, +) == 40)
    }

    @Test func dA1EndsTheWaitAtOnce() {
        let terminal = ScriptedTerminal(arrivals: [(0.004, Self.kittyOK), (0.005, Self.da1("62;22"))])
        let answers = GraphicsProbe.run(on: terminal, clock: { terminal.now })
        #expect(answers.kitty && answers.answeredDA1 && !answers.sixel)
        #expect(terminal.now == 0.005)
    }

    @Test func sixelIsAttributeFourOfDA1() {
        let terminal = ScriptedTerminal(arrivals: [(0.002, Self.da1("63;1;2;4;6;9;15;22"))])
        #expect(GraphicsProbe.run(on: terminal, clock: { terminal.now }).sixel)
        let none = ScriptedTerminal(arrivals: [(0.002, Self.da1("64;14;22"))])
        #expect(!GraphicsProbe.run(on: none, clock: { none.now }).sixel)
    }

    @Test func repliesSplitAcrossReadsAndKeysAmongThemAreRead() {
        let reply = Self.kittyOK + Array("jk".utf8) + Self.da1("62;4")
        let terminal = ScriptedTerminal(arrivals: [(0.001, Array(reply[0..<5])), (0.002, Array(reply[5...]))])
        let answers = GraphicsProbe.run(on: terminal, clock: { terminal.now })
        #expect(answers == GraphicsProbe.Answers(kitty: true, sixel: true, answeredDA1: true))
    }

    @Test func whatArrivesWithTheLastReplyIsDrainedFromTheInput() {
        let terminal = ScriptedTerminal(arrivals: [(0.003, Self.da1("62")), (0.003, Self.kittyOK)])
        _ = GraphicsProbe.run(on: terminal, clock: { terminal.now })
        #expect(terminal.arrivals.isEmpty)
    }

    @Test func aKittyReplyForAnotherIDOrAnErrorIsNotKitty() {
        let other = GraphicsProbe.parse(Array("\u{1B}_Gi=7;OK\u{1B}\\".utf8) + Self.da1("62"))
        #expect(!other.kitty)
        let error = GraphicsProbe.parse(Array("\u{1B}_Gi=31;ENOENT:bad\u{1B}\\".utf8))
        #expect(!error.kitty)
    }

    @Test(arguments: [
        ("\u{1B}[?62;4c", TerminalReplies.Match.reply(length: 8)),
        ("\u{1B}[?1;2cjk", .reply(length: 7)),
        ("\u{1B}_Gi=31;OK\u{1B}\\", .reply(length: 12)),
        ("\u{1B}[?62;", .partial),
        ("\u{1B}_Gi=31", .partial),
        ("\u{1B}", .partial),
        ("\u{1B}[A", .notReply),
        ("\u{1B}j", .notReply),
        ("\u{1B}[?6x", .notReply),
        ("\u{1B}_Gi\u{1B}x", .notReply),
    ])
    func repliesAreToldFromKeys(text: String, expected: TerminalReplies.Match) {
        #expect(TerminalReplies.match(Array(text.utf8)) == expected)
    }

    /// The real channel on a pseudo-terminal whose far side never answers: the probe comes back,
    /// the query was written, and nothing typed meanwhile is left on the input.
    @Test func theRealTerminalChannelDrainsItsInput() throws {
        let pty = try #require(RawPseudoTerminal())
        _ = pty.writeToInput(Array("x".utf8))
        let answers = ProbeTerminal(input: pty.slave, output: pty.slave).probe(deadline: 0.05)
        #expect(answers == GraphicsProbe.Answers())
        let output = pty.readOutput()
        #expect(output.suffix(GraphicsProbe.query.count).elementsEqual(GraphicsProbe.query))
        #expect(pty.pendingInput() == 0)
    }
}

/// GraphicsChoice.decide: TERMINAL §2's rules for `auto`, and named modes under tmux.
@Suite struct GraphicsChoiceTests {
    typealias Choice = GraphicsChoice

    @Test func plainTmuxAndScreenGetSymbolsAndNoProbe() {
        for environment in [
            ["TMUX": "/tmp/tmux-1/default,1,0", "TERM": "tmux-256color"], ["STY": "1.pts", "TERM": "screen"],
        ] {
            #expect(!Choice.needsProbe(setting: .auto, environment: environment))
            let answers = GraphicsProbe.Answers(kitty: true, sixel: true, answeredDA1: true)
            #expect(Choice.decide(setting: .auto, environment: environment, answers: answers) == Choice(mode: .symbols))
        }
    }

    @Test(arguments: [GraphicsMode.kitty, .sixel, .iterm])
    func aPixelModeNamedUnderTmuxGoesThroughThePassthrough(mode: GraphicsMode) {
        let environment = ["TMUX": "/tmp/tmux-1/default,1,0", "TERM": "tmux-256color"]
        #expect(
            Choice.decide(setting: mode, environment: environment, answers: nil)
                == Choice(mode: mode, passthrough: true))
        #expect(Choice.decide(setting: mode, environment: ["TERM": "xterm"], answers: nil) == Choice(mode: mode))
    }

    @Test func theEnvironmentNamesKittyAndITerm2() {
        #expect(Choice.decide(setting: .auto, environment: ["KITTY_WINDOW_ID": "1"], answers: nil).mode == .kitty)
        #expect(Choice.decide(setting: .auto, environment: ["TERM": "xterm-kitty"], answers: nil).mode == .kitty)
        #expect(Choice.decide(setting: .auto, environment: ["TERM_PROGRAM": "iTerm.app"], answers: nil).mode == .iterm)
        #expect(Choice.decide(setting: .auto, environment: ["TERM_PROGRAM": "WezTerm"], answers: nil).mode == .iterm)
        #expect(!Choice.needsProbe(setting: .auto, environment: ["TERM_PROGRAM": "WezTerm", "TERM": "xterm"]))
    }

    @Test func theAnswersDecideElse() {
        let xterm = ["TERM": "xterm-256color"]
        #expect(Choice.needsProbe(setting: .auto, environment: xterm))
        #expect(!Choice.needsProbe(setting: .symbols, environment: xterm))
        #expect(!Choice.needsProbe(setting: .auto, environment: ["TERM": "linux"]))
        let kitty = GraphicsProbe.Answers(kitty: true, sixel: true, answeredDA1: true)
        #expect(Choice.decide(setting: .auto, environment: xterm, answers: kitty).mode == .kitty)
        let sixel = GraphicsProbe.Answers(kitty: false, sixel: true, answeredDA1: true)
        #expect(Choice.decide(setting: .auto, environment: xterm, answers: sixel).mode == .sixel)
        #expect(Choice.decide(setting: .auto, environment: xterm, answers: GraphicsProbe.Answers()).mode == .symbols)
        #expect(Choice.decide(setting: .auto, environment: xterm, answers: nil).mode == .symbols)
    }
}
