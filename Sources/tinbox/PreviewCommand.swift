import Foundation
import InAppEngine
import TinboxHost

/// `tinbox preview FILE [--id ID]` (CLI.md, issue 6 point 7): the reader with the campaigns of
/// FILE and a picker that shows any of them now as a test send.
enum PreviewCommand {
    static func run(_ words: [String], context: () throws -> AppContext) throws {
        let parsed = try CommandWords(words, for: .preview)
        guard parsed.positional.count == 1, let written = parsed.positional.first else {
            throw UsageError("preview needs one campaigns file: tinbox preview FILE [--id ID]")
        }
        var path = written
        var format: CampaignFormat?
        if let colon = path.firstIndex(of: ":"), let named = CampaignFormat(rawValue: String(path[..<colon])),
            !FileManager.default.fileExists(atPath: path)
        {
            format = named
            path = String(path[path.index(after: colon)...])
        }
        let file = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        guard FileManager.default.isReadableFile(atPath: file.path) else {
            throw CommandFailure("cannot read \(path): no such readable file")
        }
        let first = PreviewDocument.load(file, format: format)
        if let id = parsed.values["--id"], let document = first.document,
            !document.campaigns.contains(where: { $0.id == id })
        {
            throw UsageError.unknown("campaign id", id, candidates: document.campaigns.map(\.id))
        }
        try ReaderCommand.run(context) { setup in
            PreviewMessaging(file: file, format: format, first: first, initialId: parsed.values["--id"], setup: setup)
        }
    }
}
