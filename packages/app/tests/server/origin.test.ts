// One canonical origin (issue 16): canonical links, og:url, the sitemap, robots.txt and the URLs of a lead email come
// from PUBLIC_ORIGIN, or from the address the server was told to listen on; never from a Host header a client sent.
// Non-canonical spellings of a page's path answer one 301. Runs the built server in this process.
import { request as httpRequest } from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Running } from "../../server/app";
import { deliveredLead } from "../e2e/support/lead-mail";
import { rowsOf } from "../support/databases";
import { firstOpenSlot } from "../support/slots";
import { startInProcess } from "./support/built-server";

const EVIL = "evil.example";
const VIN = "WMWWJ9C03M2387500";

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with any Host header (fetch would send the URL's own): what a client that lies about the host sends. */
function raw(
  base: string,
  path: string,
  { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        hostname: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        headers: {
          ...(body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(body)) }),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const hostile = { Host: EVIL, "X-Forwarded-Host": EVIL, "X-Forwarded-Proto": "https" };

async function leadCount(site: Running): Promise<number> {
  const rows = rowsOf<{ n: number | string }>(await site.database.db.execute(sql`select count(*) as n from leads`));
  return Number(rows[0]?.n);
}

function canonicalOf(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
}

function ogUrlOf(html: string): string | undefined {
  return /<meta property="og:url" content="([^"]+)"/.exec(html)?.[1];
}

describe("without PUBLIC_ORIGIN, the origin is where the server was told to listen", () => {
  let site: Running;

  beforeAll(async () => {
    // A proxy hop is trusted, so X-Forwarded-Host would count if anything read it.
    site = await startInProcess({ TRUST_PROXY: "1", RELAY_INTERVAL_MS: "100" });
  }, 120_000);

  afterAll(async () => {
    await site?.close();
  });

  it("Host: evil.example never reaches a page's canonical link, og:url or any other URL of the page", async () => {
    for (const path of ["/", "/contact-us", "/our-company/meet-our-team", "/cars-for-sale", "/cars-for-sale/suvs"]) {
      const answer = await raw(site.url, path, { headers: hostile });
      expect(answer.status, path).toBe(200);
      expect(canonicalOf(answer.body), path).toBe(`${site.url}${path === "/" ? "/" : path}`);
      expect(ogUrlOf(answer.body), path).toBe(canonicalOf(answer.body));
      expect(answer.body, path).not.toContain(EVIL);
    }
  });

  it("Host: evil.example never reaches robots.txt or the sitemap", async () => {
    const robots = await raw(site.url, "/robots.txt", { headers: hostile });
    expect(robots.body).toContain(`Sitemap: ${site.url}/sitemap.xml`);
    expect(robots.body).not.toContain(EVIL);
    const sitemap = await raw(site.url, "/sitemap.xml", { headers: hostile });
    expect(sitemap.status).toBe(200);
    expect(sitemap.body).not.toContain(EVIL);
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");
    expect(locs.length).toBeGreaterThan(100);
    for (const loc of locs) expect(loc.startsWith(`${site.url}/`), loc).toBe(true);
  });

  it("a test-drive lead posted with Host: evil.example links the listing on the server's origin, in the row and the email", async () => {
    const { date, time } = firstOpenSlot();
    const body = new URLSearchParams({
      idempotencyKey: crypto.randomUUID(),
      website: "",
      intent: "confirm",
      date,
      time,
      firstName: "Hostia",
      lastName: "Forgerova",
      email: "hostia.forgerova@example.com",
      phone: "(314) 555-0161",
    }).toString();
    const answer = await raw(site.url, `/schedule-test-drive/${VIN}`, {
      method: "POST",
      headers: { ...hostile, "Content-Type": "application/x-www-form-urlencoded" },
      body,
    });
    expect(answer.status, answer.body.slice(0, 300)).toBe(303);
    const rows = rowsOf<{ payload: { vehicle?: { url?: string } } }>(
      await site.database.db.execute(sql`select payload from leads where payload->>'kind' = 'SCHEDULE_TEST_DRIVE'`),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.payload.vehicle?.url?.startsWith(`${site.url}/`)).toBe(true);
    const mail = await deliveredLead(site.config.DATA_DIR, (text) => text.includes("Forgerova"), "for the test drive");
    expect(mail).toContain(`${site.url}/`);
    expect(mail).not.toContain(EVIL);
  });

  it("a client navigation's data request gives the page's canonical, never the `.data` address", async () => {
    const data = await raw(site.url, "/our-company/meet-our-team.data");
    expect(data.status).toBe(200);
    expect(data.body).toContain(`${site.url}/our-company/meet-our-team`);
    expect(data.body).not.toContain("meet-our-team.data");
    const home = await raw(site.url, "/_.data");
    expect(home.status).toBe(200);
    expect(home.body).toContain(`"${site.url}/"`);
    expect(home.body).not.toContain("_.data");
  });

  it("/CONTACT-US and /contact-us/ answer one 301 to /contact-us, keeping the query string", async () => {
    for (const [from, to] of [
      ["/CONTACT-US", "/contact-us"],
      ["/contact-us/", "/contact-us"],
      ["/Contact-Us/?topic=2&x=Y", "/contact-us?topic=2&x=Y"],
      ["/Cars-For-Sale/SUVs/", "/cars-for-sale/suvs"],
      ["/our-company//", "/our-company"],
    ] as const) {
      const answer = await raw(site.url, from, { headers: hostile });
      expect(answer.status, from).toBe(301);
      expect(answer.headers.location, from).toBe(to);
      const landing = await raw(site.url, to);
      expect(landing.status, to).toBe(200);
    }
  });

  it("addresses that are not pages keep their case: the phone check, pictures, a VIN (its route fixes the case itself)", async () => {
    const phone = await raw(site.url, "/api/customer/phoneValidation");
    expect(phone.status).not.toBe(301);
    const detail = await raw(site.url, `/used-cars-for-sale/2021-whatever-${VIN.toLowerCase()}`);
    expect(detail.status).toBe(301);
    expect(detail.headers.location).toMatch(new RegExp(`-${VIN}$`));
  });

  it("a POST to a page without a form answers 405 titled '405 - Method not allowed'", async () => {
    const answer = await raw(site.url, "/our-company", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=b",
    });
    expect(answer.status).toBe(405);
    expect(answer.body).toMatch(/<title>405 - Method not allowed<\/title>/);
  });
});

