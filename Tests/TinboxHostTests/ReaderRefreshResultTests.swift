import TerminalUI
import Testing

@testable import TinboxHost
@testable import TinboxKitCore

/// How the reader's bar is told each producer's end of a refresh (BEHAVIOR A.6).
@Suite struct ReaderRefreshResultTests {
    @Test func eachOutcomeBecomesTheReadersKind() {
        let cases: [(InboxRefreshOutcome, RefreshResult.Kind, String)] = [
            (.stored(messages: 3, skipped: 1), .ok, "engagement ok 3 messages, 1 skipped"),
            (.notOperational, .ok, "engagement ok 0 messages (inbox not operational for this account)"),
            (.failed(reason: "HTTP 500"), .failed, "engagement failed: HTTP 500"),
            (.refused(nextRefreshIn: 42), .refused(nextIn: 42), "engagement refused: next refresh in 42 s"),
            // Refused, not failed: the bar said "refresh failed" beside this line.
            (.disabled, .disabled, "engagement refused: the inbox is disabled"),
        ]
        for (outcome, kind, line) in cases {
            let result = ReaderInboxSource.result(InboxRefreshReport(producer: "engagement", outcome: outcome))
            #expect(result.kind == kind, "\(outcome)")
            #expect(result.line == line)
        }
    }

    @Test func storedMessagesHaveAShortFormForANarrowBar() {
        let brief = { (outcome: InboxRefreshOutcome) in
            ReaderInboxSource.result(InboxRefreshReport(producer: "engagement", outcome: outcome)).brief
        }
        #expect(brief(.stored(messages: 28, skipped: 0)) == "engagement ok 28")
        #expect(brief(.stored(messages: 18, skipped: 2)) == "engagement ok 18, 2 skipped")
        #expect(brief(.notOperational) == "engagement ok 0 (not operational)")
        #expect(brief(.failed(reason: "HTTP 500")) == nil)
    }
}
