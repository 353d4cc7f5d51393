import { subscribe, unsubscribe } from "node:diagnostics_channel";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendVisitorCookie, VISITOR_EVENTS, visitorCookies } from "./visitor.server";

const cookies = visitorCookies("a-test-secret-that-is-long-enough-000000");

function requestWith(cookie: string | null) {
  return new Request("http://localhost/", cookie ? { headers: { Cookie: cookie } } : {});
}

/** Counts what the visitor module reports (ids made, cookies signed) and every HMAC WebCrypto computes meanwhile. */
function counting() {
  const made = { id: 0, signature: 0 };
  const listener = (message: unknown) => {
    made[(message as { made: "id" | "signature" }).made] += 1;
  };
  subscribe(VISITOR_EVENTS, listener);
  const hmacs = vi.spyOn(crypto.subtle, "sign");
  return {
    made,
    hmacs: () => hmacs.mock.calls.length,
    stop() {
      unsubscribe(VISITOR_EVENTS, listener);
      hmacs.mockRestore();
    },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("visitor cookies", () => {
  it("a new browser gets a signed, HttpOnly, Secure, SameSite=Lax id that identifies it on the next request", async () => {
    const first = await cookies.identify(requestWith(null));
    expect(first.known).toBe(false);
    const setCookie = await first.cookie();
    expect(setCookie).toMatch(/^uniqueUserId=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const pair = setCookie?.split(";")[0] ?? "";
    const second = await cookies.identify(requestWith(pair));
    expect(second).toMatchObject({ visitorId: first.visitorId, known: true, namedNow: false });
    expect(await second.cookie()).toBeNull();
  });

  it("identifying a browser without a cookie makes one id and signs nothing; the cookie is signed once, when asked for", async () => {
    const count = counting();
    try {
      const visitor = await cookies.identify(requestWith(null));
      expect(count.made).toEqual({ id: 1, signature: 0 });
      expect(count.hmacs()).toBe(0);
      const [a, b] = await Promise.all([visitor.cookie(), visitor.cookie()]);
      const headers = new Headers();
      await sendVisitorCookie(visitor, headers);
      expect(a).toBe(b);
      expect(headers.getSetCookie()).toEqual([a]);
      expect(count.made).toEqual({ id: 1, signature: 1 });
      expect(count.hmacs()).toBe(1);
    } finally {
      count.stop();
    }
  });

  it("a known visitor costs no id and no signature, and a response for it adds no cookie", async () => {
    const minted = cookies.newVisitorIdentity();
    const pair = (await minted.cookie())?.split(";")[0] ?? "";
    const count = counting();
    try {
      const visitor = await cookies.identify(requestWith(pair));
      const headers = new Headers();
      await sendVisitorCookie(visitor, headers);
      expect(visitor).toMatchObject({ visitorId: minted.visitorId, known: true });
      expect(headers.getSetCookie()).toEqual([]);
      expect(count.made).toEqual({ id: 0, signature: 0 });
      expect(count.hmacs()).toBe(0);
    } finally {
      count.stop();
    }
  });

  it("browsers sent no cookie leave nothing in the memory of verified cookies: a real visitor's stays verified", async () => {
    const fresh = visitorCookies("a-third-test-secret-that-is-long-enough-2");
    const pair = (await fresh.newVisitorIdentity().cookie())?.split(";")[0] ?? "";
    // More cookieless requests (bots, feeds, health checks) than the memory holds: none of their ids was ever sent.
    for (let i = 0; i < 10_001; i++) await fresh.identify(requestWith(null));
    const verifications = vi.spyOn(crypto.subtle, "verify");
    expect((await fresh.identify(requestWith(pair))).known).toBe(true);
    expect(verifications).not.toHaveBeenCalled();
  });

  it("a forged or tampered id cookie is never trusted: the visitor gets a fresh id", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), async (value) => {
        const result = await cookies.identify(requestWith(`uniqueUserId=${encodeURIComponent(value)}`));
        expect(result.known).toBe(false);
        expect(await result.cookie()).not.toBeNull();
      }),
      { numRuns: 200 },
    );
  });

  it("a signed id verified once is trusted again, and nothing else in the same header ever is", async () => {
    const fresh = visitorCookies("another-test-secret-that-is-long-enough-1");
    const minted = await fresh.identify(requestWith(null));
    const pair = (await minted.cookie())?.split(";")[0] ?? "";
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1 }), async (value) => {
        const forged = `uniqueUserId=${encodeURIComponent(value)}`;
        fc.pre(forged !== pair);
        // A forged value before or after the genuine one: the first is the one read, and it is never filed under the
        // genuine one's id.
        const forgedFirst = await fresh.identify(requestWith(`${forged}; ${pair}`));
        expect(forgedFirst.known).toBe(false);
        expect(await fresh.identify(requestWith(`${pair}; ${forged}`))).toMatchObject({
          visitorId: minted.visitorId,
          known: true,
        });
        expect((await fresh.identify(requestWith(forged))).known).toBe(false);
      }),
      { numRuns: 200 },
    );
    // Another server's secret never verifies this one's remembered values.
    expect((await cookies.identify(requestWith(pair))).known).toBe(false);
  });

  it("only a configured store is remembered, for 30 days", async () => {
    const header = await cookies.rememberStore("north-county");
    expect(header).toMatch(/Max-Age=2592000/);
    const pair = header.split(";")[0] ?? "";
    expect(await cookies.selectedStore(requestWith(pair), ["north-county", "st-charles"])).toBe("north-county");
    expect(await cookies.selectedStore(requestWith(pair), ["st-charles"])).toBeNull();
  });
});
