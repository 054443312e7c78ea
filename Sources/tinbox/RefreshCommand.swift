import InboxCore
import InboxSync
import TinboxHost
import TinboxKitCore

/// `tinbox refresh`: one manual refresh, one line per producer as each ends; exit 1 unless all
/// ended ok (CLI.md).
enum RefreshCommand {
    static func run(_ words: [String], context: () throws -> AppContext) throws {
        let parsed = try CommandWords(words, for: .refresh)
        try rejectExtra(parsed.positional, command: "refresh")
        let app = try context()
        // The network helper loads libcurl while the store opens (README, "Performance"): the
        // helper's start is the longest step before a first request can leave.
        if app.producers.contains(where: \.isHTTP) { ProcessTransport.shared.prepare() }
        let reports = app.refresh(try app.inboxApi()) { report in
            // Printed as each producer ends, so a slow second producer does not hide the first.
            // The command's thread is waiting meanwhile: one writer at a time.
            Output.line(TerminalText.sanitize(report.description))
            Output.flush()
        }
        // The lines above are on stdout for people; scripts find the reason on stderr (CLI.md).
        let unfinished = reports.filter { !$0.succeeded }.map { "\($0.producer) \(word($0.outcome))" }
        if !unfinished.isEmpty {
            throw CommandFailure("refresh did not end ok: \(unfinished.joined(separator: ", "))")
        }
    }

    private static func word(_ outcome: InboxRefreshOutcome) -> String {
        switch outcome {
        case .refused, .disabled: return "refused"
        default: return "failed"
        }
    }
}
