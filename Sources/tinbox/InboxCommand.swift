import Foundation
import InboxCore
import InboxStore
import InboxSync
import TinboxHost

/// `tinbox inbox enable|disable|status` (BEHAVIOR A.5; status per producer as the sync issue asks).
enum InboxCommand {
    static let actions = ["enable", "disable", "status"]

    static func run(_ words: [String], context: () throws -> AppContext) throws {
        let parsed = try CommandWords(words, for: .inbox)
        guard parsed.positional.count == 1, let action = parsed.positional.first else {
            throw UsageError("inbox needs one of: enable, disable, status")
        }
        guard actions.contains(action) else { throw UsageError.unknown("inbox action", action, candidates: actions) }
        let inbox = try context().inbox()
        switch action {
        case "enable": try inbox.setEnabled(true)
        case "disable": try inbox.setEnabled(false)
        default: try status(inbox)
        }
    }

    private static func status(_ inbox: Inbox) throws {
        Output.line("inbox \(try inbox.isEnabled() ? "enabled" : "disabled")")
        let counts = try inbox.counts()
        Output.line(StateFilter.allCases.map { "\($0.rawValue) \(counts[$0] ?? 0)" }.joined(separator: ", "))
        let producers = try inbox.producerStatuses()
        if producers.isEmpty { Output.line("no producer refreshed yet") }
        for producer in producers {
            let when = producer.lastRefresh.map(UTCDate.format) ?? "never"
            let outcome = TerminalText.sanitize(producer.lastOutcome ?? "none")
            var line = "\(producer.name): last refresh \(when), \(outcome)"
            if producer.lastSkipped > 0 { line += " (\(producer.lastSkipped) invalid skipped)" }
            line += "; pending \(producer.pendingStatuses) statuses, \(producer.pendingEvents) events"
            if let throttle = try inbox.throttle(producer: producer.name, bootId: BootIdentity.current) {
                line += "; throttled by the server until \(UTCDate.format(throttle.until))"
            }
            Output.line(line)
        }
    }
}
