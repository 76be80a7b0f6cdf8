/// Locale-independent number text for messages, so reports are byte-for-byte reproducible.
package enum NumberText {
    /// `612345` -> `"612,345"`.
    package static func int(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return value < 0 ? "-" + out : out
    }

    /// A decimal with at most `places` fraction digits, trailing zeros dropped, integer part
    /// grouped: `66.6667` -> `"66.67"`, `30.0` -> `"30"`, `1234.5` -> `"1,234.5"`.
    package static func decimal(_ value: Double, places: Int = 2) -> String {
        guard value.isFinite else { return String(describing: value) }
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * Double(scale)).rounded()
        guard scaled < Double(Int.max / 2) else { return String(describing: value) }
        let units = Int(scaled)
        var text = int(units / scale)
        var fraction = String(units % scale)
        if places > 0 {
            fraction = String(repeating: "0", count: places - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            if !fraction.isEmpty { text += "." + fraction }
        }
        return value < 0 && units != 0 ? "-" + text : text
    }

    /// A share 0-1 as a whole percentage: `0.234` -> `"23%"`.
    package static func percent(_ share: Double) -> String { decimal(share * 100, places: 0) + "%" }

    /// `"300x300 px"`.
    package static func size(_ width: Int, _ height: Int) -> String { "\(width)x\(height) px" }

    /// `1 -> "1 frame"`, `3 -> "3 frames"`.
    package static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(int(n)) \(n == 1 ? singular : (plural ?? singular + "s"))"
    }

    /// A list joined the English way: "a", "a and b", "a, b and c" (or "a, b or c" with `conjunction: "or"`).
    package static func list(_ items: [String], conjunction: String = "and") -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1]
        }
    }
}
