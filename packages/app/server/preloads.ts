import { Transform, type TransformCallback } from "node:stream";

// React hoists every <link> into <head>, React Router's module preloads included. There a dozen of them compete with
// the page's first paint and its largest image on a slow link; at the end of <body>, next to the scripts that need
// them, they still load in parallel but after the content (docs/decisions/150). The markers are ASCII, so the bytes
// are searched as latin1, where string offsets are byte offsets and no UTF-8 sequence is ever cut.
const HEAD_END = "</head>";
const PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const SCRIPTS_MARKER = "window.__reactRouterContext = ";

/**
 * Chrome fetches module preloads at High priority, which Lighthouse counts as render-blocking: the page's scripts
 * then delay its first paint in the simulation, and compete with the hero image on a real slow link. Low priority
 * keeps them early and parallel, behind what the page shows.
 */
function lowPriority(link: string): string {
  return /\sfetchpriority=/i.test(link) ? link : link.replace(/^<link\b/, '<link fetchpriority="low"');
}

/** A stream of an HTML document whose module preloads move from <head> to just before React Router's scripts. */
export function preloadsAfterContent(onFinal?: () => void): Transform {
  let state: "head" | "body" | "done" = "head";
  let pending = Buffer.alloc(0);
  let preloads = Buffer.alloc(0);

  function advance(push: (chunk: Buffer) => void) {
    if (state === "head") {
      const text = pending.toString("latin1");
      const end = text.indexOf(HEAD_END);
      if (end === -1) return;
      const head = text.slice(0, end);
      const links = (head.match(PRELOAD) ?? []).map(lowPriority);
      preloads = Buffer.from(links.join(""), "latin1");
      push(Buffer.from(head.replace(PRELOAD, ""), "latin1"));
      pending = pending.subarray(end);
      state = "body";
    }
    if (state === "body") {
      const text = pending.toString("latin1");
      const marker = text.indexOf(SCRIPTS_MARKER);
      if (marker === -1) return;
      const at = text.lastIndexOf("<script", marker);
      push(pending.subarray(0, at));
      push(preloads);
      push(pending.subarray(at));
      pending = Buffer.alloc(0);
      state = "done";
    }
  }

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (state === "done") return callback(null, chunk);
      pending = pending.length ? Buffer.concat([pending, chunk]) : Buffer.from(chunk);
      advance((part) => this.push(part));
      callback();
    },
    // (A `final` option would replace Transform's own, which is what calls `flush`.)
    flush(callback: TransformCallback) {
      onFinal?.();
      if (pending.length) this.push(pending);
      if (state !== "done" && preloads.length) this.push(preloads);
      callback();
    },
  });
}
