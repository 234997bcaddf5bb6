// A small SVG writer of our own: time against N on log–log axes, one line per implementation;
// for a scenario measured at one size only, horizontal bars on a log time axis.
import Foundation

struct SVG {
    private(set) var body = ""
    let width: Double, height: Double

    init(width: Double, height: Double) { self.width = width; self.height = height }

    static func escape(_ s: String) -> String {
        var o = ""
        for c in s {
            switch c {
            case "&": o += "&amp;"
            case "<": o += "&lt;"
            case ">": o += "&gt;"
            case "\"": o += "&quot;"
            default: o.append(c)
            }
        }
        return o
    }
    static func n(_ v: Double) -> String { String(format: "%.1f", v) }

    mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String, width w: Double = 1, dash: String? = nil) {
        body += "<line x1=\"\(SVG.n(x1))\" y1=\"\(SVG.n(y1))\" x2=\"\(SVG.n(x2))\" y2=\"\(SVG.n(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(w)\"\(dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")/>\n"
    }
    mutating func polyline(_ pts: [(Double, Double)], stroke: String, width w: Double = 2) {
        let p = pts.map { "\(SVG.n($0.0)),\(SVG.n($0.1))" }.joined(separator: " ")
        body += "<polyline points=\"\(p)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(w)\"/>\n"
    }
    mutating func circle(_ x: Double, _ y: Double, r: Double, fill: String) {
        body += "<circle cx=\"\(SVG.n(x))\" cy=\"\(SVG.n(y))\" r=\"\(r)\" fill=\"\(fill)\"/>\n"
    }
    mutating func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, fill: String) {
        body += "<rect x=\"\(SVG.n(x))\" y=\"\(SVG.n(y))\" width=\"\(SVG.n(w))\" height=\"\(SVG.n(h))\" fill=\"\(fill)\"/>\n"
    }
    mutating func text(_ x: Double, _ y: Double, _ s: String, size: Double = 12, anchor: String = "start", weight: String = "normal", fill: String = "#222", rotate: Double = 0) {
        let r = rotate == 0 ? "" : " transform=\"rotate(\(SVG.n(rotate)) \(SVG.n(x)) \(SVG.n(y)))\""
        body += "<text\(r) x=\"\(SVG.n(x))\" y=\"\(SVG.n(y))\" font-family=\"sans-serif\" font-size=\"\(size)\" text-anchor=\"\(anchor)\" font-weight=\"\(weight)\" fill=\"\(fill)\">\(SVG.escape(s))</text>\n"
    }
    var document: String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n" + body + "</svg>\n"
    }
}

let plotColors = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#17becf"]

func decadeLabel(_ e: Int, unitNs: Bool) -> String {
    if unitNs {
        let v = pow(10.0, Double(e))
        return formatNs(v).replacingOccurrences(of: ".00", with: "").replacingOccurrences(of: ".0 ", with: " ")
    }
    switch e {
    case 0: return "1"
    case 1: return "10"
    case 2: return "100"
    case 3: return "1k"
    case 4: return "10k"
    case 5: return "100k"
    case 6: return "1M"
    case 7: return "10M"
    default: return "1e\(e)"
    }
}

