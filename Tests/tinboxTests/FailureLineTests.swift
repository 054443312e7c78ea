import Foundation
import Testing

/// CLI.md: "Exit status: 0 success, 1 failure (with one clear line on stderr), 64 bad usage."
/// Every failure path of every command, run as the built binary: the exit code, and exactly one
/// non-empty line on stderr that says why (what is on stdout, like explain's checklist, may stay).
@Suite struct FailureLineTests {
    struct Case: Sendable, CustomTestStringConvertible {
        /// The words after `--data-dir DIR`; `@/` stands for the folder of fixtures below.
        var arguments: [String]
        var status: Int32
        /// What the line on stderr says (a part of it).
        var says: String
        /// Commands run first on the same data directory.
        var before: [[String]] = []

        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let demoCampaigns = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Resources/demo/campaigns.json").standardized.path

    static let cases: [Case] = [
        // Global options and the command word.
        Case(arguments: ["--fed", "x", "count"], status: 64, says: "unknown option '--fed'. Did you mean '--feed'?"),
        // One letter is one edit from every other one: no "Did you mean '-h'?".
        Case(arguments: ["-x"], status: 64, says: "unknown option '-x' (see 'tinbox --help')"),
        Case(arguments: ["count", "--data-dir"], status: 64, says: "option '--data-dir' needs a value"),
        Case(arguments: ["--data-dir", "", "count"], status: 64, says: "option '--data-dir' needs a value"),
        Case(arguments: ["--config=", "count"], status: 64, says: "option '--config' needs a value"),
        Case(arguments: ["count", "--lang", ""], status: 64, says: "option '--lang' needs a value"),
        Case(arguments: ["--version=3"], status: 64, says: "option '--version' takes no value"),
        Case(arguments: ["cuont"], status: 64, says: "unknown command 'cuont'. Did you mean 'count'?"),
        Case(
            arguments: ["--feed", "kind=x", "count"], status: 64,
            says: "unknown producer kind 'kind'; expected 'engagement' or 'app-messaging'"),
        Case(
            arguments: ["--feed", "@/a.json", "--feed", "engagement=@/b.json", "count"], status: 64,
            says: "--feed names two engagement producers"),
        Case(arguments: ["--feed", "engagement=", "count"], status: 64, says: "--feed needs a source"),
        // Read as a relative file path ("cannot read …/ftp:/host: no such file"), it is said now.
        Case(
            arguments: ["--feed", "ftp://127.0.0.1:9", "count"], status: 64,
            says: "--feed: 'ftp://127.0.0.1:9' is not a file path or an http(s) URL (ftp:// is not read)"),
        Case(
            arguments: ["--feed", "http://[::1", "count"], status: 64,
            says: "--feed: 'http://[::1' is not a valid http(s) URL"),
        Case(
            arguments: ["--campaigns", "https://", "count"], status: 1,
            says: "'https://' is not a valid http(s) URL"),
        // The config file.
        Case(
            arguments: ["--config", "@/missing.json", "count"], status: 1,
            says: "cannot read config @/missing.json: no such file"),
        Case(arguments: ["--config", "@/", "count"], status: 1, says: "it is a directory"),
        Case(
            arguments: ["--config", "@/gone.json", "count"], status: 1,
            says: "gone.json: it links to @/nowhere.json, which does not exist"),
        Case(arguments: ["--config", "@/broken.json", "count"], status: 1, says: "broken.json:2:1: not valid JSON"),
        // Foundation's "JSON text did not start…" came out as "jSON text…", at the end of the file.
        Case(
            arguments: ["--config", "@/null.json", "count"], status: 1,
            says: "null.json:1:1: not valid JSON: the text is not a JSON object or array"),
        Case(arguments: ["--config", "@/array.json", "list"], status: 1, says: "the config must be a JSON object"),
        Case(
            arguments: ["--config", "@/kind.json", "list"], status: 1,
            says: "producers[0].kind 'x' is not engagement or app-messaging"),
        Case(
            arguments: ["--config", "@/url.json", "list"], status: 1,
            says: "producers[0].source: 'http://%zz' is not a valid http(s) URL"),
        Case(
            arguments: ["--config", "@/page-size.json", "list"], status: 1,
            says: "producers[0].pageSize must be a whole number, not 1.5"),
        Case(
            arguments: ["--config", "@/huge.json", "list"], status: 1,
            says: "producers[0].pageSize 18446744073709551615 is too large"),
        Case(
            arguments: ["--config", "@/none.json", "list"], status: 1,
            says: "producers[0].maxMessages 0 is below 1"),
        Case(
            arguments: ["--config", "@/most.json", "list"], status: 1,
            says: "producers[0].maxMessages must be a whole number, not true"),
        // A key of the wrong kind is named; each was dropped without a word.
        Case(
            arguments: ["--config", "@/kind-number.json", "list"], status: 1, says: "producers[0].kind must be a string"
        ),
        Case(arguments: ["--config", "@/token.json", "list"], status: 1, says: "producers[0].token must be a string"),
        Case(
            arguments: ["--config", "@/token-break.json", "list"], status: 1,
            says: "producers[0].token holds a control character (a line break?), which no request can carry"),
        Case(
            arguments: ["--config", "@/campaigns-list.json", "list"], status: 1,
            says: "\"campaigns\" must be an object"),
        Case(
            arguments: ["--config", "@/campaigns-token.json", "list"], status: 1,
            says: "campaigns.token must be a string"),
        Case(
            arguments: ["--config", "@/platform-text.json", "list"], status: 1,
            says: "campaigns.platform must be a whole number, not \"2\""),
        Case(
            arguments: ["--config", "@/platform-3.json", "list"], status: 1,
            says: "campaigns.platform 3 is not 1 (iOS) or 2 (Android)"),
        // The data directory.
        Case(
            arguments: ["--data-dir", "@/plain/x", "count"], status: 1,
            says: "cannot create data directory @/plain/x: not a directory"),
        Case(arguments: ["--data-dir", "@/corrupt", "count"], status: 1, says: "not a tinbox database"),
        // The reader and help.
        Case(arguments: [], status: 1, says: "the reader needs a terminal on standard input and output"),
        Case(arguments: ["help", "nope"], status: 64, says: "unknown command 'nope'"),
        Case(arguments: ["help", "list", "count"], status: 64, says: "help takes one command"),
        Case(arguments: ["help", "--man", "list"], status: 64, says: "'help --man' takes no argument 'list'"),
        // list and count.
        Case(
            arguments: ["list", "--state", "x"], status: 64,
            says: "unknown state 'x'; expected 'all', 'unread', 'read' or 'deleted' (see 'tinbox help list')"),
        Case(arguments: ["list", "--state"], status: 64, says: "option '--state' of 'list' needs a value"),
        Case(arguments: ["list", "--json=yes"], status: 64, says: "option '--json' takes no value"),
        Case(arguments: ["list", "extra"], status: 64, says: "'list' takes no argument 'extra'"),
        Case(arguments: ["count", "--json"], status: 64, says: "'count' has no option '--json'"),
        Case(arguments: ["count", "--state", "unred"], status: 64, says: "Did you mean 'unread'?"),
        // mark.
        Case(arguments: ["mark"], status: 64, says: "mark needs a state"),
        Case(
            arguments: ["mark", "raed", "a"], status: 64,
            says: "unknown state 'raed'. Did you mean 'read'? (see 'tinbox help mark')"),
        Case(arguments: ["mark", "read"], status: 64, says: "mark takes either message ids or --all, not neither"),
        Case(arguments: ["mark", "read", "a", "--all"], status: 64, says: "not both"),
        Case(arguments: ["mark", "read", "nope"], status: 1, says: "mark refused: no message with id nope"),
        Case(arguments: ["--feed", "@/read.json", "mark", "read", "--all"], status: 1, says: "nothing to mark"),
        Case(
            arguments: ["mark", "read", "engagement/welcome"], status: 1,
            // A.5 before any id: the switch is the reason, not one message.
            says: "mark refused: the inbox is disabled (tinbox inbox enable turns it on)",
            before: [["count"], ["inbox", "disable"]]),
        Case(
            arguments: ["mark", "read", "--all"], status: 1, says: "mark refused: the inbox is disabled",
            before: [["inbox", "disable"]]),
        // refresh.
        Case(
            arguments: ["refresh"], status: 1,
            says: "refresh did not end ok: engagement refused, app-messaging refused",
            before: [["refresh"]]),
        Case(
            arguments: ["--feed", "@/missing.json", "refresh"], status: 1,
            says: "refresh did not end ok: engagement failed"),
        Case(arguments: ["refresh", "now"], status: 64, says: "'refresh' takes no argument 'now'"),
        // inbox.
        Case(arguments: ["inbox"], status: 64, says: "inbox needs one of: enable, disable, status"),
        Case(arguments: ["inbox", "stats"], status: 64, says: "unknown inbox action 'stats'. Did you mean 'status'?"),
        // event, purchase, explain.
        Case(arguments: ["event"], status: 64, says: "event needs a name"),
        Case(arguments: ["event", "go", "loose"], status: 64, says: "'loose' is not KEY=VALUE"),
        Case(arguments: ["--campaigns", "@/campaigns.json", "event", "go"], status: 64, says: "no customer"),
        Case(
            arguments: ["--customer", "c", "--campaigns", "@/missing.json", "event", "go"], status: 1,
            says: "cannot get the campaigns: cannot read @/missing.json"),
        Case(
            arguments: ["purchase", "--product", "p"], status: 64,
            says: "purchase needs --product ID --price N --currency C"),
        Case(
            arguments: ["purchase", "--product", "p", "--price", "abc", "--currency", "EUR"], status: 64,
            says: "--price needs a number, not 'abc'"),
        Case(
            arguments: ["purchase", "--product", "p", "--price", "9", "--currency", "EUR", "--quantity", "-3"],
            status: 64, says: "--quantity needs a whole number of 1 or more, not '-3'"),
        Case(
            arguments: ["purchase", "--product", "p", "--price", "9", "--currency", "EUR", "--quantity", "1.5"],
            status: 64, says: "--quantity needs a whole number of 1 or more, not '1.5'"),
        Case(
            arguments: ["purchase", "--product", "", "--price", "9", "--currency", "EUR"], status: 64,
            says: "--product needs a value, not an empty one"),
        Case(arguments: ["explain"], status: 64, says: "explain needs one campaign id"),
        Case(
            arguments: ["explain", "c-welcom"], status: 1,
            says: "explain: unknown campaign id c-welcom: no campaign for customer demo has it; did you mean c-welcome?"
        ),
        Case(
            arguments: ["--customer", "c", "--campaigns", "@/broken.json", "explain", "x"], status: 1,
            says: "broken.json: the campaign document is not JSON"),
        // preview and simulate.
        Case(arguments: ["preview"], status: 64, says: "preview needs one campaigns file"),
        Case(arguments: ["preview", "@/missing.json"], status: 1, says: "cannot read @/missing.json: no such file"),
        Case(arguments: ["preview", "@/"], status: 1, says: "cannot read @/: it is a directory"),
        Case(
            arguments: ["preview", demoCampaigns, "--id", "c-welcom"], status: 64,
            says: "unknown campaign id 'c-welcom'. Did you mean 'c-welcome'?"),
        Case(arguments: ["preview", demoCampaigns], status: 1, says: "the reader needs a terminal"),
        Case(arguments: ["simulate"], status: 64, says: "simulate needs one timeline file"),
        Case(arguments: ["simulate", "@/missing.jsonl"], status: 1, says: "cannot read timeline @/missing.jsonl"),
        Case(
            arguments: ["simulate", "@/bad.jsonl"], status: 1,
            says: "bad.jsonl:1: not valid JSON (one JSON object per line)"),
        // completions.
        Case(
            arguments: ["completions"], status: 64,
            says: "completions needs one shell: tinbox completions bash|zsh|fish"),
        Case(arguments: ["completions", "ksh"], status: 64, says: "unknown shell 'ksh'. Did you mean 'zsh'?"),
        Case(arguments: ["completions", "bash", "zsh"], status: 64, says: "completions needs one shell"),
    ]

