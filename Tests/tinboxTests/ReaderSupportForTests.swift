import Foundation
import TestSupport

/// Drives the built `tinbox` binary inside a detached tmux session, the way a person would.
final class ReaderTmux {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let binary = packageRoot.appendingPathComponent(".build/debug/tinbox").path
    /// Whether the tmux suites run. Under CI they always do, so a missing tmux or binary fails
    /// them instead of skipping them quietly.
    static var isAvailable: Bool {
        ProcessInfo.processInfo.environment["CI"] != nil
            || FileManager.default.isExecutableFile(atPath: binary) && (try? run("tmux", ["-V"])) != nil
    }

    /// A `TZ` in which the local time is now between 12:00 and 13:00, for a reader that must not
    /// depend on the hour the tests run at (the demo's quiet hours are 03:00-03:05).
    static func middayZone(at now: Date = Date()) -> String {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        // Etc/GMT-N is N hours east of UTC (POSIX signs); -11...12 are all defined.
        let east = 12 - utc.component(.hour, from: now)
        return east == 0 ? "Etc/GMT" : east > 0 ? "Etc/GMT-\(east)" : "Etc/GMT+\(-east)"
    }

    let session = "tinbox-test-\(UUID().uuidString.prefix(8))"
    let dataDir: URL
    /// The tmux server's socket name (`tmux -L`): each test runs a server of its own. On one
    /// shared server, a test's `kill-session` could end the server just as another test's
    /// `new-session` reached it ("server exited unexpectedly").
    let socket: String

    init(
        width: Int = 80, height: Int = 24, term: String = "xterm-256color", environment: String = "",
        socket: String? = nil
    ) throws {
        self.socket = socket ?? session
        dataDir = Scratch.folder("tinbox-reader")
        try FileManager.default.createDirectory(at: dataDir, withIntermediateDirectories: true)
        try tmux(
            [
                "new-session", "-d", "-s", session, "-x", "\(width)", "-y", "\(height)",
                "env -i PATH=/usr/bin:/bin HOME=\(dataDir.path) LANG=C.UTF-8 TERM=\(term) \(environment) PS1='$ ' bash --norc --noprofile",
            ])
    }

    deinit {
        _ = try? tmux(["kill-session", "-t", session])
        try? FileManager.default.removeItem(at: dataDir)
    }

