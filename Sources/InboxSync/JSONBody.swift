import Foundation

/// A JSON request body written straight into bytes: the bulk bodies of PROTOCOL 1.3-1.4.
///
/// Why not `JSONSerialization`: on Linux it casts every value of a `[String: Any]` dynamically,
/// and one batch of 500 events cost about 20 ms of it, more than the request itself (issue 14
/// point 5). These bodies are flat objects of strings, so writing them is a loop of appends.
struct JSONBody {
    private(set) var bytes: [UInt8] = []
    /// Whether the object being written has no member yet.
    private var empty = true

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    var data: Data { Data(bytes) }

    /// Appends `text` as it is: punctuation and keys known to need no escaping.
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Opens an object; `member` then adds its fields and `close` ends it.
    mutating func open(after previous: Bool) {
        raw(previous ? ",{" : "{")
        empty = true
    }

    mutating func close() {
        raw("}")
    }

    /// `"key":"value"`, or `"key":null` when `value` is nil; `key` must need no escaping.
    mutating func member(_ key: StaticString, _ value: String?) {
        raw(empty ? "\"" : ",\"")
        empty = false
        raw(key)
        raw("\":")
        if let value { string(value) } else { raw("null") }
    }

    /// `value` as a JSON string (RFC 8259 section 7): quote, backslash and the C0 controls are
    /// escaped; every other scalar is written as its UTF-8 bytes.
    mutating func string(_ value: String) {
        bytes.append(0x22)
        var value = value
        value.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                escape(byte)
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(0x22)
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case 0x22: raw("\\\"")
        case 0x5C: raw("\\\\")
        case 0x0A: raw("\\n")
        case 0x0D: raw("\\r")
        case 0x09: raw("\\t")
        case 0x08: raw("\\b")
        case 0x0C: raw("\\f")
        default:
            raw("\\u00")
            bytes.append(Self.hex[Int(byte >> 4)])
            bytes.append(Self.hex[Int(byte & 0x0F)])
        }
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)
}
