import InboxSync

/// `tinbox refresh`: one manual refresh, one line per producer; exit 1 unless all ended ok.
enum RefreshCommand {
    static func run(_ words: [String], context: () throws -> AppContext) throws {
        let parsed = try CommandWords(words, command: "refresh")
        try rejectExtra(parsed.positional, command: "refresh")
        let app = try context()
        let results = try Refresher(inbox: try app.inbox(), producers: app.producers).manualRefresh()
        for (producer, outcome) in results { Output.line(outcome.line(producer: producer)) }
        if results.contains(where: { !$0.outcome.succeeded }) { throw SilentFailure() }
    }
}

/// Exit 1 after the command already said why on stdout.
struct SilentFailure: Error {}
