import Foundation

/// `HTTPTransport` through `tinbox-net`, the helper that runs URLSession (see `NetworkFrame`).
///
/// The helper is started on the first request and serves every request of this process; many
/// requests may be in flight at once. It exits when tinbox closes its standard input, so a
/// killed tinbox never leaves it behind.
public final class ProcessTransport: HTTPTransport, @unchecked Sendable {
    /// The transport of this process: the `tinbox-net` next to the running executable, or
    /// `$TINBOX_NET`.
    public static let shared = ProcessTransport(executable: defaultExecutable())

    /// Longer than any limit the helper enforces (connect 10 s + request 30 s), in case it hangs.
    static let safetyLimit: Double = 60

    private let executable: URL?
    private let lock = NSLock()
    private var helper: Process?
    private var input: FileHandle?
    private var waiting: [Int: Waiter] = [:]
    private var nextId = 0

    private final class Waiter: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        var result: Result<HTTPResponse, TransportFailure>?
    }

    public init(executable: URL?) {
        self.executable = executable
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
        write(.request(id, request))
        let token = cancellation?.onCancel { [weak self] in self?.write(.cancel(id)) }
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

    /// Called with the lock held.
    private func start() throws {
        guard let executable, FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw SyncError.unsupported(
                "tinbox-net, the network helper, is missing (looked for \(executable?.path ?? "it") next to tinbox)")
        }
        // A helper that died must not kill tinbox with SIGPIPE when the next request is written.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = executable
        let toHelper = Pipe()
        let fromHelper = Pipe()
        process.standardInput = toHelper
        process.standardOutput = fromHelper
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw SyncError.unsupported("cannot start the network helper \(executable.path): \(error)")
        }
        helper = process
        input = toHelper.fileHandleForWriting
        let output = fromHelper.fileHandleForReading
        let thread = Thread { [weak self] in self?.readAnswers(from: output, of: process) }
        thread.name = "tinbox-net reader"
        thread.start()
    }

    private func readAnswers(from output: FileHandle, of process: Process) {
        var frames = FrameReader()
        while true {
            let chunk = output.availableData
            if chunk.isEmpty { break }
            for frame in frames.append(chunk) {
                guard let result = frame.result else { continue }
                let waiter = lock.withLock { waiting.removeValue(forKey: frame.id) }
                waiter?.result = result
                waiter?.done.signal()
            }
        }
        // The helper is gone: fail what waits on it; the next request starts a new one.
        let orphans: [Waiter] = lock.withLock {
            if helper === process {
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

    private func write(_ frame: NetworkFrame) {
        lock.withLock {
            try? input?.write(contentsOf: frame.encoded())
        }
    }

    static func defaultExecutable() -> URL? {
        if let explicit = ProcessInfo.processInfo.environment["TINBOX_NET"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return nil
        }
        return URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("tinbox-net")
    }
}
