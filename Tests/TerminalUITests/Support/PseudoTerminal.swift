import Foundation
import InboxCore

@testable import TerminalUI

/// A pseudo-terminal with the curses backend on its far side: what curses writes is read back
/// byte for byte, as a terminal would receive it.
final class PseudoTerminal {
    let master: Int32
    let slave: Int32
    let terminal: CursesTerminal

    init(size: Size, environment: [String: String], bidi: BidiMode = .app) {
        // posix_openpt and friends are not in Swift's Glibc module; these are their ioctls
        // (TIOCSPTLCK and TIOCGPTN are _IOW/_IOR macros: their Linux values).
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        _ = ioctl(master, UInt(0x4004_5431), &unlock)
        _ = ioctl(master, UInt(0x8004_5430), &number)
        slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        var window = winsize(ws_row: UInt16(size.rows), ws_col: UInt16(size.columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &window)
        let options = CursesTerminal.Options(mouse: false, theme: "default", environment: environment, bidi: bidi)
        terminal = CursesTerminal(
            options: options, terminalType: environment["TERM"] ?? "xterm-256color", size: size, input: slave,
            output: slave)
    }

    deinit {
        terminal.shutdown()
        close(slave)
        close(master)
    }

    /// Draws `screen` and returns every byte the terminal received for it.
    func draw(_ screen: Screen) -> [UInt8] {
        terminal.draw(screen)
        return drain()
    }

    /// Everything written so far: reads until the pseudo-terminal stays quiet for 50 ms.
    func drain() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 50) > 0 else { break }
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }
}
