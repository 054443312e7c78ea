import Foundation

/// One `simulate` run kept instant by instant, for `tinbox replay`: the run's own output lines,
/// log lines and overlays in the order they happened, each at its virtual millisecond. The
/// replay only plays these back, so what it shows is what `simulate` computed, at any speed.
public struct SimulationTrace: Sendable {
    /// What `simulate` prints for the same timeline.
    public var result: SimulationResult
    /// Everything that happened, in order; instants never go backwards.
    public var beats: [ReplayBeat]
    /// Where the run stopped reading: its `end` step, else its last step.
    public var endMilliseconds: Int64

    /// The `setup` step: the overlay area's size at `at` 0 and whether entrances are skipped.
    public var setup: (columns: Int, rows: Int, reduceMotion: Bool) {
        for beat in beats {
            if case .step(let step) = beat.kind, case .setup(let columns, let rows, let reduceMotion) = step.action {
                return (columns, rows, reduceMotion)
            }
        }
        return (80, 24, false)
    }
}

/// One thing that happened at a virtual instant of a `simulate` run.
public struct ReplayBeat: Sendable, Equatable {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// A timeline line was carried out.
        case step(ReplayStep)
        /// A timer or a delayed network answer came due.
        case timer
        /// One stdout line, with its newline, exactly as `simulate` prints it.
        case report(String)
        /// One `[tinbox-iam]` line, as `simulate` writes it to stderr (before sanitizing).
        case log(String)
        /// The overlay of this message goes up.
        case present(Presentation)
        /// The overlay of this message comes down.
        case remove(messageId: String)
    }

    /// Virtual milliseconds from `at` 0.
    public var milliseconds: Int64
    /// What happened then.
    public var kind: Kind

    /// A beat at `milliseconds`.
    public init(milliseconds: Int64, kind: Kind) {
        self.milliseconds = milliseconds
        self.kind = kind
    }
}

/// A timeline line as the replay shows it: where it is and what it does to the world around
/// the overlay (its size, the app's state, the network).
public struct ReplayStep: Sendable, Equatable {
    /// What a step does, as the replay shows it.
    public enum Action: Sendable, Equatable {
        case setup(columns: Int, rows: Int, reduceMotion: Bool)
        case resize(columns: Int, rows: Int)
        case background
        case foreground
        /// A `network` step, as `sync fail` or `analytics ok, placeholders 2.1 s`.
        case network(String)
        /// Any other step, by its `do` name (`tap claim` for a tap on a button).
        case other(String)
    }

    /// The line of the timeline file, from 1.
    public var line: Int
    /// What it does.
    public var action: Action

    /// A step of line `line`.
    public init(line: Int, action: Action) {
        self.line = line
        self.action = action
    }

    init(line: Int, _ action: TimelineStep.Action) {
        self.line = line
        switch action {
        case .setup(let setup):
            self.action = .setup(columns: setup.columns, rows: setup.rows, reduceMotion: setup.reduceMotion)
        case .resize(let columns, let rows): self.action = .resize(columns: columns, rows: rows)
        case .background: self.action = .background
        case .foreground: self.action = .foreground
        case .network(let change): self.action = .network(change.summary)
        case .start(let customer, _): self.action = .other("start \(customer)")
        case .stop: self.action = .other("stop")
        case .event(let name, _): self.action = .other("event \(name)")
        case .decide(let id, let decision): self.action = .other("decide \(id) \(decision.rawValue)")
        case .tap(let button): self.action = .other("tap \(button ?? "surface")")
        case .close: self.action = .other("close")
        case .clickOutside: self.action = .other("clickOutside")
        case .end: self.action = .other("end")
        }
    }

    /// The step as the replay bar names it: `tap claim`, `resize 60x40`, `network sync fail`.
    public var label: String {
        switch action {
        case .setup: return "setup"
        case .resize(let columns, let rows): return "resize \(columns)x\(rows)"
        case .background: return "background"
        case .foreground: return "foreground"
        case .network(let summary): return "network \(summary)"
        case .other(let label): return label
        }
    }
}

extension TimelineStep.NetworkChange {
    /// `sync fail, analytics ok, placeholders 2.1 s, artwork 1`: what the step sets.
    var summary: String {
        var parts: [String] = []
        if let ok = syncOK { parts.append("sync " + (ok ? "ok" : "fail")) }
        if let ok = analyticsOK { parts.append("analytics " + (ok ? "ok" : "fail")) }
        switch placeholders {
        case .fail?: parts.append("placeholders fail")
        case .values(_, let delay)?: parts.append("placeholders \(delay) s")
        case nil: break
        }
        if !artwork.isEmpty { parts.append("artwork \(artwork.count)") }
        return parts.isEmpty ? "unchanged" : parts.joined(separator: ", ")
    }
}
