import InboxSync

/// `tinbox refresh`: one manual refresh, one line per producer as each ends; exit 1 unless all
/// ended ok (CLI.md).
enum RefreshCommand {
    static func run(_ words: [String], context: () throws -> AppContext) throws {
        let parsed = try CommandWords(words, command: "refresh")
        try rejectExtra(parsed.positional, command: "refresh")
        let app = try context()
        // The network helper loads libcurl while the store opens (README, "Performance").
        if app.producers.contains(where: \.isHTTP) { ProcessTransport.shared.prepare() }
        let results = try Refresher(inbox: try app.inbox(), producers: app.producers).manualRefresh {
            producer, outcome in
            // Printed as each producer ends, so a slow second producer does not hide the first.
            Output.line(outcome.line(producer: producer))
            Output.flush()
        }
        if results.contains(where: { !$0.outcome.succeeded }) { throw SilentFailure() }
    }
}

/// Exit 1 after the command already said why on stdout.
struct SilentFailure: Error {}
