/// The colour model a file declares (PNG colour types, GIF's palette, JPEG's colour spaces).
public enum ColorModel: String, Sendable, Codable {
    case grayscale, rgb, indexed, grayscaleAlpha = "grayscale-alpha", rgba
    case ycbcr, cmyk, ycck
}

/// How a file declares transparency.
public enum TransparencyKind: String, Sendable, Codable {
    /// No transparency can be expressed (JPEG, PNG without alpha or tRNS, GIF without index).
    case none
    /// A full alpha channel (PNG colour types 4 and 6).
    case alphaChannel = "alpha-channel"
    /// A PNG `tRNS` chunk (palette alphas or a key colour).
    case tRNS
    /// A GIF transparent colour index (1-bit).
    case gifTransparentIndex = "gif-transparent-index"
}

/// The role of an APNG's default image (the IDAT).
public enum DefaultImageRole: String, Sendable, Codable {
    /// The IDAT is the first frame of the animation.
    case firstFrame = "first-frame"
    /// The IDAT is a hidden image shown only by viewers without APNG support.
    case hidden
}

/// Colour management information a file carries.
public struct ColorInfo: Equatable, Sendable, Codable {
    /// Whether an ICC profile is embedded (PNG iCCP, JPEG APP2 ICC_PROFILE).
    public var hasICCProfile: Bool = false
    /// The profile's name (PNG iCCP keyword) or its description when it could be read.
    public var iccProfileName: String?
    /// Whether the ICC profile is an sRGB profile (by name or description).
    public var iccProfileIsSRGB: Bool?
    /// PNG gAMA as a plain number (45455 -> 0.45455), nil when absent.
    public var gamma: Double?
    /// Whether a PNG sRGB chunk is present.
    public var hasSRGBChunk: Bool = false
    /// Whether a PNG cHRM chunk is present.
    public var hasCHRMChunk: Bool = false
    /// CMYK and YCCK JPEG only: how the decoder turned the inks into RGB.
    public var cmykConversion: CMYKConversion?
    /// An empty record.
    public init() {}
}

/// How a CMYK (or YCCK) JPEG's inks became RGB pixels.
public struct CMYKConversion: Equatable, Sendable, Codable {
    /// The conversion used.
    public enum Method: String, Equatable, Sendable, Codable {
        /// Little CMS 2 from the CMYK ICC profile the file embeds.
        case iccProfile = "icc-profile"
        /// The naive ink formula R = (255 - C) x (255 - K) / 255, without colour management.
        case naive
    }
    /// The conversion used.
    public var method: Method
    /// Whether the samples were Adobe's inverted CMYK (an APP14 "Adobe" marker).
    public var adobeInverted: Bool
    /// Why the naive formula was used ("no ICC profile is embedded"); nil for the profile.
    public var reason: String?
    /// A record.
    public init(method: Method, adobeInverted: Bool, reason: String? = nil) {
        self.method = method; self.adobeInverted = adobeInverted; self.reason = reason
    }

    /// What was done, in a sentence fragment for reports and `inspect` notes; `profileName` is the
    /// embedded profile's description.
    public func summary(profileName: String?) -> String {
        switch method {
        case .iccProfile:
            return "inks converted to sRGB from the embedded CMYK profile\(profileName.map { " \"\($0)\"" } ?? "") with Little CMS 2"
                + (adobeInverted ? " (Adobe inverted CMYK)" : "")
        case .naive: return "inks converted with the naive formula R = (255 - C) x (255 - K) / 255, without colour management, "
            + "since \(reason ?? "no usable CMYK profile is embedded"); colours may be off"
        }
    }
}

