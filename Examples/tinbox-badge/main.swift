import Foundation
import TinboxKit

// tinbox-badge: the inbox counts for a status bar (tmux, waybar), on `import TinboxKit` alone.
//
//   tinbox-badge [--data-dir DIR] [--feed [KIND=]FILE]... [--format TEXT]
//
// TEXT may hold {all} {unread} {read} {deleted}; the default is "{unread}". With --feed the
// file is imported first (at most once a minute: BEHAVIOR A.6 refuses the others, and the
// counts then come from the store as it is).

let usage = "usage: tinbox-badge [--data-dir DIR] [--feed [KIND=]FILE]... [--format TEXT]"

func fail(_ message: String, status: Int32 = 64) -> Never {
    FileHandle.standardError.write(Data("tinbox-badge: \(message)\n".utf8))
    exit(status)
}

/// The command line, read once.
struct Options {
    var dataDirectory: URL?
    var feeds: [ProducerSource] = []
    var format = "{unread}"
}

func parse(_ arguments: [String]) -> Options {
    var options = Options()
    var words = arguments[...]
    while let word = words.popFirst() {
        switch word {
        case "--help", "-h":
            print(usage)
            exit(0)
        case "--data-dir":
            guard let value = words.popFirst() else { fail("--data-dir needs a value\n\(usage)") }
            options.dataDirectory = URL(fileURLWithPath: (value as NSString).expandingTildeInPath)
        case "--format":
            guard let value = words.popFirst() else { fail("--format needs a value\n\(usage)") }
            options.format = value
        case "--feed":
            guard let value = words.popFirst() else { fail("--feed needs a value\n\(usage)") }
            var producer = MessageProducer.engagement
            var path = value
            if let equals = value.firstIndex(of: "="), let kind = MessageProducer(rawValue: String(value[..<equals])) {
                producer = kind
                path = String(value[value.index(after: equals)...])
            }
            options.feeds.append(
                .file(URL(fileURLWithPath: (path as NSString).expandingTildeInPath), producer: producer))
        default:
            fail("unknown argument '\(word)'\n\(usage)")
        }
    }
    return options
}

let options = parse(Array(CommandLine.arguments.dropFirst()))
let format = options.format
let feeds = options.feeds

let placeholders = ["{all}", "{unread}", "{read}", "{deleted}"]
var unknown = format
for name in placeholders { unknown = unknown.replacingOccurrences(of: name, with: "") }
if let open = unknown.firstIndex(of: "{"), unknown[open...].contains("}") {
    fail("unknown placeholder in --format; use \(placeholders.joined(separator: " "))")
}

let environment = ProcessInfo.processInfo.environment
let home = environment["HOME"] ?? NSHomeDirectory()
let directory =
    options.dataDirectory
    ?? URL(
        fileURLWithPath: environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "\(home)/.local/share"
    )
    .appendingPathComponent("tinbox")

// Callbacks come on this queue; the main thread waits for them.
let callbacks = DispatchQueue(label: "tinbox-badge")
InboxFeature.configure(TinboxConfiguration(dataDirectory: directory, producers: feeds, callbackQueue: callbacks))

let done = DispatchSemaphore(value: 0)
InboxFeature.requestSdk { api in
    guard let api else { fail("the inbox cannot be opened (the reason is above)", status: 1) }
    let show: @Sendable () -> Void = {
        var line = format
        line = line.replacingOccurrences(of: "{all}", with: String(api.getAllMessagesCount()))
        line = line.replacingOccurrences(of: "{unread}", with: String(api.getUnreadMessagesCount()))
        line = line.replacingOccurrences(of: "{read}", with: String(api.getReadMessagesCount()))
        line = line.replacingOccurrences(of: "{deleted}", with: String(api.getDeletedMessagesCount()))
        print(line)
        done.signal()
    }
    guard !feeds.isEmpty else { return show() }
    // One completion when refused (inboxFeature), else one per producer.
    let expected = feeds.count
    let seen = Counter()
    api.refreshMessages { success, producer in
        if !success, producer != .inboxFeature {
            FileHandle.standardError.write(Data("tinbox-badge: \(producer.rawValue) refresh failed\n".utf8))
        }
        if producer == .inboxFeature || seen.increment() == expected { callbacks.async(execute: show) }
    }
}
if done.wait(timeout: .now() + 60) == .timedOut { fail("no answer within 60 s", status: 1) }

/// Counts completions; they all run on `callbacks`, the lock only satisfies the compiler.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func increment() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}