describe("with PUBLIC_ORIGIN, every URL the site writes is on it", () => {
  const PUBLIC = "https://www.showroom-cars.example";
  let site: Running;

  beforeAll(async () => {
    site = await startInProcess({ PUBLIC_ORIGIN: PUBLIC });
  }, 120_000);

  afterAll(async () => {
    await site?.close();
  });

  it("canonical, og:url, robots.txt and the sitemap name PUBLIC_ORIGIN whatever the Host", async () => {
    const page = await raw(site.url, "/contact-us", { headers: { Host: EVIL } });
    expect(canonicalOf(page.body)).toBe(`${PUBLIC}/contact-us`);
    expect(ogUrlOf(page.body)).toBe(`${PUBLIC}/contact-us`);
    expect(page.body).not.toContain(EVIL);
    const robots = await raw(site.url, "/robots.txt", { headers: { Host: EVIL } });
    expect(robots.body).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
    const sitemap = await raw(site.url, "/sitemap.xml", { headers: { Host: EVIL } });
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");
    expect(locs.length).toBeGreaterThan(100);
    for (const loc of locs) expect(loc.startsWith(`${PUBLIC}/`), loc).toBe(true);
  });
});

describe("behind a TLS proxy on a port of its own (PUBLIC_ORIGIN=https://shop.example:8443, TRUST_PROXY=loopback)", () => {
  const PUBLIC = "https://shop.example:8443";
  let site: Running;

  beforeAll(async () => {
    site = await startInProcess({ PUBLIC_ORIGIN: PUBLIC, TRUST_PROXY: "loopback" });
  }, 120_000);

  afterAll(async () => {
    await site?.close();
  });

  /** What a proxy adds to a shopper's request, and what the shopper's browser sent on a same-site form POST. */
  const forwarded = (host: Record<string, string>, origin = PUBLIC) => ({
    ...host,
    "X-Forwarded-Proto": "https",
    "X-Forwarded-For": "203.0.113.7",
    Origin: origin,
    "Sec-Fetch-Site": origin === PUBLIC ? "same-origin" : "cross-site",
    "Content-Type": "application/x-www-form-urlencoded",
  });
  const contactBody = (lastName: string) =>
    new URLSearchParams({
      idempotencyKey: crypto.randomUUID(),
      website: "",
      firstName: "Porta",
      lastName,
      email: `${lastName.toLowerCase()}@example.com`,
      phone: "(314) 555-0177",
      topic: "1",
      message: "Is the blue one still there?",
    }).toString();

  // nginx's `Host $host` drops the port; `$http_host` keeps it; some proxies keep Host and add X-Forwarded-Host.
  const proxies: [string, Record<string, string>][] = [
    ["Host without the port", { Host: "shop.example" }],
    ["Host with the port", { Host: "shop.example:8443" }],
    ["the upstream Host and X-Forwarded-Host", { Host: "127.0.0.1:3000", "X-Forwarded-Host": "shop.example:8443" }],
  ];

  for (const [name, host] of proxies) {
    it(`a contact form POST from the public origin is stored, whatever the proxy sends as ${name}`, async () => {
      const lastName = `Proxied${name.length}${host.Host?.length ?? 0}`;
      const before = await leadCount(site);
      const answer = await raw(site.url, "/contact-us", {
        method: "POST",
        headers: forwarded(host),
        body: contactBody(lastName),
      });
      expect(answer.status, answer.body.slice(0, 300)).toBe(303);
      expect(await leadCount(site)).toBe(before + 1);
      // The same form posted by the hydrated page (React Router's data request) passes the same checks.
      const data = await raw(site.url, "/contact-us.data", {
        method: "POST",
        headers: forwarded(host),
        body: contactBody(`${lastName}Data`),
      });
      // Single fetch answers a redirect as 202 with the redirect in its body; a refused origin would be 400.
      expect(data.status, data.body.slice(0, 300)).toBe(202);
      expect(data.body).toContain('"redirect","/contact-us"');
      expect(await leadCount(site)).toBe(before + 2);
    });
  }

  it("a POST whose Origin is another site, or the public host on another port or scheme, is refused", async () => {
    for (const origin of ["https://evil.example", "https://shop.example", "http://shop.example:8443"]) {
      for (const [name, host] of proxies) {
        const answer = await raw(site.url, "/contact-us", {
          method: "POST",
          headers: { ...forwarded(host, origin), "Sec-Fetch-Site": "same-origin" },
          body: contactBody("Refused"),
        });
        expect(answer.status, `${origin} with ${name}`).toBe(403);
      }
    }
  });
});

