import Foundation
import TerminalUI
import TinboxHost

/// `tinbox` with no command: the interactive reader, with in-app messaging, on curses.
enum ReaderCommand {
    static func run(_ context: () throws -> AppContext) throws {
        try run(context, inApp: ReaderHost.messaging)
    }

    /// The reader over the inbox, with `inApp` for in-app messaging (`tinbox preview` passes its own).
    static func run(_ context: () throws -> AppContext, inApp: (ReaderSetup) throws -> ReaderInAppDriver) throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CommandFailure(
                "the reader needs a terminal on standard input and output; in scripts and pipes use `tinbox list`")
        }
        let context = try context()
        let environment = ProcessInfo.processInfo.environment
        let bidi = ReaderHost.bidi(context, environment)
        let terminal = CursesTerminal(
            options: CursesTerminal.Options(
                mouse: context.config.mouse, theme: context.config.theme, environment: environment,
                colours: context.config.colours, bidi: bidi))
        defer { terminal.shutdown() }
        try ReaderHost.run(
            context, terminal: terminal, environment: environment,
            console: ConsoleGrammar(event: InAppCommands.eventArguments, purchase: InAppCommands.purchaseProperties),
            inApp: inApp)
    }
}
