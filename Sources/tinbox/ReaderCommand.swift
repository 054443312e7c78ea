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
        try requireTerminal()
        let context = try context()
        let environment = ProcessInfo.processInfo.environment
        // Probed once, before curses takes the terminal (TERMINAL §2).
        let graphics = ReaderHost.graphics(context, environment)
        let terminal = cursesTerminal(context, environment, graphics: graphics)
        defer { terminal.shutdown() }
        try ReaderHost.run(
            context, terminal: terminal, environment: environment,
            console: ConsoleGrammar(event: InAppCommands.eventArguments, purchase: InAppCommands.purchaseProperties),
            graphics: graphics, cell: ReaderHost.cellPixels(), inApp: inApp)
    }

    static func requireTerminal() throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CommandFailure(
                "the reader needs a terminal on standard input and output; in scripts and pipes use `tinbox list`")
        }
    }

    /// The terminal with the config's mouse, theme, colours, bidi and `graphics` (`tinbox replay`
    /// draws on it too, in symbols).
    static func cursesTerminal(
        _ context: AppContext, _ environment: [String: String],
        graphics: GraphicsChoice = GraphicsChoice(mode: .symbols)
    ) -> CursesTerminal {
        CursesTerminal(
            options: CursesTerminal.Options(
                mouse: context.config.mouse, theme: context.config.theme, environment: environment,
                colours: context.config.colours, bidi: ReaderHost.bidi(context, environment), graphics: graphics,
                screenReader: ReaderHost.screenReader(context)))
    }
}
