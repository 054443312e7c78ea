import Artwork
import Foundation
import InAppEngine
import InboxCore
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
    /// How pictures are drawn, decided before curses took the terminal (TERMINAL §2).
    package var graphics = GraphicsChoice(mode: .symbols)
    package var cell = CellPixels.standard
    /// Ends the reader's input wait from another thread (in-app messaging's calls).
    package var wake: InputWake?

    /// Draws pictures in the session's graphics mode and the terminal's colours.
    package var painter: PicturePainter {
        PicturePainter(
            graphics: graphics, cell: cell,
            colours: OverlayArtwork.colours(environment: environment, theme: context.config.theme))
    }

    /// The artwork of in-app messages, drawn in the session's graphics mode.
    func overlayArtwork(bytes: @escaping (ArtworkReference) -> Data?) -> OverlayArtwork {
        OverlayArtwork(bytes: bytes, reduceMotion: reduceMotion, environment: environment, painter: painter)
    }
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
        graphics: GraphicsChoice = GraphicsChoice(mode: .symbols), cell: CellPixels = .standard,
        inApp: (ReaderSetup) throws -> ReaderInAppDriver
    ) throws {
        // Nothing is imported before the first paint: the refresh at start-up runs on the worker
        // once the first screen is up, and counts as the manual one (issue 4, point 2).
        let inbox = try context.inboxApi(reader: true)
        let browser = ReaderBrowser(environment: environment)
        let source = ReaderInboxSource(
            inbox: inbox, clock: context.clock, producers: context.producers.count, browser: browser)
        var setup = ReaderSetup(
            context: context, size: terminal.size, reduceMotion: reduceMotion(context, environment),
            actions: ReaderActions(
                browser: browser,
                notifier: DesktopNotifier(
                    inbox: inbox, environment: environment, configured: context.config.notifications)),
            environment: environment, console: console)
        setup.graphics = graphics
        setup.cell = cell
        setup.wake = terminal.wake
        source.pictures = DetailPictures(painter: setup.painter, inbox: inbox, inWords: screenReader(context))
        let driver = try inApp(setup)
        ReaderLoop(
            terminal: terminal, source: source, inApp: driver, refreshAtStart: !context.options.noRefresh,
            keys: context.config.keys, bidi: bidi(context, environment), screenReader: screenReader(context)
        ).run()
    }

    /// The reader's own in-app driver: messaging over the context's campaigns, or off without any.
    package static func messaging(_ setup: ReaderSetup) throws -> ReaderInAppDriver {
        guard setup.context.campaigns != nil else { return MessagingOff(setup: setup) }
        return ReaderMessaging(setup: setup)
    }

    /// `--bidi`, else the config's `bidi`, resolved against the terminal's environment.
    package static func bidi(_ context: AppContext, _ environment: [String: String]) -> BidiMode {
        (context.options.bidi ?? context.config.bidi).resolved(environment: environment)
    }

    /// `--graphics`, else the config's `graphics`; `auto` asks the terminal now, before curses
    /// takes it (at most `GraphicsProbe.deadline`), except where TERMINAL §2 sends no probe. With
    /// `screenReader` no picture is drawn, whatever the setting, and nothing is asked: TERMINAL §3
    /// makes pictures their alt text or `[image]`.
    package static func graphics(_ context: AppContext, _ environment: [String: String]) -> GraphicsChoice {
        if screenReader(context) { return GraphicsChoice(mode: .none) }
        let setting = context.options.graphics.flatMap(GraphicsMode.init(rawValue:)) ?? context.config.graphics
        let answers =
            GraphicsChoice.needsProbe(setting: setting, environment: environment) ? ProbeTerminal().probe() : nil
        return GraphicsChoice.decide(setting: setting, environment: environment, answers: answers)
    }

    /// The terminal's cell in pixels (`TIOCGWINSZ`), or the usual 8x16.
    package static func cellPixels() -> CellPixels {
        ProbeTerminal.cellPixels().map { CellPixels(width: $0.width, height: $0.height) } ?? .standard
    }

    /// `--reduce-motion`, `TINBOX_REDUCE_MOTION=1` or the config's `reduceMotion` skip the entrance;
    /// so does `screenReader`, which implies reduce motion (TERMINAL §3).
    package static func reduceMotion(_ context: AppContext, _ environment: [String: String]) -> Bool {
        context.options.reduceMotion || context.config.reduceMotion || environment["TINBOX_REDUCE_MOTION"] == "1"
            || screenReader(context)
    }

    /// `--screen-reader` or the config's `screenReader` (TERMINAL §3).
    package static func screenReader(_ context: AppContext) -> Bool {
        context.options.screenReader || context.config.screenReader
    }
}
