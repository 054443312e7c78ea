import Foundation

/// The escape sequences that send, place and remove pictures in pixels (TERMINAL.md §2). Pure:
/// the curses backend writes them after curses' own update, inside DECSC/DECRC.
public enum PictureSequences {
    /// kitty's base64 chunks are at most 4096 bytes.
    static let kittyChunk = 4096

    /// Moves the cursor to (`row`, `column`), counted from 0.
    public static func moveTo(row: Int, column: Int) -> [UInt8] {
        Array("\u{1B}[\(row + 1);\(column + 1)H".utf8)
    }

    /// Sends a PNG to kitty under `id` without showing it (`a=t`), quietly (`q=2`: kitty
    /// answers nothing, so no reply ever reaches the input), in chunks.
    public static func kittyTransmit(id: UInt32, png: [UInt8]) -> [[UInt8]] {
        let base64 = Array(Data(png).base64EncodedString().utf8)
        var sequences: [[UInt8]] = []
        var offset = 0
        repeat {
            let end = min(base64.count, offset + kittyChunk)
            let more = end < base64.count ? 1 : 0
            let keys = offset == 0 ? "a=t,f=100,t=d,i=\(id),q=2,m=\(more)" : "m=\(more)"
            sequences.append(Array("\u{1B}_G\(keys);".utf8) + base64[offset..<end] + Array("\u{1B}\\".utf8))
            offset = end
        } while offset < base64.count
        return sequences
    }

    /// Places the picture sent as `id` at the cursor over `columns` x `rows` cells, without moving
    /// the cursor (`C=1`). Placing it again with the same ids moves it.
    public static func kittyPlace(id: UInt32, columns: Int, rows: Int) -> [UInt8] {
        Array("\u{1B}_Ga=p,i=\(id),p=1,c=\(columns),r=\(rows),C=1,q=2\u{1B}\\".utf8)
    }

    /// Removes the picture `id` from the screen; `freeing` also drops its data from kitty's memory.
    public static func kittyDelete(id: UInt32, freeing: Bool = false) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=\(freeing ? "I" : "i"),i=\(id),q=2\u{1B}\\".utf8)
    }

    /// An iTerm2 inline image of `columns` x `rows` cells at the cursor.
    public static func iterm(png: [UInt8], columns: Int, rows: Int) -> [UInt8] {
        let header =
            "\u{1B}]1337;File=inline=1;size=\(png.count);width=\(columns);height=\(rows);preserveAspectRatio=0:"
        return Array(header.utf8) + Array(Data(png).base64EncodedString().utf8) + [0x07]
    }

    /// `sequence` through tmux's passthrough: `DCS tmux; … ST` with every ESC inside doubled.
    public static func passthrough(_ sequence: [UInt8]) -> [UInt8] {
        var wrapped = Array("\u{1B}Ptmux;".utf8)
        wrapped.reserveCapacity(sequence.count + 16)
        for byte in sequence {
            wrapped.append(byte)
            if byte == 0x1B { wrapped.append(0x1B) }
        }
        return wrapped + Array("\u{1B}\\".utf8)
    }
}
