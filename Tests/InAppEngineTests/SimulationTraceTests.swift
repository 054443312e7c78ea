import Foundation
import Testing

@testable import InAppEngine

/// `Simulation.trace` (issue 13): the run `tinbox replay` plays is `simulate`'s own run, kept
/// beat by beat, so the replay can only show what `simulate` computes.
@Suite struct SimulationTraceTests {
    @Test(arguments: TimelineTests.names)
    func theTraceIsSimulatesRunBeatByBeat(name: String) throws {
        let timeline = try String(
            contentsOf: TimelineTests.folder.appendingPathComponent("\(name).jsonl"), encoding: .utf8)
        let run = Simulation.run(timeline: timeline, baseDirectory: TimelineTests.folder, timelineName: "\(name).jsonl")
        let trace = Simulation.trace(
            timeline: timeline, baseDirectory: TimelineTests.folder, timelineName: "\(name).jsonl")
        #expect(trace.result == run)
        var stdout = ""
        var log: [String] = []
        var shown: String?
        var last: Int64 = 0
        for beat in trace.beats {
            #expect(beat.milliseconds >= last, "\(name): beats go back in time")
            last = beat.milliseconds
            switch beat.kind {
            case .report(let line):
                // Each line is stamped with its beat's instant.
                #expect(line.hasPrefix(#"{"at":\#(JSONLine.seconds(milliseconds: beat.milliseconds)),"#))
                stdout += line
            case .log(let line): log.append(line)
            case .present(let presentation):
                #expect(shown == nil, "\(name): \(presentation.messageId) over \(shown ?? "")")
                shown = presentation.messageId
            case .remove(let id):
                #expect(shown == id)
                shown = nil
            case .step, .timer: break
            }
        }
        #expect(stdout == run.stdout)
        #expect(log == run.log)
        #expect(trace.endMilliseconds >= last)
    }

    @Test func stepsCarryTheirLineAndWhatTheyDoToTheWorld() throws {
        let timeline = try String(
            contentsOf: TimelineTests.folder.appendingPathComponent("orientation-and-room-wait-for-resize.jsonl"),
            encoding: .utf8)
        let trace = Simulation.trace(timeline: timeline, baseDirectory: TimelineTests.folder)
        let steps = trace.beats.compactMap { beat -> (Int64, ReplayStep)? in
            if case .step(let step) = beat.kind { return (beat.milliseconds, step) }
            return nil
        }
        #expect(steps.map(\.1.line) == Array(1...10))
        #expect(steps[0].1.action == .setup(columns: 60, rows: 40, reduceMotion: false))
        #expect(steps[3].0 == 2000 && steps[3].1.action == .resize(columns: 39, rows: 10))
        #expect(steps[2].1.label == "event l" && steps[5].1.label == "close")
        #expect(trace.endMilliseconds == 8000)
        #expect(trace.setup.columns == 60 && trace.setup.rows == 40 && !trace.setup.reduceMotion)
    }

    @Test func aPlainRunKeepsNoTrace() {
        var runner = SimulationRunner(baseDirectory: URL(fileURLWithPath: "/nonexistent"))
        _ = try? runner.perform(SimulationTests.setup, number: 1)
        #expect(runner.beats.isEmpty)
    }
}
