import Foundation
import InboxCore
import InboxStore
import Testing

/// The reader's search through the trigram index (schema 4, Inbox+Search.swift) finds exactly what
/// a plain `title LIKE '%text%'` over every message finds, in list order, with the same counts and
/// positions, while the merge inserts, renames and removes messages and marks change states.
@Suite struct TitleSearchTests {
    let fixture: InboxFixture
    var inbox: Inbox { fixture.inbox }

    init() throws { fixture = try InboxFixture() }

    static let searches = [
        "%", "50%", "0%", "_", "e_c", "\"", "\"hi\"", "\"\"\"", "\\", "k\\s", "東京", "東京の", "の天気", "🎉",
        "y 🎉", "👍🏽", "🏽 o", "digest", "DIGEST", "ly dig", "we", "e", "über", "ÜBER", "ber", "zz", "no match",
        "OR", "a*", "NEAR(", "-x", "title_index", "Title", "renamed",
    ]

    func message(_ id: String, _ title: String, minutesAgo: Double = 10, pinned: Bool = false) -> InboxMessage {
        InboxMessage(
            key: fixture.key(id), serverRead: false, start: nil, end: nil, title: title, isPinned: pinned,
            receiveDate: fixture.now.addingTimeInterval(-minutesAgo * 60))
    }

    var titles: [(String, String)] {
        [
            ("pct", "50% off"), ("pct2", "50 percent"), ("snake", "snake_case"), ("snakeX", "snakeXcase"),
            ("quote", "say \"hi\" now"), ("quotes", "three \"\"\" quotes"), ("slash", "back\\slash"),
            ("tokyo", "東京の天気"), ("tower", "東京タワー"), ("party", "party 🎉 time"), ("thumb", "👍🏽 ok"),
            ("upper", "Weekly DIGEST"), ("lower", "weekly digest"), ("umlaut", "Ünïcödé ÜBER"), ("uber", "über"),
            ("syntax", "a* OR NEAR(b) -x title_index"),
        ]
    }

    /// `title LIKE '%text%'` over the plain list query: today's search semantics, from no index.
    func plainLike(_ filter: StateFilter, _ text: String) throws -> [MessageKey] {
        var pattern = "%"
        for character in text {
            if character == "%" || character == "_" || character == "\\" { pattern.append("\\") }
            pattern.append(character)
        }
        pattern += "%"
        let matching: Set<MessageKey> = try inbox.store.database.query(
            "SELECT producer, id FROM messages WHERE title LIKE ? ESCAPE '\\'", [.text(pattern)]
        ) { row in
            var keys: Set<MessageKey> = []
            while try row.step() { keys.insert(MessageKey(producer: row.text(0) ?? "", id: row.text(1) ?? "")) }
            return keys
        }
        return try inbox.entries(filter).map(\.key).filter(matching.contains)
    }

