import Foundation
import InboxCore

/// What a picture's placeholder says when the picture is not drawn (TERMINAL §2: "a framed
/// placeholder with the picture's alt text or file name").
public enum PicturePlaceholder {
    /// The picture's file name: the last part of `url`'s path, else its host, else the last part
    /// of the text as written; sanitized, as it comes from a feed or a campaign.
    public static func name(url: URL?, original: String) -> String {
        let name = url.map { url in
            url.lastPathComponent.isEmpty || url.lastPathComponent == "/" ? url.host ?? "" : url.lastPathComponent
        }
        return TerminalText.sanitize(name ?? (original as NSString).lastPathComponent)
    }
}
