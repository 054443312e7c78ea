import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One message between tinbox and `tinbox-net`, its network helper: a request, a cancel, or the
/// answer to a request. A header line of JSON, then the body's bytes as they are: the header's
/// `bodyLength` says how many follow (none when it is absent).
///
/// Why a helper process: URLSession on Linux drags in libcurl and its ~30 libraries, which cost
/// ~10 ms at every process start. Keeping them in a helper that starts only when an HTTP source
/// is used lets `tinbox count` answer in a few milliseconds (README, "Performance").
///
/// Why raw bodies: they were base64 inside the JSON line, so a batch of 500 events (90 KB) was
/// encoded, escaped, scanned and decoded twice more on its way through the pipe (issue 14 point 5).
public struct NetworkFrame: Codable, Sendable {
    public var id: Int
    // A request:
    public var method: String?
    public var url: URL?
    public var headers: [String: String]?
    /// A request's or an answer's body; it travels after the header line, not in the JSON.
    public var body: Data?
    // A cancel:
    public var cancel: Bool?
    // An answer: a status, or a failure.
    public var status: Int?
    public var failure: String?
    public var host: String?
    public var reason: String?
    public var seconds: Double?
    public var limit: Int?
    /// In the header: the byte count of the body that follows it.
    var bodyLength: Int?

    enum CodingKeys: String, CodingKey {
        case id, method, url, headers, cancel, status, failure, host, reason, seconds, limit, bodyLength
    }

    public init(id: Int) { self.id = id }

    public static func request(_ id: Int, _ request: HTTPRequest) -> NetworkFrame {
        var frame = NetworkFrame(id: id)
        frame.method = request.method
        frame.url = request.url
        frame.headers = request.headers
        frame.body = request.body
        return frame
    }

    public static func cancel(_ id: Int) -> NetworkFrame {
        var frame = NetworkFrame(id: id)
        frame.cancel = true
        return frame
    }

    public static func answer(_ id: Int, _ result: Result<HTTPResponse, TransportFailure>) -> NetworkFrame {
        var frame = NetworkFrame(id: id)
        switch result {
        case .success(let response):
            frame.status = response.status
            frame.headers = response.headers
            frame.body = response.body
        case .failure(let failure):
            switch failure {
            case .cannotConnect(let host, let reason):
                (frame.failure, frame.host, frame.reason) = ("cannotConnect", host, reason)
            case .connectTimedOut(let host, let seconds):
                (frame.failure, frame.host, frame.seconds) = ("connectTimedOut", host, seconds)
            case .timedOut(let seconds): (frame.failure, frame.seconds) = ("timedOut", seconds)
            case .connectionLost(let reason): (frame.failure, frame.reason) = ("connectionLost", reason)
            case .bodyTooLarge(let limit): (frame.failure, frame.limit) = ("bodyTooLarge", limit)
            case .cancelled: frame.failure = "cancelled"
            case .other(let reason): (frame.failure, frame.reason) = ("other", reason)
            }
        }
        return frame
    }

    /// The request this frame carries, if it is one.
    public var request: HTTPRequest? {
        guard let method, let url else { return nil }
        return HTTPRequest(method: method, url: url, headers: headers ?? [:], body: body)
    }

    /// The answer this frame carries, if it is one.
    public var result: Result<HTTPResponse, TransportFailure>? {
        if let status { return .success(HTTPResponse(status: status, headers: headers ?? [:], body: body ?? Data())) }
        guard let failure else { return nil }
        switch failure {
        case "cannotConnect": return .failure(.cannotConnect(host: host ?? "", reason: reason ?? ""))
        case "connectTimedOut": return .failure(.connectTimedOut(host: host ?? "", seconds: seconds ?? 0))
        case "timedOut": return .failure(.timedOut(seconds: seconds ?? 0))
        case "connectionLost": return .failure(.connectionLost(reason ?? ""))
        case "bodyTooLarge": return .failure(.bodyTooLarge(limit: limit ?? 0))
        case "cancelled": return .failure(.cancelled)
        default: return .failure(.other(reason ?? failure))
        }
    }

    /// The header line and the body's bytes, ready for the pipe.
    public func encoded() -> Data {
        var header = self
        header.bodyLength = body?.count
        // A header holds strings, numbers and string maps only: the encoder cannot refuse it.
        var data = (try? JSONEncoder().encode(header)) ?? Data("{\"id\":\(id)}".utf8)
        data.append(0x0A)
        if let body { data.append(body) }
        return data
    }

    /// The frame a header line describes, its body not yet attached.
    /// nil when the line is not a frame; the reader then fails the exchange as a broken helper.
    static func decode(header: Data) -> NetworkFrame? {
        try? JSONDecoder().decode(NetworkFrame.self, from: header)
    }
}

/// Cuts a byte stream into frames: a header line, then `bodyLength` bytes. Newlines are searched
/// with `memchr` and only in header lines, so a large body arriving in many chunks costs one copy.
public struct FrameReader {
    /// The most one `read(from:)` takes from the pipe.
    static let readSize = 256 << 10

    private var buffer: [UInt8] = []
    private var start = 0
    /// A header read whose body has not fully arrived.
    private var waiting: NetworkFrame?
    /// Where `read(from:)` reads into, made on its first use.
    private var scratch: [UInt8] = []

    public init() {}

    /// Reads what `descriptor` holds, up to `readSize` bytes in one `read`, and returns the frames
    /// that completed; nil at the end of the stream or on a read error. `FileHandle.availableData`
    /// read a pipe 8 KiB at a time: a batch of 500 events (90 KB) took 11 reads and copies, and
    /// as many wake-ups of a writer waiting on the full pipe (issue 14 point 5).
    public mutating func read(from descriptor: Int32) -> [NetworkFrame]? {
        if scratch.isEmpty { scratch = [UInt8](repeating: 0, count: Self.readSize) }
        let count = scratch.withUnsafeMutableBytes { bytes in
            var count = Glibc.read(descriptor, bytes.baseAddress, bytes.count)
            while count < 0 && errno == EINTR { count = Glibc.read(descriptor, bytes.baseAddress, bytes.count) }
            return count
        }
        guard count > 0 else { return nil }
        return frames(adding: scratch[..<count])
    }

    /// Appends `chunk` and returns the frames it completed, in order. A header line that does not
    /// decode is skipped.
    public mutating func append(_ chunk: Data) -> [NetworkFrame] {
        frames(adding: chunk)
    }

    private mutating func frames(adding chunk: some Collection<UInt8>) -> [NetworkFrame] {
        buffer.append(contentsOf: chunk)
        var frames: [NetworkFrame] = []
        while true {
            if var frame = waiting {
                let length = frame.bodyLength ?? 0
                guard buffer.count - start >= length else { break }
                frame.body = Data(buffer[start..<start + length])
                start += length
                waiting = nil
                frames.append(frame)
                continue
            }
            guard let newline = nextNewline() else { break }
            let header = Data(buffer[start..<newline])
            start = newline + 1
            guard let frame = NetworkFrame.decode(header: header) else { continue }
            if frame.bodyLength != nil {
                waiting = frame
            } else {
                frames.append(frame)
            }
        }
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 0 && start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        return frames
    }

    private func nextNewline() -> Int? {
        buffer.withUnsafeBufferPointer { bytes -> Int? in
            guard start < bytes.count, let base = bytes.baseAddress,
                let found = memchr(base + start, 0x0A, bytes.count - start)
            else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }
}
