import CNcursesw

/// Terminal replies that arrive after the start-up probe gave up (a slow SSH link): recognised
/// and swallowed for the whole session, never taken as keys (TERMINAL.md §2).
extension CursesTerminal {
    /// After ESC: reads on while what came may be a reply (`TerminalReplies`). A whole reply is
    /// dropped (nil, as if the wait had ended); anything else is ESC, and the keys read meanwhile
    /// come next.
    func escapeOrReply() -> TerminalInput? {
        let window = tinbox_stdscr()
        var codes: [UInt32] = [27]
        while true {
            switch TerminalReplies.match(codes) {
            case .reply:
                return nil
            case .notReply:
                return escape(then: codes.dropFirst(), functionKey: nil)
            case .partial:
                // A reply comes in one write: the rest is there at once, or soon once it has begun.
                wtimeout(window, codes.count < 3 ? 0 : 20)
                var character: wint_t = 0
                let result = wget_wch(window, &character)
                if result == tinbox_err() { return escape(then: codes.dropFirst(), functionKey: nil) }
                if result == tinbox_key_code_yes() {
                    return escape(then: codes.dropFirst(), functionKey: functionKey(Int32(bitPattern: character)))
                }
                codes.append(UInt32(character))
            }
        }
    }

    /// ESC now; the characters read after it, and a function key that ended the reading, next.
    private func escape(then codes: ArraySlice<UInt32>, functionKey: TerminalInput?) -> TerminalInput {
        pendingInput += codes.map { .key(Self.key(for: wint_t($0))) }
        if let functionKey { pendingInput.append(functionKey) }
        return .key(.escape)
    }
}
