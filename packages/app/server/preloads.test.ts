import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { preloadsAfterContent } from "./preloads";

const PRELOADS =
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n"/><link rel="modulepreload" href="/assets/root-B.js" nonce="n"/>';
const DOCUMENT = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Café – 😀</title>',
  PRELOADS,
  '<link rel="icon" href="/favicon.ico"/><style nonce="n">body{color:red}</style></head>',
  '<body><main>Prix : 9 999 € — ünïcödé</main><script nonce="n">(() => {})()</script>',
  '<script nonce="n">window.__reactRouterContext = {"a":1};</script><script type="module">import "/x.js";</script>',
  "</body></html>",
].join("");
const MOVED = PRELOADS.replaceAll("<link ", '<link fetchpriority="low" ');
const EXPECTED = DOCUMENT.replace(PRELOADS, "").replace(
  '<script nonce="n">window.__reactRouterContext',
  `${MOVED}<script nonce="n">window.__reactRouterContext`,
);

async function through(bytes: Buffer, cuts: number[]): Promise<Buffer> {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let from = 0;
  for (const at of points) {
    chunks.push(bytes.subarray(from, at));
    from = at;
  }
  chunks.push(bytes.subarray(from));
  return buffer(Readable.from(chunks.filter((c) => c.length > 0)).pipe(preloadsAfterContent()));
}

describe("preloadsAfterContent", () => {
  it("moves the head's module preloads, at low priority, before React Router's scripts, however the bytes are chunked", async () => {
    const bytes = Buffer.from(DOCUMENT, "utf8");
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 20 }), async (cuts) => {
        const out = await through(bytes, cuts);
        expect(out.toString("utf8")).toBe(EXPECTED);
      }),
      { numRuns: 300 },
    );
  });

  it("leaves a document without React Router's scripts whole, preloads kept at its end", async () => {
    const html = DOCUMENT.replace("window.__reactRouterContext = ", "var x = ");
    const out = (await through(Buffer.from(html, "utf8"), [7, 100])).toString("utf8");
    expect(out).toBe(`${html.replace(PRELOADS, "")}${MOVED}`);
  });

  it("passes a fragment without a head through unchanged", async () => {
    const out = await through(Buffer.from("plain text, no markup"), [5]);
    expect(out.toString("utf8")).toBe("plain text, no markup");
  });

  it("calls back once the document is complete", async () => {
    let done = 0;
    await buffer(Readable.from([Buffer.from(DOCUMENT)]).pipe(preloadsAfterContent(() => done++)));
    expect(done).toBe(1);
  });
});
