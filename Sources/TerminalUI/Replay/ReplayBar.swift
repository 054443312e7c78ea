import Foundation
import InboxCore

/// What the replay bar on the status line says (issue 13): the virtual time, the next step and
/// when it comes, the speed, and what holds the replay when something does.
public struct ReplayBar: Equatable, Sendable {
    /// The next timeline step: its label (`tap claim`) and its instant.
    public struct Next: Equatable, Sendable {
        /// `tap claim`, `resize 60x40`.
        public var label: String
        /// Its virtual instant.
        public var milliseconds: Int64

        /// The step `label` at `milliseconds`.
        public init(label: String, milliseconds: Int64) {
            self.label = label
            self.milliseconds = milliseconds
        }
    }

    /// The virtual clock, in milliseconds from the timeline's `at` 0.
    public var milliseconds: Int64 = 0
    /// Virtual seconds per real second.
    public var speed: Double = 1
    /// `p` (or `--paused`) holds the virtual clock.
    public var isPaused = false
    /// The next timeline step, while one is left.
    public var next: Next?
    /// The overlay area: the timeline's terminal size (`setup`, then `resize` steps).
    public var area = Size(columns: 80, rows: 24)
    /// After a `background` step, until its `foreground`.
    public var inBackground = false
    /// The last `network` step's setting, when there was one.
    public var network: String?
    /// The timeline has played to its end (and does not loop).
    public var isFinished = false
    /// How many times `--loop` started it again.
    public var pass = 0

    /// A bar at 0 s, 1x, playing, for an 80x24 area.
    public init() {}

    /// The replay waits while the real terminal is smaller than the overlay area.
    public func isWaiting(in size: Size) -> Bool {
        area.columns > size.columns || area.rows > size.rows
    }

    /// The bar's text, before the key hints: `▶ 12.3 s · next tap claim at 15.0 s (in 2.7 s) · 10x`;
    /// paused, `‖ 12.3 s · … · 10x · paused`.
    public func text(in size: Size) -> String {
        var parts: [String] = []
        let time = Self.seconds(milliseconds) + " s"
        if isWaiting(in: size) {
            parts.append("‖ \(time)")
            parts.append(
                "waiting for a \(area.columns)x\(area.rows) terminal (this one is \(size.columns)x\(size.rows))")
        } else if isFinished {
            parts.append("■ \(time) end")
        } else {
            parts.append((isPaused ? "‖ " : "▶ ") + time)
        }
        if !isFinished, let next {
            let wait = max(0, next.milliseconds - milliseconds)
            parts.append("next \(next.label) at \(Self.seconds(next.milliseconds)) s (in \(Self.seconds(wait)) s)")
        }
        parts.append(Self.speedText(speed))
        if inBackground { parts.append("app in background") }
        if let network { parts.append("network: \(network)") }
        if pass > 0 { parts.append("loop \(pass + 1)") }
        // Last, so pausing and resuming change the glyph and this word, and no cell between.
        if isPaused, !isFinished, !isWaiting(in: size) { parts.append("paused") }
        return parts.joined(separator: " · ")
    }

    /// `12.3`: tenths of a second, rounded down, so the bar never shows a step as passed early.
    static func seconds(_ milliseconds: Int64) -> String {
        let tenths = max(0, milliseconds) / 100
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `10x`, `0.5x`.
    static func speedText(_ speed: Double) -> String {
        speed.rounded() == speed ? "\(Int(speed))x" : "\(speed)x"
    }
}

/// What the replay bar's keys ask the replay to do.
public enum ReplayControl: Equatable, Sendable {
    case togglePause
    /// Jump the virtual clock to the next step or timer.
    case next
    case faster
    case slower
}
