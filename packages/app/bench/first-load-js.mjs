// First-load JavaScript of a page: the scripts a browser fetches before the page is interactive, gzipped as the
// server sends them. Read from the SSR HTML (modulepreload links, module script imports, script src) and closed over
// the static imports of each chunk in build/client, so a chunk the HTML forgot to preload still counts.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const LINK = /<link\b([^>]*)>/gi;
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
// React Router's module script, live or waiting for the first paint (server/preloads.ts).
const MODULE_TYPES = new Set(["module", "text/x-module-after-paint"]);
const ATTR = /([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g;
// Static imports and immediate dynamic imports (`import("/assets/entry.client-….js")`) of an inline module script.
const MODULE_IMPORT = /\bimport\s*(?:[\w*$\s{},]+?\s*from\s*|\(\s*)?["']([^"']+)["']/g;
// Bundlers hoist a chunk's static imports to its start: `import{a as b}from"./x.js";import"./y.js";`.
const LEADING_IMPORT = /^\s*(?:\/\/[^\n]*\n\s*)*(?:import|export)\s*(?:[\w*$\s{},]*?\s*from\s*)?["']([^"']+)["']\s*;?/;

function attributes(text) {
  const attrs = {};
  for (const m of text.matchAll(ATTR)) attrs[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? "";
  return attrs;
}

/** Same-origin script URLs an SSR document loads on its own: `{ preloaded, entry }` as path names. */
export function scriptsOfHtml(html, origin = "http://localhost") {
  const preloaded = new Set();
  const entry = new Set();
  const local = (href) => {
    const url = new URL(href, origin);
    return url.origin === new URL(origin).origin ? url.pathname : null;
  };
  for (const m of html.matchAll(LINK)) {
    const attrs = attributes(m[1]);
    const rel = (attrs.rel ?? "").toLowerCase().split(/\s+/);
    if (!attrs.href || !(rel.includes("modulepreload") || (rel.includes("preload") && attrs.as === "script"))) continue;
    const p = local(attrs.href);
    if (p) preloaded.add(p);
  }
  for (const m of html.matchAll(SCRIPT)) {
    const attrs = attributes(m[1]);
    if (attrs.src) {
      const p = local(attrs.src);
      if (p) entry.add(p);
    } else if (MODULE_TYPES.has((attrs.type ?? "").toLowerCase())) {
      for (const imp of m[2].matchAll(MODULE_IMPORT)) {
        const p = local(imp[1]);
        if (p) entry.add(p);
      }
    }
  }
  return { preloaded: [...preloaded], entry: [...entry] };
}

/** The static imports at the start of a built chunk, as path names relative to the site root. */
export function staticImportsOf(code, fromPath) {
  const found = [];
  let rest = code;
  for (let m = LEADING_IMPORT.exec(rest); m; m = LEADING_IMPORT.exec(rest)) {
    found.push(new URL(m[1], `http://x${fromPath}`).pathname);
    rest = rest.slice(m[0].length);
  }
  return found;
}

/**
 * Sums the gzip size of every script the page loads on first load. `clientDir` is build/client; the gzip level is
 * zlib's default, which is what the server's compression middleware sends.
 */
export function firstLoadJs(html, clientDir) {
  const { preloaded, entry } = scriptsOfHtml(html);
  const seen = new Map();
  const missing = [];
  const queue = [...new Set([...entry, ...preloaded])];
  while (queue.length) {
    const path = queue.shift();
    if (seen.has(path)) continue;
    const file = join(clientDir, path);
    if (!existsSync(file)) {
      missing.push(path);
      seen.set(path, null);
      continue;
    }
    const code = readFileSync(file);
    seen.set(path, { path, bytes: code.length, gzip: gzipSync(code).length });
    for (const dep of staticImportsOf(code.toString("utf8"), path)) if (!seen.has(dep)) queue.push(dep);
  }
  const files = [...seen.values()].filter(Boolean).sort((a, b) => b.gzip - a.gzip);
  const preloadSet = new Set([...preloaded, ...entry]);
  return {
    files,
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    // Loaded through an import but announced by no preload: a request waterfall on first load.
    notPreloaded: files.filter((f) => !preloadSet.has(f.path)).map((f) => f.path),
    missing,
  };
}
