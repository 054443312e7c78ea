import Foundation

/// The pass over each chunk before yajl sees it: where feeds were read by Foundation's
/// `JSONSerialization` before, and yajl reads JSON differently, this makes the two agree, so a
/// feed that imported before imports the same and one that failed still fails.
///
/// - A comma before `]` or `}` after a value is allowed (`[1,]`): it is blanked to a space.
/// - Vertical tab and form feed are not whitespace (yajl skips them).
/// - A `\u` escape of a lone surrogate is read as U+FFFD (yajl writes `?` or a surrogate's bytes,
///   Foundation refuses the document).
/// - UTF-8 must be strict: no overlong forms, no surrogates, nothing above U+10FFFF (yajl
///   checks only the lengths of sequences).
///
/// It also chooses where the chunk is cut: an unfinished token (a string, number or literal)
/// or a comma whose follower is not known yet waits for the next chunk, so yajl never sees a
/// token split in two and every position it reports falls in the chunk it was given. Blanking
/// keeps every byte's offset, line and column.
struct JSONPrescan {
    /// What a scan found: bytes from `cut` on wait for the next chunk; `failure` is the first
    /// byte yajl would have let through, before `cut`.
    struct Outcome {
        var cut: Int
        var failure: (offset: Int, problem: String)?
    }

    /// The last byte outside strings that was not whitespace, as of the scan's start.
    private var previous: UInt8 = 0
    /// The last comma blanked and the `]` or `}` after it, as offsets in the text.
    private(set) var lastBlanked: (comma: Int, closer: Int)?
    /// The token that waits (its start in the text), where its scan stopped and whether it may
    /// still wait: the next scan goes on from there, so a token longer than many chunks is
    /// scanned once.
    private var waiting: (token: Int, scanned: Int, holdable: Bool)?

    /// Scans `bytes`, the text from `origin` on, blanking allowed trailing commas in place.
    /// `final`: no more text follows, nothing waits.
    mutating func scan(_ bytes: UnsafeMutableBufferPointer<UInt8>, origin: Int, final: Bool) -> Outcome {
        let count = bytes.count
        var index = 0
        var pendingComma = -1
        var beforeComma: UInt8 = 0
        while index < count {
            let byte = bytes[index]
            switch byte {
            case 0x20, 0x0A, 0x0D, 0x09:
                index += 1
            case 0x0B, 0x0C:
                return Outcome(cut: index, failure: (index, "invalid whitespace character"))
            case UInt8(ascii: "\""):
                let resumed = waiting.flatMap { $0.token == origin + index ? $0 : nil }
                waiting = nil
                let scan = Self.string(
                    bytes, from: resumed.map { $0.scanned - origin } ?? index + 1, holdable: resumed?.holdable ?? true)
                switch scan {
                case .complete(let end):
                    pendingComma = -1
                    previous = byte
                    index = end
                case .unfinished(let scanned, let holdable):
                    // A string with a raw control character is an error yajl reports: no need to wait.
                    if final || !holdable { return Outcome(cut: count) }
                    waiting = (origin + index, origin + scanned, holdable)
                    return Outcome(cut: index)
                case .invalid(let offset, let problem):
                    return Outcome(cut: offset, failure: (offset, problem))
                }
            case UInt8(ascii: ","):
                if pendingComma < 0, Self.endsValue(previous) {
                    pendingComma = index
                    beforeComma = previous
                } else {
                    pendingComma = -1
                }
                previous = byte
                index += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if pendingComma >= 0 {
                    bytes[pendingComma] = 0x20
                    lastBlanked = (origin + pendingComma, origin + index)
                    pendingComma = -1
                }
                previous = byte
                index += 1
            default:
                var end = waiting.flatMap { $0.token == origin + index ? $0.scanned - origin : nil } ?? index
                waiting = nil
                while end < count && Self.isWordByte(bytes[end]) { end += 1 }
                if end == count && !final {
                    // A number or literal may go on in the next chunk.
                    waiting = (origin + index, origin + end, true)
                    return Outcome(cut: index)
                }
                pendingComma = -1
                previous = byte
                index = max(end, index + 1)
            }
        }
        if pendingComma >= 0 && !final {
            previous = beforeComma
            return Outcome(cut: pendingComma)
        }
        return Outcome(cut: count)
    }

