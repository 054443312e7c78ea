import Foundation
import InAppEngine
import InboxCore
import TerminalUI
import Testing

/// `tinbox replay` in the reader (issue 13): a `simulate` run played on a virtual clock the
/// test moves, with golden screens at chosen virtual instants.
@Suite struct ReplayTests {
    static let timelines = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../InAppEngineTests/Timelines").standardized

    /// A replay of a timeline of `Tests/InAppEngineTests/Timelines`, on a clock that moves only
    /// when the test says.
    final class Replay {
        let clock = ManualClock()
        let terminal: MemoryTerminal
        let loop: ReaderLoop
        let driver: ReplayDriver
        let source: MemorySource
        var recorded = ""
        let trace: SimulationTrace

        convenience init(
            _ name: String, size: Size = Size(columns: 80, rows: 24), options: ReplayDriver.Options = .init()
        ) throws {
            let text = try String(
                contentsOf: ReplayTests.timelines.appendingPathComponent("\(name).jsonl"), encoding: .utf8)
            self.init(text: text, name: name, size: size, options: options)
        }

        /// The timeline `text`, named `name` (its files are read from the timelines' folder).
        init(text: String, name: String, size: Size = Size(columns: 80, rows: 24), options: ReplayDriver.Options) {
            trace = Simulation.trace(
                timeline: text, baseDirectory: ReplayTests.timelines, timelineName: "\(name).jsonl")
            terminal = MemoryTerminal(size: size)
            source = MemorySource(entries: Fixtures.inbox)
            let clock = clock
            var sink: (String) -> Void = { _ in }
            driver = ReplayDriver(
                trace: trace, options: options, size: size, uptime: { clock.uptime }, now: { clock.now },
                makeShown: { presentation, _ in
                    ShownMessage(presentation: presentation, shownAt: clock.now, reduceMotion: true)
                }, record: { sink($0) })
            loop = ReaderLoop(terminal: terminal, source: ReadOnlyDataSource(source), inApp: driver)
            sink = { [unowned self] line in recorded += line }
            loop.start()
        }

        /// Moves the real clock by `seconds` and lets the loop take what came due.
        func advance(_ seconds: Double) {
            clock.advance(by: seconds)
            loop.pumpInApp()
        }

        /// Runs the real clock in small steps until the virtual one reaches `milliseconds`.
        func play(to milliseconds: Int64) {
            let speed = driver.state.speed
            let real = Double(milliseconds - driver.state.milliseconds) / 1000 / speed
            advance(max(0, real))
        }

        func press(_ keys: Key...) {
            terminal.enqueue(keys: keys)
            loop.drain()
            loop.pumpInApp()
        }

        var screen: Screen { ReaderView.render(loop.state) }
        var bar: String { screen.rows.last ?? "" }
    }

    @Test func aModalUpAtOneSecond() throws {
        let replay = try Replay("runner-up-lies-above-older-defers")
        replay.play(to: 2_000)
        #expect(replay.loop.state.shown?.presentation.messageId == "A")
        #expect(replay.bar.contains("▶ 2.0 s · next event Double at 3.0 s (in 1.0 s) · 1x"))
        assertSnapshot(replay.screen, named: "replay-modal-up-80x24")
    }

    @Test func theRunnerUpComesBackWhenItsTurnComes() throws {
        let replay = try Replay("runner-up-lies-above-older-defers", options: .init(speed: 10))
        replay.play(to: 61_500)
        #expect(replay.loop.state.shown?.presentation.messageId == "R2")
        #expect(replay.loop.state.decisionLog.last == "[tinbox-iam] showing campaign R2")
        assertSnapshot(replay.screen, named: "replay-runner-up-back-80x24")
    }

