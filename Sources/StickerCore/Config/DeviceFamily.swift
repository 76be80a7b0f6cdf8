

/// Which devices the app runs on: Xcode's `TARGETED_DEVICE_FAMILY` (1 = iPhone, 2 = iPad).
public enum DeviceFamily: String, Equatable, Sendable, CaseIterable {
    case iphone, ipad, universal

    /// The build setting's value: `1`, `2` or `1,2`.
    public var targetedDeviceFamily: String {
        switch self { case .iphone: return "1"; case .ipad: return "2"; case .universal: return "1,2" }
    }
}
