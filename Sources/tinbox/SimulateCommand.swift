import Foundation
import InAppEngine

/// `tinbox simulate TIMELINE.jsonl` (CLI.md): replays a timeline on a virtual clock. It keeps
/// its state in memory only and never opens the data directory, so every run starts clean.
enum SimulateCommand {
    static func run(_ words: [String], context: () throws -> AppContext) throws {
        let parsed = try CommandWords(words, command: "simulate")
        guard parsed.positional.count == 1, let path = parsed.positional.first else {
            throw UsageError("simulate needs one timeline file: tinbox simulate TIMELINE.jsonl")
        }
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw CommandFailure("cannot read timeline \(url.path): no such file or not readable")
        }
        guard let timeline = String(data: data, encoding: .utf8) else {
            throw CommandFailure("\(url.path): the timeline is not UTF-8 text")
        }
        let result = Simulation.run(
            timeline: timeline, baseDirectory: url.deletingLastPathComponent(), timelineName: url.lastPathComponent)
        Output.write(result.stdout)
        Output.flush()
        for line in result.log { Output.log(line) }
        if let error = result.error { throw CommandFailure(error.description) }
    }
}
