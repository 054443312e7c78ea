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
