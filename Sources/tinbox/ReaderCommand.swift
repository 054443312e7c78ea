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
        // Nothing is imported before the first paint: the refresh at start-up runs on the worker
        // once the first screen is up, and counts as the manual one (issue 4, point 2).
        let inbox = try context.inbox()
        let directory = context.dataDirectory
        let clock = context.clock
        let worker = SyncWorker(producers: context.producers) {
            Inbox(store: try Store(directory: directory), clock: clock)
        }
        let source = ReaderInboxSource(
            inbox: inbox, worker: worker, browser: ReaderBrowser(environment: ProcessInfo.processInfo.environment))
        let terminal = CursesTerminal(
            options: CursesTerminal.Options(
                mouse: context.config.mouse, theme: context.config.theme,
                environment: ProcessInfo.processInfo.environment))
        defer { terminal.shutdown() }
        let environment = ProcessInfo.processInfo.environment
        let messaging = try ReaderMessaging(
            app: context, size: terminal.size, reduceMotion: reduceMotion(context, environment),
            browser: ReaderBrowser(environment: environment),
            notifier: DesktopNotifier(store: inbox.store, environment: environment))
        ReaderLoop(terminal: terminal, source: source, inApp: messaging, refreshAtStart: !context.options.noRefresh).run()
    }

    /// `--reduce-motion`, `TINBOX_REDUCE_MOTION=1` or the config's `reduceMotion` skip the entrance.
    static func reduceMotion(_ context: AppContext, _ environment: [String: String]) -> Bool {
        context.options.reduceMotion || context.config.reduceMotion || environment["TINBOX_REDUCE_MOTION"] == "1"
    }
}
