import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
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

async function through(bytes: Buffer, cuts: number[]): Promise<Buffer> {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let from = 0;
  for (const at of points) {
    chunks.push(bytes.subarray(from, at));
    from = at;
  }
  chunks.push(bytes.subarray(from));
  return buffer(Readable.from(chunks.filter((c) => c.length > 0)).pipe(scriptsAfterFirstPaint()));
}

describe("scriptsAfterFirstPaint", () => {
  it("leaves no live preload or module script; the module script keeps its place, inert, followed by its preloads and the loader, however the bytes are chunked", async () => {
    const bytes = Buffer.from(DOCUMENT, "utf8");
    const once = (await through(bytes, [])).toString("utf8");
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
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 20 }), async (cuts) => {
        expect((await through(bytes, cuts)).toString("utf8")).toBe(once);
      }),
      { numRuns: 300 },
    );
  });

  it("leaves a document without React Router's scripts whole, preloads kept live at its end", async () => {
    const html = DOCUMENT.replace("window.__reactRouterContext = ", "var x = ");
    const out = (await through(Buffer.from(html, "utf8"), [7, 100])).toString("utf8");
    expect(out).toBe(`${html.replace(PRELOADS, "")}${PRELOADS}`);
  });

  it("passes a fragment without a head through unchanged", async () => {
    const out = await through(Buffer.from("plain text, no markup"), [5]);
    expect(out.toString("utf8")).toBe("plain text, no markup");
  });

  it("calls back once the document is complete", async () => {
    let done = 0;
    await buffer(Readable.from([Buffer.from(DOCUMENT)]).pipe(scriptsAfterFirstPaint(() => done++)));
    expect(done).toBe(1);
  });
});
