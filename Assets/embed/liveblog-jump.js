// The reference embed, part 2 of 3: the jump protocol of SPEC section 2 (E5–E13) in JavaScript.
// A held jump is checked once per animation frame (requestAnimationFrame); its 10 s and the
// one-parameter hook's 1 s idle are timers. What the trace needs and a page cannot show
// otherwise (hold ends, the context of a hook call) is reported through the documented channel:
// a "tickaroo-liveblog:report" CustomEvent on window (docs/engine.md). The hook protocol itself
// needs nothing of it.
"use strict";

window.LiveblogReport = function report(kind, detail) {
  window.dispatchEvent(new CustomEvent("tickaroo-liveblog:report", { detail: Object.assign({ kind }, detail) }));
};

window.LiveblogJumps = class LiveblogJumps {
  // `where(postId)`: the post's element, or null when it is gone. `requestFrame()`: asks the
  // page for an animation frame, in which it calls `frame()` after its own work of the frame.
  constructor(where, requestFrame) {
    this.where = where;
    this.requestFrame = requestFrame;
    this.nextJumpId = 1;
    this.held = null;
    this.tolerance = 5;       // E8, E10
    this.holdMs = 10000;      // E11
    this.idleMs = 1000;       // E11, one-parameter hook
  }

  static hook() {
    const h = window.tickarooLiveblogScrollTo;
    return typeof h === "function" ? h : null;
  }

  // E6: top = page scroll position + the post's top in the page viewport − the top offset.
  topOf(element, topOffset) {
    return window.scrollY + element.getBoundingClientRect().top - topOffset;
  }

  // Starts a jump (E5–E8, E12), ending a held one (E11: new jump).
  start(postId, topOffset) {
    this.endHold("new-jump");
    const element = this.where(postId);
    if (!element) return;
    const jumpId = this.nextJumpId++;
    const hook = LiveblogJumps.hook();
    // E5: presence and arity are decided now, by the function's own length.
    const arity = hook ? (hook.length >= 2 ? 2 : 1) : null;
    const rectTop = element.getBoundingClientRect().top;
    const top = window.scrollY + rectTop - topOffset;
    const h = { jumpId, postId, topOffset, arity, lastSent: top, timer: 0, idle: 0 };
    this.held = h;
    h.timer = setTimeout(() => this.endHold("timeout"), this.holdMs);
    this.requestFrame();
    if (arity === null) {
      // E12: no hook, the page scrolls itself (nothing moves in a content-sized web view).
      window.scrollTo(0, top);
      return;
    }
    if (arity === 1) this.armIdle();
    // E8: a one-parameter hook's jump call is skipped when the post is already in place.
    if (arity === 1 && Math.abs(rectTop - topOffset) <= this.tolerance) return;
    this.call(top, false);
  }

  armIdle() {
    const h = this.held;
    clearTimeout(h.idle);
    h.idle = setTimeout(() => this.endHold("idle"), this.idleMs);
  }

  // A call of the hook (E7, E8, E10, E13): the shape decided at jump start.
  call(top, correction) {
    const h = this.held;
    const hook = LiveblogJumps.hook();
    window.LiveblogReport("call", { jumpId: h.jumpId, correction });
    try {
      if (h.arity === 2) hook(top, { correction, jumpId: h.jumpId });
      else hook(top);
    } catch (error) {
      // E13: the error goes to the console; the hold goes on.
      console.error("Uncaught " + String(error) + " (in window.tickarooLiveblogScrollTo, jump " + h.jumpId + ")");
    }
    if (h.arity === 1 && this.held === h) this.armIdle();
  }

  // One animation frame of the held jump (E10–E12): at most one call.
  frame() {
    const h = this.held;
    if (!h) return;
    this.requestFrame();
    const element = this.where(h.postId);
    if (!element) return this.endHold("removed");
    const hook = LiveblogJumps.hook();
    const top = this.topOf(element, h.topOffset);
    if (h.arity === null) {
      // E12: a hook defined while a hook-less jump is held receives it as a new jump.
      if (hook) return this.start(h.postId, h.topOffset);
      if (Math.abs(window.scrollY - top) > 0.5) window.scrollTo(0, top);
      return;
    }
    if (!hook) return this.endHold("hook-removed");
    if (Math.abs(top - h.lastSent) <= this.tolerance) return;
    h.lastSent = top;
    this.call(top, true);
  }

  // Ends the held jump (E11); nothing is reported after it.
  endHold(reason) {
    const h = this.held;
    if (!h) return;
    this.held = null;
    clearTimeout(h.timer);
    clearTimeout(h.idle);
    window.LiveblogReport("hold-end", { jumpId: h.jumpId, reason });
    console.info("jump " + h.jumpId + " to " + h.postId + ": hold ended (" + reason + ")");
  }
};
