import Foundation
import InboxCore

#if canImport(Glibc)
    import Glibc
#endif

/// `HTTPTransport` through `tinbox-net`, the helper that runs URLSession (see `NetworkFrame`).
///
/// The helper is started on the first request, or earlier by `prepare()`, and serves every
/// request of this process; many requests may be in flight at once. It exits when tinbox closes
/// its standard input, so a killed tinbox never leaves it behind.
public final class ProcessTransport: HTTPTransport, @unchecked Sendable {
    /// The transport of this process: `$TINBOX_NET`, else the running executable's helper
    /// (`helpers(of:)`).
    public static let shared = ProcessTransport(searching: defaultCandidates())

    /// Longer than any limit the helper enforces (connect 10 s + request 30 s), in case it hangs.
    static let safetyLimit: Double = 60
    /// Linux's `F_SETPIPE_SZ` (fcntl.h, which Swift's Glibc does not export), and the size asked
    /// for: `/proc/sys/fs/pipe-max-size`'s default.
    static let setPipeSize: Int32 = 1031
    static let pipeSize: Int32 = 1 << 20

    /// Where the helper may be, in order: the first that can run is started.
    private let candidates: [URL]
    private let lock = NSLock()
    private var helper: pid_t?
    private var input: FileHandle?
    private var waiting: [Int: Waiter] = [:]
    private var nextId = 0

