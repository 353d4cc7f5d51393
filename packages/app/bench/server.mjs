// The server under measurement: the production build (a snapshot, see build-snapshot.mjs), started in this process on
// an ephemeral loopback port with a throw-away data directory, and the pages to measure discovered from what it
// actually serves.
import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { syntheticFeeds } from "./synthetic-inventory.mjs";

const appDir = fileURLToPath(new URL("..", import.meta.url));

function serverEnv(dataDir, databaseUrl, secret) {
  return {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: secret,
    // A server on PostgreSQL refuses to start without a DATA_KEY of its own (ADR 308).
    DATA_KEY: randomBytes(32).toString("base64"),
  };
}

/**
 * Adds `count` synthetic vehicles through the dealer import command (`npm run import`), store by store, as a
 * partial feed so the fixture vehicles stay. The database must be closed: PGlite allows one process per directory.
 */
function importSynthetic(count, env, log) {
  const feedDir = mkdtempSync(join(tmpdir(), "showroom-bench-feed-"));
  try {
    for (const [storeId, rows] of syntheticFeeds(count)) {
      const file = join(feedDir, `${storeId}.json`);
      writeFileSync(file, JSON.stringify(rows));
      const began = performance.now();
      const out = execFileSync(
        "npx",
        ["tsx", "--conditions=showroom-source", "scripts/import.ts", file, "--store", storeId, "--partial"],
        { cwd: appDir, env: { ...process.env, ...env, INIT_CWD: appDir }, encoding: "utf8" },
      );
      const summary = out.trim().split("\n").at(-1);
      log(
        `  imported ${rows.length} synthetic vehicles into ${storeId} in ${((performance.now() - began) / 1000).toFixed(1)} s: ${summary}`,
      );
    }
  } finally {
    rmSync(feedDir, { recursive: true, force: true });
  }
}

/**
 * Starts the built server at `serverEntry`. `databaseUrl` as DATABASE_URL (memory:// or postgres://); PGlite in a temp
 * dir otherwise. `extraVehicles` > 0 imports that many synthetic vehicles on top of the fixture seed first. `env` adds to
 * or overrides the server's environment.
 */
