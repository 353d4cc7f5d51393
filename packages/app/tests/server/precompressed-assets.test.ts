// The build's scripts go out as the build compressed them (ADR 365): Brotli at quality 11 or gzip at level 9 from the
// files beside them, chosen by the client's Accept-Encoding, never compressed again per request.
import { request as send } from "node:http";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, constants as zlibConstants } from "node:zlib";
import { describe, expect, it } from "vitest";
import { siteForFile } from "./support/site-for-file";

const site = siteForFile();

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** GETs `path` as bytes, without decoding the body, so the encoding on the wire is what is checked. */
function raw(path: string, acceptEncoding: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = send(new URL(path, site.url), { headers: { "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const quality4 = (bytes: Buffer) =>
  brotliCompressSync(bytes, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
    },
  });

describe("the build's scripts", () => {
  it("go out in Brotli for a browser that takes it, gzip for one that takes only gzip, and as they are otherwise: the same bytes each way, smaller than the middleware's quality 4", async () => {
    const home = await raw("/", "identity");
    const scripts = [
      ...new Set([...home.body.toString("utf8").matchAll(/href="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string)),
    ];
    expect(scripts.length).toBeGreaterThan(3);
    let largest: { path: string; bytes: Buffer; brotli: Buffer } = {
      path: "",
      bytes: Buffer.alloc(0),
      brotli: Buffer.alloc(0),
    };
    for (const path of scripts) {
      const [chrome, gzipOnly, plain] = await Promise.all([
        raw(path, "gzip, deflate, br, zstd"),
        raw(path, "gzip"),
        raw(path, "identity"),
      ]);
      for (const answer of [chrome, gzipOnly, plain]) {
        expect(answer.status, path).toBe(200);
        expect(answer.headers["content-type"], path).toMatch(/^text\/javascript/);
        expect(answer.headers.vary, path).toMatch(/accept-encoding/i);
        expect(answer.headers["cache-control"], path).toBe("public, max-age=8640000, immutable");
        expect(Number(answer.headers["content-length"]), path).toBe(answer.body.length);
      }
      expect(plain.headers["content-encoding"], path).toBeUndefined();
      if (plain.body.length < 1024) continue; // too small to be worth a copy: sent as it is to everyone
      expect([chrome.headers["content-encoding"], gzipOnly.headers["content-encoding"]], path).toEqual(["br", "gzip"]);
      expect(brotliDecompressSync(chrome.body).equals(plain.body), path).toBe(true);
      expect(gunzipSync(gzipOnly.body).equals(plain.body), path).toBe(true);
      if (plain.body.length > largest.bytes.length) largest = { path, bytes: plain.body, brotli: chrome.body };
    }
    // The framework's chunk: what quality 11 saves over compressing it on the fly at quality 4.
    expect(largest.brotli.length, largest.path).toBeLessThan(quality4(largest.bytes).length);
  });

  it("a malformed address under /assets is a 400 that names no file", async () => {
    const answer = await raw("/assets/%E0%A4%A.js", "br");
    expect(answer.status).toBe(400);
    expect(answer.body.toString("utf8")).not.toMatch(/node_modules|\/work\/|build\/client|\bat \S+ \(/);
  });
});
