// Injected by liveblog into a WebKit page in `simulate` at document start, before every other
// script (X13, docs/engine.md "X13 — time and the network in WebKit"): the page's clock.
// WebKit has no virtual-time API, so the page's timers (setTimeout, setInterval and their
// clear…), Date (new Date(), Date(), Date.now), performance.now and requestAnimationFrame /
// cancelAnimationFrame are replaced by a clock that moves only when liveblog steps it
// (`__liveblogClock.step(ms, draw, settle)`, once a World frame), as Playwright's and sinon's
// fake clocks do. /*WALL*/ is replaced by Date.now() at the clock's 0, /*HANDLER*/ by the message
// handler it posts DOMContentLoaded and the page's image loads to.
(() => {
  "use strict";
  const handlers = window.webkit && window.webkit.messageHandlers;
  const post = (m) => { try { handlers[/*HANDLER*/"__liveblogClock"].postMessage(m); } catch (e) { /* gone */ } };
  const nativeRaf = window.requestAnimationFrame.bind(window);
  const nativeTimeout = window.setTimeout.bind(window);
  const NativeDate = window.Date, NativeChannel = window.MessageChannel;
  const wall = /*WALL*/0;
  let clock = 0, nextId = 1, seq = 0;
  const timers = new Map();
  let frames = new Map(), running = null;
  const fail = (e) => { if (typeof reportError === "function") reportError(e); else console.error(e); };
  const schedule = (fn, delay, args, repeat) => {
    const id = nextId++;
    let d = Number(delay);
    if (!(d > 0)) d = 0;
    if (typeof fn !== "function") { const text = String(fn); fn = () => (0, eval)(text); }
    timers.set(id, { at: clock + d, seq: seq++, fn, args, every: repeat ? Math.max(d, 4) : 0 });
    return id;
  };
  const define = (target, name, value) => Object.defineProperty(target, name,
    { value, writable: true, configurable: true, enumerable: false });
  define(window, "setTimeout", function setTimeout(fn, delay, ...args) { return schedule(fn, delay, args, false); });
  define(window, "setInterval", function setInterval(fn, delay, ...args) { return schedule(fn, delay, args, true); });
  define(window, "clearTimeout", function clearTimeout(id) { timers.delete(Number(id)); });
  define(window, "clearInterval", function clearInterval(id) { timers.delete(Number(id)); });
  define(window, "requestAnimationFrame", function requestAnimationFrame(fn) {
    const id = nextId++;
    frames.set(id, fn);
    return id;
  });
  define(window, "cancelAnimationFrame", function cancelAnimationFrame(id) {
    frames.delete(Number(id));
    if (running) running.delete(Number(id));
  });
  define(performance, "now", function now() { return clock; });
  function Date(...args) {
    if (!new.target) return new NativeDate(wall + clock).toString();
    return args.length === 0 ? new NativeDate(wall + clock) : new NativeDate(...args);
  }
  Date.prototype = NativeDate.prototype;
  Date.now = function now() { return Math.floor(wall + clock); };
  Date.parse = NativeDate.parse;
  Date.UTC = NativeDate.UTC;
  define(window, "Date", Date);
  // A task of WebKit's own: the page's microtasks have all run when it comes.
  const drain = () => new Promise((resolve) => {
    const c = new NativeChannel();
    c.port1.onmessage = () => resolve();
    c.port2.postMessage(0);
  });
  const due = (to) => {
    let best = null;
    for (const [id, t] of timers) {
      if (t.at <= to && (!best || t.at < best.t.at || (t.at === best.t.at && t.seq < best.t.seq))) best = { id, t };
    }
    return best;
  };
  const step = async (to, draw, settle) => {
    let fired = 0;
    for (let next = due(to); next && fired < 10000; next = due(to)) {
      clock = Math.max(clock, next.t.at);
      if (next.t.every) { next.t.at += next.t.every; next.t.seq = seq++; } else timers.delete(next.id);
      fired++;
      try { next.t.fn.apply(window, next.t.args); } catch (e) { fail(e); }
      await drain();
    }
    clock = Math.max(clock, to);
    if (draw && frames.size > 0) {
      running = frames;
      frames = new Map();
      for (const [id, fn] of running) {
        if (!running.has(id)) continue;
        try { fn(clock); } catch (e) { fail(e); }
      }
      running = null;
      await drain();
    }
    if (settle) await new Promise((resolve) => nativeRaf(() => nativeTimeout(resolve, 0)));
    return fired;
  };
  // The tasks a driver call queued (a hashchange, a message) run before it returns.
  define(window, "__liveblogClock", Object.freeze({ step, drain }));
  // The gate's "the page has it" for an image: its load or error event.
  const watched = new WeakSet();
  const loaded = (img, ok) => post({ k: "image", url: img.src, ok });
  const watch = (img) => {
    if (watched.has(img)) return;
    watched.add(img);
    img.addEventListener("load", () => loaded(img, true));
    img.addEventListener("error", () => loaded(img, false));
  };
  const src = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, "src");
  Object.defineProperty(HTMLImageElement.prototype, "src", { configurable: true, enumerable: src.enumerable,
    get() { return src.get.call(this); }, set(v) { watch(this); src.set.call(this, v); } });
  document.addEventListener("load", (e) => {
    if (e.target instanceof HTMLImageElement && !watched.has(e.target)) loaded(e.target, true);
  }, true);
  document.addEventListener("DOMContentLoaded", () => post({ k: "dcl" }));
})();
