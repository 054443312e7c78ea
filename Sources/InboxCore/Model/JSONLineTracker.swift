import Foundation

/// Line and column of a byte offset in a text that goes by in chunks, for `file:line:column`
/// errors without keeping the text: as `JSONLocation` counts them, lines split at LF and a column
/// counts characters (grapheme clusters), 1-based.
///
/// Only the current line is looked at again, and only its last bytes are kept: the characters
/// before them are counted as the line grows, cut where two ASCII bytes meet (a cluster always
/// ends between two ASCII bytes, CR LF aside, and LF ends the line), so a cluster is never
/// split between two counts.
struct JSONLineTracker {
    /// Lines that ended before the bytes not yet passed.
    private var completedLines = 0
    /// Characters of the current line before `tail`.
    private var lineCharacters = 0
    /// The current line's bytes passed but not counted yet.
    private var tail: [UInt8] = []

    /// How many bytes of a line are kept before they are counted.
    private static let tailLimit = 4096

    /// Moves past `bytes`, the text's next bytes.
    mutating func pass(_ bytes: UnsafeBufferPointer<UInt8>) {
        var lastNewline = -1
        var newlines = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            newlines += 1
            lastNewline = index
        }
        if newlines > 0 {
            completedLines += newlines
            lineCharacters = 0
            tail.removeAll(keepingCapacity: true)
        }
        tail.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(lastNewline + 1)...]))
        guard tail.count > Self.tailLimit else { return }
        var cut = tail.count - 1
        while cut > 0 && !(tail[cut - 1] < 0x80 && tail[cut] < 0x80) { cut -= 1 }
        // A long line without two ASCII bytes side by side: cut at a scalar's start instead.
        if cut == 0 {
            cut = tail.count - 1
            while cut > 0 && tail[cut] & 0xC0 == 0x80 { cut -= 1 }
        }
        lineCharacters += Self.characters(tail[..<cut])
        tail.removeFirst(cut)
    }

    /// The location of `offset` within `bytes`, the bytes that follow those passed.
    func location(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, problem: String) -> JSONLocation {
        let before = UnsafeBufferPointer(rebasing: bytes[..<min(max(offset, 0), bytes.count)])
        var newlines = 0
        var lastNewline = -1
        for index in before.indices where before[index] == 0x0A {
            newlines += 1
            lastNewline = index
        }
        let column: Int
        if newlines > 0 {
            column = Self.characters(before[(lastNewline + 1)...]) + 1
        } else {
            column = lineCharacters + Self.characters(tail + before) + 1
        }
        return JSONLocation(line: completedLines + newlines + 1, column: column, problem: problem)
    }

    private static func characters<Bytes: Collection>(_ bytes: Bytes) -> Int where Bytes.Element == UInt8 {
        if bytes.allSatisfy({ $0 < 0x80 }) { return bytes.count }
        return String(decoding: bytes, as: UTF8.self).count
    }
}
