/// The page's script: follows the server's event stream and replaces only what changed (the page is
/// never reloaded, so the scroll position and the placed stickers stay), switches the appearance,
/// fetches the fix previews, and lets a sticker be dragged from the drawer onto a bubble or the
/// photo, then moved, scaled and rotated. It runs under the page's Content-Security-Policy nonce;
/// it inserts only markup the server escaped.
enum ServePageScript {
    static let source = #"""
    (() => {
      "use strict";
      const $ = (s, r = document) => r.querySelector(s), $$ = (s, r = document) => Array.from(r.querySelectorAll(s));
      const root = document.documentElement, body = document.body;
      const state = { version: Number(body.dataset.version) || 0, updates: 0, selected: null, fixes: new Map() };
      window.__serve = state;

      function setAppearance(a) {
        root.dataset.appearance = a;
        $$(".appearance button").forEach(b => b.setAttribute("aria-pressed", String(b.dataset.appearance === a)));
        try { localStorage.setItem("stickerforge-appearance", a); } catch (e) {}
      }
      $$(".appearance button").forEach(b => b.addEventListener("click", () => setAppearance(b.dataset.appearance)));
      try { const a = localStorage.getItem("stickerforge-appearance"); if (a) setAppearance(a); } catch (e) {}

      function fromHTML(html) { const t = document.createElement("template"); t.innerHTML = html; return t.content.firstElementChild; }

      function apply(u) {
        if (u.version <= state.version) return;
        state.version = u.version; body.dataset.version = String(u.version);
        $("#summary").textContent = u.summary;
        const problem = $("#problem"); problem.textContent = u.problem; problem.hidden = !u.problem;
        const drawer = $("#drawer");
        if (drawer.dataset.html !== u.drawer) { drawer.innerHTML = u.drawer; drawer.dataset.html = u.drawer; }
        const cards = $("#cards"), keep = new Set(u.cards.map(c => c.id));
        $$(".card", cards).forEach(c => { if (!keep.has(c.id)) c.remove(); });
        let before = null;
        for (let i = u.cards.length - 1; i >= 0; i--) {
          const c = u.cards[i]; let el = document.getElementById(c.id);
          if (!el || el.dataset.hash !== c.hash) {
            const fresh = fromHTML(c.html); fresh.dataset.hash = c.hash;
            if (el) el.replaceWith(fresh); else cards.insertBefore(fresh, before);
            el = fresh;
          } else if (el.nextElementSibling !== before) {
            cards.insertBefore(el, before);
          }
          before = el;
        }
        $("#pack").innerHTML = u.pack;
        // A placed sticker follows its sticker: the new image, or gone with it.
        $$(".placed").forEach(p => {
          const cell = $(`.cell[data-sticker="${p.dataset.sticker}"]`, drawer);
          if (!cell || !cell.dataset.src) { p.remove(); return; }
          const img = $("img", p); if (img.getAttribute("src") !== cell.dataset.src) img.src = cell.dataset.src;
          p.style.width = cell.dataset.w + "px"; p.style.height = cell.dataset.h + "px";
        });
        state.updates++;
        loadFixes();
      }

      function loadFixes() {
        $$(".fix[data-fix]").forEach(sec => {
          if (sec.dataset.loaded) return;
          const url = sec.dataset.fix; sec.dataset.loaded = "1";
          const cached = state.fixes.get(url);
          if (cached !== undefined) { sec.innerHTML = cached; return; }
          fetch(url).then(r => r.ok ? r.text() : Promise.reject(r.status)).then(html => {
            state.fixes.set(url, html);
            $$(".fix[data-fix]").forEach(s => { if (s.dataset.fix === url) s.innerHTML = html; });
          }).catch(() => { sec.querySelector(".pending").textContent = "The fix preview could not be made."; });
        });
      }
      $("#drawer").dataset.html = $("#drawer").innerHTML;
      // The fix previews cost the server seconds each: asked for once the page's own images are in.
      if (document.readyState === "complete") loadFixes(); else window.addEventListener("load", loadFixes);

      document.addEventListener("click", ev => {
        const b = ev.target.closest("button[data-apply]"); if (!b) return;
        b.disabled = true;
        const out = b.parentElement.querySelector(".apply-result");
        fetch("/apply", { method: "POST", headers: { "X-StickerForge-Token": body.dataset.token } })
          .then(r => r.text().then(t => { out.textContent = t; b.disabled = false; }))
          .catch(e => { out.textContent = String(e); b.disabled = false; });
      });

      function connect() {
        const es = new EventSource("/events");
        es.addEventListener("open", () => { const s = $("#status"); s.textContent = "live"; s.className = "status live"; });
        es.addEventListener("update", ev => apply(JSON.parse(ev.data)));
        es.addEventListener("error", () => { const s = $("#status"); s.textContent = "reconnecting"; s.className = "status"; });
      }
      connect();

      // Drag and drop with pointer events (mouse, pen and touch alike).
      const conv = $("#conversation"), tools = $("#tools");
      function select(p) {
        $$(".placed.selected").forEach(x => x.classList.remove("selected"));
        state.selected = p; tools.hidden = !p;
        if (p) { p.classList.add("selected"); $("#scale").value = p.dataset.scale; $("#rotate").value = p.dataset.rot; }
      }
      function transform(p) { p.style.transform = `translate(-50%,-50%) rotate(${p.dataset.rot}deg) scale(${p.dataset.scale})`; }
      function dropTarget(x, y) { const el = document.elementFromPoint(x, y); return el && el.closest("#conversation .drop"); }
      $("#drawer").addEventListener("pointerdown", ev => {
        const cell = ev.target.closest(".cell[data-src]"); if (!cell || ev.button !== 0) return;
        ev.preventDefault();
        const ghost = document.createElement("img");
        ghost.className = "ghost"; ghost.src = cell.dataset.src;
        ghost.style.width = cell.dataset.w + "px"; ghost.style.height = cell.dataset.h + "px";
        const follow = (x, y) => { ghost.style.left = (x - cell.dataset.w / 2) + "px"; ghost.style.top = (y - cell.dataset.h / 2) + "px"; };
        follow(ev.clientX, ev.clientY); document.body.appendChild(ghost);
        let over = null;
        const move = e => {
          follow(e.clientX, e.clientY);
          const t = dropTarget(e.clientX, e.clientY);
          if (t !== over) { if (over) over.classList.remove("over"); over = t; if (over) over.classList.add("over"); }
        };
        const up = e => {
          document.removeEventListener("pointermove", move); document.removeEventListener("pointerup", up);
          ghost.remove(); if (over) over.classList.remove("over");
          const t = dropTarget(e.clientX, e.clientY); if (t) place(cell, t, e.clientX, e.clientY);
        };
        document.addEventListener("pointermove", move); document.addEventListener("pointerup", up);
      });
      function place(cell, target, x, y) {
        const r = conv.getBoundingClientRect();
        const p = document.createElement("div");
        p.className = "placed"; p.dataset.sticker = cell.dataset.sticker; p.dataset.on = target.dataset.drop;
        p.dataset.scale = "1"; p.dataset.rot = "0";
        p.style.left = (x - r.left) + "px"; p.style.top = (y - r.top) + "px";
        p.style.width = cell.dataset.w + "px"; p.style.height = cell.dataset.h + "px";
        const img = document.createElement("img"); img.src = cell.dataset.src; img.alt = cell.title; p.appendChild(img);
        transform(p); conv.appendChild(p); select(p);
      }
      // Without a pointer: Enter or Space on a focused cell places the sticker on the received bubble.
      $("#drawer").addEventListener("keydown", ev => {
        const cell = ev.target.closest(".cell[data-src]"); if (!cell || (ev.key !== "Enter" && ev.key !== " ")) return;
        ev.preventDefault();
        const t = $("#conversation .bubble.received"), b = t.getBoundingClientRect();
        place(cell, t, b.left + b.width / 2, b.top + b.height / 2);
      });
      conv.addEventListener("pointerdown", ev => {
        const p = ev.target.closest(".placed"); select(p); if (!p) return;
        ev.preventDefault();
        const r = conv.getBoundingClientRect();
        const move = e => { p.style.left = (e.clientX - r.left) + "px"; p.style.top = (e.clientY - r.top) + "px"; };
        const up = () => { document.removeEventListener("pointermove", move); document.removeEventListener("pointerup", up); };
        document.addEventListener("pointermove", move); document.addEventListener("pointerup", up);
      });
      conv.addEventListener("wheel", ev => {
        const p = ev.target.closest(".placed"); if (!p) return;
        ev.preventDefault(); select(p);
        if (ev.shiftKey) p.dataset.rot = String((Number(p.dataset.rot) + Math.sign(ev.deltaY) * 5 + 540) % 360 - 180);
        else p.dataset.scale = String(Math.min(2, Math.max(0.5, Number(p.dataset.scale) * (ev.deltaY < 0 ? 1.05 : 1 / 1.05))));
        transform(p); select(p);
      }, { passive: false });
      $("#scale").addEventListener("input", e => { const p = state.selected; if (p) { p.dataset.scale = e.target.value; transform(p); } });
      $("#rotate").addEventListener("input", e => { const p = state.selected; if (p) { p.dataset.rot = e.target.value; transform(p); } });
      $("#remove").addEventListener("click", () => { if (state.selected) { state.selected.remove(); select(null); } });
    })();
    """#
}
