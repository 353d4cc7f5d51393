// npm run bench:bytes -w packages/app [-- --build --pages home,search --settle 3000 --top 8 --out page-bytes.json]
// What a phone downloads (issue 27): each page in a fresh Chromium context as Lighthouse's mobile run sees it
// (412 × 823 at 1.75 dpr, a phone's user agent, no cookies, so no consent given), summing the bytes on the wire
// (`encodedDataLength` of CDP's Network.loadingFinished: headers and compressed bodies) until the network has been
// quiet for `settle` ms, which takes in what loads after the first paint. Prints the total (and how much of it is
// response headers), the first-load JS (first-load-js.mjs) and the biggest items of each page.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { snapshotBuild } from "./build-snapshot.mjs";
import { firstLoadJs } from "./first-load-js.mjs";
import { discoverPages, startBenchServer } from "./server.mjs";
import { kB } from "./stats.mjs";

const appDir = fileURLToPath(new URL("..", import.meta.url));
const { values: opts } = parseArgs({
  options: {
    build: { type: "boolean", default: false },
    pages: { type: "string", default: "" },
    settle: { type: "string", default: "3000" },
    top: { type: "string", default: "8" },
    out: { type: "string" },
  },
});
const log = (line) => console.error(line);

/** Lighthouse's mobile emulation (a Moto G Power): the figures compare with its "total byte weight". */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36",
};
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"];

/** Every response of one page load: URL, resource type and bytes on the wire, once the network has settled. */
async function transferOf(browser, url, settleMs) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const requests = new Map();
  const finished = [];
  let lastActivity = Date.now();
  cdp.on("Network.responseReceived", (event) => {
    // The bytes received when the response starts: its status line and headers.
    const headerBytes = event.response.encodedDataLength ?? 0;
    requests.set(event.requestId, { url: event.response.url, type: event.type, headerBytes });
    lastActivity = Date.now();
  });
  cdp.on("Network.loadingFinished", (event) => {
    const request = requests.get(event.requestId) ?? { url: "?", type: "?", headerBytes: 0 };
    finished.push({ ...request, bytes: event.encodedDataLength });
    lastActivity = Date.now();
  });
  cdp.on("Network.requestWillBeSent", () => {
    lastActivity = Date.now();
  });
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await page.goto(url, { waitUntil: "load" });
  while (Date.now() - lastActivity < settleMs) await page.waitForTimeout(250);
  await context.close();
  return finished;
}

function shortName(url) {
  try {
    const { pathname, search } = new URL(url);
    return `${pathname}${search}`.slice(0, 90);
  } catch {
    return url.slice(0, 90);
  }
}

process.env.NODE_ENV = "production";
const snapshot = snapshotBuild({ build: opts.build, log });
const server = await startBenchServer({ serverEntry: snapshot.serverEntry, databaseUrl: "memory://", log });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS, headless: true });
const results = [];
try {
  const { pages } = await discoverPages(server.url);
  const only = new Set(opts.pages.split(",").filter(Boolean));
  for (const page of pages.filter((p) => only.size === 0 || only.has(p.id))) {
    const items = await transferOf(browser, page.url, Number(opts.settle));
    const total = items.reduce((sum, item) => sum + item.bytes, 0);
    const headers = items.reduce((sum, item) => sum + item.headerBytes, 0);
    const byType = {};
    for (const item of items) byType[item.type] = (byType[item.type] ?? 0) + item.bytes;
    const js = firstLoadJs(page.html, snapshot.clientDir);
    const biggest = [...items].sort((a, b) => b.bytes - a.bytes).slice(0, Number(opts.top));
    results.push({
      id: page.id,
      path: page.path,
      transferKB: kB(total),
      responseHeadersKB: kB(headers),
      requests: items.length,
      byTypeKB: Object.fromEntries(Object.entries(byType).map(([type, bytes]) => [type, kB(bytes)])),
      firstLoadJsKB: kB(js.gzip),
      biggest: biggest.map((item) => ({ type: item.type, kB: kB(item.bytes), url: shortName(item.url) })),
    });
    const types = Object.entries(byType)
      .sort((a, b) => b[1] - a[1])
      .map(([type, bytes]) => `${type} ${kB(bytes)}`)
      .join(", ");
    console.log(
      `${page.id.padEnd(13)} ${String(kB(total)).padStart(6)} kB in ${items.length} requests (${types}; response headers ${kB(headers)}); first-load JS ${kB(js.gzip)} kB`,
    );
    for (const item of biggest)
      console.log(`    ${String(kB(item.bytes)).padStart(6)} kB ${item.type.padEnd(10)} ${shortName(item.url)}`);
  }
} finally {
  await browser.close();
  await server.close();
  snapshot.remove();
}
if (opts.out) writeFileSync(join(appDir, opts.out), `${JSON.stringify(results, null, 2)}\n`);
