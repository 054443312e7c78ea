import InAppEngine

/// What the in-app runtime needs from the program showing messages (the reader, or a test).
/// Called on the runtime's thread.
public protocol InAppHost: AnyObject {
    /// `shouldDisplay` (BEHAVIOR B.5): the reader says `later` while the user types.
    func shouldDisplay(_ campaign: Campaign) -> HostDecision
    /// Draw the overlay; call `InAppRuntime.presented()` once it is on screen.
    func present(_ presentation: Presentation)
    /// Take the overlay of this message down.
    func remove(messageId: String)
}
