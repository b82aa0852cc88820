// The reference embed, part 3 of 3: the <tickaroo-liveblog> element (X3, E1–E4, E11, E14, L8).
// It shows the liveblog liveblog serves it (the first page inline, older pages from
// /data/page-N.json, embeds' heights from /embed/ID.json), answers navigateToEventId with a
// Promise of true (found) or false, follows #tickaroo_event_id= at start and on hashchange, and
// reports what the trace needs through LiveblogReport (docs/engine.md).
"use strict";

(() => {
  const report = window.LiveblogReport;
  const mediaSites = ["youtube.com", "youtu.be", "youtube-nocookie.com", "vimeo.com", "dailymotion.com",
    "dai.ly", "twitch.tv", "tiktok.com", "soundcloud.com", "mixcloud.com", "streamable.com", "rumble.com"];
  const mediaExtensions = ["mp4", "m4v", "webm", "mkv", "mov", "avi", "ogv", "m3u8", "mpd", "ts", "mp3", "m4a",
    "aac", "ogg", "oga", "opus", "flac", "wav", "m3u", "pls"];
  const fragmentKey = "tickaroo_event_id=";

  function fragmentId(href) {
    const hash = href.indexOf("#");
    if (hash < 0) return null;
    const fragment = href.slice(hash + 1);
    if (!fragment.startsWith(fragmentKey)) return null;
    const raw = fragment.slice(fragmentKey.length).split("&")[0];
    if (!raw) return null;
    try { return decodeURIComponent(raw); } catch (e) { return raw; }
  }

  function isMedia(href) {
    let url;
    try { url = new URL(href, location.href); } catch (e) { return false; }
    const host = url.hostname.toLowerCase().replace(/^www\./, "");
    if (mediaSites.some((s) => host === s || host.endsWith("." + s))) return true;
    const m = /\.([A-Za-z0-9]+)$/.exec(url.pathname);
    return !!m && mediaExtensions.includes(m[1].toLowerCase());
  }

  function documentHeight() { return document.documentElement.getBoundingClientRect().height; }

  // E6: the height of a sticky or fixed header at the top of the page, else 0.
  function stickyHeaderHeight() {
    for (const e of document.body.children) {
      const s = getComputedStyle(e);
      if ((s.position === "sticky" || s.position === "fixed") && parseFloat(s.top) === 0) {
        return e.getBoundingClientRect().height;
      }
    }
    return 0;
  }

  class TickarooLiveblog extends HTMLElement {
    connectedCallback() {
      if (this.started) return;
      this.started = true;
      const config = JSON.parse(document.getElementById(this.dataset.configId).textContent);
      this.config = config;
      this.ids = config.ids.slice();
      this.loaded = 0;
      this.pagesRequested = 0;
      this.pageLoading = false;
      this.pendingNav = null;
      this.arrived = [];
      this.frameRequested = false;
      this.fragment = null;
      this.jumps = new window.LiveblogJumps((id) => this.postElement(id), () => this.requestFrame());
      // E9: a reloaded page's jumpIds go on from the old page's.
      if (config.firstJumpId > 1) this.jumps.nextJumpId = config.firstJumpId;
      this.live = this.checkOrigin();
      this.build();
      this.listen();
      report("ready", { initialized: this.live, protocol: 1 });
      this.dispatchEvent(new CustomEvent("tickarooLiveblogInit", { bubbles: true }));
      this.lastHeight = documentHeight();
      // E4: the fragment is read when the liveblog initializes.
      if (this.live) this.setFragment(fragmentId(location.href));
    }

    disconnectedCallback() {
      if (!this.live) return;
      this.live = false;
      this.pendingNav = null;
      this.jumps.endHold("removed");
      this.layoutChanged("removed");
    }

    // E14: the page's origin must be one of the enabled domains.
    checkOrigin() {
      const origin = (this.config.origin || location.hostname).toLowerCase();
      const domains = this.config.enabledDomains || [origin];
      if (domains.some((d) => d.toLowerCase() === origin)) return true;
      this.initError = "the page's origin " + origin + " is not one of the enabled domains (" +
        domains.join(", ") + "): the liveblog does not initialize";
      console.error(this.initError);
      return false;
    }

    build() {
      this.textContent = "";
      this.appendChild(window.LiveblogRender.header(this.config.liveblog, this.live ? null : this.initError));
      this.postsBox = window.LiveblogRender.el("div", "lb-posts");
      this.footer = window.LiveblogRender.el("div", "lb-footer");
      this.appendChild(this.postsBox);
      this.appendChild(this.footer);
      if (this.live) this.append(this.config.firstPage);
      this.updateFooter();
    }

    renderHooks() {
      return {
        maxImageHeight: this.config.maxImageHeight || 0,
        mediaLoaded: () => this.layoutChanged("image"),
        mediaFailed: (id) => {
          console.warn("image " + id + " failed to load");
          this.layoutChanged("image");
        },
        embedCreated: (block, box) => this.loadEmbed(block, box),
      };
    }

    append(posts) {
      const hooks = this.renderHooks();
      for (const p of posts) this.postsBox.appendChild(window.LiveblogRender.post(p, hooks));
      this.loaded += posts.length;
    }

    postElement(id) {
      if (!this.live) return null;
      for (const a of this.postsBox.children) if (a.dataset.postId === id) return a;
      return null;
    }

    get remaining() { return Math.max(0, this.ids.length - this.loaded); }

    updateFooter() {
      this.footer.textContent = "";
      if (!this.live || this.remaining === 0) return;
      const b = window.LiveblogRender.el("button", "load-more",
        this.pageLoading ? "Loading…" : "Load more (" + this.remaining + ")");
      b.addEventListener("click", () => this.requestMorePosts());
      this.footer.appendChild(b);
    }

    // E2: a change of the content height, with its cause, as it happens.
    layoutChanged(cause) {
      const h = documentHeight();
      if (h === this.lastHeight) return;
      this.lastHeight = h;
      report("layout", { height: h, cause });
    }

    listen() {
      // E11, E16: reader input inside the page ends a held jump.
      for (const type of ["touchstart", "mousedown", "wheel", "keydown"]) {
        window.addEventListener(type, () => this.jumps.endHold("input"), { capture: true, passive: true });
      }
      window.addEventListener("hashchange", () => this.setFragment(fragmentId(location.href)));
      window.addEventListener("resize", () => this.layoutChanged("resize"));
      this.addEventListener("click", (e) => this.click(e));
    }

    // MARK: loading (L6, L8)

    fetchJSON(url, apply) {
      fetch(url, { cache: "no-store" })
        .then((r) => (r.ok ? r.json() : Promise.reject(new Error("HTTP " + r.status))))
        .then((json) => {
          report("received", { url });
          this.arrived.push(() => apply(json));
          this.requestFrame();
        }, (error) => {
          report("received", { url });
          console.warn(url + " failed to load: " + error.message);
          this.arrived.push(() => apply(null));
          this.requestFrame();
        });
    }

    loadEmbed(block, box) {
      this.fetchJSON(block.src, (json) => {
        if (!this.live || !json) return;
        // L6: a declared oEmbed height stays; else the embed settles at the height it reports.
        if (Number(box.dataset.declaredHeight) > 0) return;
        box.style.height = json.height + "px";
        this.layoutChanged("embed");
      });
    }

    requestMorePosts() {
      if (!this.live || this.remaining === 0 || this.pageLoading) return;
      this.pageLoading = true;
      this.pagesRequested += 1;
      const after = this.ids[this.loaded - 1] || "";
      const url = this.config.pagesURL.replace("{n}", String(this.pagesRequested)) +
        "?after=" + encodeURIComponent(after) + "&count=" + this.config.pageSize;
      this.updateFooter();
      this.fetchJSON(url, (json) => this.pageArrived(json ? json.posts : []));
    }

    pageArrived(posts) {
      if (!this.live) return;
      this.pageLoading = false;
      this.append(posts);
      this.updateFooter();
      this.layoutChanged("page");
      const p = this.pendingNav;
      if (!p) return;
      if (this.postElement(p.id)) {
        this.pendingNav = null;
        this.navigate(p.id, p.topOffset, p.via).then(p.resolve);
      } else if (posts.length === 0) {
        this.pendingNav = null;
        this.notFound(p.id, p.via, p.resolve);
      } else {
        this.requestMorePosts();
      }
    }

    // One animation frame: fetched data is applied first (so its effect lands on a frame
    // boundary, X7), then the held jump looks at the layout (E10).
    requestFrame() {
      if (this.frameRequested) return;
      this.frameRequested = true;
      requestAnimationFrame(() => {
        this.frameRequested = false;
        const work = this.arrived;
        this.arrived = [];
        for (const apply of work) apply();
        this.jumps.frame();
      });
    }

    // MARK: live posts (L8)

    insertAtTop(posts) {
      if (!this.live || posts.length === 0) return;
      const hooks = this.renderHooks();
      const first = this.postsBox.firstChild;
      for (const p of posts) this.postsBox.insertBefore(window.LiveblogRender.post(p, hooks), first);
      this.ids = posts.map((p) => p.id).concat(this.ids);
      this.loaded += posts.length;
      this.layoutChanged("live");
    }

    // MARK: navigation (E3, E4, E14)

    navigateToEventId(id, topOffset) { return this.navigate(String(id), topOffset, "api"); }

    navigate(id, topOffset, via) {
      return new Promise((resolve) => {
        if (!this.live) {
          console.error("navigateToEventId(" + id + "): the liveblog is not initialized");
          return this.notFound(id, via, resolve);
        }
        if (this.postElement(id)) {
          this.pendingNav = null;
          report("nav", { id, result: "found", via });
          const offset = typeof topOffset === "number" ? topOffset : stickyHeaderHeight();
          this.jumps.start(id, offset);
          return resolve(true);
        }
        const index = this.ids.indexOf(id);
        if (index < 0) {
          console.warn("post " + id + " not found");
          return this.notFound(id, via, resolve);
        }
        const beyond = index - this.loaded + 1;
        const limit = this.config.deepLinkLimit || 0;
        if (limit === 0 || beyond <= limit) {
          if (this.pendingNav) this.pendingNav.resolve(false);
          this.pendingNav = { id, topOffset, via, resolve };
          console.info("loading older posts to reach " + id);
          return this.requestMorePosts();
        }
        console.warn("post " + id + " is " + beyond + (beyond === 1 ? " post" : " posts") +
          " beyond the loaded ones (deepLinkLimit " + limit + "): not found");
        this.notFound(id, via, resolve);
      });
    }

    notFound(id, via, resolve) {
      report("nav", { id, result: "not-found", via });
      resolve(false);
    }

    // E4: a fragment jumps only to a post the page can find, and reports nothing back.
    setFragment(id) {
      if (!id || id === this.fragment) return;
      this.fragment = id;
      if (!this.live) return;
      if (this.ids.includes(id)) this.navigate(id, undefined, "fragment");
      else console.warn("fragment #" + fragmentKey + id + ": no such post");
    }

    // E14: links to posts jump, other origins go to the app, video and audio to its player.
    click(e) {
      const a = e.target.closest ? e.target.closest("a[href]") : null;
      if (!a) return;
      const href = a.getAttribute("href");
      e.preventDefault();
      if (isMedia(href)) {
        console.info("media handed to the app: " + href);
        return report("external", { url: href, type: "media" });
      }
      const origin = (this.config.origin || location.hostname).toLowerCase();
      let host = null;
      try { host = new URL(href).hostname.toLowerCase(); } catch (err) { host = null; }
      const id = fragmentId(href);
      if (id && (href.startsWith("#") || host === origin)) {
        this.fragment = id;
        history.replaceState(null, "", "#" + fragmentKey + encodeURIComponent(id));
        if (this.ids.includes(id)) this.navigate(id, undefined, "link");
        else console.warn("link to post " + id + ": no such post");
      } else if (host && host !== origin) {
        console.info("external link handed to the app: " + href);
        report("external", { url: href, type: "link" });
      } else {
        console.warn("navigation to " + href + " blocked: not a post of this liveblog");
      }
    }
  }

  customElements.define("tickaroo-liveblog", TickarooLiveblog);
})();
