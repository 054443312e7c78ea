import InboxSync
import Testing

/// Issue 4 point 4: retries back off exponentially with jitter, never past 5 minutes.
@Suite struct RetryPolicyTests {
    let policy = RetryPolicy()

    @Test func theCeilingDoublesFromFiveSecondsUpToFiveMinutes() {
        #expect((0...9).map { policy.ceiling(afterFailures: $0) } == [0, 5, 10, 20, 40, 80, 160, 300, 300, 300])
    }

    @Test func theJitterKeepsTheWaitBetweenHalfAndAllOfTheCeiling() {
        #expect(policy.delay(afterFailures: 3, random: { 0 }) == 10)
        #expect(policy.delay(afterFailures: 3, random: { 1 }) == 20)
        #expect(policy.delay(afterFailures: 3, random: { 0.5 }) == 15)
    }

    @Test func randomValuesOutsideZeroToOneAreClamped() {
        #expect(policy.delay(afterFailures: 2, random: { -3 }) == 5)
        #expect(policy.delay(afterFailures: 2, random: { 7 }) == 10)
    }

    @Test(arguments: [1, 7, 8, 40, 1_000, Int.max])
    func noWaitIsEverLongerThanFiveMinutes(failures: Int) {
        #expect(policy.delay(afterFailures: failures, random: { 1 }) <= 300)
        #expect(policy.delay(afterFailures: failures, random: { 0 }) > 0)
    }

    @Test func noFailureMeansNoWait() {
        #expect(policy.delay(afterFailures: 0, random: { 1 }) == 0)
    }
}
