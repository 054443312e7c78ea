import Foundation
import InboxCore
import TinboxHost
import TinboxKitCore

/// `tinbox list [--state S] [--json]`: every message of the state in the order of BEHAVIOR A.3.
enum ListCommand {
    static func run(_ words: [String], context: () throws -> AppContext) throws {
        let parsed = try CommandWords(words, for: .list)
        try rejectExtra(parsed.positional, command: "list")
        let filter = try StateOption.parse(parsed.values["--state"], of: "list")
        let inbox = try context().inboxApiImportingOnce()
        if parsed.flags.contains("--json") {
            try printJSON(inbox, filter)
        } else {
            try inbox.forEachMessage(filter) { Output.line(line(for: $0)) }
        }
    }

    /// `unread * engagement/m-1001  2026-11-29 09:30  Title` — the title sanitized.
    static func line(for message: TinboxKitCore.InboxMessage) -> String {
        let state = message.state.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
        let pin = message.isPinned ? "*" : " "
        let date = UTCDate.format(message.receiveDate).prefix(16).replacingOccurrences(of: "T", with: " ")
        let key = TerminalText.sanitize(message.qualifiedId)
        return "\(state) \(pin) \(key)  \(date)  \(TerminalText.sanitize(message.title))"
    }

    /// One JSON array, one object a line, written as it is read so 100,000 messages never sit in
    /// memory at once. Controls are escaped and so are bidi and other invisible characters
    /// (`JSONWriter`, `.escaped`): the data is unchanged for a JSON reader, and nothing invisible
    /// or active reaches a terminal.
    static func printJSON(_ inbox: InboxFeatureApi, _ filter: InboxMessageFilter) throws {
        var bytes: [UInt8] = []
        var first = true
        Output.write("[")
        try inbox.forEachMessage(filter) { message in
            bytes.removeAll(keepingCapacity: true)
            JSONWriter.append(.object(fields(message)), to: &bytes, invisibles: .escaped)
            Output.write(first ? "\n" : ",\n")
            first = false
            Output.write(bytes: bytes)
        }
        Output.write(first ? "]\n" : "\n]\n")
    }

    /// The fields of `list --json`, keys sorted (CLI.md names the first six it must have).
    static func fields(_ message: TinboxKitCore.InboxMessage) -> [(String, JSONWriter.Value)] {
        let buttons: [JSONWriter.Value] = message.ctaButtons.map { button in
            .object([
                ("androidDeeplink", .orNull(button.androidDeeplink)), ("buttonId", .orNull(button.buttonId)),
                ("iosDeeplink", .orNull(button.iosDeeplink)), ("label", .orNull(button.label)),
                ("webUrl", .orNull(button.webUrl)),
            ])
        }
        return [
            ("ctaButtons", .array(buttons)), ("endDateUtc", .orNull(message.endDate.map(UTCDate.format))),
            ("id", .orNull(message.id)), ("imageUrl", .orNull(message.imageUrl)),
            ("message", .orNull(message.message)), ("messageDetails", .orNull(message.messageDetails)),
            ("pinned", .bool(message.isPinned)), ("producer", .orNull(message.producer.rawValue)),
            ("receiveDateUTC", .orNull(UTCDate.format(message.receiveDate))),
            ("startDateUtc", .orNull(message.startDate.map(UTCDate.format))),
            ("state", .orNull(message.state.rawValue)),
            ("title", .orNull(message.title)),
        ]
    }
}
