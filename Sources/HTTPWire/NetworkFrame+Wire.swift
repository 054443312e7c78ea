import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A frame on the pipe: its byte count (4 bytes, little-endian), then its fields. Each field is a
/// tag byte and a value: an integer or a double in 8 bytes, little-endian; text or bytes as a
/// 4-byte count and the bytes; headers as a 4-byte count of pairs, each two texts. The body comes
/// last, so its bytes end the frame as they are. Absent fields are left out.
extension NetworkFrame {
    /// The largest frame a reader accepts: answers are cut at 8 MiB (`URLSessionTransport`), and
    /// a batch of 500 events is ~90 KB. A larger count means the stream is corrupt, so a writer
    /// never sends a larger frame (`ProcessTransport` refuses its request instead).
    public static let largestFrame = 64 << 20

    enum Tag: UInt8 {
        case id = 1
        case method, url, headers, body, cancel, status, failure, host, reason, seconds, limit
    }

    /// The frame as the pipe carries it.
    public func encoded() -> Data {
        var fields = FieldWriter()
        fields.integer(.id, id)
        if let method { fields.text(.method, method) }
        if let url { fields.text(.url, url.absoluteString) }
        if let headers { fields.headers(.headers, headers) }
        if cancel == true { fields.integer(.cancel, 1) }
        if let status { fields.integer(.status, status) }
        if let failure { fields.text(.failure, failure) }
        if let host { fields.text(.host, host) }
        if let reason { fields.text(.reason, reason) }
        if let seconds { fields.integer(.seconds, Int(bitPattern: UInt(seconds.bitPattern))) }
        if let limit { fields.integer(.limit, limit) }
        if let body { fields.bytes(.body, body) }
        return fields.framed()
    }

    /// The frame `fields` (a frame without its byte count) describe; nil when they do not
    /// decode, and the reader then takes the stream for corrupt.
    static func decode(_ fields: UnsafeRawBufferPointer) -> NetworkFrame? {
        var reader = FieldReader(fields)
        var frame = NetworkFrame(id: 0)
        var sawId = false
        while !reader.atEnd {
            guard let raw = reader.byte(), let tag = Tag(rawValue: raw) else { return nil }
            switch tag {
            case .id:
                guard let value = reader.integer() else { return nil }
                (frame.id, sawId) = (value, true)
            case .method: frame.method = reader.text()
            case .url: frame.url = reader.text().flatMap { URL(string: $0) }
            case .headers: frame.headers = reader.headers()
            case .body: frame.body = reader.bytes()
            case .cancel: frame.cancel = reader.integer().map { $0 != 0 }
            case .status: frame.status = reader.integer()
            case .failure: frame.failure = reader.text()
            case .host: frame.host = reader.text()
            case .reason: frame.reason = reader.text()
            case .seconds: frame.seconds = reader.integer().map { Double(bitPattern: UInt64(UInt(bitPattern: $0))) }
            case .limit: frame.limit = reader.integer()
            }
            // A value cut short or not what its tag says: the reader stopped at it.
            if reader.failed { return nil }
        }
        return sawId ? frame : nil
    }
}

/// Writes a frame's fields after a place for its byte count.
private struct FieldWriter {
    private var bytes: [UInt8] = [0, 0, 0, 0]

    mutating func integer(_ tag: NetworkFrame.Tag, _ value: Int) {
        bytes.append(tag.rawValue)
        append64(UInt64(UInt(bitPattern: value)))
    }

    mutating func text(_ tag: NetworkFrame.Tag, _ value: String) {
        bytes.append(tag.rawValue)
        appendCounted(value.utf8)
    }

    mutating func bytes(_ tag: NetworkFrame.Tag, _ value: Data) {
        bytes.append(tag.rawValue)
        appendCounted(value)
    }

    mutating func headers(_ tag: NetworkFrame.Tag, _ value: [String: String]) {
        bytes.append(tag.rawValue)
        append32(value.count)
        for (name, text) in value {
            appendCounted(name.utf8)
            appendCounted(text.utf8)
        }
    }

    /// The fields with their byte count in front.
    func framed() -> Data {
        var whole = bytes
        let count = UInt32(truncatingIfNeeded: whole.count - 4)
        for index in 0..<4 { whole[index] = UInt8(truncatingIfNeeded: count >> (8 * index)) }
        return Data(whole)
    }

    private mutating func appendCounted(_ value: some Collection<UInt8>) {
        append32(value.count)
        bytes.append(contentsOf: value)
    }

    private mutating func append32(_ value: Int) {
        let value = UInt32(truncatingIfNeeded: value)
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    private mutating func append64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }
}

/// Reads a frame's fields; a value that runs past the frame's end sets `failed`.
private struct FieldReader {
    private let fields: UnsafeRawBufferPointer
    private var offset = 0
    private(set) var failed = false

    init(_ fields: UnsafeRawBufferPointer) { self.fields = fields }

