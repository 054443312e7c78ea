/// The one check of a strict UTF-8 sequence (RFC 3629's table: no overlong forms, no surrogates,
/// nothing above U+10FFFF), shared by the streaming prescan of feed files (`JSONPrescan`) and
/// the reader of whole documents (`JSONReader`).
enum StrictUTF8 {
    enum Sequence: Equatable {
        case valid(length: Int)
        /// The bytes end inside a sequence whose bytes so far are valid.
        case cut
        case invalid
    }

    /// The sequence that starts at `index` of `bytes`, a byte that is not ASCII.
    static func sequence<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes, at index: Bytes.Index) -> Sequence
    where Bytes.Index == Int {
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch bytes[index] {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, low) = (3, 0xA0)
        case 0xE1...0xEC, 0xEE, 0xEF: length = 3
        case 0xED: (length, high) = (3, 0x9F)
        case 0xF0: (length, low) = (4, 0x90)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, high) = (4, 0x8F)
        default: return .invalid
        }
        for offset in 1..<length {
            guard index + offset < bytes.endIndex else { return .cut }
            let byte = bytes[index + offset]
            guard offset == 1 ? (low...high).contains(byte) : (0x80...0xBF).contains(byte) else { return .invalid }
        }
        return .valid(length: length)
    }
}
