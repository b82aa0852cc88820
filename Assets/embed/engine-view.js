// What the terminal reads of a page in the engine (X9, docs/engine.md "The page in the
// terminal"). Injected by liveblog into every document at document start, after inject.js, in
// any page (the reference embed or a --page-url one); it defines the non-enumerable
// window.__liveblogView, which answers in page coordinates (CSS px, the document's top-left):
//  - layout(y0, y1, have): the text runs (consecutive words of one text node on one line box) and the
//    images the engine laid out between page y y0 and y1, as one JSON string (one value over
//    the protocol, cheap to pass). It only reads the layout: nothing of the page changes.
//  - activate(href, y): Enter on a focused link (T2): the page's own link to href nearest to page
//    y y, focused and clicked, so the page's handlers and the engine's navigation run as on a
//    phone; false when the page has no such link.
(() => {
  "use strict";
  if (window.__liveblogView) return;
  // The last answer, given again while nothing the terminal sees has changed (DOM mutations,
  // loads and errors, the root's size, the viewport, fonts, scrolling, running animations) and
  // it covers the range asked for; its range goes with it.
  // `version` counts those changes: the terminal's pixel tiles (X9) of an older version are stale.
  // In real time (`view`) liveblog adds the binding __liveblogViewChanged: it hears of a change
  // (once per task at most) and reads the layout and the posts' boxes again only then.
  const notify = window.__liveblogViewChanged;
  try { delete window.__liveblogViewChanged; } catch (e) { /* kept */ }
  let last = null;
  let version = 0;
  let notifying = false;
  const changed = () => {
    last = null;
    version += 1;
    if (typeof notify !== "function" || notifying) return;
    notifying = true;
    setTimeout(() => { notifying = false; notify(String(version)); }, 0);
  };
  new MutationObserver(changed).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
  for (const type of ["load", "error", "resize", "scroll", "transitionend", "animationend"]) {
    window.addEventListener(type, changed, true);
  }
  // An image's or an iframe's load and error reach the document, not the window.
  for (const type of ["load", "error"]) document.addEventListener(type, changed, true);
  // At document start there may be no root element yet: its size is watched once there is.
  const watchRoot = () => {
    if (window.ResizeObserver && document.documentElement) new ResizeObserver(changed).observe(document.documentElement);
  };
  if (document.documentElement) watchRoot(); else document.addEventListener("DOMContentLoaded", watchRoot);
  if (document.fonts && document.fonts.addEventListener) document.fonts.addEventListener("loadingdone", changed);
  const BOLD = 1, ITALIC = 2, LINK = 4, DIM = 8, HEADING = 16, UNDERLINE = 32;

  // A grey text colour (the page's secondary text) is dim in the terminal.
  function isDim(color) {
    const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(color);
    if (!m) return false;
    const [r, g, b] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const spread = Math.max(r, g, b) - Math.min(r, g, b);
    const light = (r + g + b) / 3;
    return spread < 24 && light >= 80 && light <= 190;
  }

  function flagsOf(element) {
    const s = getComputedStyle(element);
    let f = 0;
    if (Number(s.fontWeight) >= 600) f |= BOLD;
    if (s.fontStyle === "italic" || s.fontStyle === "oblique") f |= ITALIC;
    if (isDim(s.color)) f |= DIM;
    if (/^H[1-6]$/.test(element.tagName) || element.closest("h1,h2,h3,h4,h5,h6")) f |= HEADING;
    if (s.textDecorationLine && s.textDecorationLine.includes("underline")) f |= UNDERLINE;
    return f;
  }

  function visible(element) {
    const s = getComputedStyle(element);
    return s.visibility !== "hidden" && s.display !== "none" && Number(s.opacity) > 0;
  }

  // The runs of one text node: consecutive words on one line box, with the run's rect.
  function textRuns(node, y0, y1, scrollX, scrollY, out, style) {
    const text = node.data;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = range.getClientRects();
    if (rects.length === 0) return;
    const words = [];
    const re = /\S+/g;
    let m;
    if (rects.length === 1) {
      let r = rects[0];
      const top = r.top + scrollY;
      if (top + r.height < y0 || top > y1 || r.width === 0) return;
      const t = text.replace(/\s+/g, " ").trim();
      if (!t) return;
      // The rect of the text without its spaces at either end (they are the gap to the next run).
      const a = text.search(/\S/), b = text.length - text.match(/\s*$/)[0].length;
      if (a > 0 || b < text.length) {
        range.setStart(node, a);
        range.setEnd(node, b);
        r = range.getBoundingClientRect();
      }
      out.push([r.left + scrollX, top, r.width, r.height, t, style.flags, style.href, style.block]);
      return;
    }
    while ((m = re.exec(text)) !== null) words.push([m.index, m.index + m[0].length]);
    let run = null;
    const flush = () => {
      if (!run) return;
      const t = text.slice(run.start, run.end).replace(/\s+/g, " ");
      out.push([run.left, run.top, run.right - run.left, run.height, t, style.flags, style.href, style.block]);
      run = null;
    };
    for (const [a, b] of words) {
      range.setStart(node, a);
      range.setEnd(node, b);
      const r = range.getBoundingClientRect();
      const top = r.top + scrollY;
      if (r.width === 0 && r.height === 0) continue;
      if (top + r.height < y0 || top > y1) {
        flush();
        if (top > y1) break;
        continue;
      }
      if (run && Math.abs(run.top - top) < 0.5 && r.left + scrollX >= run.right - 0.5) {
        run.end = b;
        run.right = r.right + scrollX;
      } else {
        flush();
        run = { start: a, end: b, left: r.left + scrollX, right: r.right + scrollX, top, height: r.height };
      }
    }
    flush();
  }

  // V5: the number of the block a text's lines belong to (its nearest ancestor that is not
  // inline), the same for every run of one paragraph: the terminal keeps its lines together.
  function blockOf(element, blocks) {
    let e = element;
    while (e.parentElement && /^(inline|contents)$/.test(getComputedStyle(e).display)) e = e.parentElement;
    let n = blocks.get(e);
    if (n === undefined) { n = blocks.size; blocks.set(e, n); }
    return n;
  }

  function imageState(e) {
    if (e.tagName === "IMG") {
      if (!e.complete) return 0;
      return e.naturalWidth > 0 ? 1 : 2;
    }
    if (e.tagName === "VIDEO") return e.readyState >= 2 || e.poster ? 1 : 0;
    return 1;
  }

  // `have`: the version of the answer the terminal holds for this range; "same" while it is
  // still true (the terminal keeps what it parsed, nothing is sent again).
  function layout(y0, y1, have) {
    const animating = document.getAnimations && document.getAnimations().length > 0;
    if (last && !animating && last.y0 <= y0 && y1 <= last.y1) return have === version ? "same" : last.json;
    const json = read(y0, y1);
    last = { y0, y1, json };
    return json;
  }

  function read(y0, y1) {
    const scrollX = window.scrollX, scrollY = window.scrollY;
    const runs = [];
    const images = [];
    const styles = new Map();
    const blocks = new Map();
    const walker = document.createTreeWalker(document.body || document.documentElement, NodeFilter.SHOW_TEXT);
    const skip = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "TEXTAREA", "OPTION"]);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || skip.has(parent.tagName) || !n.data.trim()) continue;
      const box = parent.getBoundingClientRect();
      const top = box.top + scrollY;
      if (top > y1 || top + box.height < y0) continue;
      let style = styles.get(parent);
      if (!style) {
        if (!visible(parent)) { styles.set(parent, { hidden: true }); continue; }
        const a = parent.closest("a[href]");
        style = { flags: flagsOf(parent) | (a ? LINK : 0), href: a ? a.href : null, block: blockOf(parent, blocks) };
        styles.set(parent, style);
      }
      if (style.hidden) continue;
      textRuns(n, y0, y1, scrollX, scrollY, runs, style);
    }
    for (const e of document.querySelectorAll("img, video, iframe, canvas, svg")) {
      const r = e.getBoundingClientRect();
      const top = r.top + scrollY;
      if (r.width < 1 || r.height < 1 || top > y1 || top + r.height < y0 || !visible(e)) continue;
      const src = e.currentSrc || e.src || "";
      images.push([r.left + scrollX, top, r.width, r.height, imageState(e), e.getAttribute("alt") || "",
                   String(src), e.tagName.toLowerCase(), e.naturalWidth || 0, e.naturalHeight || 0]);
    }
    // V5: an embed the page keeps a box for (the reference embed's [data-embed-id]), with its
    // link: the terminal draws it as one card row naming its site.
    for (const e of document.querySelectorAll("[data-embed-id]")) {
      const r = e.getBoundingClientRect();
      const top = r.top + scrollY;
      if (r.width < 1 || r.height < 1 || top > y1 || top + r.height < y0 || !visible(e)) continue;
      const a = e.querySelector("a[href]");
      images.push([r.left + scrollX, top, r.width, r.height, 1, "", a ? a.href : "", "embed", 0, 0]);
    }
    const root = document.documentElement;
    const bg = getComputedStyle(document.body || root).backgroundColor;
    return JSON.stringify({
      from: y0, to: y1, v: version, h: root.getBoundingClientRect().height, w: root.clientWidth,
      bg: bg === "rgba(0, 0, 0, 0)" ? getComputedStyle(root).backgroundColor : bg, runs, images,
    });
  }

  function activate(href, y) {
    let best = null, distance = Infinity;
    for (const a of document.querySelectorAll("a[href]")) {
      if (a.href !== href) continue;
      const d = Math.abs(a.getBoundingClientRect().top + window.scrollY - y);
      if (d < distance) { best = a; distance = d; }
    }
    if (!best) return false;
    best.focus();
    best.click();
    return true;
  }

  Object.defineProperty(window, "__liveblogView", {
    value: { layout, activate },
    enumerable: false,
  });
})();
