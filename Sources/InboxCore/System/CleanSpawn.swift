import Foundation

/// `posix_spawn` attributes for a child that starts with no signal blocked and every signal at its
/// default. A child keeps its parent's signal mask, and a Dispatch worker thread blocks nearly
/// all: tinbox's network helper spawned from the reader's refresh thread ignored SIGTERM, and the
/// tests' tmux servers ignored their own at `kill-server`. (Foundation's `Process` does this
/// itself; these are for the places that call `posix_spawn`.)
public enum CleanSpawn {
    /// Calls `body` with the attributes, destroyed after it returns.
    public static func withAttributes<Result>(_ body: (UnsafePointer<posix_spawnattr_t>) -> Result) -> Result {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        return body(&attributes)
    }
}
