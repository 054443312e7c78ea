/// `tinbox simulate TIMELINE.jsonl` (CLI.md). Wired to the in-app engine when it lands.
enum SimulateCommand {
    static func run(_ words: [String], context: () throws -> AppContext) throws {
        throw CommandFailure("simulate is not available in this build yet")
    }
}
