import { gunzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CachedPage, cachePage, deflateSegments, documentOf, gzipOf, HtmlCache, splitAtNonce } from "./html-cache";

const NONCE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const nonceArb = fc
  .array(fc.constantFrom(...NONCE_CHARS), { minLength: 22, maxLength: 22 })
  .map((chars) => `${chars.join("")}==`);
// Documents as pieces of text (any Unicode, markup-like, long runs) with the nonce between them.
const pieceArb = fc.oneof(
  fc.string({ maxLength: 200, unit: "grapheme" }),
  fc.constantFrom('<script nonce="', '">', "</head><body>", "é€😀", '<div class="a b c">'),
  fc.string({ maxLength: 3, unit: "binary" }).map((s) => s.repeat(500)),
);
const documentArb = fc.tuple(nonceArb, fc.array(pieceArb, { minLength: 1, maxLength: 12 }));

function rendered(nonce: string, pieces: readonly string[]): Buffer {
  return Buffer.from(pieces.join(nonce), "utf8");
}

function pageOf(nonce: string, pieces: readonly string[]): CachedPage {
  const page = cachePage(rendered(nonce, pieces), nonce, { status: 200, headers: [] }, Number.MAX_SAFE_INTEGER);
  if (!page) throw new Error("expected a page");
  return page;
}

describe("cached documents", () => {
  it("a document served with another nonce is the rendered one with that nonce in every place, plain and gzip", () => {
    fc.assert(
      fc.property(documentArb, nonceArb, ([nonce, pieces], fresh) => {
        fc.pre(pieces.length > 1 && !pieces.some((p) => p.includes(nonce) || p.includes(fresh)));
        const page = pageOf(nonce, pieces);
        const expected = rendered(fresh, pieces);
        expect(documentOf(page, fresh).equals(expected)).toBe(true);
        // gunzip checks the CRC-32 and the length in the trailer as well.
        expect(gunzipSync(gzipOf(page, fresh)).equals(expected)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("no segment's compression refers into a nonce, even when the text around it is made of the nonce's pieces", () => {
    // Segments are compressed with the document before them as history (nonces as NUL bytes): text that repeats
    // pieces of the rendered nonce would decode to pieces of the fresh one if a match reached into a nonce.
    const tempting = nonceArb.chain((nonce) =>
      fc.tuple(
        fc.constant(nonce),
        fc.array(
          fc
            .array(
              fc.oneof(
                fc
                  .integer({ min: 0, max: 20 })
                  .chain((from) => fc.integer({ min: from + 1, max: 24 }).map((to) => nonce.slice(from, to))),
                fc.constantFrom('<script nonce="', '">', "==", "<p>"),
              ),
              { maxLength: 20 },
            )
            .map((parts) => parts.join("")),
          { minLength: 2, maxLength: 8 },
        ),
      ),
    );
    fc.assert(
      fc.property(tempting, nonceArb, ([nonce, pieces], fresh) => {
        fc.pre(fresh !== nonce && !pieces.some((p) => p.includes(nonce) || p.includes(fresh)));
        const page = pageOf(nonce, pieces);
        expect(gunzipSync(gzipOf(page, fresh)).equals(rendered(fresh, pieces))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("a segment that repeats text from before the nonce costs a few bytes, as in one stream", () => {
    const text = Buffer.from(Array.from({ length: 300 }, (_, i) => `<li data-i="${(i * 7919) % 1000}">`).join(""));
    const alone = deflateSegments([text], 24)[0] as Buffer;
    const [first, second] = deflateSegments([text, text], 24);
    expect(first?.equals(alone)).toBe(true);
    expect(second?.length).toBeLessThan(alone.length / 10);
    // With a NUL byte in the document, segments are compressed each on its own.
    const withNul = Buffer.concat([text, Buffer.from([0])]);
    expect(deflateSegments([withNul, withNul], 24)[1]?.length).toBeGreaterThan(alone.length / 2);
  });

  it("is not kept when the nonce is not in the document (a per-response value could hide there)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), nonceArb, (text, nonce) => {
        fc.pre(!text.includes(nonce));
        expect(cachePage(Buffer.from(text), nonce, { status: 200, headers: [] }, 1)).toBeNull();
        expect(splitAtNonce(Buffer.from(text), "")).toBeNull();
      }),
      { numRuns: 200 },
    );
  });

  it("a large document spanning several deflate windows decodes intact", () => {
    const nonce = "AAAAAAAAAAAAAAAAAAAAAA==";
    const pieces = Array.from({ length: 30 }, (_, i) => `<p>${"lorem ipsum ".repeat(400 + i * 37)}${i}</p>`);
    const page = pageOf(nonce, pieces);
    const fresh = "zzzzzzzzzzzzzzzzzzzzzz==";
    expect(gunzipSync(gzipOf(page, fresh)).equals(rendered(fresh, pieces))).toBe(true);
    expect(gzipOf(page, fresh).length).toBeLessThan(page.segmentBytes / 10);
  });
});

describe("HtmlCache", () => {
  const page = (size: number, expiresAt = Number.MAX_SAFE_INTEGER): CachedPage => ({
    status: 200,
    headers: [],
    segments: [],
    deflated: [],
    segmentBytes: 0,
    expiresAt,
    size,
    fromIndex: false,
  });

  it("serves a page until it expires, then misses", () => {
    let now = 1000;
    const cache = new HtmlCache({ maxAgeMs: 60_000, now: () => now });
    cache.set("a", page(10, cache.expiry()));
    now += 59_999;
    expect(cache.get("a")).toBeDefined();
    now += 1;
    expect(cache.get("a")).toBeUndefined();
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, entries: 0, bytes: 0 });
  });

  it("a page the reader does not accept is a miss and stays kept; only pages served count as hits", () => {
    const cache = new HtmlCache();
    const kept = { ...page(10), fromIndex: false };
    cache.set("a", kept);
    expect(cache.get("a", (p) => p.fromIndex)).toBeUndefined();
    expect(cache.stats()).toMatchObject({ hits: 0, misses: 1, entries: 1 });
    expect(cache.get("a")).toBe(kept);
    expect(cache.get("a", (p) => !p.fromIndex)).toBe(kept);
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 1, entries: 1 });
  });

  it("never holds more than its byte budget, evicting the least recently used first", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom("a", "b", "c", "d", "e"), fc.integer({ min: 1, max: 60 }), fc.boolean())),
        (operations) => {
          const cache = new HtmlCache({ maxBytes: 100 });
          const order: string[] = [];
          const sizes = new Map<string, number>();
          for (const [key, size, read] of operations) {
            if (read) {
              const hit = cache.get(key) !== undefined;
              expect(hit).toBe(sizes.has(key));
              if (hit) {
                order.splice(order.indexOf(key), 1);
                order.push(key);
              }
            } else {
              cache.set(key, page(size));
              if (sizes.has(key)) order.splice(order.indexOf(key), 1);
              order.push(key);
              sizes.set(key, size);
              let total = [...sizes.values()].reduce((a, b) => a + b, 0);
              while (total > 100) {
                const oldest = order.shift() as string;
                total -= sizes.get(oldest) as number;
                sizes.delete(oldest);
              }
            }
            const stats = cache.stats();
            expect(stats.bytes).toBeLessThanOrEqual(100);
            expect(stats.entries).toBe(sizes.size);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
