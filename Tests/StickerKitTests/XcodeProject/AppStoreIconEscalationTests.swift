import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// Under `build --xcode-project` (`appStoreUpload`) a missing App Store icon slot is an error;
/// the other slots keep the rule's severity, and a severity the user set still wins.
final class AppStoreIconEscalationTests: XCTestCase {
    private let missing = [IconSlot.all[0], IconSlot.all[7], IconSlot.all[12]]   // iphone 29@2x, 1024x1024, 1024x768

    private func findings(upload: Bool, severities: [String: Severity] = [:], iconSet: Bool = true) -> [Finding] {
        var configuration = CheckConfiguration()
        configuration.appStoreUpload = upload
        configuration.severities = severities
        let set = PackSubject.exampleIconSet(missing: missing)
        let subject = iconSet ? PackSubject.example(iconSet: set, icons: PackSubject.exampleIcons(set)) : PackSubject.example()
        return IconSlotMissingCheck().check(subject, context: CheckContext(configuration: configuration, gridSize: .regular))
    }

    func testAppStoreSlotsBecomeErrorsOnlyForAnUpload() {
        XCTAssertEqual(findings(upload: false).map(\.severity), [.warning, .warning, .warning])
        let upload = findings(upload: true)
        XCTAssertEqual(upload.map(\.severity), [.warning, .error, .error])
        XCTAssertEqual(upload.map(\.message), ["no icon for iphone 29x29 pt @2x (58x58 px)",
                                               "no icon for ios-marketing 1024x1024 pt @1x (1024x1024 px)",
                                               "no icon for ios-marketing (ios) 1024x768 pt @1x (1024x768 px)"])
        XCTAssertTrue(upload[1].hint.contains("App Store Connect rejects an upload without the App Store icons"), upload[1].hint)
        XCTAssertFalse(upload[0].hint.contains("App Store Connect"))
        XCTAssertEqual(findings(upload: true, iconSet: false).map(\.severity), [.error], "no icon set at all")
        XCTAssertEqual(IconSlot.all.filter(\.isAppStoreIcon).map(\.size), ["1024x1024", "1024x768"])
    }

    func testASeverityTheUserSetStillWins() {
        XCTAssertEqual(findings(upload: true, severities: ["icon_slot_missing": .info]).map(\.severity), [.info, .info, .info])
        XCTAssertEqual(findings(upload: true, severities: ["icon_slot_missing": .off]), [])
        var configuration = CheckConfiguration()
        configuration.appStoreUpload = true
        XCTAssertEqual(configuration.severity(for: IconSlotMissingCheck.description, atLeast: nil), .warning)
        XCTAssertEqual(configuration.severity(for: IconSlotMissingCheck.description, atLeast: .info), .warning, "a floor never lowers")
    }
}
