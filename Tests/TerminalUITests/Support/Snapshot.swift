import Foundation
import TerminalUI
import Testing

/// Golden screens: a screen rendered to text is compared with `__Snapshots__/<name>.txt`.
/// `RECORD_SNAPSHOTS=1 swift test` rewrites the files; a mismatch is shown as a line diff.
/// Under CI (`CI` set, to anything) recording is refused and fails the run, so a CI job can
/// never make its own goldens pass. Each row ends with `|` so trailing spaces (and therefore
/// widths) are part of the golden.
func assertSnapshot(
    _ screen: Screen, named name: String, goldens: Goldens = Goldens(), looks: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    switch goldens.check(looks ? Goldens.looks(of: screen) : Goldens.text(of: screen), named: name) {
    case .matches, .recorded:
        return
    case .refusedUnderCI:
        Issue.record(
            "RECORD_SNAPSHOTS=1 under CI: \(name).txt was not rewritten; record goldens locally and commit them",
            sourceLocation: sourceLocation)
    case .notWritten(let why):
        Issue.record("cannot record the golden \(why)", sourceLocation: sourceLocation)
    case .missing(let path):
        Issue.record("no golden \(path); run with RECORD_SNAPSHOTS=1 to write it", sourceLocation: sourceLocation)
    case .differs(let diff):
        Issue.record("screen differs from \(name).txt:\n\(diff)", sourceLocation: sourceLocation)
    }
}

/// The golden files and the environment that says whether to record them, both injected so
/// the rules can be tested without touching the process's environment or `__Snapshots__/`.
struct Goldens {
    enum Outcome: Equatable {
        case matches
        /// `RECORD_SNAPSHOTS=1`: the golden was written.
        case recorded
        /// `RECORD_SNAPSHOTS=1` under CI: nothing was written.
        case refusedUnderCI
        /// `RECORD_SNAPSHOTS=1`, but the golden could not be written.
        case notWritten(String)
        /// No golden at this path.
        case missing(String)
        /// The line diff against the golden.
        case differs(String)
    }

    static let defaultFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__")

    var folder = Goldens.defaultFolder
    var environment = ProcessInfo.processInfo.environment

    static func text(of screen: Screen) -> String {
        screen.rows.map { $0 + "|" }.joined(separator: "\n") + "\n"
    }

    /// What the text goldens cannot show, one mark per cell: `#` the selection bar, `.` a cell
    /// the scrim fades, `@` the cursor, a space anything else (TERMINAL §3 and §4).
    static func looks(of screen: Screen) -> String {
        (0..<screen.height).map { row in
            (0..<screen.width).map { column -> String in
                let cell = screen[row, column]
                if screen.cursor == ScreenPoint(row: row, column: column) { return "@" }
                if cell.role == .selected || cell.role == .selectedUnread { return "#" }
                return cell.isDimmed ? "." : " "
            }.joined() + "|"
        }.joined(separator: "\n") + "\n"
    }

    func check(_ actual: String, named name: String) -> Outcome {
        let file = folder.appendingPathComponent("\(name).txt")
        if environment["RECORD_SNAPSHOTS"] == "1" {
            guard environment["CI"] == nil else { return .refusedUnderCI }
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try actual.write(to: file, atomically: true, encoding: .utf8)
                return .recorded
            } catch {
                return .notWritten("\(file.path): \(error)")
            }
        }
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else { return .missing(file.path) }
        return expected == actual ? .matches : .differs(lineDiff(expected: expected, actual: actual))
    }
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
