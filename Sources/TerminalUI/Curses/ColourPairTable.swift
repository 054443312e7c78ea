/// Colour pairs for campaign colours, made when first drawn and kept in a bounded table.
///
/// Curses draws a colour only through a numbered pair (foreground, background). The theme's
/// pairs come first and never change; campaign pairs take the numbers after them up to `last`
/// (the terminal's `COLOR_PAIRS - 1`, at most 32767 for the `short` API). When the table is full,
/// the pair used longest ago that the current screen does not need is given the new colours: a
/// pair still on screen is never changed, because ncurses repaints every cell drawn with a pair
/// that is redefined. If every pair is on screen, the cell falls back to its role's colours.
struct ColourPairTable {
    /// Two curses colour numbers; -1 is the terminal's default colour.
    struct Key: Hashable {
        var foreground: Int16
        var background: Int16
    }

    /// What drawing a key needs: a pair that already has these colours, or one to (re)initialize.
    enum Assignment: Equatable {
        case existing(Int16)
        case new(Int16)

        var pair: Int16 {
            switch self {
            case .existing(let pair), .new(let pair): return pair
            }
        }
    }

    let first: Int16
    let last: Int16
    private var pairs: [Key: Int16] = [:]
    private var keys: [Int16: Key] = [:]
    private var lastUse: [Int16: UInt64] = [:]
    private var clock: UInt64 = 0
    private var next: Int16

    /// - Parameters: first, last: the pair numbers the table may use, inclusive.
    init(first: Int16, last: Int16) {
        self.first = first
        self.last = last
        next = first
    }

    var count: Int { pairs.count }

    /// The pair for `key`, making or recycling one when needed; nil when the table is full and
    /// every pair in it is needed on screen (`isOnScreen`).
    mutating func pair(for key: Key, isOnScreen: (Key) -> Bool) -> Assignment? {
        clock += 1
        if let pair = pairs[key] {
            lastUse[pair] = clock
            return .existing(pair)
        }
        if next <= last {
            let pair = next
            next += 1
            store(key, in: pair)
            return .new(pair)
        }
        var victim: Int16?
        var oldest = UInt64.max
        for (pair, used) in lastUse where used < oldest {
            guard let old = keys[pair], !isOnScreen(old) else { continue }
            victim = pair
            oldest = used
        }
        guard let victim, let old = keys[victim] else { return nil }
        pairs[old] = nil
        store(key, in: victim)
        return .new(victim)
    }

    private mutating func store(_ key: Key, in pair: Int16) {
        pairs[key] = pair
        keys[pair] = key
        lastUse[pair] = clock
    }
}
