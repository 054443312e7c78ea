import Foundation
import InboxCore

/// Runs the reader: input in, `update`, effects carried out against the data source, screen out.
///
/// One thread runs it (ncurses belongs to one thread). The sync worker's completions arrive in
/// `mailbox` from its own thread and are taken each time the terminal's input wait ends; that wait
/// lasts until the next timed thing: a message's window edge (A.2), the 30 s tick that moves
/// relative times, the 30 s queue flush, or the spinner's next frame.
public final class ReaderLoop {
    public private(set) var state: ReaderState
    let terminal: Terminal
    let source: ReaderDataSource
    /// In-app messaging (issue 6); nil runs the inbox alone.
    let inApp: ReaderInAppDriver?
    public let mailbox = ReaderMailbox()
    /// How often relative times move on screen.
    let tickSeconds: Double
    /// How often queued statuses and events are sent while the reader runs (CLI.md: every 30 s).
    let flushSeconds: Double
    /// The refresh at start-up (issue 4, point 2: it counts as the manual one).
    let refreshAtStart: Bool
    static let spinSeconds = 0.12
    /// An entrance animation's frame interval (about 30 frames a second).
    static let frameSeconds = 0.033
    private var lastTick: Date
    private var lastSpin: Date
    private var lastFlush: Date
    /// The next window edge (A.2), looked up again after each tick and each refresh.
    private var windowChange: Date?
    private var windowChangeIsKnown = false

    public init(
        terminal: Terminal, source: ReaderDataSource, inApp: ReaderInAppDriver? = nil, tickSeconds: Double = 30,
        flushSeconds: Double = 30, refreshAtStart: Bool = false, keys: KeyBindings = .defaults,
        bidi: BidiMode = .app, screenReader: Bool = false
    ) {
        self.terminal = terminal
        self.source = source
        self.inApp = inApp
        self.tickSeconds = tickSeconds
        self.flushSeconds = flushSeconds
        self.refreshAtStart = refreshAtStart
        lastTick = source.now
        lastFlush = source.now
        lastSpin = source.now
        state = ReaderState(
            size: terminal.size, now: source.now, keys: keys, bidi: bidi, screenReader: screenReader)
    }

    /// Shows the first screen, then starts the refresh at start-up: the user never waits for it.
    public func start() {
        send(.start(terminal.size, now: source.now))
        if refreshAtStart { send(.requestRefresh) }
        for event in inApp?.start() ?? [] { send(event) }
    }

    /// Reads input until the user quits or a hang-up signal arrives, then sends what is queued.
    public func run() {
        start()
        while !state.isQuitting { step() }
        inApp?.stop()
        source.finish()
    }

    /// One turn: waits for input until the next timed wake, handles it, then the mailbox and
    /// whatever timer came due.
    public func step() {
        if let input = terminal.nextInput(timeout: nextWakeMilliseconds()) { take(input) }
        guard !state.isQuitting else { return }
        deliverMail()
        runTimers()
        pumpInApp()
    }

    /// One input. Ctrl-Z tells in-app messaging it goes to the background, stops until SIGCONT,
    /// then brings it back to the foreground (issue 6, point 3).
    private func take(_ input: TerminalInput) {
        send(.input(input))
        guard input == .suspend else { return }
        terminal.suspend()
        send(.frame(source.now))
        for event in inApp?.perform(.foreground, userIsBusy: state.userIsBusy) ?? [] { send(event) }
    }

    /// Fires in-app timers and feeds network answers; an overlay's entrance moves a frame on.
    public func pumpInApp() {
        guard let inApp else { return }
        for event in inApp.pump(userIsBusy: state.userIsBusy) { send(event) }
        if let shown = state.shown, shown.entranceProgress(at: state.frameTime) < 1 { send(.frame(source.now)) }
    }

    /// Handles every input the terminal has queued (tests), then returns.
    public func drain() {
        while !state.isQuitting, let input = terminal.nextInput(timeout: 0) { send(.input(input)) }
    }

    /// Hands the worker's completions to the state machine, in the order they were posted.
    public func deliverMail() {
        for event in mailbox.takeAll() {
            if case .refreshEnded(let result, nil) = event {
                // Stamped here: the worker's thread does not read the source.
                send(.refreshEnded(result, now: source.now))
                windowChangeIsKnown = false
            } else {
                send(event)
            }
        }
    }

