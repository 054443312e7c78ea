import Foundation
import Testing

@testable import TerminalUI

/// The curses input wait ends for a wake from another thread (in-app messaging's calls reach the
/// reader's thread at once) and still for a key. Nested in OverlayCursesTests, whose `.serialized`
/// holds for it too: curses is one per process.
extension OverlayCursesTests {
    @Suite struct InputWakeCursesTests {
        @Test func aWakeFromAnotherThreadEndsTheInputWaitWithNoInput() throws {
            let pty = PseudoTerminal(size: Size(columns: 40, rows: 10), environment: ["TERM": "xterm-256color"])
            let wake = try #require(pty.terminal.wake)
            _ = pty.terminal.nextInput(timeout: 0)  // the size curses was given
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { wake.wake() }
            let started = Date()
            #expect(pty.terminal.nextInput(timeout: 20_000) == nil)
            #expect(Date().timeIntervalSince(started) < 10)
            // The wake is spent: the next wait lasts its timeout.
            let again = Date()
            #expect(pty.terminal.nextInput(timeout: 100) == nil)
            #expect(Date().timeIntervalSince(again) >= 0.09)
        }

        @Test func aKeyStillEndsTheWait() {
            let pty = PseudoTerminal(size: Size(columns: 40, rows: 10), environment: ["TERM": "xterm-256color"])
            _ = pty.terminal.nextInput(timeout: 0)  // the size curses was given
            let master = pty.master
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { _ = write(master, "j", 1) }
            #expect(pty.terminal.nextInput(timeout: 20_000) == .key(.character("j")))
        }
    }
}
