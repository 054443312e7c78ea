import Foundation
import Testing

@testable import InboxCore

/// The shared fixture of hostile strings that the end-to-end security tests also feed tinbox.
@Suite struct HostileStringsTests {
    struct Entry: Decodable, CustomTestStringConvertible {
        var name: String
        var text: String
        var testDescription: String { name }
    }

    static let entries: [Entry] = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Fixtures/hostile-strings.json")
        do {
            return try JSONDecoder().decode([Entry].self, from: Data(contentsOf: url))
        } catch {
            Issue.record("cannot load \(url.path): \(error)")
            return []
        }
    }()

    @Test func fixtureHoldsTheHostileStrings() {
        #expect(Self.entries.count >= 40)
        #expect(Set(Self.entries.map(\.name)).count == Self.entries.count)
    }

    @Test(arguments: entries)
    func sanitizedEntryHasNoControlBidiOrFormatScalar(entry: Entry) {
        let single = TerminalText.sanitize(entry.text)
        #expect(TerminalScalarRules.firstForbidden(in: single) == nil)
        let multi = TerminalText.sanitize(entry.text, keepingNewlines: true)
        #expect(TerminalScalarRules.firstForbidden(in: multi, allowingNewline: true) == nil)
    }

    @Test(arguments: entries)
    func sanitizedEntryWidthIsTheSumOfItsCharacters(entry: Entry) {
        let clean = TerminalText.sanitize(entry.text)
        #expect(TerminalText.width(clean) == clean.reduce(0) { $0 + TerminalText.width(of: $1) })
        #expect(clean.unicodeScalars.allSatisfy { TerminalText.wcwidth($0) >= 0 })
    }

    @Test(arguments: entries)
    func sanitizedEntryLaysOutWithinItsWidth(entry: Entry) {
        let clean = TerminalText.sanitize(entry.text, keepingNewlines: true)
        for columns in [1, 7, 80] {
            #expect(TerminalText.width(TerminalText.fit(clean, width: columns)) == columns)
            #expect(TerminalText.wrap(clean, width: columns).allSatisfy { TerminalText.width($0) <= columns })
        }
    }
}