    func expectSameAsLike(sourceLocation: SourceLocation = #_sourceLocation) throws {
        // The external-content index agrees with the titles it indexes, row for row.
        try inbox.store.database.execute("INSERT INTO title_index(title_index, rank) VALUES('integrity-check', 1)")
        let everyKey = try inbox.entries(.all).map(\.key) + inbox.entries(.deleted).map(\.key)
        for filter in StateFilter.allCases {
            for text in Self.searches {
                let expected = try plainLike(filter, text)
                let context = "\(filter) \(text)"
                #expect(
                    try inbox.listPage(filter, titleContaining: text, offset: 0, limit: 1_000).map(\.key) == expected,
                    "\(context)", sourceLocation: sourceLocation)
                #expect(
                    try inbox.listPage(filter, titleContaining: text, offset: 1, limit: 2).map(\.key)
                        == Array(expected.dropFirst().prefix(2)), "\(context)", sourceLocation: sourceLocation)
                #expect(
                    try inbox.entries(filter, titleContaining: text, offset: 0, limit: 1_000).map(\.key) == expected,
                    "\(context)", sourceLocation: sourceLocation)
                #expect(
                    try inbox.count(filter, titleContaining: text) == expected.count, "\(context)",
                    sourceLocation: sourceLocation)
                for key in everyKey {
                    #expect(
                        try inbox.listPosition(of: key, filter, titleContaining: text) == expected.firstIndex(of: key),
                        "\(context) \(key)", sourceLocation: sourceLocation)
                }
            }
        }
    }

    @Test func specialCharactersFindWhatLikeFinds() throws {
        try fixture.seed(titles.enumerated().map { message($1.0, $1.1, minutesAgo: Double($0)) })
        try expectSameAsLike()
        #expect(try inbox.listPage(.all, titleContaining: "50%", offset: 0, limit: 10).map(\.key.id) == ["pct"])
        #expect(try inbox.listPage(.all, titleContaining: "e_c", offset: 0, limit: 10).map(\.key.id) == ["snake"])
        #expect(try inbox.listPage(.all, titleContaining: "\"hi\"", offset: 0, limit: 10).map(\.key.id) == ["quote"])
        #expect(try inbox.listPage(.all, titleContaining: "の天気", offset: 0, limit: 10).map(\.key.id) == ["tokyo"])
        #expect(try inbox.listPage(.all, titleContaining: "🏽 o", offset: 0, limit: 10).map(\.key.id) == ["thumb"])
        // LIKE folds ASCII only, so trigram MATCH's wider folding must not add "Ünïcödé ÜBER" to "über".
        #expect(try inbox.listPage(.all, titleContaining: "über", offset: 0, limit: 10).map(\.key.id) == ["uber"])
        #expect(try inbox.count(.all, titleContaining: "DIGEST") == 2)
    }

    @Test func searchFollowsInsertsRenamesRemovalsAndMarks() throws {
        var messages = titles.enumerated().map { message($1.0, $1.1, minutesAgo: Double($0), pinned: $0 == 3) }
        try fixture.seed(messages)
        try expectSameAsLike()

        // A refresh renames some messages (the merge's ON CONFLICT DO UPDATE), keeps others and adds two.
        messages[0] = message("pct", "renamed: now 70% off", minutesAgo: 0)
        messages[7] = message("tokyo", "renamed 大阪の天気")
        messages[11] = message("upper", "Weekly digest, renamed")
        messages += [message("new1", "a new digest 🎉"), message("new2", "renamed \"quoted\" 50% _x_")]
        try fixture.seed(messages)
        try expectSameAsLike()
        #expect(try inbox.count(.all, titleContaining: "東京の") == 0)

        // Marks move messages between tabs; a mark pending upload keeps a message the producer drops.
        _ = try inbox.markRead(fixture.key("lower"))
        _ = try inbox.markDeleted(fixture.key("party"))
        try expectSameAsLike()

        // The producer stops sending most messages: they leave the store and the index.
        try fixture.seed(Array(messages.prefix(4)) + [message("new2", "renamed again")])
        try expectSameAsLike()
        #expect(try inbox.count(.all, titleContaining: "digest") == 1)  // "lower", kept by its pending mark

        _ = try inbox.markAll(.deleted)
        try expectSameAsLike()
    }

    @Test func migrationIndexesTitlesStoredBeforeIt() throws {
        try fixture.seed(titles.map { message($0.0, $0.1) })
        // Back to schema 3, as a database written by the previous tinbox would be.
        try inbox.store.database.execute(
            """
            DROP TRIGGER title_index_insert; DROP TRIGGER title_index_delete; DROP TRIGGER title_index_update;
            DROP TABLE title_index; PRAGMA user_version = 3;
            """)
        let reopened = try fixture.reopened()
        #expect(
            try reopened.listPage(.all, titleContaining: "digest", offset: 0, limit: 10).map(\.key.id).sorted()
                == ["lower", "upper"])
        try expectSameAsLike()
    }
}
