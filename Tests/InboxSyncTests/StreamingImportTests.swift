import Foundation
import InboxCore
import TestSupport
import Testing

@testable import InboxStore
@testable import InboxSync

/// Imports that stream (issue 14, point 7): a file feed is decoded in chunks, staged, and merged
/// in one transaction at the end; broken JSON anywhere changes nothing.
@Suite struct StreamingImportTests {
    final class Fixture {
        let directory: URL
        let clock = ManualClock(now: UTCDate.parse("2026-11-29T12:00:00.000Z")!)
        let inbox: Inbox

        init() throws {
            directory = Scratch.folder("tinbox-import")
            inbox = Inbox(store: try Store(directory: directory), clock: clock)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        func write(_ text: String, name: String = "feed.json") throws -> URL {
            let url = directory.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url
        }

        /// One file refresh of `url`; the clock then moves past the 60 s limit.
        func refresh(_ url: URL) throws -> RefreshOutcome {
            defer { clock.advance(by: 60) }
            let producer = ProducerConfig(kind: .engagement, source: .file(url))
            return try Refresher(inbox: inbox, producers: [producer], bootId: "boot").manualRefresh()[0].outcome
        }

        func key(_ id: String) -> MessageKey { MessageKey(producer: "engagement", id: id) }
    }

    /// What a refresh of a generated feed reports: each id once, duplicates among the skipped.
    static func outcome(_ feed: (text: String, messages: [InboxMessage], skipped: Int)) -> RefreshOutcome {
        let stored = Set(feed.messages.map(\.key.id)).count
        return .ok(messages: stored, skipped: feed.skipped + feed.messages.count - stored)
    }

