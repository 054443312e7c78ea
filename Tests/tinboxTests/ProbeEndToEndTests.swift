import Foundation
import TestSupport
import Testing

/// The start-up probe of the built binary against a terminal that never answers (TERMINAL.md
/// §2): `script` gives the reader a pseudo-terminal and relays the test's bytes to it, and
/// answers nothing itself. The reader asks, gets no answer, and goes on; a reply that comes
/// late is not taken as keys, and nothing of it is left for the shell after the reader quits.
@Suite(.serialized, .enabled(if: ReaderTmux.isAvailable)) struct ProbeEndToEndTests {
    @Test func aSilentTerminalIsProbedAndTheReaderGoesOnWithNothingLeftOnTheInput() throws {
        let folder = Scratch.folder("tinbox-probe")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let none = folder.appendingPathComponent("no-campaigns.json")
        try Data(#"{"campaigns": []}"#.utf8).write(to: none)
        // After the reader, whatever the shell could read from the terminal within 0.3 s.
        let leftover =
            "python3 -c \"import os,select,sys,tty; tty.setraw(0); r=select.select([0],[],[],0.3)[0]; "
            + "sys.stdout.write('LEFTOVER[' + (os.read(0, 100).hex() if r else '') + ']')\""
        let command =
            "stty rows 24 cols 80; \(ReaderTmux.binary) --data-dir \(folder.path)/data --no-refresh "
            + "--campaigns \(none.path); \(leftover)"
        let child = try ChildProcess(
            "script", ["-qfec", command, "/dev/null"],
            environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path, "LANG": "C.UTF-8", "TERM": "xterm-256color"],
            input: .pipe)
        defer { if child.isRunning { child.signal(SIGKILL) } }
        let painted = try waitFor(child) { $0.contains("Unread") }
        try #require(painted.contains("Unread"), "the reader never painted: \(painted.debugDescription)")
        // The probe went out before curses took the screen (smcup), and was not answered.
        let probe = try #require(painted.range(of: "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c"))
        if let screen = painted.range(of: "\u{1B}[?1049h") { #expect(probe.upperBound <= screen.lowerBound) }
        // A late DA1 reply (with "4" and "?", which as keys would switch tabs and open help) and a
        // kitty reply are swallowed, not left for the shell; then q quits.
        child.input?.write(Data("\u{1B}[?62;4c\u{1B}_Gi=31;OK\u{1B}\\".utf8))
        child.input?.write(Data("q".utf8))
        let termination = try child.wait(timeout: 10)
        #expect(termination.status == 0)
        let output = child.standardOutput
        #expect(!output.contains(" Keys "), "the late reply opened the help card")
        #expect(output.contains("LEFTOVER[]"), "\(output.suffix(80).debugDescription)")
    }

    private func waitFor(_ child: ChildProcess, timeout: Double = 10, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var text = child.standardOutput
        while !condition(text), Date() < deadline, child.isRunning {
            usleep(50_000)
            text = child.standardOutput
        }
        return text
    }
}
