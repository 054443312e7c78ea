import Foundation
import Testing
import TerminalUI

/// Golden screens: a screen rendered to text is compared with `__Snapshots__/<name>.txt`.
/// `RECORD_SNAPSHOTS=1 swift test` rewrites the files; a mismatch is shown as a line diff.
/// Each row ends with `|` so trailing spaces (and therefore widths) are part of the golden.
func assertSnapshot(_ screen: Screen, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__")
    let file = folder.appendingPathComponent("\(name).txt")
    let actual = screen.rows.map { $0 + "|" }.joined(separator: "\n") + "\n"
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? actual.write(to: file, atomically: true, encoding: .utf8)
        return
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
        Issue.record("no golden \(file.path); run with RECORD_SNAPSHOTS=1 to write it", sourceLocation: sourceLocation)
        return
    }
    guard expected != actual else { return }
    let diff = lineDiff(expected: expected, actual: actual)
    Issue.record("screen differs from \(name).txt:\n\(diff)",
                 sourceLocation: sourceLocation)
}

/// Lines that differ, as `-expected` / `+actual` pairs with their line numbers.
func lineDiff(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var out: [String] = []
    for index in 0..<max(old.count, new.count) {
        let a = index < old.count ? String(old[index]) : nil
        let b = index < new.count ? String(new[index]) : nil
        if a == b { continue }
        out.append(String(format: "%3d", index + 1) + " -" + (a ?? "(none)"))
        out.append(String(format: "%3d", index + 1) + " +" + (b ?? "(none)"))
    }
    return out.joined(separator: "\n")
}
