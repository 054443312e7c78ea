/// `tinbox` with no command: the interactive reader.
enum ReaderCommand {
    static func run(_ context: () throws -> AppContext) throws {
        throw CommandFailure("the reader is not available in this build yet")
    }
}
