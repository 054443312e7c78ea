import Foundation
import InboxCore

/// A producer whose source is a JSON document on disk, read whole (PROTOCOL 1.2).
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

    /// Reads and decodes the file. `now` only matters for demo data.
    public func read(now: Date) throws -> FeedDocument {
        let data = try Self.load(url)
        let shift = config.isDemo ? now.timeIntervalSince(Self.demoReference) : 0
        do {
            return try FeedDocument(data: data, producer: config.name, source: url.path, dateShift: shift)
        } catch let error as FeedError {
            throw SyncError.feed(error)
        }
    }

    static func load(_ url: URL) throws -> Data {
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
        if let size = attributes[.size] as? Int, size > sizeLimit {
            throw SyncError.tooLarge(path: path, limit: sizeLimit)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw SyncError.unreadable(path: path, reason: "permission denied")
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: sizeLimit + 1)) ?? Data()
        if data.count > sizeLimit { throw SyncError.tooLarge(path: path, limit: sizeLimit) }
        return data
    }
}
