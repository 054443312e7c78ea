import Foundation

/// A bare pseudo-terminal pair with nothing on its far side: the master is the "terminal",
/// which answers nothing unless a test writes to it. `PseudoTerminal` puts curses on it.
final class RawPseudoTerminal {
    let master: Int32
    let slave: Int32

    init?() {
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        // posix_openpt and friends are not in Swift's Glibc module; these are their ioctls
        // (TIOCSPTLCK and TIOCGPTN are _IOW/_IOR macros: their Linux values).
        guard master >= 0, ioctl(master, UInt(0x4004_5431), &unlock) == 0,
            ioctl(master, UInt(0x8004_5430), &number) == 0
        else { return nil }
        slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard slave >= 0 else { return nil }
    }

    deinit {
        close(slave)
        close(master)
    }

    /// Types bytes, as the terminal would send them to the program.
    func writeToInput(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// What the program wrote, read until the line stays quiet for `quietMilliseconds`.
    func readOutput(quietMilliseconds: Int32 = 20) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, quietMilliseconds) > 0 else { break }
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }

    /// Bytes waiting on the program's input (FIONREAD).
    func pendingInput() -> Int32 {
        var count: Int32 = 0
        _ = ioctl(slave, UInt(FIONREAD), &count)
        return count
    }
}