    @Test func aFullScreenHeldForOrientationThenLetterboxed() throws {
        let replay = try Replay("fullscreen-waits-for-portrait", size: Size(columns: 100, rows: 40))
        replay.play(to: 4_500)
        replay.press(.character("L"))
        #expect(replay.loop.state.shown == nil)
        #expect(
            replay.loop.state.decisionLog.last
                == "[tinbox-iam] deferring campaign thanks: it needs a portrait terminal, this one is 100x30")
        assertSnapshot(replay.screen, named: "replay-fullscreen-held-100x40")
        replay.press(.character("L"))
        replay.play(to: 7_000)
        #expect(replay.loop.state.shown?.presentation.messageId == "thanks")
        #expect(replay.loop.state.replay?.area == Size(columns: 60, rows: 40))
        // The 60x40 full screen stands in the middle of the 100x40 terminal, the reader beside it.
        let rows = replay.screen.rows
        #expect(rows[2].hasPrefix(" ▲•▶Holiday Sale is │") && rows[2].contains("│                        Thank you!"))
        assertSnapshot(replay.screen, named: "replay-fullscreen-letterboxed-100x40")
    }

    /// The full screen covers the status line's row; the bar, drawn once beneath it, stands
    /// above it, and so does the cursor of a console line being typed.
    @Test func theBarStandsAboveAFullScreenThatCoversItsRow() throws {
        let replay = try Replay("fullscreen-waits-for-portrait", size: Size(columns: 100, rows: 40))
        replay.play(to: 7_000)
        var state = replay.loop.state
        #expect(state.shown != nil && state.replay?.area.rows == 40)
        for command in [nil, "customer sam"] {
            state.command = command
            var bare = state
            bare.shown = nil
            let screen = ReaderView.render(state)
            let alone = ReaderView.render(bare)
            #expect(screen.panels.contains { $0.contains(row: 39, column: 50) })
            #expect(screen.row(39) == alone.row(39))
            #expect(screen.rows[38].contains("│") && screen.rows[38] != alone.rows[38])
            #expect(command == nil || screen.cursor == alone.cursor)
        }
    }

    @Test func aTerminalSmallerThanTheTimelinesHoldsTheClockUntilEnlarged() throws {
        let replay = try Replay("orientation-and-room-wait-for-resize", size: Size(columns: 80, rows: 24))
        replay.advance(5)
        #expect(replay.driver.state.milliseconds == 0)
        #expect(replay.bar.contains("‖ 0.0 s · waiting for a 60x40 terminal (this one is 80x24)"))
        replay.terminal.enqueue(.resize(Size(columns: 100, rows: 40)))
        replay.loop.drain()
        replay.advance(2)
        #expect(replay.driver.state.milliseconds == 2_000)
        #expect(replay.recorded.contains(#""reason":"orientation""#))
    }

    @Test func theRecordIsSimulatesStdoutWhateverTheSpeed() throws {
        for speed in [1.0, 37, 1000] {
            let replay = try Replay("several-defers-come-back-newest-first", options: .init(speed: speed))
            for _ in 0..<400 where !(replay.loop.state.replay?.isFinished ?? false) { replay.advance(0.7) }
            #expect(replay.loop.state.replay?.isFinished == true)
            #expect(replay.recorded == replay.trace.result.stdout, "at \(speed)x")
            #expect(replay.loop.state.decisionLog == replay.trace.result.log.map { TerminalText.sanitize($0) })
        }
    }

    @Test func pauseStopsTheVirtualClockAndRedrawsOnlyTheBar() throws {
        let replay = try Replay("runner-up-lies-above-older-defers")
        replay.play(to: 2_000)
        let before = replay.screen
        replay.press(.character("p"))
        let paused = replay.screen
        replay.advance(30)
        #expect(replay.driver.state.milliseconds == 2_000)
        #expect(replay.bar.contains("‖ 2.0 s · next event Double at 3.0 s (in 1.0 s) · 1x · paused"))
        for row in 0..<(before.height - 1) { #expect(before.row(row) == paused.row(row), "row \(row)") }
        replay.press(.character("p"))
        replay.advance(0.5)
        #expect(replay.driver.state.milliseconds == 2_500)
    }

    @Test func dotJumpsToWhatComesNextAndSpeedKeysStep() throws {
        let replay = try Replay("runner-up-lies-above-older-defers", options: .init(paused: true))
        // Setup and start are at 0 (played at once); then the event at 1 s, its entrance's end
        // at 1.3 s (a timer), the next event at 2 s.
        replay.press(.character("."))
        #expect(replay.driver.state.milliseconds == 1_000)
        #expect(replay.loop.state.shown?.presentation.messageId == "A")
        replay.press(.character("."))
        #expect(replay.driver.state.milliseconds == 1_300)
        #expect(replay.recorded.hasSuffix(#"{"at":1.300,"event":"impression","message":"A"}"# + "\n"))
        replay.press(.character("."))
        #expect(replay.driver.state.milliseconds == 2_000)
        replay.press(.character("+"))
        replay.press(.character("+"))
        #expect(replay.driver.state.speed == 5)
        replay.press(.character("-"))
        #expect(replay.driver.state.speed == 2)
        #expect(replay.driver.state.isPaused)
    }

    @Test func aTapOfTheUsersOwnActsOnScreenOnlyAndIsMarkedInTheLog() throws {
        let replay = try Replay("runner-up-lies-above-older-defers")
        replay.play(to: 2_000)
        replay.press(.escape)
        #expect(replay.loop.state.shown == nil)
        #expect(
            replay.loop.state.decisionLog.last
                == "[replay] you closed on A: on screen only, not part of the timeline")
        for _ in 0..<200 where !(replay.loop.state.replay?.isFinished ?? false) { replay.advance(1) }
        #expect(replay.recorded == replay.trace.result.stdout)
    }

    @Test func spacePagesAndTheListChangesNothing() throws {
        let replay = try Replay("runner-up-lies-above-older-defers", options: .init(paused: true))
        replay.press(.character("r"), .character("d"), .character("D"), .character("y"), .enter, .escape)
        replay.press(.function(5))
        replay.loop.deliverMail()
        #expect(replay.source.opened.isEmpty && replay.source.taps.isEmpty && replay.source.impressions.isEmpty)
        #expect(replay.source.entries == Fixtures.inbox)
        #expect(replay.source.flushes == 0)
        replay.press(.character(" "))
        #expect(replay.loop.state.selected > 0 || replay.loop.state.total <= replay.loop.state.listRows)
    }

    @Test func loopStartsAgainAndRecordsTheFirstPassOnly() throws {
        let replay = try Replay("language-falls-back-to-en", options: .init(speed: 100, loops: true))
        for _ in 0..<50 where (replay.loop.state.replay?.pass ?? 0) < 2 { replay.advance(0.5) }
        #expect((replay.loop.state.replay?.pass ?? 0) >= 2)
        #expect(replay.recorded == replay.trace.result.stdout)
        #expect(replay.loop.state.decisionLog.contains("[replay] the timeline starts again (pass 2)"))
    }

    /// A timeline of no length has nothing to repeat: looped, it restarted at every wake and
    /// took a whole core.
    @Test func aLoopOfNoLengthPlaysOnce() {
        let replay = Replay(text: "", name: "empty", options: .init(loops: true))
        for _ in 0..<20 { replay.advance(0.5) }
        #expect(replay.loop.state.replay?.pass == 0)
        #expect(replay.loop.state.replay?.isFinished == true)
        #expect(replay.driver.millisecondsUntilDue() == nil, "nothing is due: the loop may sleep")
    }

    @Test func theReplayKeysAreInTheOneTable() {
        let keys = KeyBindings.defaults
        #expect(keys.hints(.replay) == "p pause  . next  +/- speed  L log  q quit")
        #expect(keys.action(for: .character(" "), in: .replay) == nil)
        #expect(keys.helpLines.contains { $0.keys == "p . + - =" && $0.text == "replay: pause, next, speed" })
        #expect(!keys.helpLines(replay: false).contains { $0.text.hasPrefix("replay") })
    }
}
