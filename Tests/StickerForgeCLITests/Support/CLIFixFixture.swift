/// One `stickerforge fix` of the sample pack, made once and shared by the fix tests, which only read
/// it (a fix of the sample takes seconds in a debug build): `StarterPack/` (the copy of the sample
/// that was fixed), `Fixed/` (the repaired copy) and `fix.json` (its JSON report).
enum CLIFixFixture {
    /// The fix, made on first use; a missing binary is an `XCTSkip` for every test that asks.
    static let shared = CLIBuildFixture.make(
        "fix", ["fix", "StarterPack", "--output", "Fixed", "--labels-from-names", "--report", "json:fix.json"],
        for: FixEndToEndTests.self)
}
