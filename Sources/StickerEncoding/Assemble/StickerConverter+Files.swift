import Foundation
import ImageCodec
import StickerCore

/// One file's outcome in a batch conversion.
public struct ConversionOutcome: Sendable {
    /// The input path as given.
    public var input: String
    /// The output path (whether or not it was written).
    public var output: String
    /// The conversion, or why this file was not converted.
    public var result: Result<ConversionResult, Error>
}

extension StickerConverter {
    /// Output paths for `inputs` in `outputFolder`, in input order, or the reason an input must not
    /// be written: a later input whose output name an earlier one already takes (compared without
    /// case, since macOS volumes usually ignore it), or an output that would replace an input.
    public static func plan(inputs: [String], outputFolder: String,
                            format: ConvertFormat? = nil) -> [(input: String, output: String, problem: AssemblyError?)] {
        let sources = Set(inputs.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        var taken: [String: String] = [:]
        return inputs.map { input in
            let output = FileIO.join(outputFolder, outputName(for: input, format: format))
            let resolved = URL(fileURLWithPath: output).standardizedFileURL.path
            if sources.contains(resolved) { return (input, output, .outputIsSource(input: input, output: output)) }
            if let earlier = taken[resolved.lowercased()] {
                return (input, output, .outputCollision(input: input, output: output, earlierInput: earlier))
            }
            taken[resolved.lowercased()] = input
            return (input, output, nil)
        }
    }

    /// Converts every input into `outputFolder` across the cores. Each output is written
    /// atomically; sources are only read. Results come back in input order, one per input.
    /// `only` restricts the work to the inputs at those indices (a shard), while output names are
    /// still planned over all inputs, so every shard reports the same collisions.
    public func convertFiles(_ inputs: [String], to outputFolder: String, only: [Int]? = nil,
                             runner: BatchRunner = BatchRunner(),
                             progress: (@Sendable (BatchProgress) -> Void)? = nil) async -> [ConversionOutcome] {
        let all = Self.plan(inputs: inputs, outputFolder: outputFolder, format: format)
        let planned = only.map { $0.map { all[$0] } } ?? all
        let jobs = planned.map { Job(input: $0.input, output: $0.output, problem: $0.problem) }
        let converter = self
        let results = await runner.run(jobs, label: { $0.input }, progress: progress) { job -> ConversionResult in
            if let problem = job.problem { throw problem }
            // An existing file of another kind (not a PNG, WebP or WebM) at the output is never overwritten.
            try OutputGuard(sources: []).checkFile(job.output, option: "the output", kind: .image)
            let converted = try converter.convert(try FileIO.read(job.input), name: job.input)
            try FileIO.writeAtomically(converted.bytes, to: job.output)
            return converted
        }
        return zip(planned, results).map { ConversionOutcome(input: $0.input, output: $0.output, result: $1) }
    }

    private struct Job: Sendable {
        var input: String
        var output: String
        var problem: AssemblyError?
    }
}
