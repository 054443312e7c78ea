/// Bad usage: exit 64 with one line, and a suggestion for a near miss (CLI.md exit status).
package struct UsageError: Error, CustomStringConvertible {
    package var message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }

    /// "unknown option '--fed'. Did you mean '--feed'?"
    /// `see`: where the values are listed; a command's own words are in its help page, not in
    /// `--help` (which a typo of a `--state` value was sent to, and which does not list them).
    package static func unknown(
        _ what: String, _ word: String, candidates: [String], see: String = "tinbox --help"
    ) -> UsageError {
        var text = "unknown \(what) '\(word)'"
        if let best = Suggestion.nearest(to: word, in: candidates) {
            text += ". Did you mean '\(best)'?"
        } else if (1...6).contains(candidates.count) {
            // A short list is worth naming in full: "unknown state 'x'; expected all, unread, read or deleted".
            let names = candidates.map { "'\($0)'" }
            let head = names.dropLast().joined(separator: ", ")
            text += "; expected " + (head.isEmpty ? names[0] : "\(head) or \(names[names.count - 1])")
        }
        return UsageError(text + " (see '\(see)')")
    }
}

/// A failure that is not the user's typing: exit 1 with one line on stderr.
package struct CommandFailure: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// Near-miss suggestions by edit distance.
package enum Suggestion {
    /// A word of one letter (`-x`) is one edit from every other one: it gets no suggestion
    /// (`-x` was asked "Did you mean '-h'?").
    package static func nearest(to word: String, in candidates: [String]) -> String? {
        guard word.drop(while: { $0 == "-" }).count > 1 else { return nil }
        let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let limit = max(1, min(3, word.count / 3 + 1))
        return best.1 <= limit ? best.0 : nil
    }

    /// Levenshtein distance over characters.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
