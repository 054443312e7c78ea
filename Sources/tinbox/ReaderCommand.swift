import Foundation
import InboxCore
import InboxStore
import InboxSync
import TerminalUI

/// `tinbox` with no command: the interactive reader, with in-app messaging.
enum ReaderCommand {
    /// What a reader run hands to its in-app driver.
    struct Setup {
        let context: AppContext
        let size: Size
        let reduceMotion: Bool
        let actions: ReaderActions
        let environment: [String: String]
    }

    static func run(_ context: () throws -> AppContext) throws {
        try run(context) { setup in
            guard let campaigns = setup.context.campaigns else { return MessagingOff(setup: setup) }
            return try ReaderMessaging(setup: setup, campaigns: campaigns)
        }
    }

    /// The reader over the inbox, with `inApp` for in-app messaging (`tinbox preview` passes its own).
    static func run(_ context: () throws -> AppContext, inApp: (Setup) throws -> ReaderInAppDriver) throws {
        try requireTerminal()
        let context = try context()
        // Nothing is imported before the first paint: the refresh at start-up runs on the worker
        // once the first screen is up, and counts as the manual one (issue 4, point 2).
        let inbox = try context.inbox()
        let directory = context.dataDirectory
        let clock = context.clock
        let worker = SyncWorker(producers: context.producers) {
            Inbox(store: try Store(directory: directory), clock: clock)
        }
        let environment = ProcessInfo.processInfo.environment
        let browser = ReaderBrowser(environment: environment)
        let source = ReaderInboxSource(inbox: inbox, worker: worker, browser: browser)
        let terminal = cursesTerminal(context, environment)
        defer { terminal.shutdown() }
        let setup = Setup(
            context: context, size: terminal.size, reduceMotion: reduceMotion(context, environment),
            actions: ReaderActions(
                browser: browser,
                notifier: DesktopNotifier(
                    store: inbox.store, environment: environment, configured: context.config.notifications)),
            environment: environment)
        let driver = try inApp(setup)
        ReaderLoop(
            terminal: terminal, source: source, inApp: driver, refreshAtStart: !context.options.noRefresh,
            keys: context.config.keys
        ).run()
    }

    static func requireTerminal() throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CommandFailure(
                "the reader needs a terminal on standard input and output; in scripts and pipes use `tinbox list`")
        }
    }

    /// The terminal with the config's mouse, theme and colours (`tinbox replay` draws on it too).
    static func cursesTerminal(_ context: AppContext, _ environment: [String: String]) -> CursesTerminal {
        CursesTerminal(
            options: CursesTerminal.Options(
                mouse: context.config.mouse, theme: context.config.theme, environment: environment,
                colours: context.config.colours))
    }

    /// `--reduce-motion`, `TINBOX_REDUCE_MOTION=1` or the config's `reduceMotion` skip the entrance.
    static func reduceMotion(_ context: AppContext, _ environment: [String: String]) -> Bool {
        context.options.reduceMotion || context.config.reduceMotion || environment["TINBOX_REDUCE_MOTION"] == "1"
    }
}