    private final class Waiter: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        var result: Result<HTTPResponse, TransportFailure>?
    }

    public convenience init(executable: URL?) {
        self.init(searching: executable.map { [$0] } ?? [])
    }

    public init(searching candidates: [URL]) {
        self.candidates = candidates
    }

    /// Starts the helper now, if it is not running, without sending anything: loading libcurl
    /// and setting up URLSession (~10 ms) then overlaps whatever the caller does before its first
    /// request, such as opening the store (issue 14 point 5). A failure is left for `send` to report.
    public func prepare() {
        lock.withLock {
            if helper == nil { try? start() }
        }
    }

    public func send(_ request: HTTPRequest, cancellation: Cancellation?) -> Result<HTTPResponse, TransportFailure> {
        if cancellation?.isCancelled == true { return .failure(.cancelled) }
        let waiter = Waiter()
        let id: Int
        do {
            id = try register(waiter)
        } catch {
            return .failure(.other("\(error)"))
        }
        let frame = NetworkFrame.request(id, request).encoded()
        // The helper takes a longer frame for a broken stream and stops, failing every other
        // request in flight with it: this one alone fails.
        // The reader's limit is on the frame after its 4-byte count.
        let length = frame.count - 4
        guard length <= NetworkFrame.largestFrame else {
            lock.withLock { _ = waiting.removeValue(forKey: id) }
            return .failure(
                .other(
                    "the request is \(length) bytes, more than the \(NetworkFrame.largestFrame >> 20) MiB"
                        + " the network helper carries"))
        }
        write(frame)
        let token = cancellation?.onCancel { [weak self] in self?.write(NetworkFrame.cancel(id).encoded()) }
        defer { cancellation?.remove(token) }
        if waiter.done.wait(timeout: .now() + Self.safetyLimit) == .timedOut {
            lock.withLock { _ = waiting.removeValue(forKey: id) }
            return .failure(.timedOut(seconds: Self.safetyLimit))
        }
        return waiter.result ?? .failure(.other("the network helper gave no answer"))
    }

    /// Starts the helper when needed and books a request id for `waiter`.
    private func register(_ waiter: Waiter) throws -> Int {
        try lock.withLock {
            if helper == nil { try start() }
            nextId += 1
            waiting[nextId] = waiter
            return nextId
        }
    }

    /// Called with the lock held. `posix_spawn` with two pipes, not Foundation's `Process`: that
    /// one also starts a monitor thread and run-loop sources tinbox has no use for. The helper is
    /// reaped by the thread that reads its answers, when its output ends.
    private func start() throws {
        guard let executable = Self.firstRunnable(candidates) else {
            let searched = candidates.isEmpty ? "it" : candidates.map(\.path).joined(separator: ", ")
            throw SyncError.unsupported("tinbox-net, the network helper, is missing (looked for \(searched))")
        }
        // A helper that died must not kill tinbox with SIGPIPE when the next request is written.
        signal(SIGPIPE, SIG_IGN)
        // Close-on-exec, so no other child of tinbox (a browser, notify-send) keeps a pipe open
        // and the helper sees its end of input when tinbox exits.
        var toHelper: [Int32] = [-1, -1]
        var fromHelper: [Int32] = [-1, -1]
        guard pipe(&toHelper) == 0 else { throw Self.spawnFailure(executable, errno) }
        guard pipe(&fromHelper) == 0 else {
            let code = errno
            for end in toHelper { close(end) }
            throw Self.spawnFailure(executable, code)
        }
        for end in toHelper + fromHelper { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toHelper[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromHelper[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(executable.path), nil]
        defer { for argument in argv { free(argument) } }
        // With no signal blocked (the reader's refresh runs on a Dispatch worker, which blocks them).
        var child: pid_t = 0
        let spawned = CleanSpawn.withAttributes { posix_spawn(&child, executable.path, &actions, $0, argv, environ) }
        close(toHelper[0])
        close(fromHelper[1])
        guard spawned == 0 else {
            close(toHelper[1])
            close(fromHelper[0])
            throw Self.spawnFailure(executable, spawned)
        }
        let pid = child
        helper = pid
        input = FileHandle(fileDescriptor: toHelper[1], closeOnDealloc: true)
        // A batch of events (90 KB) then goes into the pipe in one write, without waiting for
        // the helper to take the first 64 KiB (F_SETPIPE_SZ; the system may allow less).
        for end in [toHelper[1], fromHelper[0]] { _ = fcntl(end, Self.setPipeSize, Self.pipeSize) }
        let output = FileHandle(fileDescriptor: fromHelper[0], closeOnDealloc: true)
        let thread = Thread { [weak self] in
            self?.readAnswers(from: output, of: pid)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        thread.name = "tinbox-net reader"
        thread.start()
    }

    private static func spawnFailure(_ executable: URL, _ code: Int32) -> SyncError {
        .unsupported("cannot start the network helper \(executable.path): \(String(cString: strerror(code)))")
    }

    private func readAnswers(from output: FileHandle, of process: pid_t) {
        var frames = FrameReader()
        while let received = frames.read(from: output.fileDescriptor) {
            for frame in received {
                guard let result = frame.result else { continue }
                let waiter = lock.withLock { waiting.removeValue(forKey: frame.id) }
                waiter?.result = result
                waiter?.done.signal()
            }
        }
        // A helper whose answers do not decode is not what it should be, and may not exit when
        // its input closes either: it is stopped, and reaped by this thread as any other.
        if frames.isCorrupt { kill(process, SIGKILL) }
        // The helper is gone: fail what waits on it; the next request starts a new one.
        let orphans: [Waiter] = lock.withLock {
            if helper == process {
                helper = nil
                input = nil
            }
            defer { waiting.removeAll() }
            return Array(waiting.values)
        }
        for waiter in orphans {
            waiter.result = .failure(.other("the network helper stopped"))
            waiter.done.signal()
        }
    }

    private func write(_ frame: Data) {
        lock.withLock {
            // A helper that died cannot take the frame; its end of the pipe then closes, and every
            // waiting request fails with "the network helper stopped" (above), so nothing is unheard.
            try? input?.write(contentsOf: frame)
        }
    }

    /// `$TINBOX_NET` alone when it is set, else the running executable's `helpers(of:)`; none
    /// without /proc (not Linux), and `send` says so.
    public static func defaultCandidates() -> [URL] {
        if let explicit = ProcessInfo.processInfo.environment["TINBOX_NET"], !explicit.isEmpty {
            return [URL(fileURLWithPath: explicit)]
        }
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return []
        }
        return helpers(of: URL(fileURLWithPath: path))
    }

    /// Where the helper of the `tinbox` at `executable` may be, in order: beside it (the build
    /// directory, or a copy of both binaries made by hand), then `../libexec/tinbox/` (where
    /// `make install` puts it, removing the one beside). Beside comes first so that a tinbox and
    /// a helper from the same folder are never split by a helper left from an older install: the
    /// frames carry no version. In a folder of its own the helper starts sooner: URLSession's
    /// first use reads the whole folder of the running executable (`CFBundle`), and a `/usr/bin`
    /// holds thousands of files (README, "Decisions").
    static func helpers(of executable: URL) -> [URL] {
        let folder = executable.deletingLastPathComponent()
        return [
            folder.appendingPathComponent("tinbox-net"),
            folder.deletingLastPathComponent().appendingPathComponent("libexec/tinbox/tinbox-net"),
        ]
    }

    /// The first of `candidates` that exists and may be run.
    static func firstRunnable(_ candidates: [URL]) -> URL? {
        candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
