// The security baseline of issue 5 on every kind of response the server gives, requests from other origins refused
// before they touch anything, and request bodies capped. Runs the built server in this process.
import { describe, expect, it } from "vitest";
import { type Answer, contactFields, countRows, request } from "./support/requests";
import { siteForFile } from "./support/site-for-file";

let ip = 0;
/** Each test posts from its own address (the server trusts one proxy hop), so rate limits never mix tests up. */
const freshIp = () => `198.51.100.${++ip}`;
const site = siteForFile({ TRUST_PROXY: "1" });

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [(name as string).toLowerCase(), values]),
  );
}

/** The baseline every answer carries; returns the CSP's script nonce, if it names one. */
function expectBaseline(answer: Answer, what: string): string | undefined {
  const h = answer.headers;
  const csp = h.get("content-security-policy");
  expect(csp, `${what}: CSP`).toBeTruthy();
  expect(h.get("content-security-policy-report-only"), `${what}: not report-only`).toBeNull();
  const policy = directives(csp as string);
  // A policy without script-src falls back to default-src; either way no inline script may run without the nonce.
  const scripts = policy.get("script-src") ?? policy.get("default-src") ?? [];
  expect(scripts, `${what}: no inline scripts without the nonce`).not.toContain("'unsafe-inline'");
  expect(scripts, `${what}: no eval`).not.toContain("'unsafe-eval'");
  expect(scripts, `${what}: script-src or default-src`).not.toEqual([]);
  const nonce = scripts.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
  expect(policy.get("frame-ancestors"), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(policy.get("object-src"), `${what}: object-src`).toEqual(["'none'"]);
  // Feed photos from any https host (ADR 265), never plain http or a wildcard that would take both.
  expect(policy.get("img-src"), `${what}: img-src`).toEqual(["'self'", "data:", "https:"]);
  const hsts = /max-age=(\d+)/.exec(h.get("strict-transport-security") ?? "");
  expect(Number(hsts?.[1] ?? 0), `${what}: HSTS of at least a year`).toBeGreaterThanOrEqual(31_536_000);
  expect(h.get("x-content-type-options"), `${what}: nosniff`).toBe("nosniff");
  expect(
    ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"],
    `${what}: Referrer-Policy`,
  ).toContain(h.get("referrer-policy"));
  expect(h.get("cross-origin-opener-policy"), `${what}: COOP`).toBe("same-origin");
  expect(h.get("x-powered-by"), `${what}: no X-Powered-By`).toBeNull();
  return nonce;
}

const get = (path: string, headers: Record<string, string> = {}) => request(`${site.url}${path}`, { headers });

describe("the security baseline", () => {
  it("an HTML page's inline scripts all carry the nonce its enforced CSP names, a new one on every request", async () => {
    const nonces = new Set<string>();
    for (const path of ["/", "/contact-us", "/no-such-page"]) {
      const answer = await get(path);
      expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
      const nonce = expectBaseline(answer, path);
      expect(nonce, `${path}: script nonce`).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
      // JSON-LD blocks are data, never executed: script-src does not apply to them (ADR 162), so they carry no nonce.
      const scripts = [...answer.body.matchAll(/<script\b[^>]*>/g)]
        .map((m) => m[0])
        .filter((tag) => !tag.includes('type="application/ld+json"'));
      expect(scripts.length, `${path}: scripts`).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
      nonces.add(nonce as string);
    }
    expect(nonces.size).toBe(3);
  });

  it("resource routes, static assets, data requests, 404s and refusals carry the same headers", async () => {
    const home = await get("/");
    const assets = [...home.body.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
    expect(assets.length).toBeGreaterThan(0);
    const answers: [string, Answer, number][] = [
      ["robots.txt", await get("/robots.txt"), 200],
      ["sitemap.xml", await get("/sitemap.xml"), 200],
      ["healthz", await get("/healthz"), 200],
      ["a picture", await get("/media/dealers/logo/color.svg"), 200],
      ["a static asset", await get(assets[0] as string), 200],
      ["a missing asset", await get("/assets/missing-00000000.js"), 404],
      ["a page's data request", await get("/contact-us.data"), 200],
      ["a 404 page", await get("/no/such/page"), 404],
      [
        "POST to a page without an action",
        await request(`${site.url}/`, {
          method: "POST",
          headers: { "X-Forwarded-For": freshIp(), Origin: site.url },
          body: new URLSearchParams({ a: "b" }),
        }),
        405,
      ],
      [
        "a cross-origin POST",
        await request(`${site.url}/contact-us`, {
          method: "POST",
          headers: { Origin: "https://evil.example" },
          body: new URLSearchParams(contactFields()),
        }),
        403,
      ],
      [
        "an oversized POST",
        await request(`${site.url}/contact-us`, {
          method: "POST",
          headers: { Origin: site.url },
          body: "x".repeat(70_000),
        }),
        413,
      ],
    ];
    for (const [what, answer, status] of answers) {
      expect(answer.status, what).toBe(status);
      expectBaseline(answer, what);
    }
  });

  it("a malformed URL gets a 400 that reveals no stack trace or file path", async () => {
    const answer = await get("/%E0%A4%A");
    expect(answer.status).toBe(400);
    expectBaseline(answer, "a malformed URL");
    expect(answer.body).not.toMatch(/\bat \S+ \(|node_modules|\/work\/|URIError/);
  });

  it("hashed build assets are cached for 100 days, immutably", async () => {
    const home = await get("/");
    const assets = [
      ...new Set([...home.body.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string)),
    ];
    expect(assets.some((a) => a.endsWith(".js"))).toBe(true);
    // The stylesheet is inlined under the nonce (docs/decisions/150), so the build's assets here are scripts.
    for (const asset of assets) {
      expect(asset).toMatch(/-[A-Za-z0-9_-]{8}\.(js|css)$/);
      const answer = await get(asset);
      expect(answer.status, asset).toBe(200);
      expect(answer.headers.get("cache-control"), asset).toBe("public, max-age=8640000, immutable");
    }
  });
});

/** The site's POST counts as text: equal before and after a request means the request was not counted. */
const rateLimitHits = (): Promise<string> => site.rateLimiter.state();

/** Each action with a form it accepts from its own origin. */
const ACTION_POSTS: [string, () => Record<string, string>][] = [
  ["/contact-us", () => contactFields()],
  ["/api/store", () => ({ storeId: "st-peters", redirectTo: "/" })],
  ["/api/consent", () => ({ choice: "accept-all", redirectTo: "/" })],
];

describe("requests from another origin", () => {
  const foreign: [string, (origin: string) => Record<string, string>][] = [
    ["an Origin of another site", () => ({ Origin: "https://evil.example" })],
    ["the opaque Origin null", () => ({ Origin: "null" })],
    ["an Origin on another port", (origin) => ({ Origin: origin.replace(/:(\d+)$/, (_m, p) => `:${Number(p) + 1}`) })],
    ["an Origin over https", (origin) => ({ Origin: origin.replace("http:", "https:") })],
    ["Sec-Fetch-Site: cross-site without an Origin", () => ({ "Sec-Fetch-Site": "cross-site" })],
    ["Sec-Fetch-Site: same-site with our Origin", (origin) => ({ "Sec-Fetch-Site": "same-site", Origin: origin })],
  ];

  it.each(ACTION_POSTS)(
    "are refused at %s with 403, and write nothing: no row, no cookie, no rate-limit hit",
    async (path, form) => {
      for (const [what, headers] of foreign) {
        for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
          const before = await countRows(site.database.db);
          const hitsBefore = await rateLimitHits();
          const answer = await request(`${site.url}${path}`, {
            method,
            headers: { "X-Forwarded-For": freshIp(), ...headers(site.url) },
            body: new URLSearchParams(form()),
          });
          expect(answer.status, `${method} with ${what}`).toBe(403);
          expect(answer.headers.get("set-cookie"), `${method} with ${what}`).toBeNull();
          expect(await countRows(site.database.db), `${method} with ${what}`).toEqual(before);
          expect(await rateLimitHits(), `${method} with ${what}`).toBe(hitsBefore);
        }
      }
      // The same form from our own origin goes through, so the refusals above were the origin's doing.
      const answer = await request(`${site.url}${path}`, {
        method: "POST",
        headers: { "X-Forwarded-For": freshIp(), Origin: site.url, "Sec-Fetch-Site": "same-origin" },
        body: new URLSearchParams(form()),
      });
      expect(answer.status).toBe(303);
      expect(answer.headers.get("set-cookie")).toBeTruthy();
    },
  );
});

describe("request bodies", () => {
  it("over the 64 KiB limit are refused with 413 before the action runs, and one without a length with 411", async () => {
    const before = await countRows(site.database.db);
    const hitsBefore = await rateLimitHits();
    const huge = new URLSearchParams(contactFields({ message: "x".repeat(70_000) }));
    for (const [path] of ACTION_POSTS) {
      const answer = await request(`${site.url}${path}`, {
        method: "POST",
        headers: { "X-Forwarded-For": freshIp(), Origin: site.url },
        body: huge,
      });
      expect(answer.status, path).toBe(413);
    }
    const chunked = await request(`${site.url}/contact-us`, {
      method: "POST",
      headers: { "X-Forwarded-For": freshIp(), Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new Blob([huge.toString()]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(411);
    expect(await countRows(site.database.db)).toEqual(before);
    expect(await rateLimitHits()).toBe(hitsBefore);

    // Just under the limit the action reads the body and answers with the form's own verdict.
    const fits = contactFields({ message: "x".repeat(2_001) });
    const answer = await request(`${site.url}/contact-us`, {
      method: "POST",
      headers: { "X-Forwarded-For": freshIp(), Origin: site.url },
      body: new URLSearchParams({ ...fits, padding: "y".repeat(60_000) }),
    });
    expect(answer.status).toBe(400);
  });
});
