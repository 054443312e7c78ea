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

    /// Calls `body` with the file's bytes, a chunk at a time, refusing more than `limit`.
    ///
    /// A named pipe is opened without waiting for a writer: with none, it reads as empty instead
    /// of holding tinbox until one comes (a pipe of `<(…)` has its writer already). A device is
    /// read up to `limit`, so `/dev/zero` is refused instead of filling the memory.
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
        guard descriptor >= 0 else { throw SyncError.unreadable(path: path, reason: "permission denied") }
        defer { close(descriptor) }
        // Blocking reads from here: a pipe's writer may be slower than tinbox.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: FeedDecoder.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            let count = Foundation.read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw SyncError.unreadable(path: path, reason: String(cString: strerror(errno)).lowercased())
            }
            if count == 0 { return }
            total += count
            // The file may have grown since it was measured.
            if total > limit { throw SyncError.tooLarge(path: path, limit: limit) }
            try body(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
    }
}