    /// Runs a tmux command on this test's server.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        try Self.run("tmux", ["-L", socket] + arguments)
    }

    /// The terminal cursor: its column, its row and whether it shows (tmux's `cursor_flag`).
    func cursor() throws -> (column: Int, row: Int, visible: Bool) {
        let words = try tmux(["display-message", "-p", "-t", session, "#{cursor_x} #{cursor_y} #{cursor_flag}"])
            .split(separator: " ").map { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1 }
        guard words.count == 3 else { return (-1, -1, false) }
        return (words[0], words[1], words[2] == 1)
    }

    /// Types a shell command line and presses Enter.
    func shell(_ line: String) throws {
        try tmux(["send-keys", "-t", session, "-l", line])
        try tmux(["send-keys", "-t", session, "Enter"])
    }

    /// Starts the reader on this test's data directory, with extra arguments. Unless the test
    /// is about in-app messaging (`campaigns`), the reader gets no campaigns, so the demo's
    /// session-start modal does not cover the inbox the test looks at.
    func launch(_ arguments: String = "", campaigns: Bool = false) throws {
        var arguments = arguments
        if !campaigns {
            let none = dataDir.appendingPathComponent("no-campaigns.json")
            try Data(#"{"campaigns": []}"#.utf8).write(to: none)
            arguments = "--campaigns \(none.path) " + arguments
        }
        // `exec` keeps the shell's pid, so the pid file names the reader itself.
        try shell(
            "sh -c 'echo $$ > \(dataDir.path)/pid; exec \(Self.binary) --data-dir \(dataDir.path)/data \(arguments)'")
    }

    /// The process id of the reader this test launched.
    func readerPid() throws -> Int32 {
        let text = try String(contentsOf: dataDir.appendingPathComponent("pid"), encoding: .utf8)
        // Never 0 or -1: kill() would signal the whole process group or every process.
        guard let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 1 else {
            throw NSError(
                domain: "ReaderTmux", code: 2, userInfo: [NSLocalizedDescriptionKey: "no reader pid in \(text)"])
        }
        return pid
    }

    /// Copies every byte the reader writes to the pane into `file`, before tmux reads it
    /// (`pipe-pane -O`): the raw capture of escape sequences tmux itself would not show.
    func pipeOutput(to file: URL) throws {
        try tmux(["pipe-pane", "-t", session, "-O", "cat >> '\(file.path)'"])
    }

    /// Sends tmux key names (`j`, `Enter`, `Escape`, `C-z`, ...).
    func keys(_ names: String...) throws {
        for name in names { try tmux(["send-keys", "-t", session, name]) }
    }

    /// Sends `text` to the pane as it is, byte for byte (an escape sequence a terminal would send).
    func literal(_ text: String) throws {
        try tmux(["send-keys", "-t", session, "-l", text])
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", session, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The pane as text (`escapes` keeps colours and attributes as SGR sequences).
    func capture(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-t", session, "-p"] + (escapes ? ["-e"] : []))
    }

    /// Waits until the pane satisfies `condition`; returns the last capture either way.
    @discardableResult
    func wait(timeout: Double = 5, until condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var text = try capture()
        while !condition(text), Date() < deadline {
            usleep(50_000)
            text = try capture()
        }
        return text
    }

    @discardableResult
    func wait(for needle: String, timeout: Double = 5) throws -> String {
        try wait(timeout: timeout) { $0.contains(needle) }
    }

    /// `wait(timeout:until:)` that also says when the last capture the condition failed on was
    /// begun (nil when the first one held): at that instant the pane still failed it.
    func waitNotingLastMiss(timeout: Double = 5, until condition: (String) -> Bool) throws
        -> (screen: String, lastMiss: Date?)
    {
        let deadline = Date().addingTimeInterval(timeout)
        var lastMiss: Date?
        var began = Date()
        var text = try capture()
        while !condition(text), Date() < deadline {
            lastMiss = began
            usleep(50_000)
            began = Date()
            text = try capture()
        }
        if !condition(text) { lastMiss = began }
        return (text, lastMiss)
    }

    /// Whether the reader is stopped by job control (state `T` in `/proc/PID/stat`), as it is
    /// between Ctrl-Z and `fg`.
    func readerIsStopped() throws -> Bool {
        let stat = try String(contentsOfFile: "/proc/\(try readerPid())/stat", encoding: .utf8)
        // `pid (comm) S ...`: the state follows the last parenthesis, as comm may hold any byte.
        guard let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first == "T"
    }

    /// Waits at most `timeout` seconds for the reader to be stopped (or running, `stopped: false`);
    /// returns whether it is.
    @discardableResult
    func waitForReader(stopped: Bool, timeout: Double = 5) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while try readerIsStopped() != stopped, Date() < deadline { usleep(20_000) }
        return try readerIsStopped() == stopped
    }

    /// Waits for the reader process to end, so keys typed next go to the shell and not into
    /// the reader's input buffer.
    func waitForExit(timeout: Double = 5) throws {
        let pid = try readerPid()
        let deadline = Date().addingTimeInterval(timeout)
        while kill(pid, 0) == 0, Date() < deadline { usleep(20_000) }
        if kill(pid, 0) == 0 {
            throw NSError(
                domain: "ReaderTmux", code: 1,
                userInfo: [NSLocalizedDescriptionKey: "the reader did not quit:\n\(try capture())"])
        }
    }

    /// Runs `tinbox ARGS` on the same data directory and returns its standard output.
    func tinbox(_ arguments: [String]) throws -> String {
        try Self.run(Self.binary, ["--data-dir", dataDir.path + "/data"] + arguments)
    }

    /// `tinbox count [--state S]` as a number.
    func count(_ state: String = "all") throws -> Int {
        Int(try tinbox(["count", "--state", state]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @discardableResult
    static func run(_ program: String, _ arguments: [String]) throws -> String {
        let result = try ChildProcess.run(program, arguments, timeout: 30)
        guard result.status == 0 else {
            throw NSError(
                domain: "ReaderTmux", code: Int(result.status),
                userInfo: [NSLocalizedDescriptionKey: "\(program) \(arguments) failed: \(result.stderr)"])
        }
        return result.stdout
    }
}
