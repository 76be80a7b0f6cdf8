/// The page's style sheet: the conversation and drawer in the layout's sizes (CSS pixels taken as
/// points) and colours, in the light and the dark appearance (`data-appearance`, or the system's
/// when it is `auto`).
enum ServePageStyle {
    static func css(_ layout: ChatLayout) -> String {
        let sent = layout.colors.sentBubble ?? "#5865F2"
        let sentText = contrastText(sent)
        let light = """
            --chat:\(layout.colors.light);--received:\(layout.receivedLight);--received-text:#000;--sent:\(sent);--sent-text:\(sentText);\
            --page:#f4f4f7;--panel:#fff;--text:#1c1c1e;--muted:#6c6c70;--line:#d8d8de;--drawer:#f2f2f7;--cellbg:#e5e5ea
            """
        let dark = """
            --chat:\(layout.colors.dark);--received:\(layout.receivedDark);--received-text:#fff;--sent:\(sent);--sent-text:\(sentText);\
            --page:#111113;--panel:#1c1c1e;--text:#f2f2f7;--muted:#a1a1a6;--line:#38383c;--drawer:#1c1c1e;--cellbg:#2c2c2e
            """
        return """
            :root{\(light);--cols:\(layout.columns);--cell:\(layout.cell)px;--gap:\(String(format: "%.2f", layout.gap))px;--screen:\(ChatLayout.screenWidth)px;color-scheme:light}
            html[data-appearance=dark]{\(dark);color-scheme:dark}
            @media (prefers-color-scheme:dark){html[data-appearance=auto]{\(dark);color-scheme:dark}}
            *{box-sizing:border-box}[hidden]{display:none!important}
            body{margin:0;font:14px/1.4 -apple-system,system-ui,"Segoe UI",sans-serif;background:var(--page);color:var(--text)}
            .top{display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 16px;padding:12px 20px;border-bottom:1px solid var(--line);background:var(--panel);position:sticky;top:0;z-index:5}
            .top h1{font-size:18px;margin:0}.meta,.summary{margin:0;color:var(--muted)}.problem{margin:0;color:#d70015;font-weight:600}
            .appearance button{font:inherit;border:1px solid var(--line);background:var(--panel);color:var(--text);padding:2px 8px;border-radius:6px;cursor:pointer}
            .appearance button[aria-pressed=true]{background:var(--sent);color:var(--sent-text)}
            .status{font-size:12px;color:var(--muted)}.status.live::before{content:"● ";color:#34c759}
            main{display:flex;align-items:flex-start;gap:20px;padding:20px}
            .phone{position:sticky;top:64px;flex:none;width:calc(var(--screen) + 2px);border:1px solid var(--line);border-radius:24px;overflow:hidden;background:var(--chat)}
            .conversation{position:relative;padding:12px 10px;display:flex;flex-direction:column;gap:10px;min-height:300px;background:var(--chat)}
            .msg{display:flex}.msg.out{justify-content:flex-end}
            .bubble{max-width:75%;padding:8px 12px;border-radius:18px;line-height:1.3}
            .bubble.received{background:var(--received);color:var(--received-text)}
            .bubble.sent{background:var(--sent);color:var(--sent-text)}
            .photo{width:220px;height:160px;border-radius:14px;background:radial-gradient(circle at 20% 30%,#f9d976 0,transparent 40%),radial-gradient(circle at 80% 20%,#4facfe 0,transparent 45%),radial-gradient(circle at 60% 80%,#43e97b 0,transparent 40%),radial-gradient(circle at 30% 85%,#fa709a 0,transparent 35%),linear-gradient(135deg,#2b5876,#8e5e3c 50%,#4e4376)}
            .drop.over{outline:3px solid #ff9f0a;outline-offset:2px}
            .placed{position:absolute;touch-action:none;cursor:grab;transform-origin:center}
            .placed.selected{outline:1px dashed #ff9f0a}
            .placed img{display:block;width:100%;height:100%;pointer-events:none}
            .ghost{position:fixed;pointer-events:none;opacity:.85;z-index:20}
            .tools{display:flex;gap:10px;align-items:center;padding:6px 10px;background:var(--panel);border-top:1px solid var(--line);font-size:12px}
            .tools input{width:90px}
            .drawer{display:grid;grid-template-columns:repeat(var(--cols),var(--cell));gap:var(--gap);padding:var(--gap);background:var(--drawer);border-top:1px solid var(--line);max-height:440px;overflow-x:hidden;overflow-y:auto}
            .cell{position:relative;display:flex;align-items:center;justify-content:center;width:var(--cell);height:var(--cell);border-radius:8px;cursor:grab;touch-action:none}
            .cell:hover{background:var(--cellbg)}.cell img{display:block}
            .cell.changed{box-shadow:inset 0 0 0 2px #ff9f0a}
            .cell-error{background:repeating-linear-gradient(45deg,#ff3b3033 0 6px,transparent 6px 12px);color:#d70015;font-weight:700;font-size:24px}
            .dot{position:absolute;right:3px;top:3px;width:8px;height:8px;border-radius:50%}
            .sev-error.dot,.finding.sev-error .badge{background:#ff3b30}.sev-warning.dot,.finding.sev-warning .badge{background:#ff9f0a}.sev-info.dot,.finding.sev-info .badge{background:#8e8e93}
            .side{flex:1;min-width:0;display:flex;flex-direction:column;gap:16px}
            .cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(460px,1fr));gap:16px}
            .card{background:var(--panel);border:1px solid var(--line);border-left:4px solid #34c759;border-radius:12px;padding:12px 14px}
            .card.sev-error{border-left-color:#ff3b30}.card.sev-warning{border-left-color:#ff9f0a}.card.sev-info{border-left-color:#8e8e93}
            .card.changed{box-shadow:0 0 0 2px #ff9f0a}
            .card h2{font-size:15px;margin:0 0 2px;overflow-wrap:anywhere}.files{margin:0 0 8px;font-size:12px;color:var(--muted)}
            .files a{color:inherit}
            .scenes{display:flex;gap:8px;flex-wrap:wrap;align-items:flex-end;background:var(--chat);padding:8px;border-radius:10px}
            .scene{margin:0;display:flex;flex-direction:column;align-items:center;gap:4px}
            .scene .bubble,.scene .photo{display:flex;align-items:center;justify-content:center;padding:10px;max-width:none;width:auto;height:auto;min-width:60px;min-height:60px}
            .scene img{display:block}
            .scene figcaption{font-size:11px;color:var(--muted)}
            .size{font-size:12px;color:var(--muted);margin:6px 0}
            .error-card{background:#ff3b301a;border:1px solid #ff3b30;border-radius:8px;padding:10px;margin:6px 0}
            .change{border:1px solid #ff9f0a;background:#ff9f0a1a;border-radius:8px;padding:6px 10px;margin:6px 0;font-size:13px}
            .change ul{margin:4px 0 0;padding-left:18px}.change .fixed{color:#248a3d}.change .new{color:#d70015}
            html[data-appearance=dark] .change .fixed{color:#30d158}html[data-appearance=dark] .change .new{color:#ff6961}
            .findings{list-style:none;margin:6px 0 0;padding:0}
            .finding{padding:6px 0;border-top:1px solid var(--line)}
            .badge{display:inline-block;color:#fff;border-radius:4px;padding:0 5px;font-size:11px;text-transform:uppercase}
            .message{margin:2px 0}.hint{margin:0;color:var(--muted)}.hint::before{content:"Hint: ";font-weight:600}
            .clean{color:#248a3d;margin:6px 0}
            .fix{margin-top:8px;border-top:1px solid var(--line);padding-top:6px}.fix h3{font-size:13px;margin:0 0 6px}
            .beforeafter{display:flex;gap:10px;flex-wrap:wrap}.beforeafter figure{margin:0;text-align:center;font-size:11px;color:var(--muted)}
            .beforeafter .photo{width:auto;height:auto;padding:8px;display:flex;align-items:center;justify-content:center}
            .pack-findings:empty{display:none}.pack-findings h2{font-size:15px;margin:0 0 4px}.pack-findings{background:var(--panel);border:1px solid var(--line);border-radius:12px;padding:12px}
            @media (max-width:900px){main{flex-direction:column}.phone{position:static}}
            """
    }

    /// Black or white, whichever reads better on `css` (a `#RRGGBB` colour).
    static func contrastText(_ css: String) -> String {
        let hex = css.hasPrefix("#") ? String(css.dropFirst()) : css
        guard hex.count == 6, let v = Int(hex, radix: 16) else { return "#fff" }
        let r = Double((v >> 16) & 255), g = Double((v >> 8) & 255), b = Double(v & 255)
        return 0.299 * r + 0.587 * g + 0.114 * b > 160 ? "#000" : "#fff"
    }
}
