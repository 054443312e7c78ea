import Foundation
import InAppEngine
import InAppSync
import InboxCore
import TerminalUI
import TinboxKitCore

/// `tinbox replay` (issue 13): the reader over the inbox opened read-only (TinboxKit's
/// `InboxFeature.openReadOnly`, `ReadOnlyDataSource`), playing a `simulate` run with
/// `ReplayDriver`. The command layer runs the timeline first (so a broken line fails before
/// the screen is taken) and picks the terminal.
package enum ReplayHost {
    /// What `simulate` computes for the timeline `url` holds, step by step; a line that cannot be
    /// run fails here, naming `file:line`, before the screen is taken.
    package static func trace(timeline: String, at url: URL) throws -> SimulationTrace {
        let trace = Simulation.trace(
            timeline: timeline, baseDirectory: url.deletingLastPathComponent(), timelineName: url.lastPathComponent)
        if let error = trace.result.error { throw CommandFailure(TerminalText.sanitize(error.description)) }
        return trace
    }

    package static func run(
        _ context: AppContext, terminal: Terminal, environment: [String: String], trace: SimulationTrace,
        options: ReplayDriver.Options, record: @escaping (String) -> Void, finish: @escaping () -> Void
    ) throws {
        let view = try context.readOnlyInbox()
        // A copy left behind only costs a temporary folder; the data directory is untouched either way.
        defer { view.close() }
        // The kit is never asked to refresh or flush: the source refuses both.
        let browser = ReaderBrowser(environment: environment)
        let source = ReadOnlyDataSource(
            ReaderInboxSource(inbox: view.api, clock: context.clock, producers: 0, browser: browser))
        let artwork = OverlayArtwork(
            bytes: { reference in
                if case .local = reference.kind, let file = reference.url {
                    return try? InAppClient.readLocal(file, limit: InAppClient.pictureLimit).get()
                }
                // Remote pictures come from the store's cache only: a replay fetches nothing.
                return (try? view.api.getCachedArtwork(url: reference.key)) ?? nil
            }, reduceMotion: options.reduceMotion, environment: environment,
            // Pictures as chafa's symbols in cells: the overlay area is letterboxed, so pictures
            // in pixels would need placing apart from the layout.
            painter: PicturePainter(
                graphics: GraphicsChoice(mode: .symbols), cell: .standard,
                colours: OverlayArtwork.colours(environment: environment, theme: context.config.theme)))
        let clock = context.clock
        let driver = ReplayDriver(
            trace: trace, options: options, size: terminal.size, uptime: { clock.uptime },
            makeShown: { artwork.shown($0, at: Date(), size: $1) }, record: record, finish: finish)
        driver.notice = view.note
        ReaderLoop(
            terminal: terminal, source: source, inApp: driver, keys: context.config.keys,
            bidi: ReaderHost.bidi(context, environment), screenReader: ReaderHost.screenReader(context)
        ).run()
    }
}
