import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { visitorCookies } from "./visitor.server";

const cookies = visitorCookies("a-test-secret-that-is-long-enough-000000");

function requestWith(cookie: string | null) {
  return new Request("http://localhost/", cookie ? { headers: { Cookie: cookie } } : {});
}

describe("visitor cookies", () => {
  it("a new browser gets a signed, HttpOnly, Secure, SameSite=Lax id that identifies it on the next request", async () => {
    const first = await cookies.identify(requestWith(null));
    expect(first.setCookie).toMatch(/^uniqueUserId=/);
    expect(first.setCookie).toMatch(/HttpOnly/);
    expect(first.setCookie).toMatch(/Secure/);
    expect(first.setCookie).toMatch(/SameSite=Lax/);
    const pair = first.setCookie?.split(";")[0] ?? "";
    const second = await cookies.identify(requestWith(pair));
    expect(second).toEqual({ visitorId: first.visitorId, setCookie: null });
  });

  it("a forged or tampered id cookie is never trusted: the visitor gets a fresh id", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), async (value) => {
        const result = await cookies.identify(requestWith(`uniqueUserId=${encodeURIComponent(value)}`));
        expect(result.setCookie).not.toBeNull();
      }),
      { numRuns: 200 },
    );
  });

  it("a signed id verified once is trusted again, and nothing else in the same header ever is", async () => {
    const fresh = visitorCookies("another-test-secret-that-is-long-enough-1");
    const minted = await fresh.identify(requestWith(null));
    const pair = minted.setCookie?.split(";")[0] ?? "";
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1 }), async (value) => {
        const forged = `uniqueUserId=${encodeURIComponent(value)}`;
        fc.pre(forged !== pair);
        // A forged value before or after the genuine one: the first is the one read, and it is never filed under the
        // genuine one's id.
        const forgedFirst = await fresh.identify(requestWith(`${forged}; ${pair}`));
        expect(forgedFirst.setCookie).not.toBeNull();
        expect(await fresh.identify(requestWith(`${pair}; ${forged}`))).toEqual({
          visitorId: minted.visitorId,
          setCookie: null,
        });
        expect((await fresh.identify(requestWith(forged))).setCookie).not.toBeNull();
      }),
      { numRuns: 200 },
    );
    // Another server's secret never verifies this one's remembered values.
    expect((await cookies.identify(requestWith(pair))).setCookie).not.toBeNull();
  });

  it("only a configured store is remembered, for 30 days", async () => {
    const header = await cookies.rememberStore("north-county");
    expect(header).toMatch(/Max-Age=2592000/);
    const pair = header.split(";")[0] ?? "";
    expect(await cookies.selectedStore(requestWith(pair), ["north-county", "st-charles"])).toBe("north-county");
    expect(await cookies.selectedStore(requestWith(pair), ["st-charles"])).toBeNull();
  });
});