    private enum StringScan {
        case complete(end: Int)
        /// The chunk ends inside the string, whose scan may go on at `scanned`; `holdable` when
        /// nothing in it is an error yet.
        case unfinished(scanned: Int, holdable: Bool)
        case invalid(offset: Int, problem: String)
    }

    /// The rest of a string from `index` (just after its quote, or where an earlier scan stopped).
    private static func string(_ bytes: UnsafeMutableBufferPointer<UInt8>, from start: Int, holdable: Bool)
        -> StringScan
    {
        let count = bytes.count
        var index = start
        var holdable = holdable
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { return .complete(end: index + 1) }
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < count else { return .unfinished(scanned: index, holdable: holdable) }
                guard bytes[index + 1] == UInt8(ascii: "u") else {
                    index += 2
                    continue
                }
                guard index + 6 <= count else { return .unfinished(scanned: index, holdable: holdable) }
                guard let unit = hex(bytes, index + 2) else {
                    index += 2  // not hex: yajl reports it
                    continue
                }
                if (0xD800...0xDBFF).contains(unit) {
                    // A high half is paired when `\u` and a low half follow (which may be in the next chunk).
                    let mayPair =
                        (index + 6 >= count || bytes[index + 6] == UInt8(ascii: "\\"))
                        && (index + 7 >= count || bytes[index + 7] == UInt8(ascii: "u"))
                    if mayPair && index + 12 > count { return .unfinished(scanned: index, holdable: holdable) }
                    let paired = mayPair && hex(bytes, index + 8).map { (0xDC00...0xDFFF).contains($0) } == true
                    if !paired { replaceWithReplacementCharacter(bytes, at: index) }
                    index += paired ? 12 : 6
                } else {
                    if (0xDC00...0xDFFF).contains(unit) { replaceWithReplacementCharacter(bytes, at: index) }
                    index += 6
                }
            } else if byte < 0x20 {
                holdable = false
                index += 1
            } else if byte < 0x80 {
                index += 1
            } else {
                switch StrictUTF8.sequence(in: bytes, at: index) {
                case .valid(let length): index += length
                case .cut: return .unfinished(scanned: index, holdable: holdable)
                case .invalid: return .invalid(offset: index, problem: "invalid UTF-8")
                }
            }
        }
        return .unfinished(scanned: index, holdable: holdable)
    }

    /// Writes `\ufffd` over the 6-byte escape of a lone surrogate at `index`, keeping every
    /// offset. A server that cuts a string at a UTF-16 boundary (half of an emoji) sends one; it
    /// made the whole feed invalid, where JavaScript's and Python's readers take it (keeping the
    /// half, which shows as U+FFFD); tinbox keeps U+FFFD, as a Swift string cannot hold the half
    /// (README, "What the streaming decoder reads").
    private static func replaceWithReplacementCharacter(_ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int) {
        for (offset, byte) in "\\ufffd".utf8.enumerated() { bytes[index + offset] = byte }
    }

    private static func hex(_ bytes: UnsafeMutableBufferPointer<UInt8>, _ from: Int) -> Int? {
        var value = 0
        for index in from..<(from + 4) {
            let byte = bytes[index]
            let digit: Int
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte) - 48
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int(byte) - 87
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Int(byte) - 55
            default: return nil
            }
            value = value * 16 + digit
        }
        return value
    }

    /// Bytes of numbers and literals (and of the words yajl refuses, which end at the same place).
    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }

    /// Whether a value can end with `byte` (a comma after it may be a trailing one).
    private static func endsValue(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") || isWordByte(byte)
    }
}

/// JSON text as every reader of tinbox takes it.
public enum JSONText {
    /// `data` with each `\u` escape of a lone surrogate written as `\ufffd`, the same length (so
    /// every place Foundation names stays right): what feeds (`JSONPrescan`) and `JSONValue`
    /// read, for the documents Foundation reads (the config, a preview's check, `convert`'s error
    /// places), which refuse the whole text for one such escape. UTF-16 and UTF-32 text is left
    /// as it is: the pass reads UTF-8.
    public static func replacingLoneSurrogates(_ data: Data) -> Data {
        var bytes = [UInt8](data)
        if bytes.withUnsafeBufferPointer(JSONReader.mayBeWideEncoding) { return data }
        var prescan = JSONPrescan()
        _ = bytes.withUnsafeMutableBufferPointer { prescan.scan($0, origin: 0, final: true) }
        return Data(bytes)
    }
}
