import Foundation
import InAppEngine
import InboxCore

/// What the replay bar's keys reach: the loop hands `ReaderEffect.replay` to its driver when
/// the driver is a replay.
public protocol ReplayControllable: AnyObject {
    func control(_ control: ReplayControl) -> [ReaderEvent]
}

/// `tinbox replay` (issue 13): plays a `simulate` run (`SimulationTrace`) in the reader on a
/// virtual clock that runs at `speed` times real time. It decides nothing: every overlay, log
/// line and `--record` line is one the run produced, delivered when the virtual clock reaches
/// its instant, so the screen shows what `simulate` computes whatever the speed.
///
/// Called on the reader's thread only, like every `ReaderInAppDriver`.
public final class ReplayDriver: ReaderInAppDriver, ReplayControllable {
    /// `tinbox replay`'s options.
    public struct Options: Sendable {
        /// `--speed`: virtual seconds per real second.
        public var speed: Double
        /// `--paused`: start with the clock held.
        public var paused: Bool
        /// `--loop`: start again at the end.
        public var loops: Bool
        /// The user's `--reduce-motion`: entrances are skipped even if the timeline has them.
        public var reduceMotion: Bool

        /// The defaults: 1x, playing, once, with entrances.
        public init(speed: Double = 1, paused: Bool = false, loops: Bool = false, reduceMotion: Bool = false) {
            self.speed = speed
            self.paused = paused
            self.loops = loops
            self.reduceMotion = reduceMotion
        }
    }

    /// The speeds `+` and `-` step through.
    public static let speeds: [Double] = [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]
    /// The limit: 1000 x real time.
    public static let maximumSpeed = 1000.0
    /// How often the bar's clock moves on while nothing else happens.
    static let barSeconds = 0.5

    private let trace: SimulationTrace
    private let options: Options
    private let uptime: () -> Double
    private let now: () -> Date
    private let makeShown: (Presentation, Size) -> ShownMessage
    private let record: (String) -> Void
    private let finish: () -> Void

    private var bar = ReplayBar()
    private var realSize: Size
    private var index = 0
    private var anchorVirtual = 0.0
    private var anchorReal: Double
    private var lastBar = -Double.infinity
    private var shownId: String?
    private var shownPresentation: Presentation?

    /// `makeShown` draws a presentation's pictures for the overlay area; `record` takes each
    /// stdout line of the first pass (for `--record`); `finish` runs when the reader quits.
    public init(
        trace: SimulationTrace, options: Options, size: Size, uptime: @escaping () -> Double,
        now: @escaping () -> Date = Date.init,
        makeShown: @escaping (Presentation, Size) -> ShownMessage, record: @escaping (String) -> Void = { _ in },
        finish: @escaping () -> Void = {}
    ) {
        self.trace = trace
        self.options = options
        self.uptime = uptime
        self.now = now
        self.makeShown = makeShown
        self.record = record
        self.finish = finish
        realSize = size
        anchorReal = uptime()
        bar.speed = min(Self.maximumSpeed, max(Self.speeds[0], options.speed))
        bar.isPaused = options.paused
        let setup = trace.setup
        bar.area = Size(columns: setup.columns, rows: setup.rows)
    }

    /// A line for the status bar at start (what the inbox shown is, when it is not the store's).
    public var notice: String?

    /// The replay as its bar shows it (tests and benchmarks read it).
    public var state: ReplayBar { bar }

    private var isRunning: Bool { !bar.isPaused && !bar.isFinished && !bar.isWaiting(in: realSize) }

    /// Where the virtual clock stands, in milliseconds; it stops at the timeline's end.
    private var virtualNow: Double {
        guard isRunning else { return anchorVirtual }
        let moved = anchorVirtual + (uptime() - anchorReal) * 1000 * bar.speed
        return min(moved, Double(max(trace.endMilliseconds, trace.beats.last?.milliseconds ?? 0)))
    }

    /// Pins the virtual clock where it is, before the speed, the pause or the room changes.
    private func reanchor() {
        anchorVirtual = virtualNow
        anchorReal = uptime()
    }

