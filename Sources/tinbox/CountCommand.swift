import TinboxHost
import TinboxKitCore

/// `tinbox count [--state S]`: one integer and a newline (all when no state is given).
enum CountCommand {
    static func run(_ words: [String], context: () throws -> AppContext) throws {
        let parsed = try CommandWords(words, for: .count)
        try rejectExtra(parsed.positional, command: "count")
        let filter = try StateOption.parse(parsed.values["--state"], of: "count")
        // The tallied counts (schema 3): a few index probes instead of a scan of every message.
        Output.line(String(try context().inboxApiImportingOnce().getMessageCounts()[filter] ?? 0))
    }
}

/// `--state all|unread|read|deleted`.
enum StateOption {
    static func parse(_ text: String?, of command: String) throws -> InboxMessageFilter {
        guard let text else { return .all }
        guard let filter = InboxMessageFilter(rawValue: text) else {
            throw UsageError.unknown(
                "state", text, candidates: InboxMessageFilter.allCases.map(\.rawValue), see: "tinbox help \(command)")
        }
        return filter
    }
}

func rejectExtra(_ words: [String], command: String) throws {
    if let first = words.first {
        throw UsageError("'\(command)' takes no argument '\(first)' (see 'tinbox help \(command)')")
    }
}
