extension Key {
    /// How the `?` card, the hints and the man page write the key: a character as itself
    /// (`Space` for a space), arrows as `↑ ↓ ← →`, and `Enter`, `Esc`, `Tab`, `Shift-Tab`,
    /// `Backspace`, `Delete`, `PgUp`, `PgDn`, `Home`, `End`, `F5`, `Ctrl-R`.
    public var name: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let character): return String(character)
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .function(let number): return "F\(number)"
        case .control(let letter): return "Ctrl-" + letter.uppercased()
        }
    }

    /// A key from the config's spelling: one character as itself (case matters: `g` and `G` are
    /// two keys), else a name as `name` writes it, case aside, with `Up` `Down` `Left` `Right`
    /// for the arrows, `F1`-`F12` and `Ctrl-A`-`Ctrl-Z`. Nil for anything else.
    public init?(name text: String) {
        if text.count == 1, let character = text.first {
            switch character {
            case "↑": self = .up
            case "↓": self = .down
            case "←": self = .left
            case "→": self = .right
            default:
                // A space is spelled `Space`; control characters are not keys the reader reads.
                guard !character.isWhitespace,
                    !character.unicodeScalars.contains(where: {
                        $0.properties.generalCategory == .control
                    })
                else { return nil }
                self = .character(character)
            }
            return
        }
        let lower = text.lowercased()
        let named: [String: Key] = [
            "space": .character(" "), "up": .up, "down": .down, "left": .left, "right": .right, "pgup": .pageUp,
            "pgdn": .pageDown, "home": .home, "end": .end, "enter": .enter, "esc": .escape, "tab": .tab,
            "shift-tab": .backTab, "backspace": .backspace, "delete": .delete,
        ]
        if let key = named[lower] {
            self = key
        } else if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number),
            !lower.dropFirst().hasPrefix("0")
        {
            self = .function(number)
        } else if lower.hasPrefix("ctrl-"), lower.count == 6, let letter = lower.last, ("a"..."z").contains(letter) {
            self = .control(letter)
        } else {
            return nil
        }
    }
}
