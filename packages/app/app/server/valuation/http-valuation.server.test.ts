import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSpecFetch, SPEC_RETRY_STATUSES, specRetries } from "../http/spec-fetch.server";
import { createHttpValuation } from "./http-valuation.server";
import { ValuationUnavailableError } from "./valuation-provider.server";

/** A book service that answers from a script, one answer per request, and records what it was asked. */
let script: { status: number; body?: unknown; delayMs?: number }[] = [];
let seen: { method: string; url: string; authorization: string | undefined }[] = [];
let server: Server;
let base = "";

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    seen.push({ method: req.method ?? "", url: req.url ?? "", authorization: req.headers.authorization });
    const next = script.shift() ?? { status: 500 };
    setTimeout(() => {
      res.writeHead(next.status, { "content-type": "application/json" });
      res.end(next.body === undefined ? "" : JSON.stringify(next.body));
    }, next.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  script = [];
  seen = [];
});

const VALUE = { roughWholesale: 14_000, adjustedWholesaleAvg: 15_500.555, adjustedRetailAvg: 18_000 };
const QUERY = {
  year: 2019,
  make: "Toyota",
  model: "RAV4",
  trim: "XLE",
  mileage: 48_000,
  zip: "63119",
  asOf: "2026-11-26",
};

describe("the spec's retry policy (section 7)", () => {
  it("retries 408, 409, 425, 429, 500, 502, 503 and 504 once for an idempotent method, never for POST, PUT, PATCH, DELETE", async () => {
    expect(SPEC_RETRY_STATUSES).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
    for (const method of ["GET", "HEAD", "OPTIONS"]) expect(specRetries(method)).toBe(1);
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "post"]) expect(specRetries(method)).toBe(0);
    const fetchJson = createSpecFetch({ baseURL: base, timeout: 2000 });
    for (const status of SPEC_RETRY_STATUSES) {
      script = [{ status }, { status: 200, body: { ok: status } }];
      await expect(fetchJson("/x", { method: "GET" })).resolves.toEqual({ ok: status });
      script = [{ status }, { status: 200, body: { ok: status } }];
      await expect(fetchJson("/x", { method: "POST", body: {} })).rejects.toMatchObject({ status });
    }
  });

  it("does not retry a status outside the list, and gives up after one retry", async () => {
    const fetchJson = createSpecFetch({ baseURL: base, timeout: 2000 });
    script = [{ status: 404 }, { status: 200, body: {} }];
    await expect(fetchJson("/x")).rejects.toMatchObject({ status: 404 });
    expect(seen).toHaveLength(1);
    seen = [];
    script = [{ status: 503 }, { status: 503 }, { status: 200, body: {} }];
    await expect(fetchJson("/x")).rejects.toMatchObject({ status: 503 });
    expect(seen).toHaveLength(2);
  });
});

describe("the HTTP valuation provider", () => {
  const book = () => createHttpValuation({ url: `${base}/v1/valuation`, apiKey: "secret-key", timeoutMs: 500 });

  it("asks with a GET carrying the vehicle, its mileage, ZIP and date and the bearer key, and reads the three figures in cents", async () => {
    script = [{ status: 200, body: { ...VALUE, currency: "USD" } }];
    await expect(book().value(QUERY)).resolves.toEqual({ ...VALUE, adjustedWholesaleAvg: 15_500.56 });
    const url = new URL(seen[0]?.url ?? "", base);
    expect(seen[0]?.method).toBe("GET");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      year: "2019",
      make: "Toyota",
      model: "RAV4",
      trim: "XLE",
      mileage: "48000",
      zip: "63119",
      asOf: "2026-11-26",
    });
    expect(seen[0]?.authorization).toBe("Bearer secret-key");
    expect(book().name).toBe(`Valuation service at ${new URL(base).host}`);
  });

  it("a 404 means the book does not list the vehicle: no value, not an outage", async () => {
    script = [{ status: 404 }];
    await expect(book().value(QUERY)).resolves.toBeNull();
  });

  it("a 503 then an answer is one retry; two 503s, a timeout twice or an unreadable answer are an outage", async () => {
    script = [{ status: 503 }, { status: 200, body: VALUE }];
    await expect(book().value(QUERY)).resolves.toMatchObject({ roughWholesale: 14_000 });
    script = [{ status: 503 }, { status: 503 }];
    await expect(book().value(QUERY)).rejects.toBeInstanceOf(ValuationUnavailableError);
    script = [
      { status: 200, body: VALUE, delayMs: 800 },
      { status: 200, body: VALUE, delayMs: 800 },
    ];
    await expect(book().value(QUERY)).rejects.toBeInstanceOf(ValuationUnavailableError);
    for (const body of [{ roughWholesale: "14000" }, { ...VALUE, adjustedRetailAvg: -1 }, [1, 2]]) {
      script = [{ status: 200, body }];
      await expect(book().value(QUERY), JSON.stringify(body)).rejects.toBeInstanceOf(ValuationUnavailableError);
    }
  });
});
