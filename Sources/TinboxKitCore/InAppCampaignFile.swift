import Foundation
import InAppEngine
import InboxCore

/// A campaigns document read from a file, for a host that shows its campaigns as test sends
/// (BEHAVIOR B.16, `InAppMessaging.testSend(campaignId:from:)`): `tinbox preview` reads the file
/// again whenever it changes, and keeps the last version that read.
public struct InAppCampaignFile: Sendable {
    /// The campaigns in document order.
    public let campaigns: [Entry]
    /// What the document refused or left out, one line each (B.19).
    public let problems: [String]
    /// The campaigns as the engine reads them.
    let engineCampaigns: [Campaign]

    /// One campaign of the file.
    public struct Entry: Sendable {
        /// The campaign's `id`.
        public let id: String
        /// The marketer's name for it, when the document gives one.
        public let name: String?
        /// Its message as written (raw placeholders); nil when it has no usable one.
        public let message: InAppMessage?
    }

    /// The campaign formats a file may be read in (VENDORS.md names).
    public static let formats: [String] = CampaignFormat.allCases.map(\.rawValue)

    /// Reads `data`, the text of the file at `url` (pictures beside it resolve against its folder),
    /// in `format` (one of `formats`; nil recognises it by shape). Throws when the text is not a
    /// campaigns document; the error says why, as a person can act on it.
    public static func read(_ data: Data, of url: URL, format: String?) throws -> InAppCampaignFile {
        let named: CampaignFormat?
        if let format {
            guard let known = CampaignFormat(rawValue: format) else { throw TinboxError.unknownFormat(format) }
            named = known
        } else {
            named = nil
        }
        let document = try CampaignDocument.read(data, format: named, documentBase: url.deletingLastPathComponent())
        return InAppCampaignFile(
            campaigns: document.campaigns.map { campaign in
                Entry(
                    id: campaign.id, name: campaign.name, message: campaign.message.map { _ in InAppMessage(campaign) })
            },
            problems: document.problems, engineCampaigns: document.campaigns)
    }
}