/// Log–log plot of median time per run against N, min–max as a vertical whisker.
func plotScenario(title: String, xLabel: String, series: [(name: String, points: [(n: Double, median: Double, lo: Double, hi: Double)])]) -> String {
    let W = 760.0, H = 460.0, left = 80.0, right = 250.0, top = 40.0, bottom = 60.0
    var svg = SVG(width: W, height: H)
    let all = series.flatMap { $0.points }
    let ns = all.map { $0.n }, ts = all.flatMap { [$0.lo, $0.hi, $0.median] }.filter { $0 > 0 }
    guard let nMin = ns.min(), let nMax = ns.max(), let tMin = ts.min(), let tMax = ts.max() else { return svg.document }
    var xe0 = Int(floor(log10(nMin))), xe1 = Int(ceil(log10(nMax)))
    if xe0 == xe1 { xe0 -= 1; xe1 += 1 }
    var ye0 = Int(floor(log10(tMin))), ye1 = Int(ceil(log10(tMax)))
    if ye0 == ye1 { ye0 -= 1; ye1 += 1 }
    let pw = W - left - right, ph = H - top - bottom
    func X(_ n: Double) -> Double { left + (log10(n) - Double(xe0)) / Double(xe1 - xe0) * pw }
    func Y(_ t: Double) -> Double { top + ph - (log10(t) - Double(ye0)) / Double(ye1 - ye0) * ph }
    svg.text(left, 24, title, size: 16, weight: "bold")
    for e in xe0...xe1 {
        svg.line(X(pow(10, Double(e))), top, X(pow(10, Double(e))), top + ph, stroke: "#ddd")
        svg.text(X(pow(10, Double(e))), top + ph + 18, decadeLabel(e, unitNs: false), size: 11, anchor: "middle")
    }
    for e in ye0...ye1 {
        svg.line(left, Y(pow(10, Double(e))), left + pw, Y(pow(10, Double(e))), stroke: "#ddd")
        svg.text(left - 6, Y(pow(10, Double(e))) + 4, decadeLabel(e, unitNs: true), size: 11, anchor: "end")
    }
    svg.line(left, top + ph, left + pw, top + ph, stroke: "#444")
    svg.line(left, top, left, top + ph, stroke: "#444")
    svg.text(left + pw / 2, H - 16, xLabel + " (log)", size: 12, anchor: "middle")
    svg.text(18, top + ph / 2, "time per run (log)", size: 12, anchor: "middle", rotate: -90)
    for (k, s) in series.enumerated() {
        let c = plotColors[k % plotColors.count]
        let pts = s.points.sorted { $0.n < $1.n }
        if pts.count > 1 { svg.polyline(pts.map { (X($0.n), Y($0.median)) }, stroke: c) }
        for p in pts {
            if p.hi > p.lo { svg.line(X(p.n), Y(p.lo), X(p.n), Y(p.hi), stroke: c, width: 1) }
            svg.circle(X(p.n), Y(p.median), r: 3.5, fill: c)
        }
        let ly = top + 10 + Double(k) * 20
        svg.rect(left + pw + 14, ly - 9, 14, 4, fill: c)
        svg.text(left + pw + 34, ly - 3, s.name, size: 11)
    }
    return svg.document
}

/// Horizontal bars (log time axis) for a scenario with one size.
func plotBars(title: String, bars: [(name: String, median: Double, lo: Double, hi: Double)]) -> String {
    let W = 760.0, rowH = 30.0, left = 250.0, right = 40.0, top = 44.0
    let H = top + rowH * Double(bars.count) + 50
    var svg = SVG(width: W, height: H)
    svg.text(16, 24, title, size: 16, weight: "bold")
    let ts = bars.flatMap { [$0.lo, $0.hi, $0.median] }.filter { $0 > 0 }
    guard let tMin = ts.min(), let tMax = ts.max() else { return svg.document }
    let e0 = Int(floor(log10(tMin))) - 1, e1 = Int(ceil(log10(tMax)))
    let pw = W - left - right
    func X(_ t: Double) -> Double { left + (log10(t) - Double(e0)) / Double(e1 - e0) * pw }
    let bottomY = top + rowH * Double(bars.count)
    for e in e0...e1 {
        svg.line(X(pow(10, Double(e))), top - 4, X(pow(10, Double(e))), bottomY, stroke: "#ddd")
        svg.text(X(pow(10, Double(e))), bottomY + 16, decadeLabel(e, unitNs: true), size: 11, anchor: "middle")
    }
    for (k, b) in bars.enumerated() {
        let c = plotColors[k % plotColors.count]
        let y = top + Double(k) * rowH
        svg.text(left - 8, y + rowH / 2 + 4, b.name, size: 11, anchor: "end")
        svg.rect(left, y + 6, Swift.max(1, X(b.median) - left), rowH - 12, fill: c)
        if b.hi > b.lo { svg.line(X(b.lo), y + rowH / 2, X(b.hi), y + rowH / 2, stroke: "#000") }
        svg.text(X(b.median) + 4, y + rowH / 2 + 4, formatNs(b.median), size: 10)
    }
    svg.text(left + pw / 2, H - 10, "time per run (log)", size: 12, anchor: "middle")
    return svg.document
}