    var atEnd: Bool { offset >= fields.count }

    mutating func byte() -> UInt8? {
        guard let taken = take(1) else { return nil }
        return taken[0]
    }

    mutating func integer() -> Int? {
        guard let taken = take(8) else { return nil }
        let value = (0..<8).reduce(UInt64(0)) { $0 | UInt64(taken[$1]) << (8 * UInt64($1)) }
        return Int(bitPattern: UInt(value))
    }

    mutating func bytes() -> Data? {
        guard let count = count(), let taken = take(count) else { return nil }
        return Data(taken)
    }

    mutating func text() -> String? {
        guard let count = count(), let taken = take(count) else { return nil }
        return String(decoding: taken, as: UTF8.self)
    }

    mutating func headers() -> [String: String]? {
        guard let pairs = count() else { return nil }
        var headers: [String: String] = [:]
        for _ in 0..<pairs {
            guard let name = text(), let value = text() else { return nil }
            headers[name] = value
        }
        return headers
    }

    private mutating func count() -> Int? {
        guard let taken = take(4) else { return nil }
        return Int(exactly: FrameReader.littleEndian32(taken))
    }

    private mutating func take(_ count: Int) -> UnsafeRawBufferPointer? {
        guard !failed, count >= 0, count <= fields.count - offset else {
            failed = true
            return nil
        }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: fields[offset..<offset + count])
    }
}

/// Cuts a byte stream into frames by their byte counts. A frame that does not decode, or a count
/// past `largestFrame`, makes the stream corrupt: both ends are built together, so the other end
/// is not what it should be, and the reader ends as if it had stopped (tinbox then fails what
/// waits on the helper and starts a new one for the next request).
public struct FrameReader {
    /// The most one `read(from:)` takes from the pipe.
    static let readSize = 256 << 10

    private var buffer: [UInt8] = []
    private var start = 0
    /// Set when a frame does not decode or a byte count is past `largestFrame`: the stream
    /// cannot be trusted to be cut into frames again.
    private var corrupt = false
    /// Where `read(from:)` reads into, made on its first use.
    private var scratch: [UInt8] = []

    public init() {}

    /// Whether the stream turned out corrupt (a frame that does not decode, or a count past
    /// `largestFrame`).
    public var isCorrupt: Bool { corrupt }

    /// Reads what `descriptor` holds, up to `readSize` bytes in one `read`, and returns the frames
    /// that completed; nil at the end of the stream, on a read error, or once the stream is
    /// corrupt (the frames that completed before the corruption are returned first).
    /// `FileHandle.availableData` read a pipe 8 KiB at a time: a batch of 500 events (90 KB)
    /// took 11 reads and copies, and as many wake-ups of a writer waiting on the full pipe
    /// (issue 14 point 5).
    public mutating func read(from descriptor: Int32) -> [NetworkFrame]? {
        guard !corrupt else { return nil }
        if scratch.isEmpty { scratch = [UInt8](repeating: 0, count: Self.readSize) }
        let count = scratch.withUnsafeMutableBytes { bytes in
            var count = Glibc.read(descriptor, bytes.baseAddress, bytes.count)
            while count < 0 && errno == EINTR { count = Glibc.read(descriptor, bytes.baseAddress, bytes.count) }
            return count
        }
        guard count > 0 else { return nil }
        let frames = frames(adding: scratch[..<count])
        return corrupt && frames.isEmpty ? nil : frames
    }

    /// Appends `chunk` and returns the frames it completed, in order, up to a corruption; after
    /// one, nothing more is returned.
    public mutating func append(_ chunk: Data) -> [NetworkFrame] {
        frames(adding: chunk)
    }

    private mutating func frames(adding chunk: some Collection<UInt8>) -> [NetworkFrame] {
        guard !corrupt else { return [] }
        buffer.append(contentsOf: chunk)
        var frames: [NetworkFrame] = []
        buffer.withUnsafeBytes { bytes in
            while bytes.count - start >= 4 {
                let count = Self.littleEndian32(UnsafeRawBufferPointer(rebasing: bytes[start..<start + 4]))
                guard let length = Int(exactly: count), length <= NetworkFrame.largestFrame else {
                    corrupt = true
                    return
                }
                guard bytes.count - start - 4 >= length else { return }
                let fields = UnsafeRawBufferPointer(rebasing: bytes[start + 4..<start + 4 + length])
                guard let frame = NetworkFrame.decode(fields) else {
                    corrupt = true
                    return
                }
                frames.append(frame)
                start += 4 + length
            }
        }
        if corrupt || start == buffer.count {
            buffer.removeAll(keepingCapacity: !corrupt)
            start = 0
        } else if start > 0 && start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        return frames
    }

    /// The 4 bytes at the start of `bytes` as a little-endian count.
    static func littleEndian32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[$1]) << (8 * UInt32($1)) }
    }
}