/// What a file says about itself: the facts a checker needs and `inspect` prints.
public struct SourceFacts: Equatable, Sendable, Codable {
    /// The real format, from the bytes.
    public var format: ImageFormat
    /// Bits per sample as stored (1-16 for PNG, 8 for GIF and most JPEGs).
    public var bitDepth: Int
    /// Colour model as stored.
    public var colorModel: ColorModel
    /// Number of palette entries (PNG PLTE, GIF global table), nil without a palette.
    public var paletteSize: Int?
    /// How transparency is declared.
    public var transparency: TransparencyKind
    /// Adam7 (PNG) or interlaced frames (GIF: any frame), or progressive (JPEG).
    public var interlaced: Bool
    /// Colour management chunks and profiles.
    public var color: ColorInfo
    /// JPEG only: EXIF orientation 1-8 when present.
    public var exifOrientation: Int?
    /// APNG only: whether the default image is the first frame or hidden.
    public var defaultImage: DefaultImageRole?
    /// Frames the file stores (APNG acTL count, GIF image count, 1 for stills).
    public var frameCount: Int
    /// Plays as stored; 0 = forever; nil when the format has no loop field (still PNG, JPEG,
    /// a GIF without a NETSCAPE2.0 block, which plays once).
    public var declaredLoopCount: Int?
    /// Each stored frame's region and ops, in order (APNG and GIF).
    public var rawFrames: [RawFrameInfo]
    /// Size of the file in bytes.
    public var fileSize: Int
    /// GIF only: the frames (zero-based) that have no colour table at all, neither local nor
    /// global, and whose indices are drawn opaque black as Chromium draws them; nil when every
    /// frame has one.
    public var framesWithoutColorTable: [Int]?
    /// PNG only: why an acTL was ignored (it declares 0 frames, or a count over 2^31-1), when it
    /// was; the file then reads as its default image, a still, as browsers show it.
    public var ignoredAnimation: String?
    /// PNG only: the offset of an acTL chunk that comes after the first IDAT, nil when none does.
    /// Such an acTL makes no animation (the APNG spec orders it before IDAT; browsers show the
    /// default image as a still), which `apng_actl_order` reports.
    public var lateACTLOffset: Int? = nil
    /// Lottie only: features lottie-web draws that StickerForge cannot draw faithfully; nil when none.
    public var lottieUnsupportedFeatures: [LottieUnsupportedFeature]?
    /// Lottie only: the document's own canvas and frame rate, which a store judges (Telegram: a .tgs
    /// is 512 x 512 at 60 fps) whatever size the frames are rendered at; nil for other formats.
    public var lottieCanvas: LottieCanvas?

    /// Facts with every optional field empty.
    public init(format: ImageFormat, bitDepth: Int, colorModel: ColorModel, paletteSize: Int? = nil,
                transparency: TransparencyKind, interlaced: Bool = false, color: ColorInfo = ColorInfo(),
                exifOrientation: Int? = nil, defaultImage: DefaultImageRole? = nil, frameCount: Int = 1,
                declaredLoopCount: Int? = nil, rawFrames: [RawFrameInfo] = [], fileSize: Int,
                framesWithoutColorTable: [Int]? = nil, ignoredAnimation: String? = nil,
                lottieUnsupportedFeatures: [LottieUnsupportedFeature]? = nil, lottieCanvas: LottieCanvas? = nil) {
        self.format = format; self.bitDepth = bitDepth; self.colorModel = colorModel
        self.paletteSize = paletteSize; self.transparency = transparency; self.interlaced = interlaced
        self.color = color; self.exifOrientation = exifOrientation; self.defaultImage = defaultImage
        self.frameCount = frameCount; self.declaredLoopCount = declaredLoopCount
        self.rawFrames = rawFrames; self.fileSize = fileSize
        self.framesWithoutColorTable = framesWithoutColorTable; self.ignoredAnimation = ignoredAnimation
        self.lottieUnsupportedFeatures = lottieUnsupportedFeatures; self.lottieCanvas = lottieCanvas
    }
}

/// A Lottie document's `w`, `h` and `fr`.
public struct LottieCanvas: Equatable, Sendable, Codable {
    /// Width and height in the document's pixels.
    public var width: Int, height: Int
    /// Frames per second (`fr`).
    public var frameRate: Double

    /// A canvas.
    public init(width: Int, height: Int, frameRate: Double) {
        self.width = width; self.height = height; self.frameRate = frameRate
    }
}
