import InboxCore
import TinboxHost
import TinboxKitCore

/// `tinbox inbox enable|disable|status` (BEHAVIOR A.5; status per producer as the sync issue asks).
enum InboxCommand {
    static let actions = ["enable", "disable", "status"]

    static func run(_ words: [String], context: () throws -> AppContext) throws {
        let parsed = try CommandWords(words, for: .inbox)
        guard parsed.positional.count == 1, let action = parsed.positional.first else {
            throw UsageError("inbox needs one of: enable, disable, status")
        }
        guard actions.contains(action) else {
            throw UsageError.unknown("inbox action", action, candidates: actions, see: "tinbox help inbox")
        }
        let inbox = try context().inboxApi()
        switch action {
        case "enable": try inbox.updateInboxEnabled(true)
        case "disable": try inbox.updateInboxEnabled(false)
        default: try status(inbox.getInboxStatus())
        }
    }

    private static func status(_ status: InboxStatus) {
        Output.line("inbox \(status.isEnabled ? "enabled" : "disabled")")
        Output.line(
            InboxMessageFilter.allCases.map { "\($0.rawValue) \(status.counts[$0] ?? 0)" }.joined(separator: ", "))
        if status.producers.isEmpty { Output.line("no producer refreshed yet") }
        for producer in status.producers {
            let when = producer.lastRefresh.map(UTCDate.format) ?? "never"
            let outcome = TerminalText.sanitize(producer.lastOutcome ?? "none")
            var line = "\(producer.name): last refresh \(when), \(outcome)"
            if producer.lastSkipped > 0 { line += " (\(producer.lastSkipped) invalid skipped)" }
            line += "; pending \(producer.pendingStatuses) statuses, \(producer.pendingEvents) events"
            if let until = producer.throttledUntil {
                line += "; throttled by the server until \(UTCDate.format(until))"
            }
            Output.line(line)
        }
    }
}
