import Foundation
import InboxCore
import InboxStore
import InboxSync
import TerminalUI

/// `tinbox` with no command: the interactive reader.
enum ReaderCommand {
    static func run(_ context: () throws -> AppContext) throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CommandFailure(
                "the reader needs a terminal on standard input and output; in scripts and pipes use `tinbox list`")
        }
        let context = try context()
        let inbox = try context.inboxImportingOnce()
        let producers = context.producers
        let source = ReaderInboxSource(
            inbox: inbox, refresh: { try Refresher(inbox: inbox, producers: producers).manualRefresh() },
            browser: ReaderBrowser(environment: ProcessInfo.processInfo.environment))
        let terminal = CursesTerminal(
            options: CursesTerminal.Options(
                mouse: context.config.mouse, theme: context.config.theme,
                environment: ProcessInfo.processInfo.environment))
        defer { terminal.shutdown() }
        ReaderLoop(terminal: terminal, source: source).run()
    }
}
