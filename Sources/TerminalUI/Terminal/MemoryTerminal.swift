/// A terminal in memory for tests: inputs are queued by the test, drawn screens are kept.
public final class MemoryTerminal: Terminal {
    public private(set) var size: Size
    public private(set) var screens: [Screen] = []
    public private(set) var isShutDown = false
    private var inputs: [TerminalInput] = []

    public init(size: Size) {
        self.size = size
    }

    /// The screen last drawn.
    public var screen: Screen? { screens.last }

    public func enqueue(_ input: TerminalInput) {
        if case .resize(let newSize) = input { size = newSize }
        inputs.append(input)
    }

    public func enqueue(keys: [Key]) {
        for key in keys { enqueue(.key(key)) }
    }

    public func draw(_ screen: Screen) {
        screens.append(screen)
    }

    public func nextInput(timeout milliseconds: Int) -> TerminalInput? {
        inputs.isEmpty ? nil : inputs.removeFirst()
    }

    public func shutdown() {
        isShutDown = true
    }

    public private(set) var suspensions = 0

    public func suspend() {
        suspensions += 1
    }
}
