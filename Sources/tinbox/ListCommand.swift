import Foundation
import InboxCore
import InboxStore

/// `tinbox list [--state S] [--json]`: every message of the state in the order of BEHAVIOR A.3.
enum ListCommand {
    static func run(_ words: [String], context: () throws -> AppContext) throws {
        let parsed = try CommandWords(words, command: "list", flags: ["--json"], valued: ["--state"])
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

    /// One JSON array, written as it is read so 100,000 messages never sit in memory at once.
    /// Bidi and other invisible format characters are written as `\uXXXX` escapes: the data is
    /// unchanged for a JSON reader, and nothing invisible reaches a terminal.
    static func printJSON(_ inbox: Inbox, _ filter: StateFilter) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var first = true
        Output.write("[")
        try inbox.forEachEntry(filter) { entry in
            let data = try encoder.encode(JSONEntry(entry))
            Output.write(first ? "\n" : ",\n")
            first = false
            Output.write(TerminalText.escapingInvisibles(inJSON: String(decoding: data, as: UTF8.self)))
        }
        Output.write(first ? "]\n" : "\n]\n")
    }
}

/// The fields of `list --json` (CLI.md names the first six).
struct JSONEntry: Encodable {
    var producer: String
    var id: String
    var title: String
    var state: String
    var pinned: Bool
    var receiveDateUTC: String
    var message: String?
    var imageUrl: String?
    var startDateUtc: String?
    var endDateUtc: String?
    var ctaButtons: [CTAButton]
    var messageDetails: String?

    init(_ entry: InboxEntry) {
        let message = entry.message
        producer = message.key.producer
        id = message.key.id
        title = message.title
        state = entry.state.rawValue
        pinned = message.isPinned
        receiveDateUTC = UTCDate.format(message.receiveDate)
        self.message = message.body
        imageUrl = message.imageUrl
        startDateUtc = message.start.map(UTCDate.format)
        endDateUtc = message.end.map(UTCDate.format)
        ctaButtons = message.buttons
        messageDetails = message.messageDetails
    }
}
