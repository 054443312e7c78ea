import Foundation
import InboxCore
import TinboxHost
import TinboxKitCore

/// `tinbox simulate TIMELINE.jsonl` (CLI.md): replays a timeline on a virtual clock. It keeps
/// its state in memory only and never opens the data directory, so every run starts clean.
enum SimulateCommand {
    static func run(_ words: [String], context: () throws -> AppContext) throws {
        let parsed = try CommandWords(words, for: .simulate)
        guard parsed.positional.count == 1, let path = parsed.positional.first else {
            throw UsageError("simulate needs one timeline file: tinbox simulate TIMELINE.jsonl")
        }
        let (url, timeline) = try readTimeline(path)
        let result = InAppSimulation.run(
            timeline: timeline, baseDirectory: url.deletingLastPathComponent(), timelineName: url.lastPathComponent)
        // Campaign text reaches the terminal here too: invisible and control characters in the
        // JSON lines are written as escapes (same data for a JSON reader), the log is sanitized.
        if result.stdout.utf8.contains(where: { $0 >= 0x7F }) {
            for line in result.stdout.utf8.split(separator: UInt8(ascii: "\n")) {
                Output.line(TerminalText.escapingInvisibles(inJSON: String(decoding: line, as: UTF8.self)))
            }
        } else {
            Output.write(result.stdout)  // printable ASCII JSON lines: nothing to escape
        }
        Output.flush()
        Output.log(lines: result.log.map { TerminalText.sanitize($0) })
        if let error = result.error { throw CommandFailure(TerminalText.sanitize(error)) }
    }

    /// The timeline file's URL and text (`tinbox replay` reads it the same way).
    static func readTimeline(_ path: String) throws -> (URL, String) {
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw CommandFailure("cannot read timeline \(url.path): no such file or not readable")
        }
        guard let timeline = String(data: data, encoding: .utf8) else {
            throw CommandFailure("\(url.path): the timeline is not UTF-8 text")
        }
        return (url, timeline)
    }
}
