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

  it("only a configured store is remembered, for 30 days", async () => {
    const header = await cookies.rememberStore("north-county");
    expect(header).toMatch(/Max-Age=2592000/);
    const pair = header.split(";")[0] ?? "";
    expect(await cookies.selectedStore(requestWith(pair), ["north-county", "st-charles"])).toBe("north-county");
    expect(await cookies.selectedStore(requestWith(pair), ["st-charles"])).toBeNull();
  });
});
