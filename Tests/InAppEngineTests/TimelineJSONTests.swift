import Foundation
import InboxCore
import Testing

@testable import InAppEngine

/// Timeline lines are read by `JSONValue.parse` (InboxCore's `JSONReader`, held to JSONDecoder on
/// the edges by `JSONReaderTests`): every line under test reads as JSONDecoder reads it, or
/// `simulate` would change its output or its error lines.
@Suite struct TimelineJSONTests {
    @Test func everyTimelineLineUnderTestsReadsAsJSONDecoderReadsIt() throws {
        let folder = TimelineTests.folder
        var lines = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".jsonl") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let decoded = try? JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
                #expect(JSONValue.parse(String(line)) == decoded, "\(name): \(line)")
                lines += 1
            }
        }
        #expect(lines > 0)
    }
}

/// `simulate`'s `localTime` is a real instant: a day the month does not have is refused, not
/// rolled into the next month (found by a helper: February 30 was taken as March 2).
@Suite struct TimelineLocalTimeTests {
    func setup(_ localTime: String) throws(StepError) -> TimelineStep {
        try TimelineStep.parse(
            #"{"at":0,"do":"setup","syncFile":"docs/basic.json","localTime":"\#(localTime)"}"#,
            baseDirectory: TimelineTests.folder)
    }

    @Test(arguments: ["2026-02-30T10:00:00", "2026-04-31T10:00:00", "2025-02-29T00:00:00"])
    func aDayTheMonthDoesNotHaveIsRefused(localTime: String) {
        #expect(throws: StepError.self) { try setup(localTime) }
    }

    @Test(arguments: ["2028-02-29T23:59:59", "2026-12-31T00:00:00"])
    func aRealDayIsRead(localTime: String) throws {
        _ = try setup(localTime)
    }
}
