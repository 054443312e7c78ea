import TinboxHost

/// `tinbox preview FILE [--id ID]` (CLI.md, issue 6 point 7): the reader with the campaigns of
/// FILE and a picker that shows any of them now as a test send.
enum PreviewCommand {
    static func run(_ words: [String], context: () throws -> AppContext) throws {
        let parsed = try CommandWords(words, for: .preview)
        guard parsed.positional.count == 1, let written = parsed.positional.first else {
            throw UsageError("preview needs one campaigns file: tinbox preview FILE [--id ID]")
        }
        let request = try PreviewRequest(written: written, id: parsed.values["--id"])
        try ReaderCommand.run(context, inApp: request.messaging)
    }
}
