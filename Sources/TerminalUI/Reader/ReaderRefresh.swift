import Foundation
import InboxCore

/// One producer's refresh outcome as the reader shows it; `line` is CLI.md's refresh line,
/// already sanitized ("engagement ok 12 messages", "app-messaging failed: …").
public struct RefreshResult: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case ok
        case failed
        /// BEHAVIOR A.6: the one-a-minute limit; the next refresh is allowed in `nextIn` seconds.
        case refused(nextIn: Int)
        /// BEHAVIOR A.6: refused because the inbox is disabled (A.5).
        case disabled
    }

    public var producer: String
    public var kind: Kind
    public var line: String
    /// A shorter `line` for a status line too narrow for the whole ("engagement ok 28, 2
    /// skipped"); nil when `line` has no shorter form.
    public var brief: String?

    public init(producer: String, kind: Kind, line: String, brief: String? = nil) {
        self.producer = producer
        self.kind = kind
        self.line = line
        self.brief = brief
    }
}

/// A refresh under way: how many producers will answer, those that did, the spinner's frame.
public struct RefreshProgress: Equatable, Sendable {
    public var expected: Int
    public var results: [RefreshResult] = []
    public var frame = 0

    public init(expected: Int) {
        self.expected = expected
    }

    /// What the status line says while the refresh runs: the spinner, then each outcome so far.
    public var line: String { line(animated: true) }

    /// The status line without the spinner when not `animated` (TERMINAL §3: with `screenReader`
    /// nothing moves), so it changes only when a producer answers and is said once each time.
    public func line(animated: Bool) -> String {
        let spinner = ReaderView.spinnerFrames[frame % ReaderView.spinnerFrames.count]
        let done = results.map(\.line).joined(separator: animated ? " · " : ", ")
        let start = animated ? "\(spinner) Refreshing…" : "Refreshing"
        return start + (done.isEmpty ? "" : (animated ? "  " : ": ") + done)
    }
}

extension ReaderState {
    /// F5, Ctrl-R and the refresh at start-up: one refresh at a time.
    mutating func requestRefresh() -> [ReaderEffect] {
        guard refresh == nil else {
            status = StatusMessage(text: "A refresh is already running", link: nil)
            return []
        }
        // Shown at once; `refreshStarted` replaces it with the producer count.
        refresh = RefreshProgress(expected: Int.max)
        return [.refresh]
    }

    mutating func refreshStarted(producers: Int) -> [ReaderEffect] {
        guard var progress = refresh else { return [] }
        progress.expected = producers
        refresh = progress
        return finishRefreshIfDone()
    }

    mutating func refreshEnded(_ result: RefreshResult, at time: Date?) -> [ReaderEffect] {
        if let time { now = time }
        guard var progress = refresh else { return [] }
        progress.results.append(result)
        refresh = progress
        return finishRefreshIfDone()
    }

    /// When every producer answered: one status line with each outcome (or when the next refresh
    /// is allowed), and, when a producer stored messages, counts and rows read again with the
    /// selected message kept selected by its key at the same screen line.
    private mutating func finishRefreshIfDone() -> [ReaderEffect] {
        guard let progress = refresh, progress.results.count >= progress.expected else { return [] }
        refresh = nil
        let results = progress.results
        guard !results.isEmpty else { return [] }
        let refusal = results.lazy.compactMap { result -> Int? in
            if case .refused(let seconds) = result.kind { return seconds }
            return nil
        }.first
        let allRefused = results.allSatisfy {
            if case .refused = $0.kind { return true }
            return false
        }
        // A refusal sent nothing: the sync state keeps the last sync ("refresh refused" stayed
        // there after the minute had passed, and the last sync's time was gone).
        if let refusal, allRefused {
            status = StatusMessage(text: "Not refreshed: next refresh in \(refusal) s", link: nil)
            return []
        }
        if results.allSatisfy({ $0.kind == .disabled }) {
            status = StatusMessage(text: "Not refreshed: \(MarkRefusal.disabled)", link: nil)
            return []
        }
        status = StatusMessage(
            text: results.map(\.line).joined(separator: " · "), link: nil,
            brief: results.map { $0.brief ?? $0.line }.joined(separator: " · "))
        let failed = results.contains { $0.kind != .ok }
        syncStatus = failed ? "refresh failed" : "synced " + ReaderView.clock(now)
        guard results.contains(where: { $0.kind == .ok }) else { return [] }
        var effects: [ReaderEffect] = [.loadCounts]
        countBeforeRefresh = counts[.all]
        if let key = selectedEntry?.key {
            anchor = Anchor(key: key, line: selected - top)
            effects.append(.locate(key, query))
        }
        window.isCurrent = false
        pendingLoad = nil
        return effects
    }

    /// Puts the selection back on the message it was on before the refresh.
    mutating func located(_ key: MessageKey, index: Int?) {
        guard let anchor, anchor.key == key else { return }
        self.anchor = nil
        guard let index else { return clampSelection() }
        selected = index
        top = max(0, index - anchor.line)
        clampSelection()
    }
}
