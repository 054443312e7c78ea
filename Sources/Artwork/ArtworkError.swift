/// Why a picture could not be decoded. The description is one line a person can act on and
/// never carries the picture's bytes.
public struct ArtworkError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Reason: Equatable, Sendable {
        /// No bytes at all.
        case empty
        /// Neither PNG nor JPEG by its magic bytes.
        case unsupportedFormat
        /// Over `ArtworkDecoder.maximumPixelCount`.
        case tooLarge(width: Int, height: Int)
        /// The library refused the bytes: truncated, corrupt, or a variant it cannot read.
        case corrupt
        /// The pixels did not fit in memory.
        case outOfMemory
    }

    public let reason: Reason
    public let description: String

    public init(_ reason: Reason, _ description: String) {
        self.reason = reason
        self.description = description
    }
}
