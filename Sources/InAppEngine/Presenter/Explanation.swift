/// Why one campaign would or would not show now (`tinbox explain`, issue 5 point 5).
///
/// The checks follow the presenter's own order: messaging started, customer and campaigns held,
/// the campaign known and usable, its window, its trigger, the repeat rule, quiet hours, artwork
/// (B.4), then the blockers another message visible, cooldown, orientation and room (B.5). Every
/// check that can be made is listed, so one run shows all that stands in the way; `blocker` names
/// the first failing one. When the id is unknown, or no campaigns are held, the list stops there.
public struct Explanation: Sendable, Equatable {
    public enum Gate: String, Sendable, Equatable, CaseIterable {
        case started, customer, campaign, window, trigger
        case repeatRule = "repeat"
        case quietHours, artwork, visible, cooldown, orientation, room
    }

    /// What a failing check is blocked by: a `simulate` reason when one applies (`cooldown`,
    /// `notStarted`, `quietHours`, …), else the gate; `messaging` while messaging is not started.
    public enum Blocker: Sendable, Equatable {
        case messaging
        case gate(Gate)
        case reason(DecisionReason)

        /// The name `explain` prints (`blocked by: cooldown`).
        public var rawValue: String {
            switch self {
            case .messaging: return "messaging"
            case .gate(let gate): return gate.rawValue
            case .reason(let reason): return reason.rawValue
            }
        }
    }

    public struct Check: Sendable, Equatable {
        public var gate: Gate
        public var passed: Bool
        /// A sentence a person can act on, e.g. `cooldown: 12 s left (…)`.
        public var sentence: String
        /// What a failing check is blocked by; the gate itself unless a reason is given.
        public var blockedBy: Blocker

        public init(gate: Gate, passed: Bool, sentence: String, blockedBy: Blocker? = nil) {
            self.gate = gate
            self.passed = passed
            self.sentence = sentence
            self.blockedBy = blockedBy ?? .gate(gate)
        }
    }

    /// The id as asked for.
    public var requestedId: String
    /// The campaign's message id when the id was recognised (`c-42` may resolve to `c-42/b`).
    public var messageId: String?
    /// A near-miss campaign id when the id is unknown and one is close.
    public var suggestion: String?
    public var checks: [Check]

    public init(requestedId: String, messageId: String? = nil, suggestion: String? = nil, checks: [Check] = []) {
        self.requestedId = requestedId
        self.messageId = messageId
        self.suggestion = suggestion
        self.checks = checks
    }

    /// The first check that fails, if any.
    public var blocker: Check? { checks.first { !$0.passed } }

    /// Whether the campaign would be offered to the host on its next trigger.
    public var wouldShow: Bool { blocker == nil }

    /// Plain text lines: one `✓`/`✗` line per check, then the verdict
    /// (`would show on its trigger` or `blocked by: cooldown`).
    public func renderExplanation() -> [String] {
        checks.map { ($0.passed ? "✓ " : "✗ ") + $0.sentence } + [verdict]
    }

    public var verdict: String {
        blocker.map { "blocked by: \($0.blockedBy.rawValue)" } ?? "would show on its trigger"
    }
}

extension Explanation {
    /// The closest id among `candidates` when exactly one is within a small edit distance
    /// (two edits, or a third of the id's length for long ids), for "did you mean …?".
    static func nearMiss(_ wanted: String, among candidates: [String]) -> String? {
        let limit = max(2, wanted.count / 3)
        var best: [String] = []
        var bestDistance = Int.max
        for candidate in Set(candidates) {
            let distance = editDistance(wanted.lowercased(), candidate.lowercased())
            guard distance <= limit else { continue }
            if distance < bestDistance {
                bestDistance = distance
                best = [candidate]
            } else if distance == bestDistance {
                best.append(candidate)
            }
        }
        return best.count == 1 ? best[0] : nil
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ left: String, _ right: String) -> Int {
        let a = Array(left)
        let b = Array(right)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
