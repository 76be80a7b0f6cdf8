import ArgumentParser

/// Options every long-running command shares.
struct OutputOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Print no progress (results and errors still print).")
    var quiet = false

    @Flag(inversion: .prefixedNo, help: "Colour the text report (default: only on a terminal).")
    var color: Bool?
}
