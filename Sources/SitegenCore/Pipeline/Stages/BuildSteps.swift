/// Runs a build's steps one after the other and times each: with
/// `SITEGEN_TIMINGS=1`, a line names the step when it ends (`PhaseTimer`),
/// with what its value says of the work done (`StepSummary`). A step that
/// fails prints no line.
struct BuildSteps {
    private var timer = PhaseTimer()

    /// Runs `step`, named `name`, and returns its value.
    mutating func run<Value>(_ name: String, _ step: () throws -> Value) rethrows -> Value {
        let value = try step()
        end(name, value)
        return value
    }

    /// Runs `step`, named `name`, and returns its value, or throws its failure.
    mutating func run<Value, Failure>(_ name: String, _ step: () -> Result<Value, Failure>) throws(Failure) -> Value {
        let value = try step().get()
        end(name, value)
        return value
    }

    private mutating func end(_ name: String, _ value: some Any) {
        timer.lap((value as? any StepSummary).map { "\(name) (\($0.summary))" } ?? name)
    }
}

/// A step's value that says how much work the step found, for its timing line.
protocol StepSummary {
    /// A few words, such as `3 of 120 files changed`.
    var summary: String { get }
}

extension PlanStage.Plan: StepSummary {
    var summary: String { "\(changed) of \(Plural.count(outputs.count, "file")) changed" }
}

extension StagingStage.Staged: StepSummary {
    var summary: String { "\(Plural.count(pending.count, "file")) to write" }
}