    /// A feed of `count` messages, one per line, of the kinds feeds hold: duplicates (the first
    /// one counts), unusable items, read, pinned, windowed, with buttons, non-ASCII and escaped
    /// text. Returns its text, the usable messages in order and how many items are unusable.
    static func feed(_ count: Int, titlePrefix: String = "Message", idStride: Int = 1)
        -> (text: String, messages: [InboxMessage], skipped: Int)
    {
        var lines: [String] = []
        var messages: [InboxMessage] = []
        var skipped = 0
        for index in 0..<count {
            switch index % 101 {
            case 7:
                lines.append(#"{"id": "no-title-\#(index)", "data": {"receiveDateUTC": "2026-11-29T09:30:00.000Z"}}"#)
                skipped += 1
                continue
            case 13:
                lines.append(
                    #"{"id": 1, "data": {"title": "an id that reads as true", "receiveDateUTC": "2026-11-29T09:30:00.000Z"}}"#
                )
                skipped += 1
                continue
            case 29:
                lines.append(#""not an object""#)
                skipped += 1
                continue
            default: break
            }
            // Every 53rd message repeats an earlier id with other contents: the first one is kept.
            let id = index % 53 == 52 ? "m\((index - 40) * idStride)" : "m\(index * idStride)"
            let day = 1 + index % 28
            let receive = String(
                format: "2026-11-%02dT%02d:%02d:%02d.%03dZ", day, index % 24, index % 60, index * 7 % 60, index % 1000)
            let title =
                index % 17 == 0
                ? "\(titlePrefix) \(index): é 😀 \\\"quoted\\\" \\u00e9" : "\(titlePrefix) \(index): weekly digest"
            var fields = [#""id": "\#(id)""#]
            if index % 3 == 0 { fields.append(#""isRead": true"#) }
            if index % 11 == 0 {
                fields.append(#""startDateUtc": "2026-11-01T00:00:00.000Z", "endDateUtc": "2026-12-31T00:00:00Z""#)
            }
            var data = [#""title": "\#(title)""#, #""receiveDateUTC": "\#(receive)""#]
            if index % 500 == 0 { data.append(#""isPinned": true"#) }
            if index % 4 == 0 { data.append(#""message": "Up to 40% off.\nToday only.""#) }
            if index % 9 == 0 {
                data.append(
                    #""ctaButtons": [{"buttonId": "open", "label": "Open", "webUrl": "https://acme.example/\#(index)"}, 5]"#
                )
            }
            lines.append(
                "{\(fields.joined(separator: ", ")), \"data\": {\(data.joined(separator: ", "))}, \"extra\": [1, {\"a\": null}]}"
            )
            let decodedTitle =
                index % 17 == 0 ? "\(titlePrefix) \(index): é 😀 \"quoted\" é" : "\(titlePrefix) \(index): weekly digest"
            messages.append(
                InboxMessage(
                    key: MessageKey(producer: "engagement", id: id), serverRead: index % 3 == 0,
                    start: index % 11 == 0 ? UTCDate.parse("2026-11-01T00:00:00.000Z") : nil,
                    end: index % 11 == 0 ? UTCDate.parse("2026-12-31T00:00:00Z") : nil, title: decodedTitle,
                    body: index % 4 == 0 ? "Up to 40% off.\nToday only." : nil,
                    buttons: index % 9 == 0
                        ? [CTAButton(buttonId: "open", label: "Open", webUrl: "https://acme.example/\(index)")] : [],
                    isPinned: index % 500 == 0, receiveDate: UTCDate.parse(receive)!))
        }
        return ("{\"messages\": [\n" + lines.joined(separator: ",\n") + "\n]}\n", messages, skipped)
    }

    @Test func aFeedBrokenAtItsEndChangesNothingAndNamesTheByte() throws {
        let f = try Fixture()
        let first = Self.feed(300)
        #expect(try f.refresh(f.write(first.text)) == Self.outcome(first))
        #expect(try f.inbox.markRead(f.key("m1")) == true)
        #expect(try f.inbox.markDeleted(f.key("m2")) == true)
        let before = try f.inbox.importedState()

        // Megabytes of good messages, then one wrong byte where the document should end.
        let big = Self.feed(20_000, titlePrefix: "Changed")
        let lines = big.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(big.text.utf8.count > 40 * FeedDecoder.chunkSize)
        let broken = big.text.replacingOccurrences(of: "\n]}\n", with: "\n]x\n")
        let url = try f.write(broken, name: "broken.json")
        #expect(
            try f.refresh(url) == .failed("\(url.path):\(lines.count - 1):2: not valid JSON: invalid char in json text")
        )
        #expect(try f.inbox.importedState() == before)
        #expect(try f.inbox.store.database.integer("SELECT count(*) FROM temp.import_staging") == 0)

        // Cut short inside its last message: the end of the file.
        let cut = String(big.text.dropLast(40))
        let cutURL = try f.write(cut, name: "cut.json")
        let lastLine = cut.split(separator: "\n", omittingEmptySubsequences: false).last!
        #expect(
            try f.refresh(cutURL)
                == .failed(
                    "\(cutURL.path):\(lines.count - 2):\(lastLine.count + 1): not valid JSON: unexpected end of file"))
        #expect(try f.inbox.importedState() == before)

        // The sound feed imports.
        #expect(try f.refresh(f.write(big.text)) == Self.outcome(big))
        #expect(try f.inbox.entry(f.key("m2"))?.state == .deleted)
        #expect(try f.inbox.entry(f.key("m1"))?.state == .read)
        #expect(try f.inbox.entry(f.key("m5"))?.message.title == "Changed 5: weekly digest")
    }

    @Test func aBigFeedImportsAsTheOldMergeDid() throws {
        let streamed = try Fixture()
        let legacy = try Fixture()
        // The same history in both: a first list, marks, a queued status on a message that then vanishes.
        let first = Self.feed(6_000, titlePrefix: "Old", idStride: 2)
        #expect(try streamed.refresh(streamed.write(first.text)) == Self.outcome(first))
        _ = try legacy.inbox.legacyMerge(producer: "engagement", messages: first.messages, skipped: first.skipped)
        for fixture in [streamed, legacy] {
            for id in ["m2", "m4", "m6000", "m11000"] { #expect(try fixture.inbox.markRead(fixture.key(id)) == true) }
            for id in ["m8", "m6002", "m11002"] { #expect(try fixture.inbox.markDeleted(fixture.key(id)) == true) }
        }
        #expect(try streamed.inbox.importedState() == legacy.inbox.importedState())

        let second = Self.feed(30_000)
        let outcome = try streamed.refresh(streamed.write(second.text))
        let report = try legacy.inbox.legacyMerge(
            producer: "engagement", messages: second.messages, skipped: second.skipped)
        // A file producer's queued statuses are dropped as delivered after its refresh (Refresher).
        try legacy.inbox.discardPending(producer: "engagement")
        #expect(outcome == .ok(messages: report.stored, skipped: report.skipped))
        #expect(report.stored > 28_000 && report.removed > 0)
        let streamedState = try streamed.inbox.importedState()
        let legacyState = try legacy.inbox.importedState()
        #expect(streamedState.count == legacyState.count)
        #expect(zip(streamedState, legacyState).first { $0 != $1 }.map { "\($0) vs \($1)" } == nil)
    }

    @Test func anotherConnectionWritesWhileAFeedIsStaged() throws {
        let f = try Fixture()
        let other = Inbox(store: try Store(directory: f.directory), clock: f.clock)
        let staging = try f.inbox.beginImport(producer: "engagement")
        let feed = Self.feed(5_000)
        for message in feed.messages { try staging.accept(message) }
        // Two batches are staged (the inbox untouched); another connection writes meanwhile.
        try other.setEnabled(true)
        let report = try staging.apply(skipped: 0)
        #expect(report.stored == Set(feed.messages.map(\.key.id)).count)
        #expect(try other.count(.all) > 0)
    }

    /// A file's rows are staged in SQLite's temporary file, not in memory, so a feed of any size
    /// keeps memory flat (issue 14 point 7); an HTTP refresh's few pages stay in memory.
    @Test func aFileIsStagedOnDiskAndHTTPPagesInMemory() throws {
        let f = try Fixture()
        let tempStore = { try f.inbox.database.integer("PRAGMA temp_store") }
        _ = try f.inbox.beginImport(producer: "engagement")
        #expect(try tempStore() == 2)
        var seen: Int64?
        let url = try f.write(#"{"messages":[]}"#)
        let producer = ProducerConfig(kind: .engagement, source: .file(url))
        let refresher = Refresher(inbox: f.inbox, producers: [producer], bootId: "boot")
        _ = try refresher.manualRefresh { _, _ in seen = try? tempStore() }
        #expect(seen == 1, "PRAGMA temp_store during the file refresh: 1 is FILE, 2 MEMORY")
    }
}

/// Which pipes a feed file waits on for a writer (`FileProducer.pipeWait`): a named one, which
/// may have none yet; not an anonymous one (`<(…)`), whose writer may be slow but is there.
@Suite struct PipeSourceTests {
    @Test func onlyAPipeOfTheFileSystemIsWaitedOn() throws {
        let folder = Scratch.folder("tinbox-pipes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let link = folder.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fifo)
        let file = folder.appendingPathComponent("file").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data("{}".utf8)))
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        #expect(FileProducer.isNamedPipe(fifo))
        #expect(FileProducer.isNamedPipe(link))
        #expect(!FileProducer.isNamedPipe(file))
        #expect(!FileProducer.isNamedPipe("/dev/fd/\(ends[0])"))
        #expect(!FileProducer.isNamedPipe("/proc/self/fd/\(ends[0])"))
    }
}
