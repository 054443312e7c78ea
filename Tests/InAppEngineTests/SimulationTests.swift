import Foundation
import TestSupport
import Testing

@testable import InAppEngine

@Suite struct SimulationTests {
    static let setup =
        #"{"at":0,"do":"setup","sync":{"campaigns":[{"id":"A","trigger":{"type":"event","event":"a"},"#
        + #""repeat":{"type":"everyTime"},"message":{"type":"modal","header":"A"}}]}}"#

    func run(_ lines: [String]) -> SimulationResult {
        Simulation.run(
            timeline: lines.joined(separator: "\n") + "\n", baseDirectory: URL(fileURLWithPath: "/nonexistent"))
    }

    @Test func atGoingBackwardsIsAnErrorNamingTheLineAndKeepsTheOutput() {
        let result = run([Self.setup, #"{"at":5,"do":"start","customer":"c1"}"#, #"{"at":2.0,"do":"stop"}"#])
        #expect(result.error?.description == "timeline.jsonl:3: `at` goes backwards (2.0 after 5.0)")
        #expect(result.stdout.hasPrefix(#"{"at":5.000,"event":"sessionStarted","customer":"c1"}"#))
    }

    @Test(arguments: [
        ("not json", "timeline.jsonl:2: not valid JSON (one JSON object per line)"),
        (#"{"at":1e400,"do":"end"}"#, "timeline.jsonl:2: not valid JSON"),
        ("[1]", "timeline.jsonl:2: not a JSON object"),
        (#"{"at":1,"do":"jump"}"#, "timeline.jsonl:2: unknown step \"jump\""),
        (#"{"at":1,"do":"start"}"#, "timeline.jsonl:2: `start` needs a string `customer`"),
        (#"{"do":"stop"}"#, "timeline.jsonl:2: missing `at`"),
        (#"{"at":1,"do":"tap"}"#, "timeline.jsonl:2: `tap` needs `button`"),
        (#"{"at":1,"do":"resize","cols":0,"rows":5}"#, "timeline.jsonl:2: `resize` needs `cols`"),
        (
            #"{"at":1,"do":"resize","cols":1e12,"rows":5}"#,
            "timeline.jsonl:2: `resize` needs `cols` as a whole number from 1 to 100000"
        ),
        (#"{"at":1,"do":"decide","message":"A","decision":"maybe"}"#, "timeline.jsonl:2: `decide` `decision`"),
        (#"{"at":1,"do":"network","sync":"slow"}"#, "timeline.jsonl:2: `network` `sync`"),
        (#"{"at":1e300,"do":"end"}"#, "timeline.jsonl:2: `at` must be"),
        (#"{"at":1,"do":"setup","sync":{"campaigns":[]}}"#, "timeline.jsonl:2: `setup` may appear only once"),
    ])
    func badLinesEndTheRunWithAClearError(line: String, expected: String) {
        let result = run([Self.setup, line])
        #expect(result.error?.description.hasPrefix(expected) == true, "\(result.error?.description ?? "no error")")
    }

    /// A timeline of no step (an empty file, or blank lines) is an error, not a run that printed nothing.
    @Test(arguments: ["", "\n  \n"])
    func aTimelineWithNoStepIsAnError(timeline: String) {
        let result = Simulation.run(timeline: timeline, baseDirectory: URL(fileURLWithPath: "/"))
        #expect(result.error?.description == "timeline.jsonl:1: no step: the first step must be `setup`")
        #expect(result.stdout.isEmpty)
    }

    @Test func theFirstStepMustBeSetup() {
        let result = run([#"{"at":0,"do":"start","customer":"c1"}"#])
        #expect(result.error?.description == "timeline.jsonl:1: the first step must be `setup`")
    }

    @Test func missingSyncFileIsAnError() {
        let result = run([#"{"at":0,"do":"setup","syncFile":"missing.json"}"#])
        #expect(result.error?.description == "timeline.jsonl:1: cannot read syncFile missing.json")
    }

    @Test func endRunsTimersUpToItsTimeAndStopsReading() {
        let result = run([
            Self.setup, #"{"at":0,"do":"start","customer":"c1"}"#, #"{"at":1,"do":"event","name":"a"}"#,
            #"{"at":1.2,"do":"end"}"#, "garbage after end is never read",
        ])
        #expect(result.error == nil)
        // The entrance ends at 1.3, after the end, so no impression; end is not a stop, so no
        // dismissal; and the line after it is never read.
        let events = result.stdout.split(separator: "\n").map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["event"] as? String ?? "?"
        }
        #expect(events == ["sessionStarted", "synced", "selected", "shown"], "\(result.stdout)")
        #expect(
            result.stdout.hasSuffix(
                #"{"at":1.000,"event":"shown","message":"A","text":{"header":"A","body":null}}"# + "\n"))
    }

    @Test func sameInputGivesTheSameOutputByteForByte() {
        let lines = [
            Self.setup, #"{"at":0,"do":"start","customer":"c1"}"#, #"{"at":1,"do":"event","name":"a"}"#,
            #"{"at":2,"do":"close"}"#, #"{"at":31,"do":"end"}"#,
        ]
        let first = run(lines)
        #expect(first.stdout == run(lines).stdout)
        #expect(first.stdout.contains("analyticsSent"))
        #expect(first.log.allSatisfy { $0.hasPrefix("[tinbox-iam] ") })
    }

    @Test func longIdleRunsFinishQuickly() {
        let result = run([
            Self.setup, #"{"at":0,"do":"start","customer":"c1"}"#, #"{"at":1,"do":"event","name":"a"}"#,
            #"{"at":1000000000,"do":"end"}"#,
        ])
        #expect(result.error == nil)
        #expect(result.stdout.hasSuffix(#""count":1,"eventIds":["00000000-0000-4000-8000-000000000001"]}"# + "\n"))
    }

    @Test func stringsAreEscapedInOutput() {
        let setup =
            #"{"at":0,"do":"setup","sync":{"campaigns":[{"id":"q\"\n","trigger":{"type":"event","event":"a"},"#
            + #""message":{"type":"modal","header":"tab\there","body":"\u001b[31m"}}]}}"#
        let result = run([setup, #"{"at":0,"do":"start","customer":"c1"}"#, #"{"at":1,"do":"event","name":"a"}"#])
        #expect(result.stdout.contains(#""message":"q\"\n""#))
        #expect(result.stdout.contains(#""text":{"header":"tab\there","body":"\u001b[31m"}"#))
    }

    @Test func syncFileArtworkResolvesAgainstTheDocumentFolder() throws {
        let folder = Scratch.folder("iam")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("art"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("png".utf8).write(to: folder.appendingPathComponent("art/here.png"))
        let document =
            #"{"campaigns":[{"id":"here","trigger":{"type":"event","event":"a"},"message":{"type":"modal","imageURL":"art/here.png"}},"#
            + #"{"id":"gone","trigger":{"type":"event","event":"b"},"message":{"type":"modal","imageURL":"art/gone.png"}}]}"#
        try Data(document.utf8).write(to: folder.appendingPathComponent("doc.json"))
        let timeline = [
            #"{"at":0,"do":"setup","syncFile":"doc.json"}"#, #"{"at":0,"do":"start","customer":"c1"}"#,
            #"{"at":1,"do":"event","name":"b"}"#, #"{"at":2,"do":"event","name":"a"}"#,
        ].joined(separator: "\n")
        let result = Simulation.run(timeline: timeline, baseDirectory: folder)
        #expect(result.stdout.contains(#"{"at":1.000,"event":"dropped","message":"gone","reason":"artwork"}"#))
        #expect(result.stdout.contains(#"{"at":2.000,"event":"shown","message":"here""#))
    }
}

extension SimulationTests {
    @Test func absurdDocumentDurationsNeitherTrapNorHang() {
        let setup =
            #"{"at":0,"do":"setup","sync":{"settings":{"cooldownSeconds":1e300},"campaigns":[{"id":"S","#
            + #""trigger":{"type":"event","event":"s"},"repeat":{"type":"everyTime"},"#
            + #""message":{"type":"slideup","autoDismissAfter":1e300}}]}}"#
        let result = run([
            setup, #"{"at":0,"do":"start","customer":"c1"}"#, #"{"at":1,"do":"event","name":"s"}"#,
            #"{"at":2,"do":"close"}"#, #"{"at":3,"do":"event","name":"s"}"#, #"{"at":1000000000,"do":"end"}"#,
        ])
        #expect(result.error == nil)
        #expect(result.stdout.contains(#"{"at":3.000,"event":"deferred","message":"S","reason":"cooldown"}"#))
    }

    @Test func eventsKeptByAFailedSendAtStopGoAtTheNextMessagingsTick() {
        let result = run([
            Self.setup, #"{"at":0,"do":"start","customer":"c1"}"#, #"{"at":1,"do":"event","name":"a"}"#,
            #"{"at":2,"do":"network","analytics":"fail"}"#, #"{"at":3,"do":"stop"}"#,
            #"{"at":4,"do":"network","analytics":"ok"}"#, #"{"at":10,"do":"start","customer":"c1"}"#,
            #"{"at":41,"do":"end"}"#,
        ])
        let ids = #"["00000000-0000-4000-8000-000000000001"]"#
        #expect(result.stdout.contains(#"{"at":3.000,"event":"analyticsFailed","count":1,"eventIds":"# + ids + "}"))
        #expect(result.stdout.contains(#"{"at":40.000,"event":"analyticsSent","count":1,"eventIds":"# + ids + "}"))
    }
}
