import Foundation
import InboxCore
import TestSupport
import Testing

/// TERMINAL.md 1 through the built reader in tmux, which does no bidi: `capture-pane` shows the
/// cells in the order a terminal without bidi draws them, so under `app` right-to-left titles must
/// already be in visual order there, and under `terminal` they stay logical.
@Suite(.enabled(if: ReaderTmux.isAvailable, "needs tmux and a built .build/debug/tinbox"))
struct ReaderBidiTests {
    static let hebrew = "מבצע סוף שבוע: 30% הנחה"
    static let arabic = "أهلاً سارة: خصم ٣٠٪"

    func feed(_ tmux: ReaderTmux) throws -> URL {
        let titles = [Self.hebrew, Self.arabic, "Plain Latin title"]
        let messages: [[String: Any]] = titles.enumerated().map { index, title in
            let data = ["title": title, "receiveDateUTC": "2026-11-30T08:0\(index):00.000Z"]
            return ["id": "b\(index)", "data": data]
        }
        let file = tmux.dataDir.appendingPathComponent("bidi-feed.json")
        try JSONSerialization.data(withJSONObject: ["messages": messages]).write(to: file)
        return file
    }

    /// Starts the reader with `arguments` under `environment` and returns the list's screen.
    func screen(_ arguments: String, environment: String = "", config: String? = nil) throws -> String {
        let tmux = try ReaderTmux(environment: environment)
        var arguments = "--feed \(try feed(tmux).path) " + arguments
        if let config {
            let file = tmux.dataDir.appendingPathComponent("config.json")
            try Data(config.utf8).write(to: file)
            arguments = "--config \(file.path) " + arguments
        }
        try tmux.launch(arguments)
        let screen = try tmux.wait(for: "All 3  Unread 3")
        try tmux.keys("q")
        try tmux.waitForExit()
        return screen
    }

    func isVisual(_ screen: String) -> Bool {
        screen.contains(TerminalText.visualOrder(Self.hebrew)) && screen.contains(TerminalText.visualOrder(Self.arabic))
    }

    func isLogical(_ screen: String) -> Bool {
        screen.contains(Self.hebrew) && screen.contains(Self.arabic)
    }

    @Test func appIsTheDefaultAndLaysRightToLeftTitlesOut() throws {
        let screen = try screen("")
        #expect(isVisual(screen), "\(screen)")
        #expect(!isLogical(screen))
        #expect(screen.contains("Plain Latin title"))
    }

    @Test func terminalLeavesLogicalOrder() throws {
        let screen = try screen("--bidi terminal")
        #expect(isLogical(screen), "\(screen)")
    }

    @Test func autoLeavesItToVTEOnlyOutsideAMultiplexer() throws {
        #expect(isLogical(try screen("", environment: "VTE_VERSION=7200")))
        #expect(isVisual(try screen("", environment: "KONSOLE_VERSION=230401 TMUX=/tmp/t,1,0")))
    }

    @Test func theFlagOverridesTheConfig() throws {
        #expect(isLogical(try screen("", config: #"{"bidi": "terminal"}"#)))
        #expect(isVisual(try screen("--bidi app", config: #"{"bidi": "terminal"}"#)))
    }

    @Test func aBadValueIsOneLineAndAFailure() throws {
        let folder = Scratch.folder("tinbox-bidi")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let flag = try ChildProcess.run(
            ReaderTmux.binary, ["--data-dir", folder.path, "--bidi", "sideways", "count"], timeout: 30)
        #expect(flag.status != 0)
        #expect(flag.stderr.contains("'--bidi' takes auto, app or terminal, not 'sideways'"), "\(flag.stderr)")
        let config = folder.appendingPathComponent("config.json")
        try Data(#"{"bidi": 3}"#.utf8).write(to: config)
        let file = try ChildProcess.run(
            ReaderTmux.binary, ["--data-dir", folder.path, "--config", config.path, "count"], timeout: 30)
        #expect(file.status != 0)
        #expect(file.stderr == "tinbox: \(config.path): \"bidi\" must be \"auto\", \"app\" or \"terminal\"\n")
    }
}
