/// A terminal size in cells.
public struct Size: Equatable, Sendable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}

/// A key press, decoded by the backend.
public enum Key: Hashable, Sendable {
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace, delete
    case function(Int)
    /// Ctrl plus a letter, lowercase (`Ctrl-R` is `.control("r")`).
    case control(Character)
}

/// A mouse action at a cell.
public struct MouseEvent: Equatable, Sendable {
    public enum Action: Equatable, Sendable { case press, wheelUp, wheelDown }
    public var action: Action
    public var row: Int
    public var column: Int

    public init(_ action: Action, row: Int, column: Int) {
        self.action = action
        self.row = row
        self.column = column
    }
}

/// What a terminal reports.
public enum TerminalInput: Equatable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(Size)
    /// SIGTERM, SIGHUP or SIGINT arrived: leave cleanly.
    case hangUp
    /// Ctrl-Z (SIGTSTP): the loop tells in-app messaging, then calls `suspend()`.
    case suspend
    /// The terminal window gained (true) or lost focus (xterm focus reporting).
    case focus(Bool)
}

/// The one thing that talks to the user's terminal. The curses backend is the only code that
/// touches curses; `MemoryTerminal` stands in for it in tests.
public protocol Terminal: AnyObject {
    var size: Size { get }
    /// Shows `screen`, sending only what changed since the last call.
    func draw(_ screen: Screen)
    /// The next input, or nil when `timeout` milliseconds pass without any.
    func nextInput(timeout milliseconds: Int) -> TerminalInput?
    /// What ends `nextInput`'s wait from another thread (it then returns nil); nil when the
    /// terminal's wait cannot be ended early.
    var wake: InputWake? { get }
    /// Gives the terminal back to the shell (idempotent).
    func shutdown()
    /// Gives the terminal back and stops the process until SIGCONT, then takes it again; the next
    /// `draw` repaints every cell.
    func suspend()
}

extension Terminal {
    /// By default the wait ends only on input or its timeout.
    public var wake: InputWake? { nil }
}