    /// How long the input wait may last: at most a second, less when something is due sooner.
    public func nextWakeMilliseconds() -> Int {
        let now = source.now
        var deadline = min(lastTick.addingTimeInterval(tickSeconds), lastFlush.addingTimeInterval(flushSeconds))
        if let change = nextWindowChange(), change < deadline { deadline = change }
        if state.refresh != nil, !state.screenReader {
            deadline = min(deadline, lastSpin.addingTimeInterval(Self.spinSeconds))
        }
        if let request = state.detailImageRequest, state.detailImages[request.key] == .loading {
            deadline = min(deadline, now.addingTimeInterval(Self.spinSeconds))
        }
        if let shown = state.shown, shown.entranceProgress(at: state.frameTime) < 1 {
            deadline = min(deadline, now.addingTimeInterval(Self.frameSeconds))
        }
        var wait = Int((deadline.timeIntervalSince(now) * 1000).rounded(.up))
        if let due = inApp?.millisecondsUntilDue() { wait = min(wait, due) }
        return max(0, min(1_000, wait))
    }

    private func nextWindowChange() -> Date? {
        if !windowChangeIsKnown {
            // Legitimate to drop: a store that cannot answer only leaves no edge timer until the
            // next refresh asks again.
            windowChange = try? source.nextWindowChange(after: source.now)
            windowChangeIsKnown = true
        }
        return windowChange
    }

    private func runTimers() {
        let now = source.now
        if let change = nextWindowChange(), now >= change {
            // BEHAVIOR A.2: the message whose window edge passed leaves (or joins) the lists now.
            lastTick = now
            windowChangeIsKnown = false
            send(.tick(now))
        } else if now.timeIntervalSince(lastTick) >= tickSeconds {
            lastTick = now
            send(.tick(now))
        }
        if now.timeIntervalSince(lastFlush) >= flushSeconds {
            lastFlush = now
            source.flushQueues()
        }
        // TERMINAL §3: with `screenReader` no spinner frames.
        if state.refresh != nil, !state.screenReader, now.timeIntervalSince(lastSpin) >= Self.spinSeconds {
            lastSpin = now
            send(.spin)
        }
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
        requestDetailImage()
        terminal.draw(ReaderView.render(state))
        // B.10: the entrance starts once the overlay is on screen.
        if var shown = state.shown, !shown.acknowledged {
            shown.acknowledged = true
            state.shown = shown
            afterDraw.append(.inApp(.presented))
        }
        let followUps = afterDraw.flatMap(perform)
        if !followUps.isEmpty { for event in followUps { send(event) } }
    }

    /// Asks the source for the open message's picture once per URL and size; it arrives in the
    /// mailbox, a placeholder line shows meanwhile.
    private func requestDetailImage() {
        guard let request = state.detailImageRequest, state.detailImages[request.key] == nil else { return }
        _ = state.update(.detailImage(key: request.key, .loading))
        let mailbox = mailbox
        source.loadImage(url: request.url, room: request.room) { image in
            mailbox.post(.detailImage(key: request.key, image))
        }
    }

    /// Carries out one effect; returns the events it produced.
    func perform(_ effect: ReaderEffect) -> [ReaderEvent] {
        do {
            switch effect {
            case .loadCounts:
                return [.countsLoaded(try source.counts())]
            case .loadPage(let query, let offset, let limit):
                let entries = try source.page(query, offset: offset, limit: limit)
                let total = query.search.isEmpty ? nil : try source.total(query, upTo: state.searchCountLimit)
                return [
                    .pageLoaded(
                        Page(
                            query: query, offset: offset, limit: limit, entries: entries, total: total?.count,
                            totalIsExact: total?.isExact ?? true))
                ]
            case .open(let key):
                try source.open(key)
                return [.dataChanged]
            case .mark(let target, let key):
                return [.notice(state.spoken(try source.mark(target, key), about: key)), .dataChanged]
            case .markAll(let target):
                return [.notice(try source.markAll(target)), .dataChanged]
            case .tap(let key, let buttonId, let url):
                try source.tap(key, buttonId: buttonId)
                return [linkEvent(url), .dataChanged]
            case .recordImpressions(let keys):
                try source.recordImpressions(keys)
                return []
            case .refresh:
                let mailbox = mailbox
                lastSpin = source.now
                let producers = source.startRefresh { result in mailbox.post(.refreshEnded(result, now: nil)) }
                return [.refreshStarted(producers: producers)]
            case .locate(let key, let query):
                return [.located(key, index: try source.position(of: key, in: query))]
            case .inApp(let request):
                return inApp?.perform(request, userIsBusy: state.userIsBusy) ?? []
            case .find(let id):
                return [.found(try source.entry(named: id), id: id)]
            case .replay(let control):
                return (inApp as? ReplayControllable)?.control(control) ?? []
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
