import Foundation
import InAppEngine
import InAppSync
import InboxStore
import TerminalUI

/// Turns a presentation into what the reader draws, artwork included (issue 6, point 5).
struct OverlayArtwork {
    /// The image bytes for an artwork reference: the store's cache (filled by the prefetch), else
    /// the client (a local file).
    let bytes: (ArtworkReference) -> Data?
    let reduceMotion: Bool

    func shown(_ presentation: Presentation, at time: Date) -> ShownMessage {
        let message = presentation.campaign.message
        return ShownMessage(
            presentation: presentation, imageFailed: message?.imageURL != nil, iconFailed: message?.iconURL != nil,
            shownAt: time, reduceMotion: reduceMotion)
    }
}
