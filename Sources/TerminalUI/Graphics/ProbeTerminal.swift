import Foundation

/// The process's own terminal as the probe's channel: the query goes to standard output, the
/// replies come from standard input, read in raw mode (no echo, no line editing) so the
/// terminal shows nothing and they never wait for a newline.
public final class ProbeTerminal: GraphicsProbe.Channel {
    private let input: Int32
    private let output: Int32

    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        self.input = input
        self.output = output
    }

    /// Runs the probe with the terminal in raw mode, then gives its settings back. A terminal
    /// whose settings cannot be read is not probed (nil).
    public func probe(deadline: Double = GraphicsProbe.deadline) -> GraphicsProbe.Answers? {
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { return nil }
        defer { tcsetattr(input, TCSANOW, &saved) }
        return GraphicsProbe.run(on: self, clock: { ProcessInfo.processInfo.systemUptime }, deadline: deadline)
    }

    public func write(_ bytes: [UInt8]) {
        writeAll(bytes, to: output)
    }

    public func read(waitingAtMost milliseconds: Int) -> [UInt8] {
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(clamping: milliseconds)) > 0, descriptor.revents & Int16(POLLIN) != 0 else {
            return []
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { Foundation.read(input, $0.baseAddress, $0.count) }
        return count > 0 ? Array(buffer[0..<count]) : []
    }
}

extension ProbeTerminal {
    /// The size of one cell in pixels as the terminal reports it to the kernel (xterm, kitty,
    /// foot and WezTerm do); nil when it reports none.
    public static func cellPixels(of descriptor: Int32 = STDOUT_FILENO) -> (width: Int, height: Int)? {
        var window = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0,
            window.ws_xpixel > 0, window.ws_ypixel > 0
        else { return nil }
        return (Int(window.ws_xpixel) / Int(window.ws_col), Int(window.ws_ypixel) / Int(window.ws_row))
    }
}
