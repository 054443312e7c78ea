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
            guard let speed = JSONValue.decimalNumber(text), speed >= ReplayDriver.speeds[0],
                speed <= ReplayDriver.maximumSpeed
            else {
                throw UsageError("--speed must be a number from 0.1 to 1000, not \(TerminalText.sanitize(text))")
            }
            options.speed = speed
        }
        let (url, timeline) = try SimulateCommand.readTimeline(path)
        let trace = try ReplayHost.trace(timeline: timeline, at: url)
        if let recordPath = parsed.values["--record"],
            Recording.url(recordPath).standardizedFileURL.resolvingSymlinksInPath()
                == url.standardizedFileURL.resolvingSymlinksInPath()
        {
            throw UsageError("--record names the timeline itself, which it would overwrite")
        }
        // The terminal first: a replay that cannot run emptied the record file all the same.
        try ReaderCommand.requireTerminal()
        let record = try parsed.values["--record"].map(Recording.init(path:))
        let context = try context()
        let environment = ProcessInfo.processInfo.environment
        options.reduceMotion = ReaderHost.reduceMotion(context, environment)
        let terminal = ReaderCommand.cursesTerminal(context, environment)
        defer { terminal.shutdown() }
        try ReplayHost.run(
            context, terminal: terminal, environment: environment, trace: trace, options: options,
            record: { record?.write($0) }, finish: { record?.close() })
        // A record that could not be written is a failure (`/dev/full` went by with exit 0).
        if let failure = record?.failure { throw CommandFailure(failure) }
    }
}

/// `--record FILE`: the first pass's stdout lines, written as they play, as `simulate` prints them.
private final class Recording {
    private let handle: FileHandle
    private let path: String
    /// Why the record is not whole, once a write failed; later lines are not tried.
    private(set) var failure: String?

    static func url(_ path: String) -> URL {
        URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
    }

    init(path: String) throws {
        let url = Self.url(path)
        // Opened in place, emptied: `createFile` wrote a new file and renamed it over the path,
        // which replaced a device or a pipe named there (`--record /dev/full` left a plain file).
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CommandFailure(
                "cannot write \(url.path): \(String(cString: strerror(errno))); --record needs a writable file")
        }
        self.handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        self.path = url.path
    }

    func write(_ line: String) {
        guard failure == nil else { return }
        // `simulate` escapes invisible characters in its lines the same way (same data for a JSON reader).
        let json = line.hasSuffix("\n") ? String(line.dropLast()) : line
        do {
            try handle.write(contentsOf: Data((TerminalText.escapingInvisibles(inJSON: json) + "\n").utf8))
        } catch {
            failure = "cannot write \(path): \((error as NSError).localizedDescription); the record is not whole"
        }
    }

    func close() {
        try? handle.close()
    }
}
