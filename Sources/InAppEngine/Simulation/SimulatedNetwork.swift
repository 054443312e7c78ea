import Foundation

/// How the simulated network answers (CLI.md `network` step). Default: everything succeeds at
/// once and the customer has no placeholder values.
struct SimulatedNetwork {
    enum Placeholders {
        case values([String: String], delay: Double)
        case fail
    }

    enum Artwork {
        case arrive(delay: Double)
        case fail
    }

    var syncOK = true
    var analyticsOK = true
    var placeholders = Placeholders.values([:], delay: 0)
    /// Per URL as written in the step (the document's text or the resolved URL).
    var artwork: [String: Artwork] = [:]

    mutating func apply(_ change: TimelineStep.NetworkChange) {
        if let ok = change.syncOK { syncOK = ok }
        if let ok = change.analyticsOK { analyticsOK = ok }
        if let value = change.placeholders { placeholders = value }
        artwork.merge(change.artwork) { _, new in new }
    }

    /// How an image answers. Unnamed https artwork arrives at once; unnamed local artwork arrives at
    /// once when the file exists and fails otherwise (the only disk read, so a demo with a missing
    /// file behaves as the reader would).
    func answer(for reference: ArtworkReference) -> Artwork {
        if let setting = artwork[reference.original] ?? artwork[reference.key] { return setting }
        if reference.kind == .local, let url = reference.url {
            return FileManager.default.fileExists(atPath: url.path) ? .arrive(delay: 0) : .fail
        }
        return .arrive(delay: 0)
    }
}