    // MARK: ReaderInAppDriver

    /// The bar, the notice, and what is due at 0.
    public func start() -> [ReaderEvent] {
        [.replay(barNow())] + (notice.map { [.notice($0)] } ?? []) + pump(userIsBusy: false)
    }

    /// Delivers what the virtual clock has reached, and the bar when it moved.
    public func pump(userIsBusy: Bool) -> [ReaderEvent] {
        var events: [ReaderEvent] = []
        var log: [String] = []
        let delivered = deliver(upTo: virtualNow, into: &events, log: &log)
        var ended = false
        if index == trace.beats.count, !bar.isFinished, virtualNow >= Double(trace.endMilliseconds) {
            ended = true
            // A timeline of no length has nothing to repeat: looped, it restarted at every wake
            // and took a whole core.
            if options.loops, trace.endMilliseconds > 0 {
                restart(into: &events, log: &log)
            } else {
                reanchor()
                bar.isFinished = true
            }
        }
        if !log.isEmpty { events.append(.inApp(.log(log))) }
        // The end is shown when it comes, even when nothing was delivered with it.
        if delivered || ended || !events.isEmpty || (isRunning && uptime() - lastBar >= Self.barSeconds) {
            events.append(.replay(barNow()))
        }
        return events
    }

    /// Real milliseconds until the next beat or bar update; nil while the clock is held.
    public func millisecondsUntilDue() -> Int? {
        guard isRunning else { return nil }
        let next = index < trace.beats.count ? trace.beats[index].milliseconds : trace.endMilliseconds
        let real = max(0, (Double(next) - virtualNow) / bar.speed)
        let barDue = max(0, (lastBar + Self.barSeconds - uptime()) * 1000)
        return Int(min(real, barDue).rounded(.up))
    }

    /// The reader's requests: a resize may hold or free the clock; the user's own taps act on screen only.
    public func perform(_ request: InAppRequest, userIsBusy: Bool) -> [ReaderEvent] {
        switch request {
        case .resize(let size):
            reanchor()
            realSize = size
            anchorReal = uptime()
            return [.replay(barNow())]
        case .tap(let buttonId):
            return userClosing("tapped " + (buttonId.map { "button \($0)" } ?? "the message"))
        case .close:
            return userClosing("closed")
        case .clickOutside:
            guard shownPresentation?.campaign.message?.dismissOnScrimTap == true else { return [] }
            return userClosing("clicked outside")
        case .command:
            return [.notice("The console is off in a replay: the timeline drives messaging")]
        case .presented, .background, .foreground, .preview, .notifications, .newMessages:
            // The run already did what the timeline says; the real terminal's focus changes nothing.
            return []
        }
    }

    /// The reader quits: the record is closed.
    public func stop() {
        finish()
    }

    // MARK: ReplayControllable

    /// A replay key: pause, next, faster, slower.
    public func control(_ control: ReplayControl) -> [ReaderEvent] {
        reanchor()
        switch control {
        case .togglePause:
            bar.isPaused.toggle()
        case .faster:
            bar.speed = Self.speeds.first { $0 > bar.speed } ?? Self.maximumSpeed
        case .slower:
            bar.speed = Self.speeds.last { $0 < bar.speed } ?? Self.speeds[0]
        case .next:
            let next = index < trace.beats.count ? trace.beats[index].milliseconds : trace.endMilliseconds
            anchorVirtual = max(anchorVirtual, Double(next))
            return pump(userIsBusy: false) + [.replay(barNow())]
        }
        return [.replay(barNow())]
    }

    // MARK: playing

