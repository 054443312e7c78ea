import Foundation
import InboxCore

#if canImport(Glibc)
    import Glibc
#endif

/// A program the tests run, started with `posix_spawn` and reaped with `waitpid`, every wait
/// bounded by a deadline.
///
/// Not Foundation's `Process`: on Linux its `waitUntilExit` watches for the child's end through
/// a run loop and can miss it. CI saw that: a `tmux new-session` client had exited (a zombie,
/// never reaped) and the suite waited on it until the 90-minute limit. Every descriptor made
/// here is close-on-exec, so a daemon a child starts (a tmux server) keeps none of the test's
/// pipes open.
public final class ChildProcess: @unchecked Sendable {
    public enum Input: Sendable {
        /// Reads `/dev/null`.
        case null
        /// A pipe the test writes to (`input`); closing it gives the child end-of-file.
        case pipe
    }

    /// How a child ended.
    public struct Termination: Equatable, Sendable {
        /// The exit code, when it exited.
        public var exitCode: Int32?
        /// The signal that ended it, when one did.
        public var signal: Int32?

        /// The exit code, or 128 plus the signal, as a shell reports it.
        public var status: Int32 { exitCode ?? 128 + (signal ?? 0) }
    }

    /// The output of a finished `run`.
    public struct Result: Sendable {
        public var termination: Termination
        public var stdout: String
        public var stderr: String
        public var status: Int32 { termination.status }
    }

    public let pid: pid_t
    /// The write end of the child's standard input, with `Input.pipe`.
    public let input: FileHandle?
    private let outputPath: String
    private let errorPath: String
    private var ended: Termination?

    /// Starts `program` (a path, or a name looked up on PATH) with `arguments`.
    /// - Parameter environment: the child's whole environment; `nil` passes this process's own.
    public init(_ program: String, _ arguments: [String], environment: [String: String]? = nil, input: Input = .null)
        throws
    {
        let folder = Scratch.root.path
        let stamp = UUID().uuidString
        outputPath = "\(folder)/tinbox-child-\(stamp).out"
        errorPath = "\(folder)/tinbox-child-\(stamp).err"

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var opened: [Int32] = []
        defer { for descriptor in opened { close(descriptor) } }
        func open(_ path: String, _ flags: Int32) throws -> Int32 {
            let descriptor = Glibc.open(path, flags | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw ChildProcessError("cannot open \(path): errno \(errno)") }
            opened.append(descriptor)
            return descriptor
        }
        var writer: Int32 = -1
        switch input {
        case .null:
            posix_spawn_file_actions_adddup2(&actions, try open("/dev/null", O_RDONLY), 0)
        case .pipe:
            var ends: [Int32] = [0, 0]
            // pipe2 is not imported into Swift; another thread's spawn between these two calls
            // could inherit the pipe, which costs nothing worse than a late end-of-file.
            guard pipe(&ends) == 0 else { throw ChildProcessError("pipe failed: errno \(errno)") }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            opened.append(ends[0])
            writer = ends[1]
            posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
        }
        posix_spawn_file_actions_adddup2(&actions, try open(outputPath, O_WRONLY | O_CREAT | O_TRUNC), 1)
        posix_spawn_file_actions_adddup2(&actions, try open(errorPath, O_WRONLY | O_CREAT | O_TRUNC), 2)

        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let variables =
            (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") }
            + [nil]
        defer { for pointer in variables { free(pointer) } }

        // Every signal unblocked and at its default (the tests run on Dispatch workers, which block
        // them): a tmux server started so ignored `kill-server`, and every run left dozens running.
        var child: pid_t = 0
        let spawned = CleanSpawn.withAttributes { attributes in
            program.contains("/")
                ? posix_spawn(&child, program, &actions, attributes, argv, variables)
                : posix_spawnp(&child, program, &actions, attributes, argv, variables)
        }
        guard spawned == 0 else {
            if writer >= 0 { close(writer) }
            throw ChildProcessError("cannot start \(program): \(String(cString: strerror(spawned)))")
        }
        pid = child
        self.input = writer >= 0 ? FileHandle(fileDescriptor: writer, closeOnDealloc: true) : nil
    }

    deinit {
        if ended == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        unlink(outputPath)
        unlink(errorPath)
    }

    /// Runs `program` to its end and returns what it printed. A child still running after
    /// `timeout` seconds is killed, and the run throws.
    public static func run(
        _ program: String, _ arguments: [String], environment: [String: String]? = nil, timeout: Double = 60
    ) throws -> Result {
        let child = try ChildProcess(program, arguments, environment: environment)
        let termination = try child.wait(timeout: timeout)
        return Result(termination: termination, stdout: child.standardOutput, stderr: child.standardError)
    }

    /// Whether the child has not ended yet (it is reaped when it has).
    public var isRunning: Bool { reap(blocking: false) == nil }

    /// Waits at most `timeout` seconds for the child to end. On timeout the child is killed
    /// and this throws, naming what it printed so far.
    @discardableResult
    public func wait(timeout: Double) throws -> Termination {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let ended = reap(blocking: false) { return ended }
            usleep(5_000)
        }
        if let ended = reap(blocking: false) { return ended }
        kill(pid, SIGKILL)
        _ = reap(blocking: true)
        throw ChildProcessError(
            "pid \(pid) did not end within \(timeout) s and was killed; it printed: \(standardOutput)\(standardError)")
    }

    public func signal(_ number: Int32) {
        if ended == nil { kill(pid, number) }
    }

    /// What the child wrote to its standard output so far.
    public var standardOutput: String { Self.contents(outputPath) }
    public var standardError: String { Self.contents(errorPath) }

    private static func contents(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    private func reap(blocking: Bool) -> Termination? {
        if let ended { return ended }
        var status: Int32 = 0
        let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
        guard result == pid else { return nil }
        // WIFEXITED / WTERMSIG, which Swift cannot import as macros.
        let signal = status & 0x7F
        ended =
            signal == 0
            ? Termination(exitCode: (status >> 8) & 0xFF, signal: nil) : Termination(exitCode: nil, signal: signal)
        return ended
    }
}

public struct ChildProcessError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
