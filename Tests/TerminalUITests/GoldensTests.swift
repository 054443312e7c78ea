import Foundation
import TerminalUI
import TestSupport
import Testing

/// The golden-screen helper (Support/Snapshot.swift): recording rewrites a golden, except under
/// CI, where it fails the run and leaves the file alone. Each test has its own folder and
/// environment, so neither `__Snapshots__/` nor this process's environment is touched.
@Suite struct GoldensTests {
    let folder = Scratch.folder("tinbox-goldens")

    private func goldens(_ environment: [String: String]) throws -> Goldens {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "old|\n".write(to: folder.appendingPathComponent("screen.txt"), atomically: true, encoding: .utf8)
        return Goldens(folder: folder, environment: environment)
    }

    private var golden: String {
        get throws { try String(contentsOf: folder.appendingPathComponent("screen.txt"), encoding: .utf8) }
    }

    @Test(arguments: ["true", "1", ""])
    func recordingUnderCIIsRefusedAndLeavesTheGoldenAlone(ci: String) throws {
        let goldens = try goldens(["RECORD_SNAPSHOTS": "1", "CI": ci])
        #expect(goldens.check("new|\n", named: "screen") == .refusedUnderCI)
        #expect(try golden == "old|\n")
    }

    @Test func recordingUnderCIFailsTheTest() throws {
        let goldens = try goldens(["RECORD_SNAPSHOTS": "1", "CI": "true"])
        withKnownIssue("recording is refused under CI") {
            assertSnapshot(Screen(width: 3, height: 1), named: "screen", goldens: goldens)
        }
        #expect(try golden == "old|\n")
    }

    @Test func recordingOutsideCIRewritesTheGolden() throws {
        let goldens = try goldens(["RECORD_SNAPSHOTS": "1"])
        #expect(goldens.check("new|\n", named: "screen") == .recorded)
        #expect(try golden == "new|\n")
    }

    @Test func withoutRecordingADifferenceIsADiffAndAMatchIsNot() throws {
        let goldens = try goldens(["CI": "true"])
        #expect(goldens.check("new|\n", named: "screen") == .differs("  1 -old|\n  1 +new|"))
        #expect(goldens.check("old|\n", named: "screen") == .matches)
        #expect(goldens.check("old|\n", named: "absent") == .missing(folder.appendingPathComponent("absent.txt").path))
        #expect(try golden == "old|\n")
    }
}
