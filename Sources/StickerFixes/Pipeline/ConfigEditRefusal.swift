/// Why `fix` left `stickerforge.yml` as it was instead of editing it: the edit could not be made
/// safely on the text (`ConfigTextEditor`), or the edited text would have changed more than the
/// edit meant (`ConfigEditGuard`). Each message says what the user can change by hand.
struct ConfigEditRefusal: Error, Equatable, CustomStringConvertible {
    /// The configuration file, relative to the catalog.
    var file: String
    /// What was to be done: "'x-timing' not dropped", "label for party_hat not added".
    var edit: String
    /// Why not, and what to do instead.
    var reason: String

    /// `stickerforge.yml: 'x-timing' not dropped (the file is left as it was): ...`
    var description: String { "\(file): \(edit) (the file is left as it was): \(reason)" }
}
