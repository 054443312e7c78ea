/// The start-up query of TERMINAL.md §2: a kitty graphics query and DA1, sent before curses
/// takes the terminal, and the terminal's replies read within a deadline.
///
/// Terminals answer in order, and every terminal answers DA1, so DA1's reply ends the wait; a
/// terminal that answers nothing costs the deadline and no more. Whatever has arrived by then is
/// drained, so no reply is left for curses or the shell; a reply later still is swallowed by
/// `TerminalReplies` for the whole session.
public enum GraphicsProbe {
    /// How long the probe waits for replies, in seconds. TERMINAL §2 allows the start-up 150 ms
    /// for it; 20 ms of those are left to the rest of its cost (raw mode, the drain, a loaded
    /// machine's scheduling), so a terminal that never answers costs no more than 150 ms.
    public static let deadline = 0.130

    /// TERMINAL §2's bound on what the probe may cost.
    public static let allowance = 0.150

    /// The id the kitty query uses; a kitty reply names it.
    static let queryID = 31

    /// A kitty query for a 1x1 RGB picture (transmitted directly, never shown), then DA1.
    public static let query: [UInt8] = Array("\u{1B}_Gi=\(queryID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c".utf8)

    /// What the terminal said.
    public struct Answers: Equatable, Sendable {
        /// It answered the kitty query with OK.
        public var kitty = false
        /// Its DA1 reply lists attribute 4 (sixel graphics).
        public var sixel = false
        /// DA1's reply came: nothing more is to be waited for.
        public var answeredDA1 = false

        public init(kitty: Bool = false, sixel: Bool = false, answeredDA1: Bool = false) {
            self.kitty = kitty
            self.sixel = sixel
            self.answeredDA1 = answeredDA1
        }
    }

    /// The terminal's side of the probe: its output and its input.
    public protocol Channel {
        func write(_ bytes: [UInt8])
        /// What arrives within `milliseconds` (0: only what is already there); empty when nothing
        /// does. Returns as soon as something arrives.
        func read(waitingAtMost milliseconds: Int) -> [UInt8]
    }

    /// Sends the query and reads the replies until DA1's comes or `deadline` seconds pass on
    /// `clock` (seconds from any start), then drains what is left on the input.
    public static func run(on channel: Channel, clock: () -> Double, deadline: Double = deadline) -> Answers {
        let start = clock()
        channel.write(query)
        var received: [UInt8] = []
        var answers = Answers()
        while !answers.answeredDA1 {
            let remaining = start + deadline - clock()
            guard remaining > 0 else { break }
            received += channel.read(waitingAtMost: max(1, Int((remaining * 1000).rounded(.up))))
            answers = parse(received)
        }
        // Drain: what came with or after the last reply, bounded so a flood cannot hold us.
        for _ in 0..<64 {
            let more = channel.read(waitingAtMost: 0)
            if more.isEmpty { break }
            received += more
        }
        return parse(received)
    }

    /// The answers in the bytes read back: a kitty reply `ESC _ G i=31;OK ESC \` and a DA1
    /// reply `ESC [ ? Ps ; … c`. Anything else (keys typed meanwhile) is ignored.
    public static func parse(_ bytes: [UInt8]) -> Answers {
        var answers = Answers()
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x1B, index + 1 < bytes.count else {
                index += 1
                continue
            }
            let rest = bytes[(index + 1)...]
            if case .reply(let length) = TerminalReplies.match(Array(bytes[index...])) {
                let body = String(decoding: rest.prefix(length - 1), as: UTF8.self)
                if body.hasPrefix("_G") {
                    let fields = body.dropFirst(2)
                    if fields.contains("i=\(queryID)") && fields.contains(";OK") { answers.kitty = true }
                } else if body.hasPrefix("[?") {
                    answers.answeredDA1 = true
                    let parameters = body.dropFirst(2).dropLast().split(separator: ";")
                    if parameters.contains("4") { answers.sixel = true }
                }
                index += length
            } else {
                index += 1
            }
        }
        return answers
    }
}

/// Recognises the replies a terminal sends to the probe (DA1's `CSI ? … c`, kitty's APC
/// `_G … ST`), so one that arrives late is swallowed, never taken as keys.
public enum TerminalReplies {
    public enum Match: Equatable, Sendable {
        /// A whole reply of this many bytes (or scalars) from the start.
        case reply(length: Int)
        /// The start of a reply: more must be read to tell.
        case partial
        /// Not a reply: keys.
        case notReply
    }

    /// Whether `bytes`, which start with ESC, begin with a reply. Works on bytes or on the
    /// scalars curses hands back: replies are ASCII.
    public static func match<Units: Collection>(_ units: Units) -> Match where Units.Element: BinaryInteger {
        let codes = units.map { Int($0) }
        guard codes.first == 0x1B else { return .notReply }
        guard codes.count > 1 else { return .partial }
        switch codes[1] {
        case 0x5B:  // CSI ? digits ; … c
            guard codes.count > 2 else { return .partial }
            guard codes[2] == 0x3F else { return .notReply }
            for (offset, code) in codes.enumerated().dropFirst(3) {
                if code == 0x63 { return .reply(length: offset + 1) }
                guard (0x30...0x39).contains(code) || code == 0x3B else { return .notReply }
            }
            return .partial
        case 0x5F:  // APC G … ST, with a bound on how long a reply may be
            guard codes.count > 2 else { return .partial }
            guard codes[2] == 0x47 else { return .notReply }
            for offset in 3..<codes.count {
                if codes[offset] == 0x1B {
                    guard offset + 1 < codes.count else { return .partial }
                    return codes[offset + 1] == 0x5C ? .reply(length: offset + 2) : .notReply
                }
                guard (0x20...0x7E).contains(codes[offset]), offset < 512 else { return .notReply }
            }
            return .partial
        default:
            return .notReply
        }
    }
}
