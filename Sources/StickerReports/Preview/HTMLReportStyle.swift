import StickerCore
import StickerEncoding
import StickerRules

/// The report's stylesheet and its one small script (filters only; content never needs it).
enum HTMLReportStyle {
    static let css = """
        :root{color-scheme:light;--ink:#1b1b1f;--muted:#4a4a55;--line:#d4d4dc;--err:#b3261e;--warn:#8a5300;--info:#1a5fb4}
        *{box-sizing:border-box}
        body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:#f6f6f9}
        header.top{padding:16px 20px;background:#fff;border-bottom:1px solid var(--line)}
        h1{margin:0 0 4px;font-size:1.5rem} h2{font-size:1.15rem;margin:0 0 8px} h3{margin:0 0 8px;font-size:1.05rem;word-break:break-word}
        .summary{font-weight:600;margin:4px 0}.meta{color:var(--muted);margin:0 0 8px}
        main{padding:16px 20px;max-width:1280px;margin:0 auto}
        section{margin-bottom:24px}
        .filters{display:flex;flex-wrap:wrap;gap:12px;align-items:center}
        .filters label{max-width:100%}.filters select{max-width:100%}
        .filters fieldset{border:1px solid var(--line);border-radius:8px;padding:4px 10px;display:flex;gap:10px;flex-wrap:wrap}
        .drawer{display:grid;grid-template-columns:repeat(var(--cols),var(--cell));gap:8px;padding:12px;background:#fff;border:1px solid var(--line);border-radius:14px;width:max-content;max-width:100%;overflow-x:auto}
        .drawer .cell{position:relative;display:flex;align-items:center;justify-content:center;width:var(--cell);height:var(--cell);border-radius:10px;background:#f0f0f4}
        .drawer img{max-width:100%;max-height:100%}
        .drawer.store .cell{background:transparent}
        .dot{position:absolute;top:4px;right:4px;width:10px;height:10px;border-radius:50%;border:1px solid #fff}
        .dot.sev-error{background:var(--err)}.dot.sev-warning{background:var(--warn)}.dot.sev-info{background:var(--info)}
        .card{background:#fff;border:1px solid var(--line);border-left:6px solid #2e7d32;border-radius:10px;padding:14px;margin-bottom:16px}
        .card.sev-error{border-left-color:var(--err)}.card.sev-warning{border-left-color:var(--warn)}.card.sev-info{border-left-color:var(--info)}
        .stage,.scales{display:flex;flex-wrap:wrap;align-items:flex-start;gap:8px;margin-bottom:10px}
        .scales{overflow-x:auto}
        figure{margin:0;padding:10px;border-radius:10px;display:flex;flex-direction:column;align-items:center;justify-content:center;min-width:96px}
        figcaption{font-size:.8rem;margin-top:6px;padding:1px 6px;border-radius:4px;background:rgba(255,255,255,.9);color:#1b1b1f}
        .bg-dark{background:#000}.bg-light{background:#fff;border:1px solid var(--line)}
        .bg-checkerboard{background-color:#fff;background-image:linear-gradient(45deg,#c8c8d0 25%,transparent 25%,transparent 75%,#c8c8d0 75%),linear-gradient(45deg,#c8c8d0 25%,transparent 25%,transparent 75%,#c8c8d0 75%);background-size:16px 16px;background-position:0 0,8px 8px}
        .bg-bubble{background:#0b84ff}
        .bg-photo{background:radial-gradient(circle at 20% 30%,#f9d976 0,transparent 40%),radial-gradient(circle at 80% 20%,#4facfe 0,transparent 45%),radial-gradient(circle at 60% 80%,#43e97b 0,transparent 40%),radial-gradient(circle at 30% 85%,#fa709a 0,transparent 35%),linear-gradient(135deg,#2b5876,#8e5e3c 50%,#4e4376)}
        .pic{display:inline-block;background-size:100% 100%;background-repeat:no-repeat}
        .stack{position:relative;display:inline-block}.stack>*{position:absolute;left:0;top:0}.stack img.mark{mix-blend-mode:normal}
        .facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 10px}
        .facts dt{color:var(--muted)}.facts dd{margin:0;word-break:break-word}
        .findings{list-style:none;padding:0;margin:0}
        .finding{border-top:1px solid var(--line);padding:8px 0}
        .finding .message{margin:4px 0 2px}.finding .hint{margin:0;color:var(--muted)}
        .badge{display:inline-block;font-size:.75rem;font-weight:700;text-transform:uppercase;padding:1px 6px;border-radius:4px;color:#fff}
        .sev-error .badge{background:var(--err)}.sev-warning .badge{background:var(--warn)}.sev-info .badge{background:var(--info)}
        .clean{color:#2e7d32;font-weight:600}.missing{color:var(--muted)}
        code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em}
        .hidden-by-filter{display:none}
        @media (max-width:600px){main,header.top{padding:10px}figure{min-width:0;padding:6px}}
        """

    /// The page's opening through `</head>`: doctype, charset, viewport, `title` (escaped) and `style`.
    static func documentStart(title: String, style: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(MarkupText.html(title))</title>
        <style>\(style)</style>
        </head>

        """
    }

    static let filterScript = """
        (function(){var f=document.getElementById('filters');if(!f)return;f.hidden=false;
        function apply(){var sev=[].slice.call(f.querySelectorAll('input[name=severity]:checked')).map(function(i){return i.value});
        var rule=f.querySelector('select[name=rule]').value;
        document.querySelectorAll('article.card').forEach(function(c){
        var ok=sev.indexOf(c.dataset.severity)>=0&&(!rule||(' '+c.dataset.rules+' ').indexOf(' '+rule+' ')>=0);
        c.classList.toggle('hidden-by-filter',!ok);});}
        f.addEventListener('change',apply);apply();})();
        """
}
