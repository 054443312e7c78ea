extension InAppPresenter {
    /// The running session's campaign with this message id, so a host told `selected` by id
    /// can show the campaign itself (TinboxKit's `didSelectMessage`); nil when dormant or unknown.
    public func campaign(messageId: String) -> Campaign? {
        guard case .running(let session) = state else { return nil }
        return session.document?.campaigns.first { $0.messageId == messageId }
    }
}
