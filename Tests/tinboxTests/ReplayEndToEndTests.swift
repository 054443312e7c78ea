import Foundation
import TestSupport
import Testing

/// `tinbox replay` as a person runs it (issue 13), in tmux on a socket of its own: each timeline
/// of `Tests/InAppEngineTests/Timelines` at `--speed 200`, its log pane against `simulate`'s
/// stderr and its `--record` file against `simulate`'s stdout; the data directory untouched.
@Suite(.serialized) struct ReplayEndToEndTests {
    static let timelines = ReaderTmux.packageRoot.appendingPathComponent("Tests/InAppEngineTests/Timelines")

    /// The example written for the live Gameball capture beside it.
    static let example = ReaderTmux.packageRoot.appendingPathComponent("Examples/replay/gameball-live.jsonl")

    /// Every timeline's path: the test timelines, then the example.
    static var paths: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: timelines.path)) ?? []
        let names = files.filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".expected.jsonl") }.sorted()
        return names.map { timelines.appendingPathComponent($0).path } + [example.path]
    }

    /// A tmux server of this test's own (`tmux -L`), one window tall enough for every log line.
    final class Window {
        let socket = "tinbox-replay-\(UUID().uuidString.prefix(8))"
        let folder: URL

        init(width: Int = 160, height: Int = 60) throws {
            folder = Scratch.folder("tinbox-replay")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try tmux([
                "new-session", "-d", "-s", "replay", "-x", "\(width)", "-y", "\(height)",
                "env -i PATH=/usr/bin:/bin HOME=\(folder.path) LANG=C.UTF-8 TERM=xterm-256color TZ=UTC "
                    + "PS1='$ ' bash --norc --noprofile",
            ])
        }

        deinit {
            _ = try? tmux(["kill-server"])
            try? FileManager.default.removeItem(at: folder)
        }

        @discardableResult
        func tmux(_ arguments: [String]) throws -> String {
            try ReaderTmux.run("tmux", ["-L", socket] + arguments)
        }

        func type(_ line: String) throws {
            try tmux(["send-keys", "-t", "replay", "-l", line])
            try tmux(["send-keys", "-t", "replay", "Enter"])
        }

        func keys(_ names: String...) throws {
            for name in names { try tmux(["send-keys", "-t", "replay", name]) }
        }

        func capture() throws -> String { try tmux(["capture-pane", "-t", "replay", "-p"]) }

        /// Waits (at most `timeout` seconds) until the screen satisfies `condition`.
        func wait(timeout: Double = 15, _ what: String, until condition: (String) -> Bool) throws -> String {
            let deadline = Date().addingTimeInterval(timeout)
            var screen = ""
            while Date() < deadline {
                screen = try capture()
                if condition(screen) { return screen }
                usleep(50_000)
            }
            throw NSError(
                domain: "ReplayEndToEnd", code: 1, userInfo: [NSLocalizedDescriptionKey: "no \(what):\n\(screen)"])
        }
    }

    /// The `[tinbox-iam]` lines in the log pane, as drawn (trailing blanks dropped).
    static func paneLines(_ screen: String) -> [String] {
        screen.split(separator: "\n").compactMap { row in
            guard let start = row.range(of: "│ [tinbox-iam]") else { return nil }
            var line = String(row[start.lowerBound...].dropFirst(2))
            if line.hasSuffix("│") { line.removeLast() }
            return line.trimmingCharacters(in: .whitespaces)
        }
    }

    @Test(.enabled(if: ReaderTmux.isAvailable), arguments: ReplayEndToEndTests.paths)
    func theLogPaneAndTheRecordAreSimulatesAtSpeed200(timeline: String) throws {
        let name = (timeline as NSString).lastPathComponent
        let simulate = try Tinbox.run(["simulate", timeline])
        #expect(simulate.status == 0, "\(name): \(simulate.stderr)")
        let window = try Window()
        let record = window.folder.appendingPathComponent("record.jsonl").path
        try window.type(
            "\(Tinbox.binary) --data-dir \(window.folder.path)/data replay \(timeline) --speed 200 --record \(record)")
        // A timeline of hours (quiet hours) would take minutes at 200x: `.` jumps it from step to step.
        let ended = { (screen: String) in screen.contains("■ ") && screen.contains(" end ·") }
        if try Self.lastInstant(timeline) / 200 > 10 {
            let deadline = Date().addingTimeInterval(30)
            while try !ended(window.capture()), Date() < deadline {
                try window.keys(".")
                usleep(100_000)
            }
        }
        _ = try window.wait("end of the replay", until: ended)
        // A message still up is closed by hand (on screen only), so the pane shows whole.
        try window.keys("Escape")
        try window.keys("L")
        let expected = simulate.stderr.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        // The pane is drawn on the next turn of the loop: wait (bounded) for it to hold every line.
        let screen = try? window.wait("the whole decision log") {
            $0.contains("Decision log") && Self.paneLines($0).count >= expected.count
        }
        let shown = try screen ?? window.capture()
        #expect(Self.paneLines(shown) == expected, "\(name):\n\(shown)")
        try window.keys("q")
        _ = try window.wait("shell prompt") { $0.split(separator: "\n").last?.hasPrefix("$") ?? false }
        let recorded = try String(contentsOfFile: record, encoding: .utf8)
        #expect(recorded == simulate.stdout, "\(name): --record differs from simulate's stdout")
    }

    /// Issue 13, point 2: marks, deletes, a refresh and a quit change nothing in the data directory.
    @Test(.enabled(if: ReaderTmux.isAvailable)) func theDataDirectoryIsTheSameAfterAReplay() throws {
        let window = try Window(width: 120, height: 40)
        let data = window.folder.appendingPathComponent("data")
        let tinbox = Tinbox()
        let feed = try tinbox.writeFeed(messages: (1...5).map { Tinbox.message("m\($0)") })
        let refreshed = try Tinbox.run(["--data-dir", data.path, "--feed", feed, "refresh"])
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        let before = try Self.snapshot(of: data)
        let timeline = Self.timelines.appendingPathComponent("runner-up-lies-above-older-defers.jsonl").path
        try window.type("\(Tinbox.binary) --data-dir \(data.path) --feed \(feed) replay \(timeline) --speed 50")
        _ = try window.wait("the stored inbox") { $0.contains("All 5 ") }
        try window.keys("r", "d", "j", "Enter", "Escape", "R", "D", "y", "F5")
        _ = try window.wait("the refusal") { $0.contains("read-only") }
        _ = try window.wait("end of the replay") { $0.contains("■ ") }
        #expect(try window.capture().contains("All 5  Unread 5"))
        try window.keys("q")
        _ = try window.wait("shell prompt") { $0.split(separator: "\n").last?.hasPrefix("$") ?? false }
        #expect(try Self.snapshot(of: data) == before)
        #expect(try tinbox.run(["--data-dir", data.path, "count", "--state", "unread"]).stdout == "5\n")
    }

    /// The `at` of a timeline's last line, in seconds.
    static func lastInstant(_ path: String) throws -> Double {
        let last = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").last ?? ""
        let object = try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
        return object?["at"] as? Double ?? 0
    }

    /// Every file of the directory with its size, modification time and bytes.
    static func snapshot(of directory: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            let path = directory.appendingPathComponent(name).path
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            let bytes = FileManager.default.contents(atPath: path) ?? Data()
            result[name] = bytes + Data(" \(modified) \(attributes[.posixPermissions] ?? 0)".utf8)
        }
        return result
    }

    /// Issue 13, point 5: one line naming file:line, before any screen is drawn.
    @Test func aBrokenTimelineLineIsOneErrorNamingFileAndLine() throws {
        let tinbox = Tinbox()
        try FileManager.default.createDirectory(at: tinbox.dataDirectory, withIntermediateDirectories: true)
        let file = tinbox.dataDirectory.appendingPathComponent("broken.jsonl")
        try Data(
            (#"{"at":0,"do":"setup","sync":{"campaigns":[]}}"# + "\n" + #"{"at":1,"do":"jump"}"# + "\n").utf8
        ).write(to: file)
        let result = try tinbox.run(["replay", file.path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("tinbox: broken.jsonl:2: unknown step \"jump\""))
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tinbox.dataDirectory.appendingPathComponent("tinbox.db").path))
    }

    /// A replay that cannot run leaves the record file as it was (it was emptied), and a record
    /// naming the timeline itself is refused before anything is written.
    @Test func aRecordFileIsTouchedOnlyByAReplayThatRuns() throws {
        let folder = Scratch.folder("tinbox-replay-record")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let kept = folder.appendingPathComponent("kept.txt")
        try Data("precious\n".utf8).write(to: kept)
        let file = Self.timelines.appendingPathComponent("language-falls-back-to-en.jsonl").path
        let noTerminal = try Tinbox().run(["replay", file, "--record", kept.path])
        #expect(noTerminal.status == 1 && noTerminal.stderr.contains("needs a terminal"), "\(noTerminal.stderr)")
        #expect(try String(contentsOf: kept, encoding: .utf8) == "precious\n")
        let itself = try Tinbox().run(["replay", file, "--record", file])
        #expect(itself.status == 64 && itself.stderr.contains("--record names the timeline itself"))
    }

    @Test func badSpeedsAreUsageErrors() throws {
        let file = Self.timelines.appendingPathComponent("language-falls-back-to-en.jsonl").path
        // Swift's Double("0x10") is 16, and "inf" infinity: only a plain decimal is a speed.
        for speed in ["0", "1001", "fast", "-2", "0x10", "inf", "1e2x"] {
            let result = try Tinbox().run(["replay", file, "--speed", speed])
            #expect(result.status == 64, "\(speed): \(result.stderr)")
            #expect(result.stderr.contains("--speed must be a number from 0.1 to 1000"))
        }
    }
}
