import Foundation

/// Where a key is read: the reader asks the context it is in (the list, an open message, an
/// in-app message over them, ...) which action a key means. One table holds every context, and
/// input, the `?` card, the hint line and the man page's KEYS are all read from it, so none can
/// name a key the reader does not take.
public enum KeyContext: String, CaseIterable, Sendable {
    case list, detail, search, console, overlay, picker, help, confirm, question, log, tooSmall
    /// `tinbox replay`: its bar's keys, read before an overlay's and the list's.
    case replay
}

/// What a key does. The raw value is the name the config's `keys` uses.
public enum KeyAction: String, CaseIterable, Sendable {
    case down, up, pageDown, pageUp, first, last, open, markRead, delete, markAllRead, deleteAll
    case nextTab, previousTab, tabAll, tabUnread, tabRead, tabDeleted
    case search, clearSearch, back, quit, refresh, help, console, log, picker
    case nextButton, previousButton, press, close, cancel, done, erase, run, show, hide, yes, no
    /// `tinbox replay`: pause or resume the virtual clock, jump to what comes next, change speed.
    case pause, nextStep, faster, slower
}

/// The rows of the `?` card, in order; each binding says on which row (if any) its keys show.
public enum HelpRow: Int, CaseIterable, Sendable {
    case move, page, ends, open, back, quit, tabs, mark, markAll, refresh, search, console, log, buttons
    case replay, suspend, help

    /// Rows only a replay has: its `?` card names them, the reader's does not.
    public var isReplayOnly: Bool { self == .replay }

    public var text: String {
        switch self {
        case .move: return "move"
        case .page: return "page"
        case .ends: return "first, last"
        case .open: return "open, press a button"
        case .back: return "back, clear search"
        case .quit: return "back, quit from list"
        case .tabs: return "tabs"
        case .mark: return "mark read, delete"
        case .markAll: return "all read, delete all"
        case .refresh: return "refresh"
        case .search: return "search titles"
        case .console: return "console: event, customer, lang"
        case .log: return "in-app decision log"
        case .buttons: return "choose a button"
        case .replay: return "replay: pause, next, speed"
        case .suspend: return "suspend"
        case .help: return "this help"
        }
    }
}

/// Keys for one action in one context. An action may have several bindings, so some of its
/// keys show on the card and in the hints while others (`Ctrl-F`, `Home`) work without being named.
public struct KeyBinding: Equatable, Sendable {
    public var keys: [Key]
    public var action: KeyAction
    /// The `?` card's row that names these keys.
    public var help: HelpRow?
    /// The hint line's word for the first key (bindings in a row with the same word share it: `j/k move`).
    public var hint: String?
    /// The list's hint word while a search narrows it.
    public var searchHint: String?

    public init(
        _ keys: [Key], _ action: KeyAction, help: HelpRow? = nil, hint: String? = nil, searchHint: String? = nil
    ) {
        self.keys = keys
        self.action = action
        self.help = help
        self.hint = hint
        self.searchHint = searchHint
    }
}

/// One rebinding from the config: `key` does `action` in `context`.
public struct KeyRebinding: Hashable, Sendable {
    public var context: KeyContext
    public var key: Key
    public var action: KeyAction

    public init(context: KeyContext, key: Key, action: KeyAction) {
        self.context = context
        self.key = key
        self.action = action
    }
}

/// The reader's key table: per context, the bindings in the order the card and hints name them.
public struct KeyBindings: Equatable, Sendable {
    public private(set) var contexts: [KeyContext: [KeyBinding]]

    public init(_ contexts: [KeyContext: [KeyBinding]]) {
        self.contexts = contexts
    }

    public func bindings(_ context: KeyContext) -> [KeyBinding] {
        contexts[context] ?? []
    }

    /// The action `key` means in `context`, if any.
    public func action(for key: Key, in context: KeyContext) -> KeyAction? {
        bindings(context).first { $0.keys.contains(key) }?.action
    }

    /// Every key of `action` in `context`, in table order.
    public func keys(for action: KeyAction, in context: KeyContext) -> [Key] {
        bindings(context).filter { $0.action == action }.flatMap(\.keys)
    }

    /// How a card names the key of `action`: its first key (`Esc closes`, `y delete all`).
    public func name(of action: KeyAction, in context: KeyContext) -> String {
        keys(for: action, in: context).first?.name ?? "?"
    }

    /// The actions a context knows: a rebinding may name only these.
    public static func actions(in context: KeyContext) -> [KeyAction] {
        var seen: [KeyAction] = []
        for binding in defaults.bindings(context) where !seen.contains(binding.action) { seen.append(binding.action) }
        return seen
    }

