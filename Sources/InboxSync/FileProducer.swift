import Foundation
import InboxCore

/// A producer whose source is a JSON document on disk, read whole (PROTOCOL 1.2) as a stream.
public struct FileProducer: Sendable {
    /// PROTOCOL 1.5: feed files are read up to 256 MiB.
    public static let sizeLimit = 256 << 20
    /// The instant the shipped demo documents are written around; it is moved to "now".
    public static let demoReference = UTCDate.parse("2026-12-01T12:00:00.000Z")!

    public let config: ProducerConfig
    public let url: URL

    public init(config: ProducerConfig, url: URL) {
        self.config = config
        self.url = url
    }

    /// Reads the file in chunks, handing each usable message to `sink` as it is decoded; returns
    /// how many were skipped. `now` only matters for demo data. Memory stays flat in the file's
    /// size: a chunk and the message being read.
    public func read(now: Date, into sink: FeedSink) throws -> Int {
        let shift = config.isDemo ? now.timeIntervalSince(Self.demoReference) : 0
        let decoder = FeedDecoder(
            producer: config.name, source: url.path, format: config.format, firstSeen: now, dateShift: shift, sink: sink
        )
        do {
            try Self.stream(url) { try decoder.feed($0) }
            return try decoder.finish()
        } catch let error as FeedError {
            throw SyncError.feed(error)
        }
    }

    /// A whole small file (a config, a campaigns document, a picture), read as feeds are
    /// (`stream`): at most `limit` bytes, so `/dev/zero` stops at the limit, a directory is refused
    /// and a pipe nobody writes to fails after its wait. The failure is the reason in words
    /// ("it is larger than 1 MiB", "no such file"), for the caller's line.
    public static func contents(_ url: URL, limit: Int) -> Result<Data, Unreadable> {
        var data = Data()
        do {
            try stream(url, limit: limit) { data.append(contentsOf: $0) }
        } catch SyncError.tooLarge(_, let limit) {
            return .failure(Unreadable(reason: "it is larger than \(limit >> 20) MiB"))
        } catch SyncError.unreadable(_, let reason) {
            return .failure(Unreadable(reason: reason))
        } catch {
            return .failure(Unreadable(reason: "\(error)"))
        }
        return .success(data)
    }

    /// Why `contents` could not read a file.
    public struct Unreadable: Error, Sendable {
        public let reason: String
    }

    /// How long a named pipe may wait for its writer's first bytes: `mkfifo p; tinbox --feed p
    /// refresh & cat feed.json > p` works, and a pipe nobody writes to fails instead of holding
    /// tinbox for ever.
    public static let pipeWait = 10

    /// Calls `body` with the file's bytes, a chunk at a time, refusing more than `limit`.
    ///
    /// A named pipe is opened without waiting for a writer, then waited on for its first bytes for
    /// at most `pipeWait` seconds; an anonymous one (`<(…)`) is read as it comes. A device is read
    /// up to `limit`, so `/dev/zero` is refused instead of filling the memory.
    public static func stream(
        _ url: URL, limit: Int = sizeLimit, _ body: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        let path = url.path
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw SyncError.unreadable(path: path, reason: "no such file")
        }
        if attributes[.type] as? FileAttributeType == .typeDirectory {
            throw SyncError.unreadable(path: path, reason: "it is a directory")
        }
        if let size = attributes[.size] as? Int, size > limit {
            throw SyncError.tooLarge(path: path, limit: limit)
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw unreadable(path) }
        defer { close(descriptor) }
        try waitForWriter(descriptor, path: path)
        // Blocking reads from here: a pipe's writer may be slower than tinbox.
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else { throw unreadable(path) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: FeedDecoder.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            let count = Foundation.read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(path)
            }
            if count == 0 { return }
            total += count
            // The file may have grown since it was measured.
            if total > limit { throw SyncError.tooLarge(path: path, limit: limit) }
            try body(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Returns at once unless `path` names a pipe in the file system (`mkfifo`); for one, when its
    /// writer has written (or come and gone), and fails after `pipeWait` seconds without one.
    /// Linux reports no hang-up on a pipe no writer has opened yet, so the wait is for a writer.
    /// An anonymous pipe (`<(…)`, `/dev/stdin`) has its writer already, however slow: it is read
    /// as a file is, without a limit.
    private static func waitForWriter(_ descriptor: Int32, path: String) throws {
        guard isNamedPipe(path) else { return }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(pipeWait) * 1_000_000_000
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            let left = now >= deadline ? 0 : Int32(min(UInt64(pipeWait) * 1000, (deadline - now) / 1_000_000 + 1))
            let ready = poll(&entry, 1, left)
            if ready > 0 { return }
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 { throw unreadable(path) }
            throw SyncError.unreadable(path: path, reason: "nothing was written to the pipe within \(pipeWait) s")
        }
    }

    /// Whether `path`, its links followed, is a pipe node of the file system; a link to an
    /// anonymous pipe (`/dev/fd/63` -> `pipe:[…]`) is not.
    static func isNamedPipe(_ path: String) -> Bool {
        var current = path
        for _ in 0..<16 {
            var info = stat()
            guard lstat(current, &info) == 0 else { return false }
            if info.st_mode & S_IFMT == S_IFIFO { return true }
            guard info.st_mode & S_IFMT == S_IFLNK,
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
            else { return false }
            if target.hasPrefix("/") {
                current = target
            } else if target.hasPrefix("pipe:") {
                return false
            } else {
                current = (current as NSString).deletingLastPathComponent + "/" + target
            }
        }
        return false
    }

    /// The failure `errno` names, for `path`.
    private static func unreadable(_ path: String) -> SyncError {
        .unreadable(path: path, reason: String(cString: strerror(errno)).lowercased())
    }
}
