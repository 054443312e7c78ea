import Foundation

/// One search of the reader (`/`, titles containing a text), in the two forms the store needs:
/// the LIKE pattern that decides whether a title matches, and the title-index lookup that finds
/// the rows worth testing.
///
/// The match is the old one, exactly: `title LIKE '%text%'` with LIKE's wildcards escaped, so
/// ASCII letters match either case and every other character (accented Latin, Greek, Cyrillic,
/// CJK, Arabic, emoji) matches only itself. The index lookup only narrows: it finds every row
/// whose title could match, and the LIKE decides.
///
/// The index holds the trigrams (3 consecutive Unicode scalars) of `lower(title)` followed by two
/// U+0001 (Inbox+TitleIndex.swift), case-sensitively. `folded` is the text through the same
/// `lower()`, so a title containing the text contains its folded trigrams.
/// - 3 or more scalars: every trigram of the folded text must be in the title (an FTS5 AND of
///   one-trigram strings);
/// - 1 or 2 scalars: some indexed trigram of the title begins with them (a range of
///   `title_index_terms`); the two U+0001 make the last characters of a title begin trigrams too.
struct TitleSearch: Equatable {
    /// `%text%` with `%`, `_` and `\` escaped by `\`.
    let pattern: String
    let lookup: Lookup

    enum Lookup: Equatable {
        /// An FTS5 query: every trigram of the folded text, each as a quoted string.
        case trigrams(String)
        /// Indexed trigrams from `first` through `last` in byte order: those beginning with the
        /// folded text.
        case prefix(first: String, last: String)
        /// Nothing to look up (a text that folds to nothing): test every row.
        case none
    }

    /// The highest Unicode scalar: in UTF-8 byte order, every trigram that begins with a prefix
    /// sorts between the prefix and the prefix followed by enough of these.
    static let highest = Unicode.Scalar(0x10FFFF)!

    init(text: String, folded: String) {
        pattern = Self.likePattern(text)
        let scalars = Array(folded.unicodeScalars)
        switch scalars.count {
        case 0:
            lookup = .none
        case 1, 2:
            var last = String.UnicodeScalarView(scalars)
            last.append(contentsOf: repeatElement(Self.highest, count: 3 - scalars.count))
            lookup = .prefix(first: folded, last: String(last))
        default:
            var seen = Set<String>()
            var query = String.UnicodeScalarView()
            for start in 0...(scalars.count - 3) {
                let trigram = String(String.UnicodeScalarView(scalars[start..<start + 3]))
                guard seen.insert(trigram).inserted else { continue }
                if !query.isEmpty { query.append(contentsOf: " AND ".unicodeScalars) }
                query.append("\"")
                for scalar in trigram.unicodeScalars {
                    // Inside an FTS5 string only `"` is special, written twice.
                    if scalar == "\"" { query.append(scalar) }
                    query.append(scalar)
                }
                query.append("\"")
            }
            lookup = .trigrams(String(query))
        }
    }

    /// `%text%` with LIKE's own wildcards escaped, so `50%` finds "50%" and not "500".
    static func likePattern(_ text: String) -> String {
        var pattern = String.UnicodeScalarView()
        pattern.append("%")
        for scalar in text.unicodeScalars {
            if scalar == "%" || scalar == "_" || scalar == "\\" { pattern.append("\\") }
            pattern.append(scalar)
        }
        pattern.append("%")
        return String(pattern)
    }

    /// The rowids the index finds (`r`), before the rows it does not cover are added.
    var candidatesSQL: (sql: String, values: [SQLValue])? {
        switch lookup {
        case .trigrams(let query):
            return ("SELECT rowid AS r FROM title_index WHERE title_index MATCH ?", [.text(query)])
        case .prefix(let first, let last):
            return (
                "SELECT doc AS r FROM title_index_terms WHERE term >= ? AND term <= ?", [.text(first), .text(last)]
            )
        case .none:
            return nil
        }
    }
}
