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

    /// Draws `screen` and returns every byte the terminal received for it.
    func draw(_ screen: Screen) -> [UInt8] {
        terminal.draw(screen)
        return drain()
    }

    /// Everything written so far: reads until the pseudo-terminal stays quiet for 50 ms.
    func drain() -> [UInt8] {
        pair.readOutput(quietMilliseconds: 50)
    }
}
