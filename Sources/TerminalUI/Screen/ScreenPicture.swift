/// A picture in pixels at a place on the screen (TERMINAL.md §2). The screen's cells under it
/// hold what shows where the picture does not (blanks in its background): a backend that draws
/// pixels sends `payload` over them after the cells; one that does not shows the cells.
public struct ScreenPicture: Equatable, Sendable {
    /// The bytes of one encoding, made by the artwork module for `columns` x `rows` cells.
    public struct Payload: Equatable, Sendable {
        public enum Encoding: Equatable, Sendable {
            /// A whole DEC sixel sequence (DCS … ST).
            case sixel
            /// A PNG file, for the kitty protocol and iTerm2 inline images.
            case png
        }

        public var encoding: Encoding
        public var bytes: [UInt8]
        /// Names the picture: the same id is the same bytes (a kitty picture is sent once per id).
        public var id: UInt32

        public init(encoding: Encoding, bytes: [UInt8], id: UInt32) {
            self.encoding = encoding
            self.bytes = bytes
            self.id = id
        }

        /// Two payloads are the same picture when their ids are: bytes are not compared.
        public static func == (lhs: Payload, rhs: Payload) -> Bool {
            lhs.id == rhs.id && lhs.encoding == rhs.encoding
        }
    }

    public var top: Int
    public var left: Int
    public var columns: Int
    public var rows: Int
    public var payload: Payload

    public init(top: Int, left: Int, columns: Int, rows: Int, payload: Payload) {
        self.top = top
        self.left = left
        self.columns = columns
        self.rows = rows
        self.payload = payload
    }

    /// The same picture moved by (`rows`, `columns`).
    public func offset(rows: Int, columns: Int) -> ScreenPicture {
        var moved = self
        moved.top += rows
        moved.left += columns
        return moved
    }

    /// Whether it lies inside the rectangle of `height` rows and `width` columns at (`top`, `left`).
    func isInside(top: Int, left: Int, width: Int, height: Int) -> Bool {
        self.top >= top && self.left >= left && self.top + rows <= top + height && self.left + columns <= left + width
    }

    func overlaps(top: Int, left: Int, width: Int, height: Int) -> Bool {
        self.top < top + height && top < self.top + rows && self.left < left + width && left < self.left + columns
    }

    /// A stable id for a picture of `key` (its URL) at a size: FNV-1a, never 0 (kitty's ids are
    /// 1...2^32-1).
    public static func id(key: String, columns: Int, rows: Int, variant: String = "") -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in "\(key)|\(columns)x\(rows)|\(variant)".utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return hash == 0 ? 1 : hash
    }
}
