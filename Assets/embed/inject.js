// Injected by liveblog into every page at document start (Page.addScriptToEvaluateOnNewDocument),
// before any script of the page (X5): the app's side of the web view. It
//  - defines the platform's hook shim (iOS: window.webkit.messageHandlers.scrollToSwift.postMessage;
//    Android: tik4Android.tickarooLiveblogScrollTo with exactly three values), or the --hook text;
//  - watches window.tickarooLiveblogScrollTo (an accessor), so every call the page makes is seen
//    with the number of arguments it passed and whether it threw, without changing the
//    function's length (E5);
//  - reports the document's height from a ResizeObserver (E2), the reader input the page saw,
//    links to other origins (E14), and forwards the embed's reports (docs/engine.md);
//  - gives liveblog a driver: navigateToEventId on the page's element, its geometry, removal.
// OPTIONS is replaced by liveblog with a JSON object.
(() => {
  "use strict";
  const options = /*OPTIONS*/{};
  const channel = window[options.channel];
  const bridge = window[options.bridge];
  try { delete window[options.channel]; delete window[options.bridge]; } catch (e) { /* kept */ }
  if (typeof channel !== "function") return;
  const send = (message) => channel(JSON.stringify(message));

  // MARK: a console flood stops here (S6): past 100 lines in 16 ms of the page's time, a line is
  // counted instead of logged, and the count reported once the flood pauses.
  (() => {
    const limit = 100;
    let bucket = -1, used = 0, dropped = 0, reporting = false;
    const report = () => {
      reporting = false;
      if (dropped > 0) send({ k: "console-dropped", n: dropped });
      dropped = 0;
    };
    for (const name of ["log", "info", "warn", "error", "debug", "trace", "dir", "dirxml", "table"]) {
      const original = console[name];
      if (typeof original !== "function") continue;
      console[name] = function (...args) {
        const now = Math.floor(performance.now() / 16);
        if (now !== bucket) { bucket = now; used = 0; }
        if (++used <= limit) return original.apply(this, args);
        dropped++;
        if (!reporting) { reporting = true; setTimeout(report, 16); }
      };
    }
  })();

  // MARK: popups (S5): a single-window web view opens none (WKWebView without a UI delegate
  // returns null from window.open); the attempts are counted and reported once they pause. The
  // engine blocks new windows too (--block-new-web-contents), for an open from another frame.
  (() => {
    let tried = 0, reporting = false;
    const report = () => {
      reporting = false;
      if (tried > 0) send({ k: "popups-blocked", n: tried });
      tried = 0;
    };
    try {
      Object.defineProperty(window, "open", { configurable: false, writable: false, value: function open() {
        tried++;
        if (!reporting) { reporting = true; setTimeout(report, 16); }
        return null;
      } });
    } catch (e) { /* the page's own frame already fixed it */ }
  })();

  // MARK: the hook, watched
  let wrapped;
  let callContext = null;
  // Bridge messages posted during a hook call: sent after the call's own report, so the app
  // hears of a call after liveblog has seen it made.
  let deferred = null;
  const post = (payload) => (deferred ? deferred.push(payload) : bridge(payload));

  const shims = {
    ios(top, info) {
      window.webkit.messageHandlers.scrollToSwift.postMessage({
        "top": top, "correction": !!(info && info.correction), "jumpId": (info && info.jumpId) || 0,
      });
    },
    android(top, info) {
      window.tik4Android.tickarooLiveblogScrollTo(top, !!(info && info.correction), info ? info.jumpId : 0);
    },
  };

  function watch(fn) {
    if (typeof fn !== "function") return fn;
    const w = function (...args) {
      const context = callContext;
      callContext = null;
      const info = args[1];
      let threw = true;
      const outer = deferred;
      deferred = [];
      try {
        const result = fn.apply(this, args);
        threw = false;
        if (fn.liveblogForward) fn.liveblogForward(args[0], args[1]);
        return result;
      } finally {
        send({ k: "hook", top: args[0], args: args.length, threw,
          correction: context ? context.correction : !!(info && info.correction),
          jumpId: context ? context.jumpId : (info && typeof info.jumpId === "number" ? info.jumpId : 0) });
        const held = deferred;
        deferred = outer;
        for (const payload of held) post(payload);
      }
    };
    Object.defineProperty(w, "length", { value: fn.length });
    Object.defineProperty(w, "name", { value: fn.name });
    return w;
  }

  Object.defineProperty(window, "tickarooLiveblogScrollTo", {
    configurable: true, enumerable: true,
    get() { return wrapped; },
    set(fn) { wrapped = watch(fn); },
  });

  if (typeof bridge === "function") {
    window.webkit = { messageHandlers: { scrollToSwift: {
      postMessage(body) { post(JSON.stringify({ platform: "ios", body: body === undefined ? null : body })); },
    } } };
    window.tik4Android = {
      // @JavascriptInterface matches a method by its number of arguments; the values convert to
      // (double, boolean, int) as the Java bridge converts them.
      tickarooLiveblogScrollTo(...a) {
        if (a.length !== 3) throw new Error("Method not found");
        const num = (x) => (typeof x === "number" && isFinite(x) ? x : 0);
        post(JSON.stringify({ platform: "android",
          args: [num(a[0]), a[1] === true, Math.trunc(num(a[2])) | 0] }));
      },
    };
  }

  function makeHook(spec) {
    if (!spec) return undefined;
    if (spec.platform) return shims[spec.platform];
    let fn;
    try {
      fn = new Function("return (" + spec.text + "\n)")();
    } catch (error) {
      console.error("the hook given with --hook does not compile: " + String(error));
      return undefined;
    }
    if (typeof fn !== "function") {
      console.error("the hook given with --hook is not a function");
      return undefined;
    }
    if (spec.forward && shims[spec.forward]) fn.liveblogForward = shims[spec.forward];
    return fn;
  }
  window.tickarooLiveblogScrollTo = makeHook(options.hook);

  // MARK: layout (E2), input (E16), links (E14)
  let lastHeight = -1;
  let cause = null;
  const height = () => (document.documentElement ? document.documentElement.getBoundingClientRect().height : 0);
  function checkHeight() {
    const h = height();
    if (h === lastHeight) return;
    lastHeight = h;
    send({ k: "layout", height: h, cause: cause || "page" });
    cause = null;
  }
  function observe() {
    if (!document.documentElement) return false;
    new ResizeObserver(checkHeight).observe(document.documentElement);
    return true;
  }
  if (!observe()) {
    const m = new MutationObserver(() => { if (observe()) m.disconnect(); });
    m.observe(document, { childList: true });
  }
  // An element's load event never reaches the window (its path ends at the document), so the
  // capture listener is the document's (Q21: on window, cause "image" was never reported).
  document.addEventListener("load", (e) => {
    const t = e.target && e.target.tagName;
    if (t === "IMG") cause = "image";
    else if (t === "IFRAME") cause = "embed";
  }, true);
  for (const type of ["touchstart", "touchend", "touchcancel", "mousedown", "wheel", "keydown"]) {
    window.addEventListener(type, () => send({ k: "input", type }), { capture: true, passive: true });
  }
  window.addEventListener("click", (e) => {
    if (e.defaultPrevented) return;
    const a = e.target && e.target.closest ? e.target.closest("a[href]") : null;
    if (!a) return;
    let url;
    try { url = new URL(a.getAttribute("href"), location.href); } catch (err) { return; }
    if (url.host === location.host) return;
    e.preventDefault();
    send({ k: "external", url: url.href, type: "link" });
  });
  window.addEventListener("tickaroo-liveblog:report", (e) => {
    const d = e.detail || {};
    if (d.kind === "call") {
      callContext = { jumpId: d.jumpId, correction: d.correction };
      return;
    }
    if (d.kind === "layout") lastHeight = d.height;
    send(Object.assign({ k: "report" }, d));
  });
  document.addEventListener("tickarooLiveblogInit", () => send({ k: "init" }), true);

  // MARK: the panels' marks (L7), read again only after the DOM changed
  let marksDirty = true;
  new MutationObserver(() => { marksDirty = true; })
    .observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const squash = (s) => String(s || "").replace(/\s+/g, " ").trim().slice(0, 200);
  const badSelectors = new Set();
  function hit(e, selector) {
    if (!selector) return null;
    try {
      return e.matches(selector) ? e : e.querySelector(selector);
    } catch (error) {
      if (!badSelectors.has(selector)) console.error("not a CSS selector: " + selector);
      badSelectors.add(selector);
      return null;
    }
  }
  function marksOf(e) {
    const h = hit(e, options.highlightSelector);
    const c = hit(e, options.chapterSelector);
    const s = hit(e, options.scorerSelector);
    if (!h && !c && !s) return null;
    const heading = e.querySelector("h1, h2, h3, h4, h5, h6, p");
    const time = e.querySelector("time[datetime]");
    return {
      h: h ? (h.getAttribute("data-highlight") || e.getAttribute("data-highlight") || "") : null,
      c: c ? squash(c.textContent) : null,
      s: s ? squash(s.textContent) : null,
      text: squash((heading || e).textContent),
      time: time ? time.getAttribute("datetime") : null,
    };
  }

  // MARK: the driver liveblog calls through Runtime.evaluate
  const element = () => document.querySelector(options.elementSelector);
  // The page's own functions may be replaced by its scripts; the flush keeps the originals.
  const animationFrame = window.requestAnimationFrame.bind(window);
  const Observer = window.ResizeObserver;
  let flush = null, flushed = 0, cancelled = -1;
  const driver = {
    navigate(id, topOffset) {
      const el = element();
      if (!el || typeof el.navigateToEventId !== "function") {
        console.error("navigateToEventId(" + id + "): no " + options.elementSelector + " element on the page");
        return send({ k: "navResult", id, found: false });
      }
      const args = typeof topOffset === "number" ? [id, topOffset] : [id];
      Promise.resolve(el.navigateToEventId(...args)).then(
        (r) => send({ k: "navResult", id, found: r !== false }),
        (error) => {
          console.error("navigateToEventId(" + id + ") failed: " + String(error));
          send({ k: "navResult", id, found: false });
        });
    },
    setHook(spec) { window.tickarooLiveblogScrollTo = makeHook(spec); },
    hookLength() { return typeof wrapped === "function" ? wrapped.length : -1; },
    remove() { const el = element(); if (el) el.remove(); },
    insertAtTop(posts) { const el = element(); if (el && el.insertAtTop) el.insertAtTop(posts); },
    // The flush that ends a frame in virtual time (EnginePage.stepVirtual): the posts' boxes
    // read once the frame is drawn, or "same" when they are the ones read last (Q20: no value
    // to pass or parse in most frames).
    // The flush armed ahead (B12): a promise settled by a resize observer created in the next
    // animation frame, so the last one of the frame (after the page's animation frames, layout
    // and its own observers; a task would wait for virtual time, paused then); the engine sends `awaitFlush(n)` with its begin frame and saves a round trip. `n` counts the
    // frames since the page began; one the page did not expect is "unarmed" (the engine flushes
    // the old way then).
    armFlush() {
      if (!flush) {
        let settle;
        flush = new Promise((resolve) => { settle = resolve; });
        animationFrame(() => {
          const observer = new Observer(() => {
            observer.disconnect();
            flushed++; flush = null; driver.armFlush(); settle();
          });
          observer.observe(document.documentElement);
        });
      }
      return flushed;
    },
    awaitFlush(n) {
      if (n === flushed) return driver.frameGeometry();
      if (!flush || n !== flushed + 1) return "unarmed";
      return flush.then(() => (cancelled === n ? "cancelled" : driver.frameGeometry()));
    },
    // The engine's barrier when the frame ended without the flush settling: a later settling
    // reads nothing (the engine flushes that frame the old way).
    cancelFlush(n) { cancelled = n; },
    frameGeometry() {
      const before = lastGeometry;
      const g = driver.geometry();
      return g === before ? "same" : g;
    },
    geometry() {
      lastGeometry = driver.geometryText();
      return lastGeometry;
    },
    geometryText() {
      const posts = [];
      const y = window.scrollY;
      const marks = marksDirty ? Object.create(null) : undefined;
      marksDirty = false;
      for (const e of document.querySelectorAll(options.postSelector)) {
        const r = e.getBoundingClientRect();
        const id = e.getAttribute(options.postIdAttribute);
        posts.push([id, r.top + y, r.height]);
        if (marks && id !== null && !(id in marks)) {
          const m = marksOf(e);
          if (m) marks[id] = m;
        }
      }
      return JSON.stringify({ height: height(), scrollY: y, posts, marks });
    },
    // A web view that scrolls itself (M2, M3): the app's list moved it; nothing is reported.
    scrollTo(y) { if (Math.abs(window.scrollY - y) > 0.01) window.scrollTo(0, y); },
  };
  let lastGeometry = null;
  Object.freeze(driver);
  Object.defineProperty(window, "__liveblogDriver", { value: driver, enumerable: false });
})();
