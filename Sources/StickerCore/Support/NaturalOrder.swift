/// Orders file names as people number frames: `f2` before `f10`, digits compared by value.
public enum NaturalOrder {
    /// Whether `a` sorts before `b`. Runs of digits compare by numeric value (then by length, so
    /// `f01` and `f1` still order deterministically); other characters compare by Unicode scalar.
    public static func precedes(_ a: String, _ b: String) -> Bool {
        var ia = Array(a.unicodeScalars)[...], ib = Array(b.unicodeScalars)[...]
        while let ca = ia.first, let cb = ib.first {
            if isDigit(ca) && isDigit(cb) {
                let da = ia.prefix(while: isDigit), db = ib.prefix(while: isDigit)
                let ta = da.drop(while: { $0 == "0" }), tb = db.drop(while: { $0 == "0" })
                if ta.count != tb.count { return ta.count < tb.count }
                for (x, y) in zip(ta, tb) where x != y { return x.value < y.value }
                if da.count != db.count { return da.count < db.count }
                ia = ia.dropFirst(da.count); ib = ib.dropFirst(db.count)
            } else {
                if ca != cb { return ca.value < cb.value }
                ia = ia.dropFirst(); ib = ib.dropFirst()
            }
        }
        return ia.isEmpty && !ib.isEmpty
    }

    /// `names` sorted naturally.
    public static func sorted(_ names: [String]) -> [String] { names.sorted(by: precedes) }

    private static func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 48 && c.value <= 57 }
}
