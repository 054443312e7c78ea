import Foundation
import InboxCore
import TerminalUI
import TinboxHost

/// `tinbox replay TIMELINE.jsonl [--speed N] [--paused] [--loop] [--record FILE]` (issue 13):
/// the reader over the inbox, opened read-only, playing what `simulate` computes for the
/// timeline (`ReplayHost`). The timeline is run before the screen is taken, so a broken line
/// is one error naming `file:line`.
enum ReplayCommand {
    static func run(_ words: [String], context: () throws -> AppContext) throws {
        let parsed = try CommandWords(words, for: .replay)
        guard parsed.positional.count == 1, let path = parsed.positional.first else {
            throw UsageError("replay needs one timeline file: tinbox replay TIMELINE.jsonl [--speed N]")
        }
        var options = ReplayDriver.Options(
            paused: parsed.flags.contains("--paused"), loops: parsed.flags.contains("--loop"))
        if let text = parsed.values["--speed"] {
            guard let speed = Double(text), speed >= ReplayDriver.speeds[0], speed <= ReplayDriver.maximumSpeed else {
                throw UsageError("--speed must be a number from 0.1 to 1000, not \(TerminalText.sanitize(text))")
            }
            options.speed = speed
        }
        let (url, timeline) = try SimulateCommand.readTimeline(path)
        let trace = try ReplayHost.trace(timeline: timeline, at: url)
        let record = try parsed.values["--record"].map(Recording.init(path:))
        try ReaderCommand.requireTerminal()
        let context = try context()
        let environment = ProcessInfo.processInfo.environment
        options.reduceMotion = ReaderHost.reduceMotion(context, environment)
        let terminal = ReaderCommand.cursesTerminal(context, environment)
        defer { terminal.shutdown() }
        try ReplayHost.run(
            context, terminal: terminal, environment: environment, trace: trace, options: options,
            record: { record?.write($0) }, finish: { record?.close() })
    }
}

/// `--record FILE`: the first pass's stdout lines, written as they play, as `simulate` prints them.
private final class Recording {
    private let handle: FileHandle

    init(path: String) throws {
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: url)
        else { throw CommandFailure("cannot write \(url.path): --record needs a writable file") }
        self.handle = handle
    }

    func write(_ line: String) {
        // `simulate` escapes invisible characters in its lines the same way (same data for a JSON reader).
        let json = line.hasSuffix("\n") ? String(line.dropLast()) : line
        handle.write(Data((TerminalText.escapingInvisibles(inJSON: json) + "\n").utf8))
    }

    func close() {
        try? handle.close()
    }
}