export async function startBenchServer({ serverEntry, databaseUrl, extraVehicles = 0, log, env: extraEnv = {} }) {
  if (extraVehicles > 0 && databaseUrl === "memory://")
    throw new Error("--vehicles needs PGlite on disk or PostgreSQL");
  const dataDir = mkdtempSync(join(tmpdir(), "showroom-bench-data-"));
  const env = { ...serverEnv(dataDir, databaseUrl, randomBytes(32).toString("hex")), ...extraEnv };
  const { start } = await import(pathToFileURL(serverEntry).href);
  if (extraVehicles > 0) {
    // The first start migrates and seeds the fixtures; the importer then adds the rest.
    await (await start(env)).close();
    importSynthetic(extraVehicles, env, log);
  }
  const began = performance.now();
  const running = await start(env);
  return {
    url: running.url,
    dataDir,
    database: running.database,
    bootMs: performance.now() - began,
    async close() {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Counts the rows of `table`, or null when the table is not there (yet). */
export async function countRows(database, table) {
  try {
    const { sql } = await import("drizzle-orm");
    const result = await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    const rows = Array.isArray(result) ? result : result.rows;
    return Number(rows?.[0]?.n ?? 0);
  } catch {
    return null;
  }
}

// `/{condition}-cars-for-sale/{year}-{slug}-{VIN}` (docs/decisions/053): a VIN is 17 characters without I, O or Q.
const DETAIL_PATH = /^\/(?:[a-z]+-)?cars-for-sale\/\d{4}-[a-z0-9-]+-[a-hj-npr-z0-9]{17}\/?$/i;

/**
 * Every vehicle detail path the sitemap lists (the index's vehicle group): the uncached vehicle page over every car,
 * so that no row the site keeps between requests (docs/decisions/429) is asked for twice in a row.
 */
export async function everyDetailPath(baseUrl) {
  const index = await get(`${baseUrl}/sitemap.xml`);
  if (index.status !== 200) return [];
  const paths = new Set(detailPathsIn(index.html, baseUrl));
  const groups = [...index.html.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]).filter((u) => /sitemap/i.test(u));
  for (const group of groups) {
    const sub = await get(new URL(new URL(group).pathname, baseUrl).href);
    if (sub.status === 200) for (const path of detailPathsIn(sub.html, baseUrl)) paths.add(path);
  }
  return [...paths];
}

/** Distinct vehicle detail paths linked from `html` (hrefs or sitemap <loc>s), in order of appearance. */
export function detailPathsIn(html, origin) {
  const paths = new Set();
  for (const m of html.matchAll(/(?:href="|<loc>)([^"<]+)/g)) {
    const raw = m[1].replaceAll("&amp;", "&");
    let url;
    try {
      url = new URL(raw, origin);
    } catch {
      continue;
    }
    if (url.search === "" && DETAIL_PATH.test(url.pathname)) paths.add(url.pathname);
  }
  return [...paths];
}

async function get(url) {
  const response = await fetch(url, { redirect: "manual", headers: { "user-agent": "showroom-bench" } });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

/**
 * The pages of the benchmarks that this build serves: home and contact always (reported missing when not 200), the
 * search page and one vehicle detail page when present. Each page carries its SSR HTML for the first-load JS step.
 */
export async function discoverPages(baseUrl, dataDir) {
  const pages = [];
  const absent = [];
  const want = [
    { id: "home", label: "home", path: "/", required: true },
    { id: "contact", label: "contact", path: "/contact-us", required: true },
    { id: "search", label: "search", path: "/cars-for-sale", required: false },
    { id: "suvs", label: "suvs", path: "/cars-for-sale/suvs", required: false },
    // A search at every store (ADR 400): a query page, never indexed.
    { id: "all-stores", label: "all stores", path: "/cars-for-sale?store=all", required: false, noindex: true },
    { id: "careers", label: "careers", path: "/our-company/careers", required: true },
    { id: "sell", label: "sell", path: "/sell-trade-my-car", required: true },
    { id: "vehicle", label: "your-veh", path: "/sell-trade-my-car/your-vehicle", required: true },
    { id: "financing", label: "financing", path: "/auto-financing", required: true },
    { id: "pre-approval", label: "pre-approval", path: "/auto-financing/apply-for-financing", required: true },
    { id: "full-credit", label: "full credit", path: "/auto-financing/full-credit-application", required: true },
    // The alert form of a search (issue 28): a form for one shopper, never indexed.
    { id: "alert", label: "alert", path: "/alerts?search=%2Fcars-for-sale%2Fsuvs", required: false, noindex: true },
  ];
  for (const page of want) {
    const answer = await get(baseUrl + page.path);
    if (answer.status === 200) pages.push({ ...page, url: baseUrl + page.path, html: answer.html });
    else absent.push({ ...page, status: answer.status });
  }

  const search = pages.find((p) => p.id === "search");
  let detailPath = search ? detailPathsIn(search.html, baseUrl)[0] : undefined;
  if (search) search.vehicleCards = detailPathsIn(search.html, baseUrl).length;
  if (!detailPath) {
    // The sitemap index lists group sitemaps; the vehicle group holds detail URLs.
    const index = await get(`${baseUrl}/sitemap.xml`);
    if (index.status === 200) {
      detailPath = detailPathsIn(index.html, baseUrl)[0];
      const groups = [...index.html.matchAll(/<loc>([^<]+)<\/loc>/g)]
        .map((m) => m[1])
        .filter((u) => /sitemap/i.test(u));
      for (const group of groups) {
        if (detailPath) break;
        const sub = await get(new URL(new URL(group).pathname, baseUrl).href);
        if (sub.status === 200) detailPath = detailPathsIn(sub.html, baseUrl)[0];
      }
    }
  }
  if (detailPath) {
    const answer = await get(baseUrl + detailPath);
    if (answer.status === 200) {
      pages.push({ id: "detail", label: "detail", path: detailPath, url: baseUrl + detailPath, html: answer.html });
    } else absent.push({ id: "detail", label: "detail", path: detailPath, required: false, status: answer.status });
  } else if (search) {
    absent.push({ id: "detail", label: "detail", path: "(no detail link found)", required: false, status: null });
  }
  // Compare (issue 28, ADR 346): the listing's first two cars, at the address their checkboxes lead to; never indexed.
  const compared = search
    ? detailPathsIn(search.html, baseUrl)
        .slice(0, 2)
        .map((path) => path.slice(-17))
    : [];
  if (compared.length === 2) {
    const path = `/compare?vins=${compared.join(",")}`;
    const answer = await get(baseUrl + path);
    if (answer.status === 200) {
      pages.push({ id: "compare", label: "compare", path, url: baseUrl + path, html: answer.html, noindex: true });
    } else absent.push({ id: "compare", label: "compare", path, required: false, status: answer.status });
  }
  // An alert's own page, as its confirmation email links to it: subscribed through the form, the link read from the
  // email the relay writes under DATA_DIR/mail (the bench server has no SMTP peer).
  const manage = dataDir ? await alertManagePath(baseUrl, dataDir) : null;
  if (manage) {
    const answer = await get(baseUrl + manage);
    if (answer.status === 200)
      pages.push({
        id: "alert-manage",
        label: "alert page",
        path: manage,
        url: baseUrl + manage,
        html: answer.html,
        noindex: true,
      });
    else absent.push({ id: "alert-manage", label: "alert page", path: manage, required: false, status: answer.status });
  }
  const offer = await makeOffer(baseUrl);
  if (offer.path) {
    const answer = await get(baseUrl + offer.path);
    if (answer.status === 200) {
      // A shopper's own offer is never to be indexed: its SEO budget is met without the crawlability audit.
      pages.push({
        id: "offer",
        label: "offer",
        path: offer.path,
        url: baseUrl + offer.path,
        html: answer.html,
        noindex: true,
      });
    } else absent.push({ id: "offer", label: "offer", path: offer.path, required: true, status: answer.status });
  } else
    absent.push({
      id: "offer",
      label: "offer",
      path: "/sell-trade-my-car/offer/…",
      required: true,
      status: offer.status,
    });
  return { pages, absent };
}

/** Subscribes an address to the SUVs alert and answers the path of its page, from the confirmation email (or null). */
async function alertManagePath(baseUrl, dataDir) {
  const response = await fetch(`${baseUrl}/alerts`, {
    method: "POST",
    body: new URLSearchParams({
      idempotencyKey: randomUUID(),
      website: "",
      email: "bench.alert@example.com",
      search: "/cars-for-sale/suvs",
    }),
    redirect: "manual",
    headers: { Origin: baseUrl, "user-agent": "showroom-bench" },
  });
  await response.arrayBuffer();
  if (response.status !== 303) return null;
  const mailDir = join(dataDir, "mail");
  for (let waited = 0; waited < 15_000; waited += 100) {
    for (const file of existsSync(mailDir) ? readdirSync(mailDir) : []) {
      // Quoted-printable: a long line is broken with "=" at its end, which may fall inside the link.
      const text = readFileSync(join(mailDir, file), "utf8").replace(/=\r?\n/g, "");
      const token = /\/alerts\/confirm\/([\w-]{43})/.exec(text)?.[1];
      if (token) return `/alerts/manage/${token}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

/** The whole sell/trade journey in one POST (a 2021 MINI by VIN, in good shape), as the browser's journey sends it. */
export function offerForm(overrides = {}) {
  return new URLSearchParams({
    intent: "offer",
    idempotencyKey: randomUUID(),
    website: "",
    vin: "WMWWJ9C03M2387500",
    mileage: "31500",
    zip: "63119",
    interest: "sell",
    q100: "good",
    q200: "no",
    q201: "no",
    q202: "no",
    q203: "minor",
    q204: "none",
    q205: "two-or-more",
    q500: "",
    firstName: "Bench",
    lastName: "Mark",
    email: "bench.mark@example.com",
    phone: "3145550100",
    ...overrides,
  });
}

/** Makes an offer through the site, for its page: `{ path }` of the offer, or the status of the refusal. */
export async function makeOffer(baseUrl, form = offerForm()) {
  const response = await fetch(`${baseUrl}/sell-trade-my-car/your-vehicle`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { Origin: baseUrl, "user-agent": "showroom-bench" },
  });
  await response.arrayBuffer();
  const location = response.headers.get("location");
  return response.status === 303 && location?.startsWith("/sell-trade-my-car/offer/")
    ? { path: location, status: response.status }
    : { path: null, status: response.status };
}
