import Foundation

/// Builds one JSON value from a streaming parser's events: the vendor item `FeedDecoder` is
/// reading, so that only that item is ever held, never the document.
struct JSONTreeBuilder {
    private struct Level {
        var isMap: Bool
        var items: [JSONValue] = []
        var fields: [String: JSONValue] = [:]
        var key = ""
    }

    private var levels: [Level] = []
    /// The value, once its last container closed (or it was a scalar).
    private(set) var result: JSONValue?

    mutating func open(isMap: Bool) {
        var level = Level(isMap: isMap)
        // A vendor item's objects hold a handful of keys: made once at their size, not grown
        // key by key (a third of the tree's cost in a Dengage import).
        if isMap { level.fields.reserveCapacity(8) }
        levels.append(level)
    }

    mutating func key(_ text: UnsafeBufferPointer<UInt8>) {
        levels[levels.count - 1].key = String(decoding: text, as: UTF8.self)
    }

    /// A scalar, or a container that just closed.
    mutating func value(_ value: JSONValue) {
        guard !levels.isEmpty else {
            result = value
            return
        }
        let last = levels.count - 1
        if levels[last].isMap {
            // Of two equal keys the last counts, as in every JSON object tinbox reads.
            levels[last].fields[levels[last].key] = value
        } else {
            levels[last].items.append(value)
        }
    }

    mutating func close() {
        let level = levels.removeLast()
        value(level.isMap ? .object(level.fields) : .array(level.items))
    }
}
