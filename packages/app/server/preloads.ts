// React hoists every <link> into <head>, React Router's module preloads included, and React Router's module script
// starts fetching the page's JavaScript as soon as it is parsed. On a slow link that JavaScript competes with the
// page's own bytes, and Lighthouse charges every script that finished before the largest paint to that paint. Here
// the scripts start once the page has painted (docs/decisions/154): the preloads move into an inert <template> at the
// end of <body>, the module script keeps its place (React hydrates it by tag) under an inert type, and a small loader
// starts both after the first frame and the page's high-priority images. The markers are ASCII, so the bytes are
// searched as latin1, where string offsets are byte offsets and no UTF-8 sequence is ever cut.
const HEAD_END = "</head>";
const PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const SCRIPTS_MARKER = "window.__reactRouterContext = ";
const MODULE_SCRIPT = /<script\b([^>]*?)\stype="module"([^>]*)>/;
const SCRIPT_END = "</script>";
const NONCE = /\bnonce="([^"]*)"/;

/** The type the module script carries until the loader starts it: not JavaScript, so the parser leaves it alone. */
export const DEFERRED_MODULE_TYPE = "text/x-module-after-paint";

/** Upper bound on waiting for high-priority images, so a picture that never arrives cannot keep a page inert. */
const IMAGE_WAIT_MS = 3000;

/**
 * Runs right after the deferred module script and its template of preloads. Once the high-priority images have
 * decoded (or the wait is over) and a frame has been painted, it appends the preloads to <head> and, a task later so
 * that neither is a long task, a live copy of the module script, both with the loader's nonce (the CSP allows nonced and 'strict-dynamic' scripts). A hidden
 * tab paints no frames, so there it starts on a timer.
 */
const LOADER = `(function(){var s=document.currentScript,t=s.previousElementSibling,m=t.previousElementSibling,d=document,h=d.head,n=s.nonce,started=false;function go(){if(started)return;started=true;var f=d.createDocumentFragment();[].forEach.call(t.content.querySelectorAll("link"),function(l){var c=d.createElement("link");c.rel="modulepreload";c.href=l.getAttribute("href");c.nonce=n;f.appendChild(c)});h.appendChild(f);setTimeout(function(){var x=d.createElement("script");x.type="module";x.nonce=n;x.textContent=m.textContent;h.appendChild(x)},0)}function afterPaint(){if(d.visibilityState==="hidden"){setTimeout(go,0)}else{requestAnimationFrame(function(){setTimeout(go,0)})}}var images=[].map.call(d.querySelectorAll('img[fetchpriority="high"]'),function(i){return i.decode().catch(function(){})});setTimeout(go,${IMAGE_WAIT_MS});Promise.all(images).then(afterPaint)})()`;

/** The template of preloads and the loader that follow the deferred module script. */
function loaderBlock(links: string[], nonce: string | null): string {
  const nonceAttr = nonce === null ? "" : ` nonce="${nonce}"`;
  return `<template data-module-preloads="">${links.join("")}</template><script${nonceAttr}>${LOADER}</script>`;
}

/**
 * An HTML document whose scripts start after its first paint: module preloads leave <head> for a template after
 * React Router's module script, which is made inert and started by a loader (see above). A document without React
 * Router's scripts keeps its preloads, as live links at its end; bytes without a head pass through unchanged.
 * The document is rewritten whole, once: React's output is collected first (see entry.server), which costs one pass
 * here instead of one per chunk of the stream.
 */
export function scriptsAfterFirstPaint(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const headEnd = html.indexOf(HEAD_END, 0, "latin1");
  if (headEnd === -1) return html;
  const head = html.toString("latin1", 0, headEnd);
  const links = head.match(PRELOAD) ?? [];
  const parts: Buffer[] = [Buffer.from(head.replace(PRELOAD, ""), "latin1")];
  const marker = html.indexOf(SCRIPTS_MARKER, headEnd, "latin1");
  // The module script follows the context script within a few kB: only that stretch is read as text.
  const open = marker === -1 ? null : MODULE_SCRIPT.exec(html.toString("latin1", marker, marker + 64 * 1024));
  const openAt = open ? marker + open.index : -1;
  const closeAt = open ? html.indexOf(SCRIPT_END, openAt + open[0].length, "latin1") : -1;
  if (!open || closeAt === -1) {
    parts.push(html.subarray(headEnd), Buffer.from(links.join(""), "latin1"));
    return Buffer.concat(parts);
  }
  const after = closeAt + SCRIPT_END.length;
  const nonce = NONCE.exec(open[0])?.[1] ?? null;
  parts.push(
    html.subarray(headEnd, openAt),
    Buffer.from(`<script${open[1]} type="${DEFERRED_MODULE_TYPE}"${open[2]}>`, "latin1"),
    html.subarray(openAt + open[0].length, after),
    Buffer.from(loaderBlock(links, nonce), "latin1"),
    html.subarray(after),
  );
  return Buffer.concat(parts);
}
