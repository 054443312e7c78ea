import Foundation
import InboxCore
import InboxStore

/// `tinbox list [--state S] [--json]`: every message of the state in the order of BEHAVIOR A.3.
enum ListCommand {
    static func run(_ words: [String], context: () throws -> AppContext) throws {
        let parsed = try CommandWords(words, for: .list)
        try rejectExtra(parsed.positional, command: "list")
        let filter = try StateOption.parse(parsed.values["--state"])
        let inbox = try context().inboxImportingOnce()
        if parsed.flags.contains("--json") {
            try printJSON(inbox, filter)
        } else {
            try inbox.forEachEntry(filter) { Output.line(line(for: $0)) }
        }
    }

    /// `unread * engagement/m-1001  2026-11-29 09:30  Title` — the title sanitized.
    static func line(for entry: InboxEntry) -> String {
        let state = entry.state.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
        let pin = entry.message.isPinned ? "*" : " "
        let date = UTCDate.format(entry.message.receiveDate).prefix(16).replacingOccurrences(of: "T", with: " ")
        let key = TerminalText.sanitize(entry.key.description)
        return "\(state) \(pin) \(key)  \(date)  \(TerminalText.sanitize(entry.message.title))"
    }

    /// One JSON array, one object a line, written as it is read so 100,000 messages never sit in
    /// memory at once. Bidi and other invisible format characters are written as `\uXXXX`
    /// escapes: the data is unchanged for a JSON reader, and nothing invisible reaches a terminal.
    static func printJSON(_ inbox: Inbox, _ filter: StateFilter) throws {
        var writer = JSONLineWriter()
        var first = true
        Output.write("[")
        try inbox.forEachEntry(filter) { entry in
            writer.reset()
            writer.object(fields(entry))
            Output.write(first ? "\n" : ",\n")
            first = false
            Output.write(bytes: writer.bytes)
        }
        Output.write(first ? "]\n" : "\n]\n")
    }

    /// The fields of `list --json`, keys sorted (CLI.md names the first six it must have).
    static func fields(_ entry: InboxEntry) -> [(String, JSONLineWriter.Value)] {
        let message = entry.message
        let buttons: [[(String, JSONLineWriter.Value)]] = message.buttons.map { button in
            [
                ("androidDeeplink", .string(button.androidDeeplink)), ("buttonId", .string(button.buttonId)),
                ("iosDeeplink", .string(button.iosDeeplink)), ("label", .string(button.label)),
                ("webUrl", .string(button.webUrl)),
            ]
        }
        return [
            ("ctaButtons", .objects(buttons)), ("endDateUtc", .string(message.end.map(UTCDate.format))),
            ("id", .string(message.key.id)), ("imageUrl", .string(message.imageUrl)),
            ("message", .string(message.body)), ("messageDetails", .string(message.messageDetails)),
            ("pinned", .bool(message.isPinned)), ("producer", .string(message.key.producer)),
            ("receiveDateUTC", .string(UTCDate.format(message.receiveDate))),
            ("startDateUtc", .string(message.start.map(UTCDate.format))), ("state", .string(entry.state.rawValue)),
            ("title", .string(message.title)),
        ]
    }
}
