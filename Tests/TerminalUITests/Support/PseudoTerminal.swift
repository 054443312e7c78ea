import Foundation
import InboxCore

@testable import TerminalUI

/// A pseudo-terminal with the curses backend on its far side: what curses writes is read back
/// byte for byte, as a terminal would receive it.
final class PseudoTerminal {
    let pair: RawPseudoTerminal
    let terminal: CursesTerminal
    var master: Int32 { pair.master }
    var slave: Int32 { pair.slave }

    init(
        size: Size, environment: [String: String], bidi: BidiMode = .app,
        graphics: GraphicsChoice = GraphicsChoice(mode: .symbols)
    ) {
        guard let pair = RawPseudoTerminal() else { preconditionFailure("no pseudo-terminal") }
        self.pair = pair
        var window = winsize(ws_row: UInt16(size.rows), ws_col: UInt16(size.columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(pair.slave, UInt(TIOCSWINSZ), &window)
        let options = CursesTerminal.Options(
            mouse: false, theme: "default", environment: environment, bidi: bidi, graphics: graphics)
        terminal = CursesTerminal(
            options: options, terminalType: environment["TERM"] ?? "xterm-256color", size: size, input: pair.slave,
            output: pair.slave)
    }

    deinit {
        terminal.shutdown()
    }

    /// Draws `screen` and returns every byte the terminal received for it. The master is read
    /// while curses writes: a picture can be more than the pseudo-terminal buffers, and a write
    /// with nobody reading would block the test for ever.
    func draw(_ screen: Screen) -> [UInt8] {
        let reading = ConcurrentRead(pair)
        terminal.draw(screen)
        return reading.finish()
    }

    /// Everything written so far: reads until the pseudo-terminal stays quiet for 50 ms.
    func drain() -> [UInt8] {
        pair.readOutput(quietMilliseconds: 50)
    }
}

/// Reads a pseudo-terminal's master on a thread of its own until `finish`, then until it is quiet.
final class ConcurrentRead: @unchecked Sendable {
    private let pair: RawPseudoTerminal
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    private var writing = true
    private let stopped = DispatchSemaphore(value: 0)

    init(_ pair: RawPseudoTerminal) {
        self.pair = pair
        Thread.detachNewThread { [self] in
            while lock.withLock({ writing }) {
                let chunk = self.pair.readOutput(quietMilliseconds: 10)
                lock.withLock { bytes += chunk }
            }
            stopped.signal()
        }
    }

    /// What was read while the writer wrote, and what follows until 50 ms pass quietly.
    func finish() -> [UInt8] {
        lock.withLock { writing = false }
        stopped.wait()
        return lock.withLock { bytes } + pair.readOutput(quietMilliseconds: 50)
    }
}
