import Foundation
import InboxSync

/// The loop of `tinbox-net`: reads `NetworkFrame` requests on standard input, runs each on
/// URLSession concurrently, writes each answer as one frame on standard output, and exits when
/// its input closes (tinbox quit or was killed).
public enum NetworkHelper {
    public static func run() -> Never {
        let transport = URLSessionTransport()
        let output = FileHandle.standardOutput
        let outputLock = NSLock()
        let cancellations = Mutexed<[Int: Cancellation]>([:])
        var frames = FrameReader()
        while true {
            let chunk = FileHandle.standardInput.availableData
            if chunk.isEmpty { exit(0) }
            for frame in frames.append(chunk) {
                if frame.cancel == true {
                    cancellations.withLock { $0[frame.id] }?.cancel()
                    continue
                }
                guard let request = frame.request else { continue }
                let cancellation = Cancellation()
                cancellations.withLock { $0[frame.id] = cancellation }
                transport.start(request, cancellation: cancellation) { result in
                    cancellations.withLock { _ = $0.removeValue(forKey: frame.id) }
                    let answer = NetworkFrame.answer(frame.id, result).encoded()
                    outputLock.withLock { try? output.write(contentsOf: answer) }
                }
            }
        }
    }
}

/// A value behind a lock.
final class Mutexed<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.withLock { body(&value) }
    }
}