describe("without PUBLIC_ORIGIN, a trusted proxy's forwarded host and scheme are the request's origin", () => {
  let trusting: Running;
  let untrusting: Running;

  beforeAll(async () => {
    trusting = await startInProcess({ TRUST_PROXY: "loopback" });
    untrusting = await startInProcess({ TRUST_PROXY: "0" });
  }, 240_000);

  afterAll(async () => {
    await Promise.all([trusting?.close(), untrusting?.close()]);
  });

  const post = (site: Running, headers: Record<string, string>) =>
    raw(site.url, "/contact-us", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(
        Object.entries({
          idempotencyKey: crypto.randomUUID(),
          website: "",
          firstName: "Fora",
          lastName: "Hostova",
          email: "fora.hostova@example.com",
          phone: "(314) 555-0178",
          topic: "1",
          message: "Hello",
        }),
      ).toString(),
    });

  it("X-Forwarded-Host and X-Forwarded-Proto from a trusted proxy admit a POST from that origin, port and all", async () => {
    const answer = await post(trusting, {
      Host: "127.0.0.1:3000",
      "X-Forwarded-Host": "shop.example:8443",
      "X-Forwarded-Proto": "https",
      Origin: "https://shop.example:8443",
    });
    expect(answer.status, answer.body.slice(0, 300)).toBe(303);
  });

  it("the same headers from a client no proxy setting trusts count for nothing: the POST is refused", async () => {
    const answer = await post(untrusting, {
      Host: new URL(untrusting.url).host,
      "X-Forwarded-Host": "shop.example:8443",
      "X-Forwarded-Proto": "https",
      Origin: "https://shop.example:8443",
    });
    expect(answer.status).toBe(403);
  });
});
