import Foundation
import InAppEngine
import Testing

@testable import TinboxHost

/// The name a picture's placeholder shows (TERMINAL §2: the file name, campaigns having no alt
/// text), which comes from a campaign and so is sanitized like the rest of its text.
@Suite struct OverlayArtworkNameTests {
    static func name(_ text: String, base: URL? = nil) -> String {
        OverlayArtwork.fileName(ArtworkReference(text, documentBase: base))
    }

    @Test func thePlaceholderNamesThePictureByItsFile() {
        #expect(Self.name("https://cdn.acme.example/inbox/welcome-hero.png?v=2") == "welcome-hero.png")
        #expect(Self.name("art/bell.png", base: URL(fileURLWithPath: "/tmp/campaigns")) == "bell.png")
        #expect(Self.name("https://cdn.acme.example/") == "cdn.acme.example", "no file: its host")
        #expect(Self.name("http://cdn.acme.example/a/refused.png") == "refused.png", "refused, still named")
    }

    @Test func aHostileFileNameReachesTheScreenSanitized() {
        let name = Self.name("https://cdn.acme.example/%1B%5D0;pwned%07%E2%80%AEgnp.exe")
        #expect(!name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{202E}" })
        #expect(name.contains("pwned"))
    }
}
