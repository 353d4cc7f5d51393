import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_TYPE, scriptsAfterFirstPaint } from "./preloads";

const PRELOADS =
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n"/><link rel="modulepreload" href="/assets/root-B.js" nonce="n"/>';
const DOCUMENT = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Café – 😀</title>',
  PRELOADS,
  '<link rel="icon" href="/favicon.ico"/><style nonce="n">body{color:red}</style></head>',
  '<body><main>Prix : 9 999 € — ünïcödé</main><script nonce="n">(() => {})()</script>',
  '<script nonce="n">window.__reactRouterContext = {"a":1};</script>',
  '<script nonce="n" type="module" async="">import "/x.js";</script>',
  '<script nonce="n">window.__reactRouterContext.streamController.enqueue("[]");</script>',
  "</body></html>",
].join("");

function rewrite(html: string): string {
  return scriptsAfterFirstPaint(Buffer.from(html, "utf8")).toString("utf8");
}

describe("scriptsAfterFirstPaint", () => {
  it("leaves no live preload or module script; the module script keeps its place, inert, followed by its preloads and the loader, whatever text the page holds", () => {
    const once = rewrite(DOCUMENT);
    const head = once.slice(0, once.indexOf("</head>"));
    expect(head).not.toContain("modulepreload");
    expect(once).not.toMatch(/<script[^>]*type="module"/);
    const inert = `<script nonce="n" type="${DEFERRED_MODULE_TYPE}" async="">import "/x.js";</script>`;
    const template = `<template data-module-preloads="">${PRELOADS}</template>`;
    expect(once).toContain(`{"a":1};</script>${inert}${template}<script nonce="n">(function(){`);
    // Everything else is byte for byte what React wrote.
    const loader = once.slice(
      once.indexOf(template) + template.length,
      once.indexOf("</script>", once.indexOf(template)) + 9,
    );
    expect(
      once.replace(loader, "").replace(template, "").replace(` type="${DEFERRED_MODULE_TYPE}"`, ' type="module"'),
    ).toBe(DOCUMENT.replace(PRELOADS, ""));
    // Whatever the page's text (any Unicode, escaped as React writes text), only the scripts and preloads move.
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        const escaped = text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
        const page = DOCUMENT.replace("ünïcödé", () => escaped);
        expect(rewrite(page)).toBe(once.replace("ünïcödé", () => escaped));
      }),
      { numRuns: 300 },
    );
  });

  it("leaves a document without React Router's scripts whole, preloads kept live at its end", () => {
    const html = DOCUMENT.replace("window.__reactRouterContext = ", "var x = ");
    expect(rewrite(html)).toBe(`${html.replace(PRELOADS, "")}${PRELOADS}`);
  });

  it("passes a fragment without a head through unchanged", () => {
    expect(rewrite("plain text, no markup")).toBe("plain text, no markup");
  });
});
