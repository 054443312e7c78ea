import Foundation
import InAppEngine
import InboxCore
import InboxStore
import InboxSync
import TerminalUI

/// What a reader run hands to its in-app driver.
package struct ReaderSetup {
    package let context: AppContext
    package let size: Size
    package let reduceMotion: Bool
    package let actions: ReaderActions
    package let environment: [String: String]
    /// The console's `:event` and `:purchase` words, read by the command line's own parser.
    package let console: ConsoleGrammar
}

/// How the console reads `:event NAME k=v…` and `:purchase --product …` (the command layer
/// owns the grammar, so `tinbox event` and `:event` take the same words).
package struct ConsoleGrammar {
    package var event: ([String]) throws -> (String, [String: JSONValue])
    package var purchase: ([String]) throws -> [String: JSONValue]

    package init(
        event: @escaping ([String]) throws -> (String, [String: JSONValue]),
        purchase: @escaping ([String]) throws -> [String: JSONValue]
    ) {
        self.event = event
        self.purchase = purchase
    }
}

/// The interactive reader over the inbox, on `terminal`, with `inApp` for in-app messaging.
/// The command layer picks the terminal (curses) and the driver (the reader's, or preview's).
package enum ReaderHost {
    package static func run(
        _ context: AppContext, terminal: Terminal, environment: [String: String], console: ConsoleGrammar,
        inApp: (ReaderSetup) throws -> ReaderInAppDriver
    ) throws {
        // Nothing is imported before the first paint: the refresh at start-up runs on the worker
        // once the first screen is up, and counts as the manual one (issue 4, point 2).
        let inbox = try context.inbox()
        let directory = context.dataDirectory
        let clock = context.clock
        let worker = SyncWorker(producers: context.producers) {
            Inbox(store: try Store(directory: directory), clock: clock)
        }
        let browser = ReaderBrowser(environment: environment)
        let source = ReaderInboxSource(inbox: inbox, worker: worker, browser: browser)
        let setup = ReaderSetup(
            context: context, size: terminal.size, reduceMotion: reduceMotion(context, environment),
            actions: ReaderActions(
                browser: browser,
                notifier: DesktopNotifier(
                    store: inbox.store, environment: environment, configured: context.config.notifications)),
            environment: environment, console: console)
        let driver = try inApp(setup)
        ReaderLoop(
            terminal: terminal, source: source, inApp: driver, refreshAtStart: !context.options.noRefresh,
            keys: context.config.keys, bidi: bidi(context, environment)
        ).run()
    }

    /// The reader's own in-app driver: messaging over the context's campaigns, or off without any.
    package static func messaging(_ setup: ReaderSetup) throws -> ReaderInAppDriver {
        guard let campaigns = setup.context.campaigns else { return MessagingOff(setup: setup) }
        return try ReaderMessaging(setup: setup, campaigns: campaigns)
    }

    /// `--bidi`, else the config's `bidi`, resolved against the terminal's environment.
    package static func bidi(_ context: AppContext, _ environment: [String: String]) -> BidiMode {
        (context.options.bidi ?? context.config.bidi).resolved(environment: environment)
    }

    /// `--reduce-motion`, `TINBOX_REDUCE_MOTION=1` or the config's `reduceMotion` skip the entrance.
    package static func reduceMotion(_ context: AppContext, _ environment: [String: String]) -> Bool {
        context.options.reduceMotion || context.config.reduceMotion || environment["TINBOX_REDUCE_MOTION"] == "1"
    }
}
