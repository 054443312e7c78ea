import Foundation
import InboxCore
import Testing

/// Issue 3, Security: hostile strings in titles, bodies, button labels and URLs are browsed in
/// the real reader, and the raw bytes it writes carry none of their control sequences.
@Suite(.enabled(if: ReaderTmux.isAvailable, "needs tmux and a built .build/debug/tinbox"))
struct ReaderHostileTextTests {
    struct Hostile: Decodable {
        var name: String
        var text: String
    }

    static func feed(into folder: URL) throws -> (URL, Int) {
        let fixture = ReaderTmux.packageRoot.appendingPathComponent("Tests/Fixtures/hostile-strings.json")
        let strings = try JSONDecoder().decode([Hostile].self, from: Data(contentsOf: fixture))
        let messages: [[String: Any]] = strings.enumerated().map { index, hostile in
            [
                "id": "h\(index)",
                "data": [
                    "title": hostile.text, "message": "Body \(hostile.name): \(hostile.text)\nend",
                    "imageUrl": hostile.text,
                    "ctaButtons": [["buttonId": "b\(index)", "label": hostile.text, "webUrl": hostile.text]],
                    "receiveDateUTC": "2026-11-30T08:\(String(format: "%02d", index % 60)):00.000Z",
                ] as [String: Any],
            ]
        }
        let file = folder.appendingPathComponent("hostile-feed.json")
        try JSONSerialization.data(withJSONObject: ["messages": messages]).write(to: file)
        return (file, strings.count)
    }

    @Test func browsingHostileMessagesWritesNoContentControlSequence() throws {
        let tmux = try ReaderTmux()
        let (feed, count) = try Self.feed(into: tmux.dataDir)
        let raw = tmux.dataDir.appendingPathComponent("raw-output.bin")
        // The marker file appears once `cat` has written all it got, at the pipe's end-of-file.
        let flushed = tmux.dataDir.appendingPathComponent("raw-output.flushed")
        try tmux.tmux(["pipe-pane", "-t", tmux.session, "-o", "cat > \(raw.path); : > \(flushed.path)"])
        try tmux.launch("--feed \(feed.path)")
        // Wait for the whole tab line: a capture can land between two parts of one repaint.
        var screen = try tmux.wait(for: "All \(count)  Unread \(count)  Read 0  Deleted 0")
        #expect(screen.hasPrefix(" All \(count)  Unread \(count)  Read 0  Deleted 0"), "\(screen)")
        // Walk every row, open every fourth message, press Tab in it, page through the list.
        for index in 0..<count {
            if index % 4 == 0 {
                try tmux.keys("Enter", "Tab", "j", "Escape")
            }
            try tmux.keys("j")
        }
        try tmux.keys("g", "PageDown", "PageDown", "/", "e", "v", "Escape", "G")
        screen = try tmux.wait(for: "\(count)/\(count)")
        #expect(screen.contains("\(count)/\(count)"), "\(screen)")
        try checkLayout(screen, rows: 24, columns: 80)
        try tmux.keys("q")
        try tmux.waitForExit()
        // The pane's output reaches the pipe in order: once the shell's line after the reader is
        // in the file, so is every byte the reader wrote.
        try tmux.shell("echo capture-end-$((6 * 7))")
        try #require(
            waitForFile(raw) { String(decoding: $0, as: UTF8.self).contains("capture-end-42") },
            "the shell's line after the reader never reached the capture")
        try tmux.tmux(["pipe-pane", "-t", tmux.session])
        try #require(waitForFile(flushed) { _ in true }, "the capture's cat did not end")
        let bytes = try [UInt8](Data(contentsOf: raw))
        #expect(bytes.count > 1_000)
        checkNoContentSequences(bytes)
    }

    /// Polls `file` until it exists and its bytes satisfy `condition`, at most `timeout` seconds.
    func waitForFile(_ file: URL, timeout: Double = 10, until condition: (Data) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if let data = try? Data(contentsOf: file), condition(data) { return true }
            usleep(20_000)
        } while Date() < deadline
        return false
    }

    /// The tab line, the status line and the column of the producer stay where they belong.
    func checkLayout(_ screen: String, rows: Int, columns: Int) throws {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count >= rows)
        #expect(lines[0].hasPrefix(" All "))
        #expect(lines[rows - 1].contains("/"))
        for line in lines.prefix(rows) {
            #expect(TerminalText.width(line) <= columns, "too wide: \(line)")
            if let range = line.range(of: "engagement", options: .backwards) {
                #expect(TerminalText.width(String(line[..<range.lowerBound])) == 55, "producer column moved: \(line)")
            }
        }
    }

    /// No OSC, DCS, APC, PM or SOS at all (the reader writes none unless a CTA link is shown),
    /// no CSI that curses would not write, no C1 control and no bidi control.
    func checkNoContentSequences(_ written: [UInt8]) {
        // The start-up probe (TERMINAL §2, GraphicsProbe.query: a kitty query, an APC, and DA1)
        // is tinbox's own, written once before curses starts; everything after it is checked.
        let probe = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c".utf8)
        var bytes = written
        if let start = bytes.firstRange(of: probe) { bytes.removeSubrange(start) }
        #expect(bytes.firstRange(of: probe) == nil, "the probe was sent twice")
        let text = String(decoding: bytes, as: UTF8.self)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            #expect(!(0x80...0x9F).contains(value), "C1 control U+\(String(value, radix: 16)) written")
            #expect(
                !(0x202A...0x202E).contains(value) && !(0x2066...0x2069).contains(value),
                "bidi control U+\(String(value, radix: 16)) written")
        }
        for payload in ["]52;", "]8;;https://evil", "]0;pwned", "P+q544e", "_Gf=100", "^private", "Xstring", "[4D"] {
            #expect(!text.contains("\u{1B}" + payload), "content sequence ESC\(payload) reached the terminal")
        }
        var index = 0
        while index < bytes.count {
            defer { index += 1 }
            guard bytes[index] == 0x1B, index + 1 < bytes.count else { continue }
            let next = bytes[index + 1]
            #expect(
                ![0x5D, 0x50, 0x5F, 0x5E, 0x58].contains(next), "ESC \(UnicodeScalar(next)) string sequence written")
            if next == 0x5B {
                // CSI: parameters and intermediates, then one final byte; curses writes only these finals.
                var end = index + 2
                while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
                if end < bytes.count {
                    let final = Character(UnicodeScalar(bytes[end]))
                    #expect("ABCDGHJKLMPSTXdfhlmrtl@".contains(final), "unexpected CSI final \(final)")
                }
            }
        }
        #expect(!bytes.contains(0x07) || !text.contains("\u{07}\u{07}"), "BEL flood written")
    }
}
