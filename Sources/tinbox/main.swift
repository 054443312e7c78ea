import Foundation
import InboxCore
import TinboxHost

/// The command layer: parses, runs one command, and maps errors to exit codes
/// (0 success, 1 failure with one line on stderr, 64 bad usage).
enum Main {
    static func run() -> Int32 {
        do {
            let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
            try dispatch(arguments)
            Output.flush()
            return 0
        } catch let error as UsageError {
            Output.error(oneLine(error.description))
            return 64
        } catch {
            Output.error(oneLine("\(error)"))
            return 1
        }
    }

    /// CLI.md: a failure says why in one line on stderr, whatever the error's text holds.
    /// The one line an error is reported in, through the sanitizer: an error may quote a file's
    /// own keys or a server's words (`convert`'s "what was found", a refresh's failure).
    static func oneLine(_ text: String) -> String {
        let parts = TerminalText.sanitize(text, keepingNewlines: true).split(whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let line = parts.filter { !$0.isEmpty }.joined(separator: " ")
        return line.isEmpty ? "failed without a reason" : line
    }

    private static func dispatch(_ arguments: Arguments) throws {
        var cached: AppContext?
        let context: () throws -> AppContext = {
            if let cached { return cached }
            let made = try AppContext(options: arguments.global, warn: Output.warn)
            cached = made
            return made
        }
        defer { cached?.finish() }
        if arguments.global.version {
            Output.line("tinbox \(Help.version)")
            return
        }
        guard let command = arguments.command else {
            if arguments.global.help { return Output.line(Help.overview) }
            if let stray = arguments.rest.first { throw UsageError.unknown("option", stray, candidates: allOptions) }
            return try ReaderCommand.run(context)
        }
        guard let definition = CommandDefinition.named(command) else {
            throw UsageError.unknown("command", command, candidates: CommandDefinition.all.map(\.name))
        }
        if arguments.global.help { return Output.line(try Help.text(for: command)) }
        try definition.run(arguments.rest, context)
    }

    static let allOptions = Arguments.globalWithValue + Arguments.globalFlags
}

exit(Main.run())
