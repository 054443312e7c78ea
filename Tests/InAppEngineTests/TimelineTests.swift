import Foundation
import Testing

@testable import InAppEngine

/// Runs every `Timelines/NAME.jsonl` and compares stdout with `NAME.expected.jsonl`, exactly.
///
/// The expected files were written from the spec (BEHAVIOR §B, CLI.md), not recorded: they are the
/// contract's tests. A mismatch prints both texts.
@Suite struct TimelineTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Timelines")

    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".expected.jsonl") }
            .map { String($0.dropLast(".jsonl".count)) }.sorted()
    }

    @Test func everyTimelineHasAnExpectedOutput() {
        #expect(Self.names.count >= 10)
        for name in Self.names {
            let expected = Self.folder.appendingPathComponent("\(name).expected.jsonl")
            #expect(FileManager.default.fileExists(atPath: expected.path), "\(name) has no expected output")
        }
    }

    @Test(arguments: TimelineTests.names)
    func timelineOutputMatchesTheContract(name: String) throws {
        let timeline = try String(contentsOf: Self.folder.appendingPathComponent("\(name).jsonl"), encoding: .utf8)
        let expected = try String(
            contentsOf: Self.folder.appendingPathComponent("\(name).expected.jsonl"), encoding: .utf8)
        let result = Simulation.run(timeline: timeline, baseDirectory: Self.folder, timelineName: "\(name).jsonl")
        #expect(result.error == nil, "\(result.error.map(String.init(describing:)) ?? "")")
        #expect(
            result.stdout == expected,
            "\(name):\n--- actual\n\(result.stdout)--- log\n\(result.log.joined(separator: "\n"))")
    }
}
