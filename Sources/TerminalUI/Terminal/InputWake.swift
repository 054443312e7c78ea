import Foundation

/// Ends a terminal's input wait from another thread (a self-pipe): ncurses belongs to the reader's
/// thread, so work elsewhere (in-app messaging's timers and network answers) posts what it has
/// and calls `wake()`, and the reader takes it at once instead of at its next timed wake.
public final class InputWake: Sendable {
    /// Becomes readable after `wake()`; the input wait polls it beside the terminal.
    let readEnd: Int32
    private let writeEnd: Int32

    /// A new pipe; nil when none can be made (the reader then wakes on its timers alone).
    public init?() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Ends the current (or the next) input wait. A full pipe already says so: the write may fail.
    public func wake() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Empties the pipe, so the next wait sleeps again until the next `wake()`.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
    }
}
