import Foundation
import InboxCore

/// Buffered standard output and one-line messages on standard error.
enum Output {
    nonisolated(unsafe) private static var buffer: [UInt8] = []

    static func line(_ text: String) {
        write(text)
        write("\n")
    }

    static func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    static func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    static func flush() {
        var offset = 0
        buffer.withUnsafeBytes { bytes in
            while offset < bytes.count {
                let written = Foundation.write(1, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 {
                    if written < 0 && errno == EINTR { continue }
                    break
                }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Through the sanitizer: a warning may quote a config's keys, a feed's or a server's words.
    static func warn(_ text: String) { standardError("tinbox: warning: \(TerminalText.sanitize(text))") }
    /// A diagnostic line as it is (the `[tinbox-iam]` decision log).
    static func log(_ text: String) { standardError(text) }

    /// Many diagnostic lines in one write (simulate's decision log can run to 200,000 lines).
    static func log(lines: [String]) {
        guard !lines.isEmpty else { return }
        flush()
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
    static func error(_ text: String) { standardError("tinbox: \(text)") }

    private static func standardError(_ text: String) {
        flush()
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
