import Foundation

/// Writes all of `bytes` to `descriptor`: the escape sequences and pictures tinbox sends past
/// curses must arrive whole, or the terminal is left inside a half sequence. A short write goes
/// on from where it stopped and an interrupted one is tried again; a descriptor that is full
/// (non-blocking) is waited for, a second at most each time.
/// - Returns: false when the descriptor fails or stays full; what was written stays written.
@discardableResult
func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written > 0 {
            offset += written
            continue
        }
        if written < 0, errno == EINTR { continue }
        if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
            var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            if poll(&waiting, 1, 1_000) > 0 { continue }
        }
        return false
    }
    return true
}
