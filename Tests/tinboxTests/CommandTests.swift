import Foundation
import InAppEngine
import InboxStore
import Synchronization
import TestSupport
import Testing

/// The commands of CLI.md, run as the built binary on the demo data and on small feeds.
@Suite struct CommandTests {
    @Test func versionAndHelpExitZero() throws {
        let version = try Tinbox.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("tinbox "))
        let help = try Tinbox.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("OVERVIEW:") && help.stdout.contains("SUBCOMMANDS:"))
        let listHelp = try Tinbox.run(["help", "list"])
        #expect(listHelp.stdout.contains("USAGE: tinbox list"))
    }

    @Test(arguments: HelpListing.cliCommands)
    func everyCommandHasHelpAndIsListed(command: String) throws {
        let help = try Tinbox.run(["help", command])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: tinbox \(command)"))
        #expect(try Tinbox.run(["--help"]).stdout.contains("\n  \(command) "))
    }

    @Test func previewRefusesAMissingFileAndAnUnknownCampaignBeforeOpeningTheReader() throws {
        let missing = try Tinbox().run(["preview", "/nonexistent/campaigns.json"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("cannot read /nonexistent/campaigns.json"))
        let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../Resources/demo/campaigns.json"
        ).standardized.path
        let unknown = try Tinbox().run(["preview", demo, "--id", "c-welcom"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("Did you mean 'c-welcome'?"))
    }

    @Test(arguments: [
        (["cuont"], "Did you mean 'count'?"),
        (["list", "--jsno"], "Did you mean '--json'?"),
        (["count", "--state", "unred"], "Did you mean 'unread'?"),
        (["--fed", "x"], "Did you mean '--feed'?"),
        (["mark", "raed", "x"], "Did you mean 'read'?"),
    ])
    func aNearMissIsBadUsageWithASuggestion(arguments: [String], suggestion: String) throws {
        let result = try Tinbox().run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(suggestion))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func countOnTheDemoDataMatchesListAndUnreadPlusRead() throws {
        let tinbox = Tinbox()
        let all = try tinbox.run(["count"])
        #expect(all.status == 0)
        let total = Int(all.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        // Resources/demo: 48 messages, of which 39 are in their window and not deleted (27 unread).
        #expect(total == 39)
        let unread = Int(try tinbox.run(["count", "--state", "unread"]).stdout.dropLast()) ?? -1
        let read = Int(try tinbox.run(["count", "--state=read"]).stdout.dropLast()) ?? -1
        #expect(unread == 27)
        #expect(unread + read == total)
        #expect(try tinbox.run(["list"]).stdout.split(separator: "\n").count == total)
    }

    @Test func listJSONHasTheFieldsOfCLIAndThePinnedMessagesFirst() throws {
        let result = try Tinbox().run(["list", "--json"])
        #expect(result.status == 0)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(!array.isEmpty)
        for object in array {
            for field in ["producer", "id", "title", "state", "pinned", "receiveDateUTC"] {
                #expect(object[field] != nil, "missing \(field)")
            }
        }
        let pinned = array.map { $0["pinned"] as? Bool ?? false }
        #expect(pinned == pinned.sorted { $0 && !$1 })
    }

    @Test func globalOptionsMayStandAfterTheCommandWord() throws {
        let tinbox = Tinbox()
        let feed = try tinbox.writeFeed(messages: [Tinbox.message("a"), Tinbox.message("b")])
        let result = try Tinbox.run(["count", "--data-dir", tinbox.dataDirectory.path, "--feed", feed])
        #expect(result.stdout == "2\n")
    }

    @Test func markReadAndDeletedChangeCountsAndARefusalChangesNothing() throws {
        let tinbox = Tinbox()
        let feed = try tinbox.writeFeed(messages: ["a", "b", "c"].map { Tinbox.message($0) })
        #expect(try tinbox.run(["--feed", feed, "mark", "read", "a"]).status == 0)
        #expect(try tinbox.run(["count", "--state", "unread"]).stdout == "2\n")
        let refused = try tinbox.run(["mark", "read", "b", "nope"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("no message with id nope"))
        #expect(try tinbox.run(["count", "--state", "unread"]).stdout == "2\n")
        #expect(try tinbox.run(["mark", "deleted", "a"]).status == 0)
        let again = try tinbox.run(["mark", "read", "a"])
        #expect(again.status == 1)
        #expect(again.stderr.contains("deleted"))
        #expect(try tinbox.run(["count", "--state", "deleted"]).stdout == "1\n")
        #expect(try tinbox.run(["inbox", "status"]).stdout.contains("pending 1 statuses, 1 events"))
    }

    @Test func markAllRefusesWhenThereIsNothingToMark() throws {
        let tinbox = Tinbox()
        let feed = try tinbox.writeFeed(messages: [Tinbox.message("a", read: true)])
        let result = try tinbox.run(["--feed", feed, "mark", "read", "--all"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("nothing to mark"))
        #expect(try tinbox.run(["mark", "deleted", "--all"]).status == 0)
        #expect(try tinbox.run(["count"]).stdout == "0\n")
    }

    /// After `--` every word is an id, wherever the `--` stands: `mark deleted -- --all` read
    /// `--all` as the flag and deleted every message, which cannot be undone (A.1).
    @Test func wordsAfterTheSeparatorAreIdsNotOptions() throws {
        let tinbox = Tinbox()
        let feed = try tinbox.writeFeed(messages: [Tinbox.message("a"), Tinbox.message("--all")])
        #expect(try tinbox.run(["--feed", feed, "count"]).stdout == "2\n")
        let refused = try tinbox.run(["mark", "deleted", "--", "--all", "b"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "tinbox: mark refused: no message with id b\n")
        #expect(try tinbox.run(["count", "--state", "deleted"]).stdout == "0\n")
        #expect(try tinbox.run(["--", "mark", "deleted", "--all"]).status == 0)
        #expect(try tinbox.run(["count", "--state", "deleted"]).stdout == "1\n")
        #expect(try tinbox.run(["list", "--state", "deleted"]).stdout.contains("deleted   engagement/--all"))
        let help = try tinbox.run(["mark", "read", "--", "--help"])
        #expect(help.status == 1)
        #expect(help.stderr == "tinbox: mark refused: no message with id --help\n")
    }

    /// A producer's failure and a config's warning quote a path, a feed's keys or a config's
    /// keys: they reach the terminal through the sanitizer, as every remote string does.
    @Test func failureReasonsAndWarningsCarryNoControlCharacters() throws {
        let tinbox = Tinbox()
        let hostile = "x\u{1B}]0;pwned\u{07}\u{1B}[31m\u{202E}y"
        let missing = tinbox.dataDirectory.appendingPathComponent(hostile).path
        try FileManager.default.createDirectory(at: tinbox.dataDirectory, withIntermediateDirectories: true)
        let keyed = tinbox.dataDirectory.appendingPathComponent("keys.json")
        try Data(#"{"\#(hostile.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined())":1}"#.utf8)
            .write(to: keyed)
        let config = tinbox.dataDirectory.appendingPathComponent("config.json")
        try JSONSerialization.data(withJSONObject: [hostile: 1]).write(to: config)
        let runs = [
            try tinbox.run(["--feed", missing, "refresh"]),
            try Tinbox.run(["--data-dir", tinbox.dataDirectory.path + "-2", "--feed", keyed.path, "count"]),
            try Tinbox.run(["--data-dir", tinbox.dataDirectory.path + "-3", "--config", config.path, "count"]),
        ]
        for run in runs {
            #expect(run.stdout.contains("\u{241B}]0;pwned") || run.stderr.contains("\u{241B}]0;pwned"), "\(run)")
            for output in [run.stdout, run.stderr] {
                #expect(!output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{202E}" })
            }
        }
    }

    @Test func aBareIdSharedByTwoProducersIsRefusedWithBothSpellings() throws {
        let tinbox = Tinbox()
        let result = try tinbox.run(["mark", "read", "welcome"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("app-messaging/welcome") && result.stderr.contains("engagement/welcome"))
        #expect(try tinbox.run(["mark", "read", "engagement/welcome"]).status == 0)
    }

    @Test func disablingEmptiesReadsAndRefusesMarksUntilEnabled() throws {
        let tinbox = Tinbox()
        let before = try tinbox.run(["count"]).stdout
        #expect(try tinbox.run(["inbox", "disable"]).status == 0)
        #expect(try tinbox.run(["count"]).stdout == "0\n")
        #expect(try tinbox.run(["list", "--json"]).stdout == "[]\n")
        #expect(try tinbox.run(["mark", "read", "--all"]).status == 1)
        // A.6: a refresh of a disabled inbox is refused, one refused line per producer.
        let refresh = try tinbox.run(["refresh"])
        #expect(refresh.status == 1)
        #expect(
            refresh.stdout
                == "engagement refused: the inbox is disabled\napp-messaging refused: the inbox is disabled\n")
        #expect(refresh.stderr == "tinbox: refresh did not end ok: engagement refused, app-messaging refused\n")
        #expect(try tinbox.run(["inbox", "status"]).stdout.hasPrefix("inbox disabled"))
        #expect(try tinbox.run(["inbox", "enable"]).status == 0)
        #expect(try tinbox.run(["count"]).stdout == before)
    }

    @Test func aSecondRefreshWithinAMinuteIsRefusedForEachProducer() throws {
        let tinbox = Tinbox()
        let first = try tinbox.run(["refresh"])
        #expect(first.status == 0)
        #expect(first.stdout.contains("engagement ok ") && first.stdout.contains("app-messaging ok "))
        let second = try tinbox.run(["refresh"])
        #expect(second.status == 1)
        let lines = second.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.contains(" refused: next refresh in ") && $0.hasSuffix(" s") })
    }

    @Test func aMalformedFeedNamesTheFileLineAndColumn() throws {
        let tinbox = Tinbox()
        try FileManager.default.createDirectory(at: tinbox.dataDirectory, withIntermediateDirectories: true)
        let feed = tinbox.dataDirectory.appendingPathComponent("bad.json")
        try Data("{\n  \"messages\": [\n    {\"id\": 1,, }\n  ]\n}".utf8).write(to: feed)
        let result = try tinbox.run(["--feed", feed.path, "refresh"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("engagement failed: \(feed.path):3:14: not valid JSON"))
    }

    @Test func invalidMessagesAreSkippedAndCounted() throws {
        let tinbox = Tinbox()
        let feed = try tinbox.writeFeed(messages: [
            Tinbox.message("a"), ["id": "no-title", "data": ["receiveDateUTC": "2026-11-29T09:30:00.000Z"]],
            ["data": ["title": "no id", "receiveDateUTC": "2026-11-29T09:30:00.000Z"]],
        ])
        #expect(try tinbox.run(["--feed", feed, "refresh"]).stdout == "engagement ok 1 messages, 2 skipped\n")
        #expect(try tinbox.run(["--feed", feed, "inbox", "status"]).stdout.contains("(2 invalid skipped)"))
    }

    @Test func aCorruptDatabaseIsOneLineAndExitOne() throws {
        let tinbox = Tinbox()
        try FileManager.default.createDirectory(at: tinbox.dataDirectory, withIntermediateDirectories: true)
        try Data(repeating: 0x7A, count: 4096).write(to: tinbox.dataDirectory.appendingPathComponent("tinbox.db"))
        let result = try tinbox.run(["count"])
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("not a tinbox database"))
    }

    @Test func aConfigFileWithUnknownKeysWarnsAndStillWorks() throws {
        let tinbox = Tinbox()
        let feed = try tinbox.writeFeed(messages: [Tinbox.message("a")])
        let config = tinbox.dataDirectory.appendingPathComponent("config.json")
        try Data(#"{"producers":[{"kind":"engagement","source":"\#(feed)"}],"thme":"dark"}"#.utf8).write(to: config)
        let result = try tinbox.run(["--config", config.path, "count"])
        #expect(result.status == 0)
        #expect(result.stdout == "1\n")
        #expect(result.stderr.contains("unknown key 'thme'") && result.stderr.contains("Did you mean 'theme'?"))
    }

    /// The default config is optional, but a link to one that is gone is not its absence: it
    /// was read as no config, and its settings were missed without a word.
    @Test func aDefaultConfigLinkingToAMissingFileIsSaid() throws {
        let tinbox = Tinbox()
        let feed = try tinbox.writeFeed(messages: [Tinbox.message("a")])
        let folder = tinbox.dataDirectory.appendingPathComponent("config/tinbox")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let gone = tinbox.dataDirectory.appendingPathComponent("dotfiles/config.json").path
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("config.json").path, withDestinationPath: gone)
        let result = try tinbox.run(["--feed", feed, "count"])
        #expect(result.status == 1 && result.stdout.isEmpty)
        #expect(result.stderr.contains("config.json: it links to \(gone), which does not exist"), "\(result.stderr)")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("config.json"))
        #expect(try tinbox.run(["--feed", feed, "count"]).stdout == "1\n")
    }

    /// The largest whole number a config may hold is taken as it is: a `maxMessages` of Int.max
    /// stopped tinbox, converted back from the Double it crosses TinboxKit as.
    @Test func aConfigsLargestWholeNumberIsTakenAsItIs() throws {
        let tinbox = Tinbox()
        let feed = try tinbox.writeFeed(messages: [Tinbox.message("a"), Tinbox.message("b")])
        let config = tinbox.dataDirectory.appendingPathComponent("config.json")
        let text = #"{"producers":[{"source":""# + feed + #"","maxMessages":9223372036854775807}]}"#
        try Data(text.utf8).write(to: config)
        let result = try tinbox.run(["--config", config.path, "count"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "2\n")
    }

    /// A config is read up to 1 MiB: `--config /dev/zero` took memory until the machine had none.
    @Test func aConfigOverOneMebibyteIsRefusedBeforeItIsRead() throws {
        let tinbox = Tinbox()
        try FileManager.default.createDirectory(at: tinbox.dataDirectory, withIntermediateDirectories: true)
        let config = tinbox.dataDirectory.appendingPathComponent("config.json")
        #expect(FileManager.default.createFile(atPath: config.path, contents: nil))
        let handle = try FileHandle(forWritingTo: config)
        try handle.truncate(atOffset: 2 << 20)
        try handle.close()
        for path in [config.path, "/dev/zero"] {
            let result = try tinbox.run(["--config", path, "count"], timeout: 20)
            #expect(result.status == 1)
            #expect(result.stderr == "tinbox: cannot read config \(path): it is larger than 1 MiB\n")
        }
    }

    /// A named pipe is read when its writer comes after tinbox opened it, and one nobody writes to
    /// fails after `pipeWait` seconds: tinbox waited for a writer for ever.
    @Test func aPipeIsWaitedOnForItsWriterAndNoLonger() throws {
        let tinbox = Tinbox()
        try FileManager.default.createDirectory(at: tinbox.dataDirectory, withIntermediateDirectories: true)
        let pipe = tinbox.dataDirectory.appendingPathComponent("feed.json")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        let alone = try tinbox.run(["--feed", pipe.path, "refresh"], timeout: 30)
        #expect(alone.status == 1)
        #expect(
            alone.stdout == "engagement failed: cannot read \(pipe.path): nothing was written to the pipe within 10 s\n"
        )

        let late = Tinbox()
        let reader = try ChildProcess(
            Tinbox.binary, ["--data-dir", late.dataDirectory.path, "--feed", pipe.path, "refresh"],
            environment: late.environment)
        // The writer opens the pipe only once tinbox holds it open for reading.
        let deadline = Date().addingTimeInterval(10)
        func holdsThePipe() -> Bool {
            let folder = "/proc/\(reader.pid)/fd"
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return entries.contains {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")) == pipe.path
            }
        }
        while !holdsThePipe() && Date() < deadline { usleep(10_000) }
        #expect(holdsThePipe())
        let feed = try JSONSerialization.data(withJSONObject: ["messages": [Tinbox.message("a")]])
        let writer = try FileHandle(forWritingTo: pipe)
        try writer.write(contentsOf: feed)
        try writer.close()
        #expect(try reader.wait(timeout: 20).status == 0)
        #expect(reader.standardOutput == "engagement ok 1 messages\n")
    }

    @Test func listOutputNeverCarriesControlCharactersFromAFeed() throws {
        let tinbox = Tinbox()
        let hostile = "\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}[2J\u{202E}evil\u{9B}31m"
        let feed = try tinbox.writeFeed(messages: [Tinbox.message("a", title: hostile)])
        let plain = try tinbox.run(["--feed", feed, "list"]).stdout
        let json = try tinbox.run(["list", "--json"]).stdout
        for output in [plain, json] {
            #expect(
                !output.unicodeScalars.contains {
                    $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{202E}" || $0 == "\u{9B}"
                })
        }
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(decoded.first?["title"] as? String == hostile)
    }
}

/// Issue "Foundation", point 3: two tinbox processes on one data directory work side by side.
@Suite struct SideBySideTests {
    @Test func concurrentProcessesMarkingDifferentMessagesAllSucceed() throws {
        let tinbox = Tinbox()
        let ids = (0..<6).map { "m\($0)" }
        let feed = try tinbox.writeFeed(messages: ids.map { Tinbox.message($0) })
        #expect(try tinbox.run(["--feed", feed, "count"]).stdout == "6\n")
        let statuses = Mutex<[Int32]>([])
        DispatchQueue.concurrentPerform(iterations: ids.count) { index in
            let status = (try? tinbox.run(["mark", index % 2 == 0 ? "read" : "deleted", ids[index]]).status) ?? -1
            statuses.withLock { $0.append(status) }
        }
        #expect(statuses.withLock { $0 } == Array(repeating: 0, count: ids.count))
        #expect(try tinbox.run(["count", "--state", "read"]).stdout == "3\n")
        #expect(try tinbox.run(["count", "--state", "deleted"]).stdout == "3\n")
    }
}

/// Campaign text printed by `tinbox simulate` never reaches the terminal raw.
@Suite struct SimulateOutputTests {
    /// `event` reads the placeholder values the reader's session stored (B.12's last values held):
    /// it decoded them in another shape, warned that they could not be read back, and dropped
    /// `{name}`.
    @Test func eventUsesThePlaceholderValuesTheReaderStored() throws {
        let tinbox = Tinbox()
        try FileManager.default.createDirectory(at: tinbox.dataDirectory, withIntermediateDirectories: true)
        let campaigns = tinbox.dataDirectory.appendingPathComponent("campaigns.json")
        let sync: [String: Any] = [
            "settings": ["cooldownSeconds": 0],
            "campaigns": [
                [
                    "id": "a", "repeat": ["type": "everyTime"], "trigger": ["type": "event", "event": "go"],
                    "message": ["type": "modal", "header": "Hi {name}!"],
                ]
            ],
        ]
        try JSONSerialization.data(withJSONObject: sync).write(to: campaigns)
        let event = ["--campaigns", campaigns.path, "--customer", "c1", "event", "go"]
        #expect(try tinbox.run(event).stdout.contains(#""header":"Hi !""#))
        let values = try JSONEncoder().encode(StoredPlaceholders(customer: "c1", values: ["name": "Sam"]))
        try InAppStore(store: try Store(directory: tinbox.dataDirectory)).savePlaceholders(customer: "c1", values)
        let result = try tinbox.run(event)
        #expect(result.stdout.contains(#""header":"Hi Sam!""#), "\(result.stdout)")
        #expect(!result.stderr.contains("cannot be read back"), "\(result.stderr)")
    }

    /// B.13: when the campaigns cannot be fetched the cache serves; `explain` said they came
    /// from "this session's sync" and nothing said the fetch had failed.
    @Test func aFailedFetchSaysTheCacheServes() throws {
        let tinbox = Tinbox()
        try FileManager.default.createDirectory(at: tinbox.dataDirectory, withIntermediateDirectories: true)
        let campaigns = tinbox.dataDirectory.appendingPathComponent("campaigns.json")
        let sync: [String: Any] = [
            "campaigns": [["id": "a", "trigger": ["type": "event", "event": "go"], "message": ["type": "modal"]]]
        ]
        try JSONSerialization.data(withJSONObject: sync).write(to: campaigns)
        let fresh = try tinbox.run(["--campaigns", campaigns.path, "--customer", "c1", "explain", "a"])
        #expect(fresh.stdout.contains("✓ customer c1: 1 campaigns held from this session's sync"), "\(fresh.stdout)")
        try Data("{broken".utf8).write(to: campaigns)
        let cached = try tinbox.run(["--campaigns", campaigns.path, "--customer", "c1", "explain", "a"])
        #expect(cached.status == 0)
        #expect(cached.stdout.contains("✓ customer c1: 1 campaigns held from the cache"), "\(cached.stdout)")
        #expect(
            cached.stderr.contains("cannot get the campaigns (")
                && cached.stderr.contains("the cached ones of customer c1 serve"),
            "\(cached.stderr)")
    }

    @Test func hostileCampaignTextIsEscapedInTheLinesAndSanitizedInTheLog() throws {
        let tinbox = Tinbox()
        try FileManager.default.createDirectory(at: tinbox.dataDirectory, withIntermediateDirectories: true)
        let header = "Hi \u{202E}evil\u{1B}]52;c;eA==\u{07} \u{9B}2J"
        let sync: [String: Any] = [
            "campaigns": [
                [
                    "id": "c\u{202E}1", "trigger": ["type": "event", "event": "go"],
                    "message": ["type": "modal", "header": header],
                ]
            ]
        ]
        let steps: [[String: Any]] = [
            ["at": 0, "do": "setup", "sync": sync], ["at": 0, "do": "start", "customer": "c"],
            ["at": 1, "do": "event", "name": "go"], ["at": 2, "do": "end"],
        ]
        let timeline = tinbox.dataDirectory.appendingPathComponent("t.jsonl")
        let lines = try steps.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        try Data(lines.joined(separator: "\n").utf8).write(to: timeline)
        let result = try Tinbox.run(["simulate", timeline.path])
        #expect(result.status == 0, "\(result.stderr)")
        for output in [result.stdout, result.stderr] {
            #expect(!output.unicodeScalars.contains { [0x1B, 0x07, 0x9B, 0x202E].contains($0.value) }, "\(output)")
        }
        let shown = result.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.first { $0["event"] as? String == "shown" }
        #expect((shown?["text"] as? [String: Any])?["header"] as? String == header)
    }
}

/// A command that wrote a large log (an import) folds it into the database before it exits, as
/// the last connection's close did before the commands became hosts of TinboxKit: otherwise every
/// later command reads that log again when it opens the store.
@Suite struct LargeLogTests {
    @Test func anImportLeavesNoLargeLogBehind() throws {
        let tinbox = Tinbox()
        let body = String(repeating: "a line of body text that makes the log grow ", count: 20)
        let messages = (0..<3000).map { index -> [String: Any] in
            var message = Tinbox.message("m-\(index)")
            var data = message["data"] as? [String: Any] ?? [:]
            data["message"] = body
            message["data"] = data
            return message
        }
        let feed = try tinbox.writeFeed(messages: messages)
        let imported = try tinbox.run(["--feed", feed, "count"])
        #expect(imported.status == 0 && imported.stdout == "3000\n")
        let log = tinbox.dataDirectory.appendingPathComponent("tinbox.db-wal").path
        let size = (try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0
        #expect(size < 1 << 20, "the import left a \(size)-byte log")
        #expect(try tinbox.run(["--feed", feed, "count"]).stdout == "3000\n")
    }
}
