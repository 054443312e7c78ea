import Foundation
import InboxCore

/// What the reader needs from the inbox. tinbox implements it over the SQLite store; tests use
/// an in-memory one. Every call reads or changes a page or one message, never the whole inbox.
public protocol ReaderDataSource: AnyObject {
    var now: Date { get }
    func counts() throws -> [StateFilter: Int]
    func page(_ query: ListQuery, offset: Int, limit: Int) throws -> [InboxEntry]
    /// The size of a searched list (tabs use `counts`).
    func total(_ query: ListQuery) throws -> Int
    func open(_ key: MessageKey) throws
    /// Marks one message; returns the line for the status bar.
    func mark(_ state: MessageState, _ key: MessageKey) throws -> String
    func markAll(_ state: MessageState) throws -> String
    func tap(_ key: MessageKey, buttonId: String?) throws
    func recordImpressions(_ keys: [MessageKey]) throws
    /// One manual refresh; returns the status line and the sync state to show.
    func refresh() -> (notice: String, sync: String)
    /// Opens a validated URL in a browser; false when there is none to open it with.
    func openInBrowser(_ url: String) -> Bool
}

/// Runs the reader: input in, `update`, effects carried out against the data source, screen out.
public final class ReaderLoop {
    public private(set) var state: ReaderState
    let terminal: Terminal
    let source: ReaderDataSource
    /// How often time moves on screen and expired messages leave the lists (A.2).
    let tickSeconds: Double
    private var lastTick: Date

    public init(terminal: Terminal, source: ReaderDataSource, tickSeconds: Double = 30) {
        self.terminal = terminal
        self.source = source
        self.tickSeconds = tickSeconds
        lastTick = source.now
        state = ReaderState(size: terminal.size, now: source.now)
    }

    /// Shows the first screen.
    public func start() {
        send(.start(terminal.size, now: source.now))
    }

    /// Reads input until the user quits or a hang-up signal arrives.
    public func run() {
        start()
        while !state.isQuitting {
            if let input = terminal.nextInput(timeout: 1_000) {
                send(.input(input))
            } else if source.now.timeIntervalSince(lastTick) >= tickSeconds {
                lastTick = source.now
                send(.tick(source.now))
            }
        }
    }

    /// Handles every input the terminal has queued (tests), then returns.
    public func drain() {
        while !state.isQuitting, let input = terminal.nextInput(timeout: 0) { send(.input(input)) }
    }

    /// Applies an event and everything it leads to, then draws once. Effects that change nothing
    /// on screen (the durable `IM` batch: a commit with an fsync) run after the draw, so the user
    /// never waits for them.
    public func send(_ event: ReaderEvent) {
        var queue = [event]
        var afterDraw: [ReaderEffect] = []
        while !queue.isEmpty {
            let next = queue.removeFirst()
            for effect in state.update(next) {
                if case .recordImpressions = effect {
                    afterDraw.append(effect)
                } else {
                    queue += perform(effect)
                }
            }
        }
        terminal.draw(ReaderView.render(state))
        let followUps = afterDraw.flatMap(perform)
        if !followUps.isEmpty { for event in followUps { send(event) } }
    }

    /// Carries out one effect; returns the events it produced.
    func perform(_ effect: ReaderEffect) -> [ReaderEvent] {
        do {
            switch effect {
            case .loadCounts:
                return [.countsLoaded(try source.counts())]
            case .loadPage(let query, let offset, let limit):
                let entries = try source.page(query, offset: offset, limit: limit)
                let total = query.search.isEmpty ? nil : try source.total(query)
                return [.pageLoaded(Page(query: query, offset: offset, limit: limit, entries: entries, total: total))]
            case .open(let key):
                try source.open(key)
                return [.dataChanged]
            case .mark(let target, let key):
                return [.notice(try source.mark(target, key)), .dataChanged]
            case .markAll(let target):
                return [.notice(try source.markAll(target)), .dataChanged]
            case .tap(let key, let buttonId, let url):
                try source.tap(key, buttonId: buttonId)
                return [linkEvent(url), .dataChanged]
            case .recordImpressions(let keys):
                try source.recordImpressions(keys)
                return []
            case .refresh:
                let outcome = source.refresh()
                return [.notice(outcome.notice), .syncStatus(outcome.sync), .dataChanged]
            case .quit:
                return []
            }
        } catch {
            return [.notice(TerminalText.sanitize("\(error)"))]
        }
    }

    /// Opens a button's URL: in a browser when there is one, else shown as a link; a URL that is
    /// not plain http(s) is never opened nor linked.
    private func linkEvent(_ url: String?) -> ReaderEvent {
        guard let url, !url.isEmpty else { return .notice("Done") }
        guard let safe = SafeLink.validated(url) else {
            return .notice("Not opened: the button's link is not a plain http(s) URL")
        }
        if source.openInBrowser(safe) { return .notice(TerminalText.truncate("Opened " + safe, toWidth: 200)) }
        return .showLink(safe)
    }
}