    /// The table with `rebindings` applied. An action named in the config gets exactly the keys
    /// the config gives it in that context (its default keys are dropped); the others keep
    /// theirs. A rebinding onto a key another action holds there is refused (`rejected`, with
    /// the action holding it) and, when an action is left with no key, its defaults stay.
    public func rebound(_ rebindings: [KeyRebinding]) -> (table: KeyBindings, rejected: [(KeyRebinding, KeyAction)]) {
        var accepted = rebindings
        var rejected: [(KeyRebinding, KeyAction)] = []
        while true {
            let table = applying(accepted)
            guard let (index, holder) = firstClash(accepted, in: table) else { return (table, rejected) }
            rejected.append((accepted[index], holder))
            accepted.remove(at: index)
        }
    }

    private func applying(_ rebindings: [KeyRebinding]) -> KeyBindings {
        var result = contexts
        for context in KeyContext.allCases {
            let own = rebindings.filter { $0.context == context }
            guard !own.isEmpty else { continue }
            var bindings = result[context] ?? []
            for action in Self.actions(in: context) {
                let keys = own.filter { $0.action == action }.map(\.key)
                guard !keys.isEmpty else { continue }
                guard let first = bindings.firstIndex(where: { $0.action == action }) else { continue }
                var binding = bindings[first]
                binding.keys = keys
                bindings.removeAll { $0.action == action }
                bindings.insert(binding, at: min(first, bindings.count))
            }
            result[context] = bindings
        }
        return KeyBindings(result)
    }

    /// The last rebinding whose key another action also holds, and that action: a rebinding
    /// loses to a default, and of two rebindings on one key the later loses.
    private func firstClash(_ rebindings: [KeyRebinding], in table: KeyBindings) -> (Int, KeyAction)? {
        for (index, rebinding) in rebindings.enumerated().reversed() {
            let others = table.bindings(rebinding.context).filter {
                $0.action != rebinding.action && $0.keys.contains(rebinding.key)
            }
            if let other = others.first { return (index, other.action) }
        }
        return nil
    }

    // MARK: what people read

    /// The `?` card (and the man page's KEYS): per row, the keys of every binding on it, each
    /// binding's first keys before its second ones, as `j k ↓ ↑`.
    public var helpLines: [(keys: String, text: String)] { helpLines(replay: true) }

    /// The `?` card's lines; `replay` false leaves out the rows only a replay has.
    public func helpLines(replay: Bool) -> [(keys: String, text: String)] {
        HelpRow.allCases.filter { replay || !$0.isReplayOnly }.compactMap { row in
            if row == .suspend { return ("Ctrl-Z", row.text) }
            let lists = KeyContext.allCases.flatMap { bindings($0).filter { $0.help == row }.map(\.keys) }
            var names: [String] = []
            for position in 0..<(lists.map(\.count).max() ?? 0) {
                for keys in lists where position < keys.count {
                    let name = keys[position].name
                    if !names.contains(name) { names.append(name) }
                }
            }
            return names.isEmpty ? nil : (Self.collapsingDigits(names).joined(separator: " "), row.text)
        }
    }

    /// The hint line of a context: `j/k move  Enter open …`. Neighbouring bindings with one word
    /// share it, their first keys joined by `/`. `except`: actions something else takes now.
    public func hints(_ context: KeyContext, searching: Bool = false, except: Set<KeyAction> = []) -> String {
        var items: [(keys: [String], word: String)] = []
        for binding in bindings(context) where !except.contains(binding.action) {
            guard let word = searching ? binding.searchHint : binding.hint, let key = binding.keys.first else {
                continue
            }
            if let last = items.last, last.word == word {
                items[items.count - 1].keys.append(key.name)
            } else {
                items.append(([key.name], word))
            }
        }
        return items.map { $0.keys.joined(separator: "/") + " " + $0.word }.joined(separator: "  ")
    }

    /// `1 2 3 4` reads `1-4`.
    static func collapsingDigits(_ names: [String]) -> [String] {
        var result: [String] = []
        var run: [Int] = []
        func flush() {
            if run.count > 2 {
                result.append("\(run[0])-\(run[run.count - 1])")
            } else {
                result += run.map(String.init)
            }
            run = []
        }
        for name in names {
            if let digit = Int(name), name.count == 1, run.isEmpty || run.last == digit - 1 {
                run.append(digit)
            } else {
                flush()
                if let digit = Int(name), name.count == 1 { run.append(digit) } else { result.append(name) }
            }
        }
        flush()
        return result
    }
}
