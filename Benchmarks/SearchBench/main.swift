import Foundation
import InboxCore
import InboxStore

// The reader's search per keystroke (issue 3, point 7), on a data directory that `tinbox refresh`
// filled: for each prefix of each query (typing it), the calls the reader makes to redraw, a page
// of the list (three screens of 37 rows at 120x40, as ReaderState loads) and the search's count,
// next to the old statements (title LIKE '%text%' over the
// list order, and a count over every message) on the same connection, so the machine's speed
// cancels out. Also: the title index catching up on the whole inbox (once, after the migration)
// and on 100 new messages (after a refresh). Prints one JSON object; Benchmarks/run.py prints the
// table.
//
//   tinbox-search-bench --data-dir DIR [--query TEXT]... [--reps N] [--rows N]  (rows: the page size)

struct Options {
    var directory = ""
    var queries: [String] = []
    var reps = 10
    var rows = 111
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst().makeIterator()
    while let argument = arguments.next() {
        let value = arguments.next() ?? ""
        switch argument {
        case "--data-dir": options.directory = value
        case "--query": options.queries.append(value)
        case "--reps": options.reps = Int(value) ?? options.reps
        case "--rows": options.rows = Int(value) ?? options.rows
        default:
            FileHandle.standardError.write(Data("unknown option \(argument)\n".utf8))
            exit(64)
        }
    }
    if options.queries.isEmpty { options.queries = ["digest", "e 4242", "zebras"] }
    return options
}

/// Milliseconds taken by `body`.
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

/// The statements the reader ran per keystroke before the index (git 2e0c07b): a page walking
/// the list order with the LIKE, and a count of every message with the LIKE.
struct OldSearch {
    let database: Database
    let now: Int64

    static let columns =
        "producer, id, state, server_read, start_ms, end_ms, pinned, receive_ms, title, body, image_url, buttons, details"

    func keystroke(_ text: String, rows: Int) throws -> (page: Int, count: Int) {
        var pattern = "%"
        for character in text {
            if character == "%" || character == "_" || character == "\\" { pattern.append("\\") }
            pattern.append(character)
        }
        pattern += "%"
        let window = "(start_ms IS NULL OR start_ms <= ?) AND (end_ms IS NULL OR end_ms > ?)"
        let page = try database.query(
            "SELECT \(Self.columns) FROM messages WHERE +state IN (0, 1) AND \(window) AND title LIKE ? ESCAPE '\\'"
                + " ORDER BY pinned DESC, receive_ms DESC, producer, id LIMIT ? OFFSET 0",
            [.int(now), .int(now), .text(pattern), .int(Int64(rows))]
        ) { row in
            var count = 0
            while try row.step() {
                for column in 0..<13 { _ = row.text(Int32(column)) }
                count += 1
            }
            return count
        }
        let count = try database.integer(
            "SELECT count(*) FROM messages WHERE state IN (0, 1) AND \(window) AND title LIKE ? ESCAPE '\\'",
            [.int(now), .int(now), .text(pattern)])
        return (page, Int(count))
    }
}

let options = parseOptions()
let directory = URL(fileURLWithPath: options.directory)
let inbox = Inbox(store: try Store(directory: directory), clock: SystemClock())
let stored = try inbox.count(.all)

// The whole inbox indexed from nothing, in the worker's chunks: what a reader does once, in the
// background, after the migration to schema 4 of a database that already holds the messages.
try inbox.resetTitleIndex()
var chunks = 0
let fullCatchUp = try milliseconds {
    while try !inbox.catchUpTitleIndex() { chunks += 1 }
}

var result: [String: Any] = [
    "messages": stored, "rows": options.rows, "fullCatchUpMs": fullCatchUp, "fullCatchUpChunks": chunks + 1,
]

let old = OldSearch(database: inbox.store.database, now: UTCDate.milliseconds(Date()))
var perQuery: [[String: Any]] = []
for query in options.queries {
    let prefixes = (1...query.count).map { String(query.prefix($0)) }
    var exact: [Double] = []
    var capped: [Double] = []
    var baseline: [Double] = []
    var counts: [String] = []
    for rep in 0..<options.reps {
        for text in prefixes {
            var newPage = 0
            var newCount = 0
            exact.append(
                try milliseconds {
                    newPage = try inbox.listPage(.all, titleContaining: text, offset: 0, limit: options.rows).count
                    newCount = try inbox.count(.all, titleContaining: text)
                })
            var limited = SearchCount(value: 0, isExact: true)
            capped.append(
                try milliseconds {
                    _ = try inbox.listPage(.all, titleContaining: text, offset: 0, limit: options.rows)
                    limited = try inbox.count(.all, titleContaining: text, upTo: 1_000)
                })
            var oldResult = (page: 0, count: 0)
            baseline.append(try milliseconds { oldResult = try old.keystroke(text, rows: options.rows) })
            guard oldResult == (newPage, newCount) else {
                FileHandle.standardError.write(Data("\(text): old \(oldResult), new \((newPage, newCount))\n".utf8))
                exit(1)
            }
            if rep == 0 { counts.append("\(text)=\(limited)") }
        }
    }
    perQuery.append([
        "query": query, "exactMs": exact, "cappedMs": capped, "oldMs": baseline, "matches": counts,
    ])
}
result["queries"] = perQuery

// A refresh adds 100 messages, a second renames them, a third removes them; after each, the
// worker's catch-up.
let producer = "bench-\(UUID().uuidString.prefix(8))"
func batch(_ title: String) -> [InboxMessage] {
    (0..<100).map {
        InboxMessage(
            key: MessageKey(producer: producer, id: "n\($0)"), title: "\(title) \($0): weekly digest",
            receiveDate: Date())
    }
}
for (name, messages) in [
    ("catchUpAdded100Ms", batch("Fresh")), ("catchUpRenamed100Ms", batch("Renamed")), ("catchUpRemoved100Ms", []),
] {
    _ = try inbox.merge(producer: producer, messages: messages, skipped: 0)
    result[name] = try milliseconds { _ = try inbox.catchUpTitleIndex() }
}

let json = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
FileHandle.standardOutput.write(json)
FileHandle.standardOutput.write(Data("\n".utf8))
