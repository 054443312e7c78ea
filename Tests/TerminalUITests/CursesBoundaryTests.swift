import Foundation
import Testing

/// Issue 10, point 4: only the curses backend (Sources/TerminalUI/Curses) talks to curses; the
/// screen model, the reader and the commands measure with InboxCore's `TerminalText`.
@Suite struct CursesBoundaryTests {
    @Test func onlyTheCursesBackendImportsCurses() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources").standardizedFileURL
        let backend = sources.appendingPathComponent("TerminalUI/Curses").path + "/"
        var offenders: [String] = []
        for folder in ["TerminalUI", "tinbox"] {
            let root = sources.appendingPathComponent(folder)
            let files = try #require(FileManager.default.enumerator(atPath: root.path))
            for case let name as String in files where name.hasSuffix(".swift") {
                let path = root.appendingPathComponent(name).path
                if path.hasPrefix(backend) { continue }
                let text = try String(contentsOfFile: path, encoding: .utf8)
                if text.contains("import CNcursesw") || text.contains("wcwidth(") { offenders.append(path) }
            }
        }
        #expect(offenders.isEmpty)
    }
}