    /// Delivers every beat due by `virtual`. A `resize` step that leaves the real terminal too
    /// small stops the clock at its instant: the rest waits until the terminal is enlarged.
    private func deliver(upTo virtual: Double, into events: inout [ReaderEvent], log: inout [String]) -> Bool {
        var delivered = false
        while index < trace.beats.count, Double(trace.beats[index].milliseconds) <= virtual {
            let beat = trace.beats[index]
            index += 1
            delivered = true
            switch beat.kind {
            case .report(let line):
                if bar.pass == 0 { record(line) }
            case .log(let line):
                log.append(TerminalText.sanitize(line))
            case .present(let presentation):
                flush(&log, into: &events)
                shownId = presentation.messageId
                shownPresentation = presentation
                events.append(.inApp(.present(shown(presentation, since: beat.milliseconds, virtual: virtual))))
            case .remove(let id):
                flush(&log, into: &events)
                if shownId == id {
                    shownId = nil
                    shownPresentation = nil
                }
                events.append(.inApp(.remove(messageId: id)))
            case .step(let step):
                apply(step, at: beat.milliseconds, into: &events, log: &log)
                if bar.isWaiting(in: realSize) {
                    anchorVirtual = Double(beat.milliseconds)
                    anchorReal = uptime()
                    return true
                }
            case .timer:
                break
            }
        }
        return delivered
    }

    private func apply(
        _ step: ReplayStep, at milliseconds: Int64, into events: inout [ReaderEvent], log: inout [String]
    ) {
        switch step.action {
        case .setup(let columns, let rows, _), .resize(let columns, let rows):
            bar.area = Size(columns: columns, rows: rows)
            if let shownPresentation {
                // The pictures are made again for the new room, as the reader does on a resize.
                flush(&log, into: &events)
                events.append(.inApp(.redraw(makeShown(shownPresentation, bar.area))))
            }
        case .background: bar.inBackground = true
        case .foreground: bar.inBackground = false
        case .network(let summary): bar.network = summary
        case .other: break
        }
    }

    /// `--loop`: the timeline starts again from `at` 0, as a new run would.
    private func restart(into events: inout [ReaderEvent], log: inout [String]) {
        if let shownId { events.append(.inApp(.remove(messageId: shownId))) }
        shownId = nil
        shownPresentation = nil
        index = 0
        bar.pass += 1
        bar.inBackground = false
        bar.network = nil
        let setup = trace.setup
        bar.area = Size(columns: setup.columns, rows: setup.rows)
        anchorVirtual = 0
        anchorReal = uptime()
        log.append("[replay] the timeline starts again (pass \(bar.pass + 1))")
    }

    /// The message with its entrance on the virtual clock: it lasts 0.3 virtual seconds, so at
    /// N x it ends 0.3/N real seconds after the overlay is due, and a late pump starts it part-way.
    private func shown(_ presentation: Presentation, since milliseconds: Int64, virtual: Double) -> ShownMessage {
        var message = makeShown(presentation, bar.area)
        message.reduceMotion = trace.setup.reduceMotion || options.reduceMotion
        let entrance = ShownMessage.entranceSeconds
        let done = min(1, max(0, (virtual - Double(milliseconds)) / 1000 / entrance))
        let start = 1 - (1 - done) / bar.speed
        message.shownAt = now().addingTimeInterval(-start * entrance)
        return message
    }

    /// A tap or close by the user: it acts on screen only, and the log says it is not the timeline's.
    private func userClosing(_ what: String) -> [ReaderEvent] {
        guard let id = shownId else { return [] }
        shownId = nil
        shownPresentation = nil
        let line = "[replay] you \(what) on \(TerminalText.sanitize(id)): on screen only, not part of the timeline"
        return [.inApp(.remove(messageId: id)), .inApp(.log([line]))]
    }

    private func flush(_ log: inout [String], into events: inout [ReaderEvent]) {
        guard !log.isEmpty else { return }
        events.append(.inApp(.log(log)))
        log.removeAll()
    }

    private func barNow() -> ReplayBar {
        lastBar = uptime()
        bar.milliseconds = Int64(virtualNow.rounded(.down))
        bar.next = nextStep()
        return bar
    }

    private func nextStep() -> ReplayBar.Next? {
        for beat in trace.beats[index...] {
            if case .step(let step) = beat.kind {
                return ReplayBar.Next(label: TerminalText.sanitize(step.label), milliseconds: beat.milliseconds)
            }
        }
        return nil
    }
}
