import Foundation
import InboxCore

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
        name(key)
        if let value { string(value) } else { raw("null") }
    }

    /// `"key":"yyyy-MM-ddTHH:mm:ss.SSSZ"` for `milliseconds` since 1970 (`UTCDate`); the form
    /// needs no escaping.
    mutating func member(_ key: StaticString, milliseconds: Int64) {
        name(key)
        raw("\"")
        UTCDate.append(milliseconds: milliseconds, to: &bytes)
        raw("\"")
    }

    /// A member's `"key":`, after a comma unless it is the object's first.
    private mutating func name(_ key: StaticString) {
        raw(empty ? "\"" : ",\"")
        empty = false
        raw(key)
        raw("\":")
    }

    /// `value` as a JSON string, escaped as the one JSON writer escapes (`JSONWriter`).
    mutating func string(_ value: String) {
        JSONWriter.append(.string(value), to: &bytes)
    }
}
