// The reference embed, part 1 of 3: a post as DOM (X3, L1, L5, L6). Written for this project;
// no framework. `LiveblogRender.post(json, hooks)` builds one <article>; media with a declared
// size reserve their box through the width and height attributes, images without one are a
// one-line placeholder until they load, embeds a placeholder of their oEmbed height or 150 px.
"use strict";

window.LiveblogRender = (() => {
  const badges = { sticky: "Pinned", inplace: "Highlight", milestone: "Milestone" };

  function el(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // Text runs: bold, italic, links; "\n" is a line break.
  function runs(container, list) {
    for (const r of list || []) {
      let node = document.createDocumentFragment();
      const parts = String(r.text).split("\n");
      parts.forEach((p, i) => {
        if (i > 0) node.appendChild(document.createElement("br"));
        if (p) node.appendChild(document.createTextNode(p));
      });
      if (r.b) { const b = el("b"); b.appendChild(node); node = b; }
      if (r.i) { const i = el("i"); i.appendChild(node); node = i; }
      if (r.href) { const a = el("a"); a.href = r.href; a.appendChild(node); node = a; }
      container.appendChild(node);
    }
    return container;
  }

  function image(item, hooks) {
    const figure = el("figure", item.kind === "v" ? "media video" : "media");
    const img = document.createElement("img");
    img.alt = item.alt || "";
    img.dataset.mediaId = item.id;
    if (item.width > 0 && item.height > 0) {
      img.width = Math.round(item.width);
      img.height = Math.round(item.height);
      // Non-integer declared sizes keep their exact ratio.
      img.style.aspectRatio = item.width + " / " + item.height;
    } else {
      img.className = "unsized";
    }
    if (hooks.maxImageHeight > 0) {
      img.style.maxHeight = hooks.maxImageHeight + "px";
      img.style.objectFit = "contain";
    }
    img.addEventListener("load", () => hooks.mediaLoaded(item.id, img));
    img.addEventListener("error", () => hooks.mediaFailed(item.id, img));
    img.src = item.src;
    figure.appendChild(img);
    return figure;
  }

  function embed(block, hooks) {
    const box = el("div", "embed");
    box.dataset.embedId = block.id;
    const declared = block.height > 0 ? block.height : 0;
    box.dataset.declaredHeight = String(declared);
    box.style.height = (declared || 150) + "px";
    const link = el("a", "", block.url);
    link.href = block.url;
    box.appendChild(link);
    hooks.embedCreated(block, box);
    return box;
  }

  function block(b, hooks) {
    switch (b.type) {
      case "text": return runs(el("div", "post-text"), b.runs);
      case "media": {
        const d = document.createDocumentFragment();
        for (const item of b.items) d.appendChild(image(item, hooks));
        return d;
      }
      case "embed": return embed(b, hooks);
      case "quote": {
        const q = el("blockquote", "post-quote");
        runs(q, b.runs);
        if (b.author) q.appendChild(el("cite", "", b.author));
        return q;
      }
      case "emoji": return el("div", "post-emoji", b.text);
      default: return el("div", "post-unknown", "[" + (b.name || "unknown") + "]");
    }
  }

  // One post; the attribute data-post-id marks it for the engine and the jump protocol.
  function post(p, hooks) {
    const a = el("article", "post");
    a.dataset.postId = p.id;
    a.id = "post-" + p.id;
    const meta = el("div", "post-meta", p.time || "");
    // The panels' marks (L7), read from the DOM by liveblog (--highlight-selector and the
    // others): data-highlight on a highlighted post, data-event-type on its sport line.
    if (badges[p.highlight]) {
      a.dataset.highlight = p.highlight;
      meta.appendChild(el("span", "post-badge", badges[p.highlight]));
    }
    a.appendChild(meta);
    if (p.headline) a.appendChild(el("h2", "post-headline", p.headline));
    if (p.sport) {
      const sport = el("div", "post-sport", p.sport);
      if (p.sportType) sport.dataset.eventType = p.sportType;
      a.appendChild(sport);
    }
    for (const b of p.blocks || []) a.appendChild(block(b, hooks));
    return a;
  }

  function header(liveblog, notice) {
    const d = document.createDocumentFragment();
    if (notice) {
      d.appendChild(el("p", "lb-notice", notice));
      return d;
    }
    d.appendChild(el("h1", "lb-title", liveblog.title));
    const s = liveblog.scoreboard;
    if (s) d.appendChild(el("div", "lb-scoreboard", `${s.home} ${s.homeScore} – ${s.awayScore} ${s.away}`));
    d.appendChild(el("hr", "lb-rule"));
    return d;
  }

  return { post, header, el };
})();
