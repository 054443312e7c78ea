import Foundation
import InAppEngine

/// A timeline (CLI.md `tinbox simulate`, one JSON object a line) replayed on a virtual clock:
/// the engine's decisions with their effects, in memory only, so every run starts clean and
/// nothing on disk is read but the timeline's own campaign files.
public enum InAppSimulation {
    /// Runs `timeline`; campaign files it names resolve against `baseDirectory`, and errors
    /// name `timelineName` and the line.
    public static func run(timeline: String, baseDirectory: URL, timelineName: String) -> InAppSimulationResult {
        let result = Simulation.run(timeline: timeline, baseDirectory: baseDirectory, timelineName: timelineName)
        return InAppSimulationResult(stdout: result.stdout, log: result.log, error: result.error?.description)
    }
}

/// What a simulation printed, and where it stopped if it could not go on.
public struct InAppSimulationResult: Sendable, Equatable {
    /// JSON Lines, one per decision or effect, each ending in a newline. Unsanitized.
    public let stdout: String
    /// The `[tinbox-iam]` decision lines, for stderr. Unsanitized.
    public let log: [String]
    /// The first line that could not be run, as `<file>:<line>: <why>`; nil when all ran.
    public let error: String?
}
