import ImageCodec
import StickerCore

/// The pack image `tray:` names, as loaded: its file, what it is when it is there, and why it could
/// not be measured when it could not.
public struct TrayFile: Equatable, Sendable {
    /// Path relative to the catalog root, as configured.
    public var file: String
    /// The file as read; nil when there is no such file.
    public var loaded: LoadedFile?
    /// Why it could not be read or decoded.
    public var failure: CodecError?

    /// A tray file.
    public init(file: String, loaded: LoadedFile?, failure: CodecError? = nil) {
        self.file = file; self.loaded = loaded; self.failure = failure
    }
}