    @Test(arguments: cases)
    func aFailureSaysWhyInOneLineOnStderr(_ failure: Case) throws {
        let tinbox = Tinbox()
        let fixtures = try Self.writeFixtures(beside: tinbox)
        defer {
            try? FileManager.default.removeItem(atPath: fixtures)
            try? FileManager.default.removeItem(at: tinbox.dataDirectory)
        }
        let expand = { (words: [String]) in words.map { $0.replacingOccurrences(of: "@/", with: fixtures + "/") } }
        for words in failure.before { try tinbox.run(expand(words)) }
        let result = try tinbox.run(expand(failure.arguments))
        #expect(result.status == failure.status, "stderr: \(result.stderr)")
        let lines = result.stderr.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
        #expect(lines.count == 1, "stderr: \(result.stderr)")
        let line = String(lines.first ?? "")
        let says = expand([failure.says])[0]
        #expect(line.hasPrefix("tinbox: ") && line.contains(says), "stderr: \(result.stderr)")
    }

    /// The files the cases name, in a folder of their own beside the data directory.
    static func writeFixtures(beside tinbox: Tinbox) throws -> String {
        let folder = tinbox.dataDirectory.deletingLastPathComponent()
            .appendingPathComponent(tinbox.dataDirectory.lastPathComponent + "-fixtures")
        let corrupt = folder.appendingPathComponent("corrupt")
        try FileManager.default.createDirectory(at: corrupt, withIntermediateDirectories: true)
        try Data(repeating: 0x7A, count: 4096).write(to: corrupt.appendingPathComponent("tinbox.db"))
        let files: [String: String] = [
            "broken.json": "{\n",
            "null.json": "null\n",
            "array.json": "[]",
            "kind.json": #"{"producers": [{"kind": "x", "source": "feed.json"}]}"#,
            "url.json": #"{"producers": [{"source": "http://%zz"}]}"#,
            "page-size.json": #"{"producers": [{"source": "http://127.0.0.1:9", "pageSize": 1.5}]}"#,
            "huge.json": #"{"producers": [{"source": "http://127.0.0.1:9", "pageSize": 18446744073709551615}]}"#,
            "none.json": #"{"producers": [{"source": "http://127.0.0.1:9", "maxMessages": 0}]}"#,
            "most.json": #"{"producers": [{"source": "http://127.0.0.1:9", "maxMessages": true}]}"#,
            "kind-number.json": #"{"producers": [{"kind": 1, "source": "feed.json"}]}"#,
            "token.json": #"{"producers": [{"source": "http://127.0.0.1:9", "token": 5}]}"#,
            "token-break.json": #"{"producers": [{"source": "http://127.0.0.1:9", "token": "a\r\nX-Evil: 1"}]}"#,
            "campaigns-list.json": #"{"campaigns": ["http://127.0.0.1:9"]}"#,
            "campaigns-token.json": #"{"campaigns": {"source": "http://127.0.0.1:9", "token": false}}"#,
            "platform-text.json": #"{"campaigns": {"platform": "2"}}"#,
            "platform-3.json": #"{"campaigns": {"platform": 3}}"#,
            "plain": "not a directory",
            "a.json": #"{"messages": []}"#,
            "b.json": #"{"messages": []}"#,
            "bad.jsonl": "x\n",
        ]
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("gone.json").path,
            withDestinationPath: folder.appendingPathComponent("nowhere.json").path)
        let read = try JSONSerialization.data(withJSONObject: ["messages": [Tinbox.message("a", read: true)]])
        try read.write(to: folder.appendingPathComponent("read.json"))
        return folder.path
    }
}
